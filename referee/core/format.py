"""Text and rich output shared by the CLI and the table: move lists, the game view, result tables."""

from __future__ import annotations

from ..i18n import _

from .validate import visible


# --- stored text on a terminal -----------------------------------------------------------------------
# Everything a club typed or imported (names, locations, notes, breakdown parts, game names, texts from a
# file) is data. Shown through rich it must never be read as markup ("[/]" would crash the print, "[link=…]"
# would become a live hyperlink) and, shown anywhere, never carry a control character to the terminal (an
# ESC sequence can retitle the window, clear the screen or open an OSC 8 link). These three helpers are the
# one way to show such a text; the table and every command use them.

def safe(text, multiline: bool = False) -> str:
    """A stored text as a plain string for click.echo / prompt-toolkit: every control, invisible or
    text-direction character written as its escape (\\x1b, \\u202e); with multiline, line ends stay."""
    if text is None:
        return ""
    return visible(text, keep="\n" if multiline else "")


def plain(text, style: str | None = None, multiline: bool = False):
    """A stored text as a rich Text: printed as the characters it is, never as markup or emoji codes."""
    from rich.text import Text

    return Text(safe(text, multiline), style=style or "")


# What rich itself writes to a terminal: line ends, tabs, and ESC/BEL for its colours and links.
_RICH_OWN = "\n\r\t\x1b\x07"


def _guard_text(text: str) -> str:
    rest = text
    for ch in _RICH_OWN:            # str.replace runs in C; str.translate would not, on non-ASCII text
        if ch in rest:
            rest = rest.replace(ch, "")
    if rest.isprintable():
        return text
    return visible(text, keep="\n\r\t\x1b\x07")


class Guarded:
    """A console's output stream that writes every other control, invisible or text-direction character
    as its escape. plain() and markup() already show stored text safely; this is the guard for whatever
    reaches the console another way (a game's board naming a player stored before names were checked)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(_guard_text(text))

    def __getattr__(self, name):        # isatty, fileno, encoding, flush ... as the stream has them
        return getattr(self._stream, name)


def markup(text) -> str:
    """A stored text to put inside a rich markup string (f"[bold]{markup(name)}[/]"). Print it on a Console
    made with emoji=False (cli.console() is), or a stored ":smile:" becomes an emoji; plain() needs neither."""
    from rich.markup import escape

    return escape(safe(text))



def group_moves(moves, width: int = 100, game=None) -> list[str]:
    """Legal moves grouped by who makes them, wrapped: 'Ann: stop, flip' / 'chance: governor-8-0, …'; with
    ``game``, each move by its label in the display language (core/labels.py)."""
    from .labels import of

    groups: dict[str, list[str]] = {}
    for m in moves:
        key = (1, "") if m.chance else (0, m.player) if m.player else (2, "")   # a player may be called "chance"
        groups.setdefault(key, []).append(of(game, m) if game is not None else m.text)
    import textwrap     # only when moves are listed: its regexes cost a millisecond at every start

    lines = []
    for (kind, name), texts in groups.items():
        who = name if kind == 0 else _("chance") if kind == 1 else _("table")
        body = ", ".join(texts)
        lines.extend(textwrap.wrap(safe(f"{who}: {body}"), width=width, subsequent_indent="    ",
                                   break_on_hyphens=False))
    return lines


def move_line(move, events=(), game=None) -> str:
    """A played move as a line, with what it did indented under it (what the table must carry out); with
    ``game``, the move by its label in the display language."""
    from .labels import of

    who = move.player if move.player else _("chance")
    said = of(game, move) if game is not None else move.text
    return safe("\n".join([f"{said}  ({who})"] + [f"    {e}" for e in events]), multiline=True)


def result_table(result, title: str | None = None):
    """One column per player, one row per breakdown part, then total, rank and the winners."""
    from rich.table import Table

    table = Table(title=plain(title) if title is not None else None, show_lines=False)
    table.add_column("")
    for e in result.ranking:
        table.add_column(plain(e.player), justify="right")
    parts: list[str] = []
    for e in result.ranking:
        for part in e.breakdown:
            if part not in parts:
                parts.append(part)
    for part in parts:
        table.add_row(plain(str(part).replace("_", " ")), *[plain(e.breakdown.get(part, 0)) for e in result.ranking])
    table.add_section()
    table.add_row("[bold]" + _("total") + "[/]", *[plain(e.total, style="bold") for e in result.ranking])
    if any(e.tiebreak is not None for e in result.ranking):
        table.add_row(_("tie-break"), *["" if e.tiebreak is None else plain(e.tiebreak) for e in result.ranking])
    table.add_row(_("rank"), *[plain(e.rank) for e in result.ranking])
    if any(e.note for e in result.ranking):
        table.add_row(_("note"), *[plain(e.note) for e in result.ranking])
    if any(e.facts for e in result.ranking):             # shown beside the total (Port Royal G9: coins)
        for fact in dict.fromkeys(k for e in result.ranking for k in e.facts):
            table.add_row(plain(fact), *["" if e.facts.get(fact) is None else plain(e.facts[fact])
                                         for e in result.ranking])
    winners = result.winners
    if winners:
        label = _("Winner: {names}") if len(winners) == 1 else _("Shared win: {names}")
        table.caption = plain(label.format(names=", ".join(map(str, winners))))
    if not result.notes:
        return table
    # the notes are sentences: printed under the table at the console's width, not wrapped to the table's
    from rich.console import Group

    return Group(table, *[plain(note) for note in result.notes])


def show_game(console, tracked) -> None:
    game = tracked.game
    status = _("finished") if game.finished else _("move {n}").format(n=len(game.moves) + 1)
    console.print(f"[bold]{markup(game.rules.name)}[/]  id [cyan]{markup(tracked.id)}[/]  {markup(game.date)}  "
                  f"{markup(', '.join(game.players))}  ({status})")
    console.print(game.render())
    if game.finished:
        console.print(result_table(game.result()))
    else:
        console.print(f"[bold]{game.prompt()}[/]")
