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

    from ..core.format import Guarded

    out = io.StringIO()
    # Guarded: a control character in stored text (a name from before names were checked) is shown as its
    # escape, never acted on by the terminal; rich's own colours pass
    console = Console(file=Guarded(out), width=width, force_terminal=color, no_color=not color,
                      color_system="256" if color else None, legacy_windows=False, highlight=False,
                      emoji=False)
    console.print(renderable, end="")
    return out.getvalue()


def _rows(text: str) -> str:
    """The text without the newline a rich Group or Table ends with (a Text does not): that newline ends
    the last row, it does not start another, and counted as one it would leave a row of the board empty."""
    return text[:-1] if text.endswith("\n") else text


def _fits(plain: str, height: int | None) -> bool:
    """A tier fits when it cuts nothing (rich marks a cut cell with "…") and has at most ``height`` lines."""
    plain = _rows(plain)
    return "…" not in plain and (height is None or plain.count("\n") + 1 <= height)


def choose(game, width: int, height: int | None):
    """The fullest tier that fits (see _fits), else the smallest one (the table lets it scroll)."""
    found = tiers(game, width, height)
    for renderable in found:
        if _fits(to_ansi(renderable, width, False), height):
            return renderable
    return found[-1]


def board_text(game, width: int, height: int | None, color: bool = True) -> str:
    """The board as text: the tier ``choose`` picks, ANSI-styled when ``color`` (each tier drawn once)."""
    text = ""
    for renderable in tiers(game, width, height):
        text = _rows(to_ansi(renderable, width, color))
        if _fits(text, height):       # styles add no newline and no "…"
            return text
    return text
