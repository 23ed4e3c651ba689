"""Import a history file: native JSON (as exported), CSV (one row per play and player), BGG play XML, or
the QR text of one result. A file is checked completely before anything is stored: one bad field and
nothing from that file is imported (the message names the line or the field).

Importing the same file twice adds nothing: a play is known by its identity (its id, BG Stats uuid or BGG
play id; club/log/provenance.py), and a play without one (a CSV row without an id) by its content (game, day
and every player's score), which the report says. Plays with identities of their own are never dropped
for looking alike: they are listed as possible duplicates for the club to resolve.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import deque
from collections.abc import Iterator

from ...core import validate
from ...core.errors import BadInput
from ...i18n import _
from ..common import check_date, content_key, one_line, parse_duration, parse_score

from ...store.shape import SOURCES  # noqa: F401  (the one list of sources; importers of it keep working)
from ..formats.parsed import Parsed, Records, result_from_rows, wrap  # noqa: F401  (read by every format)


def detect(text: str, path: str | None = None) -> str:
    from ..formats.export import format_from_path

    fmt = format_from_path(path)
    if fmt:
        return fmt
    head = text.lstrip("\ufeff \t\r\n")[:40].lower()
    if head.startswith("{") or head.startswith("["):
        return "json"
    if head.startswith("<"):
        return "bgg"
    if head.startswith("referee result"):
        return "qr"
    return "csv"


def parse(text: str, fmt: str, name: str) -> Parsed:
    text = text.lstrip("\ufeff")
    from ..formats.bgg import parse as parse_bgg_plays

    return {"json": parse_json, "csv": parse_csv, "bgg": parse_bgg_plays, "qr": parse_qr}[fmt](text, name)


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
        raise _bad(where, " must be an object")
    try:
        validate.check_tree(item, where, multiline=("notes", "record", "location"))
    except BadInput as err:
        raise BadInput(f"{str(err).rstrip('.')}; nothing was imported.") from None
    gid = item.get("id")
    if not validate.is_game_id(gid):
        raise _bad(f"{where}.id", f" must be a game id, not {gid!r}")
    players = item.get("players") or []
    if not isinstance(players, list):
        raise _bad(f"{where}.players", " must be a list of player names")
    for j, p in enumerate(players):
        if _checked(validate.player_name, p, f"{where}.players[{j}]") != p:
            raise _bad(f"{where}.players[{j}]", _(" {name} is not written as referee stores a name").format(name=repr(p)))
    loc = item.get("location")
    item = dict(item, location=_checked(validate.location, " ".join(loc.split()) if isinstance(loc, str) else loc,
                                        f"{where}.location"),
                notes=_checked(validate.notes, item.get("notes"), f"{where}.notes"))
    moves = item.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _bad(f"{where}.moves", " must be a list of move texts")
    try:
        game = Game(get_rules(str(item.get("game"))), item.get("players") or [], item.get("options") or {},
                    date=item.get("date"))
    except RefereeError as err:
        raise _bad(where, f": {str(err).rstrip('.')}") from None
    for n, text in enumerate(moves):
        try:
            game.play(text)
        except RefereeError as err:
            raise _bad(f"{where}.moves[{n}]", f" ({text}) is refused: {str(err).rstrip('.')}") from None
    if game.finished:
        raise _bad(where, " is a finished game; a finished game belongs in games")
    return {**{k: item.get(k) for k in LIVE_FIELDS}, "game": game.game, "players": game.players,
            "options": game.options, "date": game.date}


def _bad(where: str, what: str):
    return BadInput(_("{where}{what}; nothing was imported.").format(where=where, what=what))


def _checked(check, value, where, *args):
    """One of core.validate's checks on a field of a file, its refusal naming the field."""
    try:
        return check(value, *args)
    except BadInput as err:
        raise wrap(where, err) from None


def _need_int(value, where, lo=0):
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise _bad(where, f" must be a whole number{' of at least ' + str(lo) if lo else ' (0 or more)'}, not {value!r}")
    return value


