"""The benchmark scripts still run and print their tables (benchmarks/README.md keeps the numbers; a script
that rotted would leave them unverifiable). Tiny sizes: this checks that they work, never how fast."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def bench(script, *args, tmp_path):
    env = dict(os.environ, REFEREE_DB=str(tmp_path / "h.json"), HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"), REFEREE_EL_CAPITAN_BOARD=str(tmp_path / "absent.json"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    return done.stdout


def test_playouts_bench_reports_every_game_against_its_target(tmp_path):
    out = bench("bench_playouts.py", "--seconds", "0.05", tmp_path=tmp_path)
    for game in ("port-royal", "puerto-rico", "carcassonne", "el-capitan"):
        line = next(row for row in out.splitlines() if row.startswith(game))
        assert line.rstrip().endswith("met")       # "met" or "NOT met": the verdict is printed


def test_el_capitan_bench_policies_parts_and_floor(tmp_path):
    out = bench("bench_el_capitan.py", "--games", "1", "--policy", "table", "kind", tmp_path=tmp_path)
    assert "table" in out and "kind" in out and "games/s" in out
    assert "apply" in bench("bench_el_capitan.py", "--games", "1", "--policy", "table", "--parts",
                            tmp_path=tmp_path)


def test_entries_bench_types_every_game_and_port_royal_meets_its_target(tmp_path):
    out = bench("bench_entries.py", "--games", "1", tmp_path=tmp_path)
    rows = {row.split()[0]: row for row in out.splitlines()[1:]}
    assert set(rows) == {"port-royal", "puerto-rico", "carcassonne", "el-capitan"}
    assert rows["port-royal"].rstrip().endswith("<= 260: met")      # issue 13: a 3-player game, <= 260 entries


@pytest.mark.parametrize("script, args", [
    ("bench_port_royal.py", ["--games", "2", "--players", "2"]),
    ("bench_puerto_rico.py", ["--games", "2", "--players", "3"]),
    ("bench_carcassonne.py", ["--games", "1"]),
])
def test_per_game_benches_run(script, args, tmp_path):
    assert bench(script, *args, tmp_path=tmp_path).strip()


@pytest.mark.slow
@pytest.mark.parametrize("script, args", [
    ("bench_cli.py", ["--runs", "1", "--archives", "0", "20"]),
    ("bench_club.py", ["--games", "30", "--runs", "1"]),
    ("bench_memory.py", ["--games", "30"]),
    ("bench_score.py", ["-n", "1"]),
])
def test_cli_and_club_benches_run(script, args, tmp_path):
    assert bench(script, *args, tmp_path=tmp_path).strip()


@pytest.mark.slow
def test_store_bench_measures_corrections_and_a_copied_store(tmp_path):
    out = bench("bench_store.py", "--sections", "corrections", "copied", "--sizes", "0", "30", "--runs", "1",
                tmp_path=tmp_path)
    assert "30 stats after a result edit, recent play" in " ".join(out.split())
    assert "30 history, copy, second command" in " ".join(out.split())


@pytest.mark.slow
def test_store_bench_prints_the_scale_table(tmp_path):
    out = bench("bench_store.py", "--sizes", "0", "30", "--runs", "1", "--import-games", "10", tmp_path=tmp_path)
    rows = [line.split() for line in out.splitlines() if line.strip() and line.split()[0].isdigit()]
    assert [r[0] for r in rows if len(r) >= 10] == ["0", "30"]          # the cold CLI table
    assert [r[0] for r in rows if len(r) == 5] == ["0", "30"]           # the store's own part, in process
    assert [r[0] for r in rows if len(r) == 7 and "/" in r[1]] == ["0", "30"]   # stats and history, CPU / MB
    assert "import 10 tracked games" in out and "bytes written by one move" in out


def test_compare_runs_both_sides_and_prints_every_measure(tmp_path):
    """benchmarks/compare.py against HEAD, quick mode (no venvs): every measure has a base and a tree figure."""
    out = bench("compare.py", "HEAD", "--no-venv", "--rounds", "1", "--seconds", "0.02", "--records", "1",
                "--deep", "12", "--titles", "port-royal:2", tmp_path=tmp_path)
    rows = {line[:26].strip(): line for line in out.splitlines()[2:]}
    assert {"port-royal 2p", "click hello-world", "referee --help", "moves ID", "show ID", "move at move 1",
            "move at move 12", "replay of records"} <= set(rows)
    assert "x hello:" in rows["move at move 1"]


@pytest.mark.slow
def test_instructions_bench_counts_both_sides(tmp_path):
    """benchmarks/bench_engines_instructions.py (callgrind): a base folder against this tree, or one sentence
    without valgrind."""
    out = bench("bench_engines_instructions.py", "--base", str(ROOT), "--titles", "port-royal:2", "--games", "1",
                tmp_path=tmp_path)
    assert out.startswith("skipped: no valgrind") or ("port-royal 2p, 1 games: base" in out and "base/tree" in out)


@pytest.mark.slow
def test_import_instructions_bench_counts_every_process(tmp_path):
    """benchmarks/bench_import_instructions.py (callgrind): an import of a few tracked games, the main process
    and its workers each counted, or one sentence without valgrind."""
    out = bench("bench_import_instructions.py", "--only-this", "--games", "6", "--inline", "2",
                "--export-dir", str(tmp_path / "exports"), tmp_path=tmp_path)
    assert out.startswith("valgrind is not installed") or ("this (" in out and "M a game" in out), out
