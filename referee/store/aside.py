"""Setting a file out of the store's way: renamed next to where it was (``<name>.<why>-<time>``), never deleted.

Its own module because both the journal (a journal referee did not write) and `repair` (damaged games,
shards, a whole store) set files aside, and the journal sits below repair.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def aside_name(path: Path, why: str = "damaged") -> Path:
    """A free name to keep a set-aside file under (never overwrites an earlier one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    return candidate


def set_aside(path: Path, why: str) -> Path:
    """Rename a file out of the store's way (``<name>.<why>-<time>``) and return where it is kept."""
    kept = aside_name(path, why)
    os.replace(path, kept)
    return kept
