"""What a player types that names a real card which is not where the move needs it."""

import pytest

import referee


@pytest.fixture
def phase2():
    g = referee.new_game("port-royal", ["Ann", "Bob"])
    for t in ("flip", "flute-5-3", "stop"):
        g.play(t)
    return g


def test_taking_a_person_not_in_the_harbour_names_the_rule(phase2):
    with pytest.raises(referee.IllegalMove, match=r"no sailor in the harbour.*\(T9\)"):
        phase2.play("take sailor")


def test_taking_by_type_or_colour_resolves_within_the_harbour(phase2):
    assert phase2.find("take blue").text == phase2.find("take flute").text == "take flute-5-3"


def test_revealing_a_card_type_with_no_copy_left(phase2):
    g = referee.new_game("port-royal", ["Ann", "Bob"])
    g.play("flip")
    assert g.find("governor").text == "governor-8-0"
