"""Export the history: native JSON (versioned, full fidelity, move records included), CSV (one row per
play and player) and BGG-shaped play XML. Each writer takes archive documents and returns text."""

from __future__ import annotations

import csv
import io

from ..common import clean_text, colours, export_key, game_name, one_line, start_positions

EXPORT_FORMAT = "referee-history"
EXPORT_VERSION = 1

CSV_COLUMNS = ["date", "game", "id", "location", "duration", "player", "score", "rank", "win",
               "start_position", "colour", "players", "source", "notes", "team", "coop"]

from .bgg import BGG_IDS  # noqa: E402  (BoardGameGeek "thing" ids of referee's games)


def bgg_id_of(doc: dict) -> int:
    """A play's game on BGG: referee's games by their known ids, another title by the id it was logged with."""
    return BGG_IDS.get(doc.get("game"), 0) or int(doc.get("bgg_id") or 0)


LIVE_FIELDS = ("id", "game", "players", "options", "date", "location", "notes", "created", "updated", "moves")


def export_json(docs, records: dict, exported_at: str | None = None, live=()) -> str:
    """{"format", "version", "exported_at", "games": [archive document + "record" (text or null)],
    "in_progress": [games not finished yet: setup + moves]} (in_progress only when there are some)."""
    from ...store.store import now_iso

    games = []
    for doc in sorted(docs, key=export_key):
        item = dict(doc)
        item["record"] = records.get(doc["id"])
        games.append(item)
    data = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": exported_at or now_iso(),
            "games": games}
    if live:
        data["in_progress"] = [{k: d.get(k) for k in LIVE_FIELDS} for d in sorted(live, key=lambda d: d["id"])]
    from ..common import dumps

    # each game's fields in sorted order: a play synced from another laptop holds them in another order,
    # and every laptop of a club must write the same file for the same history
    return dumps(data, depth=2, sort_keys=True) + "\n"


def has_points(doc: dict) -> bool:
    """Whether the play's scores are scores. A play logged without points (a BG Stats game of no points, a
    BGG play with win flags only, a co-op logged as won or lost) is stored with every total 0, so a play whose
    totals are all 0 is written without scores: its ranks and win flags carry all it has (a play that really
    ended 0 to 0 comes back the same: no scores and the same places are totals of 0)."""
    res = doc.get("result") or {}
    if res.get("no_points") is True:
        return False
    return any(e.get("total") not in (0, None) for e in res.get("ranking") or ())


def consistent_ranks(res: dict) -> dict:
    """player -> rank such that a winner is rank 1 and places go 1, 1, 3 ... (what every reader of the
    exports checks). A sound result is returned as stored (a player not eligible to win keeps rank 1 without
    being a winner); a play stored with a winner at rank 2 or without a rank 1 (older BG Stats imports) is
    ranked winners first (all of them rank 1), then the others in their stored order."""
    ranking = [e for e in res.get("ranking") or () if isinstance(e, dict)]
    winners = set(res.get("winners") or ())
    stored = {e.get("player"): e.get("rank") for e in ranking}
    order = sorted(stored.values(), key=lambda r: r if isinstance(r, int) else 10 ** 9)
    valid = all(isinstance(r, int) and (r == pos or (pos > 1 and r == order[pos - 2]))
                for pos, r in enumerate(order, 1))
    if valid and all(stored.get(w) == 1 for w in winners):
        return stored
    key = {e.get("player"): (False, 0) if e.get("player") in winners else
           (True, e.get("rank") if isinstance(e.get("rank"), int) else 10 ** 9) for e in ranking}
    ordered = sorted(key, key=lambda p: key[p])
    out, prev = {}, None
    for pos, p in enumerate(ordered, 1):
        out[p] = out[prev] if prev is not None and key[p] == key[prev] else pos
        prev = p
    return out


