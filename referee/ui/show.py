"""`referee show`: the game's board at the terminal's width (the table's fitting tiers, ui/fit.py)."""

from __future__ import annotations

import sys

from ..i18n import _
from . import fit
from ..core.console import terminal_size
from ..core.format import result_table, safe


def show_board(console, tracked) -> None:
    """Header, the board at the terminal's width (on a terminal, the fullest tier that fits its height),
    then the result or what is asked now."""
    from rich.text import Text

    game = tracked.game
    size = terminal_size()
    width = max(40, size.columns)
    height = max(10, size.lines - 4) if sys.stdout.isatty() else None
    status = _("finished") if game.finished else _("move {n}").format(n=len(game.moves) + 1)
    head = Text()
    head.append(safe(game.rules.name), style="bold")
    head.append(safe(f"  id {tracked.id}  {game.date}  {', '.join(game.players)}  ({status})"))
    console.width = width
    console.print(head)
    console.print(fit.choose(game, width, height))
    if game.finished:
        console.print(result_table(game.result()))
    else:
        console.print(Text(safe(game.prompt()), style="bold"))
