"""Nothing is misread (issue 13 item 3): the card typed is the card that sails, and every word and number
typed is honoured; otherwise the entry is refused with the rule and the game is unchanged."""

import pytest

import referee
from referee.games.el_capitan.board import CITY_INDEX
from tests.el_capitan.helpers import at, auto, new, texts, turn_of
from tests.el_capitan.test_turn import dest, give


def conn(a, b, price):
    a, b = sorted((CITY_INDEX[a], CITY_INDEX[b]))
    return ("c", a, b, price)


@pytest.fixture
def g():
    """Ann in Valencia holding Marseille 3s 2f, Constantinople 1s 2f, Tanger-Venezia 3f, Valencia-Tunis 2f."""
    g = new(4)
    give(g, "Ann", dest("marseille", 3, 2))
    give(g, "Ann", dest("constantinople", 1, 2))
    give(g, "Ann", conn("tanger", "venezia", 3))
    give(g, "Ann", conn("valencia", "tunis", 2))
    at(g, "Ann", "valencia")
    return auto(turn_of(g, "Ann"))


def refused(g, text, pattern, kind=referee.IllegalMove):
    before = (g.moves, g.view())
    with pytest.raises(kind, match=pattern):
        g.play(text)
    assert (g.moves, g.view()) == before


def test_a_card_that_cannot_make_the_trip_is_refused_not_swapped_for_one_that_can(g):
    # Marseille 3s 2f reaches Alexandria; the named Constantinople 1s 2f does not (3 steps from Valencia)
    assert "sail marseille 3s 2f to alexandria" in texts(g)
    refused(g, "sail constantinople 1s 2f to alexandria", r"constantinople 1s 2f has 1 seal: a sea route goes at most 1 city orthogonally.*Alexandria.*rule T5b")
    refused(g, "sail constantinople 1 2 to alexandria", r"rule T5b")
    refused(g, "sail const to alex", r"rule T5b")


def test_a_card_not_in_the_hand_is_refused_naming_the_hand(g):
    refused(g, "sail marseille 3s 9f to tunis", r"no card Marseille 3s 9f.*marseille 3s 2f.*rule T5")
    refused(g, "sail marseille 2s to tunis", r"You do not hold marseille 2s 3f; buy it first \(rule T3\)")
    refused(g, "sail tunis 1s 1f to venezia", r"no card Tunis 1s 1f")


def test_a_connection_card_in_the_other_order_is_that_card_never_a_destination_card(g):
    # before: 'sail tanger venezia' sailed Marseille 3s 2f to Venezia
    for text in ("sail tanger venezia", "sail venezia tanger", "sail venezia-tanger 3f", "sail tanger-venezia"):
        refused(g, text, r"connection card is used only from one of its two cities.*Valencia.*rule T6")
    assert g.play("sail tunis valencia 2f").text == "sail valencia-tunis 2f"


def test_a_destination_named_alone_must_be_reached_by_exactly_one_card(g):
    # Tunis is reached by Marseille 3s 2f and by Valencia-Tunis 2f: which one is played matters (T6, hand)
    refused(g, "sail to tunis", r"could be sail marseille 3s 2f to tunis, sail valencia-tunis 2f",
            referee.AmbiguousMove)
    refused(g, "sail tunis", r"could be", referee.AmbiguousMove)
    assert g.find("sail to athina").text == "sail marseille 3s 2f to athina"
    assert g.find("sail mars").text == "sail marseille 3s 2f"           # the destination use of its own card


def test_numbers_are_whole_never_a_start_of_another(g):
    g.state.turns = [1] * 4
    at(g, "Ann", "valencia")
    g.play("bank")
    g.state.stack[10] = 0           # only 16-florin loans are left (T13): before, 'loan 1' took one
    g._legal = None
    assert [t for t in texts(g) if t.startswith("loan")] == ["loan 16"]
    refused(g, "loan 1", r"legal now: loan 16")
    assert g.find("loan 16").text == "loan 16"


def reveal_game():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    g.play("layout venezia athina tunis constantinople")
    return g


@pytest.mark.parametrize("text, card", [
    ("marseille 3 4", "destination card marseille 3s 4f"),
    ("marseille 4f 3s", "destination card marseille 3s 4f"),        # units say which is which
    ("marseille 3f 4s", "destination card marseille 4s 3f"),        # before: read as 3s 4f
    ("marseille 3 seals 4 florins", "destination card marseille 3s 4f"),
    ("marseille 4 florins 3", "destination card marseille 3s 4f"),
])
def test_a_revealed_card_keeps_its_seals_and_price_as_typed(text, card):
    g = reveal_game()
    assert g.find(text).text == card


def test_a_revealed_card_from_the_other_pile_is_refused():
    g = reveal_game()
    refused(g, "connection card marseille 3 4", r"from the destination/sea-route pile, not a connection card")
    refused(g, "marseille 3s 4s", r"enter its city, seals and price")


def test_abbreviations_still_work_and_a_short_city_is_asked_for(g):
    assert g.find("s mars 3 2 to tun").text == "sail marseille 3s 2f to tunis"
    assert g.find("sa const").text == "sail constantinople 1s 2f"
    assert g.find("sail va-tu").text == "sail valencia-tunis 2f"
    refused(g, "sail marseille 3s 2f to t", r"'t' could be tanger or tunis", referee.AmbiguousMove)
