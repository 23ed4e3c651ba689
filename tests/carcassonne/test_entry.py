"""One entry per thing that happens (issue 13 items 2, 3) and Czech input (issue 14 item 3): a whole turn on
one line, Enter's default, nothing misread, and the components by their Czech names."""

import pytest

from referee import AmbiguousMove, IllegalMove, InvalidMove, load_record
from referee.core.entry import play_entry

from .helpers import new
from .test_notation import unchanged


def enter(g, text):
    """One entry as the table plays it (core/entry.play_entry, which reads it through the game's own
    split_entry): the texts of the moves it played, all or nothing."""
    before = len(g.moves)
    played = [m.text for m in play_entry(g, text)]
    assert played == g.moves[before:]
    return played


def refused(g, text, exc, match):
    before, moves = g.view(), list(g.moves)
    with pytest.raises(exc, match=match):
        enter(g, text)
    assert g.view() == before and g.moves == moves


@pytest.mark.parametrize("text, moves", [
    ("b:d 0,-1 r180 none", ["draw b:d", "place 0,-1 r180", "none"]),
    ("b:d 0,-1 none", ["draw b:d", "place 0,-1 r180", "none"]),          # one rotation fits there
    ("draw b:d place 1,0 r0 knight n", ["draw b:d", "place 1,0 r0", "city n"]),
    ("b:d 1 0 r0 city n", ["draw b:d", "place 1,0 r0", "city n"]),
    ("tb:o 1,0 r90 farm se", ["draw tb:o", "place 1,0 r90", "farm se"]),
    ("tb:o at 1,0 r90", ["draw tb:o", "place 1,0 r90"]),
    ("tb:m 0,-1 cloth city s-e none", ["draw tb:m", "place 0,-1 r180", "none"]),
    ("tb:m 0,-1 s-e knight e", ["draw tb:m", "place 0,-1 r180", "city e-s"]),
    ("tb:m 0,-1 jih-východ rytíř východ", ["draw tb:m", "place 0,-1 r180", "city e-s"]),
])
def test_a_whole_turn_on_one_line(text, moves):
    g = new()
    assert enter(g, text) == moves


def test_a_placement_and_its_figure_on_one_line():
    g = new()
    g.play("draw tb:o")
    assert enter(g, "1,0 r90 knight") == ["place 1,0 r90", "city n-e"]


def test_a_turn_line_is_all_or_nothing():
    g = new()
    refused(g, "b:d 0,-1 r180 cloister", IllegalMove, r"has no cloister")       # figure refused: no draw kept
    refused(g, "b:d 5,5 r0 none", IllegalMove, r"does not touch the board.*rule P1")
    refused(g, "b:d 1,0 none", AmbiguousMove, r"several rotations")           # rotation not said, two fit
    refused(g, "b:d 1,0 r0 knight n extra", InvalidMove, r"'extra' is not")


def test_farm_southwest_on_tile_o_names_both_fields_instead_of_picking_one():
    # TB:O at r90: the fields 'farm sw' (south edge, west half) and 'farm ws' (west edge, south half) both
    # touch the southwest corner; before, 'farm southwest' silently took farm sw.
    g = new()
    g.play("draw tb:o")
    g.play("place 1,0 r90")
    for text in ("farm southwest", "farm south west", "sedlák jihozápad", "louka jižní západní"):
        unchanged(g, text, AmbiguousMove, r"Two farms meet at the southwest corner; say which: farm sw or farm ws")
    assert g.find("farm sw").text == "farm sw" and g.find("farm ws").text == "farm ws"
    # a side and its half, side first (issue 22): one field, in both languages; 'jz' is the code 'sw'
    for text in ("farmer south-west", "sedlák na louku jih-západ", "louka jz", "sedlák na louku jz"):
        assert g.find(text).text == "farm sw", text
    for text in ("farmer west-south", "sedlák na louku západ-jih", "louka zapad-jih"):
        assert g.find(text).text == "farm ws", text
    assert g.find("farm northwest").text == "farm nw"          # one field at that corner: no doubt


def test_every_word_is_honoured():
    g = new()
    g.play("draw tb:m")
    unchanged(g, "place 0,-1 wine city s-e", IllegalMove, r"goods city holds cloth, not wine")
    assert g.find("place 0,-1 cloth city s-e").text == "place 0,-1 r180"
    g = new()
    g.play("draw b:b")
    g.play("place 0,1 r0")
    unchanged(g, "monk north", IllegalMove, r"cloister lies in the middle")
    assert g.find("monk in the middle").text == "cloister"


def test_enter_plays_the_obvious_default():
    g = new()
    g.play("draw b:b")
    assert g.default_move().text == "place 0,1 r0"          # the cloister fits in one way only
    g.play("place 0,1 r0")
    assert g.default_move().text == "none"                 # a figure is optional: Enter places none
    g.play("none")
    assert g.default_move() is None                        # the tile drawn is the table's to say


