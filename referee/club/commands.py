"""The club-log commands: record, history, stats, export, import, qr, replay, abandon.

Imported lazily by referee.cli (LAZY_COMMANDS). Only click at module level.
"""

from __future__ import annotations

import sys

import click
from ..clitypes import FilePath

from ..i18n import _, ngettext
from .complete import (complete_finished_ref, complete_game, complete_game_ref, complete_live_ref,
                       complete_location, complete_player, complete_player_score)

_FORMATS = click.Choice(["json", "csv", "bgg", "bgstats"], case_sensitive=False)


def _cli():
    from .. import cli

    return cli


def _filter_options(f=None, *, player_help="Only games this player took part in (ignoring case)."):
    """--game, --player, --since, --until, --location (shared by history, stats, export)."""
    if f is None:
        return lambda fn: _filter_options(fn, player_help=player_help)
    f = click.option("--location", "-l", default=None, shell_complete=complete_location,
                     help="Only games whose location contains this text (ignoring case).")(f)
    f = click.option("--until", default=None, metavar="YYYY-MM-DD", help="Only games played on or before this day.")(f)
    f = click.option("--since", default=None, metavar="YYYY-MM-DD", help="Only games played on or after this day.")(f)
    f = click.option("--player", "-p", default=None, shell_complete=complete_player,
                     help=player_help)(f)
    f = click.option("--game", "-g", default=None, shell_complete=complete_game,
                     help="Only games of this game (an id such as puerto-rico, or its name).")(f)
    return f


def _echo(text: str, **kw) -> None:
    """A sentence that quotes stored or imported text, on the terminal: no control character gets through."""
    from ..ui.format import safe

    click.echo(safe(text, multiline=True), **kw)


def _out(data, depth: int) -> None:
    from .common import dumps

    click.echo(dumps(data, depth))


def _load(ctx, game, player, since, until, location, newest_first=True, full=True):
    """(store, every finished game, the filters, the games they select). Counting and exporting take the
    selection oldest first: reversing a newest-first list would put games logged in the same second in the
    wrong order (a sort by time keeps equal games as it finds them). ``full=False``: the games' summaries
    (what `history` and `stats` show), read without loading every document."""
    from .common import read_archive
    from .log.history import make_filters, select

    store = _cli().open_store(ctx)
    docs = read_archive(store) if full else store.archived_summaries()
    filters = make_filters(docs, game=game, player=player, since=since, until=until, location=location)
    return store, docs, filters, select(docs, filters, newest_first=newest_first)


# --- record -----------------------------------------------------------------------------------------
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
    from .log.record import parse_colours, recorded_doc

    _cli()._one_player_per_p(players)
    more = dict(bgg_id=bgg_id, expansions=expansions, teams=teams, coop=coop, first_plays=first_plays,
                start=start, incomplete=incomplete, no_stats=no_stats)
    doc = recorded_doc(game, list(players), date=date, location=_cli().default_location(location),
                       duration=duration, notes=notes, colours=parse_colours(colours), winners=winners, **more)
    store = _cli().open_store(ctx)
    from .log.corrections import confirm_names

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
    from .log.history import render_history, summary

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
    from .log.history import make_filters, select

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
@click.command("stats")
@_filter_options(player_help="One player's detail (per game, rating history); with --vs, a head-to-head.")
@click.option("--vs", "versus", default=None, metavar="NAME", shell_complete=complete_player,
              help="With --player: head-to-head between the two players.")
@click.option("--rating-history", is_flag=True, help="With --json: add every player's rating after each game "
                                                   "(--player always includes it).")
@click.option("--rating", "model", type=click.Choice(["openskill", "elo"]), default="openskill", show_default=True,
              help="The rating the tables show and rank by: a skill rating with uncertainty (Weng-Lin "
                   "Plackett-Luce, ranked by skill minus 3 x uncertainty) or multiplayer Elo.")
@click.option("--year", type=click.IntRange(1900, 2999), default=None,
              help="Only that year's plays, with a year in review (plays, players, busiest month, ...).")
@click.option("--chart", type=click.Choice(["rating", "plays", "scores", "wins"]), default=None,
              help="A chart in the terminal instead of the tables: rating over time (the top players, or "
                   "--player), plays per month, the score distribution (with --game), wins per player.")
