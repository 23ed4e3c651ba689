"""Every laptop's events folded into one club history, the same on every laptop whatever order the files
arrive in, however often, and whatever the clocks said: each value is chosen by the clock's order alone
(last writer wins per field, per tombstone, per alias), and an event counts once, by its id.

Taking in an event costs what it changes (a dict update), so a new file from another laptop is cheap at any
size of history; a whole rebuild is the same fold over all events.
"""

from __future__ import annotations

import hashlib
import json

from .clock import Stamp


class Play:
    """What the events of one play say so far. A play's fields are kept per name with the stamp that set
    them (last writer wins per field); the fields of its first put are kept as that put gave them (``bulk``)
    until another event needs them spread out: a new laptop's first sync takes in 20,000 puts, and spreading
    each into (stamp, value) pairs was most of the merge's time and a fifth of the sync's memory."""

    __slots__ = ("_fields", "_bulk", "put", "tomb", "ident", "said", "_alts")

    def __init__(self):
        self._fields: dict = {}             # name -> (Stamp, value)
        self._bulk: tuple | None = None     # (Stamp, data): every field of data at that stamp (never changed)
        self.put: Stamp | None = None       # earliest put: the play exists once one has arrived
        self.tomb: tuple | None = None      # (Stamp, deleted: bool) of the latest delete/restore
        self.ident: str | None = None       # what its put said it is (identity(): day, game, scores)
        self.said: dict | None = None       # its put's data, until ident is needed
        self._alts: set | None = None       # the texts of the other puts of this same play

    @property
    def fields(self) -> dict:
        """name -> (Stamp, value), every field spread out (from then on kept so)."""
        bulk = self._bulk
        if bulk is not None:
            stamp, data = bulk
            self._fields = {name: (stamp, value) for name, value in data.items()}
            self._bulk = None
        return self._fields

    @property
    def alts(self) -> set:
        if self._alts is None:
            self._alts = set()
        return self._alts

    def lineage(self) -> set:
        """The stamps (as text) of every put merged into this play."""
        alts = set(self._alts) if self._alts else set()
        if self.put is not None:
            alts.add(self.put.text())
        return alts

    def put_by(self, text: str) -> bool:
        """Whether the put of stamp ``text`` is one of this play's (lineage(), without building it)."""
        return self.put is not None and (self.put.text() == text or (self._alts is not None and text in self._alts))

    @property
    def exists(self) -> bool:
        return self.put is not None

    @property
    def deleted(self) -> bool:
        return self.tomb is not None and self.tomb[1]

    def values(self, leave_out=None) -> dict:
        """Each field's value, in name order (without the fields whose value is ``leave_out``)."""
        bulk = self._bulk
        if bulk is not None:
            data = bulk[1]
            if leave_out is None or leave_out not in data.values():      # (the usual put: one C pass)
                return dict(sorted(data.items()))
            pairs = sorted(data.items())
        else:
            pairs = [(name, value) for name, (_stamp, value) in sorted(self._fields.items())]
        if leave_out is None:
            return dict(pairs)
        return {name: value for name, value in pairs if value != leave_out}

    def __repr__(self) -> str:
        return f"Play(values={self.values()!r}, put={self.put!r}, tomb={self.tomb!r})"     # (not spread out)


def take_into(play: Play, event) -> tuple[bool, bool]:
    """Merge one play event into ``play`` by the clock's order: (stored, changed): whether anything was kept
    (a stamp counts) and whether what the play reads as changed."""
    stamp, changed, stored = event.hlc, False, False
    if event.kind in ("play.put", "play.set"):
        if event.kind == "play.put" and (play.put is None or stamp < play.put):
            changed = changed or play.put is None
            play.put, stored = stamp, True
            if play._bulk is None and not play._fields and event.data:
                # a play's first fields: each one new, each at this stamp (what the loop below would keep)
                play._bulk = (stamp, event.data)
                return True, True
        fields = play.fields
        for name, value in event.data.items():
            held = fields.get(name)
            if held is None:                    # (a new play's every field: no stamp to compare)
                fields[name] = (stamp, value)
                changed = stored = True
            elif stamp > held[0]:
                changed = changed or held[1] != value
                fields[name], stored = (stamp, value), True
    elif play.tomb is None or stamp > play.tomb[0]:
        deleted = event.kind == "play.delete"
        changed = (play.tomb is not None and play.tomb[1]) != deleted
        play.tomb, stored = (stamp, deleted), True
    return stored, changed


