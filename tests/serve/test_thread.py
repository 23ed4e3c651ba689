"""The server beside the table (run.Served in a thread with its own loop, as `play --serve` runs it): a move
made in this process reaches an open stream through poke(), a phone's move calls the table's hook, a seat
the laptop takes back ends its open stream, and stop() ends the thread. Waits have timeout guards only."""

import json
import queue
import threading

import httpx

from referee import session
from referee.serve.run import Served
from referee.store import Store


def _stream(url, into):
    try:
        with httpx.Client(timeout=None) as sse, sse.stream("GET", url) as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    into.put(json.loads(line[6:]))
    except httpx.HTTPError:
        pass
    into.put(None)             # the stream has ended


def test_served_in_a_thread_poke_hook_release_and_stop(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob"])
    served = Served(store, tracked, "127.0.0.1", 0)
    served.start()
    try:
        base = f"http://127.0.0.1:{served.port}"
        moved = threading.Event()
        served.moved.append(moved.set)
        watch: queue.Queue = queue.Queue()
        threading.Thread(target=_stream, args=(f"{base}/s/{served.seats.watch}/events", watch), daemon=True).start()
        first = watch.get(timeout=30)
        # a move at the table: stored by this thread's own session, told to the server by poke()
        table = session.open_game(store, tracked.id)
        session.enter(store, table, table.game.legal_moves()[0].text, typed_at=0)
        served.poke()
        assert watch.get(timeout=30)["v"] != first["v"]
        # a phone's move: the table's hook is called
        ann = f"{base}/s/{served.seats.seats['Ann']}"
        mine = httpx.get(ann + "/state", timeout=30).json()
        r = httpx.post(ann + "/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"]}, timeout=30)
        assert r.status_code == 200, r.text
        assert moved.wait(30)
        # the laptop takes Ann's seat back: her open stream ends, her link answers 410
        own: queue.Queue = queue.Queue()
        threading.Thread(target=_stream, args=(ann + "/events", own), daemon=True).start()
        assert own.get(timeout=30) is not None
        served.lobby.release("Ann")
        while own.get(timeout=30) is not None:
            pass
        assert httpx.get(ann + "/state", timeout=30).status_code == 410
    finally:
        served.stop()
    assert not served.thread.is_alive()
    while watch.get(timeout=30) is not None:       # the watcher's stream ends with the server
        pass
