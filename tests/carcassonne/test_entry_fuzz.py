"""Hostile and random entries at the table: any text is either moves or one refusal (a RefereeError), never
a crash, and a refused entry leaves the game as it was (issue 13 item 3, COMMON: bad input)."""

from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from tests.carcassonne.test_entry import enter

WORDS = ["draw", "place", "tb:o", "b:d", "d", "1,0", "0,-1", "1", "0", "-1", "r90", "r0", "r180", "knight", "n",
         "farm", "sw", "southwest", "rytíř", "město", "sever", "jihozápad", "louka", "nic", "none", "wine",
         "city", "s-e", "na", "at", "pig", "builder", "stavitel", "Ann", "Bob", ",", "-", "x", "cloister", "90"]
TEXT = st.one_of(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join),
                 st.text(min_size=1, max_size=40))


def _game(steps):
    g = referee.new_game("carcassonne", ["Ann", "Bob"])
    for text in steps:
        g.play(text)
    return g


def _later(seed, steps):
    import random

    rng = random.Random(seed)
    g = referee.new_game("carcassonne", ["Ann", "Bob", "Cal"])
    for _step in range(steps):
        if g.finished:
            break
        g.play(rng.choice(g.legal_moves()).text)
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, phase=st.sampled_from([(), ("draw tb:o",), ("draw tb:o", "place 1,0 r90")]),
       seed=st.integers(0, 5), steps=st.sampled_from([0, 40, 121, 200]))
def test_any_entry_is_moves_or_one_refusal_and_a_refusal_changes_nothing(text, phase, seed, steps):
    g = _later(seed, steps) if steps else _game(phase)
    before, moves = g.view(), list(g.moves)
    try:
        played = enter(g, text)
    except referee.RefereeError as err:
        assert str(err) and "\n" not in str(err).strip()
        assert g.view() == before and g.moves == moves
        return
    assert g.moves == moves + played
