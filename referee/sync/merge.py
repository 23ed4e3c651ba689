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
            old, new = event.data["from"], event.data["to"]
            if old not in self.aliases or stamp > self.aliases[old][0]:
                self.aliases[old] = (stamp, new)
            return old
        play = self.plays.setdefault(event.play, Play())
        if event.kind in ("play.put", "play.set"):
            if event.kind == "play.put" and (play.put is None or stamp < play.put):
                play.put = stamp
            for name, value in event.data.items():
                held = play.fields.get(name)
                if held is None or stamp > held[0]:
                    play.fields[name] = (stamp, value)
        else:
            deleted = event.kind == "play.delete"
            if play.tomb is None or stamp > play.tomb[0]:
                play.tomb = (stamp, deleted)
        return event.play

    def resolve(self, name: str) -> str:
        """A player's name now: the aliases followed. A cycle (Ann -> Anna, later Anna -> Ann) ends at the
        target of its latest alias, so every laptop reads the same name."""
        path, current = [], name
        while current in self.aliases and current not in path:
            path.append(current)
            current = self.aliases[current][1]
        if current in path:                      # a cycle: the latest alias in it decides
            cycle = path[path.index(current):]
            return max((self.aliases[n] for n in cycle), key=lambda pair: pair[0])[1]
        return current

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

