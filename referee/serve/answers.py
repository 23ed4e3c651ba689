"""Every answer's headers and the JSON answers, and the Origin check: shared by the game's routes (app.py)
and the join routes (join.py), which may not import each other."""

from __future__ import annotations

from starlette.responses import JSONResponse

from . import messages as M

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def _json(body, status=200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=HEADERS)


def _error(request, status, text, **values) -> JSONResponse:
    return _json({"error": M.say(M.language(request), text, **values)}, status)


def _origin_ok(request) -> bool:
    origin = request.headers.get("origin")
    if origin is None:          # not a browser (a script, curl): no page of another site is behind it
        return True
    return origin == f"{request.url.scheme}://{request.headers.get('host', '')}"
