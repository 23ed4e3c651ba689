"""Every laptop's events folded into one club history, the same on every laptop whatever order the files
arrive in, however often, and whatever the clocks said: each value is chosen by the clock's order alone
(last writer wins per field, per tombstone, per alias), and an event counts once, by its id.

Taking in an event costs what it changes (a dict update), so a new file from another laptop is cheap at any
size of history; a whole rebuild is the same fold over all events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .clock import Stamp


@dataclass
class Play:
    fields: dict = field(default_factory=dict)       # name -> (Stamp, value)
    put: Stamp | None = None                          # earliest put: the play exists once one has arrived
    tomb: tuple | None = None                         # (Stamp, deleted: bool) of the latest delete/restore

    @property
    def exists(self) -> bool:
        return self.put is not None

    @property
    def deleted(self) -> bool:
        return self.tomb is not None and self.tomb[1]

    def values(self) -> dict:
        return {name: value for name, (_stamp, value) in sorted(self.fields.items())}


def take_into(play: Play, event) -> tuple[bool, bool]:
    """Merge one play event into ``play`` by the clock's order: (stored, changed): whether anything was kept
    (a stamp counts) and whether what the play reads as changed."""
    stamp, changed, stored = event.hlc, False, False
    if event.kind in ("play.put", "play.set"):
        if event.kind == "play.put" and (play.put is None or stamp < play.put):
            changed = changed or play.put is None
            play.put, stored = stamp, True
        for name, value in event.data.items():
            held = play.fields.get(name)
            if held is None or stamp > held[0]:
                changed = changed or held is None or held[1] != value
                play.fields[name], stored = (stamp, value), True
    elif play.tomb is None or stamp > play.tomb[0]:
        deleted = event.kind == "play.delete"
        changed = (play.tomb is not None and play.tomb[1]) != deleted
        play.tomb, stored = (stamp, deleted), True
    return stored, changed


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
        take_into(self.plays.setdefault(event.play, Play()), event)
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

