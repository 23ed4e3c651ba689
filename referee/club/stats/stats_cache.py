"""`referee stats` at 100,000 games: a saved tally of every play, brought forward with the plays stored since,
and counted again from where the history differs whenever it cannot be shown to describe the history.

What `stats` shows without filters (players, games, H-index, Elo, skill ratings, scores, seats, durations,
plays per month) is a fold over every play, oldest first: club.stats, club.ratings and club.insights each
count one play at a time into plain data (``add_to_*``, ``elo_play``, ``Rater.add``). A ``Tally`` is that
data after the last play; it is saved beside the shards as

    history.json.d/stats.cache    line 1: {"cache": VERSION, "digest": <blake2b of line 2>}
                                  line 2: {"stamp": what it was computed with (this file's VERSION, the
                                           summary version, the rating constants, openskill's version),
                                           "shards": {key: [rows, digest of those rows]},
                                           "last": the order key of the newest game, "tally": ...}

(not *.json: it is never taken for a shard), and beside it the tally at checkpoints:

    history.json.d/stats.steps    line 1: a sealed header (shards.seal): what it was computed with, EVERY,
                                  the digest of each block of EVERY plays and of the plays after the last
                                  full block, and the digest of each line below
                                  line k + 1: the tally after the first k x EVERY plays

Both are derived and rebuildable: deleting them costs one slow `stats`, never data.

Why it can be trusted: every reading checks it against the shards' summaries as they are now, row by row
(a digest of each shard's rows in stored order). A shard whose rows are the saved ones plus rows stored
after them (a write gives a new game the next number of its shard), all of them games played after the
newest one counted, is brought forward by counting only those plays: the cost of the change, not of the
history. Anything else (an edit, a delete, a restored or repaired shard, a rename or merge of players, a
backdated record, an import of older games, a file damaged or of another version, a write killed half-way)
fails that check, and is then counted from where it differs (a correction costs what it changes): the plays
in the order counted, each reduced to what the tally reads of it (``fingerprint``: not its id, place, notes
or when it was stored), are compared block by block with the checkpoints' blocks; counting resumes from the
tally after the last block that is the same (an edit of a note, a place or anything the tally does not read
changes no block: the saved tally stands), and new checkpoints are kept from there on. A checkpoint is used
only when every block before it is the same, so a damaged, foreign or stale stats.steps costs time only. The cache is written only under the
store's lock, and only when the lock is free at once (a busy store: the answer is computed and not saved);
it goes in place atomically, so a killed write leaves the old file or the new one, and either is checked.
"""

from __future__ import annotations

import hashlib
import json

from ...store import shards
from ..common import chrono_key
from .insights import add_to_extras, add_to_months, months_out
from .ratings import START_MU, START_SIGMA, Rater, Rating
from .stats import K_FACTOR, START_RATING, add_to_games, add_to_players, assemble, elo_out, elo_play, games_out, h_index, players_out, plays_from_docs

VERSION = 2      # 2: scores kept as runs of equal values (ScoreRuns), checkpoints in stats.steps
NAME = "stats.cache"
STEPS = "stats.steps"
EVERY = 1000     # plays between checkpoints: a correction of a result recounts at most this many before it
CHUNK = EVERY    # rows made into plays at a time when counting


