"""The archive in shards: finished games in TinyDB files by the first characters of their id.

    history.json.d/a1.json       TinyDB: table "games", {"<seq>": document}; seq orders games as stored
    history.json.d/a1.json.bak   that shard before its last write
    history.json.d/a1.sum.json   the summary of a1.json: one short row per game (what `history`, `stats`,
                                 `resolve` and `new` need), with the stamp (size, mtime) and the content
                                 hash of the a1.json it describes, sealed by a hash of itself (see
                                 "Trusting derived files" below)
    history.json.d/a1.names      the players named in a1.json, once each (for "did you mean"), stamped,
                                 hashed and sealed like the summary
    history.json.d/commit.json   present only while a write that spans several shards is being put in place
    history.json.d/stats.cache   what `stats` counted, checked against the summaries (club/stats/stats_cache.py)
    history.json.d/stats.steps   what `stats` had counted every 1,000 plays, where a correction resumes from

Trusting derived files (as git trusts its index): a summary or names file is believed without reading its
shard only when its stamp is the shard's size and mtime now AND it was written at least GRANULE after the
shard's mtime. The second condition is git's "racy" rule: on a filesystem whose timestamps are 1-2 s coarse
(FAT, HFS+, some ext4), a shard rewritten in the same second as its summary keeps its mtime, and a write
killed between the shard and its summary would otherwise leave an old summary that matches by stamp. Any
other summary is checked against the blake2b hash of its shard's bytes: when they match it is believed (and
its stamp rewritten once the shard is older than GRANULE, when the store's lock is free at once: a store
copied with new mtimes is as fast as the original from then on); when they do not, it is never believed:
the summary is rebuilt from the shard, and rewritten when the lock is free. Every derived file ends with a
hash of the rest of it ("check"), so a hand-edited or torn one is not believed either.

Why by id: an id says where its game is (``show ID`` and ``new`` read one shard, not the history), and a
write rewrites one shard, about 1/124 of the history, instead of all of it. seq is a time in ns (the
migration numbers the old documents 1, 2, ...), so games keep the order they were stored in across shards;
a corrected game keeps its seq (its place among games of the same day and time).
"""

from __future__ import annotations

import json
import os
import re
import stat as _stat
from pathlib import Path

try:                    # blake2b without hashlib's OpenSSL (a few ms at every start): the same function
    from _blake2 import blake2b as _blake2b
except ImportError:     # an interpreter built without it
    from hashlib import blake2b as _blake2b

from .atomic import _fsync_dir, _keep_backup, atomic_write, read_regular, replace_with, write_temp

GAMES = "games"
SUMMARY_VERSION = 9     # 9: the shard's content hash and the file's own check
COMMIT = "commit.json"
# The coarsest timestamp a derived file may share with its shard unnoticed (FAT: 2 s; HFS+ and ext4 with
# small inodes: 1 s). A summary written less than this after its shard's mtime is checked by content.
GRANULE_NS = 2_000_000_000


def shard_key(gid) -> str:
    """The shard of an id: its first character and a quarter of its second ("a1" for "ab2345"): 124 shards
    for the id alphabet, so a write at 100,000 games rewrites about 800 games, not 3,000."""
    if gid.__class__ is str:
        # remembered by the id's first two characters, all it depends on (a lower case that depends on the
        # next letter, a final sigma, is not ASCII either way): a new laptop's first sync asks it 40,000 times
        head = gid[:2]
        key = _KEY_OF.get(head)
        if key is None:
            key = _shard_key(head)
            if len(_KEY_OF) < 4096:
                _KEY_OF[head] = key
        return key
    return _shard_key(gid)


_KEY_OF: dict = {}


def _shard_key(gid) -> str:
    text = str(gid).lower()
    first = text[:1]
    if not (first.isascii() and first.isalnum()):
        return "_"
    second = text[1:2]
    return first + (str(ord(second) % 4) if second.isascii() and second.isalnum() else "_")


def prefix_keys(prefix: str, keys: list[str]) -> list[str]:
    """The shards that hold every id starting with ``prefix`` (one when it has two characters or more)."""
    if len(prefix) >= 2:
        return [shard_key(prefix)]
    key = shard_key(prefix)
    return [k for k in keys if k[:1] == key[:1]] if key != "_" else ["_"]


