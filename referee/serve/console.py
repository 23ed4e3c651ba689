"""The laptop's side of `referee serve`: the join address and its QR code, who took which seat as it
happens, the laptop's answer when a phone asks for a seat another phone holds, and a few typed commands
(English or Czech words). With no phone seen a while after the start, it says why phones may not connect.

The same Console speaks into the full-screen table (`say` is then the table's log) and on a terminal."""

from __future__ import annotations

from ..i18n import N_, _

NO_PHONE_SECONDS = 60

WORDS = {      # what may be typed -> the command (both languages, Czech also without its accents)
    "help": "help", "?": "help", "napoveda": "help", "nápověda": "help", "pomoc": "help",
    "seats": "seats", "mista": "seats", "místa": "seats",
    "release": "release", "uvolni": "release", "uvolnit": "release",
    "allow": "allow", "yes": "allow", "povol": "allow", "povolit": "allow", "ano": "allow",
    "deny": "deny", "no": "deny", "odmitni": "deny", "odmítni": "deny", "ne": "deny",
    "net": "net", "sit": "net", "síť": "net",
    "qr": "qr", "kod": "qr", "kód": "qr",
    "quit": "quit", "konec": "quit", "stop": "quit",
}

HELP = N_("Commands: seats (who holds which), release NAME (free a seat), allow [N] / deny [N] (a phone "
          "asking for a held seat), net (why phones cannot connect), qr (the code again), quit.")
JOIN_AT = N_("Phones join at {url} (scan the code); Ctrl-C stops serving.")
ALSO_HERE = N_("On this laptop: {url}")
HELD_NOW = N_("A phone took {player}'s seat.")
RELEASED = N_("{player}'s seat is free; its old link no longer works (a phone that held it scans again).")
ASKED = N_("A phone asks for {player}'s seat, which another phone holds: type {prefix}allow {n} or "
           "{prefix}deny {n}.")
GRANTED = N_("{player}'s seat went to the phone that asked; the other phone's link no longer works.")
REFUSED = N_("The phone that asked for {player}'s seat was told no.")
SEATS = N_("Seats: {list}.")
HELD_WORD = N_("{player} (held)")
FREE_WORD = N_("{player} (free)")
WAITING_ASKS = N_("Waiting for the laptop: {list}.")
NO_ASK = N_("No phone is asking for a seat now.")
NO_SUCH_ASK = N_("No phone's request has the number {n}; waiting: {list}.")
UNKNOWN = N_("{typed} is not a command here. {help}")
NAME_SEAT = N_("Name the seat to free: release NAME ({names}).")
NET = N_("No phone has reached this laptop yet. Likely causes: a guest Wi-Fi that keeps devices apart "
         "(use the club's main network); Windows treats this network as Public and its firewall blocks the "
         "port (allow Python on public networks, or make the network Private); a phone on mobile data or "
         "another network. The way out that always works: turn on a hotspot on one phone, connect the laptop "
         "and the other phones to it, and start serving again (the address changes).")
NET_SEEN = N_("Phones have reached this laptop ({n} requests). If one cannot: is it on the same Wi-Fi? A guest "
              "network keeps devices apart; a hotspot on one phone is the way out.")


