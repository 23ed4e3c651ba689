"""Phones at the full-screen table: `referee play ID --serve` and the table's `serve` command run
`referee serve`'s server in this process (serve/run.py's Served: a thread with its own asyncio loop), so
every player can enter their own moves from their own phone while the table goes on.

A move typed here is handed to the server at once (`poke`: the phones hear it without waiting for the look
at the disk); a phone's move wakes the table at once (its loop is called from the server's thread, it reads
the game file and redraws). The `serve` pane shows the join address's QR code (or the address alone when
the code does not fit the window); who takes or asks for a seat is said in the table's log.
"""

from __future__ import annotations

from ..i18n import N_, _

TABLE_ONLY = {      # the full-screen table's own commands beside ui/commands.COMMANDS
    "serve": N_("let every player enter moves from their phone: shows the join address and its QR code; "
                "serve seats, serve release NAME, serve allow [N], serve deny [N], serve net, serve stop"),
}
PORT_TAKEN = N_("Port {port} is taken (another `referee serve`?); serving on port {other} instead.")
CANNOT = N_("Phones cannot join: {reason}. Nothing else changed; the table goes on.")
STOPPED = N_("Serving stopped; the phones' links work again when serving starts.")
NOT_SERVING = N_("Not serving: type serve to let phones join.")
NO_ROOM = N_("The window is too small for the QR code; type the address on the phone, or enlarge the window.")
PANE_HINT = N_("Phones scan this code, or open:")
LOCAL = N_("On this laptop: {url}")
CLOSE = N_("Esc closes this pane; the phones stay connected.")
PHONES = N_("phones {held}/{n}")


# The server itself (serve/run.py's Served, serve/console.py's Console, the port) is given by the command line
# (cli/table.py), which may import both front ends: the table and the phones' server never import each other.
_BACKEND = None


def provide(backend) -> None:
    """``backend()`` -> (Served, Console, DEFAULT_PORT), called when the table first serves."""
    global _BACKEND
    _BACKEND = backend


