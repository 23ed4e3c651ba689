"""The Port Royal table as a rich renderable: harbour, expedition area, players, piles, whose turn."""

from __future__ import annotations

from ...i18n import _, ngettext
from . import cards as C
from .cards import COINS, COLOUR, COLOURS, COST, IDS, INFLUENCE, KIND, PERSON, SHIP, SKULL, SWORDS

_ABILITY = {"settler": "house", "captain": "anchor", "priest": "cross", "jack": "any symbol",
            "sailor": "1 sword", "pirate": "2 swords", "mademoiselle": "hire for 1 less",
            "jester": "+1 coin on a bust or an empty harbour", "admiral": "+2 coins at 5+ cards",
            "governor": "+1 card in phase 2"}
_STYLE = {"yellow": "yellow", "blue": "blue", "green": "green", "red": "red", "black": "white on grey23"}


def _card_row(c: int):
    if KIND[c] == SHIP:
        colour = COLOURS[COLOUR[c]]
        sw = "skull" if SWORDS[c] == SKULL else str(SWORDS[c])
        return (f"[{_STYLE[colour]}]{C.SHIP_NAME[C.TYPE[c]]} ({colour})[/]", f"swords {sw}", f"coins {COINS[c]}",
                IDS[c])
    t = C.TYPE[c]
    if t == "trader":
        colour = COLOURS[COLOUR[c]]
        extra = f" [{_STYLE[colour]}](+1 coin per {colour} {C.SHIP_NAME[C.TYPE_OF_COLOUR[colour]]})[/]"
    else:
        extra = f" [dim]({_ABILITY[t]})[/]"
    return (f"{C.PERSON_NAME[t]}{extra}", f"cost {COST[c]}", f"influence {INFLUENCE[c]}", IDS[c])


def _for_chooser(rules, s, c: int) -> str:
    """Phase 2: what taking card c means for the player whose chance it is (T6-T8), in the harbour's rows."""
    p, a = s.chooser, s.active
    name = s.players[p]
    other = p != a
    if KIND[c] == SHIP:
        gain = COINS[c] + s.stats[p][C.S_TRADER + COLOUR[c]]
        return f"{name} draws {gain}" + (f", gives 1 to {s.players[a]}" if other else "")
    price = max(0, COST[c] - s.stats[p][C.S_MAD])
    if s.coins[p] < price + other:
        return f"[dim]{name} cannot afford it[/]"
    return f"{name} pays {price}" + (f" + 1 to {s.players[a]}" if other else "")