def shard_keys(directory: Path) -> list[str]:
    try:
        names = os.listdir(directory)
    except (FileNotFoundError, NotADirectoryError):
        return []
    # only the names referee writes: a file sync's conflict copy beside a shard ("g2.sync-conflict-….json",
    # "g2 (Petr's conflicted copy).json", "g2-LAPTOP.json", "g2(1).json") is not another shard, or its games
    # would be listed and counted twice
    return sorted(key for key in (n[:-5] for n in names if n.endswith(".json")) if shard_key(key) == key)


# --- summary rows --------------------------------------------------------------------------------------
# A summary file holds {"rows": [row, ...]}. A row is one string (JSON reads 100,000 strings far faster than
# 100,000 lists, and they take a fifth of the memory), its fields split on a tab:
#   date, finished_at (else created), seq (20 digits), id, game, location, source, players, duration, moves,
#   has_record (1/0), schema_version, result ("" none, else winners ENTRY ranking, each entry player PART
#   total PART rank; lists joined by LIST)
# so that rows compared as strings sort as common.chrono_key, then as stored (a tab is below every printable
# character). Empty fields are None. LIST, ENTRY and PART are rare printable Latin-1 characters (no JSON
# escapes, and a row of Latin-1 text takes one byte a character in memory). A document whose values do not fit (a text holding a tab, a control or one of those
# characters, or empty; a number that is not one; a result of another shape) is kept as a JSON list
# [seq, the document's summary fields] instead, read the slow way.
SEP, LIST, ENTRY, PART = "\t", "\xa6", "\xa4", "\xac"    # tab, then ¦ ¤ ¬: Latin-1 keeps a row 1 byte a character
_FIELDS = ("id", "date", "game", "location", "source", "players", "duration", "moves", "has_record",
           "finished_at", "created", "schema_version", "result", "no_stats", "incomplete", "seating")
_AT = {"date": 0, "finished_at": 1, "created": 1, "id": 3, "game": 4, "location": 5, "source": 6, "players": 7,
       "duration": 8, "moves": 9, "has_record": 10, "schema_version": 11, "result": 12}
_BAD = set("".join(map(chr, range(32))) + "\x7f" + LIST + ENTRY + PART)
_BAD_CHAR = re.compile("[" + re.escape("".join(sorted(_BAD))) + "]")


class _Unfit(Exception):
    pass


def _text(value) -> str:
    if value is None:
        return ""
    if value.__class__ is not str or not value or not _BAD.isdisjoint(value):
        raise _Unfit
    return value


def _int(value) -> str:
    if value is None:
        return ""
    if value.__class__ is not int:
        raise _Unfit
    return str(value)


def _number(value) -> str:
    if value.__class__ is int:
        return str(value)
    if value.__class__ is float and value == value and value not in (float("inf"), float("-inf")):
        return repr(value)
    raise _Unfit


def _clean_entry(e) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("player"), str) and isinstance(e.get("rank"), int)
            and not isinstance(e.get("rank"), bool) and isinstance(e.get("total"), (int, float))
            and not isinstance(e.get("total"), bool))


_PACKED = ("date", "finished_at", "created", "id", "game", "location", "source", "players", "has_record", "result")
_INFINITE = (float("inf"), float("-inf"))


