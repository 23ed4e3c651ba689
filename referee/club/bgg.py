"""BoardGameGeek play XML (a saved `/xmlapi2/plays` page, or several pages in one file) into the history.

Real play logs carry plays no referee history could hold as they are, and a file is never refused for
them: each play is imported or skipped with its reason, one at a time. What is kept of a play: its BGG play
id (a play imported again is not added twice, and one edited on BGG updates the one it came from), the
user, date, length, location, comments, incomplete and "not in stats", each player's name, BGG username and
id, start position, colour, score, new (first play), rating and win. The four games are matched by BGG id or
name and keep their validation; any other game is logged by its title and BGG id.
"""

from __future__ import annotations

import json
import re

from ..core import validate
from ..core.errors import BadInput
from ..i18n import _
from .common import check_date, game_from_name, is_known_game, one_line, parse_duration

BGG_IDS = {"puerto-rico": 3076, "carcassonne": 822, "port-royal": 156009, "el-capitan": 29972}
TRADERS_BUILDERS = 2993     # Carcassonne: Traders & Builders (BGG id of the expansion)


class Skip(Exception):
    """A play that cannot be imported; str() is the reason (grouped in the summary)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason, self.detail = reason, detail


def _pages(text: str) -> list[str]:
    """One or several XML documents: blank lines before `<?xml` are dropped, pages saved one after another
    are split at each XML declaration or <plays> start."""
    text = text.lstrip("\ufeff \t\r\n")
    parts = re.split(r"(?=<\?xml)", text)
    pages = [p.strip() for p in parts if p.strip()]
    out = []
    for page in pages:
        body = re.sub(r"^<\?xml[^>]*\?>", "", page).strip()
        roots = re.split(r"(?=<plays[\s>])", body)
        out.extend(r.strip() for r in roots if r.strip())
    return out or [text]


def _number(raw: str, player: str, game: str):
    text = (raw or "").strip().replace(",", ".")
    if not re.fullmatch(r"[+-]?\d+(\.\d+)?", text):
        raise Skip(_("a score is not a number"), f"{player}: {raw!r}")
    return checked_score(float(text), raw, player, game)


def checked_score(value, raw, player: str, game: str) -> int:
    """A score read from a BGG play or a BG Stats backup (``raw`` as written there), as the history keeps it:
    a whole number within the limits, negative only in a game that has negative scores; else Skip."""
    if value != int(value):
        raise Skip(_("a score is not a whole number"), f"{player}: {raw}")
    value = int(value)
    if abs(value) > validate.MAX_SCORE:
        raise Skip(_("a score is out of range"), f"{player}: {raw}")
    if value < 0 and is_known_game(game) and game != "el-capitan":
        raise Skip(_("a negative score in a game that has none"), f"{player}: {raw}")
    return value


def play_doc(play, user: dict, name: str) -> dict:
    """One <play> element -> an archive document, or Skip."""
    a = play.attrib
    item = play.find("item")
    title = one_line(item.attrib.get("name", "")) if item is not None else ""
    try:
        objectid = int(item.attrib.get("objectid", "0")) if item is not None else 0
    except ValueError:
        objectid = 0
    game = next((g for g, i in BGG_IDS.items() if i == objectid), None)
    if game is None:
        try:
            game = game_from_name(title) if title else None
        except BadInput:
            game = None
    if game is None:
        if not title:
            raise Skip(_("no game named"))
        try:
            game = validate.label(title, _("The game title"), 100)
        except BadInput:
            raise Skip(_("the game's title cannot be stored"), repr(title)) from None
    quantity = (a.get("quantity") or "1").strip()
    if quantity not in ("", "1"):
        raise Skip(_("several plays logged as one (quantity > 1)"), f"quantity {quantity}")
    try:
        date = check_date(a.get("date") or None, _("the date"))
        duration = parse_duration(a.get("length") or None, _("the length")) or None
    except BadInput as err:
        raise Skip(_("a date or length cannot be read"), str(err)) from None
    pnodes = []
    players_node = play.find("players")
    if players_node is not None:
        pnodes = [c for c in players_node.children if c.tag == "player"]
    if not pnodes:
        raise Skip(_("no players"))
    raw_scores = [(p.attrib.get("score") or "").strip() for p in pnodes]
    if not any(raw_scores):
        raise Skip(_("no scores"))
    if not all(raw_scores):
        raise Skip(_("some players have a score and some do not"))
    anonymous = 0
    rows, bgg_players, first = [], [], []
    for p in pnodes:
        pa = p.attrib
        pname = " ".join((pa.get("name") or pa.get("username") or "").split())
        if not pname or pname.casefold() == "anonymous player":
            anonymous += 1
            pname = f"Anonymous player {anonymous}"
        try:
            pname = validate.player_name(pname)
        except BadInput as err:
            raise Skip(_("a player's name cannot be stored"), str(err)) from None
        score = _number(pa.get("score"), pname, game)
        seat = (pa.get("startposition") or "").strip()
        rank = (pa.get("rank") or "").strip()
        rows.append({"player": pname, "score": score,
                     "win": None if pa.get("win") is None else (pa.get("win") or "0").strip() == "1",
                     "rank": int(rank) if rank.isdigit() and int(rank) > 0 else None,
                     "seat": int(seat) if seat.isdigit() else None,
                     "colour": one_line(pa.get("color") or "")[:30].lower() or None})
        if (pa.get("new") or "0").strip() == "1":
            first.append(pname)
        extra = {k: pa.get(k) for k in ("username", "userid", "rating") if pa.get(k) not in (None, "", "0")}
        bgg_players.append({"name": pname, **extra})
    if len({r["player"].casefold() for r in rows}) != len(rows):
        raise Skip(_("a player is listed twice"))
    seated = all(r["seat"] for r in rows) and sorted(r["seat"] for r in rows) == list(range(1, len(rows) + 1))
    if seated:
        rows.sort(key=lambda r: r["seat"])
    from ..core.registry import GAMES

    if game in GAMES:
        from ..core.registry import get_rules

        rules = get_rules(game)
        if not rules.min_players <= len(rows) <= rules.max_players:
            raise Skip(_("a player count the game does not have"), f"{len(rows)} players")
    from .importer import result_from_rows

    if any(r["rank"] is not None for r in rows) and not all(r["rank"] is not None for r in rows):
        for r in rows:
            r["rank"] = None
    if any(r["win"] is not None for r in rows) and not all(r["win"] is not None for r in rows):
        for r in rows:
            r["win"] = None
    try:
        # BGG's win flags decide (a tie-break, a player not eligible to win, a game where the lowest wins)
        result = result_from_rows(game, rows, name)
    except BadInput as err:
        raise Skip(_("the ranks and win flags contradict each other"), str(err)) from None
    doc = {"schema_version": 1, "game": game, "players": [r["player"] for r in rows], "options": {},
           "date": date, "duration": duration, "source": "bgg", "moves": 0, "has_record": False,
           "location": None, "notes": None, "result": result,
           "colours": {r["player"]: r["colour"] for r in rows if r["colour"]} or None}
    comments = play.find("comments")
    try:
        if (a.get("location") or "").strip():
            doc["location"] = validate.location(a["location"].strip())
        if comments is not None and comments.text.strip():
            doc["notes"] = validate.notes(comments.text.strip())
    except BadInput as err:
        raise Skip(_("a location or comment cannot be stored"), str(err)) from None
    if not is_known_game(game):
        doc["title"] = game
    if objectid and not is_known_game(game):
        doc["bgg_id"] = objectid
    rid = (a.get("refereeid") or "").strip().lower()
    if rid and validate.is_game_id(rid):
        doc["id"] = rid          # a play referee exported: it comes back as itself
    elif a.get("id") and str(a["id"]).strip() not in ("", "0"):
        doc["bgg_play_id"] = str(a["id"]).strip()
    if user:
        doc["bgg_user"] = user
    if bgg_players and any(len(p) > 1 for p in bgg_players):
        doc["bgg_players"] = bgg_players
    if first:
        doc["first_plays"] = first
    if not seated:
        doc["seating"] = False
    if (a.get("incomplete") or "0").strip() not in ("", "0"):
        doc["incomplete"] = True
    if (a.get("nowinstats") or "0").strip() not in ("", "0"):
        doc["no_stats"] = True
    return doc


def parse(text: str, name: str):
    from .importer import Parsed, _xml_tree

    out = Parsed()
    seen = {}
    for page in _pages(text):
        top = _xml_tree(page, name)
        if top.tag == "play":
            plays, user = [top], {}
        elif top.tag == "plays":
            plays = [c for c in top.children if c.tag == "play"]
            user = {k: top.attrib[k] for k in ("username", "userid") if top.attrib.get(k)}
        else:
            raise BadInput(_("{file} line {line}: the root element is <{tag}>, not <plays>; it is not a BGG "
                             "play file; nothing was imported.").format(file=name, line=top.line, tag=top.tag))
        for play in plays:
            item = play.find("item")
            label = (item.attrib.get("name") if item is not None else None) or _("a play")
            where = f"{label} ({play.attrib.get('date') or '?'}, {name} line {play.line})"
            try:
                doc = play_doc(play, user, name)
            except Skip as skip:
                out.skipped.append({"reason": skip.reason, "play": where, "detail": skip.detail})
                continue
            # the same play on two saved pages; a play id is a play of one BGG user (pages of two users may
            # both hold an id: two plays)
            pid = (json.dumps(doc.get("bgg_user"), sort_keys=True), doc["bgg_play_id"]) \
                if doc.get("bgg_play_id") else None
            if pid and pid in seen:
                continue
            if pid:
                seen[pid] = True
            out.docs.append(doc)
    return out
