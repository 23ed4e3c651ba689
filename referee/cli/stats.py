"""`referee stats`: the club's statistics and ratings, as tables, charts or JSON. Loaded lazily."""

from __future__ import annotations

import click

from ..club.complete import complete_player
from ..i18n import _, ngettext
from .clubbase import _bad, _cli, _filter_options, _load, _out


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
    from ..club.stats import insights
    from ..club.stats.stats import head_to_head, plays_from_docs, summary

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
        from ..club.stats.stats_cache import current_tally

        tally = current_tally(_cli().open_store(ctx))
        if tally is not None:
            data = tally.summary(with_elo=as_json or model == "elo")
            _stats_extras(data, {}, model, tally.table, tally.game_extras(), tally.per_month())
            if as_json:
                _out(data, 3)
                return
            _print_stats(data)
            from ..club.stats.stats_view import print_extras

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
        from ..club.stats.stats import elo

        only = {name.casefold() for name in list(elo(plays, history=False)[0])[:6]}
    data = summary(plays, rating_history=bool(player) or rating_history or (chart == "rating" and model == "elo"),
                   with_elo=as_json or model == "elo" or bool(player), only=only)
    from ..club.stats.ratings import rate

    # once: the table, the player detail and the chart all read it; the ratings after each play only where shown
    rated = rate(plays, history=True if rating_history else only if player else chart == "rating" and model != "elo")
    _stats_extras(data, {k: v for k, v in vars(filters).items() if v}, model, rated,
                  insights.game_extras(plays, rows), insights.per_month(plays), rating_history)
    if year is not None:
        data["year"] = insights.year_review(plays, year)
    if chart:
        from ..club.stats.stats_view import print_chart

        print_chart(chart, data, rated, plays, model=model, player=player and _player_name(player, docs), game=game)
        return
    if player:
        from ..club.log.history import resolve_player

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
    from ..club.stats.stats_view import print_extras

    print_extras(_cli().console(), data)


def _stats_extras(data, filters, model, rated, extras, months, skill_history=False) -> None:
    """What stats adds to stats.summary's counts: the filters, the skill ratings, scores, seats, durations and
    plays per month (the same for every play counted or for a selection)."""
    from ..club.stats import insights

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
    from ..club.log.history import resolve_player

    return resolve_player(text, docs)


def _rating_cell(st, model) -> str:
    if model == "openskill":
        sk = st.get("skill")
        return f"{sk['rating']:.1f} ({sk['mu']:.1f}±{sk['sigma']:.1f})" if sk else ""
    return f"{st['rating']:.0f}" if st.get("rating") is not None else ""


def _streak(st):
    return f"{st['kind']}{st['length']}" if st else ""


def _print_stats(data):
    from rich.table import Table

    from ..core.format import plain
    from ..club.common import game_name

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

    from ..core.format import markup, plain
    from ..club.common import game_name

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

    from ..core.format import markup, plain
    from ..club.common import game_name

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
