"""QR codes of a finished game's result.

The payload is short, versioned text that a person can read on a phone and another `referee` can import
(`referee import --qr-text TEXT`, or a .txt file holding it):

    referee result v1
    id: k3m9xa
    game: puerto-rico
    date: 2026-11-20
    where: Club Hall            (optional)
    minutes: 75                 (optional)
    1. Ann 52 *
    2. Bob 48
    2. Cal 48

One line per player, best first: rank, name, total; `*` marks a winner, `x` a player ranked but not
eligible to win (Port Royal's expedition end). Player names cannot contain newlines, so the name is
everything between "N. " and the last number.

Version 2 carries what version 1 cannot (a result that needs none of it is still written as version 1,
so an older referee reads it; a newer reader reads both):

    referee result v2
    id: p7q2rs
    game: Ticket to Ride        (any title the club logs, not only referee's four games)
    date: 2026-11-21
    coop: won                   (optional: a cooperative play, won or lost by everyone together)
    wins: lowest                (optional: the lowest total won)
    1. Ann - * [Red]            (- : a play logged without points; [TEAM] : the player's team)
    1. Bob - * [Red]
    3. Cal - [Blue]

A cooperative play lists every player at rank 1, all marked `*` when won and none when lost. A team name
is everything between the first `[` after the total (names cannot hold `[`) and the last `]`.
"""

from __future__ import annotations

import re

from ...core import validate
from ...core.errors import BadInput
from ...i18n import _
from ..common import check_date, one_line, parse_duration

MAGIC = "referee result v"
VERSION = 2               # the newest version read and written
_ENTRY = re.compile(r"^(\d+)\.\s+(.+?)\s+(-?\d+|-)(?:\s+([*x]))?(?:\s+\[(.*)\])?$")
_KEYS = ("id", "game", "date", "where", "minutes", "coop", "wins")


def encode(doc: dict) -> str:
    res = doc.get("result")
    if not res:
        raise BadInput(_("Game {id} has no result yet; a QR code carries a finished game's result.").format(
            id=doc.get("id")))
    team_of = {p: t for t, names in (doc.get("teams") or {}).items() for p in names}
    teams = {e["player"]: one_line(e.get("team") or team_of.get(e["player"]) or "") for e in res["ranking"]}
    points = not res.get("no_points")
    from ..common import is_known_game

    v2 = (not is_known_game(doc["game"]) or res.get("cooperative") or res.get("lowest_wins") or not points
          or any(teams.values()))
    lines = [f"{MAGIC}{2 if v2 else 1}", f"id: {doc['id']}", f"game: {one_line(doc['game'])}",
             f"date: {(doc.get('date') or '')[:10]}"]
    if doc.get("location"):
        lines.append(f"where: {one_line(doc['location'])}")
    if doc.get("duration"):
        lines.append(f"minutes: {int(doc['duration'])}")
    if res.get("cooperative"):
        lines.append(f"coop: {'won' if res.get('won') else 'lost'}")
    if res.get("lowest_wins"):
        lines.append("wins: lowest")
    winners = set(res.get("winners") or ())
    for e in res["ranking"]:
        flag = " *" if e["player"] in winners else (" x" if e.get("eligible") is False else "")
        team = f" [{teams[e['player']]}]" if teams[e["player"]] else ""
        total = e["total"] if points else "-"
        lines.append(f"{e['rank']}. {one_line(e['player'])} {total}{flag}{team}")    # one line, whatever is stored
    return "\n".join(lines)


