"""Issue 23 items 4, 6, 7 on the server: undo from the seat that made the last move, stale entries (409, never
applied elsewhere), entry ids answered once (also after a restart and a crash between the move and its
answer), streams and their limits, names with markup, tokens never logged, a whole game from phones archived
with its time."""

import asyncio
import json
import logging
import random
import subprocess
import sys

import httpx
import pytest

from referee import session
from referee.serve import app as app_module
from referee.serve import entries as entries_module
from referee.serve.access import last_mover, may_enter, chance_owner
from referee.serve.app import build_app
from referee.serve.seats import load_or_create
from referee.store import Store

HOSTS = ("testserver", "127.0.0.1", "localhost")


def _state(client, token, **kw):
    r = client.get(f"/s/{token}/state", **kw)
    assert r.status_code == 200, r.text
    return r.json()


def _disk(store, tracked):
    doc = store.read_live(tracked.id)
    return doc["moves"] if doc is not None else None


def _owner(client, seats):
    return next(p for p, t in seats.seats.items() if _state(client, t)["legal"])


def _app(store, tracked, **kw):
    seats = load_or_create(store, tracked.id, tracked.game.players)
    return build_app(store, session.open_game(store, tracked.id), seats, hosts=HOSTS, **kw), seats


# --- undo ------------------------------------------------------------------------------------------------

def test_undo_by_the_last_mover_only_and_once_per_entry_id(served):
    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    assert mine["undo"] is False                   # nothing to take back yet
    text = mine["legal"][0]["text"]
    r = client.post(f"/s/{seats.seats[owner]}/entry", json={"text": text, "v": mine["v"], "entry_id": "m1"})
    assert r.status_code == 200
    v = r.json()["v"]
    assert _state(client, seats.seats[owner])["undo"] is True
    others = [p for p in seats.seats if p != owner]
    for token in [seats.seats[p] for p in others] + [seats.watch]:
        assert _state(client, token)["undo"] is False
        refused = client.post(f"/s/{token}/undo", json={"v": v, "entry_id": "u"})
        assert refused.status_code == 403 and refused.json()["error"].endswith(".")
    stale = client.post(f"/s/{seats.seats[owner]}/undo", json={"v": mine["v"], "entry_id": "u0"})
    assert stale.status_code == 409 and stale.json()["v"] == v
    assert _disk(store, tracked) == [text]
    first = client.post(f"/s/{seats.seats[owner]}/undo", json={"v": v, "entry_id": "u1"})
    assert first.status_code == 200
    assert {k: first.json()[k] for k in ("v", "undone")} == {"v": mine["v"], "undone": [text]}
    assert first.json()["state"] == _state(client, seats.seats[owner])
    again = client.post(f"/s/{seats.seats[owner]}/undo", json={"v": v, "entry_id": "u1"})
    assert again.status_code == 200 and again.json() == first.json()
    assert _disk(store, tracked) == []
    # the laptop's own undo (session.undo) is not limited: it goes through the Python API directly


def test_undo_refusals_speak_both_languages(served):
    client, store, tracked, seats = served()
    v = _state(client, seats.watch)["v"]
    said = {}
    for lang in ("en", "cs"):
        r = client.post(f"/s/{seats.watch}/undo", json={"v": v, "entry_id": lang}, headers={"Accept-Language": lang})
        assert r.status_code == 403
        said[lang] = r.json()["error"]
    assert said["en"].startswith("A watcher cannot take moves back") and said["cs"] != said["en"]


@pytest.mark.parametrize("title", ["port-royal", "carcassonne", "puerto-rico", "el-capitan"])
def test_a_chance_move_belongs_to_the_player_who_enters_it(title):
    """last_mover (read from the position after a chance move) is chance_owner at the position before it:
    the player who flipped, drew or turned up may take it back, and nobody else."""
    import referee

    players = ["Ann", "Bob", "Cal"]
    rng = random.Random(7)
    game = referee.new_game(title, players)
    checked = 0
    for _ in range(300):
        if game.finished:
            break
        moves = game.legal_moves()
        move = rng.choice(moves)
        owner = chance_owner(game) if (move.chance or move.player is None) else move.player
        assert may_enter(move, owner, chance_owner(game)) or not (move.chance or move.player is None)
        game.play(move.text)
        assert last_mover(game) == owner, (title, len(game.moves), move.text)
        checked += move.chance or move.player is None
    assert checked or title == "el-capitan"


# --- stale entries and repeated entry ids ---------------------------------------------------------------

def _post_together(app, posts):
    async def go():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return await asyncio.gather(*(client.post(url, json=body) for url, body in posts))
    return asyncio.run(go())