@click.option("--json", "as_json", is_flag=True, help="Everything as JSON (players, per game, H-index, ratings).")
@click.pass_context
def stats_command(ctx, game, player, since, until, location, versus, rating_history, model, year, chart,
                  as_json):
    """Player and game statistics, the club's H-index and ratings.

    Players: plays, wins (a shared win counts for every player sharing it), win %, last played, current streak (W3: the last three plays were wins; L2: the last two were not), rating.

    With --player: that player's plays, wins, average and best score per game, and rating history.

    With --player A --vs B: head-to-head over the games both played (who finished ahead, level, wins).

    Games: plays, average winning score, highest score and who made it, who wins most.

    Club H-index: the largest h such that at least h players have each played at least h games.

    Skill (--rating openskill, the default): a Weng-Lin Plackett-Luce rating, skill mu and uncertainty sigma, everyone starting at 25 ± 8.3; ranked by mu - 3 sigma, so a few lucky plays do not top the table. Ties share a rank.

    Elo (--rating elo): multiplayer Elo over the finishing order; start 1500, K = 32 split over the n-1 pairwise meetings of a game of n players, equal ranks count as a draw between the tied players.

    Per player also: favourite games, nemesis (the opponent most often ahead, 2+ meetings), best partner (most wins together, 2+ plays). Per game: score range and median, wins by seat (seat 1 = start player), average duration. Plays per month; --year Y adds a year in review.

    The filters choose the games counted (--game X also gives ratings for that game alone).
    """
    from .stats import insights
    from .stats.stats import head_to_head, plays_from_docs, summary

    if versus and not player:
        raise _bad(_("--vs needs --player: referee stats --player A --vs B."))
    if year is not None:
        if since or until:
            raise _bad(_("--year chooses the dates itself; give --year or --since/--until, not both."))
        import datetime as _dt

        since, until = f"{year:04d}-01-01", min(f"{year:04d}-12-31", _dt.date.today().isoformat())
        if since > until:
            raise _bad(_("--year {year} has not begun yet; nothing was played in it.").format(year=year))
    if not (game or player or since or until or location is not None or year is not None or chart
            or rating_history):
        # Every play counted: the saved tally, brought forward with the games stored since (club.stats_cache),
        # so that stats costs what changed, not the whole history.
        from .stats.stats_cache import current_tally

        tally = current_tally(_cli().open_store(ctx))
        if tally is not None:
            data = tally.summary(with_elo=as_json or model == "elo")
            _stats_extras(data, {}, model, tally.table, tally.game_extras(), tally.per_month())
            if as_json:
                _out(data, 3)
                return
            _print_stats(data)
            from .stats.stats_view import print_extras

            print_extras(_cli().console(), data)
            return
    # Summaries, not documents: a game stats counts differently (no_stats, incomplete, seating unknown, a
    # cooperative result) keeps its summary row whole (shards.summarise), so stats stays fast at 100k games.
    store, docs, filters, rows = _load(ctx, game, None, since, until, location, newest_first=False, full=False)
    plays = plays_from_docs(rows)
    only = None         # whose Elo history is shown: at 100,000 games every player's is 350,000 points
    if not rating_history and player:
        only = {_player_name(player, docs).casefold()}
    elif not rating_history and chart == "rating" and model == "elo":
        from .stats.stats import elo

        only = {name.casefold() for name in list(elo(plays, history=False)[0])[:6]}
    data = summary(plays, rating_history=bool(player) or rating_history or (chart == "rating" and model == "elo"),
                   with_elo=as_json or model == "elo" or bool(player), only=only)
    from .stats.ratings import rate

    # once: the table, the player detail and the chart all read it; the ratings after each play only where shown
    rated = rate(plays, history=True if rating_history else only if player else chart == "rating" and model != "elo")
    _stats_extras(data, {k: v for k, v in vars(filters).items() if v}, model, rated,
                  insights.game_extras(plays, rows), insights.per_month(plays), rating_history)
    if year is not None:
        data["year"] = insights.year_review(plays, year)
    if chart:
        from .stats.stats_view import print_chart

        print_chart(chart, data, rated, plays, model=model, player=player and _player_name(player, docs), game=game)
        return
    if player:
        from .log.history import resolve_player

        name = resolve_player(player, docs)
        key = name.casefold()
        match = next((n for n in data["players"] if n.casefold() == key), None)
        if match is None:
            raise _bad(_("{name} played none of the games selected; drop a filter to see their record.").format(name=name))
        if versus:
            other = resolve_player(versus, docs)
            if other.casefold() == key:
                raise _bad(_("--vs names {name}, the same player as --player; give another player.").format(name=other))
            h2h = head_to_head(plays, match, next((n for n in data["players"] if n.casefold() == other.casefold()),
                                                  other))
            if as_json:
                _cli().out_json(h2h)
                return
            _print_h2h(h2h)
            return
        detail = dict(data["players"][match], name=match, rating_history=data["rating_history"].get(match, []))
        detail.update(insights.player_extras(plays, key))
        detail["skill_history"] = insights.skill_history(rated, [match]).get(match, [])
        if as_json:
            _out(detail, 2)
            return
        _print_player(detail)
        return
    if as_json:
        _out(data, 3)
        return
    _print_stats(data)
    from .stats.stats_view import print_extras

    print_extras(_cli().console(), data)


