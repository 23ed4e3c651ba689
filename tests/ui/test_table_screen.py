"""The full-screen table as a person sees it at 80x24 (pyte), driven through prompt-toolkit's pipe input."""

import pytest

from referee import session
from referee.store import Store
from referee.ui import table as table_app

from .screen import Driver


def _new(db, game="toy", players=("Ann", "Bob"), options=None):
    store = Store(db)
    return store, session.create(store, game, list(players), options or {})


def test_the_board_header_is_on_row_one_and_the_prompt_on_the_last_row(db, toy):
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        await d.keys("roll 2\r")
        rows = d.rows
        assert rows[0].startswith(f" Toy · {t.id} · Ann to move") and "⏱" in rows[0]
        assert rows[23].startswith("Ann>")
        assert any("✓ roll 2 (chance)" in r for r in rows)
        assert "Window too small" not in d.screen.text
    assert d.run(script) == 0
    assert store.read_live(t.id)["moves"] == ["roll 2"]


def test_a_refused_entry_stays_in_the_line_with_the_rule_in_red(db, toy):
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        await d.keys("roll 2\rdance\r")
        rows = d.rows
        assert rows[23] == "Ann> dance"                          # kept for correction
        assert "✗ 'dance' is not a toy move" in rows[22]
        assert d.screen.screen.buffer[22][0].fg == "red"
        await d.keys("\x15keep\r")                               # Ctrl-U clears it; the fix is applied
        assert d.rows[23] == "table>"                            # the next roll is the table's
    d.run(script)
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]


def test_moves_and_help_panes_replace_the_board_and_escape_closes_them(db, toy):
    store, t = _new(db)
    session.play(store, t, "roll 2")
    d = Driver(store, t)

    async def script(d):
        await d.keys("moves\r")
        assert "Ann: keep, give" in d.screen.text
        await d.keys("\x1b")
        assert "Ann: keep, give" not in d.screen.text and "Ann=0 Bob=0" in d.screen.text
        await d.keys("help\r")
        assert any(r.startswith("undo") for r in d.rows) and "Ctrl-D on an empty line leaves" in " ".join(d.rows)
    d.run(script)


def test_a_move_typed_while_another_window_played_is_shown_again_to_confirm(db, toy, monkeypatch):
    monkeypatch.setattr(table_app, "POLL", 60.0)      # the other window's move is not seen before Enter
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        await d.keys("roll 2")                           # typed at move 0 ...
        other = session.open_game(Store(db), t.id)
        session.play(Store(db), other, "roll 3")         # ... while another window rolled 3
        await d.keys("\r")
        rows = d.rows
        assert rows[23] == "Ann> roll 2"                  # kept, nothing applied
        assert "moved on in another window" in d.screen.text
        assert "Ann=0 Bob=0" in d.screen.text
        await d.keys("\x15keep\r")
    d.run(script)
    assert store.read_live(t.id)["moves"] == ["roll 3", "keep"]   # never roll 2 on top of roll 3


def test_a_change_from_another_window_is_shown_without_a_key(db, toy, monkeypatch):
    import asyncio

    monkeypatch.setattr(table_app, "POLL", 0.1)
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        other = session.open_game(Store(db), t.id)
        session.play(Store(db), other, "roll 3")
        await asyncio.sleep(0.4)
        # the move made elsewhere is logged as the table logs its own, marked as made elsewhere
        assert "✓ roll 3 (chance, entered elsewhere)" in d.screen.text
        assert d.rows[23].startswith("Ann>")
        session.undo(Store(db), other, 1)          # a move taken back elsewhere: said as a change
        await asyncio.sleep(0.4)
        assert "changed in another window" in d.screen.text
    d.run(script)
    assert t.game.moves == []


def test_undo_across_the_end_asks_first(db, toy):
    store, t = _new(db, options={"target": 2})
    d = Driver(store, t)

    async def script(d):
        await d.keys("roll 2\rkeep\r")
        assert "Final result" in d.screen.text and d.rows[23].startswith("game over>")
        await d.keys("undo\r")
        assert "This reopens the finished game" in " ".join(d.rows[21:23]) and d.rows[23] == "y/n>"
        await d.keys("n")
        assert store.get_archived(t.id) is not None and "Nothing was taken back" in d.screen.text
        await d.keys("undo\r")
        await d.keys("y")
        assert d.rows[23].startswith("Ann>")
    d.run(script)
    assert store.get_archived(t.id) is None and store.read_live(t.id)["moves"] == ["roll 2"]


