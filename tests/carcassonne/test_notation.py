"""Notation: case-insensitive synonyms, did-you-mean, and every refusal names its rule; state unchanged."""

import pytest

from referee import AmbiguousMove, IllegalMove, InvalidMove

from .helpers import new, turn


def unchanged(g, text, exc, match):
    before = g.view()
    moves = list(g.moves)
    with pytest.raises(exc, match=match):
        g.play(text)
    assert g.view() == before and g.moves == moves


@pytest.mark.parametrize("text", ["draw b:e", "DRAW B:E", "draw b e", "b:e", "tile b:e", "bE", "draw Base E"])
def test_draw_synonyms(text):
    g = new()
    assert g.play(text).text == "draw b:e"


@pytest.mark.parametrize("text", ["Draw E", "e", "E"])
def test_bare_letter_without_the_expansion(text):
    g = new(traders_builders=False)
    assert g.play(text).text == "draw b:e"


def test_draw_letter_shared_by_both_sets_is_ambiguous_until_one_is_gone():
    g = new()
    unchanged(g, "draw d", AmbiguousMove, r"both a base tile and a Traders & Builders tile.*draw b:d or draw tb:d")
    assert g.play("draw tb d").text == "draw tb:d"
    g.play("place 0,-1 r180")  # TB:D: grain city N+W turned to S+E ... fits the start city
    g.play("none")
    assert g.play("d").text == "draw b:d"   # TB:D is gone, so a bare D can only be the base tile


def test_draw_unknown_or_gone():
    g = new()
    unchanged(g, "draw z", InvalidMove, r"no tile Z; tiles are lettered A to X")
    unchanged(g, "draw 12", InvalidMove, r"not a tile name")
    unchanged(g, "draw", InvalidMove, r"^Name the tile drawn after draw: .*e\.g\. draw b:d")
    turn(g, "b:c", 0, -1, 0)
    unchanged(g, "draw b:c", IllegalMove, r"No B:C tile is left in the bag \(rule P6\)")
    unchanged(g, "place 1,0 r0", IllegalMove, r"No tile is drawn yet")


@pytest.mark.parametrize("text", ["place 0,-1 r180", "PLACE 0,-1 R180", "place 0 -1 180", "0,-1 r2",
                                  "place (0, -1) 180", "put 0,-1 rot 180", "place 0,-1 r180°", "0 -1 ffcf",
                                  "place 0,-1", "place 0,-1 rotated 180", "put at 0 -1 and rotate 180 degrees"])
def test_place_synonyms(text):
    g = new()
    g.play("draw b:e")
    assert g.play(text).text == "place 0,-1 r180"


def test_place_refusals():
    g = new()
    g.play("draw b:e")
    unchanged(g, "place 0,-1 r0", IllegalMove, r"south edge is a field facing a city at 0,0; "
                                               r"touching edges must match \(rule P2\)")
    unchanged(g, "place 9,9 r0", IllegalMove, r"does not touch the board.*rule P1")
    unchanged(g, "place 0,0 r0", IllegalMove, r"already holds a tile \(B:D\).*rule P1")
    unchanged(g, "place 0,-1 r45", InvalidMove, r"not a rotation")
    unchanged(g, "place 0,-1 cccc", IllegalMove, r"cannot show edges N E S W = C C C C")
    unchanged(g, "place 0,1", AmbiguousMove, r"fits at 0,1 in several rotations")
    unchanged(g, "place", InvalidMove, r"needs a position and a rotation")
    unchanged(g, "none", IllegalMove, r"must be placed; there is no passing \(rule P4\)")
    unchanged(g, "city n", IllegalMove, r"must place it first \(rule P4\)")
    unchanged(g, "draw b:b", IllegalMove, r"must place it first")


