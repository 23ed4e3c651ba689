"""What every history format's reader gives the import: the parsed plays (``Parsed``, with their move records
held packed), a play left out with its reason (``Skip``), the result of a play from rows of (name, score,
rank?, win?), and the one shape of an import's refusal. Below every reader (bgg, bgstats, csv, json, qr)
and the import itself, so that none of them imports another in a circle.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...core.errors import BadInput
from ...i18n import _


def wrap(where: str, err) -> BadInput:
    """'<where>: <the error, lower-cased>; nothing was imported.' keeping a trailing 'Did you mean X?'."""
    msg = str(err).strip()
    hint = ""
    m = re.search(r"\s+(Did you mean [^?]*\?)$", msg)
    if m:
        msg, hint = msg[:m.start()], " " + m.group(1)
    msg = msg.rstrip(".")
    if msg[:1].isupper() and not msg[1:2].isupper():
        msg = msg[0].lower() + msg[1:]
    return BadInput(_("{where}: {error}; nothing was imported.").format(where=where, error=msg) + hint)


@dataclass
class Parsed:
    docs: list = field(default_factory=list)      # archive documents (id may be None: a new id is given)
    records: "Records" = field(default_factory=lambda: Records())   # id -> move record text
    skipped: list = field(default_factory=list)   # plays left out on purpose, with the reason
    live: list = field(default_factory=list)      # games in progress (setup + moves), replayed and checked
    dropped: list = field(default_factory=list)   # fields left out of imported plays, with the reason


class Records(Mapping):
    """Move records by game id, held out of memory until they are written: 10,000 tracked games carry 140 MB
    of records, which an import keeps from the moment it reads them until it stores them. Each is spooled to
    an unnamed temporary file (a write of its bytes, read back once when it is stored: packing them with zlib
    instead was a tenth of a big import's time), or, when that file cannot be made or written (a full temp
    disk), held zlib-packed here (a fifth of its size) as before. Nothing is left behind: the spool has no
    name, and it is gone when the import ends, however it ends."""

    def __init__(self):
        self._held: dict = {}      # gid -> (spool, offset, length) of its UTF-8 bytes, or its zlib-packed bytes
        self._spool = None         # the spool of records set here (None: none yet; False: not usable)

    def __setitem__(self, gid: str, text: str) -> None:
        data = text.encode("utf-8")
        if self._spool is not False:
            try:
                if self._spool is None:
                    self._spool = _Spool()
                self._held[gid] = self._spool.put(data)
                return
            except OSError:
                self._spool = False     # a full or missing temp disk: the rest are held packed
        self._held[gid] = zlib.compress(data, 1)

    def __getitem__(self, gid: str) -> str:
        return self.encoded(gid).decode("utf-8")

    def encoded(self, gid: str) -> bytes:
        """The record of ``gid`` as the UTF-8 bytes written to its file."""
        held = self._held[gid]
        if type(held) is tuple:
            spool, at, size = held
            return spool.get(at, size)
        return zlib.decompress(held)

    def __contains__(self, gid) -> bool:
        return gid in self._held        # (Mapping's own would read the record to answer)

    def __iter__(self):
        return iter(self._held)

    def __len__(self) -> int:
        return len(self._held)

    def take(self, gid: str, other: "Records", source: str) -> None:
        """Hold ``other``'s record of ``source`` as the record of ``gid``, where it is held."""
        self._held[gid] = other._held[source]


class _Spool:
    """An unnamed temporary file the records are appended to, unbuffered (a failed write loses no record
    written before it), and read back by offset."""

    def __init__(self):
        import tempfile     # (brings random and shutil: only a command that imports needs them)

        self.file = tempfile.TemporaryFile(prefix="referee-import-", buffering=0)
        self.end = self.pos = 0     # the file's size; where its position is (a seek only to move it)

    def put(self, data: bytes) -> tuple:
        file, at = self.file, self.end
        if self.pos != at:
            self.pos = -1           # unknown until the seek is done
            file.seek(at)
        view = memoryview(data)
        while view:
            view = view[file.write(view):]
        self.end = self.pos = at + len(data)
        return (self, at, len(data))

    def get(self, at: int, size: int) -> bytes:
        file = self.file
        self.pos = -1
        file.seek(at)
        data = file.read(size)
        self.pos = at + len(data)
        if len(data) != size:       # the temp disk lost what it was given: never store a record cut short
            import errno

            raise OSError(errno.EIO, os.strerror(errno.EIO), file.name)
        return data