def render(rules, s):
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    harbour = Table(box=box.SIMPLE, show_header=False, expand=False)
    taking = s.phase == "take"
    for _column in range(5 if taking else 4):
        harbour.add_column()
    for c in s.display:
        harbour.add_row(*_card_row(c) + ((_for_chooser(rules, s, c),) if taking else ()))
    if s.pending >= 0:
        harbour.add_row(*(("[bold]flipped:[/] " + _card_row(s.pending)[0],) + _card_row(s.pending)[1:]))
    if not s.display and s.pending < 0:
        harbour.add_row("[dim](empty)[/]", "", "", "")
    ncol = bin(s.colours).count("1")
    harbour_panel = Panel(harbour, title=f"Harbour: {len(s.display)} card{'s' if len(s.display) != 1 else ''}, "
                                         f"{ncol} colour{'s' if ncol != 1 else ''}", expand=False)

    area = ", ".join(f"{IDS[e]} ({'+'.join(C.SYMBOLS[e])}: {INFLUENCE[e]} influence, {COINS[e]} coins)"
                     for e in s.area) or "(none)"

    players = Table(box=box.SIMPLE_HEAD, expand=False)
    for col in ("seat", "player", "coins", "influence", "swords", "persons", "expeditions"):
        players.add_column(col)
    for p, name in enumerate(s.players):
        by_type: dict = {}
        for c in s.persons[p]:
            t = C.TYPE[c]
            if t == "trader":                   # rules 3.1 item 5: a Trader's colour and its ship type
                t = f"trader ({COLOURS[COLOUR[c]]} {C.TYPE_OF_COLOUR[COLOURS[COLOUR[c]]]})"
            by_type[t] = by_type.get(t, 0) + 1
        persons = ", ".join(f"{k} x{v}" if v > 1 else k for k, v in sorted(by_type.items())) or "-"
        exps = ", ".join(IDS[e][len("expedition-"):] for e in s.exps[p]) or "-"
        marker = "*" if p == s.active and not s.finished else ""
        if s.phase == "take" and p == s.chooser:
            marker += ">"
        players.add_row(f"{p + 1}{marker}", name, str(s.coins[p]), str(s.stats[p][C.S_INFL]),
                        str(s.stats[p][C.S_SWORDS]), persons, exps)

    status = Text()
    if s.finished:
        status.append(f"Game over after turn {s.turn}. ", style="bold")
    else:
        status.append(f"Turn {s.turn}: {s.players[s.active]} is active. ", style="bold")
    status.append(f"Draw pile {s.draw}, discard pile {s.discard}. ")
    if s.phase == "take":
        status.append(f"Phase 2: {s.players[s.chooser]}'s chance (marked >), "
                      f"{s.taken} of {rules._limit(s, s.chooser)} taken. ")
    elif s.phase in ("flip", "reveal", "ship"):
        status.append(f"Phase 1, {s.flips} flip{'' if s.flips == 1 else 's'} so far. ")
    if s.end == "expedition-end":
        status.append("Expedition end: 12 influence and an expedition end the game, and only players with "
                      "an expedition can win (G4/G5). ")
    if s.trigger and not s.finished:
        status.append(f"{s.trigger} reached the end trigger; {s.players[s.n - 1]}'s turn is the last. ",
                      style="yellow")
    events = Text("\n".join(s.events), style="dim")
    # The prompt (whose decision, what they may do) is printed by the table itself, under the board.
    return Group(harbour_panel, Text("Expedition area: " + area), players, status, events)


# --- fitting a terminal: the table picks the fullest tier whose lines fit its board area (ui/fit.py) ------

def _compact_card(rules, s, c: int, taking: bool):
    """One harbour card on one line, its id (what is typed) first and never shortened."""
    from rich.text import Text

    line = Text()
    line.append(f"{IDS[c]:<18}", style="bold")
    if KIND[c] == SHIP:
        colour = COLOURS[COLOUR[c]]
        sw = _("skull") if SWORDS[c] == SKULL else _("{n}sw").format(n=SWORDS[c])
        line.append(f"{C.SHIP_NAME[C.TYPE[c]]} {colour}", style=_STYLE[colour])
        # TRANSLATORS: a ship in the harbour: its coins (c) and swords (sw), short to fit 80 columns
        line.append(" " + _("{coins}c {swords}").format(coins=COINS[c], swords=sw))
    else:
        t = C.TYPE[c]
        line.append(C.PERSON_NAME[t])
        # TRANSLATORS: a person in the harbour: its cost and influence points (inf)
        line.append(" " + _("cost {cost} {influence}inf").format(cost=COST[c], influence=INFLUENCE[c]))
    if taking:
        line.append("  " + _for_chooser_short(s, c), style="cyan")
    return line


def _for_chooser_short(s, c: int) -> str:
    """Phase 2, what taking card c means for the chooser (named on the status line): "draws 3, 1 to Ann"."""
    p, a = s.chooser, s.active
    other = p != a
    if KIND[c] == SHIP:
        gain = COINS[c] + s.stats[p][C.S_TRADER + COLOUR[c]]
        if other:
            return _("draws {n}, 1 to {player}").format(n=gain, player=s.players[a])
        return _("draws {n}").format(n=gain)
    price = max(0, COST[c] - s.stats[p][C.S_MAD])
    if s.coins[p] < price + other:
        return _("cannot afford")
    if other:
        return _("pays {n} + 1 to {player}").format(n=price, player=s.players[a])
    return _("pays {n}").format(n=price)


def _terse_persons(s, p: int) -> str:
    """A player's persons in a few letters: 'adm2 pir sai tr:rb' (three letters a type, traders by colour)."""
    by_type: dict = {}
    traders = ""
    for c in s.persons[p]:
        t = C.TYPE[c]
        if t == "trader":
            traders += COLOURS[COLOUR[c]][:1] if COLOURS[COLOUR[c]] != "black" else "k"
        else:
            by_type[t[:3]] = by_type.get(t[:3], 0) + 1
    parts = [f"{k}{v}" if v > 1 else k for k, v in sorted(by_type.items())]
    if traders:
        parts.append("tr:" + "".join(sorted(traders)))
    return " ".join(parts)


