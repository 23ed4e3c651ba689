"""BG Stats backups (BGStatsExport.json) into the history: the file a club moving from BG Stats has.

Games, players, locations and plays with their scores, winners, ranks, teams, cooperative results,
expansions, first plays, start players and "ignored" flags. A score written as arithmetic ("8-3") is
evaluated; one that is not ("5 stars") skips the play with its reason. A play imported again is matched
by its BG Stats uuid: unchanged, it is not added twice; changed in BG Stats, it updates the one it came from.
"""

from __future__ import annotations

import ast
import json
import operator
import re

from ..core import validate
from ..core.errors import BadInput
from ..i18n import _
from .bgg import BGG_IDS, TRADERS_BUILDERS, Skip, checked_score
from .common import check_date, game_from_name, is_known_game, one_line


def looks_like(data) -> bool:
    return isinstance(data, dict) and isinstance(data.get("plays"), list) and isinstance(data.get("games"), list) \
        and isinstance(data.get("players"), list) and "kind" not in data


_WHOLE = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")     # what Python reads as an int literal (no 007)
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def arithmetic(text: str):
    """'8-3' -> 5, '2*(3+4)' -> 14, '12' -> 12; anything that is not + - * / of numbers -> ValueError."""
    text = str(text).strip()
    if not text or len(text) > 60:
        raise ValueError(text)

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = ev(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](ev(node.left), ev(node.right))
        raise ValueError(text)

    if _WHOLE.fullmatch(text):      # most scores: a plain whole number, read as Python reads it below
        value = int(text)
    else:
        try:
            value = ev(ast.parse(text.replace(",", "."), mode="eval"))
        except (SyntaxError, ZeroDivisionError, RecursionError, OverflowError):
            raise ValueError(text) from None
    import math

    if not math.isfinite(value) or abs(value) > 10 ** 12:
        raise ValueError(text)
    return value


def _score(raw, player: str, game: str):
    try:
        value = arithmetic(raw)
    except ValueError:
        raise Skip(_("a score is not a number or arithmetic"), f"{player}: {raw!r}") from None
    return checked_score(value, raw, player, game)


def _incomplete(play: dict) -> bool:
    if play.get("incomplete") is True:
        return True
    meta = play.get("metaData")
    if isinstance(meta, str) and meta.strip().startswith("{"):
        try:
            return bool(json.loads(meta).get("incomplete"))
        except (json.JSONDecodeError, AttributeError):
            return False
    return False


_KNOWN: dict = {}


def _known_game(title: str) -> str:
    """game_from_name, remembered per title: a backup names the same few games in every play."""
    hit = _KNOWN.get(title)
    if hit is None:
        try:
            hit = game_from_name(title)
        except BadInput as err:
            hit = err
        if len(_KNOWN) < 4096:
            _KNOWN[title] = hit
    if isinstance(hit, BadInput):
        raise hit
    return hit


