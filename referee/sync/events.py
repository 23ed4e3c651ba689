"""An event: one change made on one laptop, as one line of JSON in that laptop's files.

    {"id": "…", "dev": "…", "hlc": "…", "kind": "play.set", "play": "k3x9qa", "data": {…}, "sum": "…"}

``sum`` is the first 16 hex digits of the SHA-256 of the line's canonical JSON without ``sum`` (keys sorted,
no spaces, UTF-8): a line cut short by a sync still in progress, or changed by hand, fails it and is not
taken in (it waits for the whole file). The kinds:

- ``play.put``: a play as recorded or imported (``data``: its fields; a finished tracked game also its move
  record under ``record``);
- ``play.set``: some fields of a play changed (an edit), last writer wins per field;
- ``play.delete`` / ``play.restore``: a tombstone and its end; the later one wins;
- ``player.alias``: ``data`` ``{"from": old, "to": new}``, a rename or merge applied on read, so a play that
  arrives later under the old name is renamed too.

A set, delete or restore also says which put of its play it was made on (``of``: that put's clock stamp):
two laptops that gave one id to two plays before sync was on (ids of 6 characters) each edit their own, and
every laptop keeps the two apart (merge.fold). An event without it (written by an earlier version) is of
the play that holds the id.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field

from ..store.ids import is_id
from ..store.shards import json_encoder
from .clock import Stamp

KINDS = ("play.put", "play.set", "play.delete", "play.restore", "player.alias")
PLAY_KINDS = KINDS[:4]
ID_BYTES = 12               # 96 random bits: unique across every laptop a club will ever have
MAX_LINE = 4 * 1024 * 1024  # a play with its move record fits many times over; a longer line is not ours


class BadEvent(ValueError):
    """A line that is not a whole, valid event (torn, changed, foreign); the sentence says which."""


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    dev: str
    hlc: Stamp
    kind: str
    play: str | None = None
    data: dict = field(default_factory=dict)
    of: str | None = None           # the stamp of the put this change was made on (not on a put or an alias)
    raw: str | None = field(default=None, compare=False, repr=False)    # the line it was read from

    def body(self) -> dict:
        return _body(self.id, self.dev, self.hlc, self.kind, self.play, self.data, self.of)

    def line(self) -> str:
        """The event as one line of text (no newline), with its checksum."""
        return self.raw if self.raw is not None else _line_of(self.body())


def new_event(clock, kind: str, play: str | None = None, data: dict | None = None, of: str | None = None) -> Event:
    """A new event of this laptop, with its line made once (turning sync on with 20,000 plays made each
    line twice over, encoding it twice each time: half of that first sync)."""
    if kind not in KINDS:
        raise ValueError(f"unknown event kind {kind!r}")
    if (kind in PLAY_KINDS) != (play is not None):
        raise ValueError(f"{kind} {'needs' if kind in PLAY_KINDS else 'takes no'} play id")
    eid, stamp, data = secrets.token_hex(ID_BYTES), clock.tick(), dict(data or {})
    of = of if kind in ("play.set", "play.delete", "play.restore") else None
    return Event(eid, clock.device, stamp, kind, play, data, of,
                 _line_of(_body(eid, clock.device, stamp, kind, play, data, of)))


def _body(eid, dev, stamp, kind, play, data, of) -> dict:
    """An event's JSON object without its sum (play and of only when it has them)."""
    body = {"id": eid, "dev": dev, "hlc": stamp.text(), "kind": kind, "data": data}
    if play is not None:
        body["play"] = play
    if of is not None:
        body["of"] = of
    return body


def _line_of(body: dict) -> str:
    """The line of an event's ``body`` (without its sum), as _canonical(body with "sum": checksum(body))
    writes it, in one encoding: "sum" sorts after every other key, so it is the text's last key."""
    text = _canonical(body)
    return text[:-1] + ',"sum":"' + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] + '"}'


# an event's canonical JSON (keys sorted, no spaces, UTF-8 as it is): one encoder, made once
_canonical = json_encoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def checksum(body: dict) -> str:
    rest = {k: v for k, v in body.items() if k != "sum"}
    return hashlib.sha256(_canonical(rest).encode("utf-8")).hexdigest()[:16]


def _sum_of_line(line: str, said: str) -> bool:
    """Whether the line is exactly as ``Event.line`` writes it and its text matches its sum: the canonical
    JSON without ``sum`` is then the line without its last key (``sum`` sorts last), and hashing that is all a
    check needs (re-encoding every event was most of the time a new laptop took to read a club's history)."""
    tail = ',"sum":"' + said + '"}'
    if len(said) != 16 or not line.endswith(tail):
        return False
    text = line[: -len(tail)] + "}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16] == said


_scan = json.decoder.JSONDecoder().scan_once      # what json.loads runs, without its wrappers' calls


