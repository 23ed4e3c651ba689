"""The settings a lower layer consults without importing them (El Capitan's board file): the package
(referee/__init__.py) registers the settings' reader once, so the games and the core never import
referee.settings, which sits above them (ARCHITECTURE.md). With no reader, every preference is unset."""

from __future__ import annotations

from typing import Callable

_reader: Callable[[str], object] | None = None


def read_with(reader: Callable[[str], object] | None) -> None:
    """Take preferences from ``reader(key)`` (the settings' value, or None when unset)."""
    global _reader
    _reader = reader


def get(key: str):
    """The preference ``key``, or None. A settings file that cannot be used raises its own one sentence."""
    return _reader(key) if _reader is not None else None
