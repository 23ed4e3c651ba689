"""Club statistics over archived games. Pure functions of the documents: no I/O, no rich.

Definitions (also in `referee stats --help` and its man page):

- A *play* is one finished game a player took part in. Players are matched ignoring case.
- A *win*: the player is among the game's winners (``result.winners``: rank 1 and eligible). A shared
  win (a tie at the top) is a win for every player sharing it. *Win %* = wins / plays x 100.
- *Average* and *best score* are per game (points of different games do not compare).
- *Current streak*: the player's plays in order (date, then time finished); the latest one was a win
  (W) or not (L), and the streak counts how many plays in a row, ending with the latest, went the same
  way. *Best win streak*: the longest run of consecutive wins.
- Per game: plays; *average winning score* (mean over plays of the highest total among the winners);
  *highest score* (and who made it); *most wins* (the player(s) with most wins in that game).
- *Head-to-head* A vs B, over the games both played: A ahead (A ranked better than B), B ahead, level
  (same rank), and each one's wins in those games.
- *Club H-index*: the largest h such that at least h players have each played at least h games.
  (5 players with 5+ plays and no 6 players with 6+ plays: h = 5.)
- *Rating*: multiplayer Elo over the finishing order. Everyone starts at 1500. A game of n players is
  scored as every pair of them meeting once: the better-ranked of the pair scores 1, the other 0, equal
  ranks (a tie, a shared win) score 1/2 each. With E = 1 / (1 + 10^((R_other - R_self) / 400)), a
  player's change is K / (n - 1) x sum over opponents of (S - E), with K = 32, from the ratings before
  the game. A two-player win between equals moves 16 points; every game's changes add up to 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..common import chrono_key

START_RATING = 1500.0
K_FACTOR = 32.0


@dataclass(slots=True)
class Seat:
    key: str           # casefolded name
    name: str
    total: int
    rank: int
    win: bool


@dataclass(slots=True)
class Play:
    id: str
    game: str
    date: str
    location: str | None
    seats: list[Seat] = field(default_factory=list)
    coop: bool = False          # won or lost together: no finishing order, so no rating moves


def plays_from_docs(docs) -> list[Play]:
    """Finished games with a result, oldest first."""
    from ...store.shards import SEP, Summary, unpack_result

    plays = []
    spelt: dict = {}     # name -> (name, key): one string each, not one per seat (100,000 games: ~35 MB)
    one = {}.setdefault  # the same for a game, a day and a place
    for doc in sorted(docs, key=_chrono):
        if doc.__class__ is Summary:
            # A packed summary row: its result was checked when packed (shards.summarise: clean entries, finite
            # totals), and a game stats counts differently (no_stats, incomplete, cooperative) is never packed.
            f = doc.split(SEP)
            if not f[12]:
                continue
            winners, ranking = unpack_result(f[12])
            winners = {w.casefold() for w in winners}
            seats = []
            for player, total, rank in ranking:
                if not _sane(total):
                    _damaged(doc.get("id"), {"player": player, "total": total, "rank": rank})
                name, key = spelt.get(player) or spelt.setdefault(player, (player, player.casefold()))
                seats.append(Seat(key, name, total or 0, rank, key in winners))
            plays.append(Play(f[3], one(f[4], f[4]), one(f[0], f[0])[:10], f[5] and one(f[5], f[5]) or None, seats,
                              False))
            continue
        res = doc.get("result")
        if not res or not res.get("ranking"):
            continue
        if doc.get("no_stats") or doc.get("incomplete"):   # logged, but counted nowhere (record --no-stats)
            continue
        winners = {str(w).casefold() for w in res.get("winners") or ()}
        seats = []
        for e in res["ranking"]:
            if not (isinstance(e, dict) and isinstance(e.get("total", 0), (int, float))
                    and not isinstance(e.get("total"), bool) and isinstance(e.get("rank", 0), int)
                    and "player" in e and _sane(e.get("total", 0))):
                _damaged(doc.get("id", "?"), e)
            name = str(e["player"])
            name, key = spelt.get(name) or spelt.setdefault(name, (name, name.casefold()))
            seats.append(Seat(key, name, e.get("total") or 0, e.get("rank", 0), key in winners))
        plays.append(Play(doc.get("id") or "", doc.get("game") or "", (doc.get("date") or "")[:10],
                          doc.get("location"), seats, bool(res.get("cooperative"))))
    return plays


def _chrono(doc) -> tuple:
    """common.chrono_key, for a packed summary row without parsing it (its first fields are the same)."""
    if isinstance(doc, str):
        date, when, _rest = doc.split("\t", 2)
        return (date, when)
    return chrono_key(doc)


def _damaged(gid, e):
    from ...core.errors import StoreError
    from ...i18n import _

    raise StoreError(_("Game {id} in the history has a damaged result ({why}); `referee repair` says what is "
                       "wrong and `referee repair --set-aside` moves it out of the history.").format(
        id=gid, why=f"{e!r:.60}"))


def _sane(total) -> bool:
    """A total statistics can do arithmetic on: finite (NaN breaks every average) and not absurdly large (a
    400-digit integer cannot be divided into a float); core.validate refuses such a score at entry."""
    from ...core.validate import MAX_SCORE

    return total == total and abs(total) <= 1000 * MAX_SCORE


def _names(plays) -> dict:
    names = {}
    for p in plays:
        for s in p.seats:
            names[s.key] = s.name   # the latest spelling wins
    return names


def _pct(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


def streaks(outcomes: list[bool]) -> dict:
    """outcomes oldest first -> {"current": {"kind": "W"|"L", "length": n} or None, "best_win": n}."""
    best = run = 0
    for won in outcomes:
        run = run + 1 if won else 0
        best = max(best, run)
    current = None
    if outcomes:
        last = outcomes[-1]
        n = 0
        for won in reversed(outcomes):
            if won != last:
                break
            n += 1
        current = {"kind": "W" if last else "L", "length": n}
    return {"current": current, "best_win": best}


def add_to_players(acc: dict, p: Play) -> None:
    """Count one play (the next oldest) into ``acc``: key -> what player_stats reports, kept as plain data
    (a saved tally goes on from there: club.stats_cache)."""
    shared = sum(1 for s in p.seats if s.win) > 1
    for s in p.seats:
        a = acc.get(s.key)
        if a is None:
            a = acc[s.key] = {"plays": 0, "wins": 0, "shared_wins": 0, "last_played": "", "run": 0, "best": 0,
                              "last": None, "same": 0, "games": {}}
        a["plays"] += 1
        a["wins"] += s.win
        a["shared_wins"] += s.win and shared
        a["last_played"] = max(a["last_played"], p.date)
        # the streaks (see streaks()), carried forward one outcome at a time
        a["run"] = a["run"] + 1 if s.win else 0
        a["best"] = max(a["best"], a["run"])
        a["same"] = a["same"] + 1 if a["last"] is not None and a["last"] == s.win else 1
        a["last"] = s.win
        g = a["games"].get(p.game)
        if g is None:
            g = a["games"][p.game] = [0, 0, 0, None]     # plays, wins, sum of scores, best score
        g[0] += 1
        g[1] += s.win
        g[2] += s.total
        g[3] = s.total if g[3] is None else max(g[3], s.total)


def players_out(acc: dict, names: dict) -> dict:
    out = {}
    for key, a in acc.items():
        games = {gid: {"plays": g[0], "wins": g[1], "win_pct": _pct(g[1], g[0]),
                       "average_score": round(g[2] / g[0], 1), "best_score": g[3]}
                 for gid, g in sorted(a["games"].items())}
        current = {"kind": "W" if a["last"] else "L", "length": a["same"]} if a["last"] is not None else None
        out[names[key]] = {"plays": a["plays"], "wins": a["wins"], "shared_wins": a["shared_wins"],
                           "win_pct": _pct(a["wins"], a["plays"]), "last_played": a["last_played"] or None,
                           "streak": current, "best_win_streak": a["best"], "games": games}
    return dict(sorted(out.items(), key=lambda kv: (-kv[1]["wins"], -kv[1]["plays"], kv[0].casefold())))


def player_stats(plays, names=None) -> dict:
    """name -> {plays, wins, shared_wins, win_pct, last_played, streak, best_win_streak, games: {...}}."""
    names = names or _names(plays)
    acc: dict = {}
    for p in plays:
        add_to_players(acc, p)
    return players_out(acc, names)


def add_to_games(acc: dict, p: Play) -> None:
    """Count one play (the next oldest) into ``acc``: game -> what game_stats reports, as plain data."""
    g = acc.get(p.game)
    if g is None:
        g = acc[p.game] = {"plays": 0, "win_sum": 0, "won": 0, "high": None, "high_by": [], "wins": {}}
    g["plays"] += 1
    winners = [s for s in p.seats if s.win]
    if winners:
        g["won"] += 1
        g["win_sum"] += max(s.total for s in winners)
    for s in p.seats:
        if g["high"] is None or s.total > g["high"]:
            g["high"], g["high_by"] = s.total, [s.key]
        elif s.total == g["high"] and s.key not in g["high_by"]:
            g["high_by"].append(s.key)
        if s.win:
            g["wins"][s.key] = g["wins"].get(s.key, 0) + 1


def games_out(acc: dict, names: dict) -> dict:
    out = {}
    for gid, g in sorted(acc.items()):
        most = max(g["wins"].values(), default=0)
        out[gid] = {
            "plays": g["plays"],
            "average_winning_score": round(g["win_sum"] / g["won"], 1) if g["won"] else None,
            "highest_score": {"score": g["high"], "players": [names[k] for k in g["high_by"]]},
            "most_wins": {"wins": most,
                          "players": sorted((names[k] for k, w in g["wins"].items() if w == most), key=str.casefold)
                          if most else []},
        }
    return out


def game_stats(plays, names=None) -> dict:
    """game -> {plays, average_winning_score, highest_score: {score, players}, most_wins: {wins, players}}."""
    names = names or _names(plays)
    acc: dict = {}
    for p in plays:
        add_to_games(acc, p)
    return games_out(acc, names)


def head_to_head(plays, a: str, b: str) -> dict:
    ka, kb = a.casefold(), b.casefold()
    res = {"players": [a, b], "games": 0, "ahead": {a: 0, b: 0}, "level": 0, "wins": {a: 0, b: 0},
           "by_game": {}}
    for p in plays:
        sa = next((s for s in p.seats if s.key == ka), None)
        sb = next((s for s in p.seats if s.key == kb), None)
        if sa is None or sb is None:
            continue
        g = res["by_game"].setdefault(p.game, {"games": 0, "ahead": {a: 0, b: 0}, "level": 0})
        for bucket in (res, g):
            bucket["games"] += 1
            if sa.rank < sb.rank:
                bucket["ahead"][a] += 1
            elif sb.rank < sa.rank:
                bucket["ahead"][b] += 1
            else:
                bucket["level"] += 1
        res["wins"][a] += sa.win
        res["wins"][b] += sb.win
    return res


def h_index(counts) -> int:
    """The largest h such that at least h of the counts are >= h."""
    h = 0
    for i, c in enumerate(sorted(counts, reverse=True), 1):
        if c >= i:
            h = i
        else:
            break
    return h


def club_h_index(plays) -> int:
    counts: dict = {}
    for p in plays:
        for s in p.seats:
            counts[s.key] = counts.get(s.key, 0) + 1
    return h_index(counts.values())


def elo_play(rating: dict, p: Play, k: float = K_FACTOR, start: float = START_RATING) -> list:
    """Rate one play (the next oldest): updates ``rating`` (key -> Elo) and returns [(key, after, change)]."""
    seats = p.seats
    n = len(seats)
    if n < 2 or p.coop:
        return []
    # E(a beats b) = 1 / (1 + 10^((Rb - Ra)/400)) = qa / (qa + qb) with q = 10^(R/400)
    before = [rating.get(s.key, start) for s in seats]
    q = [10.0 ** (r / 400.0) for r in before]
    ranks = [s.rank for s in seats]
    scale = k / (n - 1)
    changes = []
    for i, s in enumerate(seats):
        qi, ri, total = q[i], ranks[i], 0.0
        for j in range(n):
            if j != i:
                rj = ranks[j]
                total += (1.0 if ri < rj else 0.0 if ri > rj else 0.5) - qi / (qi + q[j])
        change = scale * total
        rating[s.key] = before[i] + change
        changes.append((s.key, rating[s.key], change))
    return changes


def elo_out(rating: dict, names: dict) -> dict:
    return {names[k_]: round(v, 1) for k_, v in sorted(rating.items(), key=lambda kv: -kv[1])}


def elo(plays, k: float = K_FACTOR, start: float = START_RATING, history: bool = True,
        names=None, only=None) -> tuple[dict, dict]:
    """Ratings after every play, oldest first. Returns (name -> rating, name -> [history points]).

    A history point: {"id", "date", "game", "rating" (after), "change"}. With history=False the second
    dict is empty (cheaper for large histories); ``only`` (a set of casefolded names): the history of those
    players alone (one player's detail at 100,000 games needs a few thousand points, not 350,000).
    """
    names = names or _names(plays)
    rating: dict = {}
    hist: dict = {}
    for p in plays:
        for key, after, change in elo_play(rating, p, k, start):
            if history and (only is None or key in only):
                hist.setdefault(key, []).append((p.id, p.date, p.game, after, change))
    return elo_out(rating, names), {names[k_]: [{"id": i, "date": d, "game": g, "rating": round(r, 1),
                                                 "change": round(c, 1)} for i, d, g, r, c in v]
                                    for k_, v in hist.items()}


def summary(plays, rating_history: bool = True, with_elo: bool = True, only=None) -> dict:
    """Everything `referee stats --json` prints for a set of plays (the rating history on request: of the
    players ``only`` names, casefolded, when given).
    ``with_elo=False``: the Elo ratings are left empty (a table showing the skill rating does not need them)."""
    names = _names(plays)
    players = player_stats(plays, names)
    ratings, history = elo(plays, history=rating_history, names=names, only=only) if with_elo else ({}, {})
    return assemble(len(plays), players, game_stats(plays, names), club_h_index(plays), ratings,
                    history if rating_history else None)


def assemble(games: int, players: dict, per_game: dict, h: int, ratings: dict, history: dict | None) -> dict:
    """The shape `referee stats --json` prints, from its parts (also how club.stats_cache answers)."""
    for name, st in players.items():
        st["rating"] = ratings.get(name)
    return {"games": games, "players": players, "per_game": per_game,
            "h_index": h, "ratings": ratings,
            **({"rating_history": history} if history is not None else {}),
            "definitions": {
                "win": "among result.winners; a shared win counts for every player sharing it",
                "h_index": "the largest h such that at least h players have each played at least h games",
                "rating": f"multiplayer Elo over the finishing order: start {START_RATING:g}, K={K_FACTOR:g} "
                          "split over the n-1 pairwise meetings, equal ranks score 1/2",
                "streak": "W or L: how many plays in a row, ending with the latest, were wins / not wins",
            }}
