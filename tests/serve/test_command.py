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
