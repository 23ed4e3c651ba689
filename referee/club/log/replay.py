"""`referee replay`: a tracked game's moves, one at a time, with the board after each."""

from __future__ import annotations

from ...core.errors import BadInput
from ...i18n import _, ngettext


def load_steps(store, text: str):
    """(header line, game factory, list of move texts) for a stored tracked game (finished or not)."""
    from ...core.errors import RefereeError
    from ...core.record import load_record

    gid, where = store.resolve(text)
    if where == "live":
        doc = store.read_live(gid) or {}
        from ... import session

        tracked = session.open_game(store, gid)
        game = tracked.game
    else:
        doc = store.get_archived(gid)
        record = store.read_record(gid)
        if record is None or not doc.get("has_record"):
            raise BadInput(_("Game {id} was logged without its moves ({source}); there is nothing to "
                             "replay, but `referee show {id}` shows its result.").format(id=gid, source=doc.get("source")))
        try:
            game = load_record(record)
        except RefereeError as err:
            from ...core.errors import StoreError

            raise StoreError(_("The record of game {id} ({path}) cannot be replayed: {error}").format(
                id=gid, path=store.record_path(gid), error=err)) from None
    return gid, doc, game


def _fresh(game):
    from ...core.game import Game

    return Game(game.rules, game.players, game.options, date=game.date)


def _at(game, n: int):
    g = _fresh(game)
    for move in game.log[:n]:
        g.play(move.text)
    return g


def _step_title(game, n: int):
    """The line over a step, as a rich Text: the players' names are data, never markup."""
    from ...core.format import plain

    if n == 0:
        return plain(_("Setup: {players}").format(players=", ".join(game.players)))
    move = game.log[n - 1]
    who = _("chance") if move.chance else (move.player or _("table"))
    return plain(f"{n}/{len(game.log)}. {move.text}  ({who})")


def replay(store, text: str, upto=None, *, interactive: bool, console) -> None:
    gid, doc, game = load_steps(store, text)
    total = len(game.log)
    if upto is not None and upto > total:
        raise BadInput(ngettext("Game {id} has {total} move; --to takes 0 to {total}.",
                                "Game {id} has {total} moves; --to takes 0 to {total}.", total).format(id=gid, total=total))
    from ...core.format import markup

    console.print(f"[bold]{markup(game.rules.name)}[/] {markup(gid)}  {markup(game.date)}  "
                  f"{markup(', '.join(game.players))}  ("
                  + ngettext("{n} moves", "{n} moves", total).format(n=total) + ")")
    if upto is not None:
        g = _at(game, upto)
        console.print(_step_title(game, upto))
        console.print(g.render())
        return
    if not interactive:
        g = _fresh(game)
        console.print(_step_title(game, 0))
        console.print(g.render())
        for n, move in enumerate(game.log, 1):
            g.play(move.text)
            console.rule(_step_title(game, n))
            console.print(g.render())
        _result(console, g)
        return
    n = 0
    while True:
        g = _at(game, n)
        console.rule(_step_title(game, n))
        console.print(g.render())
        if n == total:
            _result(console, g)
        try:
            answer = input(_("[Enter] next, b back, q quit > ")).strip().lower()
        except EOFError:
            return
        if answer in ("q", "quit", "exit"):
            return
        if answer in ("b", "back", "p"):
            n = max(0, n - 1)
        elif answer.isdigit():
            n = min(total, int(answer))
        elif n < total:
            n += 1
        else:
            return


def _result(console, g):
    if g.finished and g.result() is not None:
        from ...core.format import result_table

        console.print(result_table(g.result()))
