"""contracts §6 through Starlette's TestClient: every answer (200/403/409/422), bad Host, foreign Origin, the
limits; nothing applied on any refusal."""

import json

from referee import session
from referee.serve import app as app_module
from referee.serve.seats import load_or_create


def _state(client, token, **kw):
    r = client.get(f"/s/{token}/state", **kw)
    assert r.status_code == 200, r.text
    return r.json()


def _moves_on_disk(store, tracked):
    return store.read_live(tracked.id)["moves"]


def test_state_has_the_contract_keys_and_only_the_seats_moves(served):
    client, store, tracked, seats = served()
    body = _state(client, seats.seats["Ann"])
    assert {"v", "to_move", "finished", "result", "view", "secret", "legal", "events"} <= set(body)
    assert body["view"] == tracked.game.view()
    watcher = _state(client, seats.watch)
    assert watcher["legal"] == [] and watcher["secret"] is None
    every = [m for t in seats.seats.values() for m in _state(client, t)["legal"]]
    assert sorted(m["text"] for m in every) == sorted(m.text for m in tracked.game.legal_moves())


def test_page_has_a_button_per_move_and_the_headers(served):
    client, store, tracked, seats = served()
    owner = next(p for p, t in seats.seats.items() if _state(client, t)["legal"])
    r = client.get(f"/s/{seats.seats[owner]}", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.8"})
    assert r.status_code == 200
    for m in _state(client, seats.seats[owner])["legal"]:
        assert f'data-move="{m["text"]}"' in r.text
    assert 'lang="cs"' in r.text and "<script>" not in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    assert r.headers["referrer-policy"] == "no-referrer" and r.headers["cache-control"] == "no-store"
    assert "set-cookie" not in r.headers


def test_entry_200_then_the_same_entry_id_applies_nothing_more(served):
    client, store, tracked, seats = served()
    body = _state(client, seats.seats["Ann"])
    owner = next(p for p, t in seats.seats.items() if _state(client, t)["legal"])
    mine = _state(client, seats.seats[owner])
    text = mine["legal"][0]["text"]
    post = {"text": text, "v": mine["v"], "entry_id": "abc"}
    r = client.post(f"/s/{seats.seats[owner]}/entry", json=post)
    assert r.status_code == 200, r.text
    assert r.json()["moves"] == [text] and r.json()["v"] != body["v"]
    again = client.post(f"/s/{seats.seats[owner]}/entry", json=post)
    assert again.status_code == 200 and again.json() == r.json()
    assert _moves_on_disk(store, tracked) == [text]


def test_stale_version_is_409_with_the_state(served):
    client, store, tracked, seats = served()
    owner = next(p for p, t in seats.seats.items() if _state(client, t)["legal"])
    mine = _state(client, seats.seats[owner])
    r = client.post(f"/s/{seats.seats[owner]}/entry", json={"text": mine["legal"][0]["text"], "v": "0-x",
                                                            "entry_id": "1"})
    assert r.status_code == 409 and r.json()["v"] == mine["v"]
    assert _moves_on_disk(store, tracked) == []


def test_another_seats_move_is_403_and_a_watcher_403(served):
    client, store, tracked, seats = served()
    owner = next(p for p, t in seats.seats.items() if _state(client, t)["legal"])
    other = next(p for p in seats.seats if p != owner)
    mine = _state(client, seats.seats[owner])
    for token in (seats.seats[other], seats.watch):
        r = client.post(f"/s/{token}/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"],
                                                   "entry_id": "x"})
        assert r.status_code == 403 and r.json()["error"].endswith(".")
    assert _moves_on_disk(store, tracked) == []


def test_rule_refusal_is_422_in_the_phones_language(served):
    client, store, tracked, seats = served()
    v = _state(client, seats.watch)["v"]
    for lang in ("en", "cs"):
        r = client.post(f"/s/{seats.seats['Ann']}/entry", json={"text": "zzz nonsense", "v": v, "entry_id": lang},
                        headers={"Accept-Language": lang})
        assert r.status_code == 422 and r.json()["error"]
    assert _moves_on_disk(store, tracked) == []


