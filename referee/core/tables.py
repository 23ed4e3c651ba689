"""Find and read the game data shipped in tables/ (a data folder, not an importable package)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  # referee/


@lru_cache(maxsize=None)
def tables_dir() -> Path:
    for candidate in (_HERE / "_tables", _HERE.parent / "tables"):
        if candidate.is_dir():
            return candidate
    from ..i18n import _

    raise FileNotFoundError(_("the referee's game tables are missing from this installation"))


@lru_cache(maxsize=None)
def load_json(name: str):
    with open(tables_dir() / name, encoding="utf-8") as fh:
        return json.load(fh)