def test_two_phones_at_once_from_the_same_version_one_200_one_409(served):
    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    text = mine["legal"][0]["text"]
    url = f"/s/{seats.seats[owner]}/entry"
    answers = _post_together(client.app, [(url, {"text": text, "v": mine["v"], "entry_id": "phone-1"}),
                                          (url, {"text": text, "v": mine["v"], "entry_id": "phone-2"})])
    assert sorted(a.status_code for a in answers) == [200, 409]
    stale = next(a for a in answers if a.status_code == 409)
    assert stale.json()["v"] == next(a for a in answers if a.status_code == 200).json()["v"]
    assert _disk(store, tracked) == [text]


def test_a_double_tap_applies_one_move(served):
    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    body = {"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "tap"}
    url = f"/s/{seats.seats[owner]}/entry"
    answers = _post_together(client.app, [(url, body), (url, body), (url, body)])
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({a.text for a in answers}) == 1
    assert _disk(store, tracked) == [body["text"]]


def test_an_entry_id_is_answered_the_same_after_a_restart(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    from starlette.testclient import TestClient

    app, seats = _app(store, tracked)
    with TestClient(app) as client:
        owner = _owner(client, seats)
        mine = _state(client, seats.seats[owner])
        body = {"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "before-restart"}
        first = client.post(f"/s/{seats.seats[owner]}/entry", json=body)
        assert first.status_code == 200
    again_app, _ = _app(store, tracked)          # `referee serve ID` again: a new process, the same files
    with TestClient(again_app) as client:
        again = client.post(f"/s/{seats.seats[owner]}/entry", json=body)
        assert again.status_code == 200 and again.json() == first.json()
    assert _disk(store, tracked) == [body["text"]]
    assert b"before-restart" not in entries_module.Answers(again_app.state.hub.answers.path).path.read_bytes()


class Crash(Exception):
    """The process dies here (kill -9): nothing after it runs (the serve code catches no such error)."""


@pytest.mark.parametrize("where", ["before the move is stored", "after the move, before its answer"])
def test_a_crash_around_an_entry_never_applies_it_twice(tmp_path, monkeypatch, where):
    from starlette.testclient import TestClient

    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    app, seats = _app(store, tracked)
    client = TestClient(app)
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    body = {"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "crash"}
    with monkeypatch.context() as m:
        if where.startswith("before"):
            def enter(*a, **k):
                raise Crash()
            m.setattr(app_module.session, "enter", enter)
        else:
            def done(self, *a, **k):
                raise Crash()
            m.setattr(entries_module.Answers, "done", done)
        with pytest.raises(Crash):
            client.post(f"/s/{seats.seats[owner]}/entry", json=body)
    stored = _disk(store, tracked)
    assert stored == ([] if where.startswith("before") else [body["text"]])
    with TestClient(_app(store, tracked)[0]) as again:       # restarted; the phone sends it again
        r = again.post(f"/s/{seats.seats[owner]}/entry", json=body)
        assert r.status_code == 200, r.text
        assert r.json()["moves"] == [body["text"]]
        assert again.post(f"/s/{seats.seats[owner]}/entry", json=body).json() == r.json()
    assert _disk(store, tracked) == [body["text"]]


def test_a_crash_around_an_undo_never_takes_back_twice(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    app, seats = _app(store, tracked)
    client = TestClient(app)
    for n in range(2):
        owner = _owner(client, seats)
        mine = _state(client, seats.seats[owner])
        assert client.post(f"/s/{seats.seats[owner]}/entry",
                           json={"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": f"m{n}"}).status_code == 200
    moves = _disk(store, tracked)
    mover = next(p for p, t in seats.seats.items() if _state(client, t)["undo"])
    body = {"v": _state(client, seats.watch)["v"], "entry_id": "undo-crash"}

    def done(self, *a, **k):
        raise Crash()
    with monkeypatch.context() as m:
        m.setattr(entries_module.Answers, "done", done)
        with pytest.raises(Crash):
            client.post(f"/s/{seats.seats[mover]}/undo", json=body)
    assert _disk(store, tracked) == moves[:-1]
    with TestClient(_app(store, tracked)[0]) as again:
        r = again.post(f"/s/{seats.seats[mover]}/undo", json=body)
        assert r.status_code == 200 and r.json()["undone"] == [moves[-1]]
    assert _disk(store, tracked) == moves[:-1]


# --- streams ---------------------------------------------------------------------------------------------

def test_six_seats_and_four_watchers_each_reconnecting_fit(tmp_path):
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    app, seats = _app(store, tracked)
    hub = app.state.hub
    six = [f"seat-token-{n}" for n in range(6)]      # no title seats six: the limits are per token and in all

    async def go():
        opened = []
        for token in six + [seats.watch] * 4:
            for _ in range(2):                       # the dead connection and the reconnected one
                opened.append(hub.listen(token, token == seats.watch))
        assert None not in opened and len(hub.listeners) == 20
        # a seat's fourth stream closes its oldest instead of being refused
        extra = [hub.listen(six[0], False) for _ in range(2)]
        assert None not in extra and opened[0].get_nowait() == "close"
        assert sum(1 for t in hub.listeners.values() if t == six[0]) == app_module.STREAMS_PER_TOKEN
    asyncio.run(go())


# --- text is text, bad requests, logs --------------------------------------------------------------------

def test_names_with_markup_are_text_in_every_answer(served):
    client, store, tracked, seats = served(players=("<script>alert(1)</script>", "<b>Bob</b>", "Cal"))
    for token in [*seats.seats.values(), seats.watch]:
        page = client.get(f"/s/{token}")
        assert page.status_code == 200 and "<script>alert" not in page.text and "<b>Bob" not in page.text
        r = client.get(f"/s/{token}/state")
        assert r.headers["content-type"].startswith("application/json")
        assert r.headers["x-content-type-options"] == "nosniff"
    owner = _owner(client, seats)
    other = next(t for p, t in seats.seats.items() if p != owner)
    mine = _state(client, seats.seats[owner])
    r = client.post(f"/s/{other}/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "x"})
    assert r.status_code == 403 and r.headers["content-type"].startswith("application/json")


def test_hostile_undo_and_entry_bodies_change_nothing_and_the_server_keeps_serving(served):
    client, store, tracked, seats = served()
    token = seats.seats["Ann"]
    v = _state(client, token)["v"]
    for route in ("entry", "undo"):
        for kw in ({"content": b"[" * 1500 + b"]" * 500}, {"json": {"v": 3}}, {"json": {"v": v, "entry_id": 5}},
                   {"json": {"v": v, "entry_id": "e" * 101}}, {"content": b"null"},
                   {"content": b"x" * 5000}, {"json": {"v": v}, "headers": {"Origin": "https://evil.example"}}):
            r = client.post(f"/s/{token}/{route}", **kw)
            assert r.status_code in (403, 413, 422), (route, kw, r.text)
            assert isinstance(r.json()["error"], str) and r.json()["error"].endswith(".")
        assert client.post(f"/s/unknown-token/{route}", json={"v": v}).status_code == 404
    assert _disk(store, tracked) == []
    assert _state(client, seats.seats["Bob"])["v"] == v


def test_tokens_are_never_logged(served, caplog):
    caplog.set_level(logging.DEBUG)
    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    for token in [*seats.seats.values(), seats.watch]:
        client.get(f"/s/{token}")
        client.post(f"/s/{token}/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "a"})
        client.post(f"/s/{token}/entry", content=b"{broken")
        client.post(f"/s/{token}/undo", json={"v": "stale", "entry_id": "b"})
        client.get(f"/s/{token}/state", headers={"Host": "evil.example"})
        with client.stream("GET", f"/s/{token}/events?once=1") as r:
            "".join(r.iter_text())
    # the server's logs: everything but the test's own HTTP client (httpx logs the URLs it requests)
    logged = "\n".join(f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records
                        if not r.name.startswith(("httpx", "httpcore")))
    for token in [*seats.seats.values(), seats.watch, seats.join]:
        assert token not in logged


# --- a whole game from phones ----------------------------------------------------------------------------

def test_a_whole_game_from_phones_is_archived_with_its_time(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from referee.serve.access import legal_for
    from referee.serve import clock as clock_module

    ticks = iter(range(0, 10**7, 20))                # every seat request: 20 s of play later
    monkeypatch.setattr(app_module, "Clock", lambda: clock_module.Clock(now=lambda: next(ticks)))
    monkeypatch.setattr(app_module, "RATE", 10**6)
    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "carcassonne", ["Ann", "Bob"])
    app, seats = _app(store, tracked)
    rng = random.Random(3)
    with TestClient(app) as client:
        game = app.state.hub.tracked.game
        for n in range(2000):
            if game.finished:
                break
            who = next(p for p in game.players if legal_for(game, p))
            move = rng.choice(legal_for(game, who))
            r = client.post(f"/s/{seats.seats[who]}/entry",
                            json={"text": move.text, "v": _v(game), "entry_id": f"e{n}"})
            assert r.status_code == 200, r.text
            game = app.state.hub.tracked.game
        final = _state(client, seats.watch)
    assert final["finished"] and store.read_live(tracked.id) is None
    archived = store.get_archived(tracked.id)
    assert archived["duration"] and archived["duration"] > 0
    shown = json.loads(_referee(store, "show", tracked.id, "--json"))
    assert shown["finished"] and shown["moves"] == game.moves and shown["result"] == final["result"]
    history = _referee(store, "history", "--json")
    assert tracked.id in history


def _v(game):
    from referee.serve.payload import version

    return version(game)


def _referee(store, *args):
    out = subprocess.run([sys.executable, "-m", "referee", "--db", str(store.path), *args], capture_output=True,
                         text=True, timeout=120, env={**__import__("os").environ, "REFEREE_LANG": "en"})
    assert out.returncode == 0, out.stderr
    return out.stdout


# --- kill -9 and `referee serve ID` again: phones come back by themselves ---------------------------------

SERVER = """
import sys
from referee import session
from referee.store import Store
from referee.serve.run import serve
store = Store(sys.argv[1])
raise SystemExit(serve(store, session.open_game(store, sys.argv[2]), host="127.0.0.1", port=int(sys.argv[3]),
                       json_out=True))
"""


def _start(store, gid, port):
    import os

    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(store.path), gid, str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, REFEREE_LANG="en"))
    return proc, json.loads(proc.stdout.readline())


def _listen(url, into):
    """What an EventSource does with one connection: the `retry:` field and each event's data."""
    import threading

    def run():
        try:
            with httpx.Client(timeout=httpx.Timeout(60, read=None)) as c, c.stream("GET", url) as r:
                for line in r.iter_lines():
                    if line.startswith("retry:"):
                        into.put(("retry", int(line[6:])))
                    elif line.startswith("data: "):
                        into.put(("state", json.loads(line[6:])))
        except httpx.HTTPError:
            pass
        into.put(("closed", None))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.posix_only(reason="kill -9 and SIGINT sent to a child")
def test_after_kill_9_and_serve_again_phones_reconnect_to_a_full_snapshot(tmp_path):
    import queue
    import signal
    import socket

    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    procs = []
    try:
        proc, links = _start(store, tracked.id, port)
        procs.append(proc)
        with httpx.Client(timeout=30) as client:
            owner = next(p for p, u in links["seats"].items() if client.get(u + "/state").json()["legal"])
            seat = links["seats"][owner]
            events: queue.Queue = queue.Queue()
            _listen(seat + "/events", events)
            assert events.get(timeout=60) == ("retry", 1000)
            first = events.get(timeout=60)[1]
            body = {"text": first["legal"][0]["text"], "v": first["v"], "entry_id": "before-the-crash"}
            answered = client.post(seat + "/entry", json=body)
            assert answered.status_code == 200
            assert events.get(timeout=60)[1]["v"] == answered.json()["v"]
        proc.kill()                                   # kill -9: no shutdown, the stream is cut
        proc.wait(timeout=30)
        assert events.get(timeout=60) == ("closed", None)

        proc, again = _start(store, tracked.id, port)  # `referee serve ID` again
        procs.append(proc)
        assert again == links                          # the same links: the phones' pages need no rescan
        reconnected: queue.Queue = queue.Queue()
        stream = _listen(seat + "/events", reconnected)       # the EventSource's own reconnection
        assert reconnected.get(timeout=60) == ("retry", 1000)
        kind, snapshot = reconnected.get(timeout=60)
        assert kind == "state" and snapshot["v"] == answered.json()["v"]
        assert {"v", "to_move", "finished", "result", "view", "secret", "legal", "events", "undo"} <= set(snapshot)
        assert snapshot["undo"] is True
        with httpx.Client(timeout=30) as client:       # the phone resends the entry it had no answer to
            repeat = client.post(seat + "/entry", json=body)
            assert repeat.status_code == 200 and repeat.json() == answered.json()
        assert store.read_live(tracked.id)["moves"] == [body["text"]]
        # the phone's dead connections pile up (Wi-Fi dropped three times): the newest streams win, the
        # oldest is closed, never a 429 that would stop the EventSource for good
        newer = [queue.Queue() for _ in range(3)]
        for q in newer:
            _listen(seat + "/events", q)
            assert q.get(timeout=60) == ("retry", 1000) and q.get(timeout=60)[0] == "state"
        assert reconnected.get(timeout=60) == ("closed", None)
        stream.join(timeout=30)
        assert not stream.is_alive()
        proc.send_signal(signal.SIGINT)                # with streams open: they end, the server exits
        assert proc.wait(timeout=30) == 0
        assert all(q.get(timeout=30) == ("closed", None) for q in newer)
        logs = "".join(p.stderr.read() for p in procs)
        assert "Traceback" not in logs
        tokens = [u.rsplit("/", 1)[1] for u in [*links["seats"].values(), links["watch"], links["url"]]]
        assert not any(t in logs for t in tokens)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(timeout=30)


def test_a_full_disk_is_a_sentence_nothing_applied_and_the_server_keeps_serving(served, monkeypatch):
    from referee.core.errors import StoreError

    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    mine = _state(client, seats.seats[owner])
    body = {"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "full"}

    def full(*a, **k):
        raise StoreError("No space left on device")
    with monkeypatch.context() as m:
        m.setattr(type(store), "append_moves", full)
        r = client.post(f"/s/{seats.seats[owner]}/entry", json=body)
    assert r.status_code == 503 and "nothing was changed" in r.json()["error"]
    assert _disk(store, tracked) == [] and _state(client, seats.watch)["v"] == mine["v"]
    again = client.post(f"/s/{seats.seats[owner]}/entry", json=body)      # room again: the resend applies once
    assert again.status_code == 200 and _disk(store, tracked) == [body["text"]]


# --- every screen hears of every change -------------------------------------------------------------------

def test_a_200_carries_the_seats_new_state_in_its_language_and_a_resend_gets_todays(served):
    """The page that tapped shows its move from the answer (one request a tap against the seat's rate: a seat
    tapping quickly met the limit when the page fetched /state after each 200)."""
    client, store, tracked, seats = served()
    owner = _owner(client, seats)
    token = seats.seats[owner]
    mine = _state(client, token)
    body = {"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": "tap-1"}
    first = client.post(f"/s/{token}/entry?lang=cs", json=body)
    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer["v"] == answer["state"]["v"]
    assert answer["state"] == _state(client, token, params={"lang": "cs"})
    assert answer["state"]["prompt"] != _state(client, token, params={"lang": "en"})["prompt"]
    # another move later; the same entry id again: its first answer, with the state as it is now
    nxt = _owner(client, seats)
    now = _state(client, seats.seats[nxt])
    assert client.post(f"/s/{seats.seats[nxt]}/entry", json={"text": now["legal"][0]["text"], "v": now["v"],
                                                               "entry_id": "tap-2"}).status_code == 200
    again = client.post(f"/s/{token}/entry?lang=cs", json=body).json()
    assert again["v"] == answer["v"] and again["moves"] == answer["moves"]
    assert again["state"] == _state(client, token, params={"lang": "cs"}) != answer["state"]
    assert len(_disk(store, tracked)) == 2


@pytest.mark.parametrize("noticed_by", ["state", "entry", "stream"])
def test_a_move_made_elsewhere_reaches_every_stream_whoever_notices_it_first(served, noticed_by):
    """A move typed with `referee move` is on the disk; whichever request reads it first (a phone's /state, a
    stale entry, a stream being answered) tells every open stream, not only its own phone. Before, only the
    disk watcher told them, and a stream that had reloaded first left the other phones a version behind."""
    client, store, tracked, seats = served()
    hub = client.app.state.hub
    queues = [hub.listen(t, False) for t in seats.seats.values()]
    elsewhere = session.open_game(store, tracked.id)
    text = elsewhere.game.legal_moves()[0].text
    session.enter(store, elsewhere, text)
    owner = next(iter(seats.seats.values()))
    if noticed_by == "state":
        _state(client, owner)
    elif noticed_by == "entry":       # made at the old version: 409 with the new state
        r = client.post(f"/s/{owner}/entry", json={"text": "x", "v": "0-stale", "entry_id": "e"})
        assert r.status_code == 409 and r.json()["v"] != "0-stale"
    else:
        with client.stream("GET", f"/s/{owner}/events", params={"once": "1"}) as r:
            assert json.loads(next(line for line in r.iter_lines() if line.startswith("data:"))[5:])[
                "v"].startswith("1-")
    assert hub.tracked.game.moves == [text]
    assert all(not q.empty() for q in queues)


@pytest.mark.parametrize("title", ["port-royal", "puerto-rico", "el-capitan", "carcassonne"])
def test_what_just_happened_is_never_empty_after_a_move(title):
    """A move that says nothing of itself (El Capitan's bank, a pass) is named on the page, as the table
    logs it; the phone page's "what just happened" was empty after such a move."""
    import referee
    from referee.serve.board import events

    game = referee.new_game(title, ["Ann", "Bob", "Cal"])
    rng = random.Random(3)
    for _ in range(120):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()).text)
        for lang in ("cs", "en"):
            said = events(game, lang)
            assert said and all(s.strip() for s in said), (title, lang, game.moves[-1])
