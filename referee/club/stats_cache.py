"""`referee stats` at 100,000 games: a saved tally of every play, brought forward with the plays stored since,
and recomputed whenever it cannot be shown to describe the history.

What `stats` shows without filters (players, games, H-index, Elo, skill ratings, scores, seats, durations,
plays per month) is a fold over every play, oldest first: club.stats, club.ratings and club.insights each
count one play at a time into plain data (``add_to_*``, ``elo_play``, ``Rater.add``). A ``Tally`` is that
data after the last play; it is saved beside the shards as

    history.json.d/stats.cache    line 1: {"cache": VERSION, "digest": <blake2b of line 2>}
                                  line 2: {"stamp": what it was computed with (this file's VERSION, the
                                           summary version, the rating constants, openskill's version),
                                           "shards": {key: [rows, digest of those rows]},
                                           "last": the order key of the newest game, "tally": ...}

(not *.json: it is never taken for a shard). It is derived and rebuildable: deleting it costs one slow
`stats`, never data.

Why it can be trusted: every reading checks it against the shards' summaries as they are now, row by row
(a digest of each shard's rows in stored order). A shard whose rows are the saved ones plus rows stored
after them (a write gives a new game the next number of its shard), all of them games played after the
newest one counted, is brought forward by counting only those plays: the cost of the change, not of the
history. Anything else (an edit, a delete, a restored or repaired shard, a rename or merge of players, a
backdated record, an import of older games, a file damaged or of another version, a write killed half-way)
fails the check, and the whole tally is recomputed from the summaries. The cache is written only under the
store's lock, and only when the lock is free at once (a busy store: the answer is computed and not saved);
it goes in place atomically, so a killed write leaves the old file or the new one, and either is checked.
"""

from __future__ import annotations

import hashlib
import json

from ..store import shards
from .common import chrono_key
from .insights import add_to_extras, add_to_months, extras_out, months_out
from .ratings import START_MU, START_SIGMA, Rater, Rating
from .stats import (K_FACTOR, START_RATING, add_to_games, add_to_players, assemble, elo_out, elo_play, games_out,
                    h_index, players_out, plays_from_docs)

VERSION = 1
NAME = "stats.cache"
CHUNK = 2000   # rows made into plays at a time when recomputing


class Tally:
    """Everything the default `stats` shows, counted play by play (oldest first), as plain data."""

    def __init__(self, state: dict | None = None):
        state = state or {}
        self.games: int = state.get("games", 0)
        self.names: dict = state.get("names", {})          # key -> the latest spelling
        self.players: dict = state.get("players", {})      # stats.add_to_players
        self.per_game: dict = state.get("per_game", {})    # stats.add_to_games
        self.elo: dict = state.get("elo", {})              # key -> Elo, in the order first rated
        self.extras: dict = {g: {"scores": e["scores"], "seats": {s: [w, n] for s, w, n in e["seats"]},
                                 "duration": e["duration"]} for g, e in state.get("extras", {}).items()}
        self.months: dict = state.get("months", {})
        self.table: dict[str, Rating] = {k: Rating(k, name, mu, sigma, plays)
                                         for k, name, mu, sigma, plays in state.get("skill", [])}
        self._rater = None

    def add(self, play, doc) -> None:
        """Count the next play (newer than every play counted); ``doc`` its document or summary row."""
        if self._rater is None:
            self._rater = Rater(self.table)   # openskill is imported only when there is something to rate
        self.games += 1
        for s in play.seats:
            self.names[s.key] = s.name
        add_to_players(self.players, play)
        add_to_games(self.per_game, play)
        elo_play(self.elo, play)
        self._rater.add(play, history=False)
        add_to_extras(self.extras, play, doc)
        add_to_months(self.months, play)

    def state(self) -> dict:
        for e in self.extras.values():
            e["scores"].sort()   # stable: what extras_out does, kept sorted so a reader sorts in linear time
        return {"games": self.games, "names": self.names, "players": self.players, "per_game": self.per_game,
                "elo": self.elo,
                "extras": {g: {"scores": e["scores"], "seats": [[s, w, n] for s, (w, n) in e["seats"].items()],
                               "duration": e["duration"]} for g, e in self.extras.items()},
                "months": self.months,
                "skill": [[r.key, r.name, r.mu, r.sigma, r.plays] for r in self.table.values()]}

    # --- what `stats` shows (the same shapes as stats.summary, insights.game_extras, insights.per_month) ----
    def summary(self, with_elo: bool) -> dict:
        names = self.names
        return assemble(self.games, players_out(self.players, names), games_out(self.per_game, names),
                        h_index(a["plays"] for a in self.players.values()),
                        elo_out(self.elo, names) if with_elo else {}, None)

    def game_extras(self) -> dict:
        return extras_out(self.extras)

    def per_month(self) -> dict:
        return months_out(self.months)


