"""The Starlette application of contracts §6. One game, one process: every change goes through one asyncio
lock and the session API (session.enter/undo: the same checks as the table, stored before the answer), and
every open stream is told the new state.

Security on a shared network: the Host must be one this server serves (DNS rebinding), a POST's Origin, when
a browser sends one, must be this server's own; no cookies; CSP default-src 'self' (the page's JS and CSS are
files); no referrer; nothing cached. Limits: body 2 KB, entry 200 characters, 5 requests a second per token
(burst 20), 32 open streams, 3 per token. A hostile request gets a JSON error with one sentence, and nothing
is applied.
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
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import session
from ..core.errors import MovedOn, RefereeError
from ..core.labels import label
from . import messages as M
from .access import chance_owner, may_enter
from .payload import state, version

BODY_BYTES = 2048
ENTRY_CHARS = 200
RATE = 5.0              # requests a second per token, refilled continuously
BURST = 20
STREAMS = 32
STREAMS_PER_TOKEN = 3
ENTRY_IDS = 1000        # answers kept for repeated entry ids
HEARTBEAT = 10.0
POLL = 0.25             # how often the game file is looked at for moves made elsewhere (table, CLI)

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Hub:
    """The game being served and the streams listening to it."""

    def __init__(self, store, tracked, seats, hosts):
        self.store, self.tracked, self.seats = store, tracked, seats
        self.hosts = {h.lower() for h in hosts}
        self.lock = asyncio.Lock()
        self.listeners: dict = {}          # queue -> token
        self.buckets: dict = {}            # token -> (tokens left, at)
        self.answers: OrderedDict = OrderedDict()   # (token, entry_id) -> (status, body)
        self.closing = asyncio.Event()
        self.stamp = self._stamp()

    # --- the game on disk ----------------------------------------------------------------------
    def _stamp(self):
        try:
            info = self.store.live_path(self.tracked.id).stat()
            return (info.st_mtime_ns, info.st_size)
        except OSError:
            return None

    def reload(self) -> bool:
        """Continue from the disk's version when another window (the table, the CLI) changed the game."""
        before = list(self.tracked.game.moves)
        stamp = self._stamp()     # before the read: a write landing after it is seen by the next look
        doc = self.store.read_live(self.tracked.id)
        if doc is None or doc.get("moves") != before or self.tracked.archived != (doc is None):
            try:
                self.tracked = session.open_game(self.store, self.tracked.id)
            except RefereeError:
                return False
        self.stamp = stamp
        return self.tracked.game.moves != before

    def notify(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(True)

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
                    if self.reload():
                        self.notify()

    def allow(self, token: str) -> bool:
        now = time.monotonic()
        left, at = self.buckets.get(token, (BURST, now))
        left = min(BURST, left + (now - at) * RATE)
        if left < 1:
            self.buckets[token] = (left, now)
            return False
        self.buckets[token] = (left - 1, now)
        return True


def _json(body, status=200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=HEADERS)


def _error(request, status, text, **values) -> JSONResponse:
    return _json({"error": M.say(M.language(request), text, **values)}, status)


def _host_ok(hub, request) -> bool:
    host = request.headers.get("host", "")
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.lower().strip("[]") in hub.hosts


def _origin_ok(request) -> bool:
    origin = request.headers.get("origin")
    if origin is None:          # not a browser (a script, curl): no page of another site is behind it
        return True
    return origin == f"{request.url.scheme}://{request.headers.get('host', '')}"


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


def build_app(store, tracked, seats, hosts=("127.0.0.1", "localhost")) -> Starlette:
    """The application serving ``tracked`` (a session.Tracked) with ``seats`` (seats.Seats); ``hosts``: the
    host names and addresses a request's Host may name."""
    hub = Hub(store, tracked, seats, hosts)

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
        if not hub.allow(token):
            return _error(request, 429, M.TOO_FAST)
        async with hub.lock:
            hub.reload() if hub._stamp() != hub.stamp else None
            return _json(state(hub.tracked.game, found[1], M.language(request)))

    async def events(request: Request):
        token, found = who(request)
        if found is None:
            return _error(request, 404, M.NO_SEAT)
        if len(hub.listeners) >= STREAMS:
            return _error(request, 429, M.TOO_MANY_STREAMS)
        # a seat's own limit; watchers share one link (4 at a table: issue 23), bounded by STREAMS alone
        if found[0] == "seat" and sum(1 for t in hub.listeners.values() if t == token) >= STREAMS_PER_TOKEN:
            return _error(request, 429, M.TOO_MANY_STREAMS)
        lang, player = M.language(request), found[1]
        once = request.query_params.get("once") == "1"
        queue: asyncio.Queue = asyncio.Queue()
        hub.listeners[queue] = token

        async def stream():
            try:
                yield "retry: 1000\n\n"
                while True:
                    async with hub.lock:
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
                            while not queue.empty():
                                queue.get_nowait()
                            break
                        yield ": alive\n\n"
            finally:
                hub.listeners.pop(queue, None)

        headers = dict(HEADERS, **{"X-Accel-Buffering": "no"})
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def entry(request: Request):
        token, found = who(request)
        if not _origin_ok(request):
            return _error(request, 403, M.FOREIGN_ORIGIN)
        if found is None:
            return _error(request, 404, M.NO_SEAT)
        if not hub.allow(token):
            return _error(request, 429, M.TOO_FAST)
        lang = M.language(request)
        try:
            declared = int(request.headers.get("content-length") or 0)
        except ValueError:
            declared = BODY_BYTES + 1
        if declared > BODY_BYTES:
            return _error(request, 413, M.TOO_BIG, most=BODY_BYTES)
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > BODY_BYTES:
                return _error(request, 413, M.TOO_BIG, most=BODY_BYTES)
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            data = None
        if (not isinstance(data, dict) or not isinstance(data.get("text"), str)
                or not isinstance(data.get("v"), str) or not isinstance(data.get("entry_id", ""), str)
                or len(data.get("entry_id") or "") > 100):
            return _error(request, 422, M.BAD_BODY)
        text, entry_id = data["text"], data.get("entry_id") or None
        if len(text) > ENTRY_CHARS:
            return _error(request, 422, M.TOO_LONG, n=len(text), most=ENTRY_CHARS)
        async with hub.lock:
            key = (token, entry_id)
            if entry_id is not None and key in hub.answers:
                status, body = hub.answers[key]
                return _json(body, status)
            status, body = apply_entry(hub, found, text, data["v"], lang)
            if entry_id is not None and status in (200, 403, 422):
                hub.answers[key] = (status, body)
                while len(hub.answers) > ENTRY_IDS:
                    hub.answers.popitem(last=False)
        if status == 200:
            hub.notify()
        return _json(body, status)

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

    static = StaticFiles(directory=str(Path(__file__).with_name("static")))
    app = Starlette(routes=[
        Route("/j/{token}", join),
        Route("/s/{token}", page),
        Route("/s/{token}/state", get_state),
        Route("/s/{token}/events", events),
        Route("/s/{token}/entry", entry, methods=["POST"]),
        Mount("/static", static),
        Route("/{rest:path}", not_found, methods=["GET", "POST", "HEAD", "PUT", "DELETE"]),
    ], lifespan=lifespan)
    app.add_middleware(Guard, hub=hub)
    app.state.hub = hub
    return app


def apply_entry(hub, found, text: str, v: str, lang: str):
    """(status, body) of one phone entry, under the hub's lock: 409 on a stale version, 422 refused by the
    rules, 403 not this seat's, 200 stored (session.enter: the table's checks, stored before the answer)."""
    role, player = found
    if hub._stamp() != hub.stamp:
        hub.reload()
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
        if len(game.moves) > before:
            game.undo(len(game.moves) - before)
        if refused is not None:
            move = refused
            why = M.say(lang, M.CHANCE_OTHER) if (move.chance or move.player is None) else M.say(
                lang, M.OTHER_PLAYER, player=move.player)
            return 403, {"error": M.say(lang, M.NOT_YOURS, move=label(game.game, move.text, lang), who=why)}
        try:
            applied = session.enter(hub.store, hub.tracked, text, typed_at=before)
        except MovedOn:
            hub.reload()
            return 409, state(hub.tracked.game, player, lang)
        except RefereeError as err:
            hub.reload()
            return 422, {"error": str(err), "rule": rule_of(err)}
    hub.stamp = hub._stamp()
    return 200, {"v": version(hub.tracked.game), "moves": [m.text for m in applied]}


_RULE = re.compile(r"\b(?:rules?|pravidl[oa])\s+(\d+(?:\.\d+)*[a-z]?)", re.IGNORECASE)


def rule_of(err) -> str | None:
    """The rule a refusal cites ('rule 6.3' -> '6.3'), or None."""
    found = _RULE.search(str(err))
    return found.group(1) if found else None
