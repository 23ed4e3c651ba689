"""benchmarks/bench_table.py still runs and prints a row per game (tiny size: never how fast)."""

from tests.test_benchmarks import bench


def test_table_bench_reports_every_game(tmp_path):
    out = bench("bench_table.py", "--moves", "3", tmp_path=tmp_path)
    for game in ("port-royal", "puerto-rico", "carcassonne", "el-capitan"):
        assert any(row.startswith(game) for row in out.splitlines())


def test_preview_bench_reports_every_game(tmp_path):
    out = bench("bench_preview.py", "--at", "20", tmp_path=tmp_path)
    for game in ("port-royal", "puerto-rico", "carcassonne", "el-capitan"):
        assert any(row.startswith(game) for row in out.splitlines())
