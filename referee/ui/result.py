"""A game's result in lines that fit any width: a line a player in rank order with the total and the
breakdown, then the winners and the notes. For the table's screen, where a wide results table (ui/format)
would have to cut names and part names to fit 80 columns."""

from __future__ import annotations

from ..i18n import _, ngettext


def result_lines(result, width: int) -> list:
    """rich Text lines (names are data: never markup), wrapped at ``width`` between words."""
    from rich.text import Text

    out = [Text(_("Final result"), style="bold underline")]
    for e in result.ranking:
        line = Text(f"{e.rank}. ", style="bold")
        line.append(e.player, style="bold")
        line.append(" " + ngettext("{n} point", "{n} points", e.total).format(n=e.total), style="bold")
        parts = [f"{part.replace('_', ' ')} {value}" for part, value in e.breakdown.items()]
        if e.tiebreak is not None:
            parts.append(_("tie-break {value}").format(value=e.tiebreak))
        parts.extend(f"{k} {v}" for k, v in (e.facts or {}).items() if v is not None)
        if parts:
            line.append(" (" + ", ".join(parts) + ")")
        if e.note:
            line.append(" " + e.note, style="dim")
        out.append(line)
    winners = result.winners
    if winners:
        label = _("Winner: {names}") if len(winners) == 1 else _("Shared win: {names}")
        out.append(Text(label.format(names=", ".join(winners)), style="bold green"))
    for note in result.notes:
        out.append(Text(note, style="dim"))
    return out
