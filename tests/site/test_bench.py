"""benchmarks/bench_site.py still runs and prints its table (benchmarks/README.md keeps the numbers). Tiny
sizes: this checks that it works, never how fast."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_site_bench_times_a_first_build_and_both_rebuilds(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_site.py"), "--plays", "30",
                           "--tracked", "4", "--keep", str(tmp_path / "kept")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line for line in done.stdout.splitlines()
            if line.startswith(("first build", "rebuild, nothing new", "rebuild after one new play"))]
    assert len(rows) == 3 and all(" s" in row for row in rows)
    assert (tmp_path / "kept" / "history" / "history.json").is_file()     # kept for the next run