def test_goods_city_rotation_by_edges_is_ambiguous_for_m_and_x():
    g = new()
    g.play("draw tb:x")
    # CCCC says nothing about where the goods city lies: the software asks
    unchanged(g, "place 0,-1 cccc", AmbiguousMove, r"say where its goods city lies: place 0,-1 r0 \(n-w\), "
              r"r90 \(n-e\), r180 \(e-s\), r270 \(s-w\), or by its edges, e\.g\. place 0,-1 wine city n-w\.$")
    prompt = g.prompt()
    assert "r0 wine city n-w | r90 wine city n-e | r180 wine city e-s | r270 wine city s-w" in prompt
    # §2.7: the rotation is given by where the goods city lies
    for text in ("place 0,-1 wine city e-s", "place 0,-1 city s-e", "place 0 -1 es", "place 0,-1 wine n-e"):
        assert g.rules.describe(g.state, text).startswith("TB:X wine city ")
    assert g.play("place 0,-1 wine city e-s").text == "place 0,-1 r180"
    g = new()
    g.play("draw tb:m")
    unchanged(g, "place 0,-1 cloth city n", IllegalMove, r"TB:M's cloth city cannot lie at n; it can be: r0 cloth "
              r"city n-w; r90 cloth city n-e")
    assert g.play("place 0,-1 cloth n-w").text == "place 0,-1 r0"
    g = new()
    g.play("draw tb:g")                         # a goods tile whose edges already fix the rotation
    assert g.play("place 0,-1 grain city e-s").text == "place 0,-1 r180"


def test_placement_prompt_shows_edges_per_rotation():
    g = new()
    g.play("draw b:d")
    p = g.prompt()
    for text in ("r0 N=C E=R S=F W=R", "r90 N=R E=C S=R W=F", "r180 N=F E=R S=C W=R", "r270 N=R E=F S=R W=C"):
        assert text in p
    v = g.view()["drawn"]
    assert v["tile"] == "B:D" and [r["edges"] for r in v["rotations"]] == ["CRFR", "RCRF", "FRCR", "RFRC"]


@pytest.mark.parametrize("text,canon", [
    ("city n", "city n"), ("CITY NORTH", "city n"), ("knight n", "city n"), ("city", "city n"),
    ("road e-w", "road e-w"), ("road w-e", "road e-w"), ("road ew", "road e-w"), ("road east", "road e-w"),
    ("highwayman", "road e-w"), ("road east-west", "road e-w"),
    ("farm n", "farm n"), ("field north", "farm n"), ("farmer s", "farm s"), ("farm se", "farm s"),
    ("farm es", "farm s"), ("meeple city n", "city n"), ("follower road", "road e-w"),
    ("none", "none"), ("pass", "none"), ("SKIP", "none"),
])
def test_figure_synonyms(text, canon):
    g = new()
    g.play("draw b:d")
    g.play("place 1,0 r0")
    assert g.play(text).text == canon


def test_figure_refusals():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    g.play("draw b:u")
    g.play("place 2,0 r0")
    unchanged(g, "road e-w", IllegalMove, r"The road e-w is already held by Ann \(1 highwayman\).*F3")
    unchanged(g, "farm", AmbiguousMove, r"several farms; say which: farm n or farm s")
    unchanged(g, "city n", IllegalMove, r"has no city; its features are: road e-w, farm n, farm s")
    unchanged(g, "road n", IllegalMove, r"no single road on its north edge")
    unchanged(g, "cloister", IllegalMove, r"has no cloister")
    unchanged(g, "builder road e-w", IllegalMove, r"Bob has no follower in that road.*rule B2")
    unchanged(g, "builder farm n", IllegalMove, r"never on a field or a cloister \(rule B2\)")
    unchanged(g, "pig farm n", IllegalMove, r"Bob has no farmer in that field.*rule PG2")
    unchanged(g, "builder", IllegalMove, r"Bob has no follower in any road or city of this tile.*rule B2")
    unchanged(g, "pig", IllegalMove, r"Bob has no farmer in any field of this tile.*rule PG2")
    unchanged(g, "pig farm", IllegalMove, r"Bob has no farmer in any field of this tile.*rule PG2")
    unchanged(g, "road q", InvalidMove, r"not an edge")
    unchanged(g, "draw b:d", IllegalMove, r"tile is placed; now place at most one figure")
    unchanged(g, "no second tile", IllegalMove, r"no builder's extra tile to decline")


def test_did_you_mean():
    g = new()
    unchanged(g, "drwa b:e", InvalidMove, r"Did you mean draw\?")
    g.play("draw b:e")
    unchanged(g, "plce 0,-1 r180", InvalidMove, r"Did you mean place\?")
    g.play("place 0,-1 r180")
    unchanged(g, "ctiy s", InvalidMove, r"Did you mean city\?")


def test_builder_and_pig_off_without_expansion():
    g = new(traders_builders=False)
    turn(g, "b:u", 1, 0, 0, "road e-w")
    turn(g, "b:b", 0, 1, 0)
    g.play("draw b:u")
    g.play("place 2,0 r0")
    unchanged(g, "builder road e-w", IllegalMove, r"Traders & Builders, which is off")


