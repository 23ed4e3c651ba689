"""Terminal charts for `referee stats --chart`, drawn by plotext at the terminal's size (imported only
when a chart is asked for). Each returns the chart as text; stored names are drawn as plain text."""

from __future__ import annotations

import re
import shutil

_ANSI = re.compile(r"\x1b\[[0-9;]*m")

CHARTS = ("rating", "plays", "scores", "wins")


def _figure(title: str, width: int | None, height: int | None):
    import plotext as plt

    plt.clear_figure()
    cols, rows = shutil.get_terminal_size((80, 24))
    plt.plotsize(width or min(cols, 120), height or max(12, min(rows - 2, 30)))
    plt.theme("clear")           # no colour codes: readable in a pipe, a log or a screen reader
    plt.title(title)
    return plt


def _done(plt) -> str:
    """The built chart without the colour resets plotext leaves at line ends (a plain picture everywhere)."""
    return _ANSI.sub("", plt.build())


def _plain(text) -> str:
    from ..ui.format import safe

    return safe(str(text))


def rating(history: dict, players: list[str], *, title: str, width=None, height=None) -> str:
    """Lines of each player's rating after each of their plays."""
    from ..i18n import _

    plt = _figure(title, width, height)
    for name in players:
        points = history.get(name) or []
        if points:
            plt.plot(list(range(1, len(points) + 1)), [p["rating"] for p in points], label=_plain(name)[:20],
                     marker="braille")
    plt.xlabel(_("play number"))
    return _done(plt)


def bars(title: str, items, *, width=None, height=None, horizontal: bool = False) -> str:
    plt = _figure(title, width, height)
    labels = [_plain(k)[:20] for k, _v in items]
    values = [v for _k, v in items]
    if not items:
        return title + "\n"
    if horizontal:
        plt.bar(labels, values, orientation="horizontal", width=0.3)
    else:
        plt.bar(labels, values, width=0.6)
    return _done(plt)


def histogram(title: str, values, *, width=None, height=None, bins: int = 12) -> str:
    plt = _figure(title, width, height)
    if values:
        plt.hist(list(values), bins=min(bins, max(1, len(set(values)))))
    return _done(plt)
