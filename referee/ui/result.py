"""A game's result in lines that fit any width: a line a player in rank order with the total and the
breakdown, then the winners and the notes. For the table's screen, where a wide results table (core/format)
would have to cut names and part names to fit 80 columns."""

from __future__ import annotations

from ..i18n import N_, _, language, ngettext
from ..core.format import safe

# The breakdown parts and facts (contracts §3) as the table has always written them in English (the key with
# spaces), translated where shown; any other part (Puerto Rico's large buildings) by its printed name.
_SHOWN = {"vp_chips": N_("vp chips"), "so_far": N_("so far"), "money_before": N_("money before"),
          "bonus_cards": N_("bonus cards"), "loans": N_("loans"), "buildings": N_("buildings"),
          "expansion": N_("expansion"), "majority": N_("majority"), "fortresses": N_("fortresses"),
          "roads": N_("roads"), "cities": N_("cities"), "cloisters": N_("cloisters"), "farms": N_("farms"),
          "goods": N_("goods"), "persons": N_("persons"), "expeditions": N_("expeditions"),
          "coins": N_("coins"), "expedition": N_("expedition"), "yes": N_("yes"), "no": N_("no")}


def _shown(game: str, key) -> str:
    if key in _SHOWN:
        return _(_SHOWN[key])
    if language() != "en":      # in English the id stays, as it always was
        from ..core.names import display

        return display(game, "building", key)
    return str(key).replace("_", " ")


def result_lines(result, width: int) -> list:
    """rich Text lines (names are data: never markup), wrapped at ``width`` between words."""
    from rich.text import Text
    from scoring.result import note_text

    out = [Text(_("Final result"), style="bold underline")]
    for e in result.ranking:
        line = Text(f"{e.rank}. ", style="bold")
        line.append(safe(e.player), style="bold")
        line.append(" " + ngettext("{n} point", "{n} points", e.total).format(n=e.total), style="bold")
        parts = [safe(f"{_shown(result.game, part)} {value}") for part, value in e.breakdown.items()]
        if e.tiebreak is not None:
            parts.append(_("tie-break {value}").format(value=e.tiebreak))
        parts.extend(safe(f"{_shown(result.game, k)} {_shown(result.game, v) if v in ('yes', 'no') else v}")
                     for k, v in (e.facts or {}).items() if v is not None)
        if parts:
            line.append(" (" + ", ".join(parts) + ")")
        if e.note:
            line.append(" " + safe(note_text(e.note)), style="dim")
        out.append(line)
    winners = result.winners
    if winners:
        label = _("Winner: {names}") if len(winners) == 1 else _("Shared win: {names}")
        out.append(Text(label.format(names=safe(", ".join(map(str, winners)))), style="bold green"))
    for note in result.notes:
        out.append(Text(safe(note), style="dim"))
    return out
