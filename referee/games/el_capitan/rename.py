"""El Capitan's moves name a player in one place: `start NAME`, the poorest player naming the next start
player (rule A3/A4), with the name as the rules list it (lowercase). See core/rename.py."""

from __future__ import annotations

_START = "start "


def written(name: str) -> str:
    """How a move writes a player's name (rules.py: f"start {name.lower()}")."""
    return str(name).lower()


def named_in_move(text: str) -> str | None:
    return text[len(_START):] if text.startswith(_START) and len(text) > len(_START) else None


def rename_move(text: str, old: str, new: str) -> str:
    return _START + written(new) if named_in_move(text) == written(old) else text