def _loads(line: str):
    """json.loads(line), for a line without white space at either end (every line a laptop writes) in one
    call of the decoder's scanner (json.loads' two wrappers and its two white-space matches were a tenth of
    reading an event). A line nested deeper than the decoder goes (a hostile one) is no JSON either."""
    try:
        if not line or line[0] in _SPACE or line[-1] in _SPACE:
            return json.loads(line)
        body, end = _scan(line, 0)
    except StopIteration:
        raise ValueError("not JSON") from None
    except RecursionError:
        raise ValueError("nested too deep") from None
    if end != len(line):
        raise ValueError("extra data")
    return body


_SPACE = " \t\n\r"       # json's white space


def parse_line(line: str) -> Event:
    """The event of one line; BadEvent when the line is torn, changed or not an event."""
    if len(line) > MAX_LINE:
        raise BadEvent("line too long")
    try:
        body = _loads(line)
    except ValueError:
        raise BadEvent("not JSON (cut short?)") from None
    if not isinstance(body, dict) or not isinstance(body.get("sum"), str):
        raise BadEvent("no checksum")
    if not _sum_of_line(line, body["sum"]) and checksum(body) != body["sum"]:
        raise BadEvent("checksum does not match")
    return _event(line, body)


def parse_lines(lines: list) -> list | None:
    """The events of ``lines`` (each a whole event line, none blank), read as one JSON array: the decoder
    then makes each key once for all of them instead of once a line (a new laptop's first sync reads 20,000
    events: 30 MB less, and a tenth less time). None when that reading is not sure to be the lines' own
    events; the caller then reads line by line, naming the bad ones (parse_line).

    The array's items are the lines' events only when each item lines up with its line. It does when every
    line is an event line as Event.line writes it: a whole JSON object, which the decoder reads to its last
    character and no further. So every line must end with the checksum its item says and hash to it (what
    parse_line checks first); a line cut short, changed, or of another writer's spacing fails that, and the
    whole file is read line by line."""
    if not lines or max(map(len, lines)) > MAX_LINE:
        return None
    parts = ["["] * (2 * len(lines))            # "[", line, ",", line, ... "]": one join, one copy of the file
    parts[1::2] = lines
    parts[2::2] = [","] * (len(lines) - 1)
    parts.append("]")
    try:
        bodies = _loads("".join(parts))
    except ValueError:
        return None
    del parts
    if len(bodies) != len(lines):
        return None
    events = []
    for line, body in zip(lines, bodies):
        said = body.get("sum") if body.__class__ is dict else None
        if said.__class__ is not str or not _sum_of_line(line, said):
            return None
        try:
            events.append(_event(line, body))
        except BadEvent:
            return None
    return events


def read_lines(lines: list) -> tuple[list, int | None]:
    """The events of a file's ``lines`` (blank ones skipped) and the number of its first line that is no
    whole event (from 1), or None: read as one array when they line up (parse_lines), else one by one."""
    whole = parse_lines([line for line in lines if line.strip()])
    if whole is not None:
        return whole, None
    events, bad = [], None
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                events.append(parse_line(line))
            except BadEvent:
                bad = bad or number
    return events, bad


def _utf8(body: dict) -> bool:
    """Whether every text of ``body`` is whole: a line may escape half of a UTF-16 pair ("\\ud800", which our
    writers never write; only such a line is asked), and a text holding one cannot be written as UTF-8."""
    try:
        _canonical(body).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _event(line: str, body: dict) -> Event:
    """The event of a line whose checksum holds (``body``: its JSON); BadEvent when it is not one of ours."""
    if ("\\ud" in line or "\\uD" in line) and not _utf8(body):
        raise BadEvent("a text with half a character")     # never stored: the history is UTF-8
    get = body.get
    kind, play, data = get("kind"), get("play"), get("data")
    if kind not in KINDS or not isinstance(data, dict):
        raise BadEvent(f"unknown kind {kind!r}")
    if (kind in PLAY_KINDS) != isinstance(play, str):
        raise BadEvent("play id missing or misplaced")
    if play is not None and not is_id(play):
        raise BadEvent("not a play id")        # it names files here: never a path, never merge.fold's "@"
    eid, dev = get("id"), get("dev")
    if not isinstance(eid, str) or not isinstance(dev, str) or not eid:
        raise BadEvent("id or device missing")
    try:
        stamp = Stamp.parse(get("hlc"))
    except ValueError:
        raise BadEvent("bad clock stamp") from None
    if kind == "player.alias" and not (isinstance(data.get("from"), str) and isinstance(data.get("to"), str)):
        raise BadEvent("alias without from/to")
    of = get("of")
    if of is not None:
        try:
            Stamp.parse(of)
        except ValueError:
            raise BadEvent("bad stamp of its put") from None
    return Event(eid, dev, stamp, kind, play, data, of if kind in PLAY_KINDS[1:] else None, line)
