"""The boards' fitting tiers (ui/fit.py): at 80 columns and the table's 19 board rows, long names stay
whole and nothing is cut with "…"; a larger size gets a fuller tier."""

import random

import pytest

import referee
from referee.ui import fit

LONG = ["Alexandra Konstantinova-Nová", "Bartholomew Maximilian Smith", "Cecilie Dvořáková-Procházková",
        "Dominik Svatopluk Horáček", "Eleonora Wilhelmina Jones"]      # up to 30 characters, as allowed


@pytest.mark.parametrize("game_id", ["port-royal", "puerto-rico", "carcassonne", "el-capitan"])
def test_long_names_are_never_cut_at_80_columns(game_id):
    game = referee.new_game(game_id, LONG, {})
    rng = random.Random(5)
    for step in range(160):
        if game.finished:
            break
        if step % 40 == 0:
            plain = fit.board_text(game, 80, 19, color=False)
            assert "…" not in plain
            assert max(len(line) for line in plain.splitlines()) <= 80
            assert " ".join(plain.split()).count(game.to_move or LONG[0].split()[0]) >= 1
            for name in LONG:
                # whole where shown (El Capitan's cities show colours, its players one line each)
                for part in name.split():
                    assert part in plain or game_id == "carcassonne" and part in " ".join(plain.split())
        game.play(rng.choice(game.legal_moves()).text)


def test_a_larger_board_area_gets_a_fuller_tier():
    game = referee.new_game("puerto-rico", LONG, {})
    rng = random.Random(1)
    for _ in range(120):
        game.play(rng.choice(game.legal_moves()).text)
    small = fit.board_text(game, 80, 19, color=False)
    large = fit.board_text(game, 120, 60, color=False)
    assert 1 <= small.count("island:") < 5 and "┏" not in small  # some players in full, the others a line
    assert "┏" in large and all(name in large for name in LONG)    # the whole table, every player in full
    assert len(large.splitlines()) > len(small.splitlines())


@pytest.mark.parametrize("game_id", ["port-royal", "puerto-rico", "carcassonne", "el-capitan"])
def test_the_czech_boards_fit_80x24_too(game_id):
    from referee import i18n

    game = referee.new_game(game_id, LONG, {})
    rng = random.Random(7)
    with i18n.using("cs"):
        for step in range(160):
            if game.finished:
                break
            if step % 40 == 0:
                plain = fit.board_text(game, 80, 19, color=False)
                assert "…" not in plain and plain.count("\n") + 1 <= 19, plain
            game.play(rng.choice(game.legal_moves()).text)
        assert i18n._("Final result") == "Konečný výsledek"
