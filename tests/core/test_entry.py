"""core/entry.play_entry: one line may hold the moves said in one breath; each is its own move, the line is
all-or-nothing, and a piece that is ambiguous or refused is refused as it is, never split to fit."""

import pytest

import referee
from referee.core.entry import is_table_command, play_entry
from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove


def started(toy):
    return referee.new_game(toy, ["Ann", "Bob"])


def test_one_move_is_one_move(toy):
    g = started(toy)
    assert [m.text for m in play_entry(g, "roll 3")] == ["roll 3"]


@pytest.mark.parametrize("line", ["roll 3, keep", "roll 3; keep", "keep then roll 2"])
def test_separators_and_joiners_split_a_line_into_moves(toy, line):
    g = started(toy)
    if line.startswith("keep"):
        g.play("roll 1")
    moves = play_entry(g, line)
    assert len(moves) == 2 and g.moves[-2:] == [m.text for m in moves]


def test_the_longest_leading_move_is_played_and_the_rest_read_from_the_new_position(toy):
    g = started(toy)
    g.play("roll 2")
    assert [m.text for m in play_entry(g, "keep roll 3, bob give")] == ["keep", "roll 3", "give"]
    assert g.view()["scores"] == [5, 0]          # Ann kept 2, Bob gave his 3 to Ann


def test_a_line_holds_one_players_moves_unless_a_piece_names_another(toy):
    g = started(toy)
    g.play("roll 2")
    with pytest.raises(IllegalMove, match=r"^In 'keep roll 3, give': 'give': give would be Bob's move, not Ann's: "
                                          r"enter it on its own line, or lead it with Bob's name\.$"):
        play_entry(g, "keep roll 3, give")
    assert g.moves == ["roll 2"]


def test_a_refused_piece_refuses_the_whole_line_and_names_the_piece(toy):
    g = started(toy)
    before = g.to_record()
    with pytest.raises(IllegalMove, match=r"^In 'roll 3, keep, keep': 'keep': Roll the die first\.$"):
        play_entry(g, "roll 3, keep, keep")
    assert g.moves == [] and g.to_record() == before


def test_a_word_that_is_no_move_refuses_the_line_with_nothing_applied(toy):
    g = started(toy)
    with pytest.raises(InvalidMove, match=r"^In 'roll 3, kep': 'kep': 'kep' is not a toy move"):
        play_entry(g, "roll 3, kep")
    assert g.moves == []


def test_an_ambiguous_piece_is_refused_as_ambiguous_never_split_differently(toy, monkeypatch):
    g = started(toy)
    g.play("roll 1")
    rules = g.rules
    real = rules.parse

    def parse(s, text):
        if text.startswith("keep give"):
            raise AmbiguousMove("'keep give' could be keep or give; say which.")
        return real(s, text)

    monkeypatch.setattr(rules, "parse", parse)
    with pytest.raises(AmbiguousMove, match=r"could be keep or give"):
        play_entry(g, "keep give")
    assert g.moves == ["roll 1"]


def test_a_game_may_read_the_line_itself_through_split_entry(toy, monkeypatch):
    g = started(toy)
    monkeypatch.setattr(g.rules, "split_entry", lambda s, text: ["roll 2", "keep"] if text == "2k" else None,
                        raising=False)
    assert [m.text for m in play_entry(g, "2k")] == ["roll 2", "keep"]


def test_table_commands_never_shadow_a_move(toy, monkeypatch):
    g = started(toy)
    g.play("roll 1")
    assert is_table_command(g, "quit") and is_table_command(g, "q") and is_table_command(g, "undo")
    assert not is_table_command(g, "keep") and not is_table_command(g, "k")   # 'k' is keep's abbreviation


def test_a_comma_inside_a_notations_word_is_not_a_separator():
    g = referee.new_game("carcassonne", ["Ann", "Bob"])
    play_entry(g, "draw tb:m")
    assert [m.text for m in play_entry(g, "place 0,-1 r90, city s")] == ["place 0,-1 r90", "city s"]


def test_a_pasted_wall_of_text_is_refused_in_one_sentence_quickly(toy):
    import time

    g = started(toy)
    t = time.perf_counter()
    with pytest.raises(InvalidMove, match=r"^The entry is 300 words long; enter at most 200 words at a time\.$"):
        play_entry(g, "k " * 300)
    with pytest.raises(InvalidMove):
        play_entry(g, "zzz " * 190)
    with pytest.raises(IllegalMove):
        play_entry(g, "roll 1, " + "zzz " * 190)
    assert g.moves == [] and time.perf_counter() - t < 5


@pytest.mark.parametrize("text", ["", "   ", ";", " , ; "])
def test_an_empty_entry_is_refused_in_one_sentence(toy, text):
    g = started(toy)
    with pytest.raises(InvalidMove):
        play_entry(g, text)
    assert g.moves == []


@pytest.mark.parametrize("text,why", [
    ("x" * 100000, r"^The entry is 100000 characters long; enter at most 1000 at a time\.$"),
    ("roll 1\x1b[31m", r"^The entry contains a control character; type the move again\.$"),
    ("\x00keep", r"control character")])
def test_hostile_entries_are_refused_without_echoing_them(toy, text, why):
    g = started(toy)
    with pytest.raises(InvalidMove, match=why):
        play_entry(g, text)
    assert g.moves == []
