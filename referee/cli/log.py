"""The club log's commands: record, history (and games in progress), replay, abandon. Loaded lazily."""

from __future__ import annotations

import sys

import click

from ..club.complete import (complete_game, complete_game_ref, complete_live_ref, complete_location,
                             complete_player, complete_player_score)
from ..i18n import _, ngettext
from .clubbase import _cli, _echo, _filter_options, _load, _out


@click.command("record")
@click.argument("game", shell_complete=complete_game)
@click.option("-p", "--player", "players", multiple=True, metavar="NAME=SCORE", shell_complete=complete_player_score,
              help="A player and final score, in seating order from the start player (repeat for each).")
@click.option("--date", default=None, metavar="YYYY-MM-DD", help="The day it was played; default today.")
@click.option("--location", default=None, shell_complete=complete_location,
              help="Where it was played (default: the settings' location, `referee config location`).")
@click.option("--duration", default=None, metavar="MINUTES", help="How long it took: 90, 90m, 1h30 or 1:30.")
@click.option("--notes", default=None, help="A free-text note.")
@click.option("--colour", "--color", "colours", multiple=True, metavar="NAME=COLOUR",
              help="A player's colour (repeatable).")
@click.option("--winner", "winners", multiple=True, metavar="NAME", shell_complete=complete_player,
              help="Who won a tie for the highest score by the game's tie-break (repeatable); without it, "
                   "equal scores share the rank.")
@click.option("--bgg-id", type=click.IntRange(1, 9_999_999), default=None,
              help="The game's BoardGameGeek id (the number in its BGG address), for exports to BGG and BG Stats.")
@click.option("--expansion", "expansions", multiple=True, metavar="NAME", help="An expansion used (repeatable).")
@click.option("--team", "teams", multiple=True, metavar="TEAM=NAME,NAME",
              help="A team and its players (repeatable): teams score the sum of their members' points and the "
                   "best team's members win.")
@click.option("--coop", type=click.Choice(["won", "lost"]), default=None,
              help="A cooperative play, won or lost by everyone together (scores then optional: -p NAME).")
@click.option("--first-play", "first_plays", multiple=True, metavar="NAME",
              help="A player's first play of this game (repeatable).")
@click.option("--start", default=None, metavar="NAME", help="The start player (the seats follow from there).")
@click.option("--incomplete", is_flag=True, help="The play was not finished: logged, not counted in statistics.")
@click.option("--no-stats", is_flag=True, help="Logged but not counted in statistics and ratings.")
@click.option("--json", "as_json", is_flag=True, help="Print {\"id\", \"result\"} as JSON.")
@click.pass_context
def record_command(ctx, game, players, date, location, duration, notes, colours, winners, bgg_id, expansions,
                   teams, coop, first_plays, start, incomplete, no_stats, as_json):
    """Log a finished game that was not tracked, from its final scores: one of referee's games (checked by
    its rules) or any other title, logged as given ("Ticket to Ride").

    The players are ranked by score, higher first; equal scores share the rank, and a tie at the top is a
    shared win unless --winner names who won it by the game's tie-break. Tracked games enter the
    history by themselves when they finish.

    Example: referee record puerto-rico -p Ann=52 -p Bob=48 -p Cal=48 --location "Club Hall"
    """
    from ..club.log.record import parse_colours, recorded_doc

    _cli()._one_player_per_p(players)
    more = dict(bgg_id=bgg_id, expansions=expansions, teams=teams, coop=coop, first_plays=first_plays,
                start=start, incomplete=incomplete, no_stats=no_stats)
    doc = recorded_doc(game, list(players), date=date, location=_cli().default_location(location),
                       duration=duration, notes=notes, colours=parse_colours(colours), winners=winners, **more)
    store = _cli().open_store(ctx)
    from ..club.log.corrections import confirm_names

    names = confirm_names(store, doc["players"], interactive=sys.stdin.isatty() and sys.stdout.isatty()
                          and not as_json)
    if names != doc["players"]:
        renamed = dict(zip(doc["players"], names))
        pairs = [(renamed[e["player"]], e["total"]) for e in sorted(doc["result"]["ranking"],
                                                                   key=lambda e: doc["players"].index(e["player"]))]
        more.update(first_plays=[renamed.get(n, n) for n in first_plays], start=renamed.get(start, start),
                    teams=[t.split("=", 1)[0] + "=" + ",".join(renamed.get(m.strip(), m.strip())
                                                            for m in t.split("=", 1)[1].split(","))
                           for t in teams if "=" in t])
        doc = recorded_doc(game, pairs, date=date, location=location, duration=duration, notes=notes,
                           colours={renamed.get(k, k): v for k, v in parse_colours(colours).items()},
                           winners=[renamed.get(w, w) for w in winners], **more)
    (gid,) = store.add_archived([doc])
    if as_json:
        _cli().out_json({"id": gid, "result": doc["result"]})
        return
    res = doc["result"]
    winners = res["winners"]
    if res.get("cooperative"):
        who = _("everyone won together") if res.get("won") else _("everyone lost together")
    elif doc.get("teams"):
        team = res["ranking"][0].get("team")
        who = _("team {team} wins ({players})").format(team=team, players=", ".join(winners))
    else:
        # TRANSLATORS: joins the names of players who share a win: "Ann and Bob"
        names = _(" and ").join(winners)
        who = (_("{names} share the win") if len(winners) > 1 else _("{names} wins")).format(names=names)
    _echo(_("Recorded game {id}: {who}. {ranking}").format(
        id=gid, who=who, ranking=", ".join(f"{e['rank']}. {e['player']} {e['total']}" for e in res["ranking"])))


