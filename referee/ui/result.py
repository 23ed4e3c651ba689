"""A game's result in lines that fit any width: a line a player in rank order with the total and the
breakdown, then the winners and the notes. For the table's screen, where a wide results table (ui/format)
would have to cut names and part names to fit 80 columns."""

from __future__ import annotations

from ..i18n import _, ngettext
from .format import safe


def result_lines(result, width: int) -> list:
    """rich Text lines (names are data: never markup), wrapped at ``width`` between words."""
    from rich.text import Text

    out = [Text(_("Final result"), style="bold underline")]
    for e in result.ranking:
        line = Text(f"{e.rank}. ", style="bold")
        line.append(safe(e.player), style="bold")
        line.append(" " + ngettext("{n} point", "{n} points", e.total).format(n=e.total), style="bold")
        parts = [safe(f"{str(part).replace('_', ' ')} {value}") for part, value in e.breakdown.items()]
        if e.tiebreak is not None:
            parts.append(_("tie-break {value}").format(value=e.tiebreak))
        parts.extend(safe(f"{k} {v}") for k, v in (e.facts or {}).items() if v is not None)
        if parts:
            line.append(" (" + ", ".join(parts) + ")")
        if e.note:
            line.append(" " + safe(e.note), style="dim")
        out.append(line)
    winners = result.winners
    if winners:
        label = _("Winner: {names}") if len(winners) == 1 else _("Shared win: {names}")
        out.append(Text(label.format(names=safe(", ".join(map(str, winners)))), style="bold green"))
    for note in result.notes:
        out.append(Text(safe(note), style="dim"))
    return out