def decode(text: str) -> dict:
    """Payload text (version 1 or 2) -> an archive document (source "imported"). Raises BadInput naming the line."""
    from ...store.store import SCHEMA_VERSION, now_iso
    from ..common import is_known_game, title_of

    lines = [ln.strip() for ln in str(text).replace("\r", "\n").split("\n") if ln.strip()]
    if not lines or not lines[0].lower().startswith(MAGIC):
        raise BadInput(_("it does not start with 'referee result v1', so it is not a referee result."))
    head_text = lines[0][len(MAGIC):]
    if not re.fullmatch(r"[0-9]{1,6}", head_text):
        raise BadInput(_("QR text line 1: {text} has no version number.").format(text=repr(lines[0]))) from None
    version = int(head_text)
    if version > VERSION:
        raise BadInput(_("The QR text is version {version}, written by a newer referee (this one reads "
                         "version {supported}); upgrade referee to import it.").format(version=version,
                                                                                        supported=VERSION))
    head: dict = {}
    ranking = []
    for no, line in enumerate(lines[1:], 2):
        m = _ENTRY.match(line)
        if m:
            if len(m.group(1)) > 6 or len(m.group(3)) > 9:
                raise BadInput(_("QR text line {line}: the rank or score is too large to be true.").format(line=no))
            rank, name, flag = int(m.group(1)), m.group(2).strip(), m.group(4)
            total = None if m.group(3) == "-" else int(m.group(3))
            team = one_line(m.group(5) or "") or None
            try:
                name = validate.player_name(name)
                if total is not None:
                    validate.score(total, _("the score of {name}").format(name=name))
                if team is not None:
                    team = validate.label(team, _("A team name"), 60)
            except BadInput as err:
                raise BadInput(_("QR text line {line}: {error}").format(line=no, error=err)) from None
            entry = {"player": name, "total": total, "rank": rank, "breakdown": {"score": total}, "tiebreak": None}
            if flag == "x":
                entry["eligible"] = False
                entry["note"] = "not eligible to win"
            if team:
                entry["team"] = team
            entry["_line"] = no
            ranking.append((entry, flag == "*"))
            continue
        if ":" not in line or ranking:
            raise BadInput(_("QR text line {line} is neither 'key: value' nor 'rank. name score': {text}.").format(
                line=no, text=repr(line[:40])))
        key, value = (s.strip() for s in line.split(":", 1))
        key = key.lower()
        if key not in _KEYS:
            raise BadInput(_("QR text line {line}: unknown key {key} (keys: {keys}).").format(
                line=no, key=repr(key), keys=", ".join(_KEYS)))
        head[key] = (no, value)
    for key in ("id", "game", "date"):
        if key not in head:
            raise BadInput(_("The QR text has no '{key}:' line; it is incomplete.").format(key=key))
    if len(ranking) < 1:
        raise BadInput(_("The QR text lists no players; it is incomplete."))
    gid = head["id"][1].lower()
    if not validate.is_game_id(gid):
        raise BadInput(_("QR text line {line}: {id} is not a game id.").format(line=head["id"][0], id=repr(gid)))

    def at(key, fn, *args):
        try:
            return fn(head[key][1], *args)
        except BadInput as err:
            raise BadInput(_("QR text line {line}: {error}").format(line=head[key][0], error=err)) from None

    game = at("game", title_of)         # one of referee's games, or any title the club logs
    coop = head["coop"][1].lower() if "coop" in head else None
    if coop not in (None, "won", "lost"):
        raise BadInput(_("QR text line {line}: coop is {value}; write 'coop: won' or 'coop: lost'.").format(
            line=head["coop"][0], value=repr(head["coop"][1][:20])))
    lowest = head["wins"][1].lower() if "wins" in head else "highest"
    if lowest not in ("lowest", "highest"):
        raise BadInput(_("QR text line {line}: wins is {value}; write 'wins: lowest' or leave the line out.").format(
            line=head["wins"][0], value=repr(head["wins"][1][:20])))
    points = [entry["total"] is not None for entry, _star in ranking]
    if any(points) and not all(points):
        raise BadInput(_("QR text line {line}: {player} has no score ('-') while other players have one.").format(
            line=next(e["_line"] for e, _s in ranking if e["total"] is None),
            player=next(e["player"] for e, _s in ranking if e["total"] is None)))
    scored = all(points)
    from ..common import NEGATIVE_SCORES, negative_score_error

    for entry, _star in ranking:
        line_no = entry.pop("_line")
        if not scored:
            entry["total"], entry["breakdown"] = 0, {}
        elif entry["total"] < 0 and is_known_game(game) and game not in NEGATIVE_SCORES:
            raise BadInput(_("QR text line {line}: {error}.").format(
                line=line_no, error=negative_score_error(entry["total"], entry["player"], game)))
    date = at("date", check_date)
    minutes = at("minutes", parse_duration) if "minutes" in head else None
    where = at("where", validate.location) if "where" in head else None
    for (entry, star) in ranking:
        if coop is not None:
            if star != (coop == "won") or entry["rank"] != 1:
                raise BadInput(_("The QR text of a cooperative play lists {player} at rank {rank}{flag}; every "
                                 "player is at rank 1, all marked * when won and none when lost.").format(
                    player=entry["player"], rank=entry["rank"], flag=" *" if star else ""))
            continue
        top = entry["rank"] == 1 and entry.get("eligible", True)
        if star != top:
            text = (_("The QR text marks {player} as a winner at rank {rank}; winners are exactly the eligible "
                      "players ranked 1.") if star else
                    _("The QR text marks {player} not as a winner at rank {rank}; winners are exactly the eligible "
                      "players ranked 1."))
            raise BadInput(text.format(player=entry["player"], rank=entry["rank"]))
    ranking.sort(key=lambda item: item[0]["rank"])
    entries = [e for e, _ in ranking]
    _check_ranking(entries, _("QR text"))
    teams: dict = {}
    for e in entries:
        if e.get("team"):
            teams.setdefault(e["team"], []).append(e["player"])
    if coop is not None:
        result = {"game": game, "ranking": entries, "winners": [e["player"] for e in entries] if coop == "won"
                  else [], "cooperative": True, "won": coop == "won"}
    else:
        from scoring import Result

        from ..common import annotate_ties

        # a team's members share its rank by being a team, not by a tie: no "shared" note (as `record` stores it)
        result = Result.from_dict({"game": game, "ranking": entries if teams else annotate_ties(entries)}).to_dict()
        for stored, entry in zip(result["ranking"], entries):       # Result keeps no team: put it back
            if entry.get("team"):
                stored["team"] = entry["team"]
    if not scored:
        result["no_points"] = True
    if lowest == "lowest" and scored:
        result["lowest_wins"] = True
    doc = {"schema_version": SCHEMA_VERSION, "id": gid, "game": game, "players": [e["player"] for e in entries],
           "seating": False,        # listed by rank: who started is not known
           "options": {}, "date": date, "location": where, "notes": None,
           "duration": minutes, "colours": None, "created": now_iso(), "finished_at": None, "source": "imported",
           "moves": 0, "has_record": False, "result": result}
    if not is_known_game(game):
        doc["title"] = game
    if teams:
        doc["teams"] = teams
    return doc


