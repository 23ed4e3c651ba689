"""Where a play came from, and what a re-import of it may change.

A play is its identity: its BG Stats uuid, its BGG play id (per BGG user), or, from a referee export, its
id. Two plays with different identities are two plays however alike they look (an import lists them as
possible duplicates for the club to resolve); the same identity met again is the same play.

Provenance: a play imported from an external source (BG Stats, BGG) keeps, under "src", the source's version
of its mergeable fields as last imported, compactly (a fingerprint of each field, and the players' names as
the source gave them; source_of). A re-import is a three-way merge, field by field, of that base, the
club's play (its edits, renames, merges) and the source's play now: a field the source changed and the club
did not takes the source's value; a field the club changed keeps the club's value; a field the source did
not change is never touched. So re-importing an unchanged backup changes nothing.

Tombstones: a deleted play stays deleted. `referee delete` records the identities of the play it deletes
(``bury``) in ``history.json.tombstones`` beside the store; an import consults them, and the identities of
the plays in the trash, before it would add a play again.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.errors import StoreError
from ...i18n import _

# Fields that are the store's stamps, the identity itself or what a play from elsewhere never changes (it
# has no moves): never merged, and not kept in "src".
_NOT_MERGED = frozenset(("id", "created", "finished_at", "updated", "schema_version", "src", "source",
                         "bgstats_uuid", "bgg_play_id", "bgg_user", "moves", "has_record"))
# The fields that name players: the club's renames are carried through them, and they change together.
_NAMED = ("players", "result", "colours", "teams", "first_plays", "start_player", "bgg_players")
TOMBSTONE_KIND = "referee-tombstones"


# --- identity -----------------------------------------------------------------------------------
def keys_of(doc: dict) -> list[tuple]:
    """The external identities of a play (shards.external_keys): ("bgstats", uuid), ("bggu", "id:U/P") and
    ("bggu", "name:u/P") for a BGG play whose user is known, and ("bgg", P), as earlier referees kept it."""
    from ...store.shards import external_keys

    return [tuple(k) for k in external_keys(doc)]


def own_keys(doc: dict) -> list[tuple]:
    """keys_of without the BGG play id alone where the user is known: what tells this play from every other
    (two BGG users' plays may have the same play id)."""
    keys = keys_of(doc)
    if any(k[0] == "bggu" for k in keys):
        return [k for k in keys if k[0] != "bgg"]
    return keys


def has_bgg_user(doc: dict) -> bool:
    return any(k[0] == "bggu" for k in keys_of(doc))


def external(doc: dict) -> bool:
    """Whether a play came from a source that may send it again changed (BG Stats, BGG by its play id)."""
    return bool(keys_of(doc))


# --- provenance ----------------------------------------------------------------------------------
def _empty(value) -> bool:
    return value is None or value == [] or value == {} or value == ""


def snapshot(doc: dict) -> dict:
    """The mergeable fields of a play as a source gave it (empty values left out: absent is empty)."""
    return {k: v for k, v in doc.items() if k not in _NOT_MERGED and not _empty(v)}


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))   # one, reused: fast


def _canon(value) -> str:
    """A value as one text, equal for equal values (a text or whole number without the JSON encoder: most
    fields are one, and an import of 5,000 plays fingerprints 50,000 of them)."""
    if value.__class__ is str:
        return "s" + value
    if value.__class__ is int:
        return "i" + str(value)
    return "j" + _ENCODER.encode(value)


def _same(a, b) -> bool:
    return _canon(a) == _canon(b)


def _pairs(before: list, after: list) -> dict:
    """casefolded name -> name: the players of ``before`` that ``after`` calls otherwise (a rename or a
    merge), paired in order; nothing when players were added or removed."""
    if not isinstance(before, list) or not isinstance(after, list) or len(before) != len(after):
        return {}
    now = {str(p).casefold() for p in after}
    was = {str(p).casefold() for p in before}
    gone = [p for p in before if str(p).casefold() not in now]
    came = [p for p in after if str(p).casefold() not in was]
    if len(gone) != len(came):
        return {}
    return {str(a).casefold(): b for a, b in zip(gone, came)}


