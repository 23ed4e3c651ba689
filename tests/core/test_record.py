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