def test_hostile_requests_get_a_sentence_and_change_nothing(served):
    client, store, tracked, seats = served()
    token = seats.seats["Ann"]
    v = _state(client, token)["v"]
    cases = [
        ({"content": b"\xff\xfe not json", "headers": {"Content-Type": "application/json"}}, 422),
        ({"json": ["a list"]}, 422),
        ({"json": {"text": 3, "v": v}}, 422),
        ({"json": {"text": "x" * 201, "v": v, "entry_id": "l"}}, 422),
        ({"content": b"{" + b" " * 3000 + b"}", "headers": {"Content-Type": "application/json"}}, 413),
        ({"json": {"text": "flip", "v": v}, "headers": {"Origin": "http://evil.example"}}, 403),
        ({"json": {"text": "flip", "v": v}, "headers": {"Origin": "null"}}, 403),
    ]
    for kw, status in cases:
        r = client.post(f"/s/{token}/entry", **kw)
        assert r.status_code == status, (kw, r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]
    assert client.post("/s/not-a-token/entry", json={"text": "flip", "v": v}).status_code == 404
    assert client.get("/s/not-a-token/state").status_code == 404
    assert client.get(f"/s/{token}/state", headers={"Host": "evil.example"}).status_code == 421
    assert client.get(f"/s/{token}/state", headers={"Host": "evil.example:8000"}).json()["error"]
    assert _moves_on_disk(store, tracked) == []


def test_rate_limit_per_token(served):
    client, store, tracked, seats = served()
    answers = [client.get(f"/s/{seats.seats['Bob']}/state").status_code for _ in range(app_module.BURST + 5)]
    assert 429 in answers
    assert client.get(f"/s/{seats.seats['Cal']}/state").status_code == 200


def test_events_once_sends_the_state(served):
    client, store, tracked, seats = served()
    with client.stream("GET", f"/s/{seats.seats['Ann']}/events?once=1") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        text = "".join(r.iter_text())
    data = next(line[6:] for line in text.splitlines() if line.startswith("data: "))
    assert "event: state" in text and json.loads(data)["v"] == _state(client, seats.seats["Ann"])["v"]


def test_a_move_from_the_laptop_reaches_the_phone(served):
    client, store, tracked, seats = served()
    v = _state(client, seats.watch)["v"]
    laptop = session.open_game(store, tracked.id)
    session.enter(store, laptop, laptop.game.legal_moves()[0].text)
    assert _state(client, seats.watch)["v"] != v


def test_seat_links_survive_a_restart(served, tmp_path):
    client, store, tracked, seats = served()
    again = load_or_create(store, tracked.id, tracked.game.players)
    assert again.seats == seats.seats and again.watch == seats.watch and again.join == seats.join
    assert len({*seats.seats.values(), seats.watch, seats.join}) == 5
    assert all(len(t) >= 22 for t in seats.seats.values())


def test_join_page_lists_seats_as_text(tmp_path, served):
    client, store, tracked, seats = served(players=("<b>Ann</b>", "Bob"))
    r = client.get(f"/j/{seats.join}")
    assert r.status_code == 200 and "&lt;b&gt;Ann&lt;/b&gt;" in r.text and "<b>Ann" not in r.text
    assert client.get("/j/wrong").status_code == 404


def test_refusals_speak_the_phones_language(served):
    client, store, tracked, seats = served()
    owner = next(p for p, t in seats.seats.items() if _state(client, t)["legal"])
    other = next(p for p in seats.seats if p != owner)
    mine = _state(client, seats.seats[owner])
    said = {}
    for lang in ("en", "cs"):
        r = client.post(f"/s/{seats.seats[other]}/entry", headers={"Accept-Language": lang},
                        json={"text": mine["legal"][0]["text"], "v": mine["v"], "entry_id": lang})
        assert r.status_code == 403
        said[lang] = r.json()["error"]
    assert "is not this seat's to enter" in said["en"] and "z tohoto místa zadat nelze" in said["cs"]
    bad = client.get(f"/s/{seats.seats[owner]}/state", headers={"Host": "evil.example", "Accept-Language": "cs"})
    assert bad.status_code == 421 and "neobsluhuje" in bad.json()["error"]
