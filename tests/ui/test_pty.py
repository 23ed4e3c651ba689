"""One real-terminal smoke test: `python -m referee play` in a pty of 80x24, read through pyte."""

import os
import select
import struct
import subprocess
import sys
import time

import pyte
import pytest

# POSIX only (skipped on Windows, and by posix_only in REFEREE_SIMULATE=windows)
fcntl = pytest.importorskip("fcntl", reason="needs a POSIX pty")
pty = pytest.importorskip("pty", reason="needs a POSIX pty")
termios = pytest.importorskip("termios", reason="needs a POSIX pty")

from referee import session
from referee.store import Store

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.posix_only(reason="drives referee through a pseudo-terminal (pty), which Windows lacks")]


def _read(fd, stream, until, timeout=20.0):
    screen_text = ""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            stream.feed(data.decode("utf-8", "replace"))
        screen_text = "\n".join(stream.listener.display)
        if until(screen_text):
            return screen_text
    return screen_text


def test_referee_play_in_a_real_terminal(db):
    store = Store(db)
    t = session.create(store, "port-royal", ["Ann", "Bob", "Cid"])
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm", REFEREE_DB=str(db), COLUMNS="80", LINES="24")
    proc = subprocess.Popen([sys.executable, "-m", "referee", "play", t.id], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    try:
        shown = _read(master, stream, lambda s: "Port Royal" in s and ">" in s.splitlines()[-1])
        assert shown.splitlines()[0].startswith(f" Port Royal · {t.id}")
        os.write(master, b"flip\r")
        shown = _read(master, stream, lambda s: "flip" in s and "✓" in s, timeout=10)
        os.write(master, b"\x04")
        proc.wait(timeout=20)
        rest = b""
        while True:
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            rest += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0
    assert f"Saved. Resume with `referee play {t.id}`." in rest.decode("utf-8", "replace")
    assert store.read_live(t.id)["moves"][:1] == ["flip"]
