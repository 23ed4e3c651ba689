"""Puerto Rico at the table (issue 13 items 2, 3): several moves on one line, every word and number honoured,
'p' and 'q' read as the moves they abbreviate, and Enter only where the move is forced."""

import pytest

import referee
from referee.core.entry import is_table_command, play_entry
from referee.core.errors import IllegalMove, InvalidMove

from .helpers import give, new, texts


def test_the_turned_up_plantations_on_one_line():
    g = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal", "Dan"])
    assert [m.text for m in play_entry(g, "corn indigo sugar, tobacco coffee")] == [
        "reveal corn", "reveal indigo", "reveal sugar", "reveal tobacco", "reveal coffee"]
    assert g.to_move == "Ann"


def test_reveal_words_on_one_line_and_all_or_nothing():
    g = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal"])
    with pytest.raises(IllegalMove, match=r"^In 'reveal corn indigo quarry corn': 'quarry': Quarries are never"):
        play_entry(g, "reveal corn indigo quarry corn")
    assert g.moves == []
    assert len(play_entry(g, "reveal corn reveal indigo then sugar coffee")) == 4


def mayor_game():
    g = new(4)
    give(g, 0, tiles={"corn": 2, "sugar": 1}, buildings={"small-market": 0, "indigo-plant": 0}, san_juan=1)
    g.play("mayor")                                   # Ann places 3 colonists
    return g


@pytest.mark.parametrize("typed,placed", [
    ("place 2 indigo-plant", ["place indigo-plant"] * 2), ("2 corn", ["place corn"] * 2),
    ("place 2 corn", ["place corn"] * 2), ("1 sugar", ["place sugar"])])
def test_a_count_of_colonists_places_that_many(typed, placed):
    g = mayor_game()
    assert [m.text for m in play_entry(g, typed)] == placed
    g.check()


def test_a_count_that_does_not_fit_is_refused_never_dropped():
    # (a rigged game cannot be undone by replay: a fresh one for each refusal)
    g = mayor_game()
    with pytest.raises(IllegalMove, match=r"^Ann has 3 colonists left to place, not 4 \(rule 5\.3 M3\)\.$"):
        play_entry(g, "place 4 indigo-plant")
    assert g.moves == mayor_game().moves
    with pytest.raises(IllegalMove, match=r"^In '2 sugar': 'place sugar': All your sugar circles already"):
        play_entry(mayor_game(), "2 sugar")            # one sugar tile: one circle
    with pytest.raises(IllegalMove, match=r"no empty circle"):
        play_entry(mayor_game(), "2 small-market")


def test_a_number_no_move_takes_is_refused():
    g = new(4)
    with pytest.raises(IllegalMove, match=r"^The number 3 does not fit the builder"):
        g.play("builder 3")


def test_prospector_by_its_doubloons_never_the_other_one():
    g = new(5)
    s = g.state
    s.card_coins[6], s.bank = 1, s.bank - 1
    from .helpers import refresh
    refresh(g)
    assert {"prospector 1", "prospector 0"} <= set(texts(g))
    assert g.find("prospector 1").text == "prospector 1"
    with pytest.raises(IllegalMove, match=r"^No prospector on the table carries 5 doubloons; they carry 0 "
                                          r"doubloons and 1 doubloon"):
        g.play("prospector 5")


def test_prospector_with_a_number_when_both_carry_the_same():
    g = new(5)
    assert g.find("prospector 0").text == "prospector"
    with pytest.raises(IllegalMove, match=r"^No prospector on the table carries 1 doubloon; they carry 0 "):
        g.play("prospector 1")


def test_hacienda_and_the_tile_drawn_on_one_line():
    g = new(4)
    give(g, 0, buildings={"hacienda": 1})
    g.play("settler")
    assert [m.text for m in play_entry(g, "hacienda coffee")] == ["hacienda", "draw coffee"]
    assert g.to_move == "Ann"                          # now she takes a face-up plantation


def test_p_is_pass_in_the_builder_phase_and_place_in_the_mayor_phase():
    g = new(4)
    g.play("builder")
    assert g.find("p").text == "pass"
    assert mayor_game().find("p corn").text == "place corn"


def test_q_at_the_settler_prompt_is_the_quarry_not_quit():
    g = new(4)
    g.play("settler")
    assert g.find("q").text == "take quarry"
    assert not is_table_command(g, "q")
    assert is_table_command(g, "quit") and is_table_command(g, "undo")
    g.play("take corn")                               # Bob may not take a quarry: 'q' is the table's again
    assert is_table_command(g, "q")


def test_two_things_in_one_move_are_not_silently_cut():
    g = new(4)
    g.play("settler")
    with pytest.raises(IllegalMove, match=r"would be Bob's move, not Ann's"):
        play_entry(g, "take corn take indigo")
    assert g.moves == new(4).moves + ["settler"]
    with pytest.raises(InvalidMove, match=r"names more than one move"):
        g.play("take corn indigo")


def test_a_role_and_a_pass_on_one_line_are_two_moves():
    g = new(4)
    assert [m.text for m in play_entry(g, "builder, pass")] == ["builder", "pass"]
    with pytest.raises(InvalidMove, match=r"names more than one move"):
        new(4).play("builder pass")                    # never 'builder' with the pass dropped


def test_enter_plays_only_a_forced_move():
    g = new(4)
    assert g.default_move() is None                   # choosing a role is a choice
    g.play("builder")
    assert g.default_move() is None


def test_a_load_with_two_ships_or_two_counts_is_refused_not_cut():
    g = new(4)
    give(g, 0, goods={"corn": 3})
    g.play("captain")
    assert g.find("load 3 corn 5").text == "load corn 5"
    for typed in ("load corn 5 6", "load 3 2 corn 5"):
        with pytest.raises(IllegalMove, match=r"^A load names one count and one ship, e.g. 'load 3 corn 6'"):
            g.find(typed)