def test_secret_shows_in_a_float_that_any_key_closes(db):
    store, t = _new(db, "puerto-rico", ("Ann", "Bob", "Cid"))
    d = Driver(store, t)

    async def script(d):
        await d.keys("secret ann\r")
        assert "Only Ann should look" in d.screen.text
        await d.keys("x")
        assert "Only Ann should look" not in d.screen.text
        assert d.rows[23].endswith(">")                  # the closing key was not typed into the line
    d.run(script)


def test_ctrl_d_on_an_empty_line_leaves(db, toy):
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        await d.keys("roll 1\r\x04")
    assert d.run(script) == 0
    assert store.read_live(t.id)["moves"] == ["roll 1"]


def test_the_game_clock_is_stored_when_entries_are_accepted(db, toy, monkeypatch):
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        d.table.clock.pending = 42.0               # as if the table had been open 42 s
        await d.keys("roll 2\r")
    d.run(script)
    assert store.read_live(t.id)["played_seconds"] >= 42


def test_a_terminal_resized_below_80x24_says_how_big_the_table_must_be(db, toy):
    store, t = _new(db)
    d = Driver(store, t)

    async def script(d):
        await d.resize(60, 16)
        await d.keys("")
        shown = " ".join(d.rows)
        assert "needs a terminal of at least 80x24" in shown and "60x16" in shown and f"play {t.id}" in shown
        await d.resize(80, 24)
        await d.keys("")
        assert d.rows[23].startswith("table>")
    d.run(script)


def test_a_small_terminal_falls_back_to_line_mode(db, toy):
    from prompt_toolkit.input import create_pipe_input

    from referee.ui.table import run_table

    from .screen import Screen

    store, t = _new(db)
    screen = Screen(60, 16)
    with create_pipe_input() as pipe:
        pipe.send_text("roll 2\rquit\r")
        assert run_table(store, t, input=pipe, output=screen.output) == 0
    assert "needs a terminal of at least 80x24 (this one is 60x16); using line mode" in screen.buf.getvalue()
    assert store.read_live(t.id)["moves"] == ["roll 2"]


def test_a_larger_terminal_shows_more(db):
    import random

    store, t = _new(db, "puerto-rico", ("Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"))
    rng = random.Random(2)
    for _ in range(150):
        session.play(store, t, rng.choice(t.game.legal_moves()).text)
    d = Driver(store, t)

    async def script(d):
        await d.keys("")
        small = d.rows
        in_full = "\n".join(small).count("island:")
        assert 1 <= in_full < 5                                   # the acting player in full, some others a line
        await d.resize(100, 30)
        await d.keys("")
        large = d.rows
        assert len(large) == 30 and "\n".join(large).count("island:") == 5 > in_full   # everyone in full
        assert large[0].startswith(" Puerto Rico · ") and ">" in large[29]
    d.run(script)


def test_tab_completes_a_legal_move_on_screen(db, toy):
    store, t = _new(db)
    session.play(store, t, "roll 2")
    d = Driver(store, t)

    async def script(d):
        await d.keys("ke")
        await d.keys("\t")
        assert d.rows[23] == "Ann> keep"
        await d.keys("\r")
    d.run(script)
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep"]


def test_a_table_command_never_shadows_a_move():
    from types import SimpleNamespace

    from referee.ui.table import Table

    class FakeGame:
        def find(self, text):
            if text == "q":
                return "take quarry"
            raise __import__("referee.core.errors", fromlist=["InvalidMove"]).InvalidMove("no")

        finished = False

    fake = SimpleNamespace(tracked=SimpleNamespace(game=FakeGame(), archived=False))
    assert Table._is_move(SimpleNamespace(over=lambda: False, game=FakeGame()), "q") is True
    assert Table._is_move(SimpleNamespace(over=lambda: False, game=FakeGame()), "quit") is False
    del fake


def test_the_game_clock_leaves_out_a_table_left_idle():
    from referee.ui.clock import Clock, shown

    now = [1000.0]
    clock = Clock(stored=60, now=lambda: now[0])
    now[0] += 30
    clock.tick()
    now[0] += 11 * 60                                  # nobody touched the table for 11 minutes
    assert clock.seconds() == 90
    clock.tick()
    now[0] += 5
    assert clock.take() == 35 and clock.seconds() == 95
    assert shown(95) == "1:35" and shown(3725) == "1:02:05"


def test_show_prints_the_board_at_the_terminals_width(db):
    from click.testing import CliRunner

    from referee.cli import cli

    store, t = _new(db, "puerto-rico", ("Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"))
    for columns in (60, 80, 120):
        out = CliRunner().invoke(cli, ["show", t.id], env={"COLUMNS": str(columns), "LINES": "40"}).output
        widths = [len(line) for line in out.splitlines()]
        assert max(widths) <= columns and "…" not in out
    assert max(widths) > 80


