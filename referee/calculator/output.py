"""Show a scoring.Result: exact JSON (``--json``) or a rich table (rich is imported only inside render)."""

from __future__ import annotations

import json

from ..i18n import N_, _

# Row labels of the breakdown parts (contracts §3), translated where shown. Any other part: "_"/"-" become
# spaces; Puerto Rico's per-building bonus parts are named by the building (in the chosen language).
_LABELS = {"vp_chips": N_("VP chips"), "so_far": N_("points so far"), "money_before": N_("money before payday"),
           "bonus_cards": N_("bonus cards"), "loans": N_("loan repayments"), "buildings": N_("buildings"),
           "expansion": N_("expansion"), "majority": N_("majority"), "fortresses": N_("fortresses"),
           "roads": N_("roads"), "cities": N_("cities"), "cloisters": N_("cloisters"), "farms": N_("farms"),
           "goods": N_("goods"), "persons": N_("persons"), "expeditions": N_("expeditions")}


def to_json(result) -> str:
    """Exactly Result.to_dict() as JSON, one trailing newline."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n"


def part_label(part: str, game: str = "") -> str:
    if game == "puerto-rico" and part not in ("vp_chips", "buildings"):
        # one part per occupied large building (contracts §3)
        from ..core.names import display

        name = display(game, "building", part)
        if name == part:
            name = str(part).replace("_", " ").replace("-", " ")
        return _("{building} bonus").format(building=name)
    if part in _LABELS:
        return _(_LABELS[part])
    return str(part).replace("_", " ").replace("-", " ")


def parts_in_order(result) -> list[str]:
    """Every breakdown part of every player, in the order they first appear (best player first)."""
    seen: dict[str, None] = {}
    for entry in result.ranking:
        for part in entry.breakdown:
            seen.setdefault(part, None)
    return list(seen)


def winners_line(result) -> str:
    names = result.winners
    if not names:
        return _("No winner: nobody is eligible to win.")
    if len(names) == 1:
        return _("Winner: {name}.").format(name=names[0])
    return _("Shared win: {names}.").format(names=", ".join(names))


def build_table(result):
    """One column per player (best first), one row per breakdown part, then total, rank and notes."""
    from rich import box
    from rich.table import Table

    from ..core.format import markup as escape    # names and notes come from the input: text, never markup

    ranking = result.ranking
    from ..core.registry import GAMES

    name = GAMES[result.game][1] if result.game in GAMES else result.game
    title = (_("{game}: payday") if result.game == "el-capitan" else _("{game}: final scoring")).format(game=name)
    table = Table(title=escape(title), box=box.SIMPLE_HEAD,
                  title_justify="left", show_footer=False)
    table.add_column("", style="bold", no_wrap=True)
    for entry in ranking:
        table.add_column(escape(entry.player), justify="right")
    for part in parts_in_order(result):
        table.add_row(escape(part_label(part, result.game)), *[_num(e.breakdown.get(part)) for e in ranking])
    table.add_section()
    table.add_row(_("total"), *[f"[bold]{e.total}[/bold]" for e in ranking])
    table.add_row(_("rank"), *[_rank(e) for e in ranking])
    for fact in dict.fromkeys(k for e in ranking for k in e.facts):     # shown beside the total (PR G9)
        table.add_row(escape(fact), *["" if e.facts.get(fact) is None else escape(str(e.facts[fact]))
                                      for e in ranking])
    if any(e.tiebreak is not None for e in ranking):
        table.add_row(_("tiebreak"), *["" if e.tiebreak is None else _num(e.tiebreak) for e in ranking])
    if any(e.note for e in ranking):
        table.add_row(_("note"), *[escape(e.note) for e in ranking])
    return table


def render(result, console) -> None:
    """Print the table, the winners and the result's notes on a rich Console."""
    from ..core.format import markup as escape

    console.print(build_table(result))
    console.print(f"[bold]{escape(winners_line(result))}[/bold]")
    for note in result.notes:
        console.print(escape(_("Note: {note}").format(note=note)))


def make_console(file, width: int | None = None):
    from rich.console import Console

    from ..core.format import Guarded

    return Console(file=Guarded(file) if file is not None else None, width=width, highlight=False,
                   soft_wrap=False, emoji=False)


def _num(value) -> str:
    if value is None:
        return "–"
    from ..core.format import markup

    return markup(str(value))


def _rank(entry) -> str:
    text = str(entry.rank)
    if entry.rank == 1 and entry.eligible:
        text += " ★"
    return text
