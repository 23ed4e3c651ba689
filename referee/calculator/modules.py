"""Which module of scoring/ scores a game: shared by the command (``referee score``) and the guided
questions, below both of them."""

from __future__ import annotations

from scoring import CALCULATORS as GAMES  # calculator game id -> module in scoring/

from ..core.errors import BadInput
from ..i18n import _


def calculator_module(game_id: str):
    """scoring.<game>: exposes score(data), TEMPLATE and CHOICES."""
    import importlib

    name = f"scoring.{GAMES[game_id]}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise BadInput(_("The {game} calculator is not installed in this copy of referee (module {module} is "
                         "missing).").format(game=game_id, module=name)) from None
