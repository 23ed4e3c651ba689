"""Whole games of each title typed at the full-screen table at 80x24: at every checkpoint the status line is
on row 1, the prompt on row 24, the board fits without scrolling, and no "…" cuts anything shown."""

import asyncio
import random

import pytest

import referee
from referee import session
from referee.store import Store
from referee.ui import wrap

from .screen import Driver

NAMES = ["Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"]
CASES = [("port-royal", 5, 500, 0), ("puerto-rico", 5, 600, 2), ("carcassonne", 5, 400, 0)]
# El Capitan to its end (phase 3 and the result): a table-like game (EC_SEED, 5 players, about 1,000 moves);
# typed through the Application (about 20 s on a loaded machine); tests/ui/test_el_capitan_screen.py checks
# more phase-3 boards at 80x24 through the same fitting code
EC_SEED = 3
ACTION_WORDS = ("build", "reopen", "fortress", "loan", "end")


def table_choice(legal, rng):
    """As a table plays El Capitan (benchmarks/bench_el_capitan.py `table_choices`): half the time the turn's
    action or `end` when one is listed, so that a game ends in about 1,000 moves instead of 5,000."""
    if rng.random() < 0.5 and not legal[0].chance:
        acts = [m for m in legal if m.text.startswith(ACTION_WORDS)]
        if acts:
            legal = acts
    return legal[int(rng.random() * len(legal))]


def entries(game_id, n, limit, seed, table_like=False):
    """A random playout's moves as the table is typed: the chance events it enters itself (the only possible
    outcome) are left out."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, NAMES[:n], {})
    typed = []
    while not game.finished and len(game.moves) < limit:
        legal = game.legal_moves()
        move = table_choice(legal, rng) if table_like else rng.choice(legal)
        if not (len(legal) == 1 and move.chance):
            typed.append((len(game.moves), move.text, getattr(game.state, "phase", None)))
        game.play(move.text)
    return typed, len(game.moves)


def chunks(typed, size=40, late=10):
    """The entries in runs of ``size``, a run ending where El Capitan's phase changes, and ``late`` at a time in
    its phase 3: a checkpoint at each."""
    run = []
    for entry in typed:
        if run and (len(run) >= (late if entry[2] == 3 else size) or entry[2] != run[0][2]):
            yield run
            run = []
        run.append(entry)
    if run:
        yield run


def check_screen(d, name):
    rows = d.rows
    assert rows[0].startswith(f" {name} · "), rows[0]
    assert ">" in rows[23] and not rows[23].startswith(" "), rows[23]
    # "… F2 shows all" ends a text too long for its rows, by design (issue 22 item 3): a cut with a sign
    shown = "\n".join(rows).replace(wrap.more_sign(), "")
    if d.table.over():     # the result over the board, which then scrolls (PgDn)
        assert "Final result" in shown and rows[23] == "game over>" and "…" not in shown
        assert "Winner: " in shown or "Shared win: " in shown
        return
    assert "…" not in shown, shown
    assert "more lines: PgDn" not in shown, shown          # the board fits: nothing scrolled away
    assert "Window too small" not in shown


@pytest.mark.parametrize("game_id,n,limit,seed", CASES)
def test_a_game_typed_at_the_table_fits_80x24(db, game_id, n, limit, seed):
    type_a_game(db, game_id, n, limit, seed)


def test_a_whole_el_capitan_game_typed_at_the_table_fits_80x24(db):
    phases = type_a_game(db, "el-capitan", 5, 10_000, EC_SEED, table_like=True)
    assert phases[-1] == "over" and 3 in phases, phases     # the checkpoints saw phase 3 and the result


def type_a_game(db, game_id, n, limit, seed, table_like=False):
    """Types the game 40 entries at a time, checking the screen after each chunk; returns the phases (El
    Capitan) or stages seen at the checkpoints."""
    store = Store(db)
    tracked = session.create(store, game_id, NAMES[:n])
    typed, total = entries(game_id, n, limit, seed, table_like)
    name = tracked.game.rules.name
    d = Driver(store, tracked)

    seen = []

    async def script(d):
        for chunk in chunks(typed):
            before = d.renders
            d.pipe.send_text("".join(text + "\r" for _, text, _ in chunk))
            want = chunk[-1][0] + 1
            # A chunk is read and played in one go (prompt-toolkit reads up to 1,024 bytes at once), then drawn:
            # the screen is checked after the first redraw that follows the chunk's last move. (Waiting for the
            # screen to stay quiet instead cost 0.12 s a checkpoint: most of these tests' time.)
            for _ in range(1000):
                await asyncio.sleep(0.01)
                if (len(tracked.game.moves) >= want and d.renders > before
                        and not d.table.app.invalidated):
                    break
            assert d.table.message[1] == "", d.table.message
            check_screen(d, name)
            phase = "over" if d.table.over() else getattr(tracked.game.state, "phase", None)
            if not seen or seen[-1] != phase:
                seen.append(phase)

    d.run(script)
    assert len(tracked.game.moves) >= total     # and the table entered a last forced chance event itself
    return seen