def stamp() -> dict:
    """What a saved tally was computed with: a tally of another version, another summary layout, other rating
    constants or another openskill (its numbers could differ) is not brought forward but recomputed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        skill = version("openskill")
    except PackageNotFoundError:
        skill = None
    return {"cache": VERSION, "summary": shards.SUMMARY_VERSION, "elo": [START_RATING, K_FACTOR],
            "skill": [START_MU, START_SIGMA, skill]}


def digest(rows) -> str:
    """Of a shard's summary rows in stored order (a packed row holds no newline; a JSON row escapes it)."""
    text = "\n".join(r if r.__class__ is str else json.dumps(r, ensure_ascii=False) for r in rows)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def order(row) -> list | None:
    """Where a game stands among the plays `stats` counts: by chrono_key, then as the store orders its rows
    (the sorts of Store.archived_summaries, history.select and stats.plays_from_docs, composed). None when a
    field is of a shape that does not compare (such a store is always recomputed)."""
    key = [*chrono_key(row), str(shards.order_key(row))]
    return key if all(isinstance(k, str) for k in key) else None


def current_tally(store) -> Tally | None:
    """The tally of every play in ``store``: the saved one when it still describes the history (brought
    forward by the plays stored since), else recomputed (and saved when the lock is free). None for a store
    of schema 0 or 1 (no shards: the caller counts the plays itself)."""
    if store.layout() != 2:
        return None
    import gc

    gc.freeze()   # what is loaded so far lives as long as the command: the collector need not scan it again
    try:
        return _current(store)
    finally:
        gc.unfreeze()


def _current(store) -> Tally:
    summaries = [(key, summary["rows"]) for key, summary in store.shard_summaries()]
    saved = load(store)
    now = stamp()
    if saved is not None and saved.get("stamp") == now:
        try:
            tally, marks = _forward(saved, summaries)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):   # whole, but not of our making
            tally, marks = None, None
        if tally is not None:
            if marks is not None:
                save(store, now, marks, tally)
            return tally
    tally, marks = recompute(summaries)
    if marks is not None:
        save(store, now, marks, tally)
    return tally


def recompute(summaries: list) -> tuple[Tally, dict | None]:
    """Count every play again, in the order `stats` always counted them. (tally, what to save or None).
    ``summaries`` is emptied on the way (each shard's rows are let go once they are rows to count)."""
    from .history import Filters, select

    shard_marks = {key: [len(raw), digest(raw)] for key, raw in summaries}
    rows = []
    while summaries:
        rows.extend(shards.rows_of({"rows": summaries.pop()[1]}))
    if all(r.__class__ is shards.Summary for r in rows):
        rows.sort()
    else:
        rows.sort(key=shards.order_key)
    rows = select(rows, Filters(), newest_first=False)
    by_id = {d.get("id"): d for d in rows}
    import gc

    gc.freeze()   # the rows stay until the end: the collector, run by the plays made meanwhile, skips them
    tally = Tally()
    for start in range(0, len(rows), CHUNK):   # in order (a chunk sorts as it is), a few plays in memory at once
        for play in plays_from_docs(rows[start:start + CHUNK]):
            tally.add(play, by_id.get(play.id))
    # sorted as they were counted, so the newest game is the last row; a row whose date or time is not a
    # text is not comparable with later ones: such a history is not saved (and so always recomputed)
    if not all(order(r) is not None for r in rows if r.__class__ is not shards.Summary):
        return tally, None
    return tally, {"shards": shard_marks, "last": order(rows[-1]) if rows else None}


