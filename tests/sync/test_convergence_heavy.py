"""The convergence of tests/sync/test_convergence.py at a club's size: a 500-play history on the first laptop
(recorded before sync was on), five laptops, many more commands (heavy: tests/conftest.py's HEAVY)."""

from tests.sync.convergence import converge


def test_five_laptops_converge_over_a_500_play_history(tmp_path):
    exports = converge(tmp_path, seed=7, steps=150, plays=500)
    assert exports[0].count(b'"id"') >= 500
    assert all(export == exports[0] for export in exports)
