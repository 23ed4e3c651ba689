"""Show a scoring.Result: exact JSON (``--json``) or a rich table (rich is imported only inside render)."""

from __future__ import annotations

import json

# Breakdown parts whose id does not read well as a row label. Anything else: "_"/"-" become spaces.
_LABELS = {"vp_chips": "VP chips", "so_far": "points so far", "money_before": "money before payday",
           "bonus_cards": "bonus cards", "loans": "loan repayments"}


def to_json(result) -> str:
    """Exactly Result.to_dict() as JSON, one trailing newline."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n"


def part_label(part: str, game: str = "") -> str:
    label = _LABELS.get(part, str(part).replace("_", " ").replace("-", " "))
    if game == "puerto-rico" and part not in ("vp_chips", "buildings"):
        label += " bonus"                   # one part per occupied large building (contracts §3)
    return label


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
        return "No winner: nobody is eligible to win."
    if len(names) == 1:
        return f"Winner: {names[0]}."
    return f"Shared win: {', '.join(names)}."


def build_table(result):
    """One column per player (best first), one row per breakdown part, then total, rank and notes."""
    from rich import box
    from rich.table import Table

    from ..ui.format import markup as escape    # names and notes come from the input: text, never markup

    ranking = result.ranking
    from ..core.registry import GAMES

    name = GAMES[result.game][1] if result.game in GAMES else result.game
    what = "payday" if result.game == "el-capitan" else "final scoring"
    table = Table(title=f"{escape(name)}: {what}", box=box.SIMPLE_HEAD,
                  title_justify="left", show_footer=False)
    table.add_column("", style="bold", no_wrap=True)
    for entry in ranking:
        table.add_column(escape(entry.player), justify="right")
    for part in parts_in_order(result):
        table.add_row(escape(part_label(part, result.game)), *[_num(e.breakdown.get(part)) for e in ranking])
    table.add_section()
    table.add_row("total", *[f"[bold]{e.total}[/bold]" for e in ranking])
    table.add_row("rank", *[_rank(e) for e in ranking])
    for fact in dict.fromkeys(k for e in ranking for k in e.facts):     # shown beside the total (PR G9)
        table.add_row(escape(fact), *["" if e.facts.get(fact) is None else escape(str(e.facts[fact]))
                                      for e in ranking])
    if any(e.tiebreak is not None for e in ranking):
        table.add_row("tiebreak", *["" if e.tiebreak is None else _num(e.tiebreak) for e in ranking])
    if any(e.note for e in ranking):
        table.add_row("note", *[escape(e.note) for e in ranking])
    return table


def render(result, console) -> None:
    """Print the table, the winners and the result's notes on a rich Console."""
    from ..ui.format import markup as escape

    console.print(build_table(result))
    console.print(f"[bold]{escape(winners_line(result))}[/bold]")
    for note in result.notes:
        console.print(f"Note: {escape(note)}")


def make_console(file, width: int | None = None):
    from rich.console import Console

    from ..ui.format import Guarded

    return Console(file=Guarded(file) if file is not None else None, width=width, highlight=False,
                   soft_wrap=False, emoji=False)


def _num(value) -> str:
    if value is None:
        return "–"
    from ..ui.format import markup

    return markup(str(value))


def _rank(entry) -> str:
    text = str(entry.rank)
    if entry.rank == 1 and entry.eligible:
        text += " ★"
    return text
