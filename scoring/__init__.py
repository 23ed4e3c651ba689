"""Final-scoring calculators: pure functions from a validated input dict to a Result.

No I/O, no UI, nothing from referee.games. ``score(game, data)`` dispatches to one module per game.
"""

from .result import Entry, Result, ScoringError, rank

__all__ = ["CALCULATORS", "Entry", "Result", "ScoringError", "rank", "score"]

# game id -> module in scoring/
CALCULATORS = {"puerto-rico": "puerto_rico", "el-capitan": "el_capitan",
               "carcassonne": "carcassonne", "port-royal": "port_royal"}


def score(game: str, data: dict) -> Result:
    import importlib

    if game not in CALCULATORS:
        from referee.i18n import _

        raise ScoringError(_("Unknown game {name!r}; the calculators are: {games}.").format(
            name=game, games=", ".join(CALCULATORS)))
    module = importlib.import_module(f"scoring.{CALCULATORS[game]}")
    return module.score(data)
