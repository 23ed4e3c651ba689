"""What a club looks at beyond wins and plays: skill ratings with uncertainty, favourite games, nemesis and
best partner, wins by seat, durations, plays per month and a year in review. Pure functions of the plays
(club.stats.Play, oldest first) and, where a play's document carries more (duration, seat order), of the
documents; no I/O, no display.

Definitions (also in `referee stats --help`):
- *Skill*: a Weng-Lin Plackett-Luce rating (club.ratings): mu ± sigma, ranked by mu - 3 sigma.
- *Nemesis*: the opponent who most often finished ahead of the player (at least 2 meetings; ties broken
  by the larger share of meetings, then name). *Best partner*: the player alongside whom the player most
  often won (at least 2 plays together).
- *Wins by seat*: seat 1 is the start player (a play's players are stored in seat order).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from statistics import median


def _table(plays_or_table, game=None) -> dict:
    """Ratings of the plays, or a table already rated (rating 10,000 plays takes about half a second: a
    command rates once and shows it several ways)."""
    if isinstance(plays_or_table, dict):
        return plays_or_table
    from .ratings import rate

    return rate(plays_or_table, game)


def skill(plays, game: str | None = None) -> dict:
    """name -> {"rating" (conservative), "mu", "sigma", "plays"}, best first."""
    from .ratings import standings

    return {r.name: {"rating": round(r.conservative, 2), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                     "plays": r.plays} for r in standings(_table(plays, game))}


def skill_history(plays, names=None) -> dict:
    """name -> [{"id", "date", "rating"}] after each play (conservative estimate); of the players ``names``
    gives (any case) when given."""
    wanted = None if names is None else {str(n).casefold() for n in names}
    return {r.name: [{"id": pid, "date": date, "rating": value} for date, pid, value in r.history]
            for r in _table(plays).values() if wanted is None or r.key in wanted}


def player_extras(plays, key: str) -> dict:
    mine = [p for p in plays if any(s.key == key for s in p.seats)]
    games = Counter(p.game for p in mine)
    ahead_of_me: Counter = Counter()
    met: Counter = Counter()
    won_with: Counter = Counter()
    together: Counter = Counter()
    names = {}
    for p in mine:
        me = next(s for s in p.seats if s.key == key)
        for s in p.seats:
            if s.key == key:
                continue
            names[s.key] = s.name
            met[s.key] += 1
            together[s.key] += 1
            if s.rank < me.rank:
                ahead_of_me[s.key] += 1
            if me.win:
                won_with[s.key] += 1

    def best(counter, base):
        cands = [(n, n / base[k], k) for k, n in counter.items() if base[k] >= 2 and n > 0]
        if not cands:
            return None
        n, share, k = max(cands, key=lambda c: (c[0], c[1], -ord(c[2][0]) if c[2] else 0))
        return {"player": names[k], "count": n, "of": base[k]}

    return {"favourite_games": [{"game": g, "plays": n} for g, n in games.most_common(3)],
            "nemesis": best(ahead_of_me, met), "best_partner": best(won_with, together)}


def add_to_extras(acc: dict, p, doc) -> None:
    """Count one play (the next oldest) and its document (a summary row will do) into ``acc``: game -> its
    scores (in play order), wins and plays by seat, and the sum and count of known durations."""
    from ..common import start_positions

    g = acc.get(p.game)
    if g is None:
        g = acc[p.game] = {"scores": [], "seats": {}, "duration": [0, 0]}
    doc = doc or {}
    order = {str(n).casefold(): i for n, i in start_positions(doc).items()}
    for s in p.seats:
        g["scores"].append(s.total)
        seat = order.get(s.key)
        if seat:
            counts = g["seats"].setdefault(seat, [0, 0])
            counts[1] += 1
            counts[0] += s.win
    duration = doc.get("duration")      # .get only: a summary row (what stats reads) is no dict
    if isinstance(duration, (int, float)) and duration > 0:
        g["duration"][0] += duration
        g["duration"][1] += 1


def extras_out(acc: dict) -> dict:
    out = {}
    for game, g in acc.items():
        vals = g["scores"]
        vals.sort()     # stable: equal scores (3 and 3.0) keep the order they were played in, as sorted() would
        top = vals[bisect_left(vals, vals[-1])]   # max() of the plays: the first of the highest in play order
        total, n = g["duration"]
        out[game] = {
            "scores": {"min": vals[0], "median": median(vals), "max": top},
            "seats": {seat: {"wins": w, "plays": n_, "win_pct": round(100.0 * w / n_, 1)}
                      for seat, (w, n_) in sorted(g["seats"].items())},
            "average_duration": round(total / n) if n else None,
        }
    return out


def game_extras(plays, docs) -> dict:
    """game -> {"scores": {min, median, max}, "seats": {seat: {wins, plays, win_pct}}, "average_duration"
    (minutes, over the plays whose duration is known)}."""
    by_id = {d.get("id"): d for d in docs}
    acc: dict = {}
    for p in plays:
        add_to_extras(acc, p, by_id.get(p.id))
    return extras_out(acc)


def add_to_months(acc: dict, p) -> None:
    if p.date:
        month = p.date[:7]
        acc[month] = acc.get(month, 0) + 1


def months_out(acc: dict) -> dict:
    return dict(sorted(acc.items()))


def per_month(plays) -> dict:
    acc: dict = {}
    for p in plays:
        add_to_months(acc, p)
    return months_out(acc)


def year_review(plays, year: int) -> dict:
    chosen = [p for p in plays if (p.date or "").startswith(f"{year:04d}-")]
    players: Counter = Counter()
    wins: Counter = Counter()
    names = {}
    for p in chosen:
        for s in p.seats:
            names[s.key] = s.name
            players[s.key] += 1
            wins[s.key] += s.win
    months = per_month(chosen)
    games = Counter(p.game for p in chosen)
    return {"year": year, "plays": len(chosen), "players": len(players),
            "most_played_game": games.most_common(1)[0][0] if games else None,
            "most_active": names[players.most_common(1)[0][0]] if players else None,
            "most_wins": names[wins.most_common(1)[0][0]] if wins and wins.most_common(1)[0][1] else None,
            "busiest_month": max(months, key=lambda m: months[m]) if months else None,
            "months": months}
