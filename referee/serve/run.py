"""Running the app under uvicorn (pure Python: asyncio loop, h11), on the LAN and 127.0.0.1.

`serve(...)` is `referee serve`: the server in this (main) thread; once it listens it prints contracts §6's
--json line, or the join address's QR code and the laptop's console (console.py). `Served.start()` runs the
same server in a thread with its own asyncio loop, for the full-screen table (`play ID --serve`, `serve` at
the table): `poke()` tells the phones at once of a move made at the table, `moved` callbacks tell the table
of a phone's move, `stop()` ends it when the table closes.

Ctrl-C ends open streams at once and stops with exit 0; a second Ctrl-C while stopping is ignored (uvicorn
would take it as "force exit", cancel the lifespan mid-way and log a traceback)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import sys
import threading

DEFAULT_PORT = 8023
SHUTDOWN_SECONDS = 2      # the streams' grace (they end at once; a loaded laptop may be slow), within the 3 s target
START_SECONDS = 15       # how long the table waits for its server thread to listen


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


class Served:
    """One game served: the socket (bound at once, so a taken port is an OSError here), the app, its hub
    and lobby, the links, and the uvicorn server that runs them in one asyncio loop."""

    def __init__(self, store, tracked, host: str | None = None, port: int | None = None):
        import uvicorn

        from .app import build_app
        from .seats import load_or_create

        lan = lan_address()
        bind_host = host or "0.0.0.0"
        self.sock = bind(bind_host, DEFAULT_PORT if port is None else port)
        self.port = self.sock.getsockname()[1]
        self.shown = host if host and host not in ("0.0.0.0", "::") else (lan or "127.0.0.1")
        self.local = bind_host in ("0.0.0.0", "::", "127.0.0.1", "localhost")
        hosts = {"127.0.0.1", "localhost", self.shown} | ({lan} if lan and bind_host in ("0.0.0.0", "::") else set())
        # The server has its own Store and its own copy of the game: beside the table (another thread) a
        # shared Store's lock would count the two threads as one holder (it is re-entrant per object), and
        # a shared game would change under the table while it draws. They meet on disk, as two windows do.
        from .. import session
        from ..store import Store

        if isinstance(store, Store):
            store = Store(store.path)
            tracked = session.open_game(store, tracked.id)
        self.seats = load_or_create(store, tracked.id, tracked.game.players)
        self.app = build_app(store, tracked, self.seats, hosts=hosts)
        self.hub = self.app.state.hub
        self.lobby = self.hub.lobby
        self.links = urls(self.seats, self.shown, self.port)
        self.loopback = f"http://127.0.0.1:{self.port}/j/{self.seats.join}" if self.local else None
        self.moved: list = []            # callables(): the game changed by a phone (called in the server's loop)
        self.loop = None
        self.thread = None
        self.error = None
        hub, moved, runner = self.hub, self.moved, self
        notify = hub.notify

        def notify_all():                # every change the hub tells its streams, the table hears too
            notify()
            for call in list(moved):
                try:
                    call()
                except Exception:
                    pass

        hub.notify = notify_all

        class Server(uvicorn.Server):
            def handle_exit(self, sig, frame):
                # end the streams too, or shutdown waits for them. Through the loop, never set here: a signal
                # handler runs between any two bytecodes, and an Event set between a stream's look at it and
                # its waiter being added left that stream waiting for its heartbeat (10 s), so shutdown's
                # grace ran out and uvicorn logged the cancelled streams' tracebacks
                loop = runner.loop
                if loop is not None and not loop.is_closed():
                    loop.call_soon_threadsafe(hub.closing.set)
                else:
                    hub.closing.set()
                if not self.should_exit:             # a second Ctrl-C while stopping is ignored
                    super().handle_exit(sig, frame)

            @contextlib.contextmanager
            def capture_signals(self):
                # uvicorn's own raises the caught signals again once stopped (a KeyboardInterrupt, and with
                # two Ctrl-C a cancelled lifespan's traceback); here SIGINT stays ignored until serve() ends
                if threading.current_thread() is not threading.main_thread():
                    yield
                    return
                handled = [s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGBREAK", None)) if s]
                original = {s: signal.signal(s, self.handle_exit) for s in handled}
                try:
                    yield
                finally:
                    for s, handler in original.items():
                        signal.signal(s, signal.SIG_IGN if s == signal.SIGINT else handler)

        config = uvicorn.Config(self.app, loop="asyncio", http="h11", lifespan="on", access_log=False,
                                log_level="warning", timeout_graceful_shutdown=SHUTDOWN_SECONDS, ws="none")
        self.server = Server(config)

    async def main(self, on_ready=None) -> None:
        self.loop = asyncio.get_running_loop()
        self.lobby.loop = self.loop
        task = asyncio.create_task(self.server.serve(sockets=[self.sock]))
        while not self.server.started and not task.done():
            await asyncio.sleep(0.02)
        if self.server.started and on_ready is not None:
            on_ready()
        await task

    # --- in a thread, beside the table ------------------------------------------------------------
    def start(self) -> None:
        """Serve from a thread with its own loop; returns once it listens (raises OSError if it cannot)."""
        ready = threading.Event()

        def run():
            try:
                asyncio.run(self.main(ready.set))
            except BaseException as err:        # told to the table below, never a thread's traceback
                self.error = err
            finally:
                ready.set()

        self.thread = threading.Thread(target=run, name="referee-serve", daemon=True)
        self.thread.start()
        ready.wait(START_SECONDS)
        if not self.server.started:
            self.stop()
            raise OSError(str(self.error or "the server did not start"))

    def stop(self) -> None:
        """End the streams and the server, and wait (a few seconds at most) for the thread."""
        loop = self.loop
        if loop is not None and self.thread is not None and self.thread.is_alive():
            def end():
                self.hub.closing.set()
                self.server.should_exit = True
            try:
                loop.call_soon_threadsafe(end)
            except RuntimeError:
                pass
            self.thread.join(SHUTDOWN_SECONDS + 3)
        self.sock.close()

    def poke(self) -> None:
        """The game changed in this process (a move at the table): phones are told now, not at the next
        look at the disk. Safe from any thread."""
        loop = self.loop
        if loop is None:
            return

        async def reload():
            async with self.hub.lock:
                self.hub.reload()          # tells every phone when the moves changed
        try:
            loop.call_soon_threadsafe(lambda: loop.create_task(reload()))
        except RuntimeError:      # the loop has closed
            pass


def serve(store, tracked, host: str | None = None, port: int | None = None, qr: bool = True,
          json_out: bool = False, out=None, err=None, stdin=None) -> int:
    """Serve ``tracked`` until SIGINT (or `quit` typed); returns the exit code (0). ``host`` None: every
    interface, with the LAN address shown; ``port`` None: 8023 (0: any free port). Raises OSError when the
    port is taken. Commands are read from ``stdin`` (default sys.stdin) when it is a terminal."""
    from .console import Console

    out = out or sys.stdout
    err = err or sys.stderr
    stdin = sys.stdin if stdin is None else stdin
    served = Served(store, tracked, host, port)
    interactive = _isatty(stdin)
    # --json keeps stdout to its one line; the console then speaks on stderr, and only to a person
    console = Console(served, out if not json_out else err, qr=qr, quiet=json_out and not interactive)

    def ready():
        if json_out:
            out.write(json.dumps(served.links, ensure_ascii=False) + "\n")
            out.flush()
        console.start(commands=interactive)
        if interactive:
            _read_lines(stdin, served, console)

    previous = signal.getsignal(signal.SIGINT) if threading.current_thread() is threading.main_thread() else None
    try:
        asyncio.run(served.main(ready))
    except KeyboardInterrupt:        # a Ctrl-C before uvicorn took the signal over
        pass
    finally:
        served.sock.close()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return 0


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _read_lines(stdin, served, console) -> None:
    """Typed commands, read in a daemon thread (raw reads of the descriptor: no buffer lock that could hold
    up the interpreter's exit) and handed to the server's loop."""
    import os

    try:
        fd = stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return
    loop = served.loop

    def read():
        pending = b""
        while True:
            try:
                chunk = os.read(fd, 1024)
            except OSError:
                return
            if not chunk:
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                try:
                    loop.call_soon_threadsafe(console.command, line.decode("utf-8", "replace"))
                except RuntimeError:
                    return

    threading.Thread(target=read, name="referee-serve-stdin", daemon=True).start()
