"""Text and rich output shared by the CLI and the table: move lists, the game view, result tables."""

from __future__ import annotations

import textwrap


def group_moves(moves, width: int = 100) -> list[str]:
    """Legal moves grouped by who makes them, wrapped: 'Ann: stop, flip' / 'chance: governor-8-0, …'."""
    groups: dict[str, list[str]] = {}
    for m in moves:
        key = "chance" if m.chance else (m.player or "table")
        groups.setdefault(key, []).append(m.text)
    lines = []
    for who, texts in groups.items():
        body = ", ".join(texts)
        lines.extend(textwrap.wrap(f"{who}: {body}", width=width, subsequent_indent="    ",
                                   break_on_hyphens=False))
    return lines


def move_line(move, events=()) -> str:
    """A played move as a line, with what it did indented under it (what the table must carry out)."""
    who = move.player if move.player else "chance"
    return "\n".join([f"{move.text}  ({who})"] + [f"    {e}" for e in events])


def result_table(result, title: str | None = None):
    """One column per player, one row per breakdown part, then total, rank and the winners."""
    from rich.table import Table

    table = Table(title=title, show_lines=False)
    table.add_column("")
    for e in result.ranking:
        table.add_column(e.player, justify="right")
    parts: list[str] = []
    for e in result.ranking:
        for part in e.breakdown:
            if part not in parts:
                parts.append(part)
    for part in parts:
        table.add_row(part.replace("_", " "), *[str(e.breakdown.get(part, 0)) for e in result.ranking])
    table.add_section()
    table.add_row("[bold]total[/]", *[f"[bold]{e.total}[/]" for e in result.ranking])
    if any(e.tiebreak is not None for e in result.ranking):
        table.add_row("tie-break", *["" if e.tiebreak is None else str(e.tiebreak) for e in result.ranking])
    table.add_row("rank", *[str(e.rank) for e in result.ranking])
    if any(e.note for e in result.ranking):
        table.add_row("note", *[e.note for e in result.ranking])
    if any(e.facts for e in result.ranking):             # shown beside the total (Port Royal G9: coins)
        for fact in dict.fromkeys(k for e in result.ranking for k in e.facts):
            table.add_row(fact, *["" if e.facts.get(fact) is None else str(e.facts[fact]) for e in result.ranking])
    winners = result.winners
    if winners:
        table.caption = ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners)
    if not result.notes:
        return table
    # the notes are sentences: printed under the table at the console's width, not wrapped to the table's
    from rich.console import Group
    from rich.text import Text

    return Group(table, *[Text(note) for note in result.notes])


def show_game(console, tracked) -> None:
    game = tracked.game
    status = "finished" if game.finished else f"move {len(game.moves) + 1}"
    console.print(f"[bold]{game.rules.name}[/]  id [cyan]{tracked.id}[/]  {game.date}  "
                  f"{', '.join(game.players)}  ({status})")
    console.print(game.render())
    if game.finished:
        console.print(result_table(game.result()))
    else:
        console.print(f"[bold]{game.prompt()}[/]")
