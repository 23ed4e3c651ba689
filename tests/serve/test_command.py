"""`referee serve` on the command line (contracts §6): the --json line once listening, SIGINT exits 0 with
no traceback, and no game in progress is one sentence with exit 2."""

import json
import os
import queue
import signal
import subprocess
import sys
import threading

import httpx
import pytest

from referee import session
from referee.store import Store


def referee(*args, env=None, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "referee", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, REFEREE_LANG="en", **(env or {})),
                            **kwargs)


@pytest.mark.posix_only(reason="SIGINT sent to a child (Windows sends CTRL_C_EVENT)")
def test_serve_json_line_then_ctrl_c(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "puerto-rico", ["Ann", "Bob", "Cal"])
    proc = referee("--db", str(store.path), "serve", tracked.id, "--host", "127.0.0.1", "--port", "0", "--json")
    try:
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in iter(proc.stdout.readline, "")], daemon=True).start()
        links = json.loads(lines.get(timeout=60))
        assert set(links["seats"]) == {"Ann", "Bob", "Cal"} and links["url"].startswith("http://127.0.0.1:")
        state = httpx.get(links["watch"] + "/state", timeout=30).json()
        assert state["secret"] is None and state["finished"] is False
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_without_a_game_is_one_sentence(tmp_path):
    proc = referee("--db", str(tmp_path / "history.json"), "serve", "--no-qr")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "No game is in progress" in err and err.count("\n") == 1


def _listen(url, into):
    try:
        with httpx.Client(timeout=None) as sse, sse.stream("GET", url) as r:
            for line in r.iter_lines():
                into.put(line)
    except Exception:         # the server went away: the stream ends
        pass


@pytest.mark.posix_only(reason="SIGINT sent to a child (Windows sends CTRL_C_EVENT)")
def test_second_ctrl_c_while_stopping_exits_0_without_a_traceback(tmp_path):
    """Issue 23: Ctrl-C twice (an impatient person) with streams open: exit 0, no uvicorn traceback."""
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "puerto-rico", ["Ann", "Bob", "Cal"])
    proc = referee("--db", str(store.path), "serve", tracked.id, "--host", "127.0.0.1", "--port", "0", "--json")
    try:
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in iter(proc.stdout.readline, "")], daemon=True).start()
        links = json.loads(lines.get(timeout=60))
        events: queue.Queue = queue.Queue()
        for url in (links["watch"], *links["seats"].values()):
            threading.Thread(target=_listen, args=(url + "/events", events), daemon=True).start()
        for _ in range(4):                      # every stream has its first state: they are open
            while not events.get(timeout=30).startswith("data: "):
                pass
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        out, err = proc.stdout.read(), proc.stderr.read()
        assert "Traceback" not in out + err and "KeyboardInterrupt" not in out + err
        assert "CancelledError" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.posix_only(reason="SIGINT sent to a child (Windows sends CTRL_C_EVENT)")
def test_json_keeps_stdout_to_one_line_while_phones_join(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob"])
    proc = referee("--db", str(store.path), "serve", tracked.id, "--host", "127.0.0.1", "--port", "0", "--json",
                   stdin=subprocess.PIPE)
    try:
        links = json.loads(proc.stdout.readline())
        r = httpx.post(links["url"] + "/take", json={"seat": "Ann"}, timeout=30)
        assert r.status_code == 200
        assert httpx.post(links["url"] + "/take", json={"seat": "Ann"}, timeout=30).status_code == 202
        proc.stdin.write("allow\n")             # not a terminal: no commands are read, nothing is said
        proc.stdin.flush()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        assert proc.stdout.read() == ""
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


class Terminal:
    """`referee serve` with a pty for stdin and stdout (a person at the laptop): ``wait_for`` reads until a
    text shows (a timeout guard, not a timed assertion)."""

    def __init__(self, args, lang):
        pty = pytest.importorskip("pty", reason="the console's commands need a terminal (a POSIX pty here)")
        master, slave = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "referee", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=dict(os.environ, REFEREE_LANG=lang), close_fds=True)
        os.close(slave)
        self.fd, self.seen = master, ""

    def wait_for(self, text, timeout=30.0):
        import select
        import time

        end = time.monotonic() + timeout
        while text not in self.seen and time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536).decode("utf-8", "replace").replace("\r\n", "\n")
                except OSError:
                    break
        assert text in self.seen, self.seen[-2000:]
        return self.seen

    def type(self, line):
        os.write(self.fd, (line + "\n").encode("utf-8"))

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)