class Serving:
    """The table's server (None until asked for) and what the table shows of it."""

    def __init__(self, table, start: bool = False):
        self.table = table
        self.wanted = start
        self.served = None
        self.console = None
        self.generation = 0          # bumped when the seats change: the pane is drawn anew

    # --- starting and stopping ---------------------------------------------------------------------
    def begin(self) -> None:
        """At the table's start: serve when `--serve` asked for it (the pane shows the code)."""
        if self.wanted:
            self.start()

    def start(self) -> bool:
        if self.served is not None:
            return True
        table = self.table
        if _BACKEND is None:
            table.log.append(("class:bad", _(CANNOT).format(reason="referee serve")))
            return False
        try:
            Served, Console, DEFAULT_PORT = _BACKEND()
        except ImportError as err:
            table.log.append(("class:bad", _(CANNOT).format(reason=err)))
            return False
        try:
            try:
                served = Served(table.store, table.tracked, None, DEFAULT_PORT)
            except OSError:
                served = Served(table.store, table.tracked, None, 0)
                table.log.append(("class:warn", _(PORT_TAKEN).format(port=DEFAULT_PORT, other=served.port)))
            served.start()
        except (OSError, ImportError) as err:
            table.log.append(("class:bad", _(CANNOT).format(reason=err)))
            return False
        self.served = served
        served.moved.append(self._phone_moved)
        self.console = Console(served, say=self._said, qr=False, prefix="serve ")
        self.console.start(commands=False, announce=False)
        table.pane = "serve"
        return True

    def stop(self) -> None:
        served, self.served = self.served, None
        if served is not None:
            served.stop()

    # --- between the two loops -----------------------------------------------------------------------
    def _on_table(self, call) -> None:
        """Run ``call`` in the table's loop (from the server's thread), or now when the table is not running."""
        app = self.table.app
        loop = getattr(app, "loop", None)
        if loop is None or not app.is_running:
            call()
            return
        try:
            loop.call_soon_threadsafe(call)
        except RuntimeError:        # the table has closed
            pass

    def _phone_moved(self) -> None:
        def look():
            table = self.table
            if table.poll():
                table.generation += 1
            self.generation += 1
            table.app.invalidate()
        self._on_table(look)

    def _said(self, text: str) -> None:
        def log():
            self.table.log.append(("class:warn", text))
            self.generation += 1
            self.table.app.invalidate()
        self._on_table(log)

    def poke(self) -> None:
        if self.served is not None:
            self.served.poke()

    # --- what the table shows ------------------------------------------------------------------------
    def status(self) -> str:
        if self.served is None:
            return ""
        seats = self.served.seats
        return " · " + _(PHONES).format(held=len(seats.held), n=len(seats.seats))

    def command(self, rest: str) -> None:
        """`serve` alone: start (or show the pane again); `serve WORDS`: the laptop console's commands."""
        table = self.table
        words = rest.split()
        if words and words[0].casefold() in ("stop", "quit", "konec"):
            if self.served is None:
                table.say("class:hint", _(NOT_SERVING))
                return
            self.stop()
            table.pane = None
            table.log.append(("class:warn", _(STOPPED)))
            return
        if not self.start():
            return
        if not words:
            table.pane = "serve"
            return
        self.console.command(rest)

    def pane_text(self, width: int) -> list[str]:
        if self.served is None:
            return [_(NOT_SERVING)]
        return [self.served.links["url"], self.console.seats_line(), "", _(CLOSE)]


    def pane_ansi(self, width: int, height: int) -> str:
        """The serve pane: the QR code of the join address with the address and the seats beside it (a
        narrow window: under it) when it fits ``width`` x ``height``; else the address alone, with a
        sentence saying why."""
        import textwrap

        if self.served is None:
            return _(NOT_SERVING)
        url = self.served.links["url"]
        text = [_(PANE_HINT), url]
        if self.served.loopback and self.served.loopback != url:
            text.append(_(LOCAL).format(url=self.served.loopback))
        text += [self.console.seats_line(), _(CLOSE)]
        drawing = _qr_lines(url)
        wide = drawing[0].count("▀") if drawing else 0        # the visible width (the rest is colour)
        side = width - wide - 3
        def rows(part, most):
            if len(part) > most and "/j/" in part:
                # an address broken after '/j/', never inside the token (a person typing it from the screen)
                head, token = part.rsplit("/j/", 1)
                return textwrap.wrap(head + "/j/", width=most) + textwrap.wrap(token, width=most)
            return textwrap.wrap(part, width=most) or [""]

        if drawing and len(drawing) <= height and side >= 24:
            beside = [row for part in text for row in rows(part, side)]
            if len(beside) <= height:
                return "\n".join(line + "\x1b[0m  " + (beside[i] if i < len(beside) else "")
                                 for i, line in enumerate(drawing))
        under = [row for part in text for row in rows(part, max(20, width - 1))]
        if drawing and len(drawing) + len(under) <= height and wide <= width:
            return "\n".join(d + "\x1b[0m" for d in drawing) + "\n" + "\n".join(under)
        return "\n".join(textwrap.wrap(_(NO_ROOM), width=max(20, width - 1)) + under)


def _qr_lines(url: str) -> list[str]:
    """The code as half-block lines (two modules a line), black on white whatever the terminal's colours,
    with a quiet zone of two modules (a screen is lit around it; four would not fit 80x24); each line's
    visible width is its number of modules. Empty when the QR library is missing."""
    try:
        import qrcode
    except ImportError:
        return []
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=2)
    code.add_data(url.encode("utf-8"))
    code.make(fit=True)
    matrix = code.get_matrix()
    if len(matrix) % 2:
        matrix = matrix + [[False] * len(matrix[0])]
    lines = []
    for y in range(0, len(matrix), 2):
        lines.append("".join(f"\x1b[{'30' if t else '97'};{'40' if b else '107'}m▀"
                             for t, b in zip(matrix[y], matrix[y + 1])))
    return lines
