"""El Capitan's board file is a setting the game reads without importing the settings (core/preferences.py,
registered by the package): through the Python API and the command line alike."""

import os
import subprocess
import sys


def test_the_board_setting_reaches_the_game_through_the_package(tmp_path):
    board = tmp_path / "my-board.json"
    board.write_text("{}", encoding="utf-8")
    config = tmp_path / "settings.toml"
    config.write_text(f'el-capitan-board = "{board.as_posix()}"\n', encoding="utf-8")
    code = ("import referee\n"
            "from referee.games.el_capitan.board import default_board_path\n"
            "print(default_board_path())\n")
    env = {"REFEREE_CONFIG": str(config), "PATH": "", "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(board)


def test_with_no_reader_no_preference_is_set():
    from referee.core import preferences

    saved = preferences._reader
    try:
        preferences.read_with(None)
        assert preferences.get("el-capitan-board") is None
    finally:
        preferences.read_with(saved)