def _check_ranking(entries, where: str) -> None:
    """Competition ranking: ranks start at 1, equal totals... only checks ranks are consistent positions."""
    seen = set()
    for e in entries:
        key = e["player"].casefold()
        if key in seen:
            raise BadInput(_("{where}: player {player} is listed twice.").format(where=where, player=e["player"]))
        seen.add(key)
    for pos, e in enumerate(entries, 1):
        if e["rank"] < 1 or e["rank"] > pos:
            raise BadInput(_("{where}: {player} has rank {rank} in position {pos}; ranks go 1, 1, 3 ... "
                             "best first.").format(where=where, player=e["player"], rank=e["rank"], pos=pos))
        if pos > 1 and e["rank"] != pos and e["rank"] != entries[pos - 2]["rank"]:
            raise BadInput(_("{where}: {player} has rank {rank} after rank {above}; "
                             "a rank is either shared with the player above or equals the position.").format(
                where=where, player=e["player"], rank=e["rank"], above=entries[pos - 2]["rank"]))
    if entries and entries[0]["rank"] != 1:
        raise BadInput(_("{where}: the best player must have rank 1.").format(where=where))


# --- rendering ------------------------------------------------------------------------------------
def make_qr(payload: str):
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    qr.add_data(payload.encode("utf-8"))
    qr.make(fit=True)
    return qr


def render_text(qr, ansi: bool = True, invert: bool = False) -> str:
    """Half-block rendering, two modules rows per text line, with the 4-module quiet zone.

    ansi: explicit colours (black modules on a white field) so it scans on dark and light terminals.
    Without ansi: dark modules are drawn with ink (for light backgrounds and paper); invert swaps that
    for dark terminals without colour.
    """
    matrix = qr.get_matrix()   # includes the border
    if len(matrix) % 2:
        matrix = matrix + [[False] * len(matrix[0])]
    lines = []
    for y in range(0, len(matrix), 2):
        top, bottom = matrix[y], matrix[y + 1]
        if ansi:
            # "▀": foreground paints the top module, background the bottom one.
            cells = []
            for t, b in zip(top, bottom):
                fg = "30" if t else "97"
                bg = "40" if b else "107"
                cells.append(f"\x1b[{fg};{bg}m▀")
            lines.append("".join(cells) + "\x1b[0m")
        else:
            row = []
            for t, b in zip(top, bottom):
                if invert:
                    t, b = not t, not b
                row.append("█" if t and b else "▀" if t else "▄" if b else " ")
            lines.append("".join(row))
    return "\n".join(lines)


def write_png(qr, path) -> None:
    # qrcode's own pure-Python PNG writer (pypng, a dependency): a player's install needs no Pillow.
    from qrcode.image.pure import PyPNGImage

    img = qr.make_image(image_factory=PyPNGImage)
    _save(img.save, path)


