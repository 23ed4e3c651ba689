"""Export the history: native JSON (versioned, full fidelity, move records included), CSV (one row per
play and player) and BGG-shaped play XML. Each writer takes archive documents and returns text."""

from __future__ import annotations

import csv
import io

from .common import chrono_key, clean_text, colours, game_name, one_line, start_positions

EXPORT_FORMAT = "referee-history"
EXPORT_VERSION = 1

CSV_COLUMNS = ["date", "game", "id", "location", "duration", "player", "score", "rank", "win",
               "start_position", "colour", "players", "source", "notes"]

from .bgg import BGG_IDS  # noqa: E402  (BoardGameGeek "thing" ids of referee's games)


def bgg_id_of(doc: dict) -> int:
    """A play's game on BGG: referee's games by their known ids, another title by the id it was logged with."""
    return BGG_IDS.get(doc.get("game"), 0) or int(doc.get("bgg_id") or 0)


LIVE_FIELDS = ("id", "game", "players", "options", "date", "location", "notes", "created", "updated", "moves")


def export_json(docs, records: dict, exported_at: str | None = None, live=()) -> str:
    """{"format", "version", "exported_at", "games": [archive document + "record" (text or null)],
    "in_progress": [games not finished yet: setup + moves]} (in_progress only when there are some)."""
    from ..store.store import now_iso

    games = []
    for doc in sorted(docs, key=chrono_key):
        item = dict(doc)
        item["record"] = records.get(doc["id"])
        games.append(item)
    data = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": exported_at or now_iso(),
            "games": games}
    if live:
        data["in_progress"] = [{k: d.get(k) for k in LIVE_FIELDS} for d in sorted(live, key=lambda d: d["id"])]
    from .common import dumps

    return dumps(data, depth=2) + "\n"


def csv_rows(docs):
    for doc in sorted(docs, key=chrono_key):
        res = doc.get("result") or {}
        seats = start_positions(doc)
        cols = colours(doc)
        winners = set(res.get("winners") or ())
        n = len(res.get("ranking") or ())
        for e in res.get("ranking") or ():
            p = e.get("player")
            yield {"date": (doc.get("date") or "")[:10], "game": doc.get("game"), "id": doc.get("id"),
                   "location": doc.get("location") or "", "duration": doc.get("duration") or "",
                   "player": p, "score": e.get("total"), "rank": e.get("rank"), "win": 1 if p in winners else 0,
                   "start_position": seats.get(p, ""), "colour": cols.get(p, ""), "players": n,
                   "source": doc.get("source") or "", "notes": " ".join((doc.get("notes") or "").split())}


# A cell starting with one of these is a formula to a spreadsheet ("=HYPERLINK(...)" in a location would
# become a live link, "+1" a number); such a text is written after a ' (what spreadsheets show as the text
# itself), and so is one starting with ' so that the importer can take exactly one ' off again.
FORMULA_START = ("=", "+", "-", "@", "'", "\t", "\r")
TEXT_COLUMNS = ("game", "location", "player", "colour", "notes")


def csv_text(value) -> str:
    value = "" if value is None else str(value)
    return "'" + value if value.startswith(FORMULA_START) else value


def export_csv(docs, excel: bool = False) -> str:
    """One row per play and player. ``excel``: a BOM (so Excel reads UTF-8: Řehoř Čech stays whole) and ;
    between cells (the list separator of a Czech locale, where , is the decimal mark)."""
    buf = io.StringIO()
    if excel:
        buf.write("\ufeff")
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\r\n" if excel else "\n",
                            delimiter=";" if excel else ",")
    writer.writeheader()
    for row in csv_rows(docs):
        writer.writerow({k: csv_text(v) if k in TEXT_COLUMNS else v for k, v in row.items()})
    return buf.getvalue()


