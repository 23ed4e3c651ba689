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

from ...core import validate
from ...core.errors import BadInput
from ...i18n import _
from .bgg import BGG_IDS, TRADERS_BUILDERS, Skip, checked_score, sane_minutes
from ..common import check_date, game_from_name, is_known_game, one_line


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
    if _flag(play.get("incomplete")) is True:
        return True
    meta = play.get("metaData")
    if isinstance(meta, str) and meta.strip().startswith("{"):
        try:
            return _flag(json.loads(meta).get("incomplete")) is True
        except (ValueError, AttributeError, RecursionError):     # not JSON, not an object, nested too deep
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


# --- a backup's fields, of whatever JSON type they come ----------------------------------------------
# A backup is JSON another program wrote (and people edit): a number may come as a text, a flag as "false",
# an id as a list. Each field is read here into what it means, or into "not given"; nothing is sorted,
# hashed or stored in a type it does not have.
def _ref(value):
    """A reference to another record of the backup (a game, a player, a location): an int or a text."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    return value if not isinstance(value, int) or abs(value) < 10 ** 18 else None


def _flag(value) -> bool | None:
    """true/false as JSON, 1/0, or their texts; None when it is none of these."""
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", "false", "0", "no", ""):
        return value.strip().lower() in ("true", "1", "yes")
    return None


def _whole(value, lo: int = 1, hi: int = 10 ** 9) -> int | None:
    """A whole number in lo..hi written as a number or a numeric text (a seat, a place, a BGG id); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,10}\s*", value):
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, int) and lo <= value <= hi else None


