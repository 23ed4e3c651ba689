"""Joining by the QR code (contracts §6 extended; SERVE_DESIGN's routes): a free seat is taken at once and
stays held across a restart; a held seat is the laptop's to give (a new token, the old one answers 410 with a
sentence in the phone's language); the laptop releases a seat; the state body says which seats are held."""

import pytest

from referee import session
from referee.serve.app import build_app
from referee.serve.seats import load_or_create, seats_path
from referee.store import Store

CS = {"Accept-Language": "cs-CZ,cs;q=0.9"}


@pytest.fixture
def lobby(tmp_path):
    from starlette.testclient import TestClient

    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cal"])

    def start():
        seats = load_or_create(store, tracked.id, tracked.game.players)
        app = build_app(store, tracked, seats, hosts=("testserver",))
        return TestClient(app), seats, app.state.hub.lobby

    return store, tracked, start


def test_free_seat_is_taken_at_once_and_held_after_a_restart(lobby):
    store, tracked, start = lobby
    client, seats, _lobby = start()
    page = client.get(f"/j/{seats.join}")
    assert page.status_code == 200 and 'data-seat="Ann"' in page.text
    r = client.post(f"/j/{seats.join}/take", json={"seat": "Ann"})
    assert r.status_code == 200 and r.json()["url"].endswith("/s/" + seats.seats["Ann"])
    assert client.get(f"/s/{seats.seats['Ann']}/state").json()["seats"] == {"Ann": "held", "Bob": "free",
                                                                            "Cal": "free"}
    on_disk = seats_path(store, tracked.id).read_text()
    assert '"held": ["Ann"]' in on_disk
    client2, seats2, _ = start()                      # serve restarted: the same link, still held
    assert seats2.seats["Ann"] == seats.seats["Ann"] and seats2.held == {"Ann"}
    assert client2.get(f"/s/{seats.seats['Ann']}/state").status_code == 200
    assert client2.post(f"/j/{seats.join}/take", json={"seat": "Ann"}).status_code == 202


def test_held_seat_needs_the_laptop_then_the_old_link_is_gone(lobby):
    _store, _tracked, start = lobby
    client, seats, lobby_ = start()
    client.post(f"/j/{seats.join}/take", json={"seat": "Bob"})
    old = seats.seats["Bob"]
    r = client.post(f"/j/{seats.join}/take", json={"seat": "Bob"})
    assert r.status_code == 202
    ask = r.json()["ask"]
    assert client.get(f"/j/{seats.join}/ask/{ask}").status_code == 202
    assert lobby_.pending() == [(1, "Bob")]
    assert lobby_.allow(1) == "Bob"
    granted = client.get(f"/j/{seats.join}/ask/{ask}")
    assert granted.status_code == 200
    new = granted.json()["url"].rsplit("/", 1)[1]
    assert new != old and seats.seats["Bob"] == new
    for route in ("", "/state", "/events"):
        gone = client.get(f"/s/{old}{route}")
        assert gone.status_code == 410 and "took this seat link back" in gone.json()["error"]
    gone = client.post(f"/s/{old}/entry", json={"text": "x", "v": "0", "entry_id": "a"})
    assert gone.status_code == 410
    cz = client.get(f"/s/{old}/state", headers=CS)
    assert cz.status_code == 410 and "notebook" in cz.json()["error"]
    assert client.get(f"/s/{new}/state").status_code == 200


def test_refused_ask_and_release(lobby):
    _store, _tracked, start = lobby
    client, seats, lobby_ = start()
    client.post(f"/j/{seats.join}/take", json={"seat": "Cal"})
    ask = client.post(f"/j/{seats.join}/take", json={"seat": "Cal"}).json()["ask"]
    assert lobby_.deny() == "Cal"
    refused = client.get(f"/j/{seats.join}/ask/{ask}")
    assert refused.status_code == 403 and "did not give" in refused.json()["error"]
    old = seats.seats["Cal"]
    lobby_.release("Cal")
    assert client.get(f"/s/{old}/state").status_code == 410
    assert "Cal" not in seats.held
    r = client.post(f"/j/{seats.join}/take", json={"seat": "Cal"})
    assert r.status_code == 200 and r.json()["url"].endswith(seats.seats["Cal"])


def test_the_picker_works_without_script(lobby):
    """The page's forms post the seat; the answer sends the phone on (303) to its seat or to the wait."""
    _store, _tracked, start = lobby
    client, seats, _lobby = start()
    r = client.post(f"/j/{seats.join}/take?lang=cs", data={"seat": "Ann"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].split("?")[0].endswith(seats.seats["Ann"])
    r = client.post(f"/j/{seats.join}/take?lang=cs", data={"seat": "Ann"}, follow_redirects=False)
    assert r.status_code == 303 and "/ask/" in r.headers["location"]
    wait = client.get(r.headers["location"], headers={"Accept": "text/html"})
    assert wait.status_code == 202 and 'http-equiv="refresh"' in wait.text and "notebook" in wait.text


def test_bad_take_requests_are_sentences(lobby):
    _store, _tracked, start = lobby
    client, seats, _lobby = start()
    assert client.post(f"/j/{seats.join}/take", content=b"[1]",
                       headers={"Content-Type": "application/json"}).status_code == 422
    r = client.post(f"/j/{seats.join}/take", json={"seat": "<script>"})
    assert r.status_code == 422 and "no seat called" in r.json()["error"]
    assert client.post("/j/not-the-token/take", json={"seat": "Ann"}).status_code == 404
    assert client.get(f"/j/{seats.join}/ask/nope").status_code == 404
    foreign = client.post(f"/j/{seats.join}/take", json={"seat": "Ann"}, headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403 and "Ann" not in seats.held


def test_the_picker_says_which_game_and_whose(tmp_path):
    """A club may serve two tables at once: the picker names the game and its players (as text)."""
    from starlette.testclient import TestClient

    store = Store(tmp_path / "history.json")
    tracked = session.create(store, "puerto-rico", ["Anna", "<b>Bořek</b>", "Cyril"])
    seats = load_or_create(store, tracked.id, tracked.game.players)
    client = TestClient(build_app(store, tracked, seats, hosts=("testserver",)))
    page = client.get(f"/j/{seats.join}", headers=CS).text
    assert "<title>" in page and "Puerto Rico</title>" in page
    assert '<p id="game">Puerto Rico · Anna, &lt;b&gt;Bořek&lt;/b&gt;, Cyril</p>' in page
