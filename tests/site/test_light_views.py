"""Port Royal's and Puerto Rico's boards on the site are drawn from light views (issue 25): each draws the
picture the whole view drew, at every step of random games, every piece and the size, in both languages."""

import random

import pytest

import referee
from referee import i18n
from referee.club.site import build
from referee.drawing import boards


def _steps(title, seed, n_players, limit):
    rng = random.Random(seed)
    game = referee.new_game(title, [f"P{i}" for i in range(1, n_players + 1)][:-1] + ["<b>&amp</b>"])
    yield game
    for _ in range(limit):
        if game.finished:
            return
        legal = game.legal_moves()
        game.play(legal[int(rng.random() * len(legal))].text)
        yield game


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("title,seed,n", [("port-royal", 1, 2), ("port-royal", 2, 4), ("port-royal", 3, 5),
                                          ("puerto-rico", 1, 3), ("puerto-rico", 2, 4), ("puerto-rico", 3, 5)])
def test_the_light_view_draws_the_same_board(title, seed, n, lang):
    memo_full, memo_light = {}, {}
    steps = 0
    with i18n.using(lang):
        for game in _steps(title, seed, n, 1500):
            full, light = game.view(), build._picture_view(game)
            assert boards.picture(title, light, memo_light) == boards.picture(title, full, memo_full)
            assert boards.frame(title, light) == boards.frame(title, full)
            steps += 1
    assert steps > 300 and game.finished