def _text(value, limit: int = 100) -> str:
    """A name or label: a text, or a number written as one; anything else is no text."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return ""
    return one_line(value if isinstance(value, str) else repr(value))[:limit]


def play_doc(play: dict, games: dict, players: dict, locations: dict, dropped: list | None = None) -> dict:
    g = games.get(_ref(play.get("gameRefId")))
    if not isinstance(g, dict):
        raise Skip(_("the play names no game of the backup"))
    title = _text(g.get("name"), 200)
    bgg_id = _whole(g.get("bggId"))
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
    if not all(isinstance(ps, dict) for ps in scores):
        raise Skip(_("a player's entry is damaged"))
    coop = _flag(g.get("cooperative")) is True
    no_points = _flag(g.get("noPoints")) is True
    highest_wins = _flag(g.get("highestWins", True)) is not False
    rows = []
    anonymous = 0
    # seat order as BG Stats numbers it (a number or a numeric text); entries without one keep their place
    seats = [_whole(ps.get("seatOrder"), 0, 10 ** 6) for ps in scores]
    order = sorted(range(len(scores)), key=lambda i: (seats[i] is None, seats[i] or 0, i))
    for i in order:
        ps = scores[i]
        p = players.get(_ref(ps.get("playerRefId")))
        p = p if isinstance(p, dict) else {}
        pname = " ".join(_text(p.get("name"), 200).split())
        if not pname or _flag(p.get("isAnonymous")):
            anonymous += 1
            pname = f"Anonymous player {anonymous}"
        try:
            pname = validate.player_name(pname)
        except BadInput as err:
            raise Skip(_("a player's name cannot be stored"), str(err)) from None
        raw = ps.get("score")
        if isinstance(raw, (list, dict)) or isinstance(raw, bool):
            raise Skip(_("a score is not a number or arithmetic"), f"{pname}: {str(raw)[:40]}")
        raw = "" if raw is None else str(raw).strip()
        winner = _flag(ps.get("winner"))
        if winner is None:
            raise Skip(_("a winner flag is neither true nor false"), f"{pname}: {str(ps.get('winner'))[:40]}")
        rows.append({"player": pname, "raw": raw, "winner": winner,
                     "rank": _whole(ps.get("rank"), 1, len(scores)),
                     "start": _flag(ps.get("startPlayer")) is True, "new": _flag(ps.get("newPlayer")) is True,
                     "team": _text(ps.get("team")) or None})
    if len({r["player"].casefold() for r in rows}) != len(rows):
        raise Skip(_("a player is listed twice"))
    from ...core.registry import GAMES

    if game in GAMES:
        from ...core.registry import get_rules

        rules = get_rules(game)
        if not rules.min_players <= len(rows) <= rules.max_players:
            raise Skip(_("a player count the game does not have"), _("{n} players").format(n=len(rows)))
    have_scores = any(r["raw"] for r in rows) and not no_points
    if have_scores and not all(r["raw"] for r in rows) and not coop:
        raise Skip(_("some players have a score and some do not"))
    for r in rows:
        r["score"] = _score(r["raw"], r["player"], game) if have_scores and r["raw"] else 0
    if coop:
        won = any(r["winner"] for r in rows)
        result = {"game": game, "cooperative": True, "won": won,
                  "winners": [r["player"] for r in rows] if won else [],
                  "ranking": [{"player": r["player"], "total": r["score"], "rank": 1,
                               "breakdown": {"score": r["score"]} if have_scores else {}, "tiebreak": None}
                              for r in rows]}
        if not have_scores:
            result["no_points"] = True
    else:
        result = _ranked(game, rows, have_scores, highest_wins)
        if not highest_wins:
            result["lowest_wins"] = True    # how the play is won, kept by `edit` (club/log/ranking.py)
    teams = {}
    if _flag(g.get("usesTeams")) or _flag(play.get("usesTeams")):
        for r in rows:
            if r["team"]:
                teams.setdefault(r["team"], []).append(r["player"])
    names = [r["player"] for r in rows]
    start = next((r["player"] for r in rows if r["start"]), None)
    if start:
        i = names.index(start)
        names = names[i:] + names[:i]
    try:
        date = check_date(_text(play.get("playDate"))[:10] or None, _("the play date"))
    except BadInput as err:
        raise Skip(_("a date cannot be read"), str(err)) from None
    duration, bad_length = sane_minutes(play.get("durationMin"))
    if bad_length and dropped is not None:
        dropped.append((_("a length that cannot be true was left out"),
                        f"durationMin {str(play.get('durationMin'))[:20]!r}"))
    doc = {"schema_version": 1, "game": game, "players": names, "options": {}, "date": date,
           "duration": duration, "source": "bgstats", "moves": 0, "has_record": False, "result": result,
           "notes": None, "location": None, "colours": None}
    loc = locations.get(_ref(play.get("locationRefId")))
    comments = play.get("comments")
    try:
        if isinstance(loc, dict) and _text(loc.get("name"), 300):
            doc["location"] = validate.location(_text(loc.get("name"), 300))
        if isinstance(comments, (int, float)) and not isinstance(comments, bool):
            comments = str(comments)
        if isinstance(comments, str) and comments.strip():
            doc["notes"] = validate.notes(comments.strip())
        elif comments not in (None, "", False) and dropped is not None:
            dropped.append((_("comments that are not a text were left out"), str(comments)[:40]))
    except BadInput as err:
        raise Skip(_("a location or comment cannot be stored"), str(err)) from None
    if not is_known_game(game):
        doc["title"] = game
    if bgg_id:
        doc["bgg_id"] = bgg_id
    if _whole(play.get("bggId")):
        doc["bgg_play_id"] = str(_whole(play.get("bggId")))
    uuid = _text(play.get("uuid"), 100) if not isinstance(play.get("uuid"), float) else ""
    if uuid:
        doc["bgstats_uuid"] = uuid
    expansions = []
    extra = play.get("expansionPlays")
    for e in extra if isinstance(extra, list) else ():
        eg = games.get(_ref(e.get("gameRefId"))) if isinstance(e, dict) else None
        if isinstance(eg, dict) and _text(eg.get("name")):
            expansions.append(_text(eg.get("name")))
        elif isinstance(e, dict) and _whole(e.get("bggId")) == TRADERS_BUILDERS:
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
    elif len({s for s in seats if s is not None}) < len(rows):
        doc["seating"] = False       # neither a start player nor seat numbers: the order says nothing
    if _flag(play.get("ignored")) is True:
        doc["no_stats"] = True
    if _incomplete(play):
        doc["incomplete"] = True
    return doc


def _ranked(game: str, rows, have_scores: bool, highest_wins: bool) -> dict:
    """A competitive play's result, always consistent (winners are exactly the players ranked 1): see
    club/formats/outcome.py. BG Stats' winner flags are the club's word on who won and are followed where the
    scores say otherwise; its own places (dense, 1, 1, 2 for teams) order a play without points."""
    from .outcome import ranked_result

    return ranked_result(game, rows, scored=have_scores, lowest_wins=not highest_wins)


def parse(data: dict, name: str):
    from .parsed import Parsed

    def index(key):
        items = data.get(key)
        return {_ref(x.get("id")): x for x in (items if isinstance(items, list) else ())
                if isinstance(x, dict) and _ref(x.get("id")) is not None}

    games, players, locations = index("games"), index("players"), index("locations")
    out = Parsed()
    for n, play in enumerate(data["plays"], 1):
        if not isinstance(play, dict):
            out.skipped.append({"reason": _("a play's entry is damaged"), "play": f"{name} play {n}", "detail": ""})
            continue
        g = games.get(_ref(play.get("gameRefId")))
        title = _text(g.get("name")) if isinstance(g, dict) else ""
        where = f"{title or '?'} ({_text(play.get('playDate'))[:10] or '?'}, {name} play {n})"
        dropped: list = []
        try:
            out.docs.append(play_doc(play, games, players, locations, dropped))
        except Skip as skip:
            out.skipped.append({"reason": skip.reason, "play": where, "detail": skip.detail})
            continue
        out.dropped.extend({"reason": reason, "play": where, "detail": detail} for reason, detail in dropped)
    return out