WORDS = {
    "en": {"joined": "A phone took Ann's seat.", "asks": "type allow 1 or deny 1", "allow": "allow 1",
           "granted": "Ann's seat went to the phone that asked", "release": "release bo",
           "released": "Bob's seat is free", "help": "Commands: seats", "seats": "seats",
           "listed": "Seats: Ann (held), Bob (free)", "unknown": "'xyzzy' is not a command here"},
    "cs": {"joined": "Telefon si vzal místo hráče Ann.", "asks": "napište povol 1 nebo odmítni 1",
           "allow": "povol 1", "granted": "Místo hráče Ann dostal telefon, který žádal",
           "release": "uvolni bo", "released": "Místo hráče Bob je volné", "help": "Příkazy: místa",
           "seats": "místa", "listed": "Místa: Ann (drženo), Bob (volné)", "unknown": "'xyzzy' tu není příkaz"},
}


@pytest.mark.posix_only(reason="a pseudo-terminal and SIGINT (POSIX)")
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_laptop_console_says_who_joins_and_answers_typed_commands(tmp_path, lang):
    from referee.serve.seats import seats_path

    words = WORDS[lang]
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob"])
    term = Terminal(["--db", str(store.path), "serve", tracked.id, "--host", "127.0.0.1", "--port", "0",
                     "--no-qr"], lang)
    try:
        shown = term.wait_for(words["help"])
        join = next(w for w in shown.split() if "/j/" in w)
        assert join.startswith("http://127.0.0.1:")
        first = httpx.post(join + "/take", json={"seat": "Ann"}, timeout=30).json()["url"]
        term.wait_for(words["joined"])
        ask = httpx.post(join + "/take", json={"seat": "Ann"}, timeout=30).json()["ask"]
        term.wait_for(words["asks"])
        assert httpx.get(f"{join}/ask/{ask}", timeout=30).status_code == 202
        term.type(words["allow"])
        term.wait_for(words["granted"])
        granted = httpx.get(f"{join}/ask/{ask}", timeout=30)
        assert granted.status_code == 200 and granted.json()["url"] != first
        assert httpx.get(first + "/state", timeout=30).status_code == 410
        bob = json.loads(seats_path(store, tracked.id).read_text())["seats"]["Bob"]
        term.type(words["release"])
        term.wait_for(words["released"])
        assert httpx.get(f"{join.split('/j/')[0]}/s/{bob}/state", timeout=30).status_code == 410
        term.type(words["seats"])
        term.wait_for(words["listed"])
        term.type("xyzzy")
        term.wait_for(words["unknown"])
        term.proc.send_signal(signal.SIGINT)
        assert term.proc.wait(timeout=30) == 0
        assert "Traceback" not in term.seen
    finally:
        term.close()


@pytest.mark.parametrize("lang, words", [("en", "--serve needs the full-screen table in a terminal"),
                                         ("cs", "--serve potřebuje celoobrazovkový stůl v terminálu")])
def test_play_serve_with_piped_moves_is_one_sentence(tmp_path, lang, words):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob"])
    proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(store.path), "play", tracked.id,
                             "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, REFEREE_LANG=lang))
    out, err = proc.communicate("flip\n", timeout=60)
    assert proc.returncode == 2 and words in err and err.count("\n") == 1 and "Traceback" not in err
    assert store.read_live(tracked.id)["moves"] == []          # nothing was entered
