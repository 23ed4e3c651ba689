"""Real uvicorn on 127.0.0.1 in a subprocess: the --json line, /state, an entry, the SSE event it causes,
and SIGINT with a stream open: exit 0, no traceback. Every wait has a timeout guard (no timed assertions)."""

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

SERVER = """
import sys
from referee import session
from referee.store import Store
from referee.serve.run import serve
store = Store(sys.argv[1])
raise SystemExit(serve(store, session.open_game(store, sys.argv[2]), host="127.0.0.1", port=0, json_out=True))
"""


def _lines(stream, into):
    for line in iter(stream.readline, ""):
        into.put(line)


@pytest.mark.posix_only(reason="SIGINT sent to a child (Windows sends CTRL_C_EVENT)")
def test_real_server_json_line_state_entry_event_and_sigint(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(store.path), tracked.id], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, REFEREE_LANG="en"))
    try:
        out: queue.Queue = queue.Queue()
        threading.Thread(target=_lines, args=(proc.stdout, out), daemon=True).start()
        links = json.loads(out.get(timeout=60))
        assert set(links) == {"url", "seats", "watch"} and set(links["seats"]) == {"Ann", "Bob", "Cal"}
        seat = links["seats"]["Ann"]
        assert seat.startswith("http://127.0.0.1:")
        with httpx.Client(timeout=30) as client:
            body = client.get(seat + "/state").json()
            owner = next(p for p, url in links["seats"].items() if client.get(url + "/state").json()["legal"])
            events: queue.Queue = queue.Queue()

            def listen():
                with httpx.Client(timeout=None) as sse, sse.stream("GET", links["watch"] + "/events") as r:
                    for line in r.iter_lines():
                        if line.startswith("data: "):
                            events.put(json.loads(line[6:]))

            threading.Thread(target=listen, daemon=True).start()
            assert events.get(timeout=30)["v"] == body["v"]
            mine = client.get(links["seats"][owner] + "/state").json()
            r = client.post(links["seats"][owner] + "/entry",
                            json={"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "e1"})
            assert r.status_code == 200, r.text
            assert events.get(timeout=30)["v"] == r.json()["v"]
        assert store.read_live(tracked.id)["moves"] == [mine["legal"][0]["text"]]
        proc.send_signal(signal.SIGINT)          # the SSE stream is still open
        code = proc.wait(timeout=30)
        assert code == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