def test_canonical_texts_are_lowercase_unique_and_replay():
    import referee
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    for m in g.legal_moves():
        assert m.text == m.text.lower() and "  " not in m.text
    g.play("draw b:u")
    texts = [m.text for m in g.legal_moves()]
    assert len(texts) == len(set(texts))
    g2 = referee.load_record(g.to_record())
    assert g2.view() == g.view()


def test_man_page_examples():
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "man" / "referee-carcassonne.7"
    assert page.exists() and ".SH NOTATION" in page.read_text()
    g = new()
    for m in ("draw b:e", "place 0,-1 r180", "city s"):
        g.play(m)
    assert g.view()["players"][0]["score"] == 4
    for m in ("draw tb:b", "place 1,0 0", "road e-w"):
        g.play(m)
    unchanged(g, "draw u", AmbiguousMove, r"draw b:u or draw tb:u")
    g.play("draw b:u")
    unchanged(g, "place 2,0 r45", InvalidMove, r"not a rotation")
    assert g.play("place 2,0 frfr").text == "place 2,0 r0"
    g.play("none")
    for m in ("draw b:u", "place 3,0 r0", "builder road e-w"):
        g.play(m)
    g.play("draw b:e")
    unchanged(g, "place 0,-1 r0", IllegalMove, r"already holds a tile.*rule P1")


def test_bare_letters_depend_on_the_step():
    g = new(traders_builders=False)
    assert g.play("c").text == "draw b:c"       # drawing: a letter is a tile
    g.play("place 0,-1 r0")
    assert g.play("c").text == "city n-e-s-w"   # figure step: c is short for city


def test_board_view_shows_drawn_tile_rotations_and_is_json():
    import json

    from referee.games.carcassonne.render import plain

    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    g.play("draw tb:x")
    text = plain(g.rules, g.state)
    assert "Drawn: TB:X" in text and "r270" in text and "wine city s-w" in text and "N=C E=C" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    bag = text.split("Bag (")[1].split("Drawn:")[0]
    assert bag.startswith("93)") and "B:Ux7" in bag and "TB:X" not in bag   # the bag by letter
    v = g.view()
    assert json.loads(json.dumps(v)) == v
    assert v["board"][1]["figure"] == {"player": "Ann", "figure": "follower", "feature": "road e-w"}
    assert v["drawn"]["tile"] == "TB:X" and len(v["drawn"]["rotations"]) == 4


def test_uncertain_field_split_is_shown_before_a_farmer_goes_down():
    g = new()
    g.play("draw tb:o")
    g.play("place 0,-1 r180")
    p = g.prompt()
    assert "uncertain field split of TB:O" in p
    for name, halves in (("farm sw", "Ws"), ("farm wn", "Wn"), ("farm nw", "Nw"), ("farm ne", "Ne")):
        assert f"{name} = {halves}" in p
    g2 = new()
    g2.play("draw b:d")
    g2.play("place 1,0 r0")
    assert "uncertain" not in g2.prompt()


def test_draw_by_edges_when_the_letter_is_unknown():
    g = new()
    unchanged(g, "draw cccc", AmbiguousMove, r"name the one drawn: 'city n-e-s-w with pennant' \(b:c\); "
              r"'city n-w with cloth and city e and city s' \(tb:m\); 'city n-w with wine and city e-s' \(tb:x\)\.$")
    unchanged(g, "rrrr", AmbiguousMove, r"\(b:x\).*\(tb:b\)")       # any rotation: X and the bridge
    unchanged(g, "draw cfrf", IllegalMove, r"No tile shows the edges C F R F")
    g2 = new(traders_builders=False)
    assert g2.play("ffff").text == "draw b:b"
    g2.play("place 0,1 r0")
    g2.play("none")
    assert g2.play("draw rfrc").text == "draw b:d"   # D read from another side: still D


def test_describe_a_placement_before_committing():
    g = new()
    g.play("draw b:d")
    assert g.rules.describe(g.state, "place 0 1 180") == \
        "B:D N=F E=R S=C W=R; features city s, road e-w, farm s, farm n"
    with pytest.raises(IllegalMove, match="rule P2"):
        g.rules.describe(g.state, "place 1,0 r90")
    assert g.moves == ["draw b:d"]