def summarise(seq: int, doc: dict):
    """The summary row of one document: a packed string, or a JSON list when its values do not fit one.

    Every text of the row is checked at once (one scan of them joined) and each value's type in one pass: a
    new laptop's first sync summarises 20,000 games, and a call per value was a tenth of its time. The rows
    are exactly those of one check per value (tests/store/test_summary_rows.py holds it to that)."""
    get = doc.get
    try:
        # What `stats` counts differently (a play kept out of the statistics, one whose seating is unknown, a
        # cooperative result) is rare and has no packed field: such a game keeps its row as a JSON list.
        if get("no_stats") or get("incomplete") or get("seating") is False:
            raise _Unfit
        date, finished, created, gid, game, location, source, players, rec, res = map(get, _PACKED)
        if (finished is not None and finished.__class__ is not str) or \
                (created is not None and created.__class__ is not str):
            raise _Unfit
        if not isinstance(players, list) or not players:
            raise _Unfit
        if rec is not None and rec.__class__ is not bool:
            raise _Unfit
        when = finished or created
        texts = [t for t in (date, when, gid, game, location, source) if t is not None]
        texts += players
        if res is not None:
            if not isinstance(res, dict) or res.get("cooperative"):
                raise _Unfit
            winners, ranking = res.get("winners"), res.get("ranking")
            if not (isinstance(winners, list) and isinstance(ranking, list) and ranking):
                raise _Unfit
            texts += winners
            entries = []
            for e in ranking:
                # _clean_entry's checks, narrowed by what packs (a player of class str, checked with the other
                # texts below; a rank of class int; a total of class int, or float and finite as _number
                # asks): one lookup each
                if not isinstance(e, dict):
                    raise _Unfit
                player, total, rank = e.get("player"), e.get("total"), e.get("rank")
                if player.__class__ is not str or rank.__class__ is not int:
                    raise _Unfit
                if total.__class__ is not int and (total.__class__ is not float or total != total
                                                   or total in _INFINITE):
                    raise _Unfit
                texts.append(player)
                entries.append(f"{player}{PART}{total}{PART}{rank}")    # an int's str(), a float's repr()
        for t in texts:
            if t.__class__ is not str or not t:
                raise _Unfit
        joined = "".join(texts)
        # printable ASCII holds no character of _BAD (isascii is one flag; isprintable a table lookup a
        # character, a fifth of the regular expression's scan); any other text is scanned for them
        if not (joined.isascii() and joined.isprintable()) and _BAD_CHAR.search(joined):
            raise _Unfit
        # (the result joined only now: a winner that is not a text makes a JSON list, as one check per value does)
        result = "" if res is None else LIST.join(winners) + ENTRY + LIST.join(entries)
        return SEP.join((date or "", when or "", f"{seq:020d}", gid or "", game or "", location or "", source or "",
                         LIST.join(players), _int(get("duration")), _int(get("moves")),
                         "" if rec is None else "1" if rec else "0", _int(get("schema_version")), result))
    except (_Unfit, ValueError):
        return [seq] + [doc.get(name) for name in _FIELDS]


def _fail():
    raise _Unfit


def row_seq(row) -> int:
    return int(row.split(SEP, 3)[2]) if row.__class__ is str else row[0]


def external_keys(doc) -> list[list[str]]:
    """What a play imported from elsewhere is known by there: [kind, value] for its BG Stats uuid and its
    BGG play id, per BGG user where known (an import finds a play it already has by them, and merges what
    changed there)."""
    if not isinstance(doc, dict):
        return []
    keys = []
    if doc.get("bgstats_uuid"):
        keys.append(["bgstats", str(doc["bgstats_uuid"])])
    if doc.get("bgg_play_id"):
        pid = str(doc["bgg_play_id"])
        keys.append(["bgg", pid])
        # BGG play ids are per BGG user: with the user known (the page's <plays username userid>), the play
        # is also known by (user, play id); ["bgg", pid] stays for plays stored before (club/log/provenance.py)
        user = doc.get("bgg_user")
        if isinstance(user, dict):
            if user.get("userid") not in (None, "", "0"):
                keys.append(["bggu", f"id:{user['userid']}/{pid}"])
            if user.get("username"):
                keys.append(["bggu", f"name:{str(user['username']).casefold()}/{pid}"])
    return keys


def summary_of(docs: dict, reuse: dict | None = None) -> dict:
    """The summary of a shard's {seq: document}, in stored order, with the newest schema_version in it (so
    a reader checks one number per shard, not one per game). ``reuse``: seq -> row of the shard's current
    summary, for the documents a write did not change (a seq is never given to another document).
    "ext": [kind, value, id] of every game known elsewhere by an id (external_keys): an import looks for
    them here instead of reading every game; a summary without it (an older one) sends it to the shard."""
    reuse = reuse or {}
    rows = [reuse.get(seq) or summarise(seq, doc) for seq, doc in sorted(docs.items())]
    ext = [[kind, value, str(doc.get("id"))] for doc in docs.values() for kind, value in external_keys(doc)]
    versions = [d.get("schema_version") if isinstance(d, dict) else None for d in docs.values()]
    if all(v.__class__ is int for v in versions):
        newest = max(versions, default=0)
    else:   # a document without a usable schema_version: the reader names it
        newest = next(v for v in versions if v.__class__ is not int)
        newest = newest if isinstance(newest, (str, float, bool, type(None))) else str(newest)
    return {"schema": newest, "rows": rows, "ext": ext}


