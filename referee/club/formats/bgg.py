"""BoardGameGeek play XML (a saved `/xmlapi2/plays` page, or several pages in one file) into the history.

Real play logs carry plays no referee history could hold as they are, and a file is never refused for
them: each play is imported or skipped with its reason, one at a time. What is kept of a play: its BGG play
id (a play imported again is not added twice, and one edited on BGG updates the one it came from), the
user, date, length, location, comments, incomplete and "not in stats", each player's name, BGG username and
id, start position, colour, score, new (first play), rating and win. The four games are matched by BGG id or
name and keep their validation; any other game is logged by its title and BGG id.

A play logged with win flags and no scores (BGG's form leaves the score empty) is imported with its
winners first and everyone else after them; no score is made up for it (its result says "no points").

The file is read by expat, the standard library's incremental XML parser, fed a megabyte at a time: one
pass over the text however many plays it holds (benchmarks/bench_bgg_parse.py), each <play> built as a
small tree and handed on as soon as it closes. What real files carry around the plays is read as XML
reads it (comments and processing instructions anywhere, a byte-order mark, several pages saved one after
another, each with its own declaration). Entity declarations are refused before anything is expanded (a
"billion laughs" file is one sentence, not a frozen machine); a play file never needs one.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator

from ...core import validate
from ...core.errors import BadInput
from ...i18n import _
from ..common import check_date, game_from_name, is_known_game, one_line
from .parsed import Skip  # noqa: F401  (a play left out; bgstats and outcome name it from here too)

BGG_IDS = {"puerto-rico": 3076, "carcassonne": 822, "port-royal": 156009, "el-capitan": 29972}
TRADERS_BUILDERS = 5405     # Carcassonne: Traders & Builders (BGG id of the expansion; 2993 is Inns & Cathedrals)
CHUNK = 1 << 20             # bytes handed to the parser at a time
_BOM = "\ufeff".encode("utf-8")


# --- reading the XML --------------------------------------------------------------------------------
class _Node:
    """One element of a <play>: tag, attributes, children, text and the line it starts on."""

    __slots__ = ("tag", "attrib", "children", "parts", "line")

    def __init__(self, tag, attrib, line):
        self.tag, self.attrib, self.children, self.parts, self.line = tag, attrib, [], [], line

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def find(self, tag):
        return next((c for c in self.children if c.tag == tag), None)


def _not_well_formed(name, line, column, error) -> BadInput:
    return BadInput(_("{file} line {line}, column {column}: not well-formed XML ({error}); nothing was "
                      "imported.").format(file=name, line=line, column=column, error=error))


def read_plays(text: str, name: str) -> Iterator[tuple[dict, _Node]]:
    """Every <play> of the file in order, as (the attributes of its <plays> page, the play's tree).

    A file of several pages is one document after another: when a page's root has closed, what expat
    calls junk after it (another declaration, a byte-order mark, another root) starts the next document,
    read by a fresh parser from that byte on. Every byte is parsed once."""
    from xml.parsers import expat

    data = text.encode("utf-8")
    start, lines_before, counted, documents = 0, 0, 0, 0
    while True:
        while start < len(data) and (data[start:start + 1].isspace() or data.startswith(_BOM, start)):
            start += len(_BOM) if data.startswith(_BOM, start) else 1
        if start >= len(data):
            if documents == 0:
                raise BadInput(_("{file} is empty; nothing was imported.").format(file=name))
            return
        documents += 1
        lines_before += data.count(b"\n", counted, start)     # line numbers count from the top of the file
        counted = start
        parser = expat.ParserCreate(encoding="UTF-8")   # the text is decoded already, whatever it declared
        parser.buffer_text = True
        base, line0 = start, lines_before
        stack: list = []       # open elements: a _Node inside a play, else the tag
        ready: list = []       # plays closed by the last chunk
        state = {"root": None, "closed": False, "user": {}}

        def begin(tag, attrib, parser=parser, stack=stack, state=state, line0=line0):
            line = line0 + parser.CurrentLineNumber
            if not stack:
                if tag not in ("plays", "play"):
                    raise BadInput(_("{file} line {line}: the root element is <{tag}>, not <plays>; it is not a "
                                     "BGG play file; nothing was imported.").format(file=name, line=line, tag=tag))
                state["root"] = tag
                state["user"] = {k: attrib[k] for k in ("username", "userid") if attrib.get(k)} \
                    if tag == "plays" else {}
            parent = stack[-1] if stack else None
            if isinstance(parent, _Node) or tag == "play" and (parent is None or parent == "plays"):
                node = _Node(tag, attrib, line)
                if isinstance(parent, _Node):
                    parent.children.append(node)
                stack.append(node)
            else:
                stack.append(tag)

        def end(tag, stack=stack, ready=ready, state=state):
            node = stack.pop()
            if isinstance(node, _Node) and node.tag == "play" and not (stack and isinstance(stack[-1], _Node)):
                ready.append((state["user"], node))
            if not stack:
                state["closed"] = True

        def chars(data, stack=stack):
            if stack and isinstance(stack[-1], _Node):
                stack[-1].parts.append(data)

        def no_entities(*_args, parser=parser, line0=line0):
            raise BadInput(_("{file} line {line}: declares entities, which a play file does not "
                             "need; nothing was imported.").format(file=name, line=line0 + parser.CurrentLineNumber))

        parser.StartElementHandler, parser.EndElementHandler = begin, end
        parser.CharacterDataHandler, parser.EntityDeclHandler = chars, no_entities
        pos, restart = start, None
        try:
            while True:
                chunk = data[pos:pos + CHUNK]
                pos += len(chunk)
                parser.Parse(chunk, pos >= len(data))
                yield from ready
                ready.clear()
                if pos >= len(data):
                    break
        except expat.ExpatError as err:
            at = base + parser.ErrorByteIndex
            if not state["closed"] or not data.startswith((b"<", _BOM), at):
                line = line0 + err.lineno
                raise _not_well_formed(name, line, err.offset + 1, expat.ErrorString(err.code)) from None
            yield from ready        # the page's plays closed before the next page began
            restart = at
        if restart is None:
            return
        start = restart


# --- one play ---------------------------------------------------------------------------------------
MAX_MINUTES = 7 * 24 * 60   # a week: a longer "length" is a typo or damage (a campaign logs each session)


def sane_minutes(value) -> tuple[int | None, bool]:
    """A play's length in minutes as another program wrote it (a number, a numeric text, null...):
    (minutes or None, whether a value was given that cannot be a length and is left out). 0 is "not
    timed", as BGG and BG Stats write it."""
    import math

    if value is None or value == "":
        return None, False
    if isinstance(value, bool):
        return None, True
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"[0-9]{1,6}(\.0*)?", text):
            return None, bool(text)
        value = int(text.split(".")[0])
    if isinstance(value, float):
        if not math.isfinite(value) or value != int(value):
            return None, True
        value = int(value)
    if not isinstance(value, int):
        return None, True
    if value == 0:
        return None, False
    if not 0 < value <= MAX_MINUTES:
        return None, True
    return value, False


