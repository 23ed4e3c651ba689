"""Issue 22, item 2: the prompt is always on the last row. An input line that reached the 80th column used to
leave the prompt off screen for the rest of the session (the input window kept its horizontal scroll and the
prompt was drawn as part of the input). Lines of 1 to 400 characters are typed, refused, cleared; after each
step the prompt (whose turn it is) starts row 24."""

import os
import select
import struct
import subprocess
import sys
import time

import pyte
import pytest

from referee import session
from referee.store import Store

from .screen import Driver

LENGTHS = [1, 2, 19, 40, 59, 60, 61, 77, 78, 79, 80, 81, 82, 100, 140, 158, 159, 160, 161, 200, 239, 240, 241,
           320, 399, 400]


def _prompt(rows, who="Ann"):
    return rows[23].startswith(f"{who}>") or rows[23].startswith(f"{who} [")


def test_the_prompt_survives_lines_of_any_length(db):
    store = Store(db)
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    d = Driver(store, tracked)
    seen = []

    async def script(d):
        assert _prompt(d.rows), d.rows[23]
        for n in LENGTHS:
            await d.keys("x" * n)
            rows = d.rows
            seen.append((n, "typed", rows[23]))
            assert _prompt(rows), (n, rows[23])
            assert rows[23].rstrip().endswith("x"), (n, rows[23])      # the end of what is typed is in view
            await d.keys("\r")                                             # refused: kept in the line
            assert _prompt(d.rows), (n, "refused", d.rows[23])
            await d.keys("\x15")                                           # Ctrl-U clears it
            assert _prompt(d.rows), (n, "cleared", d.rows[23])
            assert "x" not in d.rows[23]
        # the repro of the issue: 78 x, Ctrl-U, a move; the next prompt is drawn
        await d.keys("x" * 78)
        await d.keys("\x15")
        await d.keys("sailor 3 1\r")
        assert len(tracked.game.moves) == 2
        assert _prompt(d.rows), d.rows[23]
        await d.keys("y" * 90 + "\x01")                                    # Home: the prompt and the line's start
        assert _prompt(d.rows) and "yyy" in d.rows[23], d.rows[23]

    d.run(script)
    assert len(seen) == len(LENGTHS)


# --- the same through a real terminal: `python -m referee play` in a pty of 80x24, read by pyte ---------------

@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.posix_only(reason="drives referee through a pseudo-terminal (pty), which Windows lacks")
def test_the_prompt_survives_long_lines_in_a_real_terminal(db):
    fcntl = pytest.importorskip("fcntl")
    pty = pytest.importorskip("pty")
    termios = pytest.importorskip("termios")
    store = Store(db)
    t = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm", REFEREE_DB=str(db), COLUMNS="80", LINES="24", REFEREE_LANG="en")
    proc = subprocess.Popen([sys.executable, "-m", "referee", "play", t.id], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)

    def read(until, timeout=20.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                stream.feed(data.decode("utf-8", "replace"))
            rows = [r.rstrip() for r in screen.display]
            if until(rows):
                return rows
        return [r.rstrip() for r in screen.display]

    try:
        rows = read(lambda r: _prompt(r))
        assert _prompt(rows), rows
        for n in (1, 78, 79, 80, 81, 160, 400):
            os.write(master, b"x" * n)
            rows = read(lambda r: _prompt(r) and r[23].endswith("x"))
            assert _prompt(rows) and rows[23].endswith("x"), (n, rows[23])
            os.write(master, b"\r")
            rows = read(lambda r: _prompt(r) and "✗" in "\n".join(r[19:23]))
            assert _prompt(rows), (n, rows[23])
            os.write(master, b"\x15")
            rows = read(lambda r: _prompt(r) and "x" not in r[23])
            assert _prompt(rows) and "x" not in rows[23], (n, rows[23])
        os.write(master, b"sailor 3 1\r")
        rows = read(lambda r: "sailor-3-1" in "\n".join(r[18:23]) and _prompt(r))
        assert _prompt(rows), rows[23]
        os.write(master, b"\x04")
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0
    assert store.read_live(t.id)["moves"][:2] == ["flip", "sailor-3-1"]
