"""Reading referee's own JSON export (and a BG Stats backup, which the same extension may hold): every field
checked, each game in progress and move record replayed (by worker processes for a large file) before the
import stores anything. Split from club/log/importer.py, which dispatches on the format."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterator

from ...core import validate
from ...core.errors import BadInput
from ...i18n import N_, _
from ...store.shape import SOURCES
from ..common import check_date
from ..formats.parsed import Parsed, wrap
from .csvread import _checked, _validate_players


# --- native JSON ---------------------------------------------------------------------------------
def _not_json(name):
    def refuse(word):     # Python reads NaN and Infinity; they are not JSON, and must never be stored
        raise BadInput(_("{file} holds {word}, which is not a JSON number (nor a score); nothing was imported.")
                       .format(file=name, word=word))
    return refuse


def _too_deep(name) -> BadInput:
    return BadInput(_("{file} is nested too deeply to be a history export; nothing was imported.").format(file=name))


def _not_valid(name, err) -> BadInput:
    return BadInput(_("{file} line {line}, column {column}: not valid JSON ({error}); nothing was "
                      "imported.").format(file=name, line=err.lineno, column=err.colno, error=err.msg))


def parse_json(text: str, name: str) -> Parsed:
    from ..formats.export import EXPORT_FORMAT

    try:
        data = json.loads(text, parse_constant=_not_json(name))
    except RecursionError:
        raise _too_deep(name) from None
    except json.JSONDecodeError as err:
        raise _not_valid(name, err) from None
    except ValueError:      # a number of more than 4,300 digits: Python refuses to read it (no score has them)
        raise BadInput(_("{file} holds a number too long to be a score or a count; nothing was imported.")
                       .format(file=name)) from None
    from ..formats import bgstats

    if bgstats.looks_like(data) and data.get("format") != EXPORT_FORMAT:
        return bgstats.parse(data, name)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise BadInput(_("{file} is not a referee history export (no \"format\": \"{format}\"); nothing was "
                         "imported.").format(file=name, format=EXPORT_FORMAT))
    _check_version(data.get("version"), name)
    out = _Native(name)
    games = data.get("games")
    if not isinstance(games, list):
        raise BadInput(_("{file}: games must be a list; nothing was imported.").format(file=name))
    try:
        for item in games:
            out.game(item)
        out.finish()
    finally:
        out.close()
    out.in_progress(data.get("in_progress", []))
    return out.parsed


# A file as `referee export` writes it starts so; only such a file is read piece by piece (any other JSON,
# a BG Stats backup for one, is read whole as before).
_EXPORT_HEAD = re.compile(r'[\ufeff \t\r\n]*\{[ \t\r\n]*"format"[ \t\r\n]*:[ \t\r\n]*"referee-history"')


def parse_json_file(path: str, name: str) -> Parsed | None:
    """A referee history export read game by game (never the whole file at once: a 10,000-game export is
    140 MB of text), each game checked as it is read; None when the file does not start as an export does
    (the caller reads it whole then)."""
    from ..formats.jsonstream import CHUNK, Malformed, Reader

    try:
        fh = open(path, encoding="utf-8-sig", newline="")
    except OSError:
        return None
    with fh:
        try:
            head = fh.read(max(CHUNK, 4096))
        except (OSError, UnicodeDecodeError):
            return None
        if not _EXPORT_HEAD.match(head):
            return None
        reader = Reader(fh, json.JSONDecoder(parse_constant=_not_json(name)), head)
        out = _Native(name)
        seen_games = seen_version = False
        try:
            for key, value in reader.members(streamed=("games",)):
                if key == "version":
                    _check_version(value, name)
                    seen_version = True
                elif key == "games":
                    if seen_games:
                        raise BadInput(_("{file}: games appears twice; nothing was imported.").format(file=name))
                    seen_games = True
                    if not isinstance(value, (list, Iterator)):
                        raise BadInput(_("{file}: games must be a list; nothing was imported.").format(file=name))
                    for item in value:
                        out.game(item)
                    out.finish()
                elif key == "in_progress":
                    out.in_progress(value)
                elif key == "format" and value != "referee-history":
                    return None     # said twice, differently: read whole, as json.loads takes the last
        except RecursionError:
            raise _too_deep(name) from None
        except Malformed as err:
            raise _not_valid(name, err) from None
        except UnicodeDecodeError:
            raise BadInput(_("{file} is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet) and try "
                             "again.").format(file=name)) from None
        except OSError as err:
            raise BadInput(_("Cannot read {file}: {error}.").format(file=name, error=err.strerror or err)) from None
        finally:
            out.close()     # workers stop at the first refusal (or a Ctrl-C)
        if not seen_version:
            _check_version(None, name)
        if not seen_games:
            raise BadInput(_("{file}: games must be a list; nothing was imported.").format(file=name))
        return out.parsed


def _check_version(version, name) -> None:
    from ..formats.export import EXPORT_VERSION

    if not isinstance(version, int) or isinstance(version, bool):
        raise BadInput(_("{file}: version must be a whole number; nothing was imported.").format(file=name))
    if version > EXPORT_VERSION:
        raise BadInput(_("{file} is export version {version}, written by a newer referee (this one reads up to "
                         "{supported}); upgrade referee to import it.").format(file=name, version=version,
                                                                              supported=EXPORT_VERSION))


class _Native:
    """The games of a referee export, each checked once as it comes. Replaying the move records is nearly
    all of a big import's work (10,000 tracked games are 3.5 million moves, each checked as at the table),
    and each record is independent: past the first 200 they are replayed in worker processes, one per
    core, while this one reads and checks the rest of the file. Refusals come in file order, as if checked
    one game after another: the first game with a problem is the one named."""

    INLINE = 200       # records replayed here (~0.4 s) before workers are worth starting (spawning costs)
    BATCH = 16         # records per task
    START = None       # how workers start (None: the platform's way; tests try "spawn", as on Windows/macOS)

    def __init__(self, name: str):
        self.name, self.parsed, self.seen, self.n = name, Parsed(), set(), 0
        self.batch: list = []          # (where, (record, game, players)) not yet handed out
        self.tasks = deque()           # (wheres, future) in file order
        self.pool = None
        self.replayed = 0

    def game(self, item) -> None:
        where = f"{self.name}: games[{self.n}]"
        self.n += 1
        try:
            doc, record = _check_native(item, where, replay=False)
            if doc["id"] in self.seen:
                raise BadInput(_("{where}.id {id} appears twice in the file; nothing was imported.").format(
                    where=where, id=repr(doc["id"])))
        except BadInput:
            self.finish()           # an earlier game's record, if it is refused, is named first
            raise
        self.seen.add(doc["id"])
        self.parsed.docs.append(doc)
        if record is not None:
            self.parsed.records[doc["id"]] = record
            self._replay(where, (record, doc["game"], doc["players"]))

    def _replay(self, where: str, args) -> None:
        self.replayed += 1
        if self.pool is None and (self.replayed <= self.INLINE or not self._start_pool()):
            _raise_record_problem(where, record_problem(*args))
            return
        self.batch.append((where, args))
        if len(self.batch) >= self.BATCH:
            self._hand_out()

    def _start_pool(self) -> bool:
        import os

        cores = os.cpu_count() or 1
        if cores < 2:
            return False
        from concurrent.futures import ProcessPoolExecutor

        from ...i18n import language

        try:
            import multiprocessing

            context = multiprocessing.get_context(self.START) if self.START else None
            self.pool = ProcessPoolExecutor(max_workers=min(cores, 8), initializer=_start_worker,
                                            initargs=(language(),), mp_context=context)
        except (OSError, ImportError, NotImplementedError):     # no processes here: replay in this one
            return False
        self.workers = min(cores, 8)
        return True

    def _hand_out(self) -> None:
        batch, self.batch = self.batch, []
        if not batch:
            return
        try:
            future = self.pool.submit(_record_problems, [args for _, args in batch])
        except Exception:       # the pool broke (a worker killed): this process replays the batch
            future = None
        self.tasks.append((batch, future))
        while len(self.tasks) > 3 * self.workers:    # records waiting in memory stay a few batches
            self._settle_one()

    def _settle_one(self) -> None:
        batch, future = self.tasks.popleft()
        problems = None
        if future is not None:
            try:
                problems = future.result()
            except Exception:
                problems = None
        if problems is None:
            problems = _record_problems([args for _, args in batch])
        for (where, _args), problem in zip(batch, problems):
            if problem is not None:
                self.close()
                _raise_record_problem(where, problem)

    def finish(self) -> None:
        """Every record handed out is replayed: the first refused one (in file order) is raised."""
        if self.pool is None:
            return
        try:
            self._hand_out()
            while self.tasks:
                self._settle_one()
        finally:
            self.close()

    def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            self.tasks.clear()
            pool.shutdown(wait=True, cancel_futures=True)

    def in_progress(self, items) -> None:
        if not isinstance(items, list):
            raise BadInput(_("{file}: in_progress must be a list; nothing was imported.").format(file=self.name))
        for i, item in enumerate(items):
            self.parsed.live.append(_check_live(item, f"{self.name}: in_progress[{i}]"))


def _check_live(item, where: str) -> dict:
    """A game in progress from an export: its setup must be valid and every move must replay."""
    from ...core.errors import RefereeError
    from ...core.game import Game
    from ...core.registry import get_rules
    from ..formats.export import LIVE_FIELDS

    if not isinstance(item, dict):
        raise _bad(where, _(" must be an object"))
    try:
        validate.check_tree(item, where, multiline=("notes", "record", "location"))
    except BadInput as err:
        raise BadInput(_("{error}; nothing was imported.").format(error=str(err).rstrip('.'))) from None
    gid = item.get("id")
    if not validate.is_game_id(gid):
        raise _bad(f"{where}.id", _(" must be a game id, not {value}").format(value=repr(gid)))
    players = item.get("players") or []
    if not isinstance(players, list):
        raise _bad(f"{where}.players", _(" must be a list of player names"))
    for j, p in enumerate(players):
        if _checked(validate.player_name, p, f"{where}.players[{j}]") != p:
            raise _bad(f"{where}.players[{j}]", _(" {name} is not written as referee stores a name").format(name=repr(p)))
    loc = item.get("location")
    item = dict(item, location=_checked(validate.location, " ".join(loc.split()) if isinstance(loc, str) else loc,
                                        f"{where}.location"),
                notes=_checked(validate.notes, item.get("notes"), f"{where}.notes"))
    moves = item.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _bad(f"{where}.moves", _(" must be a list of move texts"))
    try:
        game = Game(get_rules(str(item.get("game"))), item.get("players") or [], item.get("options") or {},
                    date=item.get("date"))
    except RefereeError as err:
        raise _bad(where, _(": {error}").format(error=str(err).rstrip('.'))) from None
    for n, text in enumerate(moves):
        try:
            game.play(text)
        except RefereeError as err:
            raise _bad(f"{where}.moves[{n}]", _(" ({move}) is refused: {error}").format(
                move=text, error=str(err).rstrip('.'))) from None
    if game.finished:
        raise _bad(where, _(" is a finished game; a finished game belongs in games"))
    return {**{k: item.get(k) for k in LIVE_FIELDS}, "game": game.game, "players": game.players,
            "options": game.options, "date": game.date}


def _bad(where: str, what: str):
    return BadInput(_("{where}{what}; nothing was imported.").format(where=where, what=what))


def _need_int(value, where, lo=0):
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        what = (_(" must be a whole number of at least {lo}, not {value}") if lo
                else _(" must be a whole number (0 or more), not {value}"))
        raise _bad(where, what.format(lo=lo, value=repr(value)))
    return value


# (game, *players) found good by the checks of _check_native below: they depend on nothing else, so the
# same game and players pass again without them (only a table that passed is kept; any other is checked
# and refused as before)
_GOOD_TABLES: set = set()


def _check_native(item, where: str, replay: bool = True):
    """A finished game of an export: (document, move record or None), or BadInput naming the field. Its
    record is replayed here, or (``replay`` false) by the caller (record_problem, on another core)."""
    from ...store.ids import looks_like_id
    from ...store.store import SCHEMA_VERSION

    if not isinstance(item, dict):
        raise _bad(where, _(" must be an object"))
    try:
        validate.check_tree(item, where, multiline=("notes", "record", "location"))
    except BadInput as err:
        raise BadInput(_("{error}; nothing was imported.").format(error=str(err).rstrip('.'))) from None
    doc = {k: v for k, v in item.items() if k != "record"}
    record = item.get("record")
    sv = doc.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int):
        raise _bad(f"{where}.schema_version", _(" must be a whole number"))
    if sv > SCHEMA_VERSION:
        raise BadInput(_("{where} has schema {version}, written by a newer referee (this one reads up to "
                         "{supported}); upgrade referee to import it.").format(where=where, version=sv,
                                                                              supported=SCHEMA_VERSION))
    gid = doc.get("id")
    if not validate.is_game_id(gid):
        raise _bad(f"{where}.id", _(" {id} is not a game id (lower-case letters and digits of the id alphabet)")
                   .format(id=repr(gid)))
    game = doc.get("game")
    from ...core.registry import resolve_game_id

    try:
        if not isinstance(game, str):
            raise BadInput("")
        try:
            known = resolve_game_id(game) == game
        except BadInput:
            known = False
        if not known:       # another title logged by `record TITLE`: kept as it was given, if it is one
            from ..common import title_of

            if title_of(game) != game:
                raise BadInput("")
    except BadInput:
        from ...core.registry import GAMES

        raise _bad(f"{where}.game", _(" {game} is not a game id ({ids}) or a game title").format(
            game=repr(game), ids=", ".join(GAMES))) from None
    players = doc.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise _bad(f"{where}.players", _(" must be a list of player names"))
    table = (game, *players)
    if table not in _GOOD_TABLES:   # (a club's games are played by the same few tables: each checked once)
        for j, p in enumerate(players):
            # a name as `new` and `record` check it; one that checking would change is refused rather than
            # changed, since the result, winners and colours name the player too
            if _checked(validate.player_name, p, f"{where}.players[{j}]") != p:
                raise _bad(f"{where}.players[{j}]", _(" {name} is not written as referee stores a name").format(
                    name=repr(p)))
        _validate_players(game, players, f"{where}.players")    # count and distinct; each name is checked above
        if len(_GOOD_TABLES) < 4096:
            _GOOD_TABLES.add(table)
    if doc.get("date") is not None:
        try:
            check_date(doc["date"])
        except BadInput as err:
            raise wrap(f"{where}.date", err) from None
    if doc.get("source") not in SOURCES:
        raise _bad(f"{where}.source", _(" must be one of {choices}, not {value}").format(
            choices=", ".join(SOURCES), value=repr(doc.get('source'))))
    for key in ("location", "notes"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise _bad(f"{where}.{key}", _(" must be a text or null"))
    if doc.get("location") is not None:
        # an older referee let a line break into a location: the export is still taken, on one line
        doc["location"] = _checked(validate.location, " ".join(doc["location"].split()), f"{where}.location")
    if doc.get("notes") is not None:
        doc["notes"] = _checked(validate.notes, doc["notes"], f"{where}.notes")
    if doc.get("duration") is not None:
        _need_int(doc["duration"], f"{where}.duration", 1)
    res = doc.get("result")
    if not isinstance(res, dict) or not isinstance(res.get("ranking"), list) or not res["ranking"]:
        raise _bad(f"{where}.result", _(" must be a result with a ranking (every imported game is finished)"))
    names = []
    for j, e in enumerate(res["ranking"]):
        w = f"{where}.result.ranking[{j}]"
        if not isinstance(e, dict):
            raise _bad(w, _(" must be an object"))
        if not isinstance(e.get("player"), str):
            raise _bad(f"{w}.player", _(" must be a player name"))
        if isinstance(e.get("total"), bool) or not isinstance(e.get("total"), (int, float)):
            raise _bad(f"{w}.total", _(" must be a number, not {value}").format(value=repr(e.get('total'))))
        _checked(validate.score, e.get("total"), f"{w}.total", "the total")
        _need_int(e.get("rank"), f"{w}.rank", 1)
        if not isinstance(e.get("breakdown", {}), dict):
            raise _bad(f"{w}.breakdown", _(" must be an object"))
        for part, value in (e.get("breakdown") or {}).items():
            _checked(validate.label, part, f"{w}.breakdown", "a part's name", 60)
            if value is not None:
                _checked(validate.score, value, f"{w}.breakdown.{part}", "the value")
        if e.get("tiebreak") is not None and not isinstance(e.get("tiebreak"), (list, str)):
            _checked(validate.score, e["tiebreak"], f"{w}.tiebreak", "the tie-break")
        names.append(e["player"])
    if sorted(names) != sorted(players):
        raise _bad(f"{where}.result.ranking", _(" names {names} but the players are {players}").format(
            names=", ".join(names), players=", ".join(players)))
    if not isinstance(res.get("winners", []), list) or not set(res.get("winners", [])) <= set(names):
        raise _bad(f"{where}.result.winners", _(" must list players of the game"))
    if doc.get("has_record"):
        if not isinstance(record, str) or not record.strip():
            raise _bad(f"{where}.record", _(" is missing, but has_record is true (a tracked game carries its moves)"))
        if replay:
            _raise_record_problem(where, record_problem(record, game, players))
    elif record is not None:
        raise _bad(f"{where}.record", _(" is given but has_record is false"))
    return doc, record


def record_problem(record: str, game: str, players: list):
    """Replay a finished game's move record, re-checking every move: None when it is the record of that
    game, finished; else (how to say it, what is wrong) for _raise_record_problem. Plain data both ways, so
    that it can run in another process."""
    from ...core.errors import RefereeError
    from ...core.record import load_record

    try:
        game_obj = load_record(record)
    except RefereeError as err:
        return ("wrap", str(err))
    if game_obj.game != game or game_obj.players != players:
        return ("bad", N_(" is the record of a different game (game or players differ)"))
    if not game_obj.finished:
        return ("bad", N_(" is an unfinished game"))
    return None


def _raise_record_problem(where: str, problem) -> None:
    if problem is None:
        return
    how, what = problem
    raise (wrap(f"{where}.record", what) if how == "wrap" else _bad(f"{where}.record", _(what)))


def _record_problems(batch: list) -> list:
    """record_problem of each (record, game, players): one task for a worker process."""
    return [record_problem(*args) for args in batch]


def _start_worker(lang: str) -> None:
    import signal

    from ...i18n import set_language

    set_language(lang)      # a refusal reads in the language of the command that asked
    # A Ctrl-C reaches every process of the terminal: the command says what happened (exit 130) and stops
    # its workers; a worker ends there without a traceback of its own. (A handler, not SIG_IGN: an ignored
    # signal would stay ignored in any program started from the process.)
    signal.signal(signal.SIGINT, _stop_worker)
    _die_with_parent()


def _stop_worker(signum, frame) -> None:
    import os

    os._exit(130)


def _die_with_parent() -> None:
    """A worker ends when the import that started it ends, however it ends: killed, its workers were left
    waiting for tasks forever (each holds a copy of the task pipe's write end, so none ever sees it close).
    Linux: the kernel kills the worker with its parent (PR_SET_PDEATHSIG). Everywhere (Windows and macOS
    start workers by spawn): a thread waits on the parent's sentinel, which multiprocessing gives every
    child (a pipe or a process handle that closes when the parent is gone), and ends the worker then."""
    import os
    import sys
    import threading

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            PR_SET_PDEATHSIG = 1
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError, ImportError, ValueError):
            pass        # the watching thread below does it, a moment later
    import multiprocessing

    parent = multiprocessing.parent_process()
    ppid = os.getppid()

    def watch() -> None:
        from multiprocessing.connection import wait

        while True:
            try:
                if parent is not None:
                    if wait([parent.sentinel], timeout=1.0):
                        os._exit(130)
                else:       # no sentinel to wait on: a parent gone makes the worker a child of another
                    threading.Event().wait(1.0)
                    if os.getppid() != ppid:
                        os._exit(130)
            except (OSError, ValueError):
                os._exit(130)

    threading.Thread(target=watch, name="referee-parent-watch", daemon=True).start()