def _forward(saved: dict, summaries) -> tuple[Tally | None, dict | None]:
    """(the saved tally brought forward, the marks to save when it moved; None when nothing was new) or
    (None, None) when the history is not the saved one plus newer games."""
    marks = saved.get("shards")
    if not isinstance(marks, dict):
        return None, None
    new = []
    now = {}
    for key, raw in summaries:
        count, mark = marks.get(key, (0, digest([])))
        if len(raw) < count or digest(raw[:count]) != mark:
            return None, None
        new.extend(raw[count:])
        now[key] = [len(raw), mark if len(raw) == count else digest(raw)]
    if any(count for key, (count, _m) in marks.items() if key not in now):   # a shard gone
        return None, None
    tally = Tally(saved["tally"])
    tally.summary(True), tally.game_extras(), tally.per_month()   # answers (a tally of another shape raises)
    if not new:
        return tally, None
    rows = shards.rows_of({"rows": new})
    keys = [order(r) for r in rows]
    last = saved.get("last")
    if any(k is None for k in keys) or (last is not None and min(keys) <= last) or not all(r.get("id") for r in rows):
        return None, None   # a game played before the newest one counted: everything after it moves
    rows = [r for _k, r in sorted(zip(keys, rows), key=lambda kr: kr[0])]
    by_id = {r.get("id"): r for r in rows}
    for play in plays_from_docs(rows):
        tally.add(play, by_id.get(play.id))
    return tally, {"shards": now, "last": max(keys + ([last] if last is not None else []))}


# --- the file ----------------------------------------------------------------------------------------------
def path_of(store):
    return store.shards_dir / NAME


def load(store) -> dict | None:
    """The saved body, or None when there is none or it is not whole (any damage: recomputed, never trusted)."""
    from ..store.atomic import read_regular

    try:
        raw = read_regular(path_of(store))
        if not raw:
            return None
        head, _nl, body = raw.partition(b"\n")
        header = json.loads(head)
        if not (isinstance(header, dict) and header.get("cache") == VERSION
                and header.get("digest") == hashlib.blake2b(body, digest_size=16).hexdigest()):
            return None
        data = json.loads(body)
        return data if isinstance(data, dict) and isinstance(data.get("tally"), dict) else None
    except Exception:   # a cache is never a reason to fail: anything odd about it means recompute
        return None


def save(store, now: dict, marks: dict, tally: Tally) -> None:
    """Under the store's lock, when it is free at once; silently not at all otherwise (a read-only store, a
    full disk, a writer at work): the next reader recomputes."""
    from ..core.errors import StoreError
    from ..store.atomic import atomic_write

    try:
        body = json.dumps({"stamp": now, **marks, "tally": tally.state()}, ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8", "surrogatepass")
        if json.loads(body)["tally"] != tally.state():   # a value JSON would not give back as it is
            return
        head = json.dumps({"cache": VERSION, "digest": hashlib.blake2b(body, digest_size=16).hexdigest()})
        store.lock.acquire(timeout=0)
    except (StoreError, ValueError, TypeError, OSError):
        return
    try:
        atomic_write(path_of(store), head.encode("ascii") + b"\n" + body)
    except (StoreError, OSError):
        pass
    finally:
        store.lock.release()
