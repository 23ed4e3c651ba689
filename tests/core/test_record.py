"""The record format: header + numbered moves; round-trips and re-checks every move."""

import pytest

import referee
from referee.core.errors import BadInput, IllegalMove


def played(toy):
    g = referee.new_game(toy, ["Ann", "Bob", "Cal"], {"target": 5}, date="2026-01-02")
    for t in ["roll 3", "keep", "roll 2", "give", "roll 1"]:
        g.play(t)
    return g


def test_round_trip(toy):
    g = played(toy)
    text = g.to_record()
    assert "Game: toy" in text and "Players: Ann, Bob, Cal" in text and "Date: 2026-01-02" in text
    assert "3. roll 2" in text
    g2 = referee.load_record(text)
    assert g2.view() == g.view() and g2.moves == g.moves and g2.options == g.options
    assert [m.text for m in g2.legal_moves()] == [m.text for m in g.legal_moves()]
    assert g2.to_record() == text


def test_comments_and_blank_lines_are_ignored(toy):
    text = played(toy).to_record().replace("\n1.", "\n# a comment\n\n1.")
    assert referee.load_record(text).moves[0] == "roll 3"


def test_illegal_move_in_record_names_its_number(toy):
    text = played(toy).to_record().replace("4. give", "4. roll 2")
    with pytest.raises(IllegalMove, match=r"Move 4 \(roll 2\)"):
        referee.load_record(text)


@pytest.mark.parametrize("mutate,words", [
    (lambda t: t.replace("Game: toy\n", ""), "no 'Game:'"),
    (lambda t: t.replace("Game: toy", "Game: chess"), "Unknown game"),
    (lambda t: t.replace("3. roll 2", "7. roll 2"), "expected move number 3"),
    (lambda t: t.replace("Options: {", "Options: {{"), "not valid JSON"),
    (lambda t: t.replace("Date:", "Colour:"), "unknown header"),
    (lambda t: t + "just words\n", "neither a header"),
])
def test_malformed_records(toy, mutate, words):
    with pytest.raises(BadInput, match=words):
        referee.load_record(mutate(played(toy).to_record()))


def test_a_header_value_may_hold_a_semicolon(toy):
    # a location typed at `new` ("Hall; room #2") came back from the record as "Hall"
    g = played(toy)
    g.play("keep")
    while not g.finished:
        g.play("roll 3")
        g.play("keep")
    text = g.to_record(location="Hall; room #2", event="Spring cup; round 1")
    from referee.core.record import parse_header

    headers, moves = parse_header(text)
    assert headers["location"] == "Hall; room #2" and headers["event"] == "Spring cup; round 1"
    assert headers["result"].count(";") == len(g.players) - 1           # every place, not the first only
    assert headers["game"] == "toy" and len(moves) == len(g.moves)
    assert referee.load_record(text).moves == g.moves
    # a comment after a plain header, and a comment line, are still comments
    assert parse_header("Game: toy ; my copy\n; a note\n1. roll 3 ; chance\n")[0]["game"] == "toy"


@pytest.mark.parametrize("line, expected", [
    ("1. flip ; Ann", [(3, 1, "flip")]), ("  1.flip", [(3, 1, "flip")]), ("1.\tflip\t;x;y", [(3, 1, "flip")]),
    ("1. take 3 coins   ", [(3, 1, "take 3 coins")]), ("1. a\u00a0b\u2003 ; c", [(3, 1, "a\u00a0b")]),
])
def test_a_move_line_reads_the_same_by_its_fast_path(line, expected):
    from referee.core.record import parse_header

    assert parse_header("Game: toy\n\n" + line + "\n")[1] == expected


@pytest.mark.parametrize("line, error", [("2. flip", "expected move number 1"), ("1. ; Ann", "move 1 is empty"),
                                         ("1.", "move 1 is empty")])
def test_a_move_line_the_fast_path_does_not_take_is_refused_as_before(line, error):
    from referee.core.record import parse_header

    with pytest.raises(BadInput, match=error):
        parse_header("Game: toy\n\n" + line + "\n")


def test_a_record_move_is_played_only_if_it_is_listed_now():
    # load_record looks a move up in the legal list as the engine lists it (Game.play_listed); a text that
    # is not listed as written goes through play(): still refused when illegal, still understood when
    # written another way, and the game is left as play() leaves it
    import random

    g = referee.new_game("port-royal", ["Ann", "Bob"])
    with pytest.raises(IllegalMove):
        g.play_listed("stop")                    # no card flipped yet (D1)
    assert g.moves == []
    assert g.play_listed("FLIP").text == "flip"  # another spelling: play() normalises it
    r = random.Random(5)
    source = referee.new_game("port-royal", ["Ann", "Bob"])
    while not source.finished:
        source.play(r.choice(source.legal_moves()).text)
    other = referee.new_game("port-royal", ["Ann", "Bob"])
    for text in source.moves:                   # the fast path: nothing listed the moves beforehand
        other.play_listed(text)
    assert other.moves == source.moves and other.finished
    assert [(e.player, e.total) for e in other.result().ranking] == \
        [(e.player, e.total) for e in source.result().ranking]
    from referee.core.errors import GameOver

    with pytest.raises(GameOver):
        other.play_listed("flip")
