"""The table in line mode (a terminal smaller than 80x24): the board printed after each move, a prompt under
it, the live preview in the bottom toolbar."""

from __future__ import annotations

from .. import session
from ..core.errors import RefereeError
from ..i18n import _
from .commands import COMMANDS, SYNONYMS, has_secrets, is_move as _is_move, secret_of, undo_count, undo_reopening
from .complete import completer as _completer, history as _history
from ..core.format import group_moves, result_table
from .preview import _preview


def _autoplay(store, tracked, console) -> None:
    """A chance event with a single possible outcome is not asked for: it is entered and shown."""
    game = tracked.game
    while not game.finished:
        legal = game.legal_moves()
        if len(legal) != 1 or not legal[0].chance:
            return
        move = session.play(store, tracked, legal[0].text)
        console.print("[dim]" + _("The only possible event: {move}").format(move=_esc_rich(_said(tracked.game, move)))
                      + "[/]")


def _say(output, text: str) -> None:
    output.write_raw(text + "\n")
    output.flush()


def run_line_table(store, tracked, *, input=None, output=None) -> int:
    """The table in line mode (a terminal smaller than 80x24): the board printed after each move, a
    prompt under it. Runs until the game ends or the user quits."""
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
        if not text.strip():
            return None
        word = text.strip().lower().split()[0]
        if SYNONYMS.get(word, word) in COMMANDS:
            return None
        import shutil
        import textwrap

        width = max(20, shutil.get_terminal_size((100, 24)).columns - 1)
        return "\n".join(textwrap.wrap(_preview(tracked.game, text), width=width, break_on_hyphens=False))

    prompt_session = PromptSession(completer=_completer(tracked), history=_history(store),
                                   complete_while_typing=True, bottom_toolbar=toolbar, **kwargs)

    def reveal(player: str, text: str) -> None:
        # A player's secret is shown in a prompt of its own that is erased when Enter is pressed: it never
        # stays on the screen for the next player to read, and never enters the prompt history.
        try:
            PromptSession(erase_when_done=True, **kwargs).prompt(
                _("Only {player} should look: {text}\nPress Enter to hide it.").format(player=player, text=text) + " ")
        except (KeyboardInterrupt, EOFError):
            pass

    style = Style.from_dict({"who": "bold", "id": "ansicyan"})
    game = tracked.game
    console.print(f"[bold]{game.rules.name}[/] id [cyan]{tracked.id}[/]: "
                  + _("type a move, [bold]help[/], [bold]moves[/], [bold]undo[/] or [bold]quit[/]. Tab completes."))
    console.print(_board(game, console))
    _autoplay(store, tracked, console)
    while True:
        game = tracked.game
        if game.finished:
            console.print(_board(game, console))
            console.print(result_table(game.result(), title=_("Final result")))
            console.print(_("Game {id} is in the history. Type [bold]undo[/] to take back the last move, "
                            "or press Enter to leave.").format(id=tracked.id))
            if _after_the_end(store, tracked, console, prompt_session, reveal) == "quit":
                return 0
            continue
        console.print(f"[bold]{game.prompt()}[/]")
        who = game.to_move or _("chance")
        legal = game.legal_moves()
        hint = " [" + _("Enter: {move}").format(move=_said(game, legal[0])) + "]" if len(legal) == 1 else ""
        try:
            line = prompt_session.prompt(HTML(f"<who>{_esc(who)}</who>{_esc(hint)}&gt; "), style=style)
        except KeyboardInterrupt:
            continue
        except EOFError:
            console.print(_("Saved. Resume with `referee play {id}`.").format(id=tracked.id))
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
                if _command(store, tracked, console, word, text, reveal) == "quit":
                    return 0
                continue
            move = session.play(store, tracked, text)
        except RefereeError as err:
            if _show_notices(tracked, console):  # another window changed the game: show where it is now
                console.print(_board(tracked.game, console))
            console.print(f"[red]✗ {_esc_rich(str(err))}[/]")
            continue
        if _show_notices(tracked, console):
            console.print(_board(tracked.game, console))
        who = _("chance") if move.chance else move.player
        console.print(f"[green]✓[/] {_esc_rich(_said(tracked.game, move))} [dim]({who})[/]")
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
        console.print(_board(game, console))


