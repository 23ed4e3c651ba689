"""The Starlette application of contracts §6. One game, one process: every change goes through one asyncio
lock and the session API (session.enter/undo: the same checks as the table, stored before the answer), and
every open stream is told the new state.

Security on a shared network: the Host must be one this server serves (DNS rebinding), a POST's Origin, when
a browser sends one, must be this server's own; no cookies; CSP default-src 'self' (the page's JS and CSS are
files); no referrer; nothing cached. Limits: body 2 KB, entry 200 characters, 5 requests a second per seat
token (burst 20; the watchers share a token: four times that), 3 open streams per seat token and 12 for the
watchers' (6 seats and 4 watchers, each with a stream reconnecting after Wi-Fi dropped, fit), 64 in all. A
seat that opens one stream more closes its oldest (a phone that lost Wi-Fi and came back is not locked out
by its own dead connections). A hostile request gets a JSON error with one sentence, and nothing is applied.
Tokens are never logged: uvicorn runs without its access log, and nothing here logs a path.

Entries and undos carry the version they were made at (`v`): a stale one gets 409 and the current state and is
never applied to another position; an entry id answered once is answered the same again, also after a
restart (serve/entries.py keeps the answers on disk, written so a crash cannot apply a move twice).

The clock: the time phones are used on the game counts as play time (the table's clock, ticked by every seat
request; a pause over ten minutes is a break), stored before a finishing move (so the archived play has its
duration, as from the table) and when serving stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import OrderedDict
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import session
from ..core.errors import HalfDone, MovedOn, RefereeError, StoreError
from ..core.labels import label
from . import messages as M
from .clock import Clock
from .access import chance_owner, may_enter, may_undo
from .entries import Answers, key_of
from .answers import HEADERS, _error, _json, _origin_ok  # noqa: F401  (HEADERS: the tests read it here)
from .payload import state, version, version_of

BODY_BYTES = 2048
ENTRY_CHARS = 200
RATE = 5.0              # requests a second per token, refilled continuously
BURST = 20
STREAMS = 64
STREAMS_PER_TOKEN = 3
STREAMS_PER_WATCH = 12  # the watchers share one token
WATCH_RATE = 4          # ... and so four times a seat's rate
ENTRY_ID_CHARS = 100
RETRY_MS = 1000         # EventSource reconnects after this (SSE `retry:`)
HEARTBEAT = 10.0
POLL = 0.25             # how often the game file is looked at for moves made elsewhere (table, CLI)



class Hub:
    """The game being served and the streams listening to it."""

    def __init__(self, store, tracked, seats, hosts, clock=True):
        self.store, self.tracked, self.seats = store, tracked, seats
        self.hosts = {h.lower() for h in hosts}
        self.lock = asyncio.Lock()
        self.listeners: OrderedDict = OrderedDict()   # queue -> token, oldest first
        self.buckets: dict = {}            # token -> (tokens left, at)
        self.answers = Answers(_answers_path(store, tracked.id))
        self.closing = asyncio.Event()
        self.stamp = self._stamp()
        # None: someone else (the table in the same process) keeps the clock
        self.clock = Clock() if clock else None

    # --- the clock -----------------------------------------------------------------------------
    def tick(self) -> None:
        if self.clock is not None:
            self.clock.tick()

    def store_time(self) -> None:
        """Hand the clock's time to the game file (before a finishing move, when serving stops)."""
        if self.clock is None or self.tracked.archived:
            return
        seconds = self.clock.take()
        if seconds > 0:
            try:
                session.add_table_time(self.store, self.tracked, seconds)
            except RefereeError:
                pass             # the time is a nicety; an entry reports a store that fails

    # --- the game on disk ----------------------------------------------------------------------
    def _stamp(self):
        try:
            info = self.store.live_path(self.tracked.id).stat()
            return (info.st_mtime_ns, info.st_size)
        except OSError:
            return None

    def reload(self) -> bool:
        """Continue from the disk's version when another window (the table, the CLI) changed the game; every
        screen is told when the moves changed. Whoever notices the change tells all: a stream that reloaded for
        its own phone once took the change from the disk watcher, and the other phones stayed behind."""
        before, was_archived = list(self.tracked.game.moves), self.tracked.archived
        stamp = self._stamp()     # before the read: a write landing after it is seen by the next look
        doc = self.store.read_live(self.tracked.id)
        if doc is None or doc.get("moves") != before or self.tracked.archived != (doc is None):
            try:
                self.tracked = session.open_game(self.store, self.tracked.id)
            except RefereeError:
                return False
        self.stamp = stamp
        changed = self.tracked.game.moves != before
        if changed or self.tracked.archived != was_archived:
            self.notify()
        return changed

    def notify(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(True)

    def listen(self, token: str, watch: bool):
        """A queue for a new stream, or None when the server has too many. A token over its own limit has its
        oldest stream closed instead: a dead connection (Wi-Fi dropped) never locks its phone out."""
        most = STREAMS_PER_WATCH if watch else STREAMS_PER_TOKEN
        own = [q for q, t in self.listeners.items() if t == token]
        for queue in own[: max(0, len(own) - most + 1)]:
            self.listeners.pop(queue, None)
            queue.put_nowait("close")
        if len(self.listeners) >= STREAMS:
            return None
        queue: asyncio.Queue = asyncio.Queue()
        self.listeners[queue] = token
        return queue

    async def watch_disk(self) -> None:
        while not self.closing.is_set():
            try:
                await asyncio.wait_for(self.closing.wait(), POLL)
            except asyncio.TimeoutError:
                pass
            if self.closing.is_set():
                return
            if self._stamp() != self.stamp:
                async with self.lock:
                    self.reload()

    def allow(self, token: str, watch: bool = False) -> bool:
        now = time.monotonic()
        times = WATCH_RATE if watch else 1
        left, at = self.buckets.get(token, (BURST * times, now))
        left = min(BURST * times, left + (now - at) * RATE * times)
        if left < 1:
            self.buckets[token] = (left, now)
            return False
        self.buckets[token] = (left - 1, now)
        return True


def _answers_path(store, gid: str):
    from .seats import seats_path

    try:
        return seats_path(store, gid).with_suffix(".entries")
    except (AttributeError, TypeError, ValueError):     # a store without a live folder (tests): memory only
        return None


async def _read_json(request):
    """(the body as a dict, None) or (None, the error answer): size first (declared and actual), then JSON."""
    try:
        declared = int(request.headers.get("content-length") or 0)
    except ValueError:
        declared = BODY_BYTES + 1
    if declared > BODY_BYTES:
        return None, _error(request, 413, M.TOO_BIG, most=BODY_BYTES)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > BODY_BYTES:
            return None, _error(request, 413, M.TOO_BIG, most=BODY_BYTES)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        data = None
    if (not isinstance(data, dict) or not isinstance(data.get("v"), str)
            or not isinstance(data.get("entry_id", ""), str) or len(data.get("entry_id") or "") > ENTRY_ID_CHARS):
        return None, _error(request, 422, M.BAD_BODY)
    return data, None


def _host_ok(hub, request) -> bool:
    host = request.headers.get("host", "")
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.lower().strip("[]") in hub.hosts


class Guard:
    """ASGI middleware: the Host allowlist before anything else, and the headers on every answer."""

    def __init__(self, app, hub):
        self.app, self.hub = app, hub

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        if not _host_ok(self.hub, request):
            return await _error(request, 421, M.BAD_HOST)(scope, receive, send)
        return await self.app(scope, receive, send)


def build_app(store, tracked, seats, hosts=("127.0.0.1", "localhost"), clock=True) -> Starlette:
    """The application serving ``tracked`` (a session.Tracked) with ``seats`` (seats.Seats); ``hosts``: the
    host names and addresses a request's Host may name; ``clock`` False when the table in the same process
    keeps the game's clock (it would be counted twice)."""
    hub = Hub(store, tracked, seats, hosts, clock=clock)

    def who(request):
        token = request.path_params["token"]
        return token, seats.find(token)

    async def page(request: Request):
        token, found = who(request)
        if found is None:
            return _error(request, 404, M.NO_SEAT)
        from .page import seat_page

        lang = M.language(request)
        if found[0] == "seat":
            seats.claimed.add(found[1])
        async with hub.lock:
            body = state(hub.tracked.game, found[1], lang)
        return HTMLResponse(seat_page(body, lang), headers=HEADERS)

    async def get_state(request: Request):
        token, found = who(request)
        if found is None:
            return _error(request, 404, M.NO_SEAT)
        if not hub.allow(token, found[0] == "watch"):
            return _error(request, 429, M.TOO_FAST)
        async with hub.lock:
            hub.reload() if hub._stamp() != hub.stamp else None
            return _json(state(hub.tracked.game, found[1], M.language(request)))

    async def events(request: Request):
        token, found = who(request)
        if found is None:
            return _error(request, 404, M.NO_SEAT)
        queue = hub.listen(token, found[0] == "watch")
        if queue is None:
            return _error(request, 429, M.TOO_MANY_STREAMS)
        lang, player = M.language(request), found[1]
        once = request.query_params.get("once") == "1"

        async def stream():
            try:
                yield f"retry: {RETRY_MS}\n\n"
                while True:
                    # every connection, a reconnection too, starts with the whole state: never a difference
                    # against something the phone may have missed while it slept
                    async with hub.lock:
                        if hub._stamp() != hub.stamp:
                            hub.reload()
                        body = json.dumps(state(hub.tracked.game, player, lang), ensure_ascii=False)
                    yield f"event: state\ndata: {body}\n\n"
                    if once:
                        return
                    while True:       # wait for a change, a heartbeat's time, or the server's end
                        getter = asyncio.ensure_future(queue.get())
                        closing = asyncio.ensure_future(hub.closing.wait())
                        done, pending = await asyncio.wait({getter, closing}, timeout=HEARTBEAT,
                                                           return_when=asyncio.FIRST_COMPLETED)
                        for task in pending:
                            task.cancel()
                        if hub.closing.is_set():
                            return
                        if getter in done:
                            said = [getter.result()]
                            while not queue.empty():
                                said.append(queue.get_nowait())
                            if "close" in said:      # a newer stream of this token took its place
                                return
                            break
                        yield ": alive\n\n"
            finally:
                hub.listeners.pop(queue, None)

        headers = dict(HEADERS, **{"X-Accel-Buffering": "no"})
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def posted(request: Request):
        """What every POST of a seat checks first, in this order: Origin, token, rate, body. (token, found,
        data, None) or (.., .., .., the refusal)."""
        token, found = who(request)
        if not _origin_ok(request):
            return token, found, None, _error(request, 403, M.FOREIGN_ORIGIN)
        if found is None:
            return token, found, None, _error(request, 404, M.NO_SEAT)
        if not hub.allow(token, found[0] == "watch"):
            return token, found, None, _error(request, 429, M.TOO_FAST)
        data, refused = await _read_json(request)
        return token, found, data, refused

    async def entry(request: Request):
        token, found, data, refused = await posted(request)
        if refused is not None:
            return refused
        lang = M.language(request)
        if not isinstance(data.get("text"), str):
            return _error(request, 422, M.BAD_BODY)
        text, entry_id = data["text"], data.get("entry_id") or None
        if len(text) > ENTRY_CHARS:
            return _error(request, 422, M.TOO_LONG, n=len(text), most=ENTRY_CHARS)
        return await answer(request, token, found, "entry", entry_id,
                            lambda k: apply_entry(hub, found, text, data["v"], lang, k))

    async def undo(request: Request):
        token, found, data, refused = await posted(request)
        if refused is not None:
            return refused
        lang = M.language(request)
        return await answer(request, token, found, "undo", data.get("entry_id") or None,
                            lambda k: apply_undo(hub, found, data["v"], lang, k))

    async def answer(request, token, found, kind, entry_id, apply):
        """Under the lock: the first answer again for a known entry id, else ``apply(key)`` (which writes its
        own answer down before it is given); every screen is told of a change."""
        if found[0] == "seat":
            hub.tick()
        async with hub.lock:
            if hub._stamp() != hub.stamp:
                hub.reload()
            k = key_of(token, kind, entry_id) if entry_id is not None else None
            first = hub.answers.lookup(k, hub.tracked.game.moves, version_of) if k else None
            if first is not None:
                return _json(_with_state(first[1], first[0], found, request), first[0])
            try:
                status, body = apply(k)
            except (OSError, RefereeError) as err:
                # the store failed (a full disk): said in a sentence; what the disk holds is told to every
                # screen (the move itself may be stored with only its answer missing: a resend of the same
                # entry id is then answered 200 from the game, see entries.py)
                hub.reload()
                status, body = 503, {"error": M.say(M.language(request), M.FAILED, error=str(err))}
            if k is not None and status in (403, 422):
                hub.answers.done(k, status, body)
            body = _with_state(body, status, found, request)
        if status in (200, 503):
            hub.notify()
        return _json(body, status)

    def _with_state(body, status, found, request):
        """A 200 carries the seat's state as it is now (under the lock), so the page that tapped shows its move
        at once without another request: one tap is one request against the seat's rate. Never stored with
        the answer an entry id replays: a resend gets today's state, not the one of its first answer."""
        if status != 200:
            return body
        return dict(body, state=state(hub.tracked.game, found[1], M.language(request)))

    async def not_found(request: Request):
        return _error(request, 404, M.NOT_FOUND)

    async def join(request: Request):
        if not seats.is_join(request.path_params["token"]):
            return _error(request, 404, M.NO_SEAT)
        from .page import join_page

        return HTMLResponse(join_page(seats, hub.tracked.game, M.language(request)), headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.create_task(hub.watch_disk())
        try:
            yield
        finally:
            hub.closing.set()
            task.cancel()
            async with hub.lock:
                hub.store_time()

    static = StaticFiles(directory=str(Path(__file__).with_name("static")))
    app = Starlette(routes=[
        Route("/j/{token}", join),
        Route("/s/{token}", page),
        Route("/s/{token}/state", get_state),
        Route("/s/{token}/events", events),
        Route("/s/{token}/entry", entry, methods=["POST"]),
        Route("/s/{token}/undo", undo, methods=["POST"]),
        Mount("/static", static),
        Route("/{rest:path}", not_found, methods=["GET", "POST", "HEAD", "PUT", "DELETE"]),
    ], lifespan=lifespan)
    from .join import install as install_join     # laptop: the join routes, 410 for taken-back seat tokens
    install_join(app, hub)
    app.add_middleware(Guard, hub=hub)
    app.state.hub = hub
    return app


def apply_entry(hub, found, text: str, v: str, lang: str, k: str | None = None):
    """(status, body) of one phone entry, under the hub's lock: 409 on a stale version, 422 refused by the
    rules, 403 not this seat's, 200 stored (session.enter: the table's checks, stored before the answer).
    ``k``: the entry id's key; the answer is written down before the move is stored (serve/entries.py)."""
    role, player = found
    game = hub.tracked.game
    if v != version(game):
        return 409, state(game, player, lang)
    if role != "seat":
        return 403, {"error": M.say(lang, M.WATCHER)}
    from ..i18n import using

    with using(lang):
        before = len(game.moves)
        owner = chance_owner(game)
        try:
            moves = session.play_entry(game, text)      # tried, then taken back: whose moves are these?
        except RefereeError as err:
            return 422, {"error": str(err), "rule": rule_of(err)}
        refused = None
        if any(m.chance or m.player is None for m in moves[1:]):
            # a chance move later in the entry: its owner is the one at its own position
            game.undo(len(game.moves) - before)
            for move in moves:
                if (move.chance or move.player is None) and move is not moves[0]:
                    owner = chance_owner(game)
                if not may_enter(move, player, owner):
                    refused = move
                    break
                game.play(move.text)
        else:
            refused = next((m for m in moves if not may_enter(m, player, owner)), None)
        tried = game.moves[before:]
        after = version(game)
        finishes = game.finished
        if len(game.moves) > before:
            game.undo(len(game.moves) - before)
        if refused is not None:
            move = refused
            why = M.say(lang, M.CHANCE_OTHER) if (move.chance or move.player is None) else M.say(
                lang, M.OTHER_PLAYER, player=move.player)
            return 403, {"error": M.say(lang, M.NOT_YOURS, move=label(game.game, move.text, lang), who=why)}
        if finishes:
            hub.store_time()      # the finished game enters the history with its time at the table
        if k is not None:
            hub.answers.pending(k, before, tried, after)
        try:
            applied = session.enter(hub.store, hub.tracked, text, typed_at=before)
        except MovedOn:
            hub.reload()
            return 409, state(hub.tracked.game, player, lang)
        except StoreError as err:
            if not isinstance(err, HalfDone):         # not stored (session.enter took it back): said, 503
                raise
            # the move is stored; the history is completed by the next command
            hub.reload()
            body = {"v": version(hub.tracked.game), "moves": tried, "warning": str(err)}
            if k is not None:
                hub.answers.done(k, 200, body)
            return 200, body
        except RefereeError as err:
            hub.reload()
            return 422, {"error": str(err), "rule": rule_of(err)}
    hub.stamp = hub._stamp()
    body = {"v": version(hub.tracked.game), "moves": [m.text for m in applied]}
    if k is not None:
        hub.answers.done(k, 200, body)
    return 200, body


def apply_undo(hub, found, v: str, lang: str, k: str | None = None):
    """(status, body) of a phone's undo, under the hub's lock: 409 stale, 403 not the last mover (a watcher,
    another seat, a finished game: the laptop reopens those), 200 the last move taken back and stored."""
    role, player = found
    game = hub.tracked.game
    now = version(game)
    if v != now:
        return 409, state(game, player, lang)
    if role != "seat":
        return 403, {"error": M.say(lang, M.WATCHER_UNDO)}
    if not may_undo(game, player, now):
        why = M.NOTHING_TO_UNDO if not game.moves else (M.FINISHED_UNDO if game.finished else M.NOT_YOUR_UNDO)
        return 403, {"error": M.say(lang, why)}
    from ..i18n import using

    before = game.moves
    after = version_of(before[:-1])
    if k is not None:
        hub.answers.pending_undo(k, before, after)
    with using(lang):
        dropped = session.undo(hub.store, hub.tracked, 1)
    hub.stamp = hub._stamp()
    body = {"v": version(hub.tracked.game), "undone": [m.text for m in dropped]}
    if k is not None:
        hub.answers.done(k, 200, body)
    return 200, body


_RULE = re.compile(r"\b(?:rules?|pravidl[oa])\s+(\d+(?:\.\d+)*[a-z]?)", re.IGNORECASE)


def rule_of(err) -> str | None:
    """The rule a refusal cites ('rule 6.3' -> '6.3'), or None."""
    found = _RULE.search(str(err))
    return found.group(1) if found else None