def names_of(docs: dict) -> list[str]:
    """Every player named in a shard's documents, once (the last spelling in stored order)."""
    every: list = []
    for _seq, doc in sorted(docs.items()):
        players = doc.get("players") if isinstance(doc, dict) else None
        if isinstance(players, list):
            every += players
    # A shard names its few players again and again: when each is spelled one way, the names are its
    # spellings in the order first met, found without a casefold() and a dict update per name (half of this)
    try:
        spellings = dict.fromkeys(every)
    except TypeError:       # a player that is a list (a damaged document): the way below
        spellings = None
    if spellings is not None and set(map(type, spellings)) == {str} \
            and len(set(map(str.casefold, spellings))) == len(spellings):
        return list(spellings)
    names: dict = {}
    for p in every:
        if isinstance(p, str):
            names[p.casefold()] = p
    return list(names.values())


def names_of_rows(rows) -> list[str]:
    """names_of, from a shard's summary rows (they hold each game's players, in stored order)."""
    names: dict = {}
    for r in rows_of({"rows": rows}):
        players = r.get("players")
        for p in players if isinstance(players, list) else ():
            if isinstance(p, str):
                names[p.casefold()] = p
    return list(names.values())


# A shard's player names, in `KEY.names` beside it (derived, like its summary, and stamped, hashed and sealed
# the same way; not named *.json, so never taken for a shard): "did you mean" of `new` and `record` reads
# 124 short lists instead of every game's summary row (0.14 s of 0.26 s at 100,000 games).
def encode_names(names: list[str], shard: Path, shard_hash: str | None = None,
                 info: os.stat_result | None = None) -> bytes:
    info, shard_hash = _shard_stamp(shard, shard_hash, info)
    return seal({"names": names, "shard_size": info.st_size, "shard_mtime_ns": info.st_mtime_ns,
                 "shard_hash": shard_hash})


def read_names(directory: Path, key: str) -> tuple[list[str], str | None] | None:
    """(the stored names of shard ``key``, None) when their stamp says they describe it now; (the names,
    the shard's hash) when only its content does (the caller may stamp them afresh: see "Trusting derived
    files" and Store._refresh_derived); None when they do not describe it (the caller reads the summary)."""
    from ..core.errors import StoreError

    got = read_derived(directory / f"{key}.names")
    if got is None:
        return None
    data, own = got
    if not (isinstance(data.get("names"), list) and all(isinstance(n, str) for n in data["names"])
            and isinstance(data.get("shard_hash"), str)):
        return None
    path = directory / f"{key}.json"
    try:
        info = os.stat(path)
        if trusted_by_stamp(data, own, info):
            return data["names"], None
        raw = read_regular(path)
    except (OSError, StoreError):
        return None
    if raw is None or content_hash(raw) != data["shard_hash"]:
        return None
    import time

    return data["names"], (data["shard_hash"] if time.time_ns() - info.st_mtime_ns >= GRANULE_NS else None)


# --- stamps, hashes and seals of derived files ------------------------------------------------------------
_CHECK = b',"check":"'
_TAIL = len(_CHECK) + 32 + 2     # ,"check":"<32 hex digits>"}


def content_hash(data: bytes) -> str:
    return _blake2b(data, digest_size=16).hexdigest()


def seal(fields: dict) -> bytes:
    """A JSON object ending with "check": the hash of every byte before it. It stays one JSON object (any
    reader loads it as it is), and a hand edit, a torn write or a copy of another file fails the check."""
    raw = json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = raw[:-1]
    return head + _CHECK + content_hash(head).encode("ascii") + b'"}'


