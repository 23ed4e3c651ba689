"""Random legal playouts through the public API: invariants after every move, every game ends, records replay."""

import random

import pytest

import referee
from tests.playout import random_playout

from referee.games.port_royal import cards as C

from .helpers import new

OPTIONS = [{}, {"end": "expedition-end"}, {"reshuffle": "immediate"}, {"empty-stop": False}, {"exhausted": "end"},
           {"must-take": True}, {"coin-faces": True}]


def _names(n):
    return ["Ann", "Bob", "Cal", "Dan", "Eve"][:n]


def _check_game(g):
    assert g.finished
    res = g.result()
    assert len(res.ranking) == len(g.players)
    assert res.winners or res.notes
    v = g.view()
    assert all(p["coins"] >= 0 for p in v["players"])
    back = referee.load_record(g.to_record())
    assert back.view() == v
    assert back.finished and back.result().to_dict() == res.to_dict()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts(n):
    for seed in range(75):
        opts = OPTIONS[seed % len(OPTIONS)]
        g = random_playout("port-royal", _names(n), seed * 7 + n, options=opts)
        _check_game(g)


def test_record_replay_mid_game_gives_same_view_and_legal_moves():
    rng = random.Random(5)
    for n in (2, 3, 4, 5):
        g = new(n)
        for step in range(400):
            if g.finished:
                break
            g.play(rng.choice(g.legal_moves()).text)
            if step % 37 == 0:
                back = referee.load_record(g.to_record())
                assert back.view() == g.view()
                assert [m.text for m in back.legal_moves()] == [m.text for m in g.legal_moves()]
                assert back.to_move == g.to_move and back.prompt() == g.prompt()


def test_undo_restores_the_previous_state():
    rng = random.Random(11)
    g = new(4)
    for _ in range(300):
        if g.finished:
            break
        before = (g.view(), [m.text for m in g.legal_moves()])
        g.play(rng.choice(g.legal_moves()).text)
        g.undo()
        assert (g.view(), [m.text for m in g.legal_moves()]) == before
        g.play(rng.choice(g.legal_moves()).text)


def test_every_listed_move_is_accepted_and_chance_moves_are_only_possible_cards():
    rng = random.Random(3)
    g = new(3)
    for _ in range(300):
        if g.finished:
            break
        legal = g.legal_moves()
        chance = [m for m in legal if m.chance]
        assert not chance or len(chance) == len(legal)       # a flip's card is never mixed with decisions
        for m in legal:
            assert g.find(m.text) == m
            if m.chance:
                assert m.player is None and g.state.ub[C.INDEX[m.text]] > 0
            else:
                assert m.player in g.players or m.text == "reshuffle"
        g.play(rng.choice(legal).text)
        g.check()


def test_prompts_and_renders_never_fail_during_play():
    from rich.console import Console

    console = Console(file=open("/dev/null", "w"), width=100)
    rng = random.Random(8)
    g = new(5)
    step = 0
    while not g.finished:
        assert g.prompt()
        step += 1
        if step % 15 == 0:
            console.print(g.render())
        g.play(rng.choice(g.legal_moves()).text)
    console.print(g.render())


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_random_playouts(n):
    for seed in range(1000):
        g = random_playout("port-royal", _names(n), 10_000 + seed, options=OPTIONS[seed % len(OPTIONS)])
        _check_game(g)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_deep_invariants_during_random_play(n):
    from referee.games.port_royal.rules import deep_check

    rng = random.Random(100 + n)
    for k in range(6):
        g = new(n, **({"reshuffle": "immediate"} if k % 2 else {}))
        while not g.finished:
            g.play(rng.choice(g.legal_moves()).text)
            deep_check(g.state)
