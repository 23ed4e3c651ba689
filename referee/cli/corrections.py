"""The correction commands: edit, delete, trash, restore, players (rename, merge). Registered lazily."""

from __future__ import annotations

import click

from ..i18n import _
from .clubbase import _cli, _echo, _out


def _store(ctx):
    return _cli().open_store(ctx)


def _archived_id(store, text: str) -> str:
    gid, where = store.resolve(text)
    if where != "archive":
        from ..core.errors import BadInput

        raise BadInput(_("Game {id} is still in progress; `referee undo {id}` corrects its moves, `referee abandon "
                         "{id}` stops tracking it.").format(id=gid))
    return gid


@click.command("edit")
@click.argument("game_id")
@click.option("--date", default=None, metavar="YYYY-MM-DD", help="The day it was played.")
@click.option("--location", default=None, help="Where it was played (an empty text clears it).")
@click.option("--notes", default=None, help="The note (an empty text clears it).")
@click.option("--duration", default=None, metavar="MINUTES", help="How long it took: 90, 1h30 (empty clears it).")
@click.option("-p", "--player", "players", multiple=True, metavar="NAME=SCORE",
              help="A recorded play's score: changes that player's score, the others keep theirs; a list naming "
                   "new players gives all of them, in seat order (not for a tracked play).")
@click.option("--winner", "winners", multiple=True, metavar="NAME", help="Who won a tie at the top (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the corrected play as JSON.")
@click.pass_context
def edit_command(ctx, game_id, date, location, notes, duration, players, winners, as_json):
    """Correct a logged play: its date, location, notes, duration, and for a recorded (not tracked) play its
    players and scores. The play keeps its id; `referee show ID` shows the result."""
    from ..club.log.corrections import edit

    store = _store(ctx)
    gid = _archived_id(store, game_id)
    scores = None
    if players:
        from ..club.log.record import parse_pairs

        _cli()._one_player_per_p(players)
        doc = store.get_archived(gid) or {}
        scores = parse_pairs(list(players), doc.get("game"))
    new = edit(store, gid, date=date, location=location, notes=notes, duration=duration, scores=scores,
               winners=winners)
    if as_json:
        _cli().out_json(new)
        return
    _echo(_("Corrected game {id}.").format(id=gid))


@click.command("delete")
@click.argument("game_id")
@click.pass_context
def delete_command(ctx, game_id):
    """Move a logged play to the trash: it leaves the history and the statistics; `referee trash` lists it and
    `referee restore ID` brings it back. Nothing is destroyed."""
    from ..club.log.corrections import delete

    store = _store(ctx)
    gid = _archived_id(store, game_id)
    doc = delete(store, gid)
    _echo(_("Moved game {id} ({game}, {date}) to the trash; `referee restore {id}` brings it back.")
          .format(id=gid, game=doc.get("game"), date=doc.get("date")))


@click.command("trash")
@click.option("--json", "as_json", is_flag=True, help="The deleted plays as JSON.")
@click.pass_context
def trash_command(ctx, as_json):
    """List the plays in the trash (deleted with `referee delete`), newest deletion first."""
    from ..club.log.corrections import read_trash, settle

    store = _store(ctx)
    with store.lock:
        entries = settle(store, read_trash(store))
    entries = sorted(entries, key=lambda e: e.get("deleted_at") or "", reverse=True)
    if as_json:
        _out([{"id": e["doc"].get("id"), "game": e["doc"].get("game"), "date": e["doc"].get("date"),
               "players": e["doc"].get("players"), "deleted_at": e.get("deleted_at")} for e in entries], 1)
        return
    if not entries:
        click.echo(_("The trash is empty."))
        return
    deleted = _("deleted")     # not inside the f-string: Python 3.12+ tokenizes f-strings, and the catalog
    for e in entries:          # must be the same whichever Python extracts it
        d = e["doc"]
        _echo(f"{d.get('id')}  {d.get('date') or '':<10}  {d.get('game')}  {', '.join(map(str, d.get('players') or []))}"
              f"  ({deleted} {(e.get('deleted_at') or '')[:10]})")


@click.command("restore")
@click.argument("game_id")
@click.pass_context
def restore_command(ctx, game_id):
    """Bring a play back from the trash into the history."""
    from ..club.log.corrections import find_in_trash, read_trash, restore

    store = _store(ctx)
    gid = find_in_trash(read_trash(store), game_id)
    doc = restore(store, gid)
    _echo(_("Restored game {id} ({game}, {date}) to the history.").format(id=gid, game=doc.get("game"),
                                                                          date=doc.get("date")))


@click.group("players", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="The players as JSON.")
@click.pass_context
def players_command(ctx, as_json):
    """The club's players with their plays, wins and when they played; `players rename` and `players merge`
    fix names across the history."""
    if ctx.invoked_subcommand is not None:
        return
    from ..club.common import read_archive
    from ..club.log.corrections import players

    store = _store(ctx)
    docs = store.archived_summaries() if hasattr(store, "archived_summaries") else read_archive(store)
    rows = players(docs)
    if as_json:
        _out(rows, 1)
        return
    if not rows:
        click.echo(_("The history has no players yet."))
        return
    from rich.table import Table

    from ..core.format import plain

    t = Table(header_style="bold")
    for col, just in ((_("player"), "left"), (_("plays"), "right"), (_("wins"), "right"),
                      (_("first played"), "left"), (_("last played"), "left")):
        t.add_column(col, justify=just)
    for r in rows:
        t.add_row(plain(r["name"]), str(r["plays"]), str(r["wins"]), r["first"] or "", r["last"] or "")
    _cli().console().print(t)


@players_command.command("rename")
@click.argument("old")
@click.argument("new")
@click.pass_context
def players_rename(ctx, old, new):
    """Give player OLD the name NEW in every play (NEW must not be another player: use merge for that)."""
    from ..club.log.corrections import rename

    res = rename(_store(ctx), old, new)
    _echo(_("Renamed {old} to {new} in {n} plays.").format(old=res["old"], new=res["new"], n=res["plays"]))


@players_command.command("merge")
@click.argument("source")
@click.argument("into")
@click.pass_context
def players_merge(ctx, source, into):
    """Put every play of player FROM under player INTO (two spellings of one person). Refused when they ever
    played together. `players rename INTO FROM`-style renames undo a merge only where the names were distinct
    plays, so check `referee players` first."""
    from ..club.log.corrections import rename

    res = rename(_store(ctx), source, into, merge=True)
    _echo(_("Merged {old} into {new}: {n} plays moved.").format(old=res["old"], new=res["new"], n=res["plays"]))
