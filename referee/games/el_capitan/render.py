"""A rich renderable of the El Capitan table (rich is imported here, never at package import)."""

from __future__ import annotations

from ...core.names import display
from ...i18n import N_, _, language, ngettext, pgettext
from .board import CITIES
from .chain import EMPTY, FREE, next_value_site
from .notation import card_shown


def _hand_card(text: str) -> str:
    """A card of a hand as the view lists it ('marseille 3s 4f'), named in the display language."""
    from ...i18n import language

    if language() == "en":
        return text
    from .labels import card_words

    return card_words(text)
from .state import COLOURS

_STYLE = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue",
          "purple": "bold magenta"}
class _Letters:
    """``_SHORT[colour]``: a colour's letter on the sites in the language in force (Czech: Č Ž Z M F)."""

    def __getitem__(self, colour: str) -> str:
        # TRANSLATORS: a player colour's first letter on El Capitan's city sites (R red, Y yellow, G green,
        # B blue, P purple): one letter each, all different
        return {"red": pgettext("colour letter", "R"), "yellow": pgettext("colour letter", "Y"),
                "green": pgettext("colour letter", "G"), "blue": pgettext("colour letter", "B"),
                "purple": pgettext("colour letter", "P")}[colour]


_SHORT = _Letters()
_PLAYER_COLUMNS = (N_("player"), N_("fl"), N_("loans"), N_("in front"), N_("ship"), N_("expansion"), N_("bonus"))
_PAYDAY_COLUMNS = (N_("player"), N_("expansion"), N_("majority"), N_("fortresses"), N_("bonus cards"), N_("total"))


def _ship(where: str) -> str:
    """Where a ship is, short ("off", "tanger H1", "valencia (sailing)", from the view's "off the board",
    "tanger (harbour 1)"); in Czech with the city's Czech name ("Neapol H1", "mimo", "Valencie (pluje)")."""
    short = where.replace("off the board", "off").replace(" (harbour ", " H").replace("H1)", "H1").replace("H2)", "H2")
    if language() == "en":
        return short
    if short == "off":
        # TRANSLATORS: a ship off the board (El Capitan), one short word
        return pgettext("ship", "off")
    if short == "bank":                    # the bank harbour: the word the prompts use for it ('banka')
        return _("bank")
    city, _space, rest = short.partition(" ")
    if city in CITIES:
        city = display("el-capitan", "city", city)
    return city + (" " + rest.replace("(sailing)", "(" + pgettext("ship", "sailing") + ")") if rest else "")


def _city(ci: int) -> str:
    """A city's name as on the board of the language in force ('Napoli' / 'Neapol')."""
    return display("el-capitan", "city", CITIES[ci])


def _city_panel(rules, s, ci):
    from rich.panel import Panel
    from rich.text import Text

    city = s.cities[ci]
    t = Text()
    h = " ".join(f"H{i + 1}{_price(rules, s, ('harbour', ci, i))}:{s.players[q] if q != EMPTY else '-'}"
                 for i, q in enumerate(city.harbour))
    f = " ".join(f"F{i + 1}{_price(rules, s, ('fortress', ci, i))}:{COLOURS[c] if c != EMPTY else '-'}"
                 for i, c in enumerate(city.fort))
    t.append(h + "\n" + f + "\n")
    name = CITIES[ci]
    for k in range(1, 13):
        c = city.sites[k]
        if c == FREE:
            status = s.learned.get(("dark", ci, k)) or s.board.site_status(name, k)
            if status == "dark" or (status == "triangle" and s.n <= 3):
                t.append("▪", style="dim")          # an empty shut-down square (W5)
            else:
                t.append("·", style="dim")
        else:
            t.append(_SHORT[COLOURS[c]], style=_STYLE[COLOURS[c]])
    t.append(" |" + _("end") if city.full else "")
    value = _price(rules, s, ("site", ci, next_value_site(city))) if city.ever else ""
    if value:
        t.append(f" V{value[1:-1]}", style="dim")    # what first place would be paid here now (P2)
    if city.picture:
        t.append("\n" + _("shut:") + " ")
        for c in sorted(city.picture):
            t.append(_SHORT[COLOURS[c]], style=_STYLE[COLOURS[c]])
    title = _city(ci)
    if "layout" not in s.learned and CITIES[ci] not in ("marseille", "valencia", "tanger", "napoli"):
        title += " ?"
    return Panel(t, title=title, width=28)


def _price(rules, s, key) -> str:
    """A printed board number in brackets, "(4)", when the game knows it (told at the table or in the board
    file); "" while it is still unknown."""
    value = s.learned.get(key)
    if value is None:
        value = rules._known(s, key)
    return "" if value is None else f"({value})"