class ScoreRuns:
    """Every score of a game as a short list instead of one number per seat (a tally is saved every EVERY
    plays): the scores grouped by value, each group its runs of [score, count] in play order. It answers what
    insights.extras_out reads of the sorted list of scores (first lowest, first highest, median) exactly:
    equal values of another type (3 and 3.0) keep the order they were played in, as a stable sort keeps them."""

    __slots__ = ("groups",)

    def __init__(self, state=None):
        self.groups: dict = {}
        for runs in state or ():
            self.groups[runs[0][0]] = [list(r) for r in runs]

    def append(self, score) -> None:
        runs = self.groups.get(score)
        if runs is None:
            self.groups[score] = [[score, 1]]
            return
        last = runs[-1]
        if last[0].__class__ is score.__class__ and (score.__class__ is int or repr(last[0]) == repr(score)):
            last[1] += 1
        else:
            runs.append([score, 1])

    def state(self) -> list:
        return [self.groups[k] for k in sorted(self.groups)]

    def __len__(self) -> int:
        return sum(n for runs in self.groups.values() for _s, n in runs)

    def at(self, index: int):
        """The score at ``index`` of the stably sorted list."""
        for key in sorted(self.groups):
            for score, n in self.groups[key]:
                if index < n:
                    return score
                index -= n
        raise IndexError(index)

    def summary(self) -> dict:
        """{"min", "median", "max"} as insights.extras_out computes them (statistics.median's arithmetic)."""
        keys = sorted(self.groups)
        n = len(self)
        if n % 2:
            mid = self.at(n // 2)
        else:
            mid = (self.at(n // 2 - 1) + self.at(n // 2)) / 2
        return {"min": self.groups[keys[0]][0][0], "median": mid, "max": self.groups[keys[-1]][0][0]}


class Tally:
    """Everything the default `stats` shows, counted play by play (oldest first), as plain data."""

    def __init__(self, state: dict | None = None):
        state = state or {}
        self.games: int = state.get("games", 0)
        self.names: dict = state.get("names", {})          # key -> the latest spelling
        self.players: dict = state.get("players", {})      # stats.add_to_players
        self.per_game: dict = state.get("per_game", {})    # stats.add_to_games
        self.elo: dict = state.get("elo", {})              # key -> Elo, in the order first rated
        self.extras: dict = {g: {"scores": ScoreRuns(e["scores"]), "seats": {s: [w, n] for s, w, n in e["seats"]},
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
        extras = self.extras
        if play.game not in extras:
            extras[play.game] = {"scores": ScoreRuns(), "seats": {}, "duration": [0, 0]}
        add_to_extras(extras, play, doc)
        add_to_months(self.months, play)

    def state(self) -> dict:
        return {"games": self.games, "names": self.names, "players": self.players, "per_game": self.per_game,
                "elo": self.elo,
                "extras": {g: {"scores": e["scores"].state(), "seats": [[s, w, n] for s, (w, n) in e["seats"].items()],
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
        """insights.extras_out, with the scores from their runs."""
        out = {}
        for game, g in self.extras.items():
            total, n = g["duration"]
            out[game] = {
                "scores": g["scores"].summary(),
                "seats": {seat: {"wins": w, "plays": n_, "win_pct": round(100.0 * w / n_, 1)}
                          for seat, (w, n_) in sorted(g["seats"].items())},
                "average_duration": round(total / n) if n else None,
            }
        return out

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
    if saved is not None and saved.get("stamp") != now:
        saved = None
    if saved is not None:
        try:
            tally, marks = _forward(saved, summaries)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):   # whole, but not of our making
            tally, marks = None, None
        if tally is not None:
            if marks is not None:
                save(store, now, marks, tally)
            return tally
    tally, marks, steps = recompute(summaries, saved, load_steps(store, now))
    if marks is not None:
        save(store, now, marks, tally, steps)
    return tally


# --- counting from where the history differs ----------------------------------------------------------------
_COUNTED = ("date", "game", "players", "duration", "result", "no_stats", "incomplete", "seating")


def fingerprint(row) -> str:
    """What the tally reads of one play (Tally.add through plays_from_docs and add_to_extras): its day, game,
    players (their order is the seating), duration and result; not its id, place, source, moves, notes, when
    it was finished or stored (its place in the order is the place of its fingerprint in the sequence)."""
    if row.__class__ is shards.Summary:
        f = row.split(shards.SEP)
        return "\t".join((f[0], f[4], f[7], f[8], f[12]))
    values = [row.get(k) for k in _COUNTED]
    try:
        return json.dumps(values, ensure_ascii=False, sort_keys=True, default=repr)
    except (TypeError, ValueError):
        return repr(values)


def _digest_texts(texts) -> str:
    return hashlib.blake2b("\n".join(texts).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def blocks_of(prints: list) -> tuple[list, str]:
    """(the digest of each full block of EVERY fingerprints, the digest of the ones after the last block)."""
    full = len(prints) // EVERY
    return ([_digest_texts(prints[k * EVERY:(k + 1) * EVERY]) for k in range(full)],
            _digest_texts(prints[full * EVERY:]))


def _rows_in_order(summaries: list) -> list:
    """Every summary row in the order `stats` counts them (emptying ``summaries`` on the way)."""
    from ..log.history import Filters, select

    rows = []
    while summaries:
        rows.extend(shards.rows_of({"rows": summaries.pop()[1]}))
    if all(r.__class__ is shards.Summary for r in rows):
        rows.sort()
    else:
        rows.sort(key=shards.order_key)
    return select(rows, Filters(), newest_first=False)


def _answers(tally: Tally) -> Tally:
    tally.summary(True), tally.game_extras(), tally.per_month()   # a tally of another shape raises here
    return tally


def recompute(summaries: list, saved: dict | None = None, steps: "Steps | None" = None):
    """Count the plays, in the order `stats` always counted them, from the last checkpoint before the first
    one that differs from what ``steps`` counted (from the first play without usable checkpoints). (tally,
    the marks to save or None, the checkpoints to save or None when those stand). ``summaries`` is emptied on
    the way (each shard's rows are let go once they are rows to count)."""
    import gc

    shard_marks = {key: [len(raw), digest(raw)] for key, raw in summaries}
    rows = _rows_in_order(summaries)
    blocks, tail, raw = _blocks(rows, steps)
    sequence = _digest_texts(blocks + [tail])
    # a row whose date or time is not a text is not comparable with later ones: such a history is not saved
    # (and so always counted again)
    comparable = all(order(r) is not None for r in rows if r.__class__ is not shards.Summary)
    marks = {"shards": shard_marks, "last": order(rows[-1]) if rows else None, "sequence": sequence} \
        if comparable else None
    tally, begin, kept = None, 0, []
    if saved is not None and saved.get("sequence") == sequence and marks is not None:
        try:   # every play counts as it did (a note, a place, a move of stored order): the tally stands
            return _answers(Tally(saved["tally"])), marks, None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    if steps is not None:
        same = 0
        while same < min(len(steps.blocks), len(blocks), steps.count) and steps.blocks[same] == blocks[same]:
            same += 1
        while same and tally is None:      # the last checkpoint before the first block that differs
            state = steps.state(same)
            try:
                tally = _answers(Tally(state)) if state is not None else None
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                tally = None
            if tally is None:
                same -= 1
        if tally is not None:
            begin, kept = same * EVERY, steps.lines[:same]
    tally = tally or Tally()
    by_id = {d.get("id"): d for d in rows[begin:]}
    lines = list(kept)
    gc.freeze()   # the rows stay until the end: the collector, run by the plays made meanwhile, skips them
    for start in range(begin, len(rows), CHUNK):   # in order (a chunk sorts as it is), a few plays in memory at once
        for play in plays_from_docs(rows[start:start + CHUNK]):
            tally.add(play, by_id.get(play.id))
        if start + CHUNK <= len(rows) and comparable:   # a full block: the tally after it is a checkpoint
            lines.append(_encode_state(tally.state()))
    if marks is None:
        return tally, None, None
    return tally, marks, {"blocks": blocks, "tail": tail, "raw": raw, "lines": lines}


def _blocks(rows: list, steps: "Steps | None") -> tuple[list, str, dict]:
    """(the fingerprint digest of each full block, of the rest, {"blocks", "tail"}: the same of the rows as
    stored). Fingerprints cost a split of every row (0.2 s at 100,000): a block whose stored rows are the
    ones the checkpoints saw has the fingerprint digest they saw, so only the other blocks are fingerprinted."""
    texts = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows]
    raw_blocks, raw_tail = blocks_of(texts)
    full = len(raw_blocks)
    known = steps.raw_blocks if steps is not None else []
    blocks = []
    for k, mark in enumerate(raw_blocks):
        if k < len(known) and known[k] == mark and k < len(steps.blocks):
            blocks.append(steps.blocks[k])
        else:
            blocks.append(_digest_texts([fingerprint(r) for r in rows[k * EVERY:(k + 1) * EVERY]]))
    if steps is not None and len(known) == full and steps.raw_tail == raw_tail and isinstance(steps.tail, str):
        tail = steps.tail
    else:
        tail = _digest_texts([fingerprint(r) for r in rows[full * EVERY:]])
    return blocks, tail, {"blocks": raw_blocks, "tail": raw_tail}


def _encode_state(state: dict) -> bytes:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


class Steps:
    """The checkpoints of stats.steps as read: the block digests, and the tally after k blocks on demand
    (each line checked against its digest in the sealed header before it is believed)."""

    def __init__(self, header: dict, lines: list):
        self.blocks = header["blocks"]
        self.tail = header.get("tail")
        raw = header.get("raw") if isinstance(header.get("raw"), dict) else {}
        self.raw_blocks = raw.get("blocks") if isinstance(raw.get("blocks"), list) else []
        self.raw_tail = raw.get("tail")
        self.digests = header["lines"]
        self.lines = lines
        self.count = min(len(lines), len(self.digests))

    def state(self, k: int) -> dict | None:
        """The tally after the first k blocks, or None when its line is not whole."""
        if not 0 < k <= self.count:
            return None
        line = self.lines[k - 1]
        if hashlib.blake2b(line, digest_size=16).hexdigest() != self.digests[k - 1]:
            return None
        try:
            data = json.loads(line)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None


def load_steps(store, now: dict) -> Steps | None:
    """The saved checkpoints when they were computed as this referee counts (None otherwise: counted from
    the first play)."""
    from ...store.atomic import read_regular

    try:
        raw = read_regular(store.shards_dir / STEPS)
        if not raw:
            return None
        lines = raw.split(b"\n")
        header = shards.unseal(lines[0])
        if not (isinstance(header, dict) and header.get("steps") == VERSION and header.get("stamp") == now
                and header.get("every") == EVERY and isinstance(header.get("blocks"), list)
                and all(isinstance(b, str) for b in header["blocks"]) and isinstance(header.get("lines"), list)
                and all(isinstance(d, str) for d in header["lines"])
                and len(header["lines"]) <= len(header["blocks"])):
            return None
        return Steps(header, lines[1:])
    except Exception:   # a checkpoint is never a reason to fail: anything odd about it means count from the start
        return None


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
    from ...store.atomic import read_regular

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


def save(store, now: dict, marks: dict, tally: Tally, steps: dict | None = None) -> None:
    """Under the store's lock, when it is free at once; silently not at all otherwise (a read-only store, a
    full disk, a writer at work): the next reader recomputes. ``steps``: the checkpoints too (stats.steps,
    written first: a tally saved without them only costs a longer count after the next correction)."""
    from ...core.errors import StoreError
    from ...store.atomic import atomic_write

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
        if steps is not None:
            lines = steps["lines"]
            header = shards.seal({"steps": VERSION, "stamp": now, "every": EVERY, "blocks": steps["blocks"],
                                  "tail": steps["tail"], "raw": steps["raw"],
                                  "lines": [hashlib.blake2b(line, digest_size=16).hexdigest() for line in lines]})
            shards.write_derived(store.shards_dir / STEPS, b"\n".join([header, *lines]))
        atomic_write(path_of(store), head.encode("ascii") + b"\n" + body)
    except (StoreError, OSError):
        pass
    finally:
        store.lock.release()
