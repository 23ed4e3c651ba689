"""The interactive table: a prompt-toolkit session that completes the legal moves of the moment.

Every accepted move is stored (session.play writes it atomically) before the next prompt appears.
"""

from __future__ import annotations

from .. import session
from ..core.errors import BadInput, RefereeError
from ..i18n import N_, _
from .format import group_moves, result_table

COMMANDS = {      # texts translated where shown (_(text))
    "help": N_("this help and the game's notation"),
    "moves": N_("list the legal moves now"),
    "board": N_("show the table again"),
    "undo": N_("take back the last move (undo N: the last N)"),
    "record": N_("print the game record so far"),
    "secret": N_("secret NAME (or vp NAME): what only that player may see, such as face-down VP chips; "
                 "shown until a key hides it, never in the board or the record"),
    "quit": N_("leave the table (the game is saved; `referee play` resumes it)"),
}
SYNONYMS = {"?": "help", "exit": "quit", "q": "quit", "show": "board", "legal": "moves", "back": "undo",
            "vp": "secret"}
SECRET_WORDS = tuple(w for w in ("secret", *SYNONYMS) if SYNONYMS.get(w, w) == "secret")


def has_secrets(game) -> bool:
    """Whether the game keeps anything from some players (an engine answers for every player or none)."""
    return game.secret(game.players[0]) is not None