def _at_the_settler(store, t):
    while "settler" not in [m.text for m in t.game.legal_moves()]:
        session.play(store, t, t.game.legal_moves()[0].text)
    session.play(store, t, "settler")
    assert "take quarry" in [m.text for m in t.game.legal_moves()]


def test_q_at_the_settler_takes_the_quarry_and_does_not_leave_the_table(db):
    store, t = _new(db, "puerto-rico", ("Ann", "Bob", "Cid"))
    _at_the_settler(store, t)
    d = Driver(store, t)

    async def script(d):
        await d.keys("q")
        assert "take quarry" in d.rows[22]                     # the preview says what q is
        await d.keys("\r")
        assert any("✓ take quarry (Ann)" in r for r in d.rows)
        assert not d.table.app.is_done
    d.run(script)
    assert store.read_live(t.id)["moves"][-1] == "take quarry"


def test_q_at_the_settler_in_line_mode_takes_the_quarry_too(db):
    from tests.cli.test_table import drive

    store, t = _new(db, "puerto-rico", ("Ann", "Bob", "Cid"))
    _at_the_settler(store, t)
    code, text = drive(store, t, "q\rquit\r")
    assert code == 0 and store.read_live(t.id)["moves"][-1] == "take quarry"


def test_a_pane_longer_than_the_screen_scrolls_with_page_down(db):
    store, t = _new(db, "puerto-rico", ("Ann", "Bob", "Cid"))
    d = Driver(store, t)

    async def script(d):
        await d.keys("help\r")
        rows = d.rows
        assert "more lines: PgDn" in rows[-5] or any("more lines: PgDn" in r for r in rows)
        first = rows[1]
        await d.keys("\x1b[6~")                                # PgDn
        rows = d.rows
        assert "▲ PgUp" in rows[1] and rows[2] != first
        await d.keys("\x1b[5~" * 10)                           # PgUp back to the top
        assert d.rows[1] == first
        assert d.rows[23].startswith("Ann>") or d.rows[23].startswith("table>")
    d.run(script)


def test_a_game_finished_in_another_window_shows_its_result_here(db, toy, monkeypatch):
    import asyncio

    monkeypatch.setattr(table_app, "POLL", 0.1)
    store, t = _new(db, options={"target": 2})
    d = Driver(store, t)

    async def script(d):
        other = session.open_game(Store(db), t.id)
        session.play(Store(db), other, "roll 2")
        session.play(Store(db), other, "keep")
        await asyncio.sleep(0.5)
        await d.keys("")
        shown = d.screen.text
        assert "finished in another window" in shown and "Final result" in shown and "Winner: Ann" in shown
        assert d.rows[23] == "game over>"
        other = session.open_game(Store(db), t.id)
        session.undo(Store(db), other, 1, **({"reopen": True} if "reopen" in
                                              __import__("inspect").signature(session.undo).parameters else {}))
        await asyncio.sleep(0.5)
        await d.keys("")
        assert "reopened in another window" in d.screen.text and d.rows[23].startswith("Ann>")
    d.run(script)
    assert store.read_live(t.id)["moves"] == ["roll 2"]


def test_a_name_that_looks_like_markup_is_shown_as_typed(db):
    name = "<b>Ann</b> :smile:"
    store, t = _new(db, "port-royal", (name, "Bob", "Cid"))
    d = Driver(store, t)

    async def script(d):
        await d.keys("")
        shown = d.screen.text
        assert f"{name} to move" in shown and d.rows[23].startswith(f"{name}")
        assert "😄" not in shown
    d.run(script)


def test_a_board_of_exactly_nineteen_rows_fills_the_board_area_at_80x24(db):
    """The board area at 80x24 is 19 rows (status, log, preview and prompt take the other 5). A board tier that
    is a rich Group ends in a newline; it must count as the 19 rows it shows, not 20 (which picked a smaller
    tier and left a row empty)."""
    import random

    from referee.ui import fit

    store, t = _new(db, "port-royal", ("Ann", "Bob", "Cyril"))
    rng = random.Random(0)
    for _ in range(15):
        session.play(store, t, rng.choice(t.game.legal_moves()).text)
    fullest = fit.to_ansi(fit.tiers(t.game, 80, 19)[0], 80, color=False).rstrip("\n").split("\n")
    assert len(fullest) == 19 and "…" not in "".join(fullest)     # the position this test is about
    d = Driver(store, t)

    async def script(d):
        await d.keys("")
        rows = d.rows
        assert rows[0].startswith(" Port Royal · ")
        assert rows[1:20] == [line.rstrip() for line in fullest]     # the fullest tier, all 19 rows of it
        assert not any("PgDn" in r for r in rows)
        assert rows[23].startswith("Ann>") or ">" in rows[23]
    d.run(script)
