"""A move led by a player's name ('Bob keep'), as said at the table: played as that player's move, or refused
naming whose move it is, whether the game's notation reads names itself or not."""

import pytest

import referee
from referee.core.errors import IllegalMove
from referee.session import play_named


def started(toy):
    g = referee.new_game(toy, ["Ann", "Bob"])
    g.play("roll 3")
    return g                                    # Ann keeps or gives


def test_the_named_player_plays_his_move(toy):
    g = started(toy)
    assert play_named(g, "ann keep").text == "keep" and g.moves == ["roll 3", "keep"]


def test_another_players_name_is_refused_and_nothing_changes(toy):
    g = started(toy)
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bob's"):
        play_named(g, "Bob keep")
    assert g.moves == ["roll 3"]


def test_a_notation_that_reads_names_itself_is_still_checked(toy, monkeypatch):
    # Port Royal's notation reads 'bob pass' itself; once it read it as the active player's stop (D5)
    from tests.core.toy import ToyRules

    original = ToyRules.parse

    def reads_names(self, s, text):
        words = text.split()
        if words and words[0] in ("ann", "bob"):
            text = " ".join(words[1:])
        return original(self, s, text)

    monkeypatch.setattr(ToyRules, "parse", reads_names)
    g = started(toy)
    with pytest.raises(IllegalMove, match="It is Ann's turn, not Bob's"):
        play_named(g, "bob keep")
    assert g.moves == ["roll 3"]
    assert play_named(g, "ann give").text == "give"