def _loans(loans) -> str:
    """A player's loans by face, extended ones starred: "10 16*", or "3x10 2x10* 16" when several match."""
    counts: dict = {}
    for loan in loans:
        key = f"{loan['amount']}{'*' if loan['extended'] else ''}"
        counts[key] = counts.get(key, 0) + 1
    return " ".join(f"{n}x{key}" if n > 1 else key for key, n in counts.items()) or "-"


def _last_notes(s) -> list:
    """What the last move noted (O10, O12, a pass). A payday repays many loans at once: of one player's
    repayments beyond his cash only the last note (his final cash) is kept."""
    out: dict = {}
    for note in s.notes[s.notes_mark:]:
        key = note.split(" repaid a loan with more than", 1)[0] if " repaid a loan with more than" in note else note
        out.pop(key, None)
        out[key] = note
    from .state import shown

    return [shown(n) for n in out.values()]      # stored in English, shown in the language in force


def _expansion(rules, s, k):
    """Cities with an operating warehouse, and what the expansion table pays for them if that row is known."""
    pay = s.learned.get(("exp", k))
    if pay is None:
        pay = rules._known(s, ("exp", k))
    cities = ngettext("{n} city", "{n} cities", k).format(n=k)
    return _("{cities}: {pay} fl").format(cities=cities, pay=pay) if pay is not None else cities


def render(rules, s):
    from rich.console import Group
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    layout = s.learned.get("layout")
    cells = {}
    if layout:
        from .board import layout_grid

        g = layout_grid(layout)
        for ci, c in enumerate(CITIES):
            cells[g[c]] = ci
    if not cells:
        # layout not entered yet: the confirmed cells, and the others where the geographic suggestion puts
        # them (the two corner cities in the corners, rule 3.4), their titles marked ?
        from .board import CORNER_CITIES, MIDDLE_CITIES, layout_grid

        g = layout_grid(MIDDLE_CITIES + CORNER_CITIES[:1])
        cells = {g[c]: ci for ci, c in enumerate(CITIES)}
    order = [[cells.get((r, c)) for c in (1, 2, 3)] for r in (1, 2, 3)]
    for row in order:
        grid.add_row(*[_city_panel(rules, s, ci) if ci is not None else "" for ci in row])
    players = Table(title=_("Phase {phase} - start player {player}").format(phase=s.phase, player=s.players[s.start]),
                    padding=(0, 1))
    for col in _PLAYER_COLUMNS:
        players.add_column(_(col), no_wrap=col in ("player", "in front", "ship"))
    v = rules.view(s)
    hands = []
    for pv in v["players"]:
        front = " ".join(f"{k}:{n}" for k, n in pv["warehouses_left"].items()) + f" fort:{pv['fortresses_left']}"
        loans = _loans(pv["loans"])
        ship = _ship(pv["ship"])
        colour = display("el-capitan", "colour", pv["colour"]) + (
            "+" + display("el-capitan", "colour", pv["neutral"]) if pv["neutral"] else "")
        players.add_row(f"{pv['name']} ({colour})", str(pv["money"]), loans, front, ship,
                        _expansion(rules, s, pv["expansion_cities"]), str(pv["bonus_card"] or "-"))
        hands.append(_("{player}'s hand: {cards}").format(player=pv["name"], cards=", ".join(_hand_card(c) for c in pv["hand"]) or "-"))
    shown = Table.grid()
    for line in hands:
        shown.add_row(line)
    # the two labels padded alike, so the cards line up in either language
    dest, conn = _("Destination cards:"), _("Connection cards:")
    wide = max(len(dest), len(conn))
    shown.add_row(f"{dest:<{wide}} " + (", ".join(card_shown(c) for c in s.face["d"]) or "-"))
    shown.add_row(f"{conn:<{wide}} " + (", ".join(card_shown(c) for c in s.face["c"]) or "-"))
    shown.add_row(_("Loan stacks: 10 x{tens}, 16 x{sixteens}   Bonus cards left: {bonus}").format(
        tens=s.stack[10], sixteens=s.stack[16], bonus=", ".join(map(str, s.bonus_left)) or "-"))
    shown.add_row(_("Sites 1-12: letter = operating warehouse, ▪ = empty shut-down square, shut: = on the picture, "
                    "V = the field first place is paid now, |end = site 12 taken (freed sites refill backwards); "
                    "H/F = harbour/fortress spaces (price); loans: * = extended"))
    if s.last_payday and s.stage in ("loans", "start", "over"):
        paid = Table(title=_("Payday {n}").format(n=s.paydays), padding=(0, 1))
        for col in _PAYDAY_COLUMNS:
            paid.add_column(_(col))
        for name, parts in s.last_payday.items():
            paid.add_row(name, *(str(parts[k]) for k in ("expansion", "majority", "fortresses", "bonus_cards",
                                                         "total")))
        shown.add_row(paid)
    for note in _last_notes(s):
        shown.add_row(_("Note:") + " " + note)
    for w in getattr(s, "setup_warnings", []):
        shown.add_row(_("Warning:") + " " + w)
    return Group(grid, players, shown)


