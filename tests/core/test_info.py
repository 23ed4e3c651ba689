"""`referee games` reads each game's light info module; it must agree with the engine itself."""

import importlib
import subprocess
import sys

import pytest

from referee.core.registry import GAMES, get_rules

REAL = [g for g in GAMES if g != "toy"]


@pytest.mark.parametrize("game_id", REAL)
def test_info_agrees_with_the_engine(game_id):
    info = importlib.import_module(GAMES[game_id][0]).info
    rules = get_rules(game_id)
    assert (info.ID, info.NAME, info.MIN_PLAYERS, info.MAX_PLAYERS) == (
        rules.id, rules.name, rules.min_players, rules.max_players)
    assert info.OPTIONS == rules.options


def test_listing_games_loads_no_engine():
    code = ("import sys, referee; referee.available_games(); "
            "print(sorted(m for m in sys.modules if m.startswith('referee.games.') and m.count('.') == 3))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert all(m.endswith(".info") for m in eval(out)), out
