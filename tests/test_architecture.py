"""The house keeps its shape (ARCHITECTURE.md): no import circle between modules of referee and scoring
(TYPE_CHECKING imports left out), and the import-linter contracts of pyproject.toml hold."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Nothing may be added here: a circle is cut, not allowed.
ALLOWED: list[list[str]] = []


def test_no_import_circle():
    pytest.importorskip("grimp")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from cycles import circles
    finally:
        sys.path.pop(0)
    found = [c for c in circles("referee", "scoring") if c not in ALLOWED]
    assert found == [], "import circles (cut them; tools/cycles.py lists them): " + "; ".join(
        " <-> ".join(c) for c in found)


def test_import_contracts_hold():
    """`lint-imports` keeps the contracts of pyproject.toml: layers, independent games, no upward import."""
    beside = Path(sys.executable).with_name("lint-imports")
    exe = str(beside) if beside.exists() else shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    run = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


# Every source file is at most 800 lines (issue 21): split by what each part owns when one grows past it.
KEPT_SMALL = ["referee", "scoring"]


def test_no_source_file_over_800_lines():
    long = []
    for place in KEPT_SMALL:
        path = ROOT / place
        for file in ([path] if path.is_file() else sorted(path.rglob("*.py"))):
            n = len(file.read_text(encoding="utf-8").splitlines())
            if n > 800:
                long.append(f"{file.relative_to(ROOT)} ({n} lines)")
    assert long == []