# --- fitting a terminal: the table picks the fullest tier whose lines fit its board area (ui/fit.py) ------

def _sites(s, ci):
    from rich.text import Text

    city = s.cities[ci]
    t = Text()
    for k in range(1, 13):
        c = city.sites[k]
        if c == FREE:
            status = s.learned.get(("dark", ci, k)) or s.board.site_status(CITIES[ci], k)
            t.append("▪" if status == "dark" or (status == "triangle" and s.n <= 3) else "·", style="dim")
        else:
            t.append(_SHORT[COLOURS[c]], style=_STYLE[COLOURS[c]])
    return t


def _city_line(rules, s, ci, prices: bool):
    """A city on one line: name, harbour and fortress spaces (a ship or fortress by its colour letter),
    sites 1-12, the value first place is paid now, the colours on the picture. Without prices (two cities a
    line): "Tunis          R- G- RY·G▪······· shut:R", ! after the sites for |end."""
    from rich.text import Text

    city = s.cities[ci]
    title = _city(ci)
    if "layout" not in s.learned and CITIES[ci] not in ("marseille", "valencia", "tanger", "napoli"):
        title += "?"
    line = Text(f"{title:<15}", style="bold")

    def ship(q):
        if q == EMPTY:
            return "-"
        return _SHORT[COLOURS[s.main[q]]] if 0 <= q < len(s.main) else "?"

    def fort(c):
        return _SHORT[COLOURS[c]] if c != EMPTY else "-"

    if prices:
        h = " ".join(f"H{i + 1}{_price(rules, s, ('harbour', ci, i))}:{s.players[q] if q != EMPTY else '-'}"
                     for i, q in enumerate(city.harbour))
        f = " ".join(f"F{i + 1}{_price(rules, s, ('fortress', ci, i))}:{fort(c)}" for i, c in enumerate(city.fort))
        line.append(f"{h} {f} ")
    else:
        line.append("".join(ship(q) for q in city.harbour) + " " + "".join(fort(c) for c in city.fort) + " ")
    line.append_text(_sites(s, ci))
    if city.full:
        line.append("|" + _("end") if prices else "!")
    if prices:
        value = _price(rules, s, ("site", ci, next_value_site(city))) if city.ever else ""
        if value:
            line.append(f" V{value[1:-1]}", style="dim")
    if city.picture:
        line.append(" " + _("shut:") if prices else " ")
        for c in sorted(city.picture):
            line.append(_SHORT[COLOURS[c]], style=_STYLE[COLOURS[c]])
    return line


def _player_line(rules, s, pv, full: bool, terse: bool = False):
    from rich.text import Text

    colour = _SHORT[pv["colour"]] + ("+" + _SHORT[pv["neutral"]] if pv["neutral"] else "")   # as on the sites
    line = Text(("> " if full else "  ") + f"{pv['name']}", style="bold" if full else None)
    ship = _ship(pv["ship"])
    if terse:      # the last tier: counts only (the loans' faces are in the fuller tiers and `moves`)
        left = sum(pv["warehouses_left"].values())
        if pv["name"] == s.players[s.start]:
            line.append("*")
        # TRANSLATORS: a player at its tersest: florins (fl), number of loans (L), ship, warehouses (wh),
        # fortresses (f) left in front, expansion cities (x), cards in hand (h)
        line.append(" " + _("({colour}) {money}fl L{loans} {ship} wh{warehouses} f{forts} x{cities}").format(
            colour=colour, money=pv["money"], loans=len(pv["loans"]), ship=ship, warehouses=left,
            forts=pv["fortresses_left"], cities=pv["expansion_cities"]))
        if not full:
            line.append(" " + _("h{n}").format(n=len(pv["hand"])), style="dim")
        return line
    left = pv["warehouses_left"]
    front = " ".join(str(n) for n in left.values()) if len(left) == 1 else " ".join(f"{k}:{n}" for k, n in left.items())
    # TRANSLATORS: one player on one line: florins (fl), loans, ship, warehouses (wh) and fortresses in front,
    # expansion cities (exp); short to fit 80 columns
    line.append(" " + _("({colour}) {money}fl loans {loans} ship {ship} wh {warehouses} fort {forts} exp {cities}")
                .format(colour=colour, money=pv["money"], loans=_loans(pv["loans"]), ship=ship, warehouses=front,
                        forts=pv["fortresses_left"], cities=pv["expansion_cities"]))
    if pv["bonus_card"]:
        line.append(" " + _("bonus {card}").format(card=pv["bonus_card"]))
    if not full:
        line.append(" " + _("hand {n}").format(n=len(pv["hand"])), style="dim")
    return line