def play_doc(play: dict, games: dict, players: dict, locations: dict) -> dict:
    g = games.get(play.get("gameRefId"))
    if not isinstance(g, dict):
        raise Skip(_("the play names no game of the backup"))
    title = one_line(g.get("name") or "")
    bgg_id = g.get("bggId") if isinstance(g.get("bggId"), int) and g.get("bggId") > 0 else None
    game = next((k for k, v in BGG_IDS.items() if v == bgg_id), None)
    if game is None:
        try:
            game = _known_game(title)
        except BadInput:
            try:
                game = validate.label(title, _("The game title"), 100)
            except BadInput:
                raise Skip(_("the game's title cannot be stored"), repr(title)) from None
            if not game:
                raise Skip(_("no game named"))
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise Skip(_("no players"))
    coop = bool(g.get("cooperative"))
    no_points = bool(g.get("noPoints"))
    highest_wins = g.get("highestWins", True) is not False
    rows = []
    anonymous = 0
    for ps in sorted(scores, key=lambda s: s.get("seatOrder") or 0 if isinstance(s, dict) else 0):
        if not isinstance(ps, dict):
            raise Skip(_("a player's entry is damaged"))
        p = players.get(ps.get("playerRefId")) or {}
        pname = " ".join(str(p.get("name") or "").split())
        if not pname or p.get("isAnonymous"):
            anonymous += 1
            pname = f"Anonymous player {anonymous}"
        try:
            pname = validate.player_name(pname)
        except BadInput as err:
            raise Skip(_("a player's name cannot be stored"), str(err)) from None
        raw = ps.get("score")
        raw = "" if raw is None else str(raw).strip()
        rows.append({"player": pname, "raw": raw, "winner": bool(ps.get("winner")),
                     "rank": ps.get("rank") if isinstance(ps.get("rank"), int) and ps.get("rank") > 0 else None,
                     "start": bool(ps.get("startPlayer")), "new": bool(ps.get("newPlayer")),
                     "team": one_line(ps.get("team") or "") or None})
    if len({r["player"].casefold() for r in rows}) != len(rows):
        raise Skip(_("a player is listed twice"))
    from ..core.registry import GAMES

    if game in GAMES:
        from ..core.registry import get_rules

        rules = get_rules(game)
        if not rules.min_players <= len(rows) <= rules.max_players:
            raise Skip(_("a player count the game does not have"), f"{len(rows)} players")
    have_scores = any(r["raw"] for r in rows) and not no_points
    for r in rows:
        r["score"] = _score(r["raw"], r["player"], game) if have_scores and r["raw"] else 0
    if have_scores and not all(r["raw"] for r in rows) and not coop:
        raise Skip(_("some players have a score and some do not"))
    if coop:
        won = any(r["winner"] for r in rows)
        result = {"game": game, "cooperative": True, "won": won,
                  "winners": [r["player"] for r in rows] if won else [],
                  "ranking": [{"player": r["player"], "total": r["score"], "rank": 1,
                               "breakdown": {"score": r["score"]}, "tiebreak": None} for r in rows]}
    else:
        result = _ranked(game, rows, have_scores, highest_wins)
        if not highest_wins:
            result["lowest_wins"] = True    # how the play is won, kept by `edit` (club/ranking.py)
    teams = {}
    if g.get("usesTeams") or play.get("usesTeams"):
        for r in rows:
            if r["team"]:
                teams.setdefault(r["team"], []).append(r["player"])
    names = [r["player"] for r in rows]
    start = next((r["player"] for r in rows if r["start"]), None)
    if start:
        i = names.index(start)
        names = names[i:] + names[:i]
    try:
        date = check_date(str(play.get("playDate") or "")[:10] or None, _("the play date"))
    except BadInput as err:
        raise Skip(_("a date cannot be read"), str(err)) from None
    doc = {"schema_version": 1, "game": game, "players": names, "options": {}, "date": date,
           "duration": play.get("durationMin") if isinstance(play.get("durationMin"), int)
           and play.get("durationMin") > 0 else None,
           "source": "bgstats", "moves": 0, "has_record": False, "result": result, "notes": None,
           "location": None, "colours": None}
    loc = locations.get(play.get("locationRefId"))
    try:
        if isinstance(loc, dict) and loc.get("name"):
            doc["location"] = validate.location(one_line(loc["name"]))
        if play.get("comments"):
            doc["notes"] = validate.notes(str(play["comments"]).strip())
    except BadInput as err:
        raise Skip(_("a location or comment cannot be stored"), str(err)) from None
    if not is_known_game(game):
        doc["title"] = game
    if bgg_id:
        doc["bgg_id"] = bgg_id
    if isinstance(play.get("bggId"), int) and play["bggId"] > 0:
        doc["bgg_play_id"] = str(play["bggId"])
    if play.get("uuid"):
        doc["bgstats_uuid"] = str(play["uuid"])
    expansions = []
    for e in play.get("expansionPlays") or ():
        eg = games.get(e.get("gameRefId")) if isinstance(e, dict) else None
        if isinstance(eg, dict) and eg.get("name"):
            expansions.append(one_line(eg["name"])[:100])
        elif isinstance(e, dict) and e.get("bggId") == TRADERS_BUILDERS:
            expansions.append("Traders & Builders")
    if expansions:
        doc["expansions"] = expansions
    if teams:
        doc["teams"] = teams
    first = [r["player"] for r in rows if r["new"]]
    if first:
        doc["first_plays"] = first
    if start:
        doc["start_player"] = start
    elif len({ps.get("seatOrder") for ps in scores if isinstance(ps, dict)}) < len(rows):
        doc["seating"] = False       # neither a start player nor seat numbers: the order says nothing
    if play.get("ignored"):
        doc["no_stats"] = True
    if _incomplete(play):
        doc["incomplete"] = True
    return doc


def _ranked(game: str, rows, have_scores: bool, highest_wins: bool) -> dict:
    """Ranks as BG Stats gave them, else by score (highest or lowest wins, as the game says); winners as
    BG Stats flagged them, else those ranked first."""
    if all(r["rank"] for r in rows):
        # BG Stats may number places densely (teams: 1, 1, 2, 2); referee's places skip after a tie (1, 1, 3, 3)
        rank = {r["player"]: 1 + sum(o["rank"] < r["rank"] for o in rows) for r in rows}
    elif have_scores:
        key = (lambda r: -r["score"]) if highest_wins else (lambda r: r["score"])
        ordered = sorted(rows, key=key)
        rank = {r["player"]: 1 + sum(key(o) < key(r) for o in ordered) for r in rows}
    else:
        rank = {r["player"]: 1 if r["winner"] else 2 for r in rows}
    flagged = [r["player"] for r in rows if r["winner"]]
    winners = flagged or [r["player"] for r in rows if rank[r["player"]] == 1]
    ranking = sorted(({"player": r["player"], "total": r["score"], "rank": rank[r["player"]],
                       "breakdown": {"score": r["score"]}, "tiebreak": None, **({"team": r["team"]} if r["team"] else {})}
                      for r in rows), key=lambda e: e["rank"])
    return {"game": game, "ranking": ranking, "winners": winners}


def parse(data: dict, name: str):
    from .importer import Parsed

    def index(key):
        return {x.get("id"): x for x in data.get(key) or () if isinstance(x, dict)}

    games, players, locations = index("games"), index("players"), index("locations")
    out = Parsed()
    for n, play in enumerate(data["plays"], 1):
        if not isinstance(play, dict):
            out.skipped.append({"reason": _("a play's entry is damaged"), "play": f"{name} play {n}", "detail": ""})
            continue
        g = games.get(play.get("gameRefId")) or {}
        where = f"{g.get('name') or '?'} ({str(play.get('playDate') or '?')[:10]}, {name} play {n})"
        try:
            out.docs.append(play_doc(play, games, players, locations))
        except Skip as skip:
            out.skipped.append({"reason": skip.reason, "play": where, "detail": skip.detail})
    return out
