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
"""

from __future__ import annotations

import re

from ..core import validate
from ..core.errors import BadInput
from ..i18n import _
from .common import check_date, one_line, parse_duration

MAGIC = "referee result v"
VERSION = 1
_ENTRY = re.compile(r"^(\d+)\.\s+(.+?)\s+(-?\d+)(?:\s+([*x]))?$")


def encode(doc: dict) -> str:
    res = doc.get("result")
    if not res:
        raise BadInput(_("Game {id} has no result yet; a QR code carries a finished game's result.").format(
            id=doc.get("id")))
    lines = [f"{MAGIC}{VERSION}", f"id: {doc['id']}", f"game: {doc['game']}", f"date: {(doc.get('date') or '')[:10]}"]
    if doc.get("location"):
        lines.append(f"where: {one_line(doc['location'])}")
    if doc.get("duration"):
        lines.append(f"minutes: {int(doc['duration'])}")
    winners = set(res.get("winners") or ())
    for e in res["ranking"]:
        flag = " *" if e["player"] in winners else (" x" if e.get("eligible") is False else "")
        lines.append(f"{e['rank']}. {one_line(e['player'])} {e['total']}{flag}")    # one line, whatever is stored
    return "\n".join(lines)


def decode(text: str) -> dict:
    """Payload text -> an archive document (source "imported"). Raises BadInput naming the line."""
    from ..store.store import SCHEMA_VERSION, now_iso
    from .common import game_from_name

    lines = [ln.strip() for ln in str(text).replace("\r", "\n").split("\n") if ln.strip()]
    if not lines or not lines[0].lower().startswith(MAGIC):
        raise BadInput(_("it does not start with 'referee result v1', so it is not a referee result."))
    try:
        version = int(lines[0][len(MAGIC):])
    except ValueError:
        raise BadInput(_("QR text line 1: {text} has no version number.").format(text=repr(lines[0]))) from None
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
            rank, name, total, flag = int(m.group(1)), m.group(2).strip(), int(m.group(3)), m.group(4)
            try:
                name = validate.player_name(name)
                validate.score(total, _("the score of {name}").format(name=name))
            except BadInput as err:
                raise BadInput(_("QR text line {line}: {error}").format(line=no, error=err)) from None
            entry_line = no
            entry = {"player": name, "total": total, "rank": rank, "breakdown": {"score": total}, "tiebreak": None}
            if flag == "x":
                entry["eligible"] = False
                entry["note"] = "not eligible to win"
            ranking.append((entry, flag == "*"))
            entry["_line"] = entry_line
            continue
        if ":" not in line or ranking:
            raise BadInput(_("QR text line {line} is neither 'key: value' nor 'rank. name score': {text}.").format(
                line=no, text=repr(line[:40])))
        key, value = (s.strip() for s in line.split(":", 1))
        key = key.lower()
        if key not in ("id", "game", "date", "where", "minutes"):
            raise BadInput(_("QR text line {line}: unknown key {key} (keys: id, game, date, where, minutes).").format(
                line=no, key=repr(key)))
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

    game = at("game", game_from_name)
    from .common import NEGATIVE_SCORES, negative_score_error

    for entry, _star in ranking:
        line_no = entry.pop("_line")
        if entry["total"] < 0 and game not in NEGATIVE_SCORES:
            raise BadInput(_("QR text line {line}: {error}.").format(
                line=line_no, error=negative_score_error(entry["total"], entry["player"], game)))
    date = at("date", check_date)
    minutes = at("minutes", parse_duration) if "minutes" in head else None
    where = at("where", validate.location) if "where" in head else None
    for (entry, star) in ranking:
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
    from scoring import Result

    from .common import annotate_ties

    result = Result.from_dict({"game": game, "ranking": annotate_ties(entries)}).to_dict()
    return {"schema_version": SCHEMA_VERSION, "id": gid, "game": game, "players": [e["player"] for e in entries],
            "seating": False,        # listed by rank: who started is not known
            "options": {}, "date": date, "location": where, "notes": None,
            "duration": minutes, "colours": None, "created": now_iso(), "finished_at": None, "source": "imported",
            "moves": 0, "has_record": False, "result": result}


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

    from ..store.atomic import atomic_write

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
    from .common import game_name, start_positions
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