def _compact_player(s, p: int, full: bool, terse: bool = False):
    """A player on one line: seat, markers, name, coins, influence, swords, persons (counted), expeditions."""
    from rich.text import Text

    marker = ("*" if p == s.active and not s.finished else " ") + (">" if s.phase == "take" and p == s.chooser else " ")
    line = Text(f"{marker}{p + 1} ", style="bold" if full else None)
    line.append(s.players[p], style="bold" if full else None)
    # TRANSLATORS: a player's coins (c), influence (inf) and swords (sw), short to fit 80 columns
    line.append("  " + _("{coins}c {influence}inf {swords}sw").format(
        coins=s.coins[p], influence=s.stats[p][C.S_INFL], swords=s.stats[p][C.S_SWORDS]))
    by_type: dict = {}
    for c in s.persons[p]:
        t = C.TYPE[c]
        if t == "trader":
            t = f"trader-{COLOURS[COLOUR[c]]}"
        by_type[t] = by_type.get(t, 0) + 1
    persons = " ".join(f"{k}x{v}" if v > 1 else k for k, v in sorted(by_type.items()))
    if terse and not full:
        persons = _terse_persons(s, p)
    if persons:
        line.append(" · " + persons, style=None if full else "dim")
    if s.exps[p]:
        line.append(" · " + _("exp") + " " + " ".join(IDS[e][len("expedition-"):] for e in s.exps[p]))
    return line


def compact(rules, s, width: int, terse: bool = False):
    """The board in about 16 lines at 80 columns: a status line, the harbour one card a line, the expedition
    area, one line a player (the active one in bold), the last events."""
    from rich.console import Group
    from rich.text import Text

    taking = s.phase == "take"
    parts = []
    head = Text()
    if s.finished:
        head.append(_("Game over after turn {turn}.").format(turn=s.turn) + " ", style="bold")
    else:
        head.append(_("Turn {turn}: {player} active.").format(turn=s.turn, player=s.players[s.active]) + " ",
                    style="bold")
    head.append(_("Draw {draw}, discard {discard}.").format(draw=s.draw, discard=s.discard) + " ")
    if taking:
        head.append(_("Phase 2: {player} takes ({taken} of {limit}).").format(
            player=s.players[s.chooser], taken=s.taken, limit=rules._limit(s, s.chooser)))
    elif s.phase in ("flip", "reveal", "ship"):
        head.append(_("Phase 1, {n} flipped.").format(n=s.flips))
    parts.append(head)
    ncol = bin(s.colours).count("1")
    cards = ngettext("{n} card", "{n} cards", len(s.display)).format(n=len(s.display))
    colours = ngettext("{n} colour", "{n} colours", ncol).format(n=ncol)
    parts.append(Text(_("Harbour: {cards}, {colours}").format(cards=cards, colours=colours), style="underline"))
    for c in s.display:
        parts.append(_compact_card(rules, s, c, taking))
    if s.pending >= 0:
        line = Text(_("flipped:") + " ", style="bold yellow")
        line.append_text(_compact_card(rules, s, s.pending, False))
        parts.append(line)
    if s.area:
        parts.append(Text(_("Expeditions:") + " " + " ".join(IDS[e] for e in s.area)))
    for p in range(len(s.players)):
        parts.append(_compact_player(s, p, p == (s.chooser if taking else s.active), terse))
    if s.end == "expedition-end":
        parts.append(Text(_("Expedition end: 12 influence and an expedition end it (G4/G5)."), style="dim"))
    if s.trigger and not s.finished:
        parts.append(Text(_("{player} reached the end trigger; {last}'s turn is the last.").format(
            player=s.trigger, last=s.players[s.n - 1]), style="yellow"))
    return Group(*parts)


def tiers(rules, s, width, height):
    """Fullest first: the whole board, the compact one, then the same with the other players' persons in a
    few letters (ui/fit.py picks the first that fits)."""
    return [render(rules, s), compact(rules, s, width), compact(rules, s, width, terse=True)]
