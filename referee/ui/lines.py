"""`referee play` with stdin not a terminal: one move per line, stop at the first refused one."""

from __future__ import annotations

import click

from .. import session
from ..core.errors import RefereeError
from .format import move_line
from .table import SECRET_WORDS, secret_of


def run_lines(store, tracked, stream) -> int:
    for lineno, raw in enumerate(stream, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word = line.lower().split()
        try:
            if word[0] == "undo":
                n = int(word[1]) if len(word) > 1 and word[1].isdigit() else 1
                dropped = session.undo(store, tracked, n)
                click.echo("undo: " + ", ".join(m.text for m in reversed(dropped)))
                continue
            if word[0] in ("quit", "exit"):
                break
            if word[0] in SECRET_WORDS:   # secret NAME: what only that player may see; never stored
                click.echo(secret_of(tracked.game, line.partition(" ")[2])[1])
                continue
            move = session.play(store, tracked, line)
        except RefereeError as err:
            click.echo(f"referee: line {lineno} ({line}): {err}", err=True)
            return err.exit_code
        for note in tracked.notices:
            click.echo(note, err=True)
        tracked.notices.clear()
        click.echo(move_line(move, tracked.game.events()))
        if tracked.game.finished:
            break
    game = tracked.game
    if game.finished:
        res = game.result()
        click.echo("The game is over: " + ", ".join(f"{e.rank}. {e.player} {e.total}" for e in res.ranking))
    else:
        click.echo(game.prompt())
    return 0
