"""`serve(...)`: the app under uvicorn (pure Python: asyncio loop, h11), on the LAN and 127.0.0.1.

Once it listens it prints contracts §6's --json line (or the join address and a QR code of it); SIGINT
ends open streams at once and stops with exit 0, no traceback (uvicorn waits for streams otherwise)."""

from __future__ import annotations

import asyncio
import json
import socket
import sys

DEFAULT_PORT = 8023
SHUTDOWN_SECONDS = 1


def lan_address() -> str | None:
    """The address other machines on the network reach this one at (the interface of the default route;
    a UDP 'connect' sends nothing), or None without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def urls(seats, host: str, port: int) -> dict:
    """The --json line: {"url": JOIN_URL, "seats": {player: SEAT_URL}, "watch": WATCH_URL}."""
    base = f"http://{host}:{port}"
    return {"url": f"{base}/j/{seats.join}", "seats": {p: f"{base}/s/{t}" for p, t in seats.seats.items()},
            "watch": f"{base}/s/{seats.watch}"}


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def serve(store, tracked, host: str | None = None, port: int | None = None, qr: bool = True,
          json_out: bool = False, out=None, err=None) -> int:
    """Serve ``tracked`` until SIGINT; returns the exit code (0). ``host`` None: every interface, with the
    LAN address shown; ``port`` None: 8023 (0: any free port). Raises OSError when the port is taken."""
    import uvicorn

    from .app import build_app
    from .seats import load_or_create

    out = out or sys.stdout
    err = err or sys.stderr
    lan = lan_address()
    bind_host = host or "0.0.0.0"
    sock = bind(bind_host, DEFAULT_PORT if port is None else port)
    port = sock.getsockname()[1]
    shown = host if host and host not in ("0.0.0.0", "::") else (lan or "127.0.0.1")
    hosts = {"127.0.0.1", "localhost", shown} | ({lan} if lan and bind_host in ("0.0.0.0", "::") else set())
    seats = load_or_create(store, tracked.id, tracked.game.players)
    app = build_app(store, tracked, seats, hosts=hosts)
    hub = app.state.hub

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):       # end the streams too, or shutdown waits for them
            hub.closing.set()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, loop="asyncio", http="h11", lifespan="on", access_log=False, log_level="warning",
                            timeout_graceful_shutdown=SHUTDOWN_SECONDS, ws="none")
    server = Server(config)

    async def main():
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.02)
        if server.started:
            announce(urls(seats, shown, port), qr, json_out, out, err)
        await task

    try:
        asyncio.run(main())
    except KeyboardInterrupt:        # uvicorn raises the caught SIGINT again once it has stopped
        pass
    finally:
        sock.close()
    return 0


def announce(links: dict, qr: bool, json_out: bool, out, err) -> None:
    from ..i18n import _

    if json_out:
        out.write(json.dumps(links, ensure_ascii=False) + "\n")
        out.flush()
        return
    if qr:
        try:
            from ..club.formats.qr import render_text
            from ..club.formats.qr_fit import make_fitting

            code, _lines, _fits = make_fitting(links["url"])
            out.write(render_text(code, ansi=out.isatty()) + "\n")
        except ImportError:                      # the QR helpers moved: the address below still works
            pass
    out.write(_("Phones join at {url} (scan the code); Ctrl-C stops serving.").format(url=links["url"]) + "\n")
    out.flush()
