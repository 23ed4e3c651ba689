"""The phone page's HTML and the state body's board and groups, through Starlette's TestClient: the ids the
client and the phones' tests use, a hostile name as text, the language by Accept-Language and ?lang=, the
moves grouped as the table says them, the seat's secret, no inline script or style."""

import re

from referee.serve.board import groups
from referee.serve.page import secret_text, seat_page

HOSTILE = "<script>alert(1)</script>"


def _owner(client, seats):
    return next(p for p, t in seats.seats.items() if client.get(f"/s/{t}/state").json()["legal"])


def test_the_page_has_every_id_a_hostile_name_as_text_and_nothing_inline(served):
    client, store, tracked, seats = served("port-royal", ("Ann", HOSTILE, "Cal"))
    owner = _owner(client, seats)
    page = client.get(f"/s/{seats.seats[owner]}").text
    for needle in ('id="prompt"', 'id="error" role="alert"', 'id="secret"', 'id="board"', 'id="moves"',
                   'id="entry"', 'id="text"', 'id="undo"', 'id="events"', 'id="lang"', "data-v="):
        assert needle in page, needle
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "style=" not in page and re.findall(r"<script[^>]*>", page) == ['<script src="/static/serve.js">']
    assert 'user-scalable' not in page                       # zoom stays allowed
    watcher = client.get(f"/s/{seats.watch}").text
    assert 'id="board"' in watcher and "data-move" not in watcher and 'id="entry"' not in watcher


def test_the_language_follows_the_phone_and_the_switch(served):
    client, store, tracked, seats = served("puerto-rico")
    owner = _owner(client, seats)
    url = f"/s/{seats.seats[owner]}"
    czech = client.get(url, headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.8"}).text
    assert 'lang="cs"' in czech and 'href="?lang=en"' in czech and 'href="?lang=cs"' in czech
    english = client.get(url + "?lang=en", headers={"Accept-Language": "cs-CZ"}).text
    assert 'lang="en"' in english
    body = client.get(url + "/state?lang=cs").json()
    assert body["board"]["svg"].startswith("<g>") and len(body["board"]["size"]) == 4
    assert [m for g in body["groups"] for m in g["moves"]] == [m["text"] for m in body["legal"]]


def test_the_undo_button_shows_only_when_the_state_says_so():
    body = {"seat": "Ann", "game": "port-royal", "v": "1-x", "prompt": "p", "secret": None, "legal": [],
            "labels": {}, "events": [], "groups": []}
    assert '<button type="button" id="undo" hidden>' in seat_page(body, "en")
    assert '<button type="button" id="undo">' in seat_page(dict(body, undo=True), "en")


def test_a_secret_of_any_shape_is_readable():
    assert secret_text("Ann has 3 VP chips.") == "Ann has 3 VP chips."
    assert secret_text({"chips": 3, "cards": ["a", "b"]}) == "chips: 3\ncards: a\nb"
    assert secret_text(None) == "" and secret_text([]) == ""


def test_port_royals_chance_cards_are_grouped_by_kind_in_the_phones_words(tmp_path):
    import referee

    game = referee.new_game("port-royal", ["Ann", "Bob", "Cal"])
    legal = game.legal_moves()
    if not any(m.chance for m in legal):       # the first flip opens the draw
        game.play(next(m.text for m in legal if m.text == "flip"))
        legal = game.legal_moves()
    czech = groups(game, legal, "cs")
    english = groups(game, legal, "en")
    assert sorted(m for g in czech for m in g["moves"]) == sorted(m.text for m in legal)
    titles = [g["title"] for g in czech]
    assert "náhoda · pinasa" in titles and "náhoda · obchodník" in titles, titles
    assert "chance · pinnace" in [g["title"] for g in english]
    # every group of the same kind of card: one kind a group
    for g in czech:
        if "·" in g["title"]:
            assert len({m.split("-")[0] for m in g["moves"]}) == 1


def test_events_are_said_in_the_phones_language(tmp_path):
    import referee
    from referee.i18n import using
    from referee.serve.board import events

    game = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal"])
    with using("en"):
        while not game.events():
            game.play(game.legal_moves()[0].text)
    said = events(game, "cs")
    with using("cs"):
        fresh = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal"])
        for text in game.moves:
            fresh.play(text)
        assert said == fresh.events()
    with using("en"):
        assert said != game.events()            # the server's game, read in English
    game.undo(1)          # a take-back: the follower starts again
    with using("cs"):
        fresh.undo(1)
        # a move with no sentences of its own is named instead (board.events), as the table logs it
        assert events(game, "cs") == (fresh.events() or ["náhoda: odkrýt kukuřici"])


def test_a_drawn_carcassonne_tile_is_offered_by_its_picture():
    """A physical tile has no letter on it: each draw button shows the tile's picture and says it in words
    the table reads back ('město sever a cesta východ-západ (b:d)'), in the page's language."""
    import xml.etree.ElementTree as ET

    import referee
    from referee.games.carcassonne import picture
    from referee.games.carcassonne.tiles import tile_types
    from referee.serve.page import seat_page
    from referee.serve.payload import state

    game = referee.new_game("carcassonne", ["Ann", "Bob"])
    draws = [m.text for m in game.legal_moves() if m.chance]
    for lang, city in (("cs", "město"), ("en", "city")):
        body = state(game, game.players[0], lang)
        assert set(body["icons"]) == set(draws) and len(draws) > 20
        for text in draws:
            key = text.split(" ", 1)[1]
            said = body["labels"][text]
            assert said.endswith(f"({key})")
            words = said[: -len(key) - 3]
            assert list(picture.matching(tile_types(), picture.read(words))) == [key.upper()], said
            ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{body["icons"][text]}</svg>')
        assert any(city in said for said in body["labels"].values())
        page = seat_page(body, lang)
        assert page.count('class="move pictured"') == len(draws) and page.count('<svg class="icon"') == len(draws)
    # laying it: each placement shows the tile turned as that move lays it
    from referee.drawing.boards import tile_icon

    game.play("draw b:d")
    body = state(game, game.players[0], "cs")
    places = [m.text for m in game.legal_moves() if m.text.startswith("place ")]
    assert places and set(body["icons"]) == set(places)
    for text in places:
        assert body["icons"][text] == tile_icon("B:D", int(text.rsplit(" r", 1)[1]) // 90)
    assert len({body["icons"][t] for t in places}) > 1          # r0 and r180 differ
    # the other games have no pictures on their buttons
    assert state(referee.new_game("port-royal", ["Ann", "Bob"]), "Ann", "cs")["icons"] == {}
