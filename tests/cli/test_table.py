"""The interactive table driven through prompt-toolkit's pipe input."""

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee import session
from referee.store import Store
from referee.ui.table import run_line_table as run_table


class Capture(DummyOutput):
    def __init__(self):
        super().__init__()
        self.text = []

    def write(self, data):
        self.text.append(data)

    def write_raw(self, data):
        self.text.append(data)


def drive(store, tracked, keys):
    out = Capture()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        code = run_table(store, tracked, input=pipe, output=out)
    return code, "".join(out.text)


def test_moves_refusals_undo_and_quit(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    code, text = drive(store, t, "roll 2\rdance\rkeep\rroll 3\rundo\rmoves\rquit\r")
    assert code == 0
    assert "not a toy move" in text and "Took back: roll 3" in text and "roll 1, roll 2, roll 3" in text
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]


def test_game_end_shows_result(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    code, text = drive(store, t, "roll 2\rkeep\r\r")  # the last Enter leaves the finished table
    assert code == 0 and "Final result" in text and "Winner: Ann" in text
    assert store.get_archived(t.id)["result"]["winners"] == ["Ann"]


def test_the_last_move_can_be_taken_back_at_the_table(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    code, text = drive(store, t, "roll 2\rkeep\rundo\rn\rundo\ry\rgive\rquit\r")   # asked first: no, then yes
    assert code == 0 and "This reopens the finished game" in text and "Nothing was taken back" in text
    assert "Took back: keep" in text
    assert store.get_archived(t.id)["result"]["winners"] == ["Bob"]  # finished again, the other way


def test_a_change_from_another_window_is_announced(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    other = session.open_game(Store(db), t.id)
    session.play(store, other, "roll 3")  # typed in another window
    code, text = drive(store, t, "roll 1\rquit\r")
    assert "changed in another window" in text and "already rolled" in text
    assert store.read_live(t.id)["moves"] == ["roll 3"]


def test_eof_saves_and_leaves(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    code, text = drive(store, t, "roll 1\r\x04")
    assert code == 0 and f"referee play {t.id}" in text
    assert store.read_live(t.id)["moves"] == ["roll 1"]


def test_a_game_finished_in_another_window_shows_its_result_at_the_table(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    other = session.open_game(Store(db), t.id)
    session.play(Store(db), other, "roll 2"); session.play(Store(db), other, "keep")
    code, text = drive(store, t, "roll 1\rroll 1\r\rquit\r")   # before: each entry refused, for ever
    assert code == 0 and text.count("finished in another window") == 1
    assert "Final result" in text and "Winner: Ann" in text
    assert store.get_archived(t.id)["result"]["winners"] == ["Ann"] and not store.live_ids()


def test_undo_after_the_end_when_another_window_reopened_the_game(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    session.play(store, t, "roll 2"); session.play(store, t, "keep")
    other = session.open_game(Store(db), t.id)
    session.undo(Store(db), other, 1, reopen=True)
    code, text = drive(store, t, "undo\ry\rgive\rquit\r")    # refused, then back to the moves of the reopened game
    assert code == 0 and "changed in another window since it ended here" in text
    assert store.get_archived(t.id)["result"]["winners"] == ["Bob"]


def test_tab_completes_a_move_led_by_the_players_name(db, toy):
    from prompt_toolkit.document import Document

    from referee.ui.table import _completer

    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    session.play(store, t, "roll 2")
    complete = lambda typed: [c.text for c in _completer(t).get_completions(Document(typed), None)]
    assert complete("ann ") == ["Ann keep", "Ann give"]
    assert complete("ANN k") == ["Ann keep"]
    assert complete("bob k") == []              # not Bob's move: nothing offered under his name
    code, text = drive(store, t, "ann keep\rquit\r")
    assert "✓ keep (Ann)" in text and store.read_live(t.id)["moves"] == ["roll 2", "keep"]


def test_the_preview_of_a_move_led_by_a_name_says_whose_move_it_is(db, toy):
    from referee.ui.table import _preview

    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    assert _preview(t.game, "ann roll 2").startswith("✗ roll 2 is a table event (chance), not Ann's move")
    session.play(store, t, "roll 2")
    assert _preview(t.game, "Ann keep") == t.game.preview("keep")
    assert _preview(t.game, "bob keep") == "✗ It is Ann's turn, not Bob's: keep is Ann's move."


def test_the_live_bar_offers_the_moves_a_half_typed_word_begins(db, toy):
    # 'ke' is refused as a move ("not a toy move"), but it is only unfinished: the bar says what Tab completes
    from referee.ui.table import _preview

    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    session.play(store, t, "roll 2")
    assert t.game.preview("ke").startswith("✗")
    assert _preview(t.game, "ke") == "… Tab completes: keep"
    assert _preview(t.game, "kx").startswith("✗")          # nothing begins so: the refusal stands


def test_result_notes_are_printed_whole_under_the_table_and_facts_beside_the_totals():
    # a note wrapped to the width of a narrow results table read one or two words a line
    import io

    from rich.console import Console

    from referee.core.format import result_table
    from scoring import rank

    note = "Ann: 1 VP earned after the chips ran out is counted in the total (rule 6.3)."
    res = rank("port-royal", [("Ann", {"persons": 7}, 5), ("Bob", {"persons": 3}, 9)], notes=[note],
               facts={"Ann": {"coins": 5}, "Bob": {"coins": 9}})
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(result_table(res))
    lines = out.getvalue().splitlines()
    assert note in lines and any("Winner: Ann" in line for line in lines)
    assert any(line.replace("│", " ").split() == ["coins", "5", "9"] for line in lines)
