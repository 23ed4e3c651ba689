"""How `referee stats` shows what club.insights computes: the year in review, wins by seat and durations per
game, plays per month, and the terminal charts. Stored names go through core.format (never markup)."""

from __future__ import annotations

import click

from ...core.errors import BadInput
from ...i18n import _, ngettext


def _minutes(minutes) -> str:
    """A duration stored in minutes as '45 min' or '1 h 05 min'."""
    if not minutes:
        return ""
    m = int(round(minutes))
    return f"{m // 60} h {m % 60:02d} min" if m >= 60 else f"{m} min"


def print_extras(con, data: dict) -> None:
    from rich.table import Table

    from ...core.format import plain
    from ..common import game_name

    per_game = data.get("per_game") or {}
    if per_game:
        t = Table(title=_("Scores, seats and durations"), header_style="bold")
        for col, just in ((_("game"), "left"), (_("scores (min / median / max)"), "right"),
                          (_("wins by seat (1 = start player)"), "left"), (_("average duration"), "right")):
            t.add_column(col, justify=just)
        for gid, st in per_game.items():
            sc = st.get("scores") or {}
            seats = "  ".join(f"{seat}: {s['wins']}/{s['plays']} ({s['win_pct']:.0f}%)"
                              for seat, s in (st.get("seats") or {}).items())
            t.add_row(plain(game_name(gid)), f"{sc.get('min', '')} / {sc.get('median', '')} / {sc.get('max', '')}",
                      seats, _minutes(st.get("average_duration")))
        con.print(t)
    months = data.get("per_month") or {}
    if months:
        last = list(months.items())[-12:]
        con.print(_("Plays per month: {months}").format(months=", ".join(f"{m} {n}" for m, n in last)),
                  markup=False, highlight=False)
    year = data.get("year")
    if year:
        con.print(_("{year} in review: {plays}, {players}; most played: {game}; most active: {active}; most wins: "
                    "{wins}; busiest month: {month}.").format(
            year=year["year"], plays=ngettext("{n} play", "{n} plays", year["plays"]).format(n=year["plays"]),
            players=ngettext("{n} player", "{n} players", year["players"]).format(n=year["players"]),
            game=game_name(year["most_played_game"]) if year["most_played_game"] else "-",
            active=year["most_active"] or "-", wins=year["most_wins"] or "-", month=year["busiest_month"] or "-"),
            markup=False, highlight=False)


def print_chart(kind: str, data: dict, rated: dict, plays, *, model: str, player: str | None,
                game: str | None) -> None:
    from . import charts, insights
    from ..common import game_name

    if not plays:
        click.echo(_("No finished games match; nothing to draw."))
        return
    if kind == "rating":
        if model == "elo":
            history = {n: [{"rating": h["rating"]} for h in hs] for n, hs in (data.get("rating_history") or {}).items()}
            ranked = list(data.get("ratings") or {})
            title = _("Elo rating over time")
        else:
            title = _("Rating over time (skill minus 3 × uncertainty)")
            ranked = list(data.get("skill") or {})
            history = insights.skill_history(rated, [player] if player else ranked[:6])
        who = [player] if player else ranked[:6]
        click.echo(charts.rating(history, who, title=title))
    elif kind == "plays":
        months = list((data.get("per_month") or {}).items())[-24:]
        click.echo(charts.bars(_("Plays per month"), months))
    elif kind == "wins":
        top = sorted(data["players"].items(), key=lambda kv: (-kv[1]["wins"], kv[0].casefold()))[:15]
        click.echo(charts.bars(_("Wins per player"), [(n, st["wins"]) for n, st in top], horizontal=True))
    elif kind == "scores":
        games = {p.game for p in plays}
        if len(games) > 1:
            raise BadInput(_("--chart scores draws one game's scores (points of different games do not compare); "
                             "add --game, one of: {games}.").format(games=", ".join(sorted(games))))
        gid = next(iter(games))
        click.echo(charts.histogram(_("Scores in {game}").format(game=game_name(gid)),
                                    [s.total for p in plays for s in p.seats]))