def _number(raw: str, player: str, game: str):
    text = (raw or "").strip().replace(",", ".")
    if not re.fullmatch(r"[+-]?\d{1,12}(\.\d{1,12})?", text):
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


def _quantity(raw) -> None:
    """BGG's quantity: how many plays this entry stands for. 1 is one play; so are an empty quantity and 0,
    which BGG's own pages list as one play of the table shown (a log entry made without filling in the
    count). More than one is several plays with one set of scores: the history cannot split them."""
    text = (raw or "").strip()
    if text in ("", "0", "1"):
        return
    if not re.fullmatch(r"[0-9]{1,9}", text):
        raise Skip(_("the number of plays (quantity) is not a number"), f"quantity {text[:20]!r}")
    if int(text) > 1:
        raise Skip(_("several plays logged as one (quantity > 1)"), f"quantity {int(text)}")


@functools.lru_cache(maxsize=1024)
def _game_named(title: str) -> str | None:
    """One of referee's games by its name, or None; remembered per title (a log names a few games often)."""
    try:
        return game_from_name(title)
    except BadInput:
        return None


def play_doc(play, user: dict, name: str, dropped: list | None = None) -> dict:
    """One <play> element -> an archive document, or Skip. A field left out (a length that cannot be true)
    is added to ``dropped`` as (reason, detail)."""
    a = play.attrib
    item = play.find("item")
    title = one_line(item.attrib.get("name", "")) if item is not None else ""
    raw_id = (item.attrib.get("objectid") or "").strip() if item is not None else ""
    objectid = int(raw_id) if re.fullmatch(r"[0-9]{1,9}", raw_id) else 0
    game = next((g for g, i in BGG_IDS.items() if i == objectid), None)
    if game is None and title:
        game = _game_named(title)
    if game is None:
        if not title:
            raise Skip(_("no game named"))
        try:
            game = validate.label(title, _("The game title"), 100)
        except BadInput:
            raise Skip(_("the game's title cannot be stored"), repr(title)) from None
    _quantity(a.get("quantity"))
    try:
        date = check_date(a.get("date") or None, _("the date"))
    except BadInput as err:
        raise Skip(_("a date cannot be read"), str(err)) from None
    duration, bad_length = sane_minutes(a.get("length"))
    pnodes = []
    players_node = play.find("players")
    if players_node is not None:
        pnodes = [c for c in players_node.children if c.tag == "player"]
    if not pnodes:
        raise Skip(_("no players"))
    raw_scores = [(p.attrib.get("score") or "").strip() for p in pnodes]
    scored = any(raw_scores)
    if scored and not all(raw_scores):
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
        score = _number(pa.get("score"), pname, game) if scored else 0
        seat = (pa.get("startposition") or "").strip()
        rank = (pa.get("rank") or "").strip()
        rows.append({"player": pname, "score": score,
                     "win": None if pa.get("win") is None else (pa.get("win") or "0").strip() == "1",
                     "rank": int(rank) if re.fullmatch(r"[0-9]{1,4}", rank) and int(rank) > 0 else None,
                     "seat": int(seat) if re.fullmatch(r"[0-9]{1,4}", seat) else None,
                     "colour": one_line(pa.get("color") or "")[:30].lower() or None,
                     "team": one_line(pa.get("team") or "")[:60] or None})     # referee's own attribute
        if rows[-1]["team"] and one_line(pa.get("color") or "") == rows[-1]["team"]:
            rows[-1]["colour"] = None       # BGG's "Team/Color" field holding the team, not a colour
        if (pa.get("new") or "0").strip() == "1":
            first.append(pname)
        extra = {k: pa.get(k) for k in ("username", "userid", "rating") if pa.get(k) not in (None, "", "0")}
        bgg_players.append({"name": pname, **extra})
    if len({r["player"].casefold() for r in rows}) != len(rows):
        raise Skip(_("a player is listed twice"))
    seated = all(r["seat"] for r in rows) and sorted(r["seat"] for r in rows) == list(range(1, len(rows) + 1))
    if seated:
        rows.sort(key=lambda r: r["seat"])
    from ...core.registry import GAMES

    if game in GAMES:
        from ...core.registry import get_rules

        rules = get_rules(game)
        if not rules.min_players <= len(rows) <= rules.max_players:
            raise Skip(_("a player count the game does not have"), _("{n} players").format(n=len(rows)))
    if any(r["rank"] is not None for r in rows) and not all(r["rank"] is not None for r in rows):
        for r in rows:
            r["rank"] = None
    if any(r["win"] is not None for r in rows) and not all(r["win"] is not None for r in rows):
        for r in rows:
            r["win"] = None
    if scored:
        from .parsed import result_from_rows

        try:
            # BGG's win flags decide (a tie-break, a player not eligible to win, a game where the lowest wins)
            result = result_from_rows(game, rows, _("the play"))
        except BadInput as err:     # the detail is the contradiction, without the file-wide "nothing was imported"
            raise Skip(_("the ranks and win flags contradict each other"), str(err).split("; ")[0]) from None
    elif all(r["rank"] is not None and r["win"] is not None for r in rows):
        # No points, but every place and every win flag (referee's own export of a play without points, a
        # co-op lost: everyone placed 1, nobody won): read as the places and flags say, as with scores, so a
        # player placed 1 without the win flag is not made a winner.
        from .parsed import result_from_rows

        try:
            result = result_from_rows(game, [{**r, "score": 0} for r in rows], _("the play"))
        except BadInput as err:
            raise Skip(_("the ranks and win flags contradict each other"), str(err).split("; ")[0]) from None
        for e in result["ranking"]:
            e["breakdown"] = {}
        result["no_points"] = True
    else:
        # No points were logged: the win flags (or the places, where the file has them) are the result.
        from .outcome import ranked_result

        result = ranked_result(game, [{**r, "winner": bool(r["win"])} for r in rows], scored=False)
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
    if a.get("id") and str(a["id"]).strip() not in ("", "0"):
        doc["bgg_play_id"] = str(a["id"]).strip()[:40]      # and keeps its BGG play id if it has one
    expansions = play.find("expansions")        # referee's own element (BGG logs an expansion apart)
    if expansions is not None:
        names = [one_line(c.attrib.get("name") or "")[:100] for c in expansions.children if c.tag == "expansion"]
        if any(names):
            doc["expansions"] = [n for n in names if n]
    if user:
        doc["bgg_user"] = user
    if bgg_players and any(len(p) > 1 for p in bgg_players):
        doc["bgg_players"] = bgg_players
    if first:
        doc["first_plays"] = first
    if all(r["team"] for r in rows):
        doc["teams"] = {}
        team_of = {r["player"]: r["team"] for r in rows}
        for r in rows:
            doc["teams"].setdefault(r["team"], []).append(r["player"])
        for e in result["ranking"]:
            e["team"] = team_of.get(e["player"])
    if not seated:
        doc["seating"] = False
    if (a.get("incomplete") or "0").strip() not in ("", "0"):
        doc["incomplete"] = True
    if (a.get("nowinstats") or "0").strip() not in ("", "0"):
        doc["no_stats"] = True
    if bad_length and dropped is not None:
        dropped.append((_("a length that cannot be true was left out"), f"length {str(a.get('length'))[:20]!r}"))
    return doc


