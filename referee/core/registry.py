"""The supported games. Engines are imported lazily so that `referee --help` stays fast."""

from __future__ import annotations

import importlib

from ..i18n import _
from .errors import BadInput

# game id -> (module, display name). The module exposes RULES, an instance of core.rules.Rules.
GAMES: dict[str, tuple[str, str]] = {}


def register(game_id: str, module: str, name: str) -> None:
    GAMES[game_id] = (module, name)


register("port-royal", "referee.games.port_royal", "Port Royal")
register("puerto-rico", "referee.games.puerto_rico", "Puerto Rico")
register("carcassonne", "referee.games.carcassonne", "Carcassonne")
register("el-capitan", "referee.games.el_capitan", "El Capitan")

_ALIASES = {"pr": "puerto-rico", "ec": "el-capitan", "cc": "carcassonne", "portroyal": "port-royal",
            "puertorico": "puerto-rico", "elcapitan": "el-capitan", "carc": "carcassonne"}

_cache: dict = {}


def resolve_game_id(text: str) -> str:
    key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key.replace("-", ""), key) if key not in GAMES else key
    if key in GAMES:
        return key
    prefixed = [g for g in GAMES if g.startswith(key)] if len(key) >= 2 else []
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        raise BadInput(_("Game {name!r} is ambiguous: it could be {candidates}.").format(
            name=text, candidates=", ".join(prefixed)))
    import difflib      # only for an unknown name: not on every command's start

    close = difflib.get_close_matches(key, list(GAMES), n=1)
    if close:
        raise BadInput(_("Unknown game {name!r}; the games are: {games}. Did you mean {close}?").format(
            name=text, games=", ".join(GAMES), close=close[0]))
    raise BadInput(_("Unknown game {name!r}; the games are: {games}.").format(name=text, games=", ".join(GAMES)))


def get_rules(game_id: str):
    gid = resolve_game_id(game_id)
    if gid not in _cache:
        module = importlib.import_module(GAMES[gid][0])
        _cache[gid] = module.RULES
    return _cache[gid]