def merge_plays(into: Play, other: Play) -> Play:
    """One play made of two parts of the same play's events (an edit that came before its put): each
    value by the clock's order, as if every event had been taken into one."""
    for name, (stamp, value) in other.fields.items():
        held = into.fields.get(name)
        if held is None or stamp > held[0]:
            into.fields[name] = (stamp, value)
    if other.put is not None:
        if into.put is None or other.put < into.put:
            if into.put is not None:
                into.alts.add(into.put.text())
            into.put = other.put
            if other.ident is not None or other.said is not None:
                into.ident, into.said = other.ident, other.said
        else:
            into.alts.add(other.put.text())
    if other._alts:
        into.alts.update(other._alts)
    into.alts.discard(into.put.text() if into.put is not None else None)
    if other.tomb is not None and (into.tomb is None or other.tomb[0] > into.tomb[0]):
        into.tomb = other.tomb
    return into


def identity(data: dict, alike=None) -> str:
    """What a put says its play is, short: ``alike(data)`` (day, game, each player's score) when it has one,
    else the whole of it. Two puts of one id that differ here are two plays that got the same id."""
    key = alike(data) if alike is not None else None
    text = repr(key) if key is not None else json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


# What a second id is made of: the id alphabet (store/ids.py), so it is a game id like any other.
_ID_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def second_id(pid: str, key: str) -> str:
    """The id every laptop gives a play that got the same id as another on another laptop (ids of 6
    characters were made before sync, each laptop alone): the id, a hyphen and 4 letters from what the
    play is (its identity). It starts as the id does, so it lies in the same group (shard) as the first."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return f"{pid[:27]}-{''.join(_ID_LETTERS[b % len(_ID_LETTERS)] for b in digest[:4])}"


def _waiting_id(pid: str, put: str) -> str:
    """Where edits made on a line of events whose put has not come yet wait for it: never a play's id
    (no id holds "@"), and never written to the history."""
    return f"@{pid}@{put}"


def _ident(play: Play, alike) -> str:
    """What the play's put said it is, worked out when first asked (only a second put of its id asks)."""
    if play.ident is None:
        play.ident = identity(play.said if play.said is not None else play.values(), alike)
        play.said = None
    return play.ident


