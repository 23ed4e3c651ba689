"""The site's El Capitan picture drawn from the light picture view (issue 25) is the picture the whole view
drew: at every step of random games, every piece and the size, in both languages; and a play's replay data
(what the page embeds) is the same."""

import random

import pytest

import referee
from referee import i18n
from referee.club.site import boards, build


def _steps(seed, n_players, limit, title="el-capitan"):
    rng = random.Random(seed)
    game = referee.new_game(title, [f"P{i}" for i in range(1, n_players + 1)])
    yield game
    for _ in range(limit):
        if game.finished:
            return
        legal = game.legal_moves()
        game.play(legal[int(rng.random() * len(legal))].text)
        yield game


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("seed,n", [(1, 2), (2, 3), (3, 4)])
def test_the_picture_view_draws_the_same_board(seed, n, lang):
    memo_full, memo_light = {}, {}
    with i18n.using(lang):
        for game in _steps(seed, n, 400):
            # the light view kept from step to step (as a replay keeps it: in the picture's memo) and made afresh
            full, light = game.view(), build._picture_view(game, memo_light)
            assert build._picture_view(game) == light
            assert boards.frame("el-capitan", light, memo_light) == boards.frame("el-capitan", full, memo_full)
            assert boards.size("el-capitan", light) == boards.size("el-capitan", full)
            assert boards.frame("el-capitan", light) == boards.frame("el-capitan", full)


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("seed,n", [(1, 2), (2, 3), (3, 5)])
def test_carcassonnes_picture_view_draws_the_same_map(seed, n, lang):
    """Carcassonne's light view (figures found from the figures, bare tiles shared from step to step) draws
    the map the whole view drew, figures placed and taken back at scoring included."""
    memo_full, memo_light = {}, {}
    figures = 0
    with i18n.using(lang):
        for game in _steps(seed, n, 1000, "carcassonne"):
            # the light view kept from step to step (as a replay keeps it: in the picture's memo) and made afresh
            full, light = game.view(), build._picture_view(game, memo_light)
            figures += sum(1 for t in full["board"] if t["figure"])
            assert [t for t in light["board"]] == full["board"]
            assert build._picture_view(game)["board"] == full["board"]
            assert boards.frame("carcassonne", light, memo_light) == boards.frame("carcassonne", full, memo_full)
            assert boards.size("carcassonne", light) == boards.size("carcassonne", full)
            assert boards.frame("carcassonne", light) == boards.frame("carcassonne", full)
    assert figures > 0


@pytest.mark.parametrize("title", ["el-capitan", "carcassonne", "port-royal", "puerto-rico"])
def test_a_replay_is_the_same_data(monkeypatch, title):
    game = None
    for game in _steps(5, 3, 250, title):
        pass
    light = build.replay_data(game)
    monkeypatch.setattr(build, "_picture_view", lambda g, memo=None: g.view())      # the whole view, as before
    assert build.replay_data(game) == light


def test_every_title_draws_from_a_light_view():
    """All four titles' site pictures come from light views (tests/site/test_light_views.py compares Port
    Royal's and Puerto Rico's with the whole view's picture)."""
    for title in ("port-royal", "puerto-rico", "el-capitan", "carcassonne"):
        game = referee.new_game(title, ["Ann", "Bob", "Cal"])
        assert build._picture_view(game) != game.view(), title
