"""The running counts the moves keep (each player's island tiles and building circles, state.recount): equal to
the board's count at every move of random games, counted again by relist after a correction, and check()
fails when one is out of step (a check that cannot fail is a defect)."""

import random

import pytest

import referee
from referee.games.puerto_rico.state import counts

from .helpers import give, new


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_counts_follow_the_board_in_random_games(n):
    rng = random.Random(n)
    for _ in range(2):
        g = referee.new_game("puerto-rico", ["P%d" % i for i in range(1, n + 1)],
                             options={"allow-decline-colonists": n % 2 == 1})
        while not g.finished:
            s = g.state
            assert (s.isl, s.bcirc) == counts(s)
            g.play(rng.choice(g.legal_moves()).text)


def test_a_correction_is_counted_again():
    g = new(4)
    give(g, 0, tiles={"coffee": 2, "quarry": 1}, buildings={"guild-hall": 0, "hospice": 1})
    s = g.state
    assert s.isl[0] == 4 and s.bcirc[0] == 2    # the starting tile, 2 coffee, a quarry; 1 circle each


@pytest.mark.parametrize("field", ["isl", "bcirc"])
def test_check_catches_a_count_out_of_step(field):
    g = new(4)
    give(g, 0, buildings={"small-market": 1})
    g.check()
    getattr(g.state, field)[0] += 1
    with pytest.raises(AssertionError):
        g.check()
