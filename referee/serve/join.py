"""Joining by the QR code: the seat picker and the laptop's say over a seat a phone already holds.

- `GET /j/{join}`: the seats, free ones taken at once, held ones asked for (plain HTML forms: no script);
- `POST /j/{join}/take` `{"seat"}` (JSON, or the page's form): a free seat -> 200 `{"url"}` and the seat is
  held (written to the seats file); a held seat -> 202 `{"ask": ID}`, and the laptop is asked;
- `GET /j/{join}/ask/{ID}`: 202 waiting, 200 `{"url"}` granted (a NEW token; the old one answers 410),
  403 refused;
- every seat route (`/s/{token}...`) of a token the laptop took back answers 410 `{"error": sentence}`,
  and an open stream of that token is ended (the seat's secret goes to its new phone alone).

The laptop (the console of run.py, or the table) answers asks and releases seats through `Lobby`, from any
thread. `install(app, hub)` registers all this in app.py's application.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse
from starlette.routing import Route

from ..i18n import N_, _, using
from ..club.common import game_name
from .held import register

PICK_SEAT = N_("Pick your seat")
WATCH = N_("Watch")
HELD = N_("held by a phone: ask the laptop")
FREE = N_("free")
TITLE = N_("Referee: {game}")
WAITING = N_("Waiting for the laptop to let this phone take {player}'s seat…")
REFUSED = N_("The laptop did not give this phone {player}'s seat; pick another or ask again.")
REVOKED = N_("The laptop took this seat link back (the seat was released or given to another phone); "
             "scan the QR code on the laptop again.")
NO_JOIN = N_("This join link is not known here; scan the QR code on the laptop again.")
NO_SUCH_SEAT = N_("There is no seat called {seat} in this game.")
NO_ASK = N_("This request for a seat is not known here (the laptop was restarted); pick your seat again.")
BAD_TAKE = N_("The request is not a JSON object with a seat; reload the page.")
ASKS_KEPT = 50          # open asks at once; the oldest answered ones are forgotten first


class Lobby:
    """Who asked for which held seat, and the laptop's answers. Any thread may call ask/allow/deny/release;
    the server's loop is told (a stream of a revoked token ends, every page gets the new seats)."""

    def __init__(self, seats, hub):
        self.seats, self.hub = seats, hub
        self.asks: dict = {}              # ask id -> {"n", "seat", "state": waiting|granted|refused, "token"}
        self.number = 0                   # the console's short number of the latest ask
        self.lock = threading.Lock()
        self.loop = None                  # the server's loop, noted at its first request
        self.stops: dict = {}             # token -> set of asyncio.Event set when the token is taken back
        self.requests = 0                 # seat and join requests seen (the console's "no phone yet")

    # --- the laptop's side (any thread) --------------------------------------------------------------
    def pending(self) -> list:
        with self.lock:
            return [(a["n"], a["seat"]) for a in self.asks.values() if a["state"] == "waiting"]

    def ask(self, seat: str) -> str:
        with self.lock:
            self.number += 1
            ask_id = secrets.token_urlsafe(16)
            self.asks[ask_id] = {"n": self.number, "seat": seat, "state": "waiting", "token": None}
            answered = [k for k, a in self.asks.items() if a["state"] != "waiting"]
            while len(self.asks) > ASKS_KEPT and answered:
                self.asks.pop(answered.pop(0))
            n = self.number
        self.seats.tell("asked", (n, seat))
        return ask_id

    def _find(self, n: int | None):
        waiting = [(k, a) for k, a in self.asks.items() if a["state"] == "waiting"]
        if n is None:
            return waiting[-1] if waiting else (None, None)
        return next(((k, a) for k, a in waiting if a["n"] == n), (None, None))

    def allow(self, n: int | None = None):
        """Give the seat of ask number ``n`` (None: the latest) to the phone that asked; the seat's former
        token answers 410. Returns the seat, or None when no such ask waits."""
        with self.lock:
            _key, found = self._find(n)
            if found is None:
                return None
            old = self.seats.seats[found["seat"]]
            found["token"] = self.seats.renew(found["seat"], held=True)
            found["state"] = "granted"
        self._taken_back(old)
        self.seats.tell("granted", found["seat"])
        return found["seat"]

    def deny(self, n: int | None = None):
        with self.lock:
            _key, found = self._find(n)
            if found is None:
                return None
            found["state"] = "refused"
        self.seats.tell("refused", found["seat"])
        return found["seat"]

    def release(self, player: str) -> None:
        """The seat becomes free; the phone that held it is told (410) and scans again to take a seat."""
        with self.lock:
            old = self.seats.seats[player]
            self.seats.renew(player, held=False)
        self._taken_back(old)

    def _taken_back(self, token: str) -> None:
        events = self.stops.pop(token, set())
        if self.loop is not None:
            try:
                self.loop.call_soon_threadsafe(self._wake, events)
            except RuntimeError:          # the loop has closed: nothing is listening any more
                pass

    def _wake(self, events) -> None:
        for event in events:
            event.set()
        self.hub.notify()                 # every page shows the seats anew

    # --- the phones' side (the server's loop) -----------------------------------------------------------
    def seat_url(self, request, token: str) -> str:
        return f"{request.url.scheme}://{request.headers.get('host', '')}/s/{token}"




