"""El Capitan's phase-3 boards at 80x24, drawn as the table draws them (ui/fit.py with the game's tiers): the
board fits the table's 19 board rows (24 less the status, log, preview and prompt), nothing is cut with "…",
and every card id the player may type (the hand of the player to move, the face-up cards) stands whole on one
line. The positions come from table-like games (tests/ui/test_whole_games.py types a whole one at the
screen)."""

import random

import pytest

import referee
from referee.games.el_capitan.notation import card_label
from referee.ui import fit

from .test_whole_games import NAMES, table_choice

BOARD_ROWS = 19
# (players, seed) of table-like games that reach phase 3 with long hands (up to 13 cards); one 5-player game
# of the benchmark's policy (seed 1) hoards 20+ cards and 45 loans, beyond what a table holds: not here
GAMES = [(5, 3), (4, 0), (2, 1)]


def phase_3_positions(n, seed, every=8):
    rng = random.Random(seed)
    game = referee.new_game("el-capitan", NAMES[:n], {})
    while not game.finished:
        if game.state.phase == 3 and len(game.moves) % every == 0:
            yield game
        game.play(table_choice(game.legal_moves(), rng).text)


@pytest.mark.parametrize("n,seed", GAMES)
def test_phase_3_boards_fit_80x24_with_every_card_whole(n, seed):
    seen = 0
    for game in phase_3_positions(n, seed):
        plain = fit.board_text(game, 80, BOARD_ROWS, color=False)
        lines = plain.splitlines()
        # the rows shown (ui/fit.py drops the newline a rich Group ends with)
        assert "…" not in plain and plain.count("\n") + 1 <= BOARD_ROWS, plain
        assert max(len(line) for line in lines) <= 80, plain
        assert lines[-1].startswith("Connections:") or "Connections:" in plain, plain
        s = game.state
        to_move = game.to_move
        hand = next(pv["hand"] for pv in game.rules.view(s)["players"] if pv["name"] == to_move) \
            if to_move in s.players else []
        for card in hand + [card_label(c) for c in s.face["d"] + s.face["c"]]:
            assert any(card in line for line in lines), (card, plain)     # whole, on one line
        seen += 1
    assert seen >= 10       # the game did reach phase 3


def test_the_smallest_tier_keeps_a_long_hand_whole():
    """A phase-3 position whose hand of 11 cards takes several lines in the 19 rows: every card whole on one."""
    rng = random.Random(1)
    game = referee.new_game("el-capitan", NAMES[:5], {})
    while not game.finished and len(game.moves) < 951:
        game.play(table_choice(game.legal_moves(), rng).text)
    assert game.state.phase == 3
    plain = fit.board_text(game, 80, BOARD_ROWS, color=False)
    assert plain.count("\n") + 1 <= BOARD_ROWS and "…" not in plain, plain
    assert "hand: " in plain, plain
    hand = next(pv["hand"] for pv in game.rules.view(game.state)["players"] if pv["name"] == game.to_move)
    assert len(hand) >= 11
    for card in hand:
        assert any(card in line for line in plain.splitlines()), card