def fold(plays: dict, event, alike=None) -> tuple[bool, set]:
    """Take one play event into ``plays`` (``{id: Play}`` of one group), keeping apart plays that got one
    id on two laptops: (whether anything was kept, the ids whose reading changed).

    A put says what its play is (identity()); every later event of that play names the put its laptop
    knew (``of``). Puts of one id that say the same play (a laptop cloned with its history, one export
    imported on two laptops) are one play. Puts that say different plays are different plays: the one with
    the earliest put keeps the id, each other one is ``second_id(id, what it is)`` on every laptop, whatever
    order the events come in. An edit of a put that has not come yet waits apart until it does."""
    pid = event.play
    main = plays.get(pid)
    if event.kind != "play.put":
        of = getattr(event, "of", None)
        target = pid
        if of is not None and (main is None or not main.put_by(of)):
            target = next((k for k, p in _lines(plays, pid, alike) if of in p.lineage()), None)
            if target is None:                  # its put has not come: kept apart, nothing to show yet
                return take_into(plays.setdefault(_waiting_id(pid, of), Play()), event)[0], set()
        stored, changed = take_into(plays.setdefault(target, Play()), event)
        return stored, {target} if changed else set()
    mine, ident = event.hlc.text(), None
    if main is None and _waiting_id(pid, mine) not in plays:
        # the usual put: a play this group has not seen and no edit waiting for it (the steps below, for
        # it, come to this; a new laptop's first sync takes 20,000 of them)
        play = plays[pid] = Play()
        take_into(play, event)
        play.said = event.data
        return True, {pid}
    if main is None or not main.exists or main.put_by(mine):
        target = pid
    else:
        ident = identity(event.data, alike)
        target = pid if _ident(main, alike) == ident else second_id(pid, ident)
    existed = target in plays and plays[target].exists
    play = plays.setdefault(target, Play())
    touched = set()
    waiting = plays.pop(_waiting_id(pid, mine), None)
    if waiting is not None and waiting is not play:
        merge_plays(play, waiting)
        touched.add(target)
    before = play.put
    stored, changed = take_into(play, event)
    if play.put is event.hlc or play.put == event.hlc:     # (is: the stamp just taken, without Stamp.__eq__)
        play.ident, play.said = ident, event.data if ident is None else None
        if before is not None and before != event.hlc:
            play.alts.add(before.text())
    elif not play.put_by(mine):
        play.alts.add(mine)
    if changed:
        touched.add(target)
    if target != pid and play.put < main.put:      # the earlier play: it takes the id, the other moves
        moved = second_id(pid, _ident(main, alike))
        plays[moved] = merge_plays(plays.get(moved) or Play(), main)
        plays[pid] = plays.pop(target)
        touched |= {pid, moved}
        if existed:                              # the play left its second id: that id reads as no play now
            touched.add(target)
        else:                                    # only a place this put passed through on its way to the id
            touched.discard(target)
    return stored or bool(touched), touched


def _lines(plays: dict, pid: str, alike):
    """(id, play) of each play that got the id ``pid`` (the first, then the ones moved to a second id)."""
    if pid in plays:
        yield pid, plays[pid]
    head = pid[:27] + "-"
    for key, play in plays.items():
        if key.startswith(head) and play.exists and key == second_id(pid, _ident(play, alike)):
            yield key, play


def take_alias(aliases: dict, event) -> bool:
    """Merge one player.alias event (the later alias of a name wins); whether it changed anything."""
    old, new = event.data["from"], event.data["to"]
    if old in aliases and not event.hlc > aliases[old][0]:
        return False
    aliases[old] = (event.hlc, new)
    return True


def resolve(aliases: dict, name: str) -> str:
    """A player's name now: the aliases followed. A cycle (Ann -> Anna, later Anna -> Ann) ends at the
    target of its latest alias, so every laptop reads the same name."""
    path, current = [], name
    while current in aliases and current not in path:
        path.append(current)
        current = aliases[current][1]
    if current in path:                      # a cycle: the latest alias in it decides
        cycle = path[path.index(current):]
        return max((aliases[n] for n in cycle), key=lambda pair: pair[0])[1]
    return current


class History:
    """The merged state. ``take(event)`` returns the play id it changed (or the alias' old name), None for an
    event already taken in."""

    def __init__(self):
        self.seen: set = set()
        self.plays: dict = {}
        self.aliases: dict = {}             # old name -> (Stamp, new name)
        self.latest: dict = {}              # device -> its latest stamp (what each laptop has said so far)

    def take(self, event):
        if event.id in self.seen:
            return None
        self.seen.add(event.id)
        stamp = event.hlc
        if event.dev not in self.latest or stamp > self.latest[event.dev]:
            self.latest[event.dev] = stamp
        if event.kind == "player.alias":
            take_alias(self.aliases, event)
            return event.data["from"]
        fold(self.plays, event)
        return event.play

    def resolve(self, name: str) -> str:
        return resolve(self.aliases, name)

    def visible(self) -> dict:
        """{play id: its fields} of the plays that exist and are not deleted."""
        return {pid: play.values() for pid, play in sorted(self.plays.items()) if play.exists and not play.deleted}

    def snapshot(self) -> dict:
        """Everything the merge decided, in a canonical form (tests compare laptops with it)."""
        return {
            "plays": {pid: {"fields": play.values(), "deleted": play.deleted, "exists": play.exists}
                      for pid, play in sorted(self.plays.items())},
            "aliases": {old: self.resolve(old) for old in sorted(self.aliases)},
        }

