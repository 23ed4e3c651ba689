"""A rich renderable of the El Capitan table (rich is imported here, never at package import)."""

from __future__ import annotations

from .board import CITIES
from .chain import EMPTY, FREE, next_value_site
from .notation import card_label
from .state import COLOURS

_STYLE = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue",
          "purple": "bold magenta"}
_SHORT = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}


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
    t.append(" |end" if city.full else "")
    value = _price(rules, s, ("site", ci, next_value_site(city))) if city.ever else ""
    if value:
        t.append(f" V{value[1:-1]}", style="dim")    # what first place would be paid here now (P2)
    if city.picture:
        t.append("\nshut: ")
        for c in sorted(city.picture):
            t.append(_SHORT[COLOURS[c]], style=_STYLE[COLOURS[c]])
    title = CITIES[ci].capitalize()
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
    return list(out.values())


def _expansion(rules, s, k):
    """Cities with an operating warehouse, and what the expansion table pays for them if that row is known."""
    pay = s.learned.get(("exp", k))
    if pay is None:
        pay = rules._known(s, ("exp", k))
    cities = f"{k} city" if k == 1 else f"{k} cities"
    return f"{cities}: {pay} fl" if pay is not None else cities


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
    players = Table(title=f"Phase {s.phase} - start player {s.players[s.start]}", padding=(0, 1))
    for col in ("player", "fl", "loans", "in front", "ship", "expansion", "bonus"):
        players.add_column(col, no_wrap=col in ("player", "in front", "ship"))
    v = rules.view(s)
    hands = []
    for pv in v["players"]:
        front = " ".join(f"{k}:{n}" for k, n in pv["warehouses_left"].items()) + f" fort:{pv['fortresses_left']}"
        loans = _loans(pv["loans"])
        ship = (pv["ship"].replace("off the board", "off")
                .replace(" (harbour ", " H").replace("H1)", "H1").replace("H2)", "H2"))
        colour = pv["colour"] + ("+" + pv["neutral"] if pv["neutral"] else "")
        players.add_row(f"{pv['name']} ({colour})", str(pv["money"]), loans, front, ship,
                        _expansion(rules, s, pv["expansion_cities"]), str(pv["bonus_card"] or "-"))
        hands.append(f"{pv['name']}'s hand: {', '.join(pv['hand']) or '-'}")
    display = Table.grid()
    for line in hands:
        display.add_row(line)
    display.add_row("Destination cards: " + (", ".join(card_label(c) for c in s.face["d"]) or "-"))
    display.add_row("Connection cards:  " + (", ".join(card_label(c) for c in s.face["c"]) or "-"))
    display.add_row(f"Loan stacks: 10 x{s.stack[10]}, 16 x{s.stack[16]}   Bonus cards left: "
                    f"{', '.join(map(str, s.bonus_left)) or '-'}")
    display.add_row("Sites 1-12: letter = operating warehouse, ▪ = empty shut-down square, shut: = on the picture, "
                    "V = the field first place is paid now, |end = site 12 taken (freed sites refill backwards); "
                    "H/F = harbour/fortress spaces (price); loans: * = extended")
    if s.last_payday and s.stage in ("loans", "start", "over"):
        paid = Table(title=f"Payday {s.paydays}", padding=(0, 1))
        for col in ("player", "expansion", "majority", "fortresses", "bonus cards", "total"):
            paid.add_column(col)
        for name, parts in s.last_payday.items():
            paid.add_row(name, *(str(parts[k]) for k in ("expansion", "majority", "fortresses", "bonus_cards",
                                                         "total")))
        display.add_row(paid)
    for note in _last_notes(s):
        display.add_row("Note: " + note)
    for w in getattr(s, "setup_warnings", []):
        display.add_row("Warning: " + w)
    return Group(grid, players, display)
