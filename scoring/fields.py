"""Validation helpers shared by the calculators, so every rejected input reads the same way:
one sentence naming the field (a dotted path such as ``players[1].buildings.guild-hall``)."""

from __future__ import annotations

import difflib

from .result import ScoringError


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" Did you mean {close[0]}?" if close else ""


def need_dict(value, path: str) -> dict:
    if not isinstance(value, dict):
        raise ScoringError(f"{path} must be an object (a mapping of names to values).")
    return value


def need_list(value, path: str) -> list:
    if not isinstance(value, list):
        raise ScoringError(f"{path} must be a list.")
    return value


def no_unknown_keys(obj: dict, allowed, path: str) -> None:
    for key in obj:
        if key not in allowed:
            where = f"{path}.{key}" if path else str(key)
            raise ScoringError(f"Unknown key {where}.{did_you_mean(key, allowed)}")


def need_int(value, path: str, lo: int | None = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ScoringError(f"{path} must be a whole number, not {value!r}.")
    if lo is not None and value < lo:
        if lo == 0:
            raise ScoringError(f"{path} cannot be negative ({value}).")
        raise ScoringError(f"{path} must be at least {lo}, not {value}.")
    if hi is not None and value > hi:
        raise ScoringError(f"{path} must be at most {hi}, not {value}.")
    return value


def need_str(value, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScoringError(f"{path} must be a non-empty text.")
    return value.strip()


def need_choice(value, choices, path: str, what: str = "value") -> str:
    if value not in choices:
        raise ScoringError(f"{path}: unknown {what} {value!r}.{did_you_mean(value, choices)}")
    return value


def distinct_names(names, path: str) -> None:
    seen = set()
    for n in names:
        if n.casefold() in seen:
            raise ScoringError(f"{path}: player {n} is listed twice.")
        seen.add(n.casefold())
