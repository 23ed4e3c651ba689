"""`referee play ID --serve` in a real terminal of 80x24 (a pty read through pyte) beside phones (HTTP): the
table shows the join address and its QR code, a phone's move redraws the table, a move typed at the table
is in every phone's /state, the table's `serve` commands answer for the laptop, and Ctrl-D stops it all."""

import json
import os
import re
import select
import struct
import subprocess
import sys
import time

import httpx
import pyte
import pytest

fcntl = pytest.importorskip("fcntl", reason="needs a POSIX pty")
pty = pytest.importorskip("pty", reason="needs a POSIX pty")
termios = pytest.importorskip("termios", reason="needs a POSIX pty")

from referee import session
from referee.serve.seats import seats_path
from referee.store import Store

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.posix_only(reason="drives referee through a pseudo-terminal (pty), which Windows lacks")]

PANE = {"en": "Phones scan this code, or open:", "cs": "Telefony naskenují tento kód, nebo otevřou:"}
ELSEWHERE = {"en": "✓ flip (Ann, entered elsewhere)", "cs": "✓ otočit (Ann, zadáno jinde)"}
SEATS = {"en": "Seats: Ann (held), Bob (free)", "cs": "Místa: Ann (drženo), Bob (volné)"}


class Table:
    def __init__(self, db, gid, lang):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm", REFEREE_DB=str(db), COLUMNS="80", LINES="24", REFEREE_LANG=lang)
        self.proc = subprocess.Popen([sys.executable, "-m", "referee", "play", gid, "--serve"], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.fd = master
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""

    def text(self):
        return "\n".join(self.screen.display)

    def wait(self, until, timeout=30.0):
        """Read the terminal until ``until(screen text)`` holds (a guard against hanging, not a timed check)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if until(self.text()):
                return self.text()
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                self.raw += data
                self.stream.feed(data)
        assert until(self.text()), self.text()
        return self.text()

    def type(self, keys):
        os.write(self.fd, keys.encode("utf-8"))

    def status(self):
        return self.screen.display[0].split("⏱")[0]

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)


def _until_state(url, check, timeout=30.0):
    end = time.monotonic() + timeout
    while True:
        body = httpx.get(url, timeout=30).json()
        if check(body) or time.monotonic() > end:
            return body
        time.sleep(0.25)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_play_serve_phones_and_table_see_each_others_moves(db, lang):
    store = Store(db)
    t = session.create(store, "port-royal", ["Ann", "Bob"])
    table = Table(db, t.id, lang)
    try:
        shown = table.wait(lambda s: PANE[lang] in s and "/j/" in s)
        assert "▀" in shown                                   # the QR code fits 80x24 beside the address
        port = re.search(r"http://[0-9.]+:(\d+)/j", shown.replace("\n", "")).group(1)
        base = f"http://127.0.0.1:{port}"
        tokens = json.loads(seats_path(store, t.id).read_text())
        with httpx.Client(timeout=30) as phone:
            join = phone.post(f"{base}/j/{tokens['join']}/take", json={"seat": "Ann"}).json()["url"]
            seat = f"{base}/s/{join.rsplit('/', 1)[1]}"
            table.wait(lambda s: "1/2" in s.splitlines()[0])    # the status line: one phone holds a seat
            table.type("\x1b")                                   # the pane closes: the board
            before = table.wait(lambda s: PANE[lang] not in s) and table.status()
            mine = phone.get(seat + "/state").json()
            r = phone.post(seat + "/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"],
                                                  "entry_id": "p1"})
            assert r.status_code == 200, r.text
            table.wait(lambda s: table.status() != before)       # the table redrew the new position
            # ... and logs the phone's move as it logs its own, in its language (not "changed in another window")
            assert mine["legal"][0]["text"] == "flip"
            table.wait(lambda s: ELSEWHERE[lang] in s)
            assert "another window" not in table.text()
            chance = phone.get(seat + "/state").json()
            assert chance["legal"], chance                       # Ann enters what her flip turned up
            typed = chance["legal"][0]["text"]
            table.type(typed + "\r")
            body = _until_state(f"{base}/s/{tokens['watch']}/state", lambda b: b["v"] != chance["v"])
            assert body["v"] != chance["v"]
            assert store.read_live(t.id)["moves"][:2] == [mine["legal"][0]["text"], typed]
        table.type("serve seats\r")
        table.wait(lambda s: SEATS[lang] in s.replace("\n", " "))
        table.type("\x04")
        assert table.proc.wait(timeout=30) == 0
        try:
            while True:
                ready, _, _ = select.select([table.fd], [], [], 0.2)
                if not ready:
                    break
                chunk = os.read(table.fd, 65536)
                if not chunk:
                    break
                table.raw += chunk.decode("utf-8", "replace")
        except OSError:
            pass
        assert "Traceback" not in table.raw
        with pytest.raises(httpx.TransportError):
            httpx.get(f"{base}/s/{tokens['watch']}/state", timeout=5)   # the server stopped with the table
    finally:
        table.close()
