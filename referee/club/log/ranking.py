"""How a play is won, and its ranking from final scores: the one place `record` and `edit` rank a play.

A play is won in one of a few ways: each for himself with the highest score (most games) or the lowest
(Golf, from a BG Stats backup), a tie at the top broken by the table (``--winner``), teams (the best team
total wins, each member takes the team's place), or together (co-op: won or lost by everyone). `edit`
changes a score and must keep the way the play is won, so the way is read back from the stored result
(`way_of`) and the new ranking made by the same functions that made the old one (`rerank`).

Every ranking here is scoring.rank's competition ranking (1, 1, 3): lowest-wins ranks the negated scores.
"""

from __future__ import annotations

from ...core.errors import BadInput
from ...i18n import _
from ..common import name_key

TIE_BREAK = "the table's tie-break"


def chosen_winners(scores, winners, lowest: bool = False) -> list[str]:
    """The players a club named with --winner to break a tie at the top, checked: each one of the players
    and tied for the best score, and the tie real (not the best score alone)."""
    by_key = {name_key(name): name for name, _s in scores}
    chosen = []
    for w in winners or ():
        name = by_key.get(name_key(w))
        if name is None:
            from scoring.fields import did_you_mean

            raise BadInput(_("Winner {name} is not one of the players ({players}).").format(
                name=repr(w), players=", ".join(by_key.values())) + did_you_mean(w, by_key.values()))
        chosen.append(name)
    if chosen:
        best = (min if lowest else max)(s for _n, s in scores)
        tied = [n for n, s in scores if s == best]
        for name in chosen:
            if name not in tied:
                raise BadInput(_("{name} cannot be named winner with {points} points: only a "
                                 "player tied for the highest score ({top}) can win by the tie-break.").format(
                    name=name, points=dict(scores)[name], top=best))
        if len(tied) < 2:
            raise BadInput(_("--winner breaks a tie at the top, and {name} has the highest score alone; "
                             "leave --winner out.").format(name=tied[0]))
    return chosen


def individual(game: str, scores, *, lowest: bool = False, chosen=(), ineligible=()) -> dict:
    """Each for himself: ranked by score (highest first, or lowest with ``lowest``); ``chosen`` win a tie
    at the top by the table's tie-break; ``ineligible`` players rank after the eligible ones."""
    from scoring import rank

    sign = -1 if lowest else 1
    rows = [(name, {"score": sign * score}, ((1 if name in chosen else 0) if chosen else None),
             name not in ineligible) for name, score in scores]
    result = rank(game, rows, tiebreak_name=TIE_BREAK if chosen else None).to_dict()
    if lowest:
        for e in result["ranking"]:
            e["total"] = -e["total"] or 0
            e["breakdown"] = {"score": e["total"]}
        result["lowest_wins"] = True        # kept by every later edit, even once the scores are all tied
    return result


def teams(game: str, scores, team_map: dict, lowest: bool = False) -> dict:
    """Teams score the sum of their members' points; every member takes the team's rank; the best team's
    members are the winners (the lowest sum with ``lowest``)."""
    member = {}
    for team, names in team_map.items():
        for n in names:
            member[name_key(n)] = team
    totals: dict = {}
    for name, score in scores:
        team = member.get(name_key(name))
        if team is None:
            raise BadInput(_("{name} is in no team; give every player a team with --team TEAM=NAME,NAME.")
                           .format(name=name))
        totals[team] = totals.get(team, 0) + score
    better = (lambda a, b: a < b) if lowest else (lambda a, b: a > b)
    # ranked like every result: tied players share a place and the next place skips (1, 1, 3, 3)
    size = {t: sum(1 for n, _s in scores if member.get(name_key(n)) == t) for t in totals}
    rank_of = {t: 1 + sum(size[o] for o, v in totals.items() if better(v, totals[t])) for t in totals}
    ranking = sorted(({"player": n, "total": s, "rank": rank_of[member[name_key(n)]], "breakdown": {"score": s},
                       "tiebreak": None, "team": member[name_key(n)]} for n, s in scores),
                     key=lambda e: (e["rank"], e["total"] if lowest else -e["total"]))
    result = {"game": game, "ranking": ranking, "winners": [e["player"] for e in ranking if e["rank"] == 1]}
    if lowest:
        result["lowest_wins"] = True
    return result


