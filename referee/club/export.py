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

# BoardGameGeek object ids of the supported games (BGG "thing" ids); a game missing here gets objectid 0.
BGG_IDS = {"puerto-rico": 3076, "carcassonne": 822, "port-royal": 156009}


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
FORMULA_START = tuple("=+-@'")
TEXT_COLUMNS = ("location", "player", "colour", "notes")


def csv_text(value) -> str:
    value = "" if value is None else str(value)
    return "'" + value if value.startswith(FORMULA_START) else value


def export_csv(docs) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in csv_rows(docs):
        writer.writerow({k: csv_text(v) if k in TEXT_COLUMNS else v for k, v in row.items()})
    return buf.getvalue()


def export_bgg(docs) -> str:
    """BGG play XML (the shape of the XML API's /plays): one <play> per game. Two attributes BGG does not
    have, and ignores: refereeid on <play> (dedupe on re-import) and rank on <player> (exact ranks)."""
    from xml.sax.saxutils import quoteattr, escape

    from .. import __version__

    docs = sorted(docs, key=chrono_key)
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           f'<plays total="{len(docs)}" page="1" generator={quoteattr("referee " + __version__)}>']
    for doc in docs:
        res = doc.get("result") or {}
        seats = start_positions(doc)
        cols = colours(doc)
        winners = set(res.get("winners") or ())
        gid = doc.get("game") or ""
        out.append(f'  <play refereeid={quoteattr(doc.get("id") or "")} date={quoteattr((doc.get("date") or "")[:10])} '
                   f'quantity="1" length="{int(doc.get("duration") or 0)}" incomplete="0" nowinstats="0" '
                   f'location={quoteattr(one_line(doc.get("location")))}>')
        out.append(f'    <item name={quoteattr(game_name(gid))} objecttype="thing" objectid="{BGG_IDS.get(gid, 0)}">'
                   f'<subtypes><subtype value="boardgame"/></subtypes></item>')
        if doc.get("notes"):
            out.append(f"    <comments>{escape(clean_text(doc['notes']))}</comments>")
        out.append("    <players>")
        for e in res.get("ranking") or ():
            p = e.get("player")
            out.append(f'      <player username="" userid="0" name={quoteattr(one_line(p))} '
                       f'startposition="{seats.get(p, "")}" color={quoteattr(one_line(cols.get(p, "")))} '
                       f'score="{e.get("total")}" new="0" rating="0" win="{1 if p in winners else 0}" rank="{e.get("rank")}"/>')
        out.append("    </players>")
        out.append("  </play>")
    out.append("</plays>")
    return "\n".join(out) + "\n"


FORMATS = {"json": export_json, "csv": export_csv, "bgg": export_bgg}


def format_from_path(path: str | None) -> str | None:
    if not path or path == "-":
        return None
    low = path.lower()
    for ext, fmt in ((".json", "json"), (".csv", "csv"), (".xml", "bgg"), (".txt", "qr")):
        if low.endswith(ext):
            return fmt
    return None