def write_svg(qr, path) -> None:
    from qrcode.image.svg import SvgPathFillImage

    img = qr.make_image(image_factory=SvgPathFillImage)
    _save(lambda fh: img.save(fh), path)


def _save(write, path) -> None:
    import io
    from pathlib import Path

    from ...store.atomic import atomic_write

    buf = io.BytesIO()
    write(buf)
    try:
        atomic_write(Path(path), buf.getvalue())
    except OSError as err:
        raise BadInput(_("Cannot write {file}: {error}.").format(file=path, error=err.strerror or err)) from None


# --- BG Stats --------------------------------------------------------------------------------------
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="


MAX_VERSION = 25          # larger codes are hard to scan off a laptop screen


def qr_version(payload: str) -> int:
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    qr.add_data(payload.encode("utf-8"))
    try:
        qr.make(fit=True)
    except ValueError:          # more than a version-40 code holds
        return 41
    return qr.version


def _short(text: str, n: int) -> str:
    text = str(text)
    return text if len(text) <= n else text[: max(1, n - 1)] + "…"


def player_source_id(name) -> str:
    """A player's id for BG Stats: the same for every play of that player (case ignored), short."""
    import hashlib

    return hashlib.sha1(str(name).casefold().encode("utf-8")).hexdigest()[:10]


def bgstats_data(doc: dict, notes: int | None = None, names: int | None = None) -> dict:
    """The createPlay JSON (BG Stats' push format): the play with sourceName, sourcePlayId, its game with
    bggId where known, each player with sourcePlayerId, and the booleans the app needs. ``notes`` and
    ``names`` shorten the comments and the players' names (for a code that must stay small)."""
    from ..common import game_name, start_positions
    from .export import bgg_id_of

    res = doc.get("result")
    if not res:
        raise BadInput(_("Game {id} has no result yet; a BG Stats link carries a finished game's result.").format(
            id=doc.get("id")))
    date = (doc.get("date") or "")[:10]
    finished = doc.get("finished_at") or ""
    clock = finished[11:19] if finished[:10] == date and len(finished) >= 19 else "20:00:00"
    seats = start_positions(doc)
    winners = set(res.get("winners") or ())
    first = set(doc.get("first_plays") or ())
    game = {"name": doc.get("title") or game_name(doc["game"]), "highestWins": True, "noPoints": False,
            "cooperative": bool(res.get("cooperative")), "sourceGameId": doc["game"]}
    if bgg_id_of(doc):
        game["bggId"] = bgg_id_of(doc)

    def name(p):
        return _short(p, names) if names else p

    data = {"sourceName": "referee", "sourcePlayId": doc.get("id"), "playDate": f"{date} {clock}", "game": game,
            "ignored": bool(doc.get("no_stats")), "manualWinner": False,
            "players": [{"name": name(e["player"]), "sourcePlayerId": player_source_id(e["player"]),
                         "score": e["total"], "rank": e["rank"], "winner": e["player"] in winners,
                         "newPlayer": e["player"] in first, "startPlayer": seats.get(e["player"]) == 1,
                         **({"team": e["team"]} if e.get("team") else {})}
                        for e in res["ranking"]]}
    if doc.get("location"):
        data["location"] = one_line(doc["location"])
    if doc.get("duration"):
        data["durationMin"] = int(doc["duration"])
    if doc.get("notes") and notes != 0:
        data["comments"] = _short(doc["notes"], notes) if notes else doc["notes"]
    return data


def bgstats_link(doc: dict) -> str:
    """A BG Stats 'createPlay' link (url-encoded JSON in ?data=) that fits a QR code of at most version 25:
    a long note is shortened, then dropped, then long names are shortened; never an error."""
    import json
    from urllib.parse import quote

    def link(compact=False, **cut):
        data = bgstats_data(doc, **cut)
        if compact:     # the app's defaults (false, no points, highest wins) need not be said
            data = _without_defaults(data)
        return BGSTATS_URL + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe=":,")

    for cut in ({}, {"compact": True}, {"compact": True, "notes": 200}, {"compact": True, "notes": 60},
                {"compact": True, "notes": 0}, {"compact": True, "notes": 0, "names": 16},
                {"compact": True, "notes": 0, "names": 8}, {"compact": True, "notes": 0, "names": 4}):
        text = link(**cut)
        if qr_version(text) <= MAX_VERSION:
            return text
    return text


def _without_defaults(data):
    if isinstance(data, dict):
        return {k: _without_defaults(v) for k, v in data.items()
                if v is not False and not (k == "highestWins" and v is True) and k != "sourceGameId"}
    if isinstance(data, list):
        return [_without_defaults(v) for v in data]
    return data
