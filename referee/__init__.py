"""referee: a command-line referee and scoring assistant for physical tabletop play.

    game = referee.new_game("port-royal", ["Ann", "Bob"])
    game.legal_moves(); game.play("flip sailor-3-1"); game.undo()
"""

__version__ = "0.1.0"

# The errors and Move are loaded on first use: `referee` (the program) imports this package before it can
# catch a Ctrl-C, so the less it runs here, the shorter the moment in which Ctrl-C would show a traceback.
_LAZY = {"AmbiguousMove": "errors", "BadInput": "errors", "GameOver": "errors", "IllegalMove": "errors",
         "InvalidMove": "errors", "RefereeError": "errors", "StoreError": "errors", "Move": "move"}


def _setting(key: str):
    from .dirs import no_settings_file

    if no_settings_file():      # no file, no settings: the checks below need not be imported (issue 25)
        return None
    from . import settings      # imported only when a game first asks (El Capitan's board file)

    return settings.get(key)


def _register_settings() -> None:
    from .core import preferences

    preferences.read_with(_setting)


_register_settings()


def __getattr__(name):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".core.{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AmbiguousMove", "BadInput", "GameOver", "IllegalMove", "InvalidMove", "Move", "RefereeError",
           "StoreError", "available_games", "load_record", "new_game", "score", "__version__"]


def new_game(game: str, players, options: dict | None = None, date: str | None = None):
    """Start a game (not stored): setup for these players in seat order, with validated options."""
    from .core.game import Game
    from .core.registry import get_rules

    return Game(get_rules(game), players, options, date=date)


def load_record(text: str):
    """Rebuild a game from its record text, re-checking every move."""
    from .core.record import load_record as _load

    return _load(text)


def score(game: str, data: dict):
    """The final-scoring calculator (contracts §3): data -> scoring.Result."""
    from .core.errors import BadInput
    from .core.registry import resolve_game_id
    import scoring

    try:
        return scoring.score(resolve_game_id(game), data)
    except scoring.ScoringError as err:
        raise BadInput(str(err)) from None


def available_games() -> list[dict]:
    """The supported games with their player counts and options (``referee games --json``).

    Read from each game's light ``info`` module where it has one, so listing never loads an engine.
    """
    import importlib

    from .core.registry import GAMES, get_rules

    out = []
    for gid, (module, _name) in GAMES.items():
        info = getattr(importlib.import_module(module), "info", None)
        if info is not None:
            name, lo, hi, options = info.NAME, info.MIN_PLAYERS, info.MAX_PLAYERS, info.OPTIONS
        else:
            rules = get_rules(gid)
            name, lo, hi, options = rules.name, rules.min_players, rules.max_players, rules.options
        out.append({"id": gid, "name": name, "players": [lo, hi],
                    "options": {o.name: o.default for o in options}})
    return out