def find_player(players, typed: str) -> str:
    """The player a typed name means: the whole name or a unique start of it, in any case."""
    key = " ".join(typed.split()).casefold()
    names = _("{names} and {last}").format(names=", ".join(players[:-1]), last=players[-1])
    if not key:
        raise BadInput(_("Name the player whose secret to show (secret NAME): {names}.").format(names=names))
    folded = [(" ".join(p.split()).casefold(), p) for p in players]
    exact = [p for f, p in folded if f == key]
    if exact:
        return exact[0]
    hits = [p for f, p in folded if f.startswith(key)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise BadInput(_("{typed} could be {players}; type more of the name.").format(
            typed=repr(typed.strip()), players=_(" or ").join(hits)))
    raise BadInput(_("No player is called {typed}; the players are {names}.").format(typed=repr(typed.strip()),
                                                                                     names=names))


def secret_of(game, typed: str) -> tuple[str | None, str]:
    """(player, what only that player may see) for a typed name, or (None, a sentence saying the game has no
    secrets). Raises BadInput when the name is not one player's."""
    if not has_secrets(game):
        return None, _("{game} has no secret information: everything is on the board.").format(game=game.rules.name)
    player = find_player(game.players, typed)
    return player, game.secret(player)


def _spoken(game) -> list[tuple[object, str]]:
    """(move, what may complete to it) for the legal moves: each move's label in the display language first,
    then its canonical text (both languages complete: 'vezmi adm' and 'take adm')."""
    from ..core.labels import of

    legal = game.legal_moves()
    said = [(m, of(game, m)) for m in legal]
    return said + [(m, m.text) for m, s in said if s != m.text]


def _starts(text: str, typed: str) -> bool:
    """Whether ``text`` starts with what is typed, in any case and with or without accents ('vezmi admi'
    completes 'vezmi admirála 7 2')."""
    from ..core.names import fold

    if text.startswith(typed):
        return True
    folded = fold(typed)
    if not folded:
        return False
    whole = fold(text)
    if typed.endswith(" "):            # a finished word: the next word must follow it
        return whole.startswith(folded + " ")
    return whole.startswith(folded)


def _completer(tracked):
    from prompt_toolkit.completion import Completer, Completion

    class LegalMoveCompleter(Completer):
        """Completes the whole line against the current legal moves (by their labels in the display language
        and by their texts) and the table commands."""

        def get_completions(self, document, complete_event):
            typed = " ".join(document.text_before_cursor.lower().split())
            trailing = document.text_before_cursor.endswith(" ")
            if trailing and typed:
                typed += " "
            seen = set()
            game = tracked.game
            first, space, rest = typed.partition(" ")
            if space and first in SECRET_WORDS and has_secrets(game):   # secret NAME: complete the player names
                for name in game.players:
                    if name.casefold().startswith(rest.casefold()):
                        yield Completion(f"{first} {name}", start_position=-len(document.text_before_cursor))
                return
            named, rest = None, typed
            for name in sorted(game.players, key=len):      # the longest name that leads what is typed
                lead = " ".join(name.split()).casefold() + " "
                if typed.casefold().startswith(lead):
                    named, rest = name, typed[len(lead):]
            spoken = _spoken(game)
            if named is not None:   # 'bob ta': that player's moves, said with his name as at the table
                for m, said in spoken:
                    if m.player == named and _starts(said, rest) and said not in seen:
                        seen.add(said)
                        yield Completion(f"{named} {said}", start_position=-len(document.text_before_cursor))
                if seen:
                    return
            commands = [c for c in COMMANDS if c != "secret" or has_secrets(game)]
            candidates = [said for _m, said in spoken] + commands
            for text in candidates:
                if _starts(text, typed) and text not in seen:
                    seen.add(text)
                    yield Completion(text, start_position=-len(document.text_before_cursor),
                                     display_meta=None)
            if not seen and typed:  # fall back to matching any word of the move
                for text in candidates:
                    if any(_starts(w, typed) for w in text.split()) and text not in seen:
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
        console.print("[dim]" + _("The only possible event: {move}").format(move=_esc_rich(_said(tracked.game, move)))
                      + "[/]")


def run_table(store, tracked, *, input=None, output=None) -> int:
    """The table for a terminal: full screen (ui/app.py) when the terminal holds 80x24, else the line mode
    below, after a sentence saying how big the full table needs it. ``input``/``output`` are for tests."""
    from prompt_toolkit.output import create_output

    from . import fit

    out = output if output is not None else create_output()
    size = out.get_size()
    if size.columns < fit.MIN_WIDTH or size.rows < fit.MIN_HEIGHT:
        _say(out, _("The full-screen table needs a terminal of at least {w}x{h} (this one is {cols}x{rows}); "
                    "using line mode. Enlarge the window and type `referee play {id}` again for the full "
                    "table.").format(w=fit.MIN_WIDTH, h=fit.MIN_HEIGHT, cols=size.columns, rows=size.rows,
                                     id=tracked.id))
        return run_line_table(store, tracked, input=input, output=output)
    from .app import Table

    code = Table(store, tracked, input=input, output=output).run()
    game = tracked.game
    if tracked.archived or game.finished:
        from rich.console import Console

        console = Console(highlight=False, file=None if output is None else _Sink(output))
        if game.result() is not None:
            console.print(result_table(game.result(), title=_("Final result")))
        _say(out, _("Game {id} is in the history.").format(id=tracked.id))
    else:
        _say(out, _("Saved. Resume with `referee play {id}`.").format(id=tracked.id))
    return code


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


def _preview(game, text: str) -> str:
    """The live bar's line for typed text: the move and what it would do, or the rule refusing it; while
    what is typed is still the start of legal moves ('bui'), the moves Tab would complete instead of a
    refusal of the unfinished word."""
    shown = _move_preview(game, text)
    if shown.startswith("✗"):
        typed = " ".join(text.lower().split())
        starts = list(dict.fromkeys(s for _m, s in _spoken(game) if _starts(s, typed))) if typed else []
        if starts:
            if len(starts) > 3:
                return "… " + _("Tab completes: {moves} and {n} more").format(moves=", ".join(starts[:3]),
                                                                          n=len(starts) - 3)
            return "… " + _("Tab completes: {moves}").format(moves=", ".join(starts[:3]))
    return shown


def _move_preview(game, text: str) -> str:
    """The game's preview of typed text; led by a player's name the notation does not take ('bob take
    corn'), the preview of the move after the name, or why it is not that player's move."""
    named, rest = session.split_player(game.players, text)
    if named is None or not rest:
        return game.preview(text)
    from ..core.errors import InvalidMove

    try:
        game.find(text)
        return game.preview(text)          # the notation itself takes the name (Port Royal)
    except InvalidMove:
        pass                               # as session.play_named: only then is the name taken off
    except RefereeError:
        return game.preview(text)
    try:
        move = game.find(rest)
    except RefereeError:
        return game.preview(rest)
    refused = session.name_refusal(move, named)
    return f"✗ {refused}" if refused else game.preview(rest)


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


def undo_count(words) -> int:
    """'undo' -> 1, 'undo 3' -> 3; anything else after undo is refused rather than taken as 1."""
    if len(words) == 1:
        return 1
    if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
        return int(words[1])
    raise BadInput(_("undo takes how many moves to take back, e.g. undo 2, not {typed}.").format(
        typed=repr(" ".join(words[1:]))))


def _is_move(game, text: str) -> bool:
    """Whether typed text names a legal move: then it is played even if it starts like a table command
    (Puerto Rico's 'q' at the settler takes the quarry; it does not leave the table)."""
    if game.finished:
        return False
    try:
        game.find(" ".join(text.split()))
        return True
    except RefereeError:
        return False


def _asker(prompt_session):
    """A yes/no question at the line table's prompt: y (or Czech a) is yes, anything else no."""
    def ask(question: str) -> bool:
        try:
            answer = prompt_session.prompt(question + " ")
        except (KeyboardInterrupt, EOFError):
            return False
        return answer.strip().lower()[:1] in ("y", "a")
    return ask


def undo_reopening(store, tracked, n: int):
    """Undo into a finished game, as the table's user just confirmed (session.undo's reopen=True where the
    store has that switch)."""
    import inspect

    kwargs = {"reopen": True} if "reopen" in inspect.signature(session.undo).parameters else {}
    return session.undo(store, tracked, n, **kwargs)


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
