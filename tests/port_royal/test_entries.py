"""Port Royal at the table, one entry per thing that happens (issue 13 items 2, 3): a flipped card by its name
alone, several moves on one line, Enter's default, and nothing misread."""

import pytest

from referee.core.entry import play_entry
from referee.core.errors import AmbiguousMove, IllegalMove

from .helpers import flip, give, new, play, set_coins


def entry(g, text):
    moves = play_entry(g, text)
    g.check()
    return [m.text for m in moves]


@pytest.mark.parametrize("typed,card", [
    ("sailor-3-1", "sailor-3-1"), ("námořník 3", "sailor-3-1"), ("namornik 3", "sailor-3-1"),
    ("blue 2 3", "flute-2-3"), ("modrá 2 3", "flute-2-3"), ("flip sailor-3-1", "sailor-3-1"),
    ("FLIP Blue 2 3", "flute-2-3"), ("flip, blue 2 3", "flute-2-3"), ("tax swords", "tax-swords")])
def test_a_flipped_card_is_entered_by_its_name_alone_the_flip_implied(typed, card):
    g = new()
    assert entry(g, typed) == ["flip", card]
    assert g.log[0].player == "Ann" and g.log[1].chance


def test_the_flip_is_implied_again_after_an_answer_on_the_same_line():
    g = new()
    give(g, "Ann", "sailor-3-1")
    assert entry(g, "flute 1 1 repel sailor 5 2") == ["flip", "flute-1-1", "repel", "flip", "sailor-5-2"]


def test_a_card_in_the_harbour_is_not_taken_for_a_flip_without_the_word():
    g = new()
    flip(g, "sailor-3-1")
    with pytest.raises(IllegalMove, match=r"^sailor-3-1 is in the harbour: if Ann flipped another one, type "
                                          r"'flip sailor-3-1'; .*\(D1/T2\)\.$"):
        play_entry(g, "sailor-3-1")
    assert entry(g, "flip sailor-3-1") == ["flip", "sailor-3-1"]


def test_a_card_not_told_which_is_refused_with_nothing_applied():
    g = new()
    with pytest.raises(AmbiguousMove, match=r"could be sailor-3-1, sailor-5-2, sailor-7-3"):
        play_entry(g, "sailor")
    assert g.moves == []


def test_a_line_is_all_or_nothing():
    g = new()
    with pytest.raises(IllegalMove, match=r"^In 'sailor 3 1 repel': 'repel': "):
        play_entry(g, "sailor 3 1 repel")
    assert g.moves == []


def test_a_reflexive_second_s_does_not_pass_the_active_players_take():
    g = new()
    flip(g, "sailor-3-1")
    play(g, "s")
    for typed in ("s", "stop"):
        with pytest.raises(IllegalMove, match=r"^Ann has already stopped; this is phase 2: Ann may take a card, "
                                              r"or type 'pass' to take nothing \(T2\)\.$"):
            play_entry(g, typed)
    assert g.moves == ["flip", "sailor-3-1", "stop"]
    assert g.find("pass").text == "pass" and g.find("p").text == "pass"


def test_take_skull_takes_the_skull_ship():
    g = new()
    flip(g, "frigate-skull-3")
    play(g, "stop")
    assert g.find("take skull").text == "take frigate-skull-3"
    assert g.find("take the skull ship").text == "take frigate-skull-3"
    assert g.find("take lebka").text == "take frigate-skull-3"


def test_take_skull_names_both_when_two_lie_in_the_harbour():
    g = new()
    flip(g, "frigate-skull-3", "galleon-skull-4")
    play(g, "stop")
    with pytest.raises(AmbiguousMove, match=r"could be frigate-skull-3, galleon-skull-4"):
        g.find("take skull")
    assert g.find("take black skull").text == "take galleon-skull-4"


def test_enter_flips_at_the_start_of_a_turn_and_nowhere_a_choice_is_made():
    g = new()
    assert g.default_move().text == "flip"
    flip(g, "sailor-3-1")
    assert g.default_move() is None                   # flip again or stop: the player's choice
    play(g, "flip")
    assert g.default_move() is None                   # the card shown must be typed


def test_enter_does_not_flip_when_a_claim_is_possible():
    # a bust on the first flip would end the turn before the claim (E1, D6): flipping is a choice then
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa")
    play(g, "stop", "end")
    for name in ("Bob", "Cal"):
        assert g.view()["active"] == name and g.default_move().text == "flip"
        flip(g, "tax-swords")
        play(g, "stop")
    assert g.view()["active"] == "Ann" and "claim expedition-aa" in [m.text for m in g.legal_moves()]
    assert g.default_move() is None


def test_the_preview_of_an_entry_agrees_with_what_enter_plays():
    from referee.core.entry import preview_entry

    g = new()
    assert preview_entry(g, "sailor 3 1") == "→ flip, sailor-3-1: Sailor, cost 3, 1 influence"
    assert preview_entry(g, "flip") == "→ flip"
    assert preview_entry(g, "sailor").startswith("✗ 'sailor' could be sailor-3-1, sailor-5-2")
    assert g.moves == []


def test_the_active_players_name_may_lead_a_flipped_card():
    g = new()
    assert entry(g, "Ann sailor 3 1") == ["flip", "sailor-3-1"]
    with pytest.raises(IllegalMove, match=r"^It is Ann's turn: only Ann flips cards, not Bob \(D1\)\.$"):
        play_entry(g, "Bob blue 2 3")                  # not Bob's turn: never a flip for Ann
    assert g.moves == ["flip", "sailor-3-1"]


def test_man_page_one_entry_per_thing_example_plays_as_printed():
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "man" / "referee-port-royal.7"
    text = page.read_text()
    block = text[text.index("The same turn, one entry per thing"):text.index("Refusals name the rule")]
    block = block[block.index(".nf") + 3:block.index(".fi")].replace("\\-", "-")
    g = new(3)
    lines = [re.split(r"\s{2,}", line[2:])[0] for line in block.strip().splitlines()]
    for line in lines:
        play_entry(g, line)
    assert g.view()["active"] == "Bob" and len(lines) == 5
    assert g.view()["players"][0]["persons"] == {"sailor-3-1": 1}


@pytest.mark.parametrize("typed", ["sailor 3 1,", "sailor 3 1.", "sailor 3 1 ;", "flip, sailor 3 1."])
def test_trailing_punctuation_typed_in_a_hurry_is_no_word(typed):
    assert entry(new(), typed) == ["flip", "sailor-3-1"]


def test_a_second_take_that_would_be_the_next_players_is_refused_not_handed_to_him():
    g = new()
    set_coins(g, "Ann", 6)
    flip(g, "sailor-3-1", "flute-1-1")
    with pytest.raises(IllegalMove, match=r"^In 'stop take sailor take flute': 'take flute': take flute-1-1 would "
                                          r"be Bob's move, not Ann's"):
        play_entry(g, "stop take sailor take flute")
    assert g.moves[-1] == "flute-1-1"
    assert entry(g, "stop take sailor, bob take flute") == ["stop", "take sailor-3-1", "take flute-1-1"]
