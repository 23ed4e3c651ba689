"""Validation helpers shared by the calculators, so every rejected input reads the same way:
one sentence naming the field (a dotted path such as ``players[1].buildings.guild-hall``)."""

from __future__ import annotations

import difflib

from referee.i18n import N_, _

from .result import ScoringError


# What the calculators call the things need_choice() checks (scoring/<game>.py pass these words as ``what``):
# marked here so the catalog has them, translated where the sentence is built.
_WHATS = (N_("value"), N_("card"), N_("variant"), N_("expansion"), N_("farm rule"), N_("feature type"))


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return " " + _("Did you mean {choice}?").format(choice=close[0]) if close else ""


def need_dict(value, path: str) -> dict:
    if not isinstance(value, dict):
        raise ScoringError(_("{path} must be an object (a mapping of names to values).").format(path=path))
    return value


def need_list(value, path: str) -> list:
    if not isinstance(value, list):
        raise ScoringError(_("{path} must be a list.").format(path=path))
    return value


def no_unknown_keys(obj: dict, allowed, path: str) -> None:
    for key in obj:
        if key not in allowed:
            where = f"{path}.{key}" if path else str(key)
            raise ScoringError(_("Unknown key {key}.").format(key=where) + did_you_mean(key, allowed))


def need_int(value, path: str, lo: int | None = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ScoringError(_("{path} must be a whole number, not {value!r}.").format(path=path, value=value))
    if lo is not None and value < lo:
        if lo == 0:
            raise ScoringError(_("{path} cannot be negative ({value}).").format(path=path, value=value))
        raise ScoringError(_("{path} must be at least {lo}, not {value}.").format(path=path, lo=lo, value=value))
    if hi is not None and value > hi:
        raise ScoringError(_("{path} must be at most {hi}, not {value}.").format(path=path, hi=hi, value=value))
    return value


def need_str(value, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScoringError(_("{path} must be a non-empty text.").format(path=path))
    return value.strip()


def need_choice(value, choices, path: str, what: str = "value") -> str:
    if value not in choices:
        said = _("{path}: unknown {what} {value!r}.").format(path=path, what=_(what) if what else what, value=value)
        raise ScoringError(said + did_you_mean(value, choices))
    return value


def distinct_names(names, path: str) -> None:
    seen = set()
    for n in names:
        if n.casefold() in seen:
            raise ScoringError(_("{path}: player {name} is listed twice.").format(path=path, name=n))
        seen.add(n.casefold())