def export_bgg(docs) -> str:
    """BGG play XML in the shape of the XML API's /plays response (as real readers expect: <plays> with
    username, userid, total, page and termsofuse; each <play> with id, date, quantity, length, incomplete,
    nowinstats, location; <item> with name, objecttype, objectid and subtypes; <comments>; <players> with
    username, userid, name, startposition, color, score, new, rating, win). A play that came from BGG keeps
    its BGG play id, user and players' BGG accounts. Two attributes BGG does not have, and readers ignore:
    refereeid on <play>, so that a file exported here comes back as the same plays, and rank on <player>
    (exact places: a tie-break, a player not eligible to win). Built as XML elements: no stored
    text can break out of its attribute."""
    import xml.etree.ElementTree as ET

    docs = sorted(docs, key=chrono_key)
    user = next((d["bgg_user"] for d in docs if isinstance(d.get("bgg_user"), dict)), {})
    root = ET.Element("plays", {"username": str(user.get("username", "")), "userid": str(user.get("userid", "0")),
                                "total": str(len(docs)), "page": "1",
                                "termsofuse": "https://boardgamegeek.com/xmlapi/termsofuse"})
    for doc in docs:
        res = doc.get("result") or {}
        seats = start_positions(doc)
        cols = colours(doc)
        winners = set(res.get("winners") or ())
        first = set(doc.get("first_plays") or ())
        accounts = {p.get("name"): p for p in doc.get("bgg_players") or () if isinstance(p, dict)}
        play = ET.SubElement(root, "play", {
            "id": str(doc.get("bgg_play_id") or 0), "date": (doc.get("date") or "")[:10], "quantity": "1",
            "length": str(int(doc.get("duration") or 0)), "incomplete": "1" if doc.get("incomplete") else "0",
            "nowinstats": "1" if doc.get("no_stats") else "0", "location": one_line(doc.get("location")),
            "refereeid": str(doc.get("id") or "")})
        item = ET.SubElement(play, "item", {"name": doc.get("title") or game_name(doc.get("game") or ""),
                                            "objecttype": "thing", "objectid": str(bgg_id_of(doc))})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        if doc.get("notes"):
            ET.SubElement(play, "comments").text = clean_text(doc["notes"])
        players = ET.SubElement(play, "players")
        for e in res.get("ranking") or ():
            p = e.get("player")
            account = accounts.get(p, {})
            ET.SubElement(players, "player", {
                "username": str(account.get("username", "")), "userid": str(account.get("userid", "0")),
                "name": one_line(p), "startposition": str(seats.get(p, "")), "color": one_line(cols.get(p, "")),
                "score": str(e.get("total")), "new": "1" if p in first else "0",
                "rating": str(account.get("rating", "0")), "win": "1" if p in winners else "0",
                **({} if doc.get("teams") else {"rank": str(e.get("rank"))})})
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def export_bgstats(docs) -> str:
    """A BG Stats backup (BGStatsExport.json shape: games, players, locations, plays) that BG Stats and
    `referee import` read: many plays at once, each with sourcePlayId-like uuids so nothing comes twice."""
    import json

    docs = sorted(docs, key=chrono_key)
    games, players, locations, plays = {}, {}, {}, []

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
        gref = ref(games, title, lambda: {"name": title, "bggId": bgg_id_of(doc), "cooperative": coop,
                                          "highestWins": True, "noPoints": False,
                                          "usesTeams": bool(doc.get("teams")), "uuid": f"referee-game-{title}"})
        loc = one_line(doc.get("location"))
        lref = ref(locations, loc, lambda: {"name": loc, "uuid": f"referee-location-{loc}"}) if loc else 0
        seats = start_positions(doc)
        winners = set(res.get("winners") or ())
        first = set(doc.get("first_plays") or ())
        scores = []
        for e in res["ranking"]:
            p = e.get("player")
            pref = ref(players, str(p).casefold(), lambda: {"name": p, "isAnonymous": False,
                                                           "uuid": f"referee-player-{str(p).casefold()}"})
            score = {"playerRefId": pref, "score": str(e.get("total")), "winner": p in winners, "rank": e.get("rank"),
                     "newPlayer": p in first, "startPlayer": seats.get(p) == 1, "seatOrder": seats.get(p, 0)}
            if e.get("team"):
                score["team"] = e["team"]
            scores.append(score)
        plays.append({"uuid": doc.get("bgstats_uuid") or f"referee-{doc.get('id')}", "gameRefId": gref,
                      "locationRefId": lref, "playDate": f"{(doc.get('date') or '')[:10]} 20:00:00",
                      "durationMin": int(doc.get("duration") or 0), "ignored": bool(doc.get("no_stats")),
                      "usesTeams": bool(doc.get("teams")), "comments": doc.get("notes") or "",
                      "bggId": int(doc.get("bgg_play_id") or 0),
                      "expansionPlays": [{"gameRefId": ref(games, name, lambda name=name: {
                          "name": name, "bggId": 0, "isExpansion": 1, "isBaseGame": 0,
                          "uuid": f"referee-game-{name}"})} for name in doc.get("expansions") or ()],
                      "metaData": json.dumps({"incomplete": True}) if doc.get("incomplete") else "",
                      "playerScores": scores})
    data = {"games": list(games.values()), "players": list(players.values()),
            "locations": list(locations.values()), "plays": plays, "userInfo": {"meRefId": 0}}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


FORMATS = {"json": export_json, "csv": export_csv, "bgg": export_bgg, "bgstats": export_bgstats}


def format_from_path(path: str | None) -> str | None:
    if not path or path == "-":
        return None
    low = path.lower()
    for ext, fmt in ((".json", "json"), (".csv", "csv"), (".xml", "bgg"), (".txt", "qr")):
        if low.endswith(ext):
            return fmt
    return None
