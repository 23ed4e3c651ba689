"""`referee score GAME` with no FILE on a real (pseudo-)terminal: the guided prompts end in the table."""

import os
import re
import select
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")

pty = pytest.importorskip("pty")
pytestmark = pytest.mark.posix_only(reason="drives referee through a pseudo-terminal (pty), which Windows lacks")


class Terminal:
    def __init__(self, *args, stdout_path=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            if stdout_path:
                os.dup2(os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
            os.environ["PYTHONPATH"] = str(ROOT)
            os.environ["TERM"] = "xterm"
            os.environ["PROMPT_TOOLKIT_NO_CPR"] = "1"     # a bare pty never answers cursor requests
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "referee", *args])
        self.raw = b""
        self.mark = 0           # answers are matched only against output after the last answer

    def text(self, since: int = 0) -> str:
        return ANSI.sub(b"", self.raw[since:]).decode(errors="replace")

    def read_until(self, needle: str, timeout: float = 20.0) -> None:
        """Wait for ``needle`` after the mark; then move the mark just past it."""
        end = time.time() + timeout
        while needle not in self.text(self.mark):
            if time.time() > end:
                raise AssertionError(f"no {needle!r} on the terminal; got:\n{self.text(self.mark)[-800:]}")
            if not self._read(0.1):
                break
        lo, hi = self.mark, len(self.raw)          # the shortest output that shows the needle
        while lo < hi:
            mid = (lo + hi) // 2
            if needle in ANSI.sub(b"", self.raw[self.mark:mid]).decode(errors="replace"):
                hi = mid
            else:
                lo = mid + 1
        self.mark = lo

    def _read(self, wait) -> bool:
        r, _, _ = select.select([self.fd], [], [], wait)
        if r:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            self.raw += data
        return True

    def answer(self, prompt: str, text: str) -> None:
        self.read_until(prompt)
        os.write(self.fd, text.encode() + b"\r")

    def finish(self, timeout: float = 15.0) -> int:
        end = time.time() + timeout
        while time.time() < end:
            self._read(0.1)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while time.time() < end + 5 and self._read(0.05):     # what it printed last
                    pass
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, 9)            # still asking: never leave the test (or the child) hanging
        os.waitpid(self.pid, 0)
        raise AssertionError(f"referee did not finish; the terminal shows:\n{self.text(self.mark)[-800:]}")


def test_guided_port_royal_on_a_terminal():
    t = Terminal("score", "port-royal")
    t.answer("How many players", "2")
    t.answer("Player 1: name", "Ann")
    t.answer("Ann: coins", "x")
    t.read_until("Give a whole number of at least 0, not 'x'.")
    t.answer("Ann: coins", "5")           # asked again after the reason
    t.answer("(cards/totals)", "totals")
    t.answer("Ann: influence points", "12")
    t.answer("Ann: expeditions claimed", "1")
    t.answer("Player 2: name", "Bob")
    t.answer("Bob: coins", "9")
    t.answer("(cards/totals)", "totals")
    t.answer("Bob: influence points", "3")
    t.answer("Bob: expeditions claimed", "0")
    assert t.finish() == 0
    out = t.text()
    assert "Port Royal: final scoring" in out
    assert "Winner: Ann." in out
    assert "Traceback" not in out


def test_guided_json_with_stdout_redirected_keeps_stdout_pure(tmp_path):
    """`referee score GAME --json > out.json` on a terminal: the questions go to the terminal (stderr),
    stdout holds exactly the result's JSON."""
    import json

    import scoring

    out = tmp_path / "out.json"
    t = Terminal("score", "port-royal", "--json", stdout_path=str(out))
    t.answer("How many players", "2")
    t.answer("Player 1: name", "Ann")
    t.answer("Ann: coins", "5")
    t.answer("(cards/totals)", "totals")
    t.answer("Ann: influence points", "12")
    t.answer("Ann: expeditions claimed", "1")
    t.answer("Player 2: name", "Bob")
    t.answer("Bob: coins", "9")
    t.answer("(cards/totals)", "cards")
    t.answer("card ids", "admiral-7-2 sailor-3-1")
    t.answer("(2 so far)", "")
    assert t.finish() == 0
    data = {"game": "port-royal", "variant": "standard",
            "players": [{"name": "Ann", "coins": 5, "influence": 12, "expeditions": 1},
                        {"name": "Bob", "coins": 9, "cards": ["admiral-7-2", "sailor-3-1"]}]}
    assert json.loads(out.read_text()) == scoring.score("port-royal", data).to_dict()


def test_guided_setting_completes_on_a_terminal():
    """A setting's allowed values complete with Tab; short card ids are read and echoed."""
    t = Terminal("score", "port-royal")
    t.answer("How many players", "2")
    t.answer("Player 1: name", "Ann")
    t.answer("Ann: coins", "4")
    t.answer("(cards/totals)", "totals")
    t.answer("Ann: influence points", "10")
    t.answer("Ann: expeditions claimed", "0")
    t.answer("Player 2: name", "Bob")
    t.answer("Bob: coins", "6")
    t.answer("(cards/totals)", "cards")
    t.answer("card ids", "admiral 7 aa")
    t.read_until("Read admiral 7 as admiral-7-2, aa as expedition-aa.")
    t.answer("(2 so far)", "")
    t.read_until("[standard]:")
    # 'dition' alone is no answer (it starts no value nor a segment of one); completion matches it in the
    # middle of expedition-end, and Tab puts that in the answer
    os.write(t.fd, b"dition")
    t.read_until("dition")
    t.read_until("expedition-end")            # the completion menu, once the completions are computed
    os.write(t.fd, b"\t")
    time.sleep(0.5)
    os.write(t.fd, b"\r")
    assert t.finish() == 0
    out = t.text()
    assert "Unknown answer" not in out
    assert "Winner: Bob." in out              # expedition end (rule G7): Ann has no expedition
    assert "Traceback" not in out