def test_live_preview_says_what_a_placement_completes_and_who_scores():
    from .helpers import turn

    g = new(("Red", "Blue"))
    g.play("draw b:e")
    assert g.preview("place 0,-1 r180") == ("→ place 0,-1 r180: B:E N=F E=F S=C W=F; completes city s (2 tiles, 4 "
                                            "points, nobody on it yet); features city s, farm")
    assert g.preview("place 0,-1 r0").startswith("✗ At 0,-1 r0") and g.moves == ["draw b:e"]
    g = new(("Red", "Blue"))
    turn(g, "tb:h", 0, -1, 180)
    turn(g, "tb:g", -1, -1, 180, "city e-s")
    turn(g, "b:d", -1, 0, 0)
    turn(g, "tb:t", 1, -1, 270)
    g.play("draw b:d")
    assert g.preview("place 1,0 r0") == ("→ place 1,0 r0: B:D N=C E=R S=F W=R; completes city n (6 tiles, 12 points "
                                         "to Blue), goods 1 wine 2 grain to Red; features city n, road e-w, farm n, "
                                         "farm s")
    g.play("place 1,0 r0")
    assert g.preview("farm n") == "→ farm n: Red's farmer in a field touching 1 completed city so far"
    assert g.preview("road") == "→ road e-w: Red's highwayman in an open road of 3 tiles"
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    turn(g, "b:v", 1, 1, 270, "road e-s")
    turn(g, "b:w", -1, 0, 0)
    turn(g, "b:w", 1, 2, 180)
    turn(g, "b:v", 2, 0, 0)
    g.play("draw b:v")
    assert "; completes road n-w (7 tiles, 7 points each to Ann and Bob); " in g.preview("place 2,1 r90")


from hypothesis import given, settings, strategies as hst  # noqa: E402

_WORDS = ["draw", "place", "b:d", "tb:k", "d", "x", "city", "road", "farm", "cloister", "builder", "pig", "none",
          "n", "e-w", "se", "north", "inner", "r90", "90", "r1", "1,0", "0", "-1", "0,-1", "crfr", "cccc",
          "no second tile", "follower", "knight", ",", "(", ")", "-", "°", "tb", "rot", "at", "zz", "5", "r45"]


def _games():
    g1 = new()
    g2 = new()
    g2.play("draw b:d")
    g3 = new()
    g3.play("draw tb:b")
    g3.play("place 1,0 r0")
    return [g1, g2, g3]


@settings(max_examples=300, deadline=None)
@given(hst.lists(hst.sampled_from(_WORDS), min_size=0, max_size=5), hst.text(max_size=6), hst.integers(0, 2))
def test_any_text_is_a_move_or_a_referee_error(words, noise, which):
    import referee

    g = _games()[which]
    before = g.view()
    text = " ".join(words) + (" " + noise if noise.strip() else "")
    try:
        g.play(text)
    except referee.RefereeError as err:
        msg = str(err)
        assert msg and "\n" not in msg
        assert g.view() == before
    else:
        g.check()


def test_bare_builder_or_pig_names_the_only_place_it_can_go():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    turn(g, "b:b", 0, 1, 0)
    g.play("draw b:u")
    g.play("place 2,0 r0")
    assert g.play("builder").text == "builder road e-w"
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")
    turn(g, "b:u", 1, 0, 0)
    g.play("draw b:b")
    g.play("place 1,-1 r0")
    assert g.play("pig").text == "pig farm"


def test_farmer_preview_on_an_uncertain_tile_shows_the_split():
    g = new()
    g.play("draw tb:w")
    g.play("place 0,-1 r180")                   # W's city N+W turned to S+E; fields in board orientation
    p = g.preview("farm n")
    assert "uncertain split of TB:W: this field is Nw+Ne; check the tile" in p, p
    g2 = new()
    g2.play("draw b:d")
    g2.play("place 1,0 r0")
    assert "uncertain" not in g2.preview("farm n")


def test_a_letter_no_longer_in_the_bag_is_refused_briefly():
    g = new(traders_builders=False)
    turn(g, "b:c", 0, -1, 0)
    unchanged(g, "draw b:c", IllegalMove, r"^No B:C tile is left in the bag \(rule P6\); 70 tiles remain \(the bag is "
                                          r"listed under the board\)\.$")
    g = new()
    turn(g, "b:c", 0, -1, 0)
    unchanged(g, "draw b:c", IllegalMove, r"^No B:C tile is left in the bag \(rule P6\); TB:C is still in the bag "
                                          r"\(draw tb:c\)\.$")
    turn(g, "tb:x", 1, -1, 0)
    unchanged(g, "draw tb:x", IllegalMove, r"^No TB:X tile is left in the bag \(rule P6\); B:X is still in the bag "
                                           r"\(draw b:x\)\.$")
