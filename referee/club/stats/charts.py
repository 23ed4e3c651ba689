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
    from ...core.format import safe

    return safe(str(text))


# one marker and one colour per player (up to 10 told apart); the markers differ in shape, so the chart
# also reads without colour (NO_COLOR, a pipe, a printout)
MARKERS = ("*", "o", "+", "x", "#", "@", "%", "&", "$", "=")
COLOURS = (9, 12, 10, 208, 13, 14, 11, 250, 130, 135)     # xterm-256 numbers plotext takes: 10 distinct


def _colour_on() -> bool:
    import os

    return not os.environ.get("NO_COLOR")


def rating(history: dict, players: list[str], *, title: str, width=None, height=None) -> str:
    """Each player's rating after each of their plays: a marker and (unless NO_COLOR) a colour per player,
    plays placed by date on a shared axis when the history has dates, the legend under the chart (never
    over the lines)."""
    from ...i18n import _

    plt = _figure(title, width, height)
    dated = all(p.get("date") for n in players for p in history.get(n) or [])
    dates = sorted({str(p["date"]) for n in players for p in history.get(n) or []}) if dated else []
    where = {d: k for k, d in enumerate(dates, 1)}
    colour = _colour_on()
    legend = []
    for k, name in enumerate(players):
        points = history.get(name) or []
        if not points:
            continue
        marker = MARKERS[k % len(MARKERS)]
        xs = [where[str(p["date"])] for p in points] if dated else list(range(1, len(points) + 1))
        kw = {"color": COLOURS[k % len(COLOURS)]} if colour else {}
        plt.plot(xs, [p["rating"] for p in points], marker=marker, **kw)
        legend.append(f"{marker} {_plain(name)[:20]}")
    if dated and dates:
        picks = sorted({0, len(dates) - 1, *range(0, len(dates), max(1, len(dates) // 4))})
        plt.xticks([k + 1 for k in picks], [dates[k] for k in picks])
        plt.xlabel(_("date"))
    else:
        plt.xlabel(_("play number"))
    chart = plt.build() if colour else _done(plt)
    return chart + "\n" + _legend_lines(legend, (width or shutil.get_terminal_size((80, 24)).columns)) + "\n"


def _legend_lines(entries: list[str], width: int) -> str:
    """The legend as lines under the chart, as many entries a line as fit the width."""
    lines, line = [], ""
    for entry in entries:
        if line and len(line) + 3 + len(entry) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {entry}" if line else entry
    if line:
        lines.append(line)
    return "\n".join(lines)


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