def _head(title: str, lang: str, refresh: str | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{escape(refresh)}">' if refresh else ""
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/serve.css"></head>')


def _picker(lobby, game, join: str, lang: str) -> str:
    with using(lang):
        items = []
        for player in lobby.seats.seats:
            note = _(HELD) if player in lobby.seats.held else _(FREE)
            items.append(f'<li><form method="post" action="/j/{escape(join)}/take?lang={lang}">'
                         f'<input type="hidden" name="seat" value="{escape(player)}">'
                         f'<button type="submit" class="seat" data-seat="{escape(player)}">{escape(player)}'
                         f' <small>({escape(note)})</small></button></form></li>')
        items.append(f'<li><a class="seat" href="/s/{escape(lobby.seats.watch)}?lang={lang}">{escape(_(WATCH))}</a></li>')
        # which game this code is for: a club may serve two tables at once
        players = ", ".join(game.players)
        return (_head(_(TITLE).format(game=game_name(game.game)), lang) + f'<body><h1>{escape(_(PICK_SEAT))}</h1>'
                f'<p id="game">{escape(game_name(game.game))} · {escape(players)}</p>'
                f'<ul id="seats">{"".join(items)}</ul></body></html>')


def _message_page(game, lang: str, text: str, refresh: str | None = None, back: str | None = None) -> str:
    link = f'<p><a href="{escape(back)}">{escape(_(PICK_SEAT))}</a></p>' if back else ""
    return (_head(_(TITLE).format(game=game_name(game.game)), lang, refresh)
            + f'<body><p id="prompt" role="status">{escape(text)}</p>{link}</body></html>')


def install(app, hub) -> None:
    """Register the join routes (before the catch-all) and the 410 guard of taken-back seat tokens."""
    from . import messages as M
    from .answers import HEADERS, _json, _origin_ok

    seats = hub.seats
    lobby = Lobby(seats, hub)
    hub.lobby = lobby
    register(lobby)

    def error(request, status, text, **values):
        return _json({"error": M.say(M.language(request), text, **values)}, status)

    def wants_html(request) -> bool:
        return "text/html" in request.headers.get("accept", "") and "json" not in request.headers.get(
            "content-type", "")

    def known(request) -> bool:
        lobby.requests += 1
        return seats.is_join(request.path_params["join"])

    async def picker(request: Request):
        if not known(request):
            return error(request, 404, NO_JOIN)
        lang = M.language(request)
        return HTMLResponse(_picker(lobby, hub.tracked.game, request.path_params["join"], lang), headers=HEADERS)

    async def take(request: Request):
        if not _origin_ok(request):
            return error(request, 403, M.FOREIGN_ORIGIN)
        if not known(request):
            return error(request, 404, NO_JOIN)
        if not hub.allow("join:" + (request.client.host if request.client else "")):
            return error(request, 429, M.TOO_FAST)
        raw = await request.body()
        if len(raw) > 2048:
            return error(request, 413, M.TOO_BIG, most=2048)
        form = "application/x-www-form-urlencoded" in request.headers.get("content-type", "")
        try:
            if form:
                from urllib.parse import parse_qs

                data = {k: v[0] for k, v in parse_qs(raw.decode("utf-8"), max_num_fields=5).items()}
            else:
                data = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("seat"), str):
            return error(request, 422, BAD_TAKE)
        seat, lang, join = data["seat"], M.language(request), request.path_params["join"]
        if seat not in seats.seats:
            return error(request, 422, NO_SUCH_SEAT, seat=repr(seat[:40]))
        if seat not in seats.held:
            seats.hold(seat)                                  # written before the phone is answered
            url = lobby.seat_url(request, seats.seats[seat])
            if form:
                return RedirectResponse(url + f"?lang={lang}", status_code=303, headers=HEADERS)
            return _json({"url": url})
        ask_id = lobby.ask(seat)
        if form:
            return RedirectResponse(f"/j/{join}/ask/{ask_id}?lang={lang}", status_code=303, headers=HEADERS)
        return _json({"ask": ask_id}, 202)

    async def asked(request: Request):
        if not known(request):
            return error(request, 404, NO_JOIN)
        found = lobby.asks.get(request.path_params["ask"])
        lang, join = M.language(request), request.path_params["join"]
        if found is None:
            return error(request, 404, NO_ASK)
        html = wants_html(request)
        with using(lang):
            if found["state"] == "granted":
                url = lobby.seat_url(request, found["token"])
                if html:
                    return RedirectResponse(url + f"?lang={lang}", status_code=303, headers=HEADERS)
                return _json({"url": url})
            if found["state"] == "refused":
                text = _(REFUSED).format(player=found["seat"])
                if html:
                    return HTMLResponse(_message_page(hub.tracked.game, lang, text, back=f"/j/{join}?lang={lang}"),
                                        status_code=403, headers=HEADERS)
                return _json({"error": text}, 403)
            text = _(WAITING).format(player=found["seat"])
            if html:
                return HTMLResponse(_message_page(hub.tracked.game, lang, text, refresh="2"), status_code=202,
                                    headers=HEADERS)
            return _json({"waiting": True, "message": text}, 202)

    app.router.routes[0:0] = [
        Route("/j/{join}", picker),
        Route("/j/{join}/take", take, methods=["POST"]),
        Route("/j/{join}/ask/{ask}", asked),
    ]
    app.add_middleware(Revoked, lobby=lobby)