def unseal(raw: bytes | None) -> dict | None:
    """The object of a sealed file whose check holds; None otherwise."""
    if not raw or len(raw) <= _TAIL:
        return None
    head, tail = raw[:-_TAIL], raw[-_TAIL:]
    if not (tail.startswith(_CHECK) and tail.endswith(b'"}')
            and tail[len(_CHECK):-2] == content_hash(head).encode("ascii")):
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def read_derived(path: Path) -> tuple[dict, os.stat_result] | None:
    """A sealed derived file and its own stat (through one descriptor: the mtime is that of the bytes read),
    or None when it is missing, not a regular file, unreadable or fails its check."""
    try:
        if not _stat.S_ISREG(os.stat(path).st_mode):     # a fifo would block the open where O_NONBLOCK is missing
            return None
    except OSError:
        return None
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        own = os.fstat(fd)
        if not _stat.S_ISREG(own.st_mode):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    data = unseal(b"".join(chunks))
    return None if data is None else (data, own)


def trusted_by_stamp(data: dict, own: os.stat_result, shard: os.stat_result) -> bool:
    """A derived file believed without reading its shard: its stamp is the shard's now, and it was written
    GRANULE or more after the shard's mtime (else a shard rewritten in the same timestamp could match)."""
    return (data.get("shard_size") == shard.st_size and data.get("shard_mtime_ns") == shard.st_mtime_ns
            and own.st_mtime_ns - shard.st_mtime_ns >= GRANULE_NS)


def _shard_stamp(shard: Path, shard_hash: str | None, info: os.stat_result | None = None):
    """The shard's stat now (``info`` when the caller has just taken it) and its content hash (read when the
    caller does not have it)."""
    if shard_hash is None:
        raw = read_regular(shard) or b""
        shard_hash = content_hash(raw)
    return (os.stat(shard) if info is None else info), shard_hash


def _unnumber(text: str):
    return int(text) if text.lstrip("-").isdigit() else float(text)


class Summary(str):
    """One finished game as `history` and `stats` read it (a packed row): answers ``row.get("date")``
    like the document. Rows sort (as strings, in C) by date, time finished, then as stored."""

    __slots__ = ()

    @property
    def seq(self) -> int:
        return int(self.split(SEP, 3)[2])

    def fields(self) -> list[str]:
        return self.split(SEP)

    def get(self, key, default=None):
        at = _AT.get(key)
        if at is None:
            return default
        value = self.split(SEP, at + 1)[at]
        if not value:
            return default
        if at == 7:
            return value.split(LIST)
        if at == 12:
            return _result(value)
        if at in (8, 9, 11):
            return int(value)
        if at == 10:
            return value == "1"
        return value

    def __contains__(self, key):
        return self.get(key) is not None

    def keys(self):
        return [k for k in _FIELDS if self.get(k) is not None]


def _result(value: str) -> dict:
    winners, ranking = value.split(ENTRY)
    entries = []
    for e in ranking.split(LIST):
        player, total, rank = e.split(PART)
        entries.append({"player": player, "total": _unnumber(total), "rank": int(rank)})
    return {"winners": winners.split(LIST) if winners else [], "ranking": entries}


def unpack_result(value: str):
    """(winners, [(player, total, rank), ...]) of a packed result field, None for no result."""
    if not value:
        return None
    winners, ranking = value.split(ENTRY)
    entries = []
    for e in ranking.split(LIST):
        player, total, rank = e.split(PART)
        entries.append((player, int(total) if total.lstrip("-").isdigit() else float(total), int(rank)))
    return (winners.split(LIST) if winners else []), entries


class SummaryRow(tuple):
    """A row kept as a JSON list (values that do not pack): [seq, id, date, ..., result] as in the document."""

    __slots__ = ()

    @property
    def seq(self) -> int:
        return tuple.__getitem__(self, 0)

    def get(self, key, default=None):
        try:
            value = tuple.__getitem__(self, _FIELDS.index(key) + 1)
        except ValueError:
            return default
        return default if value is None else value

    def __contains__(self, key):
        return self.get(key) is not None

    def keys(self):
        return [k for k in _FIELDS if self.get(k) is not None]


# Each field also as an attribute (row.players, row.date, ...), for code that reads rows as objects.
for _name in _FIELDS:
    for _cls in (Summary, SummaryRow):
        setattr(_cls, _name, property(lambda self, _key=_name: self.get(_key)))
del _name, _cls


def rows_of(summary: dict) -> list:
    """Summary objects from a stored summary."""
    rows = summary["rows"]
    if all(r.__class__ is str for r in rows):
        return list(map(Summary, rows))
    return [Summary(r) if r.__class__ is str else SummaryRow(r) for r in rows]   # some kept as JSON lists