@pytest.mark.parametrize("czech, move", [
    ("rytíř", "city n"), ("RYTIR", "city n"), ("rytíř na město sever", "city n"), ("město", "city n"),
    ("lupič", "road e-w"), ("cesta", "road e-w"), ("lupic na cestu", "road e-w"),
    ("sedlák jih", "farm s"), ("louka jižní", "farm s"), ("nic", "none"), ("žádná figurka", "none"),
])
def test_czech_figures_features_and_directions(czech, move):
    g = new()
    g.play("draw b:d")
    g.play("place 1,0 r0")              # city n, road e-w, fields north (inner) and south of the road
    assert g.find(czech).text == move


def test_czech_builder_pig_goods_and_cloister():
    g = new()
    assert enter(g, "táhnout b:d položit 1,0 r0 lupič") == ["draw b:d", "place 1,0 r0", "road e-w"]
    enter(g, "b:u -1,0 r0 nic")
    enter(g, "b:u 2,0 r0")
    assert g.find("stavitel cesta").text == g.find("stavitel").text == "builder road e-w"
    g = new()
    assert enter(g, "b:d 1,0 r0 sedlák jih")[-1] == "farm s"
    enter(g, "b:u -1,0 r0 nic")
    enter(g, "b:u 2,0 r0")
    assert g.find("prase").text == g.find("pig").text == g.find("prasátko").text == "pig farm s"
    g = new()
    g.play("draw tb:m")
    assert g.find("place 0,-1 plátno město s-e").text == g.find("place 0,-1 látka město jih-východ").text \
        == "place 0,-1 r180"
    g = new()
    enter(g, "b:b 0,1 r0")
    assert g.find("mnich").text == g.find("klášter").text == "cloister"


def test_a_game_entered_in_czech_replays_identically_in_english():
    g = new()
    for line in ("b:d 1,0 r0 rytíř", "táhnout b:u položit -1,0 r0 nic", "b:u 2,0 r0 LUPIC"):
        enter(g, line)
    record = g.to_record()
    assert "rytíř" not in record and "city n" in record
    again = load_record(record)
    assert again.moves == g.moves and again.view() == g.view()


def test_a_czech_word_that_fits_two_features_is_ambiguous():
    g = new()
    g.play("draw b:d")
    g.play("place 1,0 r0")
    unchanged(g, "sedlák", AmbiguousMove, r"several farms")
    unchanged(g, "louka", AmbiguousMove, r"several farms")
    unchanged(g, "rytir cesta", InvalidMove, r"'road' is not an edge")
    g = new()
    enter(g, "tb:m 0,-1 s-e")
    unchanged(g, "rytíř", AmbiguousMove, r"The tile has several cities; say which: city e-s or city w or city n")


@pytest.mark.parametrize("game", ["carcassonne", "el-capitan"])
def test_every_name_means_one_thing_and_no_name_shadows_the_notation(game):
    from referee.core.names import _index, names

    data = names(game)
    assert data, f"tables/{game}/names.json is missing"
    for spelling, hits in _index(game).items():
        assert len({cid for _, cid in hits}) == 1, f"{spelling!r} names {sorted(hits)}"
        assert len(spelling) > 1, f"{spelling!r} would shadow a tile letter or an abbreviation"
    for kind, entries in data.items():
        for cid, entry in entries.items():
            assert entry.get("en") and entry.get("cs"), f"{kind} {cid} needs an English and a Czech name"


def test_czech_builder_double_turn_and_its_decline():
    g = new(decline_second_tile=True)
    for line in ("b:d 1,0 r0 lupič", "b:u -1,0 r0 nic", "b:u 2,0 r0 stavitel", "b:u -2,0 r0 nic"):
        enter(g, line)
    assert enter(g, "b:u 3,0 r0 nic")[-1] == "none"          # extends the builder's road: a second tile (B5)
    assert g.state.phase == "draw" and g.state.part == 2
    assert g.find("bez druhé kartičky").text == "no second tile"


@pytest.mark.parametrize("seed", range(3))
def test_every_turn_of_a_random_game_said_on_one_line_plays_those_moves(seed):
    # the canonical moves of each turn joined on one line (draw, place, figure) are read back as exactly
    # those moves: the splitter never shifts a word from one move to another
    import random

    rng = random.Random(seed)
    g = new(("Ann", "Bob", "Cal"))
    while not g.finished:
        legal = g.legal_moves()
        move = rng.choice(legal)
        if g.state.phase != "draw" or move.text == "no second tile":
            g.play(move.text)
            continue
        probe = load_record(g.to_record())
        turn = [move.text]
        probe.play(move.text)
        while not probe.finished and probe.state.phase in ("place", "figure"):
            nxt = rng.choice(probe.legal_moves()).text
            turn.append(nxt)
            probe.play(nxt)
        if len(turn) == 1:
            g.play(move.text)                  # a tile that fits nowhere is discarded: nothing to place
            continue
        assert enter(g, " ".join(turn)) == turn


def test_a_turn_line_led_by_the_players_name():
    g = new()
    assert enter(g, "Ann tb:o 1,0 r90 knight") == ["draw tb:o", "place 1,0 r90", "city n-e"]
    refused(g, "Ann b:d 0,-1 r180 none", IllegalMove, r"It is Bob's turn, not Ann's")
    assert enter(g, "bob b:d 0,-1 r180 none") == ["draw b:d", "place 0,-1 r180", "none"]
