"""The --json file path must stay light: no rich, no prompt-toolkit (checked in a fresh interpreter)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.calculator import GAMES

from .conftest import real_module

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("rich", "prompt_toolkit")


def fresh(code: str, *args) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=ROOT)


def test_importing_the_package_loads_no_ui_library():
    proc = fresh("import sys, referee.calculator, referee.calculator.load, referee.calculator.output, "
                 "referee.calculator.guided\n"
                 "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'prompt_toolkit'}))")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_json_file_path_loads_no_ui_library(game_id, tmp_path):
    module = real_module(game_id)
    f = tmp_path / "end.json"
    f.write_text(json.dumps(module.TEMPLATE), encoding="utf-8")
    proc = fresh("import sys\n"
                 "from referee.cli import main\n"
                 "try:\n"
                 "    main(['score', sys.argv[1], sys.argv[2], '--json'])\n"
                 "except SystemExit as e:\n"
                 "    assert not e.code, e.code\n"
                 "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'prompt_toolkit'}), file=sys.stderr)",
                 game_id, str(f))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "[]"
    import scoring
    assert json.loads(proc.stdout) == scoring.score(game_id, module.TEMPLATE).to_dict()