def csv_rows(docs):
    """One row per play and player. What a reader needs to take the play back as it was: rank and win agree
    (a winner is rank 1), a play without points has empty scores, a team play names each player's team and a
    co-op play says won or lost."""
    for doc in sorted(docs, key=export_key):
        res = doc.get("result") or {}
        seats = start_positions(doc)
        cols = colours(doc)
        winners = set(res.get("winners") or ())
        ranks = consistent_ranks(res)
        points = has_points(doc)
        team_of = {p: t for t, members in (doc.get("teams") or {}).items() if isinstance(members, list)
                   for p in members}
        coop = ("won" if res.get("won", bool(winners)) else "lost") if res.get("cooperative") else ""
        n = len(res.get("ranking") or ())
        for e in res.get("ranking") or ():
            p = e.get("player")
            yield {"date": (doc.get("date") or "")[:10], "game": doc.get("game"), "id": doc.get("id"),
                   "location": doc.get("location") or "", "duration": doc.get("duration") or "",
                   "player": p, "score": e.get("total") if points else "", "rank": ranks.get(p),
                   "win": 1 if p in winners else 0,
                   "start_position": seats.get(p, ""), "colour": cols.get(p, ""), "players": n,
                   "source": doc.get("source") or "", "notes": " ".join((doc.get("notes") or "").split()),
                   "team": e.get("team") or team_of.get(p, ""), "coop": coop}


# A cell starting with one of these is a formula to a spreadsheet ("=HYPERLINK(...)" in a location would
# become a live link, "+1" a number); such a text is written after a ' (what spreadsheets show as the text
# itself), and so is one starting with ' so that the importer can take exactly one ' off again.
FORMULA_START = ("=", "+", "-", "@", "'", "\t", "\r")
TEXT_COLUMNS = ("game", "location", "player", "colour", "notes", "team")


def csv_text(value) -> str:
    value = "" if value is None else str(value)
    return "'" + value if value.startswith(FORMULA_START) else value


class CsvWriter:
    """The CSV export's rows, game after game, through one csv writer and one buffer: the streamed export
    (export_stream.csv_chunks) renders each game on its own, and a DictWriter and a StringIO made for every
    game were most of its time at 100,000 games (issue 25). The same cells as csv.DictWriter writes."""

    def __init__(self, excel: bool = False):
        self.buf = io.StringIO()
        self.writer = csv.writer(self.buf, lineterminator="\r\n" if excel else "\n", delimiter=";" if excel else ",")
        self.text = [k in TEXT_COLUMNS for k in CSV_COLUMNS]

    def _take(self) -> str:
        buf = self.buf
        out = buf.getvalue()
        buf.seek(0)
        buf.truncate()
        return out

    def header(self) -> str:
        self.writer.writerow(CSV_COLUMNS)
        return self._take()

    def rows(self, docs) -> str:
        """The rows of ``docs`` (one per play and player), as text."""
        writerow, columns, text = self.writer.writerow, CSV_COLUMNS, self.text
        for row in csv_rows(docs):
            if row.keys() - columns:                    # what DictWriter would refuse
                raise ValueError(f"dict contains fields not in fieldnames: {sorted(row.keys() - columns)}")
            writerow([csv_text(row.get(k, "")) if t else row.get(k, "") for k, t in zip(columns, text)])
        return self._take()


def export_csv(docs, excel: bool = False) -> str:
    """One row per play and player. ``excel``: a BOM (so Excel reads UTF-8: Řehoř Čech stays whole) and ;
    between cells (the list separator of a Czech locale, where , is the decimal mark)."""
    out = CsvWriter(excel)
    return ("\ufeff" if excel else "") + out.header() + out.rows(docs)


