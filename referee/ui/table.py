"""The interactive table: a prompt-toolkit session that completes the legal moves of the moment.

Every accepted move is stored (session.play writes it atomically) before the next prompt appears.
"""

from __future__ import annotations

from .. import session
from ..core.errors import RefereeError
from .format import group_moves, result_table

COMMANDS = {
    "help": "this help and the game's notation",
    "moves": "list the legal moves now",
    "board": "show the table again",
    "undo": "take back the last move (undo N: the last N)",
    "record": "print the game record so far",
    "quit": "leave the table (the game is saved; `referee play` resumes it)",
}
SYNONYMS = {"?": "help", "exit": "quit", "q": "quit", "show": "board", "legal": "moves", "back": "undo"}


def _completer(tracked):
    from prompt_toolkit.completion import Completer, Completion

    class LegalMoveCompleter(Completer):
        """Completes the whole line against the current legal moves and the table commands."""

        def get_completions(self, document, complete_event):
            typed = " ".join(document.text_before_cursor.lower().split())
            trailing = document.text_before_cursor.endswith(" ")
            if trailing and typed:
                typed += " "
            seen = set()
            game = tracked.game
            candidates = [m.text for m in game.legal_moves()] + list(COMMANDS)
            for text in candidates:
                if text.startswith(typed) and text not in seen:
                    seen.add(text)
                    yield Completion(text, start_position=-len(document.text_before_cursor),
                                     display_meta=None)
            if not seen and typed:  # fall back to matching any word of the move
                for text in candidates:
                    if any(w.startswith(typed) for w in text.split()) and text not in seen:
                        seen.add(text)
                        yield Completion(text, start_position=-len(document.text_before_cursor))

    return LegalMoveCompleter()


def _history(store):
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    try:
        path = store.path.with_name(store.path.name + ".prompt-history")
        path.parent.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def _autoplay(store, tracked, console) -> None:
    """A chance event with a single possible outcome is not asked for: it is entered and shown."""
    game = tracked.game
    while not game.finished:
        legal = game.legal_moves()
        if len(legal) != 1 or not legal[0].chance:
            return
        move = session.play(store, tracked, legal[0].text)
        console.print(f"[dim]The only possible event: {move.text}[/]")


