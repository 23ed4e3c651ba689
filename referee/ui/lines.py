"""`referee play` with stdin not a terminal: one move per line, stop at the first refused one."""

from __future__ import annotations

import click

from .. import session
from ..i18n import _
from ..core.errors import RefereeError
from ..core.format import move_line
from .commands import SECRET_WORDS, SYNONYMS, is_move as _is_move, secret_of, undo_count
from .linemode import _command

# The table's commands that only show something: as at the table, a line holding one of them shows it
# (a transcript of a session at the table replays through a pipe) instead of being refused as a move.
SHOWING = ("moves", "board", "help", "record")


def run_lines(store, tracked, stream) -> int:
    console = None
    for lineno, raw in enumerate(stream, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word = line.lower().split()
        word[0] = SYNONYMS.get(word[0], word[0])
        try:
            if word[0] in SHOWING and not _is_move(tracked.game, line):
                if console is None:
                    from rich.console import Console

                    console = Console(highlight=False, soft_wrap=True)
                _command(store, tracked, console, word[0], line)
                continue
            if word[0] == "undo":
                n = undo_count(word)
                dropped = session.undo(store, tracked, n, reopen=True)   # as before; the table will ask (issue 13.6)
                click.echo(_("undo:") + " " + ", ".join(m.text for m in reversed(dropped)))
                continue
            if word[0] == "quit":
                break
            if word[0] in SECRET_WORDS:   # secret NAME: what only that player may see; never stored
                click.echo(secret_of(tracked.game, line.partition(" ")[2])[1])
                continue
            for forced in _forced_before(tracked.game, line):   # as the terminal does: not typed, played
                click.echo(move_line(session.play(store, tracked, forced), tracked.game.events(), tracked.game))
            move = session.play(store, tracked, line)
        except RefereeError as err:
            click.echo(_("referee: line {n} ({line}): {error}").format(n=lineno, line=line, error=err), err=True)
            return err.exit_code
        for note in tracked.notices:
            click.echo(note, err=True)
        tracked.notices.clear()
        click.echo(move_line(move, tracked.game.events(), tracked.game))
        if tracked.game.finished:
            break
    game = tracked.game
    if game.finished:
        res = game.result()
        click.echo(_("The game is over: {ranking}").format(
            ranking=", ".join(f"{e.rank}. {e.player} {e.total}" for e in res.ranking)))
    else:
        click.echo(game.prompt())
    return 0


def _forced_before(game, line):
    """The chance moves with a single possible outcome (El Capitan's board values the board file knows) that
    stand before a typed line, which the terminal table enters by itself: played first unless the line is
    that very move."""
    from ..core.errors import RefereeError as _Refused

    while not game.finished:
        legal = game.legal_moves()
        if len(legal) != 1 or not legal[0].chance:
            return
        try:
            if game.find(line).text == legal[0].text:
                return
        except _Refused:
            pass
        yield legal[0].text