def export_bgg(docs) -> str:
    """BGG play XML in the shape of the XML API's /plays response (as real readers expect: <plays> with
    username, userid, total, page and termsofuse; each <play> with id, date, quantity, length, incomplete,
    nowinstats, location; <item> with name, objecttype, objectid and subtypes; <comments>; <players> with
    username, userid, name, startposition, color, score, new, rating, win).

    As BGG writes them: newest play first (a reader takes the first play as the latest); a play's id only
    when it has one on BGG (a play logged here has none: no invented id 0); no score for a play without
    points (not a score of 0). A play that came from BGG keeps its BGG play id, user and players' BGG
    accounts. Attributes BGG does not have, which readers ignore: refereeid on <play>, so that a file
    exported here comes back as the same plays, rank on <player> (exact places: a tie-break, a player not
    eligible to win), team on <player> (BGG's own "Team/Color" field, color, gets the team when the player
    has no colour), and <expansions> with the expansions played. Built as XML elements: no stored text
    can break out of its attribute."""
    import xml.etree.ElementTree as ET

    docs = sorted(docs, key=export_key, reverse=True)
    user = next((d["bgg_user"] for d in docs if isinstance(d.get("bgg_user"), dict)), {})
    root = ET.Element("plays", {"username": str(user.get("username", "")), "userid": str(user.get("userid", "0")),
                                "total": str(len(docs)), "page": "1",
                                "termsofuse": "https://boardgamegeek.com/xmlapi/termsofuse"})
    for doc in docs:
        res = doc.get("result") or {}
        seats = start_positions(doc)
        cols = colours(doc)
        winners = set(res.get("winners") or ())
        ranks = consistent_ranks(res)
        points = has_points(doc)
        first = set(doc.get("first_plays") or ())
        accounts = {p.get("name"): p for p in doc.get("bgg_players") or () if isinstance(p, dict)}
        team_of = {p: t for t, members in (doc.get("teams") or {}).items() if isinstance(members, list)
                   for p in members}
        attrs = {"id": str(doc["bgg_play_id"])} if str(doc.get("bgg_play_id") or "0").strip() not in ("", "0") \
            else {}
        play = ET.SubElement(root, "play", {
            **attrs, "date": (doc.get("date") or "")[:10], "quantity": "1",
            "length": str(int(doc.get("duration") or 0)), "incomplete": "1" if doc.get("incomplete") else "0",
            "nowinstats": "1" if doc.get("no_stats") else "0", "location": one_line(doc.get("location")),
            "refereeid": str(doc.get("id") or "")})
        item = ET.SubElement(play, "item", {"name": doc.get("title") or game_name(doc.get("game") or ""),
                                            "objecttype": "thing", "objectid": str(bgg_id_of(doc))})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        if doc.get("expansions"):
            expansions = ET.SubElement(play, "expansions")
            for name in doc["expansions"]:
                ET.SubElement(expansions, "expansion", {"name": one_line(name)})
        if doc.get("notes"):
            ET.SubElement(play, "comments").text = clean_text(doc["notes"])
        players = ET.SubElement(play, "players")
        for e in res.get("ranking") or ():
            p = e.get("player")
            account = accounts.get(p, {})
            team = e.get("team") or team_of.get(p) or ""
            attrib = {
                "username": str(account.get("username", "")), "userid": str(account.get("userid", "0")),
                "name": one_line(p), "startposition": str(seats.get(p, "")),
                "color": one_line(cols.get(p, "") or team)}
            if points:
                attrib["score"] = str(e.get("total"))
            attrib.update({"new": "1" if p in first else "0", "rating": str(account.get("rating", "0")),
                           "win": "1" if p in winners else "0"})
            attrib["rank"] = str(ranks.get(p))
            if team:
                attrib["team"] = one_line(team)
            ET.SubElement(players, "player", attrib)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# BG Stats knows games, players, locations and plays by UUID. Each is derived from what referee knows it by
# (a play's id, a game's title, a player's name, a location's name) as a name-based UUID: the same play
# exported twice has the same uuid, so BG Stats (and `referee import`) updates it instead of adding it again.
_BGSTATS_NS = __import__("uuid").uuid5(__import__("uuid").NAMESPACE_URL, "https://referee.invalid/bgstats")
# A play's time of day when nothing says it (a play logged by date alone): the evening of a club night.
DEFAULT_CLOCK = "20:00:00"


