"""Reading a CSV history (one row per play and player, as `referee export --format csv` writes it or a
spreadsheet keeps it), and the rows-to-play helpers the readers share. Split from club/log/importer.py."""

from __future__ import annotations

import csv
import io
import re

from ...core import validate
from ...core.errors import BadInput
from ...i18n import _
from ..common import check_date, one_line, parse_duration, parse_score
from ..formats.parsed import Parsed, result_from_rows, wrap


def _winflag(value, where):
    raw = str(value).strip().lower()
    if raw == "":
        return None
    if raw in ("1", "yes", "y", "true", "x", "w", "win", "won"):
        return True
    if raw in ("0", "no", "n", "false", "l", "loss", "lost"):
        return False
    raise BadInput(_("{where}: win is {value}; write 1 for a winner and 0 otherwise; nothing was imported.").format(
        where=where, value=repr(value)))


def _new_doc(game, date, location, duration, notes, players, colours, result, gid=None):
    from ...store.store import SCHEMA_VERSION, now_iso

    from ..common import is_known_game

    doc = {"schema_version": SCHEMA_VERSION, "id": gid, "game": game, "players": players, "options": {},
           "date": date, "location": location or None, "notes": notes or None, "duration": duration,
           "colours": colours or None, "created": now_iso(), "finished_at": None, "source": "imported",
           "moves": 0, "has_record": False, "result": result}
    if not is_known_game(game):
        doc["title"] = game         # another title, as `record` logs it (its name wherever it is shown)
    return doc


def _validate_players(game: str, names, where: str, hint: str = ""):
    from ...core.game import validate_players
    from ...core.registry import GAMES, get_rules

    try:
        if game not in GAMES:           # another title: names checked, each once
            from .record import _other_title_players

            return _other_title_players(names)
        return validate_players(get_rules(game), names)
    except BadInput as err:
        raise wrap(where, f"{str(err).rstrip('.')}{hint}") from None


# --- CSV ------------------------------------------------------------------------------------------
_ALIASES = {"color": "colour", "position": "start_position", "startposition": "start_position",
            "seat": "start_position", "name": "player", "points": "score", "total": "score", "won": "win",
            "winner": "win", "length": "duration", "minutes": "duration", "place": "location",
            "comments": "notes", "play": "id", "game_id": "id"}


def _place(text: str) -> bool:
    """A rank or seat: 1, 2, 3 ... in ASCII digits (str.isdigit also accepts '²', which int() refuses)."""
    return bool(re.fullmatch(r"[0-9]{1,6}", text)) and int(text) >= 1


