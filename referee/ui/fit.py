"""The board at a given size: each game's render module may offer tiers (full, compact, minimal); the
first that fits the height is drawn, so a larger terminal shows more and an 80x24 one still shows all a
player must read or type.

A game's ``games/<game>/render.py`` offers ``tiers(rules, state, width, height) -> list`` of rich
renderables, fullest first. Without it the game's one ``render()`` is used (and the table scrolls it).
rich is imported only when a board is drawn.
"""

from __future__ import annotations

import importlib
import io

MIN_WIDTH, MIN_HEIGHT = 80, 24     # the table's smallest full screen (an ordinary terminal)


def _render_module(game):
    package = type(game.rules).__module__.rpartition(".")[0]
    if not package.startswith("referee.games."):
        return None
    try:
        return importlib.import_module(package + ".render")
    except ImportError:
        return None


def tiers(game, width: int, height: int | None) -> list:
    """The game's board renderables at this size, fullest first."""
    module = _render_module(game)
    offer = getattr(module, "tiers", None) if module is not None else None
    if offer is not None:
        found = offer(game.rules, game.state, width, height)
        if found:
            return list(found)
    return [game.render()]


def to_ansi(renderable, width: int, color: bool = True) -> str:
    """A rich renderable as text (ANSI-styled when ``color``) at exactly ``width`` columns."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=color, no_color=not color,
                      color_system="256" if color else None, legacy_windows=False, highlight=False,
                      emoji=False)
    console.print(renderable, end="")
    return out.getvalue()


def choose(game, width: int, height: int | None):
    """The renderable board_text would draw (for a console that prints it itself)."""
    found = tiers(game, width, height)
    if height is None:
        return found[0]
    for renderable in found:
        if to_ansi(renderable, width, False).count("\n") + 1 <= height:
            return renderable
    return found[-1]


def board_text(game, width: int, height: int | None, color: bool = True) -> str:
    """The fullest tier whose lines fit ``height`` (None: the first, compact-enough tier for a printout),
    or the smallest one (the table lets it scroll)."""
    text = ""
    for renderable in tiers(game, width, height):
        text = to_ansi(renderable, width, color)
        if height is None or text.count("\n") + 1 <= height:
            return text
    return text
