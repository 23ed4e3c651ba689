"""The archive in shards: finished games in one TinyDB file per first character of their id.

    history.json.d/a.json        TinyDB: table "games", {"<seq>": document}; seq orders games as stored
    history.json.d/a.json.bak    that shard before its last write
    history.json.d/a.sum.json    the summary of a.json: one short row per game (what `history`, `stats`,
                                 `resolve` and `new` need), with the size and mtime of the a.json it
                                 describes; a summary that does not match its shard is rebuilt in memory
    history.json.d/commit.json   present only while a write that spans several shards is being put in place

Why by id: an id says where its game is (``show ID`` and ``new`` read one shard, not the history), and a
write rewrites one shard, about 1/31 of the history, instead of all of it. seq is a time in ns (the
migration numbers the old documents 1, 2, ...), so games keep the order they were stored in across shards.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .atomic import _fsync_dir, _keep_backup, atomic_write, read_regular, write_temp

GAMES = "games"
SUMMARY_VERSION = 1
COMMIT = "commit.json"


def shard_key(gid) -> str:
    first = str(gid)[:1].lower()
    return first if first.isascii() and first.isalnum() else "_"


def shard_keys(directory: Path) -> list[str]:
    try:
        names = os.listdir(directory)
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(n[:-5] for n in names if n.endswith(".json") and not n.endswith(".sum.json")
                  and not n.startswith(".") and n != COMMIT)


# --- summary rows --------------------------------------------------------------------------------------
_FIELDS = ("id", "date", "game", "location", "source", "players", "duration", "moves", "has_record",
           "finished_at", "created", "schema_version", "result")
_POS = {name: i + 1 for i, name in enumerate(_FIELDS)}   # slot 0 is seq


def _clean_entry(e) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("player"), str) and isinstance(e.get("rank"), int)
            and not isinstance(e.get("rank"), bool) and isinstance(e.get("total"), (int, float))
            and not isinstance(e.get("total"), bool))


def summarise(seq: int, doc: dict) -> list:
    """The summary row of one document (JSON-ready). A result of the usual shape is kept as
    [winners, [[player, total, rank], ...]]; any other is kept whole in {"raw": ...} so that the commands
    reading it report it exactly as they would the document."""
    row = [seq] + [doc.get(name) for name in _FIELDS]
    res = doc.get("result")
    if (isinstance(res, dict) and isinstance(res.get("ranking"), list) and isinstance(res.get("winners"), list)
            and all(_clean_entry(e) for e in res["ranking"])):
        row[-1] = [res["winners"], [[e["player"], e["total"], e["rank"]] for e in res["ranking"]]]
    elif res is not None:
        row[-1] = {"raw": res}
    return row


class Summary(tuple):
    """One finished game as `history` and `stats` read it: answers ``row["id"]`` and ``row.get("date")``
    like the document, from a tuple (a tenth of the memory of the document's dicts at 100,000 games)."""

    __slots__ = ()

    @property
    def seq(self) -> int:
        return tuple.__getitem__(self, 0)

    def get(self, key, default=None):
        pos = _POS.get(key)
        if pos is None:
            return default
        value = tuple.__getitem__(self, pos)
        if key == "result":
            value = _result(value)
        return default if value is None else value

    def __getitem__(self, key):
        if isinstance(key, str):
            if key not in _POS:
                raise KeyError(key)
            return self.get(key)
        return tuple.__getitem__(self, key)

    def __contains__(self, key):
        return key in _POS and tuple.__getitem__(self, _POS[key]) is not None

    def keys(self):
        return [k for k in _FIELDS if k in self]


def _result(value):
    if isinstance(value, list):
        winners, ranking = value
        return {"winners": winners, "ranking": [{"player": p, "total": t, "rank": r} for p, t, r in ranking]}
    if isinstance(value, dict):
        return value.get("raw")
    return value


def rows_of(raw_rows) -> list[Summary]:
    """Summary objects from the stored rows; repeated texts (dates, games, places, names) are shared."""
    import sys

    intern = sys.intern
    out = []
    new = tuple.__new__
    for r in raw_rows:
        for i in (2, 3, 4, 5):  # date, game, location, source
            if isinstance(r[i], str):
                r[i] = intern(r[i])
        players = r[6]
        if isinstance(players, list):
            r[6] = [intern(p) if isinstance(p, str) else p for p in players]
        res = r[-1]
        if isinstance(res, list) and len(res) == 2:
            res[1] = [(intern(p), t, k) for p, t, k in res[1]]
            res[0] = [intern(w) if isinstance(w, str) else w for w in res[0]]
        out.append(new(Summary, r))
    return out


# --- shard files --------------------------------------------------------------------------------------
def encode_shard(docs: dict) -> bytes:
    """A TinyDB file: {"games": {"<seq>": document, ...}} (TinyDB reads it as it is)."""
    return json.dumps({GAMES: {str(k): v for k, v in docs.items()}}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def encode_summary(rows: list, shard: Path) -> bytes:
    info = os.stat(shard)
    return json.dumps({"summary": SUMMARY_VERSION, "shard_size": info.st_size, "shard_mtime_ns": info.st_mtime_ns,
                       "rows": rows}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def summary_is_current(data, shard: Path) -> bool:
    try:
        info = os.stat(shard)
    except OSError:
        return False
    return (isinstance(data, dict) and data.get("summary") == SUMMARY_VERSION
            and data.get("shard_size") == info.st_size and data.get("shard_mtime_ns") == info.st_mtime_ns
            and isinstance(data.get("rows"), list) and all(isinstance(r, list) and len(r) == len(_FIELDS) + 1
                                                          for r in data["rows"]))


def write_shards(directory: Path, shards: dict[str, dict], summaries: dict[str, list]) -> None:
    """Put new versions of the given shards in place: all of them or, after a crash, none or (once the
    commit file is written) all of them on the next write or read (``pending``/``finish_commit``)."""
    directory.mkdir(parents=True, exist_ok=True)
    if len(shards) == 1:
        ((key, docs),) = shards.items()
        path = directory / f"{key}.json"
        atomic_write(path, encode_shard(docs), backup=path.with_name(path.name + ".bak"))
    else:
        temps = {}
        try:
            for key, docs in shards.items():
                temps[key] = write_temp(directory / f"{key}.json", encode_shard(docs))
            plan = {"replace": [[temps[k].name, f"{k}.json"] for k in shards]}
            atomic_write(directory / COMMIT, json.dumps(plan).encode("utf-8"))
        except BaseException:
            for tmp in temps.values():
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            raise
        finish_commit(directory)
    for key in shards:   # derived: a crash before these is seen (size/mtime) and rebuilt from the shard
        path = directory / f"{key}.json"
        try:
            atomic_write(directory / f"{key}.sum.json", encode_summary(summaries[key], path))
        except Exception:  # a missing summary costs time, never data
            pass


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
    todo = pending(directory)
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
    _fsync_dir(directory)