def _stacks(s) -> str:
    return _("loan stacks 10 x{tens}, 16 x{sixteens} · bonus cards left: {bonus}").format(
        tens=s.stack[10], sixteens=s.stack[16], bonus=", ".join(map(str, s.bonus_left)) or "-")


def _flow(head, items, width: int, indent: str = "  ", tail=None):
    """``head`` then the comma-separated ``items`` (then ``tail``, a dim note), broken into lines of at most
    ``width`` cells only between items: a card id the player types is never split over two lines."""
    from rich.cells import cell_len

    t = head.copy()
    if tail is not None:
        t = _flow(t, items, width, indent)
        used = cell_len(t.plain.rsplit("\n", 1)[-1])
        t.append("\n" + indent if used + cell_len(tail) > width else "")
        t.append(tail, style="dim")
        return t
    used = cell_len(t.plain.rsplit("\n", 1)[-1])
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if used + 1 + cell_len(piece) > width and used > len(indent):
            t.append("\n" + indent)
            used = len(indent)
        else:
            t.append(" ")
            used += 1
        t.append(piece)
        used += cell_len(piece)
    return t


def compact(rules, s, width, two_columns=False, terse=False, tiny=False):
    """Cities one a line (or two a line without prices), then the players one a line, the hand of the player
    to move, the face-up cards, broken into lines only between cards. ``tiny`` (the last tier, a long phase-3
    hand at 80x24): the hand on its player's line, and the loan stacks and bonus cards left (read, never typed;
    in every fuller tier) left out."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    v = rules.view(s)
    if terse:      # the start player is starred in the player lines
        parts = [Text(_("Phase {phase}").format(phase=s.phase), style="bold")]
    elif two_columns:
        parts = [Text(_("Phase {phase}, start {player}").format(phase=s.phase, player=s.players[s.start]),
                      style="bold")]
    else:
        parts = [Text(_("Phase {phase}, start {player}").format(phase=s.phase, player=s.players[s.start])
                      + " · " + _stacks(s), style="bold")]
    if two_columns:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(overflow="fold")
        grid.add_column(overflow="fold")
        lines = [_city_line(rules, s, ci, False) for ci in range(len(CITIES))]
        lines.append(parts.pop())     # the status line takes the free cell beside the ninth city
        for i in range(0, len(lines), 2):
            grid.add_row(lines[i], lines[i + 1] if i + 1 < len(lines) else "")
        parts.append(grid)
    else:
        parts.extend(_city_line(rules, s, ci, True) for ci in range(len(CITIES)))
    to_move = rules.to_move(s) if hasattr(rules, "to_move") else None
    for pv in v["players"]:
        mine = pv["name"] == to_move
        line = _player_line(rules, s, pv, mine, terse)
        if mine:
            counted: dict = {}
            for card in pv["hand"]:
                card = _hand_card(card)
                counted[card] = counted.get(card, 0) + 1
            hand = [f"{n}x {c}" if n > 1 else c for c, n in counted.items()] or ["-"]
            if tiny:
                line = _flow(line + Text(" · " + _("hand:")), hand, width)
            else:
                parts.append(line)
                line = _flow(Text("  " + _("hand:")), hand, width)
        parts.append(line)
    destinations = [card_shown(c) for c in s.face["d"]] or ["-"]
    connections = [card_shown(c) for c in s.face["c"]] or ["-"]
    parts.append(_flow(Text(_("Destinations:")), destinations, width))
    parts.append(_flow(Text(_("Connections:")), connections, width,
                       tail=" · " + _stacks(s) if two_columns and not tiny else None))
    if not two_columns:
        for note in _last_notes(s)[-2:]:
            parts.append(Text(_("Note:") + " " + note, style="dim"))
    return Group(*parts)


def tiers(rules, s, width, height):
    """Fullest first: the board as panels, then one city a line, then two cities a line, then the players as
    counts, then that with the hand on its player's line (ui/fit.py picks the first that fits)."""
    return [render(rules, s), compact(rules, s, width), compact(rules, s, width, two_columns=True),
            compact(rules, s, width, two_columns=True, terse=True),
            compact(rules, s, width, two_columns=True, terse=True, tiny=True)]