def rename(doc: dict, names: dict) -> dict:
    """``doc`` with every player named in ``names`` (casefolded old -> new) renamed, wherever it names one."""
    if not names:
        return doc

    def fix(name):
        return names.get(name.casefold(), name) if isinstance(name, str) else name

    out = dict(doc)
    if isinstance(doc.get("players"), list):
        out["players"] = [fix(p) for p in doc["players"]]
    res = doc.get("result")
    if isinstance(res, dict):
        res = dict(res)
        if isinstance(res.get("winners"), list):
            res["winners"] = [fix(w) for w in res["winners"]]
        if isinstance(res.get("ranking"), list):
            res["ranking"] = [dict(e, player=fix(e.get("player"))) if isinstance(e, dict) else e
                              for e in res["ranking"]]
        out["result"] = res
    if isinstance(doc.get("colours"), dict):
        out["colours"] = {fix(k): v for k, v in doc["colours"].items()}
    if isinstance(doc.get("teams"), dict):
        out["teams"] = {t: [fix(p) for p in ps] if isinstance(ps, list) else ps for t, ps in doc["teams"].items()}
    if isinstance(doc.get("first_plays"), list):
        out["first_plays"] = [fix(p) for p in doc["first_plays"]]
    if isinstance(doc.get("start_player"), str):
        out["start_player"] = fix(doc["start_player"])
    if isinstance(doc.get("bgg_players"), list):
        out["bgg_players"] = [dict(p, name=fix(p.get("name"))) if isinstance(p, dict) else p
                              for p in doc["bgg_players"]]
    return out


def _consistent(doc: dict) -> bool:
    """The players and the result name the same people (a merge must not mix the club's and the source's)."""
    res = doc.get("result")
    if not isinstance(res, dict):
        return True
    ranked = sorted(str(e.get("player")).casefold() for e in res.get("ranking") or () if isinstance(e, dict))
    return ranked == sorted(str(p).casefold() for p in doc.get("players") or ())


def _digest(value) -> str | None:
    """A short fingerprint of a field's value (None for an empty one): 48 bits, enough to tell a change."""
    if _empty(value):
        return None
    import hashlib

    return hashlib.blake2b(_canon(value).encode("utf-8"), digest_size=6).hexdigest()


def source_of(doc: dict) -> dict:
    """What a play keeps of its source's version ("src"), compactly: the source ("of"), the players as the
    source names them (to recognise the club's renames), and a fingerprint of each mergeable field (to
    tell, at the next import, which fields the source changed and which the club did)."""
    snap = snapshot(doc)
    return {"of": doc.get("source"), "players": [p for p in doc.get("players") or () if isinstance(p, str)],
            "h": {k: _digest(v) for k, v in snap.items()}, "all": _digest(snap)}


def origin(doc: dict):
    """The source a stored play was last imported from, else its own source."""
    src = doc.get("src")
    return src.get("of") if _usable(src) else doc.get("source")


def _usable(src) -> bool:
    return (isinstance(src, dict) and isinstance(src.get("h"), dict) and isinstance(src.get("players"), list)
            and all(isinstance(v, str) for v in src["h"].values())
            and all(isinstance(p, str) for p in src["players"]))


class Merge:
    """What a re-import does to one stored play: ``doc`` to store (None: nothing to write), ``took`` the
    fields taken from the source, ``kept`` the fields the club changed that the source changed too."""

    def __init__(self, doc, took=(), kept=()):
        self.doc, self.took, self.kept = doc, list(took), list(kept)


def merge(stored: dict, incoming: dict) -> Merge:
    """Re-import ``incoming`` (a play as its source gives it now) into ``stored`` (the play it became)."""
    remote, base = snapshot(incoming), stored.get("src")
    if _usable(base) and base.get("all") is not None and base.get("all") == _digest(remote):
        return Merge(None)          # unchanged at the source (one fingerprint, the common case)
    now, local = source_of(incoming), snapshot(stored)
    if not _usable(base):
        # Imported before referee kept sources: what the source said then is unknown, so whatever differs
        # may be the club's correction, and the club wins. The source's version is the base from now on
        # (the play itself is not changed).
        if _same(local, remote):
            return Merge(None)
        return Merge({**stored, "src": now})
    was = base["h"]
    if was == now["h"]:
        return Merge(None)          # unchanged at the source: the club's play is left as it is
    # The club's renames (players rename/merge, or a name corrected by edit) are carried into the source's
    # version, so that a renamed player never comes back under the old name, and a name the source changed
    # for a player the club renamed keeps the club's name. To tell whether the club changed a field, its
    # renames are undone and the field compared with the source's fingerprint of it.
    club = _pairs(base["players"], local.get("players"))
    back = {new.casefold(): next(p for p in base["players"] if p.casefold() == old) for old, new in club.items()}
    theirs = _pairs(base["players"], remote.get("players"))
    names = {str(theirs.get(old, old)).casefold(): new for old, new in club.items()}
    remote_now, local_then = rename(remote, names), rename(local, back)
    out, took, kept = dict(stored), [], []
    for field in sorted((set(was) | set(local) | set(remote)) - _NOT_MERGED):
        new, mine = remote_now.get(field), local.get(field)
        if _digest(remote.get(field)) == was.get(field) or _same(new, mine):
            continue                                    # the source did not change it, or agrees
        if _digest(local_then.get(field)) == was.get(field):
            took.append(field)                          # the club did not change it: the source's value
            if new is None:
                out.pop(field, None)
            else:
                out[field] = new
        else:
            kept.append(field)                          # both changed it: the club wins
    if not _consistent(out):
        # The source changed who played and the club changed the result (or the reverse): the fields that
        # name players stay the club's together.
        for field in _NAMED:
            if field in took:
                took.remove(field)
                kept.append(field)
                if field in stored:
                    out[field] = stored[field]
                else:
                    out.pop(field, None)
    out["src"] = now
    return Merge(out, took, sorted(kept))