def coop(game: str, names, scores: dict, won: bool) -> dict:
    """Together: everyone shares the one place, and wins or loses."""
    ranking = [{"player": n, "total": scores.get(n, 0), "rank": 1, "breakdown": {"score": scores.get(n, 0)},
                "tiebreak": None} for n in names]
    return {"game": game, "ranking": ranking, "winners": list(names) if won else [], "cooperative": True,
            "won": won}


# --- reading the way back from a stored play --------------------------------------------------------------
def _lowest(groups) -> bool:
    """(rank, total) of the ranked units (players or teams): True when every better place has the lower
    total wherever totals differ (a Golf-like play), False when any has the higher or nothing says."""
    up = down = 0
    for ra, ta in groups:
        for rb, tb in groups:
            if ra < rb and ta != tb:
                up += ta > tb
                down += ta < tb
    return down > 0 and up == 0


def way_of(doc: dict) -> dict:
    """How the stored play is won: {"kind": "individual" | "teams" | "coop", "lowest", "won", "chosen",
    "ineligible", "labels"}. Read from the result's own marks where it has them (cooperative, lowest_wins),
    else from how its ranks follow its totals."""
    res = doc.get("result") if isinstance(doc.get("result"), dict) else {}
    ranking = [e for e in res.get("ranking") or () if isinstance(e, dict)]
    if res.get("cooperative"):
        return {"kind": "coop", "won": bool(res.get("won", bool(res.get("winners")))), "lowest": False}
    labels = {e["player"]: e["team"] for e in ranking if isinstance(e.get("team"), str)}
    team_map = doc.get("teams") if isinstance(doc.get("teams"), dict) else None
    if team_map and doc.get("source") != "bgstats":
        # a team play as `record --team` ranks it: members share their team's place, by the team's sum
        ranks: dict = {}
        sums: dict = {}
        for e in ranking:
            team = labels.get(e["player"])
            ranks.setdefault(team, set()).add(e.get("rank"))
            sums[team] = sums.get(team, 0) + (e.get("total") or 0)
        if None not in ranks and all(len(r) == 1 for r in ranks.values()):
            lowest = res.get("lowest_wins") is True or _lowest([(next(iter(ranks[t])), sums[t]) for t in ranks])
            return {"kind": "teams", "teams": team_map, "lowest": lowest}
    eligible = [e for e in ranking if e.get("eligible", True) is not False]
    lowest = res.get("lowest_wins") is True or _lowest([(e.get("rank"), e.get("total")) for e in eligible])
    top = [e for e in eligible if e.get("rank") == 1]
    # a tie at the top broken by the table: a winner with the same total as a player placed after him
    chosen = [e["player"] for e in top
              if any(o.get("total") == e.get("total") and o.get("rank") != 1 for o in eligible)]
    return {"kind": "individual", "lowest": lowest, "chosen": chosen,
            "ineligible": [e["player"] for e in ranking if e.get("eligible", True) is False], "labels": labels}


def rerank(doc: dict, scores, winners=()) -> dict:
    """The result of the stored play ``doc`` with the scores ``scores`` ([(name, score)] in seat order),
    won the way it was won. ``winners``: a tie at the top broken anew (--winner)."""
    game = doc.get("game")
    way = way_of(doc)
    if way["kind"] == "coop":
        if winners:
            raise BadInput(_("A cooperative play is won or lost by everyone together: leave out --team and "
                             "--winner."))
        return coop(game, [n for n, _s in scores], dict(scores), way["won"])
    if way["kind"] == "teams":
        if winners:
            raise BadInput(_("With teams the best team wins; leave out --winner."))
        return teams(game, scores, way["teams"], way["lowest"])
    names = [n for n, _s in scores]
    ineligible = [n for n in way["ineligible"] if n in names]
    if winners:
        chosen = chosen_winners(scores, winners, way["lowest"])
    else:       # the table's tie-break still decides a tie at the top it decided, and nothing else
        eligible = [(n, s) for n, s in scores if n not in ineligible]
        best = (min if way["lowest"] else max)((s for _n, s in eligible), default=None)
        tied = [n for n, s in eligible if s == best]
        chosen = [n for n in way["chosen"] if n in tied]
        if len(chosen) == len(tied):
            chosen = []
    result = individual(game, scores, lowest=way["lowest"], chosen=chosen, ineligible=ineligible)
    for e in result["ranking"]:
        if e["player"] in way["labels"]:
            e["team"] = way["labels"][e["player"]]
    return result