def run_table(store, tracked, *, input=None, output=None) -> int:
    """Run the table until the game ends or the user quits. ``input``/``output`` are for tests."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import HTML
    from prompt_toolkit.styles import Style
    from rich.console import Console

    console = Console(highlight=False, file=None if output is None else _Sink(output))
    kwargs = {}
    if input is not None:
        kwargs.update(input=input, output=output)
    def toolbar():
        # Live preview of what is typed: the canonical move and what it would show on the table (a
        # tile's edges in the chosen rotation), or the rule that refuses it, before Enter commits it.
        text = prompt_session.default_buffer.text
        if not text.strip() or text.strip().lower().split()[0] in COMMANDS:
            return None
        import shutil
        import textwrap

        width = max(20, shutil.get_terminal_size((100, 24)).columns - 1)
        return "\n".join(textwrap.wrap(tracked.game.preview(text), width=width, break_on_hyphens=False))

    prompt_session = PromptSession(completer=_completer(tracked), history=_history(store),
                                   complete_while_typing=True, bottom_toolbar=toolbar, **kwargs)
    style = Style.from_dict({"who": "bold", "id": "ansicyan"})
    game = tracked.game
    console.print(f"[bold]{game.rules.name}[/] id [cyan]{tracked.id}[/]: type a move, [bold]help[/], "
                  f"[bold]moves[/], [bold]undo[/] or [bold]quit[/]. Tab completes.")
    console.print(game.render())
    _autoplay(store, tracked, console)
    while True:
        game = tracked.game
        if game.finished:
            console.print(game.render())
            console.print(result_table(game.result(), title="Final result"))
            console.print(f"Game {tracked.id} is in the history. Type [bold]undo[/] to take back the last move, "
                          f"or press Enter to leave.")
            if _after_the_end(store, tracked, console, prompt_session) == "quit":
                return 0
            continue
        console.print(f"[bold]{game.prompt()}[/]")
        who = game.to_move or "chance"
        legal = game.legal_moves()
        hint = f" [Enter: {legal[0].text}]" if len(legal) == 1 else ""
        try:
            line = prompt_session.prompt(HTML(f"<who>{_esc(who)}</who>{_esc(hint)}&gt; "), style=style)
        except KeyboardInterrupt:
            continue
        except EOFError:
            console.print(f"Saved. Resume with `referee play {tracked.id}`.")
            return 0
        text = " ".join(line.split())
        if not text:
            if len(legal) == 1:
                text = legal[0].text
            else:
                continue
        word = text.lower().split()[0]
        word = SYNONYMS.get(word, word)
        moves_before = len(tracked.game.moves)
        try:
            if word in COMMANDS and not _is_move(game, text):
                if _command(store, tracked, console, word, text) == "quit":
                    return 0
                continue
            move = session.play(store, tracked, text)
        except RefereeError as err:
            if _show_notices(tracked, console):  # another window changed the game: show where it is now
                console.print(tracked.game.render())
            console.print(f"[red]✗ {_esc_rich(str(err))}[/]")
            continue
        if _show_notices(tracked, console):
            console.print(tracked.game.render())
        who = "chance" if move.chance else move.player
        console.print(f"[green]✓[/] {move.text} [dim]({who})[/]")
        _autoplay(store, tracked, console)
        game = tracked.game
        if game.finished or len(game.moves) <= moves_before:
            continue
        if game.to_move is None:
            # More table events to enter (a row of cards, plantations): no board between them, just what
            # each did, so the screen does not scroll a whole board per card.
            for event in game.events():
                console.print(f"  [dim]{_esc_rich(event)}[/]")
            continue
        console.print(game.render())


def _show_notices(tracked, console) -> bool:
    shown = bool(tracked.notices)
    for note in tracked.notices:
        console.print(f"[yellow]{_esc_rich(note)}[/]")
    tracked.notices.clear()
    return shown


def _after_the_end(store, tracked, console, prompt_session):
    """After the last move: the table may still take it back (or look at the board or record)."""
    while True:
        try:
            line = prompt_session.prompt("game over> ")
        except (KeyboardInterrupt, EOFError):
            return "quit"
        text = " ".join(line.split())
        word = SYNONYMS.get(text.lower().split()[0], text.lower().split()[0]) if text else "quit"
        if word == "quit":
            return "quit"
        if word in ("undo", "board", "record", "help"):
            try:
                _command(store, tracked, console, word, text)
            except RefereeError as err:
                console.print(f"[red]✗ {_esc_rich(str(err))}[/]")
                continue
            if word == "undo":
                return "continue"
            continue
        console.print("[red]✗ The game is over: type undo, board, record, or press Enter to leave.[/]")


def _is_move(game, text: str) -> bool:
    return " ".join(text.lower().split()) in {m.text for m in game.legal_moves()}


def _command(store, tracked, console, word, text):
    game = tracked.game
    if word == "quit":
        console.print(f"Saved. Resume with `referee play {tracked.id}`.")
        return "quit"
    if word == "help":
        for name, what in COMMANDS.items():
            console.print(f"  [bold]{name:<7}[/] {what}")
        if game.rules.notation:
            console.print(game.rules.notation)
        return None
    if word == "moves":
        for line in group_moves(game.legal_moves()):
            console.print(_esc_rich(line))
        return None
    if word == "board":
        console.print(game.render())
        return None
    if word == "record":
        console.print(_esc_rich(game.to_record(id=tracked.id)))
        return None
    if word == "undo":
        parts = text.split()
        n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
        dropped = session.undo(store, tracked, n)
        console.print("Took back: " + ", ".join(m.text for m in reversed(dropped)))
        console.print(tracked.game.render())
        return None
    return None


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _esc_rich(text: str) -> str:
    from rich.markup import escape

    return escape(text)


class _Sink:
    """Lets rich write to a prompt-toolkit test output."""

    def __init__(self, output):
        self.output = output

    def write(self, text):
        self.output.write(text)
        return len(text)

    def flush(self):
        self.output.flush()