def bgstats_uuid(kind: str, key) -> str:
    import uuid

    return str(uuid.uuid5(_BGSTATS_NS, f"{kind}:{key}"))


def _stamp(text) -> str | None:
    """A stored ISO time as BG Stats writes its dates ("2025-03-01 21:04:05", the computer's local time)."""
    import datetime as dt

    try:
        when = dt.datetime.fromisoformat(str(text))
    except (TypeError, ValueError):
        return None
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%Y-%m-%d %H:%M:%S")


def play_clock(doc: dict) -> str:
    """When the play started, as HH:MM:SS: its end (finished_at, local time) less its duration when it ended on
    the day it is dated; else DEFAULT_CLOCK."""
    import datetime as dt

    end = _stamp(doc.get("finished_at"))
    date = (doc.get("date") or "")[:10]
    if not end or end[:10] != date:
        return DEFAULT_CLOCK
    start = dt.datetime.strptime(end, "%Y-%m-%d %H:%M:%S") - dt.timedelta(minutes=int(doc.get("duration") or 0))
    return start.strftime("%H:%M:%S") if start.strftime("%Y-%m-%d") == date else "00:00:00"


def _lowest_wins(doc: dict) -> bool | None:
    """True when the play's winners had the lowest score, False the highest, None when it does not tell."""
    res = doc.get("result") or {}
    totals = [e.get("total") for e in res.get("ranking") or () if isinstance(e.get("total"), (int, float))]
    won = [e.get("total") for e in res.get("ranking") or () if e.get("player") in set(res.get("winners") or ())]
    if not totals or not won or min(totals) == max(totals) or res.get("cooperative"):
        return None
    if all(t == min(totals) for t in won):
        return True
    if all(t == max(totals) for t in won):
        return False
    return None