def _stats_extras(data, filters, model, rated, extras, months, skill_history=False) -> None:
    """What stats adds to stats.summary's counts: the filters, the skill ratings, scores, seats, durations and
    plays per month (the same for every play counted or for a selection)."""
    from .stats import insights

    data["filters"] = filters
    data["rating_model"] = model
    data["skill"] = insights.skill(rated)
    if skill_history:
        data["skill_history"] = insights.skill_history(rated)
    for name, st in data["players"].items():
        st["skill"] = data["skill"].get(name)
    for gid, extra in extras.items():
        data["per_game"].setdefault(gid, {}).update(extra)
    data["per_month"] = months


def _player_name(text, docs):
    from .log.history import resolve_player

    return resolve_player(text, docs)


def _bad(message):
    from ..core.errors import BadInput

    return BadInput(message)


def _rating_cell(st, model) -> str:
    if model == "openskill":
        sk = st.get("skill")
        return f"{sk['rating']:.1f} ({sk['mu']:.1f}±{sk['sigma']:.1f})" if sk else ""
    return f"{st['rating']:.0f}" if st.get("rating") is not None else ""


def _streak(st):
    return f"{st['kind']}{st['length']}" if st else ""


def _print_stats(data):
    from rich.table import Table

    from ..ui.format import plain
    from .common import game_name

    con = _cli().console()
    if not data["games"]:
        con.print(_("No finished games match; nothing to count."))
        return
    t = Table(title=ngettext("Players ({n} game)", "Players ({n} games)", data["games"]).format(n=data["games"]),
              header_style="bold")
    for col, just in ((_("player"), "left"), (_("plays"), "right"), (_("wins"), "right"), (_("win %"), "right"),
                      (_("rating"), "right"), (_("streak"), "right"), (_("last played"), "left")):
        t.add_column(col, justify=just)
    for name, st in data["players"].items():
        t.add_row(plain(name), str(st["plays"]), str(st["wins"]) + (_(" ({n} shared)").format(n=st["shared_wins"]) if st["shared_wins"] else ""),
                  f"{st['win_pct']:.1f}", _rating_cell(st, data.get("rating_model")),
                  _streak(st["streak"]), st["last_played"] or "")
    con.print(t)
    g = Table(title=_("Games"), header_style="bold")
    for col, just in ((_("game"), "left"), (_("plays"), "right"), (_("avg winning score"), "right"),
                      (_("highest score"), "left"), (_("most wins"), "left")):
        g.add_column(col, justify=just)
    for gid, st in data["per_game"].items():
        hs = st["highest_score"]
        mw = st["most_wins"]
        g.add_row(plain(game_name(gid)), str(st["plays"]),
                  "" if st["average_winning_score"] is None else f"{st['average_winning_score']:.1f}",
                  plain(f"{hs['score']} ({', '.join(hs['players'])})"),
                  plain(f"{', '.join(mw['players'])} ({mw['wins']})" if mw["wins"] else ""))
    con.print(g)
    con.print(_("Club H-index: [bold]{h}[/] (the largest h such that h players have each played at "
                "least h games)").format(h=data["h_index"]))


