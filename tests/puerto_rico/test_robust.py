"""Never a traceback: any typed text is a move or a RefereeError, and the state is unchanged after one;
view() is JSON-able and render() works in every phase."""

import json
import random

from hypothesis import given, settings, strategies as st

import referee
from referee.core.errors import RefereeError

NAMES = ["Ann", "Bob", "Cal", "Dan"]
WORDS = ["take", "build", "place", "load", "sell", "keep", "ok", "pass", "done", "wharf", "corn", "coffee",
         "quarry", "harbor", "sm-indigo", "guild hall", "mayor", "settler", "prospector", "3", "7", "no-hospice",
         "refuse", "hacienda", "draw", "reveal", "extra", "xyz", "captain", "lg-market", "no-university",
         "ship", "6-ship", "5 ship", "on the", "0", "12"]


def _game_at(seed, steps):
    rng = random.Random(seed)
    g = referee.new_game("puerto-rico", NAMES[: 2 + seed % 3])
    for _ in range(steps):
        if g.finished:
            break
        g.play(rng.choice(g.legal_moves()).text)
    return g


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 50), st.integers(0, 300),
       st.lists(st.sampled_from(WORDS), min_size=1, max_size=3) | st.text(max_size=12).map(lambda t: [t]))
def test_any_text_is_a_move_or_a_clear_error(seed, steps, words):
    g = _game_at(seed, steps)
    before = g.view()
    text = " ".join(words)
    try:
        g.play(text)
    except RefereeError as err:
        assert str(err) and "\n" not in str(err)
        assert g.view() == before
    else:
        g.check()


def test_view_json_and_render_in_every_phase():
    from rich.console import Console
    phases = set()
    for seed in range(6):
        rng = random.Random(seed)
        g = referee.new_game("puerto-rico", NAMES[: 2 + seed % 4] if seed % 4 < 3 else NAMES + ["Eve"])
        i = 0
        while not g.finished:
            if i % 7 == 0 or g.state.phase not in phases:
                phases.add(g.state.phase)
                json.dumps(g.view())
                con = Console(width=100, record=True, file=open("/dev/null", "w"))
                con.print(g.render())
                assert g.prompt()
            g.play(rng.choice(g.legal_moves()).text)
            i += 1
        json.dumps(g.view())
        assert "vp" in g.view()["players"][0]
        assert g.prompt() == "The game is over."
    assert phases >= {"reveal", "role", "settler", "mayor", "builder", "craftsman", "trader", "captain", "storage"}


CAPTAIN_WORDS = ["load", "ship", "wharf", "pass", "corn", "indigo", "sugar", "coffee", "1", "2", "3", "4", "5", "6",
                 "7", "8", "9", "6-ship", "7 ship", "on the", "quarry", "harbor", "keep", "ok"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CAPTAIN_WORDS), min_size=1, max_size=5))
def test_captain_phase_any_words(words):
    from .helpers import give, new

    g = new(4)
    s = g.state
    s.ships[0][1], s.ships[0][2] = 1, 2    # 2 indigo on the 5-ship
    s.gsup[1] -= 2
    give(g, 0, goods={"corn": 3, "indigo": 2, "coffee": 1}, buildings={"wharf": 1})
    g.play("captain")
    before = g.view()
    try:
        g.play(" ".join(words))
    except RefereeError as err:
        assert str(err) and "\n" not in str(err)
        assert g.view() == before
    else:
        g.check()