class Console:
    """``served``: run.Served; ``out``: where the lines go (a stream), or ``say``: a callable(line)."""

    def __init__(self, served, out=None, *, say=None, qr: bool = True, quiet: bool = False, prefix: str = ""):
        self.served, self.out, self.qr, self.quiet = served, out, qr, quiet
        self.prefix = prefix         # what commands start with where they are typed ("serve " at the table)
        self._say = say
        served.seats.listeners.append(self.event)

    def say(self, text: str) -> None:
        if self.quiet:
            return
        if self._say is not None:
            self._say(text)
            return
        self.out.write(text + "\n")
        self.out.flush()

    def start(self, commands: bool, announce: bool = True) -> None:
        """Once listening: the code and the address (``announce``: the table's pane shows them instead), the
        help line when commands are read; the hint about networks after a minute without a phone."""
        if not self.quiet and announce:
            self.show_join()
            if commands:
                self.say(_(HELP))
            self.say(self.seats_line())
        loop = self.served.loop           # the server's loop (this thread's, or the table's server thread)
        if loop is not None:
            try:
                loop.call_soon_threadsafe(loop.call_later, NO_PHONE_SECONDS, self._no_phone)
            except RuntimeError:
                pass

    def _no_phone(self) -> None:
        if self.served.lobby.requests == 0:
            self.say(_(NET))

    def show_join(self) -> None:
        links = self.served.links
        if self.qr and not self.quiet and self.out is not None:
            from ..club.formats.qr import render_text
            from ..club.formats.qr_fit import make_fitting

            code, _lines, _fits = make_fitting(links["url"])
            self.out.write(render_text(code, ansi=_isatty(self.out)) + "\n")
        self.say(_(JOIN_AT).format(url=links["url"]))
        if self.served.loopback and self.served.loopback != links["url"]:
            self.say(_(ALSO_HERE).format(url=self.served.loopback))

    def seats_line(self) -> str:
        held = self.served.seats.held
        return _(SEATS).format(list=", ".join(
            _(HELD_WORD if p in held else FREE_WORD).format(player=p) for p in self.served.seats.seats))

    def event(self, what: str, player) -> None:
        if what == "held":
            self.say(_(HELD_NOW).format(player=player))
        elif what == "released":
            self.say(_(RELEASED).format(player=player))
        elif what == "asked":
            n, seat = player
            self.say(_(ASKED).format(player=seat, prefix=self.prefix, n=n))
        elif what == "granted":
            self.say(_(GRANTED).format(player=player))
        elif what == "refused":
            self.say(_(REFUSED).format(player=player))

    def command(self, line: str) -> bool:
        """One typed line; returns False when it was not a console command (the table then reads it)."""
        words = line.split()
        if not words:
            return True
        what = WORDS.get(words[0].casefold())
        if what is None:
            self.say(_(UNKNOWN).format(typed=repr(words[0][:40]), help=_(HELP)))
            return False
        getattr(self, "do_" + what)(words[1:])
        return True

    def do_help(self, args) -> None:
        self.say(_(HELP))

    def do_seats(self, args) -> None:
        self.say(self.seats_line())
        pending = self.served.lobby.pending()
        if pending:
            self.say(_(WAITING_ASKS).format(list=", ".join(f"{n}: {p}" for n, p in pending)))

    def do_release(self, args) -> None:
        from ..core.errors import RefereeError
        from ..core.players import find_player

        names = ", ".join(self.served.seats.seats)
        if not args:
            self.say(_(NAME_SEAT).format(names=names))
            return
        try:
            player = find_player(list(self.served.seats.seats), " ".join(args))
        except RefereeError as err:
            self.say(str(err))
            return
        self.served.lobby.release(player)

    def _number(self, args):
        if args and args[0].isdigit():
            return int(args[0])
        return None

    def _answer(self, args, yes: bool) -> None:
        lobby = self.served.lobby
        pending = lobby.pending()
        if not pending:
            self.say(_(NO_ASK))
            return
        n = self._number(args)
        done = lobby.allow(n) if yes else lobby.deny(n)
        if done is None:
            self.say(_(NO_SUCH_ASK).format(n=args[0][:10] if args else "", list=", ".join(
                f"{k}: {p}" for k, p in pending)))

    def do_allow(self, args) -> None:
        self._answer(args, True)

    def do_deny(self, args) -> None:
        self._answer(args, False)

    def do_net(self, args) -> None:
        n = self.served.lobby.requests
        self.say(_(NET) if n == 0 else _(NET_SEEN).format(n=n))

    def do_qr(self, args) -> None:
        self.show_join()

    def do_quit(self, args) -> None:
        self.served.hub.closing.set()
        self.served.server.should_exit = True


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