def _print_player(d):
    from rich.table import Table

    from ..ui.format import markup, plain
    from .common import game_name

    con = _cli().console()
    con.print(_("[bold]{name}[/]: {plays} plays, {wins} wins").format(name=markup(d["name"]), plays=d["plays"],
                                                                    wins=d["wins"])
              + (_(" ({n} shared)").format(n=d["shared_wins"]) if d["shared_wins"] else "")
              + f", {d['win_pct']:.1f}%"
              + (_("; rating {rating}").format(rating=f"{d['rating']:.0f}") if d.get("rating") is not None else ""))
    con.print(_("Last played {date}; current streak {streak}, best win streak {best}").format(
        date=d["last_played"], streak=_streak(d["streak"]) or "-", best=d["best_win_streak"]))
    t = Table(header_style="bold")
    for col, just in ((_("game"), "left"), (_("plays"), "right"), (_("wins"), "right"), (_("win %"), "right"),
                      (_("average score"), "right"), (_("best score"), "right")):
        t.add_column(col, justify=just)
    for gid, g in d["games"].items():
        t.add_row(plain(game_name(gid)), str(g["plays"]), str(g["wins"]), f"{g['win_pct']:.1f}",
                  f"{g['average_score']:.1f}", str(g["best_score"]))
    con.print(t)
    hist = d["rating_history"]
    if hist:
        r = Table(title=_("Rating history (latest 20)"), header_style="bold")
        for col, just in ((_("date"), "left"), (_("game"), "left"), (_("id"), "left"), (_("change"), "right"),
                          (_("rating"), "right")):
            r.add_column(col, justify=just)
        for h in hist[-20:]:
            r.add_row(plain(h["date"]), plain(game_name(h["game"])), plain(h["id"]), f"{h['change']:+.1f}",
                      f"{h['rating']:.1f}")
        con.print(r)


def _print_h2h(h):
    from rich.table import Table

    from ..ui.format import markup, plain
    from .common import game_name

    a, b = h["players"]
    ma, mb = markup(a), markup(b)
    con = _cli().console()
    if not h["games"]:
        con.print(_("{a} and {b} have not played a game together.").format(a=ma, b=mb))
        return
    con.print(_("[bold]{a}[/] vs [bold]{b}[/]: {games} games together; {a} ahead {a_ahead}, "
                "{b} ahead {b_ahead}, level {level}; wins {a} {a_wins}, {b} {b_wins}").format(
        a=ma, b=mb, games=h["games"], a_ahead=h["ahead"][a], b_ahead=h["ahead"][b], level=h["level"],
        a_wins=h["wins"][a], b_wins=h["wins"][b]))
    t = Table(header_style="bold")
    cols = (_("game"), _("games"), _("{name} ahead").format(name=a), _("{name} ahead").format(name=b), _("level"))
    for i, col in enumerate(cols):
        t.add_column(plain(col), justify="left" if i == 0 else "right")
    for gid, g in h["by_game"].items():
        t.add_row(plain(game_name(gid)), str(g["games"]), str(g["ahead"][a]), str(g["ahead"][b]), str(g["level"]))
    con.print(t)


# --- export -----------------------------------------------------------------------------------------
@click.command("export")
@click.argument("file", required=False, type=FilePath(dir_okay=False, allow_dash=True), metavar="[FILE or -]")
@click.option("--format", "-f", "fmt", type=_FORMATS, default=None,
              help="json (full fidelity, with move records), csv (one row per play and player) or bgg (BGG play "
                   "XML). Default: from FILE's extension (.json, .csv, .xml), else json.")
@click.option("--excel", is_flag=True, help="CSV for a spreadsheet in a Czech (or any comma-decimal) locale: UTF-8 "
                                          "with a BOM and ; between cells, so Excel opens it in columns with every "
                                          "letter right.")
@click.option("--bgstats", "to_bgstats", is_flag=True, help="A BG Stats backup (BGStatsExport.json) of the plays, "
                                                          "for BG Stats or another referee.")