class Skip(Exception):
    """A play that cannot be imported; str() is the reason (grouped in the summary)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason, self.detail = reason, detail


# --- results from (name, score, rank?, win?) rows ---------------------------------------------------
def result_from_rows(game: str, rows: list[dict], where: str) -> dict:
    """rows: {"player", "score", "rank" (int|None), "win" (bool|None)} in seat order -> Result dict."""
    from scoring import rank

    have_rank = [r["rank"] is not None for r in rows]
    have_win = [r["win"] is not None for r in rows]
    if any(have_rank) and not all(have_rank):
        raise BadInput(_("{where}: give a rank for every player of the play or for none; nothing was imported.")
                       .format(where=where))
    if any(have_win) and not all(have_win):
        raise BadInput(_("{where}: mark win (1 or 0) for every player of the play or for none; nothing was "
                         "imported.").format(where=where))
    if all(have_rank):
        order = sorted(range(len(rows)), key=lambda i: (rows[i]["rank"], i))
        entries = []
        for pos, i in enumerate(order, 1):
            r = rows[i]
            prev = entries[-1] if entries else None
            if r["rank"] > pos or (r["rank"] != pos and (prev is None or prev["rank"] != r["rank"])):
                raise BadInput(_("{where}: {player} has rank {rank}, which is not possible in a play of "
                                 "{n} (ranks go 1, 1, 3 ...); nothing was imported.").format(
                    where=where, player=r["player"], rank=r["rank"], n=len(rows)))
            # No check that ranks follow scores: a rank column is authoritative (a tie-break, or a player
            # not eligible to win - Port Royal's expedition end - ranks below players with fewer points).
            entries.append({"player": r["player"], "total": r["score"], "rank": r["rank"],
                            "breakdown": {"score": r["score"]}, "tiebreak": None})
        if all(have_win):
            for e, i in zip(entries, order):
                if rows[i]["win"] and e["rank"] != 1:
                    raise BadInput(_("{where}: {player} is marked as a winner but ranked {rank}; a winner "
                                     "has rank 1; nothing was imported.").format(where=where, player=e["player"],
                                                                                 rank=e["rank"]))
                if not rows[i]["win"] and e["rank"] == 1:
                    e["eligible"] = False
                    e["note"] = "not eligible to win"
        result = {"game": game, "ranking": entries}
    else:
        winners = [r["player"] for r in rows if r["win"]] if all(have_win) else []
        top = max(r["score"] for r in rows)
        tied_top = [r["player"] for r in rows if r["score"] == top]
        if any(w not in tied_top for w in winners):
            # The log says who won, and it is not (only) the top score: the winners are ranked 1 and the
            # others after them by score (e.g. Port Royal's expedition end, or a tie-break the log knows).
            ahead = [r for r in rows if r["win"]]
            rest = sorted((r for r in rows if not r["win"]), key=lambda r: -r["score"])
            entries = [{"player": r["player"], "total": r["score"], "rank": 1, "breakdown": {"score": r["score"]},
                        "tiebreak": None} for r in ahead]
            for i, r in enumerate(rest):
                same = i > 0 and rest[i - 1]["score"] == r["score"]
                entries.append({"player": r["player"], "total": r["score"],
                                "rank": entries[-1]["rank"] if same else len(ahead) + i + 1,
                                "breakdown": {"score": r["score"]}, "tiebreak": None})
            from scoring import Result

            from ..common import annotate_ties

            return Result.from_dict({"game": game, "ranking": annotate_ties(entries)}).to_dict()
        chosen = winners if winners and len(winners) < len(tied_top) else []
        res = rank(game, [(r["player"], {"score": r["score"]}, (1 if r["player"] in chosen else 0) if chosen else None)
                          for r in rows], tiebreak_name="the table's tie-break" if chosen else None)
        return res.to_dict()
    from scoring import Result

    from ..common import annotate_ties

    annotate_ties(result["ranking"])
    return Result.from_dict(result).to_dict()