class Revoked:
    """ASGI middleware: a seat route (/s/TOKEN...) of a token the laptop took back answers 410 with a
    sentence; a stream of a token that is taken back while open is ended (its receive says disconnect)."""

    def __init__(self, app, lobby):
        self.app, self.lobby = app, lobby

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        lobby = self.lobby
        if lobby.loop is None:
            lobby.loop = asyncio.get_running_loop()
        parts = scope["path"].split("/")
        if len(parts) < 3 or parts[1] != "s":
            return await self.app(scope, receive, send)
        token = parts[2]
        lobby.requests += 1
        if lobby.seats.is_revoked(token):
            from . import messages as M
            from .answers import _json

            request = Request(scope)
            return await _json({"error": M.say(M.language(request), REVOKED)}, 410)(scope, receive, send)
        if not parts[3:] == ["events"]:
            return await self.app(scope, receive, send)
        stop = asyncio.Event()
        lobby.stops.setdefault(token, set()).add(stop)

        async def until_taken_back():
            getter = asyncio.ensure_future(receive())
            stopper = asyncio.ensure_future(stop.wait())
            done, pending = await asyncio.wait({getter, stopper}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            return getter.result() if getter in done else {"type": "http.disconnect"}

        # Starlette listens to receive() during a stream only below ASGI spec 2.4 (uvicorn says 2.4 and
        # ends streams by a failed send): said so here, the stream ends as soon as the token is taken back
        scope = dict(scope, asgi=dict(scope.get("asgi") or {}, spec_version="2.3"))
        complete = []

        async def sending(message):
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                complete.append(True)
            await send(message)

        try:
            await self.app(scope, until_taken_back, sending)
            if stop.is_set() and not complete:       # ended here, not by the phone: end the answer properly
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            waiting = lobby.stops.get(token)
            if waiting is not None:
                waiting.discard(stop)
                if not waiting:
                    lobby.stops.pop(token, None)