def export_bgstats(docs) -> str:
    """A BG Stats backup (BGStatsExport.json shape: userInfo, games, players, locations, plays) that BG Stats
    and `referee import` read. Every game, player, location and play has a real UUID (name-based: stable
    from export to export; a play that came from BG Stats keeps its own), entryDate and modificationDate; a
    play is dated with its time of day where known (play_clock); a play without points has empty scores
    and its game, if it never has points, noPoints; a game whose plays are won by the lowest score has
    highestWins false. No player is claimed as the backup's owner (userInfo has no meRefId)."""
    import json

    docs = sorted(docs, key=export_key)
    games, players, locations, plays = {}, {}, {}, []
    points_of: dict = {}
    lowest_of: dict = {}

    def ref(table, key, make):
        if key not in table:
            table[key] = dict(make(), id=len(table) + 1)
        return table[key]["id"]

    for doc in docs:
        res = doc.get("result") or {}
        if not res.get("ranking"):
            continue
        title = doc.get("title") or game_name(doc.get("game") or "")
        coop = bool(res.get("cooperative"))
        points = has_points(doc)
        points_of.setdefault(title, []).append(points)
        lowest_of.setdefault(title, []).append(_lowest_wins(doc))
        gref = ref(games, title, lambda: {"name": title, "bggId": bgg_id_of(doc), "cooperative": coop,
                                          "highestWins": True, "noPoints": False,
                                          "usesTeams": bool(doc.get("teams")),
                                          "uuid": bgstats_uuid("game", title)})
        loc = one_line(doc.get("location"))
        lref = ref(locations, loc, lambda: {"name": loc, "uuid": bgstats_uuid("location", loc)}) if loc else 0
        seats = start_positions(doc)
        winners = set(res.get("winners") or ())
        ranks = consistent_ranks(res)
        first = set(doc.get("first_plays") or ())
        team_of = {p: t for t, members in (doc.get("teams") or {}).items() if isinstance(members, list)
                   for p in members}
        scores = []
        for e in res["ranking"]:
            p = e.get("player")
            pref = ref(players, str(p).casefold(), lambda: {"name": p, "isAnonymous": False,
                                                           "uuid": bgstats_uuid("player", str(p).casefold())})
            total = e.get("total")
            score = {"playerRefId": pref, "score": str(total) if points and total is not None else "",
                     "winner": p in winners, "rank": ranks.get(p), "newPlayer": p in first,
                     "startPlayer": seats.get(p) == 1, "seatOrder": seats.get(p, 0)}
            if e.get("team") or team_of.get(p):
                score["team"] = e.get("team") or team_of[p]
            scores.append(score)
        entered = _stamp(doc.get("created")) or _stamp(doc.get("finished_at"))
        changed = _stamp(doc.get("updated")) or _stamp(doc.get("finished_at")) or entered
        date = (doc.get("date") or "")[:10]
        play = {"uuid": doc.get("bgstats_uuid") or bgstats_uuid("play", doc.get("id")), "gameRefId": gref,
                "locationRefId": lref, "playDate": f"{date} {play_clock(doc)}",
                "entryDate": entered or f"{date} {play_clock(doc)}",
                "modificationDate": changed or entered or f"{date} {play_clock(doc)}",
                "durationMin": int(doc.get("duration") or 0), "ignored": bool(doc.get("no_stats")),
                "manualWinner": False, "usesTeams": bool(doc.get("teams")), "comments": doc.get("notes") or "",
                "bggId": int(doc.get("bgg_play_id") or 0) if str(doc.get("bgg_play_id") or "0").isdigit() else 0,
                "expansionPlays": [{"gameRefId": ref(games, name, lambda name=name: {
                    "name": name, "bggId": 0, "isExpansion": 1, "isBaseGame": 0,
                    "uuid": bgstats_uuid("game", name)})} for name in doc.get("expansions") or ()],
                "metaData": json.dumps({"incomplete": True}) if doc.get("incomplete") else "",
                "playerScores": scores}
        plays.append(play)
    for title, flags in points_of.items():
        games[title]["noPoints"] = not any(flags)
    for title, flags in lowest_of.items():
        told = [f for f in flags if f is not None]
        games[title]["highestWins"] = not (told and all(told))
    data = {"userInfo": {}, "games": list(games.values()), "players": list(players.values()),
            "locations": list(locations.values()), "plays": plays}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def bgstats_link_losses(doc: dict, link: str) -> list[str]:
    """What a BG Stats link (qr.bgstats_link) left out of the play to fit in a QR code, one sentence each:
    a note shortened or dropped, player names shortened. The history keeps them whole; the person scanning
    the code must be told (issue 26: a note is never dropped silently)."""
    import json
    from urllib.parse import unquote

    from ...i18n import _

    try:
        data = json.loads(unquote(link.split("data=", 1)[1]))
    except (IndexError, ValueError):
        return []
    said = []
    notes, sent = doc.get("notes") or "", data.get("comments") or ""
    if notes and not sent:
        said.append(_("The note of game {id} does not fit in a BG Stats code and is left out of it; the history "
                      "keeps it (`referee show {id}`).").format(id=doc.get("id")))
    elif notes and sent != notes:
        said.append(_("The note of game {id} is shortened to {n} of its {total} characters to fit in a BG Stats "
                      "code; the history keeps it whole.").format(id=doc.get("id"), n=len(sent), total=len(notes)))
    names = [e.get("player") for e in (doc.get("result") or {}).get("ranking") or ()]
    cut = [n for n, p in zip(names, data.get("players") or ()) if isinstance(p, dict) and p.get("name") != n]
    if cut:
        said.append(_("Long player names are shortened in the BG Stats code ({names}); each keeps its player "
                      "id there, and the history keeps the names whole.").format(names=", ".join(cut)))
    return said


FORMATS = {"json": export_json, "csv": export_csv, "bgg": export_bgg, "bgstats": export_bgstats}


def format_from_path(path: str | None) -> str | None:
    if not path or path == "-":
        return None
    low = path.lower()
    for ext, fmt in ((".json", "json"), (".csv", "csv"), (".xml", "bgg"), (".txt", "qr")):
        if low.endswith(ext):
            return fmt
    return None