def order_key(row) -> str:
    """What rows sort by: date, time finished, then as stored (a packed row is its own key)."""
    if row.__class__ is Summary:
        return row
    date, when = row.get("date"), row.get("finished_at")
    return ((date if isinstance(date, str) else "") + SEP + (when if isinstance(when, str) else "") + SEP
            + f"{row.seq:020d}")


def row_id(row):
    return row.split(SEP, 4)[3] if row.__class__ is str else row[1]


def row_schema(row):
    if row.__class__ is str:
        value = row.split(SEP, 12)[11]
        return int(value) if value.isdigit() else None
    return row[12]


def well_formed(summary) -> bool:
    """A summary as this referee writes it (anything else is rebuilt from its shard)."""
    if not (isinstance(summary, dict) and isinstance(summary.get("rows"), list) and "schema" in summary):
        return False
    ext = summary.get("ext", [])
    if not (isinstance(ext, list) and all(isinstance(e, list) and len(e) == 3 and all(isinstance(v, str) for v in e)
                                          for e in ext)):
        return False
    for r in summary["rows"]:
        if r.__class__ is str:
            if r.count(SEP) != 12:
                return False
        elif not (r.__class__ is list and len(r) == len(_FIELDS) + 1):
            return False
    return True


# --- shard files --------------------------------------------------------------------------------------
def json_encoder(ensure_ascii: bool = True, sort_keys: bool = False, separators=None):
    """``json.JSONEncoder(...).encode`` made once: the same text, without the check for a value that holds
    itself (what is encoded here was read from JSON or built from it, and cannot) and without making the C
    encoder again at each call (a new laptop's first sync encodes 20,000 short keys, and a history of
    20,000 games, whose check for cycles was a sixth of the shards' encoding)."""
    from json import encoder

    slow = json.JSONEncoder(ensure_ascii=ensure_ascii, sort_keys=sort_keys, separators=separators,
                            check_circular=False)
    if encoder.c_make_encoder is None:      # an interpreter without the C encoder
        return slow.encode
    fast = encoder.c_make_encoder(None, slow.default,
                                  encoder.encode_basestring_ascii if ensure_ascii else encoder.encode_basestring,
                                  None, slow.key_separator, slow.item_separator, sort_keys, False, True)
    return lambda value: "".join(fast(value, 0))


_encode_shard = json_encoder(ensure_ascii=False, separators=(",", ":"))


def encode_shard(docs: dict) -> bytes:
    """A TinyDB file: {"games": {"<seq>": document, ...}} (TinyDB reads it as it is); as json.dumps(...,
    ensure_ascii=False, separators=(",", ":")) writes it (tests/sync/test_first_sync_files.py holds it to that)."""
    return _encode_shard({GAMES: {str(k): v for k, v in docs.items()}}).encode("utf-8")


def encode_summary(summary: dict, shard: Path, shard_hash: str | None = None,
                   info: os.stat_result | None = None) -> bytes:
    """The summary file of ``shard`` (its stat now, or ``info`` when the caller has just taken it;
    ``shard_hash`` the hash of its bytes, read when None)."""
    info, shard_hash = _shard_stamp(shard, shard_hash, info)
    return seal({"summary": SUMMARY_VERSION, "shard_size": info.st_size, "shard_mtime_ns": info.st_mtime_ns,
                 "shard_hash": shard_hash, **summary})


def summary_is_current(data, shard: Path) -> bool:
    """A summary of this version, well formed, whose stamp is the shard's now (what the file says of itself:
    Store._summary also checks its seal, its timing and, failing those, the shard's content hash)."""
    try:
        info = os.stat(shard)
    except OSError:
        return False
    return (isinstance(data, dict) and data.get("summary") == SUMMARY_VERSION
            and data.get("shard_size") == info.st_size and data.get("shard_mtime_ns") == info.st_mtime_ns
            and well_formed(data))


def summary_usable(data) -> bool:
    """A summary of this version and shape, whatever its stamp (it is then checked by content)."""
    return (isinstance(data, dict) and data.get("summary") == SUMMARY_VERSION
            and isinstance(data.get("shard_hash"), str) and well_formed(data))