def _check_native(item, where: str, replay: bool = True):
    """A finished game of an export: (document, move record or None), or BadInput naming the field. Its
    record is replayed here, or (``replay`` false) by the caller (record_problem, on another core)."""
    from ...store.ids import looks_like_id
    from ...store.store import SCHEMA_VERSION

    if not isinstance(item, dict):
        raise _bad(where, " must be an object")
    try:
        validate.check_tree(item, where, multiline=("notes", "record", "location"))
    except BadInput as err:
        raise BadInput(f"{str(err).rstrip('.')}; nothing was imported.") from None
    doc = {k: v for k, v in item.items() if k != "record"}
    record = item.get("record")
    sv = doc.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int):
        raise _bad(f"{where}.schema_version", " must be a whole number")
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

        raise _bad(f"{where}.game", f" {game!r} is not a game id ({', '.join(GAMES)}) or a game title") from None
    players = doc.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise _bad(f"{where}.players", " must be a list of player names")
    for j, p in enumerate(players):
        # a name as `new` and `record` check it; one that checking would change is refused rather than
        # changed, since the result, winners and colours name the player too
        if _checked(validate.player_name, p, f"{where}.players[{j}]") != p:
            raise _bad(f"{where}.players[{j}]", _(" {name} is not written as referee stores a name").format(name=repr(p)))
    _validate_players(game, players, f"{where}.players")    # count and distinct; each name is checked above
    if doc.get("date") is not None:
        try:
            check_date(doc["date"])
        except BadInput as err:
            raise wrap(f"{where}.date", err) from None
    if doc.get("source") not in SOURCES:
        raise _bad(f"{where}.source", f" must be one of {', '.join(SOURCES)}, not {doc.get('source')!r}")
    for key in ("location", "notes"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise _bad(f"{where}.{key}", " must be a text or null")
    if doc.get("location") is not None:
        # an older referee let a line break into a location: the export is still taken, on one line
        doc["location"] = _checked(validate.location, " ".join(doc["location"].split()), f"{where}.location")
    if doc.get("notes") is not None:
        doc["notes"] = _checked(validate.notes, doc["notes"], f"{where}.notes")
    if doc.get("duration") is not None:
        _need_int(doc["duration"], f"{where}.duration", 1)
    res = doc.get("result")
    if not isinstance(res, dict) or not isinstance(res.get("ranking"), list) or not res["ranking"]:
        raise _bad(f"{where}.result", " must be a result with a ranking (every imported game is finished)")
    names = []
    for j, e in enumerate(res["ranking"]):
        w = f"{where}.result.ranking[{j}]"
        if not isinstance(e, dict):
            raise _bad(w, " must be an object")
        if not isinstance(e.get("player"), str):
            raise _bad(f"{w}.player", " must be a player name")
        if isinstance(e.get("total"), bool) or not isinstance(e.get("total"), (int, float)):
            raise _bad(f"{w}.total", f" must be a number, not {e.get('total')!r}")
        _checked(validate.score, e.get("total"), f"{w}.total", "the total")
        _need_int(e.get("rank"), f"{w}.rank", 1)
        if not isinstance(e.get("breakdown", {}), dict):
            raise _bad(f"{w}.breakdown", " must be an object")
        for part, value in (e.get("breakdown") or {}).items():
            _checked(validate.label, part, f"{w}.breakdown", "a part's name", 60)
            if value is not None:
                _checked(validate.score, value, f"{w}.breakdown.{part}", "the value")
        if e.get("tiebreak") is not None and not isinstance(e.get("tiebreak"), (list, str)):
            _checked(validate.score, e["tiebreak"], f"{w}.tiebreak", "the tie-break")
        names.append(e["player"])
    if sorted(names) != sorted(players):
        raise _bad(f"{where}.result.ranking", f" names {', '.join(names)} but the players are {', '.join(players)}")
    if not isinstance(res.get("winners", []), list) or not set(res.get("winners", [])) <= set(names):
        raise _bad(f"{where}.result.winners", " must list players of the game")
    if doc.get("has_record"):
        if not isinstance(record, str) or not record.strip():
            raise _bad(f"{where}.record", " is missing, but has_record is true (a tracked game carries its moves)")
        if replay:
            _raise_record_problem(where, record_problem(record, game, players))
    elif record is not None:
        raise _bad(f"{where}.record", " is given but has_record is false")
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
        return ("bad", " is the record of a different game (game or players differ)")
    if not game_obj.finished:
        return ("bad", " is an unfinished game")
    return None


def _raise_record_problem(where: str, problem) -> None:
    if problem is None:
        return
    how, what = problem
    raise (wrap(f"{where}.record", what) if how == "wrap" else _bad(f"{where}.record", what))


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


def _winflag(value, where):
    raw = str(value).strip().lower()
    if raw == "":
        return None
    if raw in ("1", "yes", "y", "true", "x", "w", "win", "won"):
        return True
    if raw in ("0", "no", "n", "false", "l", "loss", "lost"):
        return False
    raise BadInput(_("{where}: win is {value}; write 1 for a winner and 0 otherwise; nothing was imported.").format(
        where=where, value=repr(value)))


def _new_doc(game, date, location, duration, notes, players, colours, result, gid=None):
    from ...store.store import SCHEMA_VERSION, now_iso

    from ..common import is_known_game

    doc = {"schema_version": SCHEMA_VERSION, "id": gid, "game": game, "players": players, "options": {},
           "date": date, "location": location or None, "notes": notes or None, "duration": duration,
           "colours": colours or None, "created": now_iso(), "finished_at": None, "source": "imported",
           "moves": 0, "has_record": False, "result": result}
    if not is_known_game(game):
        doc["title"] = game         # another title, as `record` logs it (its name wherever it is shown)
    return doc


def _validate_players(game: str, names, where: str, hint: str = ""):
    from ...core.game import validate_players
    from ...core.registry import GAMES, get_rules

    try:
        if game not in GAMES:           # another title: names checked, each once
            from .record import _other_title_players

            return _other_title_players(names)
        return validate_players(get_rules(game), names)
    except BadInput as err:
        raise wrap(where, f"{str(err).rstrip('.')}{hint}") from None


# --- CSV ------------------------------------------------------------------------------------------
_ALIASES = {"color": "colour", "position": "start_position", "startposition": "start_position",
            "seat": "start_position", "name": "player", "points": "score", "total": "score", "won": "win",
            "winner": "win", "length": "duration", "minutes": "duration", "place": "location",
            "comments": "notes", "play": "id", "game_id": "id"}


def _place(text: str) -> bool:
    """A rank or seat: 1, 2, 3 ... in ASCII digits (str.isdigit also accepts '²', which int() refuses)."""
    return bool(re.fullmatch(r"[0-9]{1,6}", text)) and int(text) >= 1


def parse_csv(text: str, name: str) -> Parsed:
    from ..formats.export import FORMULA_START, TEXT_COLUMNS

    first = text.split("\n", 1)[0]
    # Spreadsheets set to a decimal-comma locale write ';' (and some tools tabs) between fields.
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise BadInput(_("{file} is empty; nothing was imported.").format(file=name)) from None
    except csv.Error as err:
        raise BadInput(_("{file} line {line}: not readable as CSV ({error}); nothing was imported.").format(
            file=name, line=1, error=err)) from None
    cols = []
    for h in header:
        key = h.strip().lower().replace(" ", "_").replace("-", "_")
        cols.append(_ALIASES.get(key.replace("_", ""), _ALIASES.get(key, key)))
    for need in ("date", "game", "player", "score"):
        if need not in cols:
            raise BadInput(_("{file} line 1: the header has no {column} column (needed: date, game, player, score; "
                             "optional: id, location, duration, rank, win, start_position, colour, notes); nothing "
                             "was imported.").format(file=name, column=repr(need)))
    plays: list[dict] = []
    by_id: dict = {}
    current = None
    try:
        for row in reader:
            line = reader.line_num
            if not any(c.strip() for c in row):
                current = None
                continue
            if len(row) > len(cols):
                raise BadInput(_("{file} line {line}: {n} fields but the header has {columns}; nothing "
                                 "was imported.").format(file=name, line=line, n=len(row), columns=len(cols)))
            rec = {c: (row[i].strip() if i < len(row) else "") for i, c in enumerate(cols)}
            for c in TEXT_COLUMNS:    # "'=x" is how a text "=x" is written so no spreadsheet runs it
                if c in rec and rec[c].startswith("'") and rec[c][1:].startswith(FORMULA_START):
                    rec[c] = rec[c][1:]
            where = _("{file} line {line}").format(file=name, line=line)
            player = rec["player"].strip()
            if not player:
                raise BadInput(_("{where}: the player column is empty; nothing was imported.").format(where=where))
            player = _checked(validate.player_name, player, where)
            try:
                from ..common import title_of

                game = title_of(rec["game"]) if rec["game"].strip() else None   # any title the club logs
                if game is None:
                    raise BadInput(_("the game column is empty"))
                date = check_date(rec["date"] or None, _("the date"))
                # an empty score: a play without points (win and rank say who won), all its rows alike
                score = parse_score(rec["score"], player, game=game) if rec["score"] else None
                duration = parse_duration(rec.get("duration") or None, _("the duration"))
            except BadInput as err:
                raise wrap(where, err) from None
            rank = None
            if rec.get("rank"):
                if not _place(rec["rank"]):
                    raise BadInput(_("{where}: rank {rank} is not a place (1, 2, 3 ...); nothing was imported.").format(
                        where=where, rank=repr(rec["rank"])))
                rank = int(rec["rank"])
            seat = None
            if rec.get("start_position"):
                if not _place(rec["start_position"]):
                    raise BadInput(_("{where}: start_position {seat} is not a seat number (1 = "
                                     "start player); nothing was imported.").format(
                        where=where, seat=repr(rec["start_position"])))
                seat = int(rec["start_position"])
            win = _winflag(rec.get("win", ""), where)
            gid = (rec.get("id") or "").lower() or None
            if gid is not None:
                _checked(validate.game_id, gid, where, "the id")
            location = _checked(validate.location, rec.get("location") or None, where, "the location")
            coop = (rec.get("coop") or "").strip().lower() or None
            if coop not in (None, "won", "lost"):
                raise BadInput(_("{where}: coop is {value}; write won or lost for a co-operative play, or leave it "
                                 "empty; nothing was imported.").format(where=where, value=repr(rec.get("coop"))))
            entry = {"player": player, "score": score, "rank": rank, "win": win, "seat": seat,
                     "colour": _checked(validate.label, one_line(rec.get("colour")), where, "the colour", 30).lower()
                     or None, "line": line, "coop": coop,
                     "team": _checked(validate.label, one_line(rec.get("team")), where, "the team", 60) or None}
            meta = (date, game, location)
            if gid is not None:
                play = by_id.get(gid)
                if play is not None and play["meta"] != meta:
                    raise BadInput(_("{where}: game {id} has date, game or location different from line "
                                     "{line}; nothing was imported.").format(where=where, id=gid, line=play["line"]))
            else:
                play = current if (current is not None and current["id"] is None and current["meta"] == meta
                                   and all(e["player"].casefold() != player.casefold() for e in current["rows"])) \
                    else None
            if play is None:
                play = {"id": gid, "meta": meta, "rows": [], "line": line, "duration": duration,
                        "notes": _checked(validate.notes, rec.get("notes") or None, where, "the notes")}
                plays.append(play)
                if gid is not None:
                    by_id[gid] = play
            play["rows"].append(entry)
            current = play
    except csv.Error as err:
        raise BadInput(_("{file} line {line}: not readable as CSV ({error}); nothing was imported.").format(
            file=name, line=reader.line_num, error=err)) from None
    out = Parsed()
    for play in plays:
        date, game, location = play["meta"]
        where = _("{file} line {line}").format(file=name, line=play["line"])
        rows = play["rows"]
        if all(r["seat"] is not None for r in rows):
            seats = sorted(r["seat"] for r in rows)
            if seats != list(range(1, len(rows) + 1)):
                raise BadInput(_("{where}: the start positions of the play are {seats}, not 1 to {n}; "
                                 "nothing was imported.").format(where=where, seats=seats, n=len(rows)))
            rows = sorted(rows, key=lambda r: r["seat"])
        hint = "" if play["id"] else _(" (the rows of one play follow each other, or share an id)")
        names = _validate_players(game, [r["player"] for r in rows], where, hint)
        result, teams = _csv_result(game, rows, where)
        colours = {r["player"]: r["colour"] for r in rows if r["colour"]}
        doc = _new_doc(game, date, location, play["duration"], play["notes"], names, colours, result, gid=play["id"])
        if teams:
            doc["teams"] = teams
        if not all(r["seat"] is not None for r in rows):
            doc["seating"] = False          # rows without start positions: the order is not the seating
        out.docs.append(doc)
    from ..formats.export import CSV_COLUMNS

    if not out.docs and cols != CSV_COLUMNS:    # referee's own export of an empty history is an empty history
        raise BadInput(_("{file} has a header but no plays; nothing was imported.").format(file=name))
    return out


def _csv_result(game: str, rows: list[dict], where: str) -> tuple[dict, dict]:
    """The result of one play's CSV rows, and its teams ({} without): scores or none (a play without points
    is ranked by its rank and win columns), a co-op play won or lost together, teams from the team column
    (each player's place as the rank column gives it, else the teams' summed scores)."""
    from .record import _coop_result, _team_result

    scored = [r["score"] is not None for r in rows]
    if any(scored) and not all(scored):
        raise BadInput(_("{where}: give a score for every player of the play or for none (a play without "
                         "points); nothing was imported.").format(where=where))
    if not any(scored):
        if all(r["rank"] is None for r in rows) and all(r["win"] is None for r in rows) and not rows[0]["coop"]:
            raise BadInput(_("{where}: the play has no scores; give them, or say who won in the win or rank "
                             "column; nothing was imported.").format(where=where))
        rows = [dict(r, score=0) for r in rows]
    coops = {r["coop"] for r in rows}
    teams_given = [r["team"] is not None for r in rows]
    if len(coops) > 1:
        raise BadInput(_("{where}: coop must be the same on every row of the play; nothing was imported.")
                       .format(where=where))
    if any(teams_given) and not all(teams_given):
        raise BadInput(_("{where}: give a team for every player of the play or for none; nothing was "
                         "imported.").format(where=where))
    coop = coops.pop()
    if coop is not None:
        if any(teams_given):
            raise BadInput(_("{where}: a co-operative play has no teams; nothing was imported.").format(where=where))
        return _coop_result(game, [r["player"] for r in rows], {r["player"]: r["score"] for r in rows},
                            coop == "won"), {}
    if not any(teams_given):
        return result_from_rows(game, rows, where), {}
    teams: dict = {}
    for r in rows:
        teams.setdefault(r["team"], []).append(r["player"])
    if all(r["rank"] is None for r in rows):
        return _team_result(game, [(r["player"], r["score"]) for r in rows], teams), teams
    result = result_from_rows(game, rows, where)
    team_of = {r["player"]: r["team"] for r in rows}
    for e in result["ranking"]:
        e["team"] = team_of[e["player"]]
    return result, teams


# --- BGG play XML: club/formats/bgg.py reads it (an incremental parser; plays skipped with their reasons) ----------


# --- QR text ----------------------------------------------------------------------------------------
def parse_qr(text: str, name: str) -> Parsed:
    """One QR payload, or several (a .txt of scans): each starts with its 'referee result v1' line."""
    from ..formats.qr import MAGIC, decode

    chunks: list[tuple[int, list[str]]] = []
    for lineno, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if line.strip().lower().startswith(MAGIC) or not chunks:
            chunks.append((lineno, []))
        chunks[-1][1].append(line)
    out = Parsed()
    seen = set()
    for first, lines in chunks:
        where = name if len(chunks) == 1 else _("{file} (the result starting on line {line})").format(
            file=name, line=first)
        try:
            doc = decode("\n".join(lines))
        except BadInput as err:
            raise wrap(where, err) from None
        if doc["id"] in seen:
            raise BadInput(_("{where}: game {id} appears twice in the file; nothing was imported.").format(
                where=where, id=doc["id"]))
        seen.add(doc["id"])
        _validate_players(doc["game"], doc["players"], where)
        out.docs.append(doc)
    return out


# --- into the store ---------------------------------------------------------------------------------
def import_into(store, parsed: Parsed, dry_run: bool = False) -> dict:
    """Add the new plays of ``parsed`` and merge what changed at their source, in one archive write.

    A play is its identity (club/log/provenance.py): its id, BG Stats uuid or BGG play id. A play whose identity
    is stored is that play: merged field by field with the club's corrections (the club wins) when it came
    from BG Stats or BGG, else kept as stored. A play deleted here is not imported again. A play with an
    identity of its own is always imported, and one that looks like another (same game, day and scores) is
    listed as a possible duplicate for the club to resolve. Only a play without any identity (a CSV row
    without an id) is matched by content, and the report says so. Returns the report; ``dry_run`` reports
    the same and stores nothing."""
    from . import provenance

    report = {"imported": [], "duplicates": [], "conflicts": [], "renamed": [], "skipped": list(parsed.skipped),
              "updated": [], "kept": [], "deleted": [], "matched_by_content": [], "possible_duplicates": []}
    with store.lock:
        # What is stored is read from the shards' summaries (ids, content keys, move records, ids elsewhere);
        # only the games the file meets again are read whole.
        rows = store.archived_summaries()
        stored_ids = {r.get("id") for r in rows}
        file_ids = {d.get("id") for d in parsed.docs if d.get("id")}
        alike: dict = {}            # content key -> stored ids (of the file's days): possible duplicates
        tracked = set()
        days = {k[:2] for k in map(content_key, parsed.docs) if k is not None}   # (game, day) of the file's plays
        for r in rows:
            k = _row_key(r, days)
            gid = r.get("id")
            if k is not None and gid not in file_ids:
                alike.setdefault(k, []).append(gid)
            if r.get("has_record"):
                tracked.add(gid)
        del rows
        # a play without identity takes one stored play of its content each: a sheet of two alike plays,
        # imported twice, adds nothing the second time
        by_content = {k: list(v) for k, v in alike.items()}
        external = store.external_ids() if any(_external_keys(d) for d in parsed.docs) else {}
        met = {d.get("id") for d in parsed.docs if d.get("id") in stored_ids}
        met |= {external[k] for d in parsed.docs for k in _external_keys(d) if k in external}
        stored = store.archived_by_ids(met)
        buried = provenance.Buried(store)
        updates = []
        live = store.live_ids()
        taken = stored_ids | live
        new_docs, records = [], Records()
        seen: dict = {}             # identity -> the id it has here (the same play twice in the file)
        fresh: dict = {}            # content key -> [(id, tracked)] of the plays this import adds
        for doc in parsed.docs:
            idents, own = _external_keys(doc), provenance.own_keys(doc)
            gid = doc.get("id")
            again = next((seen[k] for k in own if k in seen), None)
            if again is not None:
                report["duplicates"].append(again)
                continue
            hit = None if gid in stored_ids else _stored_play(idents, external, stored)
            if hit is not None:
                old = stored[hit]
                if gid is None and doc.get("source") == provenance.origin(old):
                    change = provenance.merge(old, doc)
                    if change.doc is not None:
                        updates.append(change.doc)
                        _moved(alike, hit, content_key(old), content_key(change.doc))
                    if change.kept:
                        report["kept"].append({"id": hit, "fields": change.kept})
                    (report["updated"] if change.took else report["duplicates"]).append(hit)
                else:   # the same play from another source, or a copy of it from another history: it is here
                    report["duplicates"].append(hit)
                seen.update((k, hit) for k in own)
                continue
            key = content_key(doc)
            if gid is not None and gid in stored_ids:
                same = {k: v for k, v in stored[gid].items()} == doc or key == content_key(stored[gid])
                (report["duplicates"] if same else report["conflicts"]).append(gid)
                continue
            if gid is None and not idents and key is not None and by_content.get(key):
                other = by_content[key].pop(0)      # nothing tells them apart: taken for the stored play
                report["duplicates"].append(other)
                report["matched_by_content"].append({"id": other, "play": _label(doc)})
                continue
            gone = buried.find(doc) if gid is not None or idents else buried.find_content(doc)
            if gone is not None:
                report["deleted"].append({"id": gone, "play": _label(doc)})
                continue
            doc = dict(doc)
            if gid is None or gid in live:
                from ...store.ids import new_id

                new = new_id(taken)
                if gid is not None:
                    report["renamed"].append([gid, new])
                    if gid in parsed.records:
                        records.take(new, parsed.records, gid)
                doc["id"] = new
            elif gid in parsed.records:
                records.take(gid, parsed.records, gid)
            if gid is None and idents and "src" not in doc:
                doc = provenance.with_source(doc)
            taken.add(doc["id"])
            seen.update((k, doc["id"]) for k in own)
            new_docs.append(doc)
            report["imported"].append(doc["id"])
        # Possible duplicates, once every play is placed (a play merged here is compared as it is now): each
        # new play that looks like a stored one or an earlier new one; games tracked move by move are
        # different games however alike.
        for doc in new_docs:
            key = content_key(doc)
            if key is None:
                continue
            here = bool(doc.get("has_record"))
            others = [o for o in alike.get(key, ()) if not (here and o in tracked)] + \
                [o for o, rec in fresh.get(key, ()) if not (here and rec)]
            if others:
                report["possible_duplicates"].append({"id": doc["id"], "other": others[0], "play": _label(doc)})
            fresh.setdefault(key, []).append((doc["id"], here))
        report["in_progress"] = []
        live_docs = []
        for doc in parsed.live:
            gid = doc["id"]
            here = store.read_live(gid) if gid in live else None
            if gid in stored_ids or (here is not None and here.get("moves") == doc["moves"]):
                report["duplicates"].append(gid)
                continue
            if here is not None:
                report["conflicts"].append(gid)
                continue
            report["in_progress"].append(gid)
            live_docs.append(doc)
        if dry_run or not (new_docs or updates or live_docs):
            return report
        # All or nothing, even after a crash: the journal lists every file the import creates before it is
        # written, and the archive write (new plays and merged ones together) is the last step; a failure
        # or a kill before it takes them back.
        from ...store import journal

        intent = {"live": [d["id"] for d in live_docs], "archived": [d["id"] for d in new_docs],
                  "records": [gid for gid in records if store.read_record(gid) is None]}
        with journal.importing(store, intent):
            for doc in live_docs:
                store.write_live({**doc, "kind": "live-game"}, keep_updated=True)
            store.write_records(records)   # one flush to disk for all of them
            if new_docs or updates:
                store.add_archived(new_docs + updates)
    return report


def _moved(alike: dict, gid: str, old, new) -> None:
    """A stored play merged by the import is alike to what it is now, not what it was."""
    if old == new:
        return
    if old is not None and gid in alike.get(old, ()):
        alike[old].remove(gid)
    if new is not None:
        alike.setdefault(new, []).append(gid)


def _stored_play(idents: list, external: dict, stored: dict) -> str | None:
    """The stored play a play from BG Stats or BGG is, by its identity. A BGG play id alone (as referees
    before kept it, or a file that does not name its user) matches only where users cannot tell: a stored
    play of another BGG user with the same play id is another play."""
    from . import provenance

    user = any(k[0] == "bggu" for k in idents)
    for k in idents:
        gid = external.get(k)
        if gid is None or gid not in stored:
            continue
        if k[0] == "bgg" and user and provenance.has_bgg_user(stored[gid]):
            continue
        return gid
    return None


def _label(doc: dict) -> str:
    """A play as a line of the report names it: 'Azul, 2024-03-01: Ann 12, Bob 7'."""
    from ..common import game_name

    ranking = (doc.get("result") or {}).get("ranking") or []
    scores = ", ".join(f"{e.get('player')} {e.get('total')}" for e in ranking if isinstance(e, dict))
    return f"{doc.get('title') or game_name(str(doc.get('game')))}, {(doc.get('date') or '?')[:10]}: {scores}"


def _external_keys(doc: dict) -> list:
    from ...store.shards import external_keys

    return [tuple(k) for k in external_keys(doc)]


def _row_key(row, days: set) -> tuple | None:
    """content_key of a stored game from its summary row (a packed row is read without building dicts);
    None when its (game, day) is none of ``days``: it cannot match a play of the file."""
    from ...store.shards import SEP, Summary, unpack_result

    if row.__class__ is not Summary:
        key = content_key(row)
        return key if key is not None and key[:2] in days else None
    fields = row.split(SEP, 5)
    if (fields[4] or None, fields[0][:10]) not in days:
        return None
    fields = row.split(SEP)
    result = unpack_result(fields[12])
    if result is None or not result[1]:
        return None
    return (fields[4] or None, fields[0][:10], tuple(sorted((p.casefold(), total) for p, total, _ in result[1])))