def with_source(doc: dict) -> dict:
    """A play newly imported from an external source, with the source's version kept."""
    return {**doc, "src": source_of(doc)} if external(doc) else doc


# --- tombstones -----------------------------------------------------------------------------------
def tombstone_path(store) -> Path:
    return store.path.with_name(store.path.name + ".tombstones")


def _read_tombstones(store) -> list[dict]:
    from ...store.atomic import read_regular

    path = tombstone_path(store)
    raw = read_regular(path)        # a fifo or a folder in its place: one sentence, never a hang
    if raw is None:
        return []
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        data = None
    if not (isinstance(data, dict) and data.get("kind") == TOMBSTONE_KIND and isinstance(data.get("plays"), list)):
        raise StoreError(_("{path} (what was deleted, so that an import does not bring it back) is damaged; "
                           "nothing was changed. Move it aside to go on.").format(path=path))
    return [e for e in data["plays"] if isinstance(e, dict) and isinstance(e.get("keys"), list)]


def bury(store, doc: dict) -> None:
    """Under the lock, before a play leaves the history: remember its identities (its id, and its BG Stats
    uuid or BGG play id) so that no import brings it back. Written first: a tombstone of a play still in
    the history changes nothing (an import finds the play itself first)."""
    import datetime as _dt

    from ...store.atomic import atomic_write

    keys = [["id", str(doc.get("id"))]] + [list(k) for k in keys_of(doc)]
    content = content_of(doc)
    if content is not None:     # for a play that comes again without any identity (a CSV row)
        keys.append(["content", content])
    entries = _read_tombstones(store)
    if any(e.get("keys") == keys for e in entries):
        return
    entries.append({"keys": keys, "deleted_at": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)
                    .isoformat()})
    blob = json.dumps({"kind": TOMBSTONE_KIND, "schema_version": 1, "plays": entries}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    atomic_write(tombstone_path(store), blob)


def content_of(doc: dict) -> str | None:
    """A play's content key (common.content_key: game, day, scores) as one text, or None."""
    from ..common import content_key

    key = content_key(doc)
    return None if key is None else _canon(key)


def _key_like(k) -> bool:
    return isinstance(k, list) and len(k) == 2 and all(isinstance(x, str) for x in k)


class Buried:
    """The identities of the plays deleted here: the tombstones, and the plays in the trash."""

    def __init__(self, store):
        from .trash import read_trash

        docs = [e["doc"] for e in read_trash(store)]
        lists = [[("id", str(d.get("id"))), ("content", content_of(d))] + keys_of(d) for d in docs]
        lists += [[tuple(k) for k in e["keys"] if _key_like(k)] for e in _read_tombstones(store)]
        self.keys: dict = {}
        self.user_pids = set()           # BGG play ids deleted with their user known
        for keys in lists:
            gid = next((v for kind, v in keys if kind == "id"), None)
            for k in keys:
                self.keys.setdefault(tuple(k), gid)
                if k[0] == "bggu":
                    self.user_pids.add(str(k[1]).rsplit("/", 1)[-1])

    def find(self, doc: dict) -> str | None:
        """The id a deleted play had, when ``doc`` is that play again by its identity; else None."""
        if not self.keys:       # nothing deleted here (an import into a new history asks for every play)
            return None
        keys = keys_of(doc)
        user = has_bgg_user(doc)
        for k in keys:
            if k[0] == "bgg" and user and k[1] in self.user_pids:
                continue            # the deleted play of that id had a user: the per-user key decides
            if k in self.keys:
                return self.keys[k]
        gid = doc.get("id")
        if gid and ("id", gid) in self.keys:
            return self.keys[("id", gid)]
        return None

    def find_content(self, doc: dict) -> str | None:
        """The id of a deleted play of the same content (game, day and scores), for a play without identity."""
        content = content_of(doc)
        return None if content is None else self.keys.get(("content", content))
