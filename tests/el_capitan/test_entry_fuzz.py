"""Hostile and random entries at the table: any text is either moves or one refusal (a RefereeError), never
a crash, and a refused entry leaves the game as it was (issue 13 item 3, COMMON: bad input)."""

from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from tests.el_capitan.test_entry import enter
from tests.el_capitan.helpers import BOARD, auto

WORDS = ["buy", "sail", "build", "end", "bank", "loan", "10", "fortress", "marseille", "tunis", "venezia",
         "tanger-venezia", "to", "3s", "2f", "3", "2", "1", "site", "red", "plout", "do", "Benátek", "koupit",
         "postavit", "konec", "s", "b", "Ann", "Bob", "-", ",", "card", "go", "3f", "4s", "mars", "t"]
TEXT = st.one_of(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join),
                 st.text(min_size=1, max_size=40))


def _first_turn():
    g = auto(referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD}))
    card = next(t for t in (m.text for m in g.legal_moves()) if t.startswith("buy marseille ") and "-" not in t)
    g.play(card)
    return g



def _later(seed, steps):
    """A position some random moves into a game (cards in hand, ships on the board, questions open)."""
    import random

    rng = random.Random(seed)
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD})
    for _step in range(steps):
        if g.finished:
            break
        g.play(rng.choice(g.legal_moves()).text)
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, bought=st.booleans(), seed=st.integers(0, 5), steps=st.sampled_from([0, 30, 60, 120]))
def test_any_entry_is_moves_or_one_refusal_and_a_refusal_changes_nothing(text, bought, seed, steps):
    g = _later(seed, steps) if steps else _first_turn() if bought else auto(
        referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD}))
    before, moves = g.view(), list(g.moves)
    try:
        played = enter(g, text)
    except referee.RefereeError as err:
        assert str(err) and "\n" not in str(err).strip()
        assert g.view() == before and g.moves == moves
        return
    assert g.moves == moves + played