def parse(text: str, name: str):
    from .parsed import Parsed

    out = Parsed()
    seen = {}
    for user, play in read_plays(text, name):
        item = play.find("item")
        label = (item.attrib.get("name") if item is not None else None) or _("a play")
        where = f"{label} ({play.attrib.get('date') or '?'}, {name} line {play.line})"
        pid = (play.attrib.get("id") or "").strip()
        if pid not in ("", "0"):
            # the same play on two saved pages (pages overlap when plays were logged between); a play id is
            # a play of one BGG user: pages of two users may both hold an id, and those are two plays
            key = (json.dumps(user, sort_keys=True), pid, play.attrib.get("refereeid"))
            if key in seen:
                continue
            seen[key] = True
        dropped: list = []
        try:
            doc = play_doc(play, user, name, dropped)
        except Skip as skip:
            out.skipped.append({"reason": skip.reason, "play": where, "detail": skip.detail})
            continue
        out.docs.append(doc)
        out.dropped.extend({"reason": reason, "play": where, "detail": detail} for reason, detail in dropped)
    # A play file lists the newest play first (BGG's pages, and `referee export --format bgg`); the history
    # keeps plays of one day and time in the order they were stored, and `stats` counts them in that order
    # (streaks, ratings). Stored oldest first, a day's plays keep the order they were played in: the same
    # statistics after a round trip through the format.
    out.docs.reverse()
    return out