def _show_notices(tracked, console) -> bool:
    shown = bool(tracked.notices)
    for note in tracked.notices:
        console.print(f"[yellow]{_esc_rich(note)}[/]")
    tracked.notices.clear()
    return shown


def _after_the_end(store, tracked, console, prompt_session, reveal=None):
    """After the last move: the table may still take it back (or look at the board or record)."""
    while True:
        try:
            line = prompt_session.prompt(_("game over") + "> ")
        except (KeyboardInterrupt, EOFError):
            return "quit"
        text = " ".join(line.split())
        word = SYNONYMS.get(text.lower().split()[0], text.lower().split()[0]) if text else "quit"
        if word == "quit":
            return "quit"
        if word in ("undo", "board", "record", "help", "secret"):
            try:
                _command(store, tracked, console, word, text, reveal, _asker(prompt_session))
            except RefereeError as err:
                if _show_notices(tracked, console):
                    console.print(_board(tracked.game, console))
                console.print(f"[red]✗ {_esc_rich(str(err))}[/]")
                if not tracked.game.finished:   # reopened in another window: back to the moves
                    return "continue"
                continue
            if word == "undo":
                return "continue"
            continue
        console.print("[red]✗ " + _("The game is over: type undo, board, record, secret NAME, or press Enter to "
                                    "leave.") + "[/]")


def _asker(prompt_session):
    """A yes/no question at the line table's prompt: y (or Czech a) is yes, anything else no."""
    def ask(question: str) -> bool:
        try:
            answer = prompt_session.prompt(question + " ")
        except (KeyboardInterrupt, EOFError):
            return False
        return answer.strip().lower()[:1] in ("y", "a")
    return ask


def _command(store, tracked, console, word, text, reveal=None, ask=None):
    game = tracked.game
    if word == "quit":
        console.print(_("Saved. Resume with `referee play {id}`.").format(id=tracked.id))
        return "quit"
    if word == "help":
        for name, what in COMMANDS.items():
            if name != "secret" or has_secrets(game):
                console.print(f"  [bold]{name:<7}[/] {_esc_rich(_(what))}")
        console.print("  " + _("A player's name may lead a move, as said at the table ('Bob pass'); it is refused "
                               "when it is not that player's move."))
        from ..core.labels import help_text

        if help_text(game):
            console.print(_esc_rich(help_text(game)))
        return None
    if word == "moves":
        for line in group_moves(game.legal_moves(), width=max(20, console.width - 1), game=game):
            console.print(_esc_rich(line))
        return None
    if word == "board":
        console.print(_board(game, console))
        return None
    if word == "record":
        console.print(_esc_rich(game.to_record(id=tracked.id)))
        return None
    if word == "secret":
        player, what = secret_of(game, text.partition(" ")[2])
        if player is None or reveal is None:
            console.print(_esc_rich(what))
        else:
            reveal(player, what)
        return None
    if word == "undo":
        parts = text.split()
        n = undo_count(parts)
        if tracked.archived:
            question = _("This reopens the finished game {id}: it leaves the history and the statistics until it "
                         "ends again. Undo? y/n").format(id=tracked.id)
            if ask is None or not ask(question):
                console.print(_("Nothing was taken back."))
                return None
            dropped = undo_reopening(store, tracked, n)
        else:
            dropped = session.undo(store, tracked, n)
        console.print(_("Took back:") + " " + _esc_rich(", ".join(_said(tracked.game, m) for m in reversed(dropped))))
        console.print(_board(tracked.game, console))
        return None
    return None


def _said(game, move) -> str:
    """A move as the display language says it (core/labels.py)."""
    from ..core.labels import of

    return of(game, move)


def _board(game, console):
    """The board at the console's width: the fullest of the game's tiers that cuts no name (ui/fit.py)."""
    from . import fit

    return fit.choose(game, console.width, None)


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