@_filter_options
@click.pass_context
def export_command(ctx, file, fmt, excel, to_bgstats, game, player, since, until, location):
    """Export the history (or the games the filters select).

    json: {"format": "referee-history", "version": 1, "games": [...]}: every stored field and the move record of tracked games; `referee import` restores it exactly.

    csv:  date, game, id, location, duration, player, score, rank, win, start_position, colour, players, source, notes: one row per play and player.

    bgg:  <plays><play id date length location><item name objectid/><players><player name startposition color score new win/>...: the shape of BoardGameGeek's /plays response, readable by BGG readers.

    bgstats: a BG Stats backup of many plays (games, players, locations, plays); also --bgstats.

    Every CSV cell a spreadsheet would take for a formula (= + - @) is written as text; --excel writes
    UTF-8 with a BOM and ; for a Czech Excel.
    """
    from .formats.export import export_bgg, format_from_path

    fmt = "bgstats" if to_bgstats else (fmt or ("csv" if excel else None) or format_from_path(file) or "json").lower()
    # JSON and CSV are chosen from the summaries and written as they are read (export_stream.py): never
    # every document in memory at once
    to_file = bool(file) and file != "-"
    store, _docs, _filters, rows = _load(ctx, game, player, since, until, location, newest_first=False,
                                         full=fmt not in ("json", "csv"))
    if excel and fmt != "csv":
        raise _bad(_("--excel writes CSV; give a .csv file (or --format csv)."))
    if fmt == "qr":
        raise _bad(_("{file} ends in .txt; export writes json, csv or bgg (.json, .csv, .xml); `referee qr ID` "
                     "gives one game's QR text.").format(file=file))
    if fmt == "json":
        from .log.history import make_filters, select

        live = store.live_docs()
        live = select(live, make_filters(rows or live, game=game, player=player, since=since, until=until,
                                         location=location)) if live else []
        if to_file:
            return _export_file(store, rows, file, "json", live=live)
        from .formats.export_stream import json_lines

        for line in json_lines(store, rows, live):
            click.echo(line)
        return
    elif fmt == "csv" and to_file:
        return _export_file(store, rows, file, "csv", excel=excel)
    elif fmt == "csv":
        from .formats.export_stream import csv_chunks

        to_person = sys.stdout.isatty()
        for chunk in csv_chunks(store, rows, excel):
            if to_person:       # not a pipe: no control character raw
                from ..ui.format import safe

                chunk = safe(chunk, multiline=True)
            click.echo(chunk, nl=False)
        return
    elif fmt == "bgstats":
        from .formats.export import export_bgstats

        text = export_bgstats(rows)
    else:
        text = export_bgg(rows)
    if not file or file == "-":
        if fmt != "json" and sys.stdout.isatty():     # to a person, not a pipe: no control character raw
            from ..ui.format import safe

            text = safe(text, multiline=True)
        click.echo(text, nl=False)
        return
    from pathlib import Path

    from ..store.atomic import atomic_write

    if _is_store_file(store, Path(file)):
        raise _bad(_("{file} is a file of the history store itself; exporting onto it would overwrite the "
                     "history. Give another file name.").format(file=file))
    try:
        atomic_write(Path(file), text.encode("utf-8"))
    except OSError as err:
        raise _bad(_("Cannot write {file}: {error}.").format(file=file, error=err.strerror or err)) from None
    click.echo(ngettext("Exported {n} game to {file} ({format}).", "Exported {n} games to {file} ({format}).",
                        len(rows)).format(n=len(rows), file=file, format=fmt), err=True)


def _export_file(store, rows, file, fmt, live=(), excel=False) -> None:
    """JSON and CSV to a file: written as the games are read (export_stream.py), never all in memory."""
    from pathlib import Path

    from .formats.export_stream import write_csv, write_json

    if _is_store_file(store, Path(file)):
        raise _bad(_("{file} is a file of the history store itself; exporting onto it would overwrite the "
                     "history. Give another file name.").format(file=file))
    try:
        if fmt == "json":
            write_json(store, rows, Path(file), live)
        else:
            write_csv(store, rows, Path(file), excel)
    except OSError as err:
        raise _bad(_("Cannot write {file}: {error}.").format(file=file, error=err.strerror or err)) from None
    click.echo(ngettext("Exported {n} game to {file} ({format}).", "Exported {n} games to {file} ({format}).",
                        len(rows)).format(n=len(rows), file=file, format=fmt), err=True)