def write_shards(directory: Path, shards: dict[str, dict], reuse: dict[str, dict] | None = None) -> None:
    """Put new versions of the given shards in place: all of them or, after a crash, none or (once the
    commit file is written) all of them on the next write or read (``pending``/``finish_commit``)."""
    from ..core.errors import StoreError

    directory.mkdir(parents=True, exist_ok=True)
    hashes = {}
    derived = {}    # key -> (summary, names), written once the shards are in place

    def encode(key: str, docs: dict) -> bytes:
        blob = encode_shard(docs)
        hashes[key] = content_hash(blob)
        # summarised now, while the shard's documents are in the processor's cache from encoding them (a
        # first sync's 20,000 documents are 70 MB: read again after every shard is written, they came from
        # memory, 10% of this write's time)
        try:
            derived[key] = (summary_of(docs, (reuse or {}).get(key)), names_of(docs))
        except Exception:  # a missing summary costs time, never data
            pass
        return blob

    if len(shards) == 1:
        ((key, docs),) = shards.items()
        path = directory / f"{key}.json"
        atomic_write(path, encode(key, docs), backup=path.with_name(path.name + ".bak"))
    else:
        temps = {}
        # many shards (a new laptop's first sync, an import): one flush for all, as write_records does, not
        # one per shard (124 fsyncs were most of a first sync's time on a laptop's disk)
        together = len(shards) >= 8 and hasattr(os, "sync")
        try:
            for key, docs in shards.items():
                temps[key] = write_temp(directory / f"{key}.json", encode(key, docs), sync=not together)
            if together:
                os.sync()                       # every temp's data on disk before the commit file names them
            plan = {"replace": [[temps[k].name, f"{k}.json"] for k in shards]}
            atomic_write(directory / COMMIT, json.dumps(plan).encode("utf-8"))
        except BaseException:
            for tmp in temps.values():
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            raise
        try:
            finish_commit(directory)
        except StoreError:
            # Committed: the flushed commit file names every new version, readers take each from it, and
            # the next write puts them in place. Raising here had an import say "Nothing was imported" of
            # games that were in the history (a full disk while the shards were renamed).
            pass
    for key, (summary, names) in derived.items():   # derived: a crash before these is seen (stamp, timing,
        path = directory / f"{key}.json"               # hash) and rebuilt from the shard
        try:
            info = os.stat(path)      # the shard cannot change under the lock: one stat stamps both files
            write_derived(directory / f"{key}.sum.json", encode_summary(summary, path, hashes[key], info))
            write_derived(directory / f"{key}.names", encode_names(names, path, hashes[key], info))
        except Exception:  # a missing summary costs time, never data
            pass


def write_derived(path: Path, data: bytes) -> None:
    """Replace a summary whole, without waiting for the disk: after a crash it is the old one, the new
    one, or unreadable, and each of those that does not describe its shard is rebuilt from the shard. (An
    import that touches every shard waited for 250 flushes of summaries: half of its time.)"""
    replace_with(write_temp(path, data, sync=False), path)


def pending(directory: Path) -> dict[str, Path]:
    """Shards whose new version is complete but not yet in place (a crash mid-commit): key -> temp file."""
    raw = read_regular(directory / COMMIT)
    if raw is None:
        return {}
    try:
        plan = json.loads(raw)["replace"]
        out = {}
        for tmp, final in plan:
            if (directory / tmp).exists() and "/" not in tmp + final and "\\" not in tmp + final:
                out[final[:-5]] = directory / tmp
        return out
    except (ValueError, KeyError, TypeError):
        return {}


def finish_commit(directory: Path) -> None:
    """Roll a multi-shard write forward: every temp named in the commit file takes its shard's place."""
    from ..core.errors import StoreError

    todo = pending(directory)
    try:
        for key, tmp in todo.items():
            final = directory / f"{key}.json"
            if final.exists():
                _keep_backup(final, final.with_name(final.name + ".bak"))
            os.replace(tmp, final)
        _fsync_dir(directory)
        try:
            os.unlink(directory / COMMIT)
        except FileNotFoundError:
            pass
    except OSError as err:
        from ..i18n import _

        raise StoreError(_("Could not put the new version of the history in place in {folder} ({reason}); it is "
                           "complete, and the next write finishes putting it in place (until then the history "
                           "reads as written).").format(folder=directory, reason=err.strerror or err)) from None
    _fsync_dir(directory)
