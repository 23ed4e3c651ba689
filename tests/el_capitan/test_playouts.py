"""Random legal playouts: default options (no board file) and on the complete test board, with the
invariants after every move, every phase and the end, and the record replaying to the same view."""

import pytest

import referee
from tests.el_capitan.helpers import BOARD, NAMES
from tests.playout import random_playout


def _finish(g, n):
    assert g.finished
    v = g.view()
    assert v["paydays"] == 3 and v["phase"] == 3 and v["stage"] == "over"
    res = g.result()
    assert len(res.ranking) == n
    again = referee.load_record(g.to_record())
    assert again.view() == v
    assert again.result().to_dict() == res.to_dict()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_playout_default_options_needs_no_files(n, seed, monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "absent.json"))
    g = random_playout("el-capitan", NAMES[:n], seed)
    _finish(g, n)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_playout_on_the_test_board_file(n):
    g = random_playout("el-capitan", NAMES[:n], 10 + n, options={"board": BOARD})
    _finish(g, n)
    # every board value came from the file: each board question offered the single value it holds
    assert g.view()["board_values"]["layout"] == ["venezia", "athina", "tunis", "constantinople"]


def test_undo_replays_to_the_same_state():
    import random

    g = referee.new_game("el-capitan", NAMES[:3], {"board": BOARD})
    rng = random.Random(3)
    views = []
    for _ in range(300):
        views.append(g.view())
        g.play(rng.choice(g.legal_moves()).text)
    for back in range(1, 40):
        g.undo()
        assert g.view() == views[-back]


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_playouts(n, monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "absent.json"))
    for seed in range(20):
        _finish(random_playout("el-capitan", NAMES[:n], 100 + seed), n)
        _finish(random_playout("el-capitan", NAMES[:n], 200 + seed, options={"board": BOARD}), n)


def test_a_record_made_with_a_board_file_replays_without_it():
    g = random_playout("el-capitan", NAMES[:3], 5, options={"board": BOARD})
    text = g.to_record()
    assert BOARD.lower() not in text.lower() and '"board": "none"' in text  # the record is portable as written
    again = referee.load_record(text)
    assert again.view() == g.view()
    assert again.result().to_dict() == g.result().to_dict()


OPTION_CHOICES = {
    "loan10_extended": [16, 20], "tie_order": ["site", "build-time"], "reopen_shuts": [True, False],
    "backward_shuts": [True, False], "fortress_basis": ["printed", "paid"], "neutral_in_totals": [True, False],
    "reopen_bonus": [True, False], "buy_in_loan_turn": [True, False], "start_tie": ["turn-order", "table"],
    "fortress_space": ["first", "choice"], "loan_stacks": ["finite", "unlimited"],
    "legs_after_destination": [True, False], "reopen_neutral": [True, False],
}


@pytest.mark.parametrize("seed", range(8))
def test_playouts_with_every_option_varied(seed):
    import random

    rng = random.Random(seed)
    options = {k: rng.choice(v) for k, v in OPTION_CHOICES.items()}
    options["board"] = BOARD
    n = 2 + seed % 4
    g = random_playout("el-capitan", NAMES[:n], 300 + seed, options=options)
    _finish(g, n)


@pytest.mark.parametrize("n", [2, 4])
def test_cached_listings_equal_listings_built_from_scratch(n, monkeypatch, tmp_path):
    """The engine reuses move listings across positions and games (per hand, per card, per question, a hand
    extended by one purchase). At every step of random games the listing must equal one built with every
    turn cache empty, in the same order."""
    import random

    from referee.games.el_capitan import RULES
    from referee.games.el_capitan import rules as engine

    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "absent.json"))
    rng = random.Random(n)
    for _ in range(2):
        g = referee.new_game("el-capitan", NAMES[:n])
        s = g.state
        while not g.finished:
            cached = [m.text for m in RULES.legal(s)]
            kept = s.moves_of
            s.moves_of = [engine._PlayerMoves(name) for name in s.players]    # empty hand/card/buy caches
            assert [m.text for m in RULES.legal(s)] == cached
            s.moves_of = kept
            legal = g.legal_moves()
            if rng.random() < 0.5 and not legal[0].chance:       # play turns out, not just buy cards
                legal = [m for m in legal if m.text.split()[0] in ("build", "reopen", "fortress", "loan",
                                                                    "end")] or legal
            g.play(rng.choice(legal).text)
