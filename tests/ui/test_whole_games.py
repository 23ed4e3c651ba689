"""Whole games of each title typed at the full-screen table at 80x24: at every checkpoint the status line is
on row 1, the prompt on row 24, the board fits without scrolling, and no "…" cuts anything shown."""

import asyncio
import random

import pytest

import referee
from referee import session
from referee.store import Store

from .screen import Driver

NAMES = ["Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"]
CASES = [("port-royal", 5, 500, 0), ("puerto-rico", 5, 600, 2), ("carcassonne", 5, 400, 0),
         ("el-capitan", 5, 420, 0)]


def entries(game_id, n, limit, seed):
    """A random playout's moves as the table is typed: the chance events it enters itself (the only possible
    outcome) are left out."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, NAMES[:n], {})
    typed = []
    while not game.finished and len(game.moves) < limit:
        legal = game.legal_moves()
        move = rng.choice(legal)
        if not (len(legal) == 1 and move.chance):
            typed.append((len(game.moves), move.text))
        game.play(move.text)
    return typed, len(game.moves)


def check_screen(d, name):
    rows = d.rows
    assert rows[0].startswith(f" {name} · "), rows[0]
    assert ">" in rows[23] and not rows[23].startswith(" "), rows[23]
    shown = "\n".join(rows)
    if d.table.over():     # the result over the board, which then scrolls (PgDn)
        assert "Final result" in shown and rows[23] == "game over>" and "…" not in shown
        assert "Winner: " in shown or "Shared win: " in shown
        return
    assert "…" not in shown, shown
    assert "more lines: PgDn" not in shown, shown          # the board fits: nothing scrolled away
    assert "Window too small" not in shown


@pytest.mark.parametrize("game_id,n,limit,seed", CASES)
def test_a_game_typed_at_the_table_fits_80x24(db, game_id, n, limit, seed):
    store = Store(db)
    tracked = session.create(store, game_id, NAMES[:n])
    typed, total = entries(game_id, n, limit, seed)
    name = tracked.game.rules.name
    d = Driver(store, tracked)

    async def script(d):
        for start in range(0, len(typed), 40):
            chunk = typed[start:start + 40]
            d.pipe.send_text("".join(text + "\r" for _, text in chunk))
            want = chunk[-1][0] + 1
            for _ in range(400):
                await asyncio.sleep(0.02)
                if len(tracked.game.moves) >= want and not d.table.app.invalidated:
                    break
            assert d.table.message[1] == "", d.table.message
            await d.keys("")
            check_screen(d, name)

    d.run(script)
    assert len(tracked.game.moves) >= total     # and the table entered a last forced chance event itself
