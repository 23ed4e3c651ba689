"""The result of a game: a ranking whose entries carry a breakdown that adds up to the total."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.i18n import N_, _

# Entry.note is stored (history, JSON, exports) in English, the same in every language: these are its
# sentences. note_text() shows one in the chosen language.
NOT_ELIGIBLE = N_("not eligible to win")
SHARED_WIN = N_("shared win")
SHARED_PLACE = N_("shared place")
DECIDED_BY = "decided by "
# What broke a tie (``rank(tiebreak_name=...)`` by scoring/<game>.py and the club's record/import).
_TIEBREAKS = (N_("coins"), N_("doubloons + goods"), N_("the table's tie-break"))


def note_text(note: str) -> str:
    """An entry's stored note as a person reads it in the chosen language ('decided by coins' ->
    'rozhodly mince'); a note this module did not write (an imported file's) is shown as it is."""
    if note in (NOT_ELIGIBLE, SHARED_WIN, SHARED_PLACE):
        return _(note)
    if note.startswith(DECIDED_BY):
        what = note[len(DECIDED_BY):]
        return _("decided by {tiebreak}").format(tiebreak=_(what) if what.strip() else what)
    return note


class ScoringError(ValueError):
    """Invalid calculator input. str() is one sentence naming the field (CLI exit 2)."""

    exit_code = 2


@dataclass
class Entry:
    player: str
    total: int
    rank: int
    breakdown: dict
    tiebreak: Any = None          # the value that broke a tie on total, or None
    eligible: bool = True         # False: ranked, but cannot win (e.g. Port Royal's expedition end)
    note: str = ""                # e.g. "decided by coins", "shared win", "not eligible to win"
    facts: dict = field(default_factory=dict)   # shown beside the total, not part of it (Port Royal G9: coins)

    def to_dict(self) -> dict:
        d = {"player": self.player, "total": self.total, "rank": self.rank,
             "breakdown": dict(self.breakdown), "tiebreak": self.tiebreak}
        if not self.eligible:
            d["eligible"] = False
        if self.note:
            d["note"] = self.note
        if self.facts:
            d["facts"] = dict(self.facts)
        return d


@dataclass
class Result:
    game: str
    ranking: list[Entry]
    notes: list[str] = field(default_factory=list)

    @property
    def winners(self) -> list[str]:
        return [e.player for e in self.ranking if e.rank == 1 and e.eligible]

    def entry(self, player: str) -> Entry:
        for e in self.ranking:
            if e.player == player:
                return e
        raise KeyError(player)

    def to_dict(self) -> dict:
        d = {"game": self.game, "ranking": [e.to_dict() for e in self.ranking], "winners": self.winners}
        if self.notes:
            d["notes"] = list(self.notes)
        return d

    @classmethod
    def from_dict(cls, data: dict) -> "Result":
        ranking = [Entry(player=e["player"], total=e["total"], rank=e["rank"],
                         breakdown=dict(e.get("breakdown") or {}), tiebreak=e.get("tiebreak"),
                         eligible=e.get("eligible", True), note=e.get("note", ""),
                         facts=dict(e.get("facts") or {}))
                   for e in data["ranking"]]
        return cls(game=data["game"], ranking=ranking, notes=list(data.get("notes", [])))


def rank(game: str, rows, *, tiebreak_name: str | None = None, notes=None, facts=None) -> Result:
    """Build a Result with competition ranking (1, 1, 3).

    ``rows``: iterables of (player, breakdown dict, tiebreak value or None[, eligible]). The total is the
    sum of the breakdown. Order: eligible players first, then total, then tiebreak (higher is better).
    Players equal on all of these share the rank. A tiebreak value is reported only for players whose
    total ties with another's (it is what decided, or failed to decide, their order). ``facts``: player ->
    {name: value} shown beside each total (the game's output asks for them), never added to it.
    """
    items = []
    for row in rows:
        player, breakdown, tb = row[0], row[1], row[2]
        eligible = row[3] if len(row) > 3 else True
        total = sum(breakdown.values())
        items.append((player, dict(breakdown), total, tb, eligible))
    key = lambda it: (it[4], it[2], it[3] if it[3] is not None else 0)
    items.sort(key=key, reverse=True)
    totals: dict = {}
    for it in items:
        totals.setdefault((it[4], it[2]), []).append(it)
    entries = []
    prev_key, prev_rank = None, 0
    for pos, it in enumerate(items, 1):
        k = key(it)
        r = prev_rank if k == prev_key else pos
        prev_key, prev_rank = k, r
        tied_on_total = len(totals[(it[4], it[2])]) > 1
        note = ""
        if not it[4]:
            note = NOT_ELIGIBLE
        elif tied_on_total:
            same = [o for o in totals[(it[4], it[2])] if key(o) == k]
            if len(same) > 1:
                note = SHARED_WIN if r == 1 else SHARED_PLACE
            elif tiebreak_name:
                note = DECIDED_BY + tiebreak_name
        entries.append(Entry(player=it[0], total=it[2], rank=r, breakdown=it[1],
                             tiebreak=it[3] if tied_on_total else None, eligible=it[4], note=note,
                             facts=dict((facts or {}).get(it[0]) or {})))
    return Result(game=game, ranking=entries, notes=list(notes or []))
