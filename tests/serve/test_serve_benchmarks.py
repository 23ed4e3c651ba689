"""benchmarks/serve_tap.py and serve_phones.py still run and print their figures (tiny sizes: that they work,
never how fast; the numbers are in benchmarks/README.md)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.posix_only(reason="the benchmarks SIGINT and SIGKILL a server process")


def bench(script, *args, tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    return done.stdout


def test_tap_bench_with_six_seat_streams_and_four_watchers(tmp_path):
    out = bench("serve_tap.py", "3", "--seat-streams", "6", "--watchers", "4", tmp_path=tmp_path)
    assert "10 screens" in out and "p50" in out and "p95" in out


def test_phones_bench_cli_restart_and_ctrl_c(tmp_path):
    out = bench("serve_phones.py", "--rounds", "1", tmp_path=tmp_path)
    assert "CLI move" in out and "restart" in out
    assert "exit code 0, traceback: no" in out
