"""Typed text in every phase: only the referee's own one-sentence errors, and a refusal changes nothing."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from referee.core.errors import RefereeError
from referee.games.port_royal import cards as C
from referee.games.port_royal.notation import VERBS

from .helpers import new

WORDS = sorted(VERBS) + list(C.IDS) + ["ann", "bob", "cal", "dan", "eve", "using", "with", "aa", "cch", "blue",
                                       "red", "skull", "2", "3", "-", "sailor", "trader", "jack", "x", ":"]


def _positions():
    """Games in each phase (flip, reveal, ship, take, close) from random play with several seeds."""
    found = {}
    for seed in range(40):
        rng = random.Random(seed)
        g = new(2 + seed % 4)
        while not g.finished:
            ph = g.view()["phase"]
            if ph not in found or rng.random() < 0.01:
                found[ph] = referee.load_record(g.to_record())
            g.play(rng.choice(g.legal_moves()).text)
    return list(found.values())


POSITIONS = _positions()


def test_positions_cover_every_phase():
    assert {g.view()["phase"] for g in POSITIONS} == {"flip", "reveal", "ship", "take", "close"}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(5)), st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
       st.sampled_from([" ", "-", ""]))
def test_random_word_salad(i, words, sep):
    g = POSITIONS[i % len(POSITIONS)]
    text = sep.join(words)
    before = (g.view(), g.moves, [m.text for m in g.legal_moves()])
    try:
        m = g.find(text)
    except RefereeError as err:
        msg = str(err).strip()
        assert msg and "\n" not in msg
        assert (g.view(), g.moves, [m.text for m in g.legal_moves()]) == before
    else:
        assert m.text in before[2]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(range(5)), st.text(max_size=20))
def test_random_text(i, text):
    g = POSITIONS[i % len(POSITIONS)]
    try:
        g.find(text)
    except RefereeError as err:
        assert str(err).strip()