# --- history ----------------------------------------------------------------------------------------
@click.command("history")
@_filter_options
@click.option("--limit", "-n", type=click.IntRange(min=0), default=None,
              help="Show at most N games (default: 50 in the table, all with --json; 0 = all).")
@click.option("--unfinished", is_flag=True, help="List the games in progress instead (most recently played "
                                                  "first), to find the id for `referee play ID`.")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of games, newest first.")
@click.pass_context
def history_command(ctx, game, player, since, until, location, limit, unfinished, as_json):
    """List past games, newest first, with their scores (* marks the winners).

    `referee show ID` shows one game's full result and breakdown; `referee replay ID` steps through a
    tracked game's moves. With --unfinished, the games in progress.
    """
    from ..club.log.history import render_history, summary

    if unfinished:
        _unfinished(ctx, game, player, since, until, location, as_json)
        return

    rows = _load(ctx, game, player, since, until, location, full=False)[3]
    total = len(rows)
    if limit is None:
        limit = 0 if as_json else 50
    if limit:
        rows = rows[:limit]
    if as_json:
        _out([summary(d) for d in rows], 1)
        return
    if not rows:
        click.echo(_("No games match.") if total == 0 and (game or player or since or until or location)
                   else _("The history is empty; `referee new` starts a tracked game, `referee record` logs one."))
        return
    _cli().console().print(render_history(rows, total, len(rows)))


def _unfinished(ctx, game, player, since, until, location, as_json):
    from ..club.log.history import make_filters, select

    store = _cli().open_store(ctx)
    live = store.live_docs()  # most recently played first
    if live and (game or player or since or until or location):
        keep = {d["id"] for d in select(live, make_filters(live, game=game, player=player, since=since,
                                                          until=until, location=location))}
        live = [d for d in live if d["id"] in keep]
    rows = [{"id": d["id"], "game": d["game"], "players": d["players"], "date": d.get("date"),
             "location": d.get("location"), "moves": len(d["moves"]), "updated": d.get("updated")} for d in live]
    if as_json:
        _out(rows, 1)
        return
    if not rows:
        click.echo(_("No game is in progress; `referee new GAME -p NAME -p NAME` starts one."))
        return
    for r in rows:
        _echo(f"{r['id']}  {r['game']:<12} {r['date'] or '':<10}  {len(r['players'])}p  "
                   f"{', '.join(r['players'])}  ("
              + ngettext("{n} move", "{n} moves", r["moves"]).format(n=r["moves"]) + ")")


# --- stats ------------------------------------------------------------------------------------------
@click.command("replay")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.option("--to", "upto", type=click.IntRange(min=0), default=None, metavar="N",
              help="Show only the table after move N (0 = the setup).")
@click.pass_context
def replay_command(ctx, game_id, upto):
    """Step through a tracked game's moves with the board after each one.

    On a terminal: Enter (or n) for the next move, b for back, q to quit. Otherwise every step is printed.
    """
    from ..club.log.replay import replay

    store = _cli().open_store(ctx)
    replay(store, game_id, upto, interactive=_cli().interactive_terminal(), console=_cli().console())


# --- abandon ----------------------------------------------------------------------------------------
@click.command("abandon")
@click.argument("game_id", shell_complete=complete_live_ref)
@click.option("--json", "as_json", is_flag=True, help="Print {\"id\", \"game\", \"players\", \"moves\", \"kept\"} as JSON.")
@click.pass_context
def abandon_command(ctx, game_id, as_json):
    """Stop tracking a game in progress that will not be finished (started by mistake, or left unplayed).

    It leaves `history --unfinished` and is no longer the game `referee play` resumes; it never enters the
    history or the statistics. Nothing is deleted: its file is kept, renamed *.abandoned-<time>, in the
    folder of games in progress, and renaming it back to ID.json resumes it.
    """
    from ..core.errors import BadInput
    from ..store import journal
    from ..store.repair import aside_name

    store = _cli().open_store(ctx)
    with journal.locked(store):
        gid, where = store.resolve(game_id)
        if where != "live":
            raise BadInput(_("Game {id} is finished and in the history; only a game in progress can be "
                             "abandoned (`referee history --unfinished` lists them).").format(id=gid))
        doc = store.read_live(gid) or {}
        kept = aside_name(store.live_path(gid), "abandoned")
        # A finished game reopened by undo: its old ending goes too, or repair would enter it again. Both
        # renames or neither, even after a crash.
        record = store.record_path(gid)
        journal.run(store, {"op": "abandon", "id": gid, "live_kept": kept.name,
                            "record_kept": aside_name(record, "abandoned").name if record.exists() else None},
                    _("Game {id} was abandoned, but its old move record could not be set aside ({{error}}); the "
                      "next referee command, or `referee repair`, completes that.").format(id=gid))
    moves = len(doc.get("moves") or [])
    if as_json:
        _out({"id": gid, "game": doc.get("game"), "players": doc.get("players"), "moves": moves,
              "kept": str(kept)}, 1)
        return
    _echo(ngettext("Abandoned game {id} ({game}, {players}, {n} move); its file is kept as {kept}.",
                   "Abandoned game {id} ({game}, {players}, {n} moves); its file is kept as {kept}.", moves).format(
        id=gid, game=doc.get("game"), players=", ".join(doc.get("players") or []), n=moves, kept=kept))
