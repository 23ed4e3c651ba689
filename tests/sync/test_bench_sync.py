"""The sync benchmarks run (their figures are in the closing notes, not asserted here: no timed tests)."""

from __future__ import annotations

from benchmarks import bench_sync, bench_sync_cold, bench_sync_convergence


def test_the_sync_bench_runs_every_step(capsys):
    assert bench_sync.main(["--plays", "40"]) == 0
    out = capsys.readouterr().out
    for step in ("first sync of 40 plays", "takes in all 40 events", "finds nothing new", "one new file",
                 "a new laptop, rebuilds from 41 events", "rebuilt from the event files"):
        assert step in out, out


def test_the_convergence_bench_checks_its_histories(capsys):
    assert bench_sync_convergence.main(["--histories", "2", "--laptops", "5", "--steps", "20"]) == 0
    assert "2 random histories x 5 laptops (20 steps each): 2 converged, 0 did not" in capsys.readouterr().out


def test_the_cold_sync_bench_runs_a_new_laptops_first_sync(capsys):
    assert bench_sync_cold.main(["--plays", "30", "--rounds", "1"]) == 0
    assert "a new laptop's first `referee sync` of 30 plays:" in capsys.readouterr().out