def parse_csv(text: str, name: str) -> Parsed:
    from ..formats.export import FORMULA_START, TEXT_COLUMNS

    first = text.split("\n", 1)[0]
    # Spreadsheets set to a decimal-comma locale write ';' (and some tools tabs) between fields.
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise BadInput(_("{file} is empty; nothing was imported.").format(file=name)) from None
    except csv.Error as err:
        raise BadInput(_("{file} line {line}: not readable as CSV ({error}); nothing was imported.").format(
            file=name, line=1, error=err)) from None
    cols = []
    for h in header:
        key = h.strip().lower().replace(" ", "_").replace("-", "_")
        cols.append(_ALIASES.get(key.replace("_", ""), _ALIASES.get(key, key)))
    for need in ("date", "game", "player", "score"):
        if need not in cols:
            raise BadInput(_("{file} line 1: the header has no {column} column (needed: date, game, player, score; "
                             "optional: id, location, duration, rank, win, start_position, colour, notes); nothing "
                             "was imported.").format(file=name, column=repr(need)))
    plays: list[dict] = []
    by_id: dict = {}
    current = None
    try:
        for row in reader:
            line = reader.line_num
            if not any(c.strip() for c in row):
                current = None
                continue
            if len(row) > len(cols):
                raise BadInput(_("{file} line {line}: {n} fields but the header has {columns}; nothing "
                                 "was imported.").format(file=name, line=line, n=len(row), columns=len(cols)))
            rec = {c: (row[i].strip() if i < len(row) else "") for i, c in enumerate(cols)}
            for c in TEXT_COLUMNS:    # "'=x" is how a text "=x" is written so no spreadsheet runs it
                if c in rec and rec[c].startswith("'") and rec[c][1:].startswith(FORMULA_START):
                    rec[c] = rec[c][1:]
            where = _("{file} line {line}").format(file=name, line=line)
            player = rec["player"].strip()
            if not player:
                raise BadInput(_("{where}: the player column is empty; nothing was imported.").format(where=where))
            player = _checked(validate.player_name, player, where)
            try:
                from ..common import title_of

                game = title_of(rec["game"]) if rec["game"].strip() else None   # any title the club logs
                if game is None:
                    raise BadInput(_("the game column is empty"))
                date = check_date(rec["date"] or None, _("the date"))
                # an empty score: a play without points (win and rank say who won), all its rows alike
                score = parse_score(rec["score"], player, game=game) if rec["score"] else None
                duration = parse_duration(rec.get("duration") or None, _("the duration"))
            except BadInput as err:
                raise wrap(where, err) from None
            rank = None
            if rec.get("rank"):
                if not _place(rec["rank"]):
                    raise BadInput(_("{where}: rank {rank} is not a place (1, 2, 3 ...); nothing was imported.").format(
                        where=where, rank=repr(rec["rank"])))
                rank = int(rec["rank"])
            seat = None
            if rec.get("start_position"):
                if not _place(rec["start_position"]):
                    raise BadInput(_("{where}: start_position {seat} is not a seat number (1 = "
                                     "start player); nothing was imported.").format(
                        where=where, seat=repr(rec["start_position"])))
                seat = int(rec["start_position"])
            win = _winflag(rec.get("win", ""), where)
            gid = (rec.get("id") or "").lower() or None
            if gid is not None:
                _checked(validate.game_id, gid, where, "the id")
            location = _checked(validate.location, rec.get("location") or None, where, "the location")
            coop = (rec.get("coop") or "").strip().lower() or None
            if coop not in (None, "won", "lost"):
                raise BadInput(_("{where}: coop is {value}; write won or lost for a co-operative play, or leave it "
                                 "empty; nothing was imported.").format(where=where, value=repr(rec.get("coop"))))
            entry = {"player": player, "score": score, "rank": rank, "win": win, "seat": seat,
                     "colour": _checked(validate.label, one_line(rec.get("colour")), where, "the colour", 30).lower()
                     or None, "line": line, "coop": coop,
                     "team": _checked(validate.label, one_line(rec.get("team")), where, "the team", 60) or None}
            meta = (date, game, location)
            if gid is not None:
                play = by_id.get(gid)
                if play is not None and play["meta"] != meta:
                    raise BadInput(_("{where}: game {id} has date, game or location different from line "
                                     "{line}; nothing was imported.").format(where=where, id=gid, line=play["line"]))
            else:
                play = current if (current is not None and current["id"] is None and current["meta"] == meta
                                   and all(e["player"].casefold() != player.casefold() for e in current["rows"])) \
                    else None
            if play is None:
                play = {"id": gid, "meta": meta, "rows": [], "line": line, "duration": duration,
                        "notes": _checked(validate.notes, rec.get("notes") or None, where, "the notes")}
                plays.append(play)
                if gid is not None:
                    by_id[gid] = play
            play["rows"].append(entry)
            current = play
    except csv.Error as err:
        raise BadInput(_("{file} line {line}: not readable as CSV ({error}); nothing was imported.").format(
            file=name, line=reader.line_num, error=err)) from None
    out = Parsed()
    for play in plays:
        date, game, location = play["meta"]
        where = _("{file} line {line}").format(file=name, line=play["line"])
        rows = play["rows"]
        if all(r["seat"] is not None for r in rows):
            seats = sorted(r["seat"] for r in rows)
            if seats != list(range(1, len(rows) + 1)):
                raise BadInput(_("{where}: the start positions of the play are {seats}, not 1 to {n}; "
                                 "nothing was imported.").format(where=where, seats=seats, n=len(rows)))
            rows = sorted(rows, key=lambda r: r["seat"])
        hint = "" if play["id"] else _(" (the rows of one play follow each other, or share an id)")
        names = _validate_players(game, [r["player"] for r in rows], where, hint)
        result, teams = _csv_result(game, rows, where)
        colours = {r["player"]: r["colour"] for r in rows if r["colour"]}
        doc = _new_doc(game, date, location, play["duration"], play["notes"], names, colours, result, gid=play["id"])
        if teams:
            doc["teams"] = teams
        if not all(r["seat"] is not None for r in rows):
            doc["seating"] = False          # rows without start positions: the order is not the seating
        out.docs.append(doc)
    from ..formats.export import CSV_COLUMNS

    if not out.docs and cols != CSV_COLUMNS:    # referee's own export of an empty history is an empty history
        raise BadInput(_("{file} has a header but no plays; nothing was imported.").format(file=name))
    return out


def _csv_result(game: str, rows: list[dict], where: str) -> tuple[dict, dict]:
    """The result of one play's CSV rows, and its teams ({} without): scores or none (a play without points
    is ranked by its rank and win columns), a co-op play won or lost together, teams from the team column
    (each player's place as the rank column gives it, else the teams' summed scores)."""
    from .record import _coop_result, _team_result

    scored = [r["score"] is not None for r in rows]
    if any(scored) and not all(scored):
        raise BadInput(_("{where}: give a score for every player of the play or for none (a play without "
                         "points); nothing was imported.").format(where=where))
    if not any(scored):
        if all(r["rank"] is None for r in rows) and all(r["win"] is None for r in rows) and not rows[0]["coop"]:
            raise BadInput(_("{where}: the play has no scores; give them, or say who won in the win or rank "
                             "column; nothing was imported.").format(where=where))
        rows = [dict(r, score=0) for r in rows]
    coops = {r["coop"] for r in rows}
    teams_given = [r["team"] is not None for r in rows]
    if len(coops) > 1:
        raise BadInput(_("{where}: coop must be the same on every row of the play; nothing was imported.")
                       .format(where=where))
    if any(teams_given) and not all(teams_given):
        raise BadInput(_("{where}: give a team for every player of the play or for none; nothing was "
                         "imported.").format(where=where))
    coop = coops.pop()
    if coop is not None:
        if any(teams_given):
            raise BadInput(_("{where}: a co-operative play has no teams; nothing was imported.").format(where=where))
        return _coop_result(game, [r["player"] for r in rows], {r["player"]: r["score"] for r in rows},
                            coop == "won"), {}
    if not any(teams_given):
        return result_from_rows(game, rows, where), {}
    teams: dict = {}
    for r in rows:
        teams.setdefault(r["team"], []).append(r["player"])
    if all(r["rank"] is None for r in rows):
        return _team_result(game, [(r["player"], r["score"]) for r in rows], teams), teams
    result = result_from_rows(game, rows, where)
    team_of = {r["player"]: r["team"] for r in rows}
    for e in result["ranking"]:
        e["team"] = team_of[e["player"]]
    return result, teams


def _checked(check, value, where, *args):
    """One of core.validate's checks on a field of a file, its refusal naming the field."""
    try:
        return check(value, *args)
    except BadInput as err:
        raise wrap(where, err) from None
