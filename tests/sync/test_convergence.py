"""Five laptops converge through the command line whatever order their files arrive in (tests/sync/
convergence.py says how); the 500-play history version is tests/sync/test_convergence_heavy.py."""

import pytest

from tests.sync.convergence import converge


@pytest.mark.parametrize("seed", [1, 2])
def test_five_laptops_end_with_the_same_history(tmp_path, seed):
    exports = converge(tmp_path, seed=seed, steps=25)
    assert exports[0].count(b'"id"') >= 3
    assert all(export == exports[0] for export in exports)