def _is_store_file(store, path) -> bool:
    """Whether ``path`` is (or would replace) one of the store's own files: the archive, its backup, lock or
    journal, or a file in its folders of games in progress and move records (through links too)."""
    import os

    from ..store.own import owned_by_store

    if owned_by_store(store, path):     # any of its files or folders, present or future (store/own.py)
        return True
    own = [store.path, store.backup_path, store.lock.path, store.path.with_name(store.path.name + ".journal")]
    try:
        target = path.resolve()
        if any(target == p.resolve() for p in own):
            return True
        if any(p.exists() and path.exists() and os.path.samefile(path, p) for p in own):
            return True
        return any(d.resolve() in target.parents for d in (store.live_dir, store.records_dir))
    except (OSError, RuntimeError):
        return False


# --- import -----------------------------------------------------------------------------------------
@click.command("import")
@click.argument("file", required=False, type=FilePath(dir_okay=False, allow_dash=True), metavar="[FILE or -]")
@click.option("--format", "-f", "fmt", type=click.Choice(["json", "csv", "bgg", "qr"], case_sensitive=False),
              default=None, help="Default: from the extension (.json, .csv, .xml, .txt for QR text), else from "
                                 "the content.")
@click.option("--qr-text", default=None, metavar="TEXT", help="Import one result from the text of a referee QR code.")
@click.option("--dry-run", is_flag=True, help="Check the file and say what would be imported; store nothing.")
@click.option("--verbose", "-v", is_flag=True, help="List every skipped play under its reason.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def import_command(ctx, file, fmt, qr_text, dry_run, verbose, as_json):
    """Import games from a referee JSON export, a CSV, a BGG play XML file (saved /xmlapi2/plays pages), a BG
    Stats backup (BGStatsExport.json) or a referee QR text.

    BGG and BG Stats files: every play the history can hold is imported (any game: the four by their rules,
    others by title); a play that cannot be used (neither scores nor a winner, a score that is not a number,
    several plays logged as one, ...) is skipped, and the summary says why, one line per reason (--verbose lists the
    plays). A play is its identity (BG Stats uuid, BGG play id, referee id): imported again it adds
    nothing, and what changed at its source since is merged with the club's own corrections (the club
    wins; a deleted play stays deleted). A referee export, CSV or QR text is checked whole first: one bad
    line or field and nothing from it is imported. Plays that look alike (same game, day and scores) but
    have identities of their own are all imported and listed as possible duplicates; only a play without
    any id (a CSV row) is taken for a stored play of the same content, and the report says so. CSV needs the columns date, game, player, score (optional: id, location, duration, rank, win,
    start_position, colour, notes); rows of one play share an id, or follow each other with the same date,
    game and location. A field that cannot be true (a length of over a week) is left out of its play, and said.
    A .txt file may hold several QR texts (`referee qr ID --text`), one after another.
    """
    from .log.importer import import_into, parse, parse_json_file

    if qr_text is not None and file:
        raise _bad(_("Give either FILE or --qr-text, not both."))
    parsed, name = None, file
    if qr_text is None and file and file != "-" and (fmt or _format_of(file) or "json").lower() == "json":
        parsed = parse_json_file(file, file)    # a referee export is read game by game, never held whole
    if parsed is None:
        text, name, fmt = _import_text(file, qr_text, fmt)
        parsed = parse(text, fmt, name)
    store = _cli().open_store(ctx)
    report = import_into(store, parsed, dry_run=dry_run)
    report["dry_run"] = dry_run
    report["dropped"] = list(parsed.dropped)     # fields left out of plays that were imported (a length...)
    if as_json:
        _cli().out_json(report)
        return
    n = len(report["imported"])
    if report.get("in_progress"):
        k = len(report["in_progress"])
        text = (_("Would import {n} game(s) in progress: {ids} (`referee play ID` continues one).") if dry_run
                else _("Imported {n} game(s) in progress: {ids} (`referee play ID` continues one)."))
        _echo(text.format(n=k, ids=", ".join(report["in_progress"])))
    text = (ngettext("Would import {n} game from {source}", "Would import {n} games from {source}", n) if dry_run
            else ngettext("Imported {n} game from {source}", "Imported {n} games from {source}", n))
    _echo(text.format(n=n, source=name)
          + (_("; {n} already in the history were skipped").format(n=len(report["duplicates"]))
             if report["duplicates"] else "")
          + ".")
    for old, new in report["renamed"]:
        _echo(_("Game {old} is the id of a game in progress here; it was imported as {new}.").format(old=old, new=new))
    for gid in report["conflicts"]:
        _echo(_("Game {id} is already in the history with a different result; the stored one was kept.").format(id=gid))
    if report.get("updated"):
        _echo(_("Updated {n} play(s) changed at their source since the last import: {ids}.").format(
            n=len(report["updated"]), ids=", ".join(report["updated"][:10])))
    _print_identity(report, dry_run)
    _print_skipped(report["skipped"], verbose)
    _print_skipped(report["dropped"], verbose, dropped=True)


def _print_identity(report, dry_run: bool) -> None:
    """What the import did by the plays' identities (club/log/provenance.py): plays taken for stored ones by
    their content alone, plays deleted here, the club's corrections kept, and possible duplicates, one line
    per pair with the way to resolve it."""
    matched = report.get("matched_by_content") or []
    if matched:
        _echo(ngettext("{n} play of the file has no id and was taken for the play already in the history with the "
                       "same game, day and scores: {ids}.",
                       "{n} plays of the file have no id and were taken for the plays already in the history with "
                       "the same game, day and scores: {ids}.", len(matched)).format(
            n=len(matched), ids=", ".join(m["id"] for m in matched)))
    deleted = report.get("deleted") or []
    if deleted:
        _echo(ngettext("{n} play was deleted here and is not imported again: {ids} (`referee trash` lists the "
                       "deleted plays, `referee restore ID` brings one back).",
                       "{n} plays were deleted here and are not imported again: {ids} (`referee trash` lists the "
                       "deleted plays, `referee restore ID` brings one back).", len(deleted)).format(
            n=len(deleted), ids=", ".join(d["id"] for d in deleted)))
    for kept in report.get("kept") or []:
        _echo(_("Game {id}: the club's corrections of {fields} were kept; they changed at the source too.").format(
            id=kept["id"], fields=", ".join(kept["fields"])))
    for pair in report.get("possible_duplicates") or []:
        if dry_run:
            _echo(_("Possible duplicate: {play} looks like game {other} (same game, day and scores); if they are "
                    "one play, `referee delete ID` after the import removes one.").format(**pair))
        else:
            _echo(_("Possible duplicate: game {id} ({play}) looks like game {other} (same game, day and scores); "
                    "if they are one play, `referee delete {id}` removes it.").format(**pair))


def _import_text(file, qr_text, fmt):
    """(text, name, format) of what `import` was given, read whole."""
    from .log.importer import detect

    if qr_text is not None:
        return qr_text.replace("\\n", "\n"), _("the QR text"), "qr"
    if not file:
        raise _bad(_("Give a file to import (or - for stdin), or --qr-text TEXT."))
    if file == "-":
        text, name = sys.stdin.read(), "stdin"
    else:
        try:
            with open(file, encoding="utf-8-sig", newline="") as fh:
                text = fh.read()
        except FileNotFoundError:
            raise _bad(_("There is no file {file}.").format(file=file)) from None
        except UnicodeDecodeError:
            raise _bad(_("{file} is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet) and try again.").format(
                file=file)) from None
        except OSError as err:
            raise _bad(_("Cannot read {file}: {error}.").format(file=file, error=err.strerror or err)) from None
        name = file
    return text, name, (fmt or detect(text, None if file == "-" else file)).lower()


def _format_of(path):
    from .formats.export import format_from_path

    return format_from_path(path)


def _print_skipped(skipped, verbose: bool, dropped: bool = False) -> None:
    """One line per reason with its count; with --verbose, every skipped play under its reason. ``dropped``:
    fields left out of plays that were imported, said the same way."""
    groups: dict = {}
    for s in skipped:
        if isinstance(s, dict):
            groups.setdefault(s["reason"], []).append(s)
        else:
            groups.setdefault(str(s), []).append({"play": "", "detail": ""})
    for reason, plays in groups.items():
        if len(plays) == 1 and not plays[0]["play"]:
            _echo(_("Skipped: {reason}.").format(reason=reason))
            continue
        text = (ngettext("In {n} imported play: {reason}", "In {n} imported plays: {reason}", len(plays)) if dropped
                else ngettext("Skipped {n} play: {reason}", "Skipped {n} plays: {reason}", len(plays)))
        _echo(text.format(n=len(plays), reason=reason) + ("" if verbose else _(" (--verbose lists them)")) + ".")
        if verbose:
            for p in plays:
                _echo(f"  {p['play']}" + (f": {p['detail']}" if p.get("detail") else ""))


# --- qr ---------------------------------------------------------------------------------------------
@click.command("qr")
@click.argument("game_id", shell_complete=complete_finished_ref)
@click.option("--png", type=FilePath(dir_okay=False), default=None, help="Also write the code as a PNG image.")
@click.option("--svg", type=FilePath(dir_okay=False), default=None, help="Also write the code as an SVG image.")
@click.option("--text", "text_only", is_flag=True, help="Print only the payload text (what the code holds).")
@click.option("--bgstats", is_flag=True, help="Encode a BG Stats 'createPlay' link instead of referee text: a phone "
                                            "with BG Stats scans it and logs the play there.")
@click.option("--colour/--no-colour", "--color/--no-color", "ansi", default=None,
              help="Draw with terminal colours (default when stdout is a terminal).")
@click.option("--invert", is_flag=True, help="Without colours: swap dark and light (for dark terminals).")
@click.pass_context
def qr_command(ctx, game_id, png, svg, text_only, bgstats, ansi, invert):
    """A QR code of a finished game's result, for another phone or another referee.

    The code holds short text (`referee result v1`, id, game, date, place, one line per player: rank,
    name, score, * for a winner) that `referee import --qr-text TEXT` (or a .txt file of it) imports.
    A play of another title, with teams, cooperative, won by the lowest total or logged without points
    is written as `referee result v2` (lines `coop: won` or `coop: lost`, `wins: lowest`, `-` for no
    points, `[TEAM]` after a player). Breakdowns and tie-break notes stay in this history; ranks, scores
    and winners travel. With --bgstats it holds a BG Stats createPlay link instead.
    """
    from .formats.qr import bgstats_link, encode, make_qr, render_text, write_png, write_svg

    store = _cli().open_store(ctx)
    gid, where = store.resolve(game_id)
    if where == "live":
        raise _bad(_("Game {id} is not finished yet; a QR code carries a finished game's result.").format(id=gid))
    doc = store.get_archived(gid)
    payload = bgstats_link(doc) if bgstats else encode(doc)
    if bgstats:         # what did not fit in the code is said, never dropped silently
        from .formats.export import bgstats_link_losses

        for sentence in bgstats_link_losses(doc, payload):
            click.echo(sentence, err=True)
    if text_only:
        _echo(payload)
        return
    qr = make_qr(payload)
    if png:
        write_png(qr, png)
    if svg:
        write_svg(qr, svg)
    if ansi is None:
        ansi = sys.stdout.isatty()
    from .formats.qr_fit import make_fitting

    # the terminal drawing may use a lower error-correction level so that it fits the screen (same text)
    shown, lines, fits = make_fitting(payload)
    click.echo(render_text(shown, ansi=ansi, invert=invert))
    if not fits:
        click.echo(_("The code is {lines} lines tall, more than this terminal shows; write it as a picture with "
                     "`referee qr {id} --png FILE` and open that.").format(lines=lines, id=gid), err=True)
    for path in (png, svg):
        if path:
            click.echo(_("Wrote {path}.").format(path=path), err=True)


# --- replay -----------------------------------------------------------------------------------------
@click.command("replay")
@click.argument("game_id", shell_complete=complete_game_ref)
@click.option("--to", "upto", type=click.IntRange(min=0), default=None, metavar="N",
              help="Show only the table after move N (0 = the setup).")
@click.pass_context
def replay_command(ctx, game_id, upto):
    """Step through a tracked game's moves with the board after each one.

    On a terminal: Enter (or n) for the next move, b for back, q to quit. Otherwise every step is printed.
    """
    from .log.replay import replay

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
