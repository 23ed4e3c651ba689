"""The Port Royal table as a rich renderable: harbour, expedition area, players, piles, whose turn."""

from __future__ import annotations

from ...core.names import display
from ...core.said import sentences
from ...i18n import N_, _, language, ngettext
from . import cards as C
from .cards import COINS, COLOUR, COLOURS, COST, IDS, INFLUENCE, KIND, PERSON, SHIP, SKULL, SWORDS

_ABILITY = {"settler": N_("house"), "captain": N_("anchor"), "priest": N_("cross"), "jack": N_("any symbol"),
            "sailor": N_("1 sword"), "pirate": N_("2 swords"), "mademoiselle": N_("hire for 1 less"),
            "jester": N_("+1 coin on a bust or an empty harbour"), "admiral": N_("+2 coins at 5+ cards"),
            "governor": N_("+1 card in phase 2")}
# the players' column headings of the full board
_COLUMNS = (N_("seat"), N_("player"), N_("coins"), N_("influence"), N_("swords"), N_("persons"), N_("expeditions"))


def _n(kind: str, cid: str) -> str:
    """A component's name in the language in force (tables/port-royal/names.json)."""
    return display("port-royal", kind, cid)


def _id(c: int) -> str:
    """A card where the board shows what is typed for it: its id in English, its Czech name and numbers in
    Czech ('námořník 3 1', which the table reads as that card; the id is read too)."""
    from .labels import card

    return card(IDS[c], language())


def _pid(t: str) -> str:
    """A person type where the English board shows its id ('sailor'): the Czech name in Czech."""
    return t if language() == "en" else _n("person", t)
_STYLE = {"yellow": "yellow", "blue": "blue", "green": "green", "red": "red", "black": "white on grey23"}


def _card_row(c: int):
    if KIND[c] == SHIP:
        colour = COLOURS[COLOUR[c]]
        sw = _("skull") if SWORDS[c] == SKULL else str(SWORDS[c])
        return (f"[{_STYLE[colour]}]{C.SHORT[c]}[/]", _("swords {n}").format(n=sw),
                _("coins {n}").format(n=COINS[c]), _id(c))
    t = C.TYPE[c]
    if t == "trader":
        colour = COLOURS[COLOUR[c]]
        extra = f" [{_STYLE[colour]}](" + _("+1 coin per {colour} {ship}").format(
            colour=_n("colour", colour), ship=_n("ship", C.TYPE_OF_COLOUR[colour])) + ")[/]"
    else:
        extra = f" [dim]({_(_ABILITY[t])})[/]"
    return (f"{_n('person', t)}{extra}", _("cost {n}").format(n=COST[c]),
            _("influence {n}").format(n=INFLUENCE[c]), _id(c))


def _for_chooser(rules, s, c: int) -> str:
    """Phase 2: what taking card c means for the player whose chance it is (T6-T8), in the harbour's rows."""
    p, a = s.chooser, s.active
    name = s.players[p]
    other = p != a
    if KIND[c] == SHIP:
        gain = COINS[c] + s.stats[p][C.S_TRADER + COLOUR[c]]
        if other:
            return _("{player} draws {n}, gives 1 to {active}").format(player=name, n=gain, active=s.players[a])
        return _("{player} draws {n}").format(player=name, n=gain)
    price = max(0, COST[c] - s.stats[p][C.S_MAD])
    if s.coins[p] < price + other:
        return "[dim]" + _("{player} cannot afford it").format(player=name) + "[/]"
    if other:
        return _("{player} pays {n} + 1 to {active}").format(player=name, n=price, active=s.players[a])
    return _("{player} pays {n}").format(player=name, n=price)


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
        harbour.add_row(*(("[bold]" + _("flipped:") + "[/] " + _card_row(s.pending)[0],) + _card_row(s.pending)[1:]))
    if not s.display and s.pending < 0:
        harbour.add_row("[dim]" + _("(empty)") + "[/]", "", "", "")
    ncol = bin(s.colours).count("1")
    title = _("Harbour: {cards}, {colours}").format(
        cards=ngettext("{n} card", "{n} cards", len(s.display)).format(n=len(s.display)),
        colours=ngettext("{n} colour", "{n} colours", ncol).format(n=ncol))
    harbour_panel = Panel(harbour, title=title, expand=False)

    area = ", ".join(_("{card} ({symbols}: {influence} influence, {coins} coins)").format(
        card=_id(e), symbols="+".join(_(C.SYMBOL_NAMES[x]) for x in C.SYMBOLS[e]), influence=INFLUENCE[e],
        coins=COINS[e]) for e in s.area) or _("(none)")

    players = Table(box=box.SIMPLE_HEAD, expand=False)
    for col in _COLUMNS:
        players.add_column(_(col))
    for p, name in enumerate(s.players):
        by_type: dict = {}
        for c in s.persons[p]:
            t = C.TYPE[c]
            if t == "trader":                   # rules 3.1 item 5: a Trader's colour and its ship type
                colour = COLOURS[COLOUR[c]]
                t = (f"trader ({colour} {C.TYPE_OF_COLOUR[colour]})" if language() == "en" else
                     f"{_n('person', 'trader')} ({_n('colour', colour)} {_n('ship', C.TYPE_OF_COLOUR[colour])})")
            else:
                t = _pid(t)
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
        status.append(_("Game over after turn {turn}.").format(turn=s.turn) + " ", style="bold")
    else:
        status.append(_("Turn {turn}: {player} is active.").format(turn=s.turn, player=s.players[s.active]) + " ",
                      style="bold")
    status.append(_("Draw pile {draw}, discard pile {discard}.").format(draw=s.draw, discard=s.discard) + " ")
    if s.phase == "take":
        status.append(_("Phase 2: {player}'s chance (marked >), {taken} of {limit} taken.").format(
            player=s.players[s.chooser], taken=s.taken, limit=rules._limit(s, s.chooser)) + " ")
    elif s.phase in ("flip", "reveal", "ship"):
        status.append(ngettext("Phase 1, {n} flip so far.", "Phase 1, {n} flips so far.", s.flips).format(n=s.flips)
                      + " ")
    if s.end == "expedition-end":
        status.append(_("Expedition end: 12 influence and an expedition end the game, and only players with "
                        "an expedition can win (G4/G5).") + " ")
    if s.trigger and not s.finished:
        status.append(_("{player} reached the end trigger; {last}'s turn is the last.").format(
            player=s.trigger, last=s.players[s.n - 1]) + " ", style="yellow")
    events = Text("\n".join(sentences(s.events)), style="dim")
    # The prompt (whose decision, what they may do) is printed by the table itself, under the board.
    return Group(harbour_panel, Text(_("Expedition area:") + " " + area), players, status, events)


# --- fitting a terminal: the table picks the fullest tier whose lines fit its board area (ui/fit.py) ------

def _compact_card(rules, s, c: int, taking: bool):
    """One harbour card on one line, its id (what is typed) first and never shortened."""
    from rich.text import Text

    line = Text()
    line.append(f"{_id(c):<{18 if language() == 'en' else 20}}", style="bold")
    if KIND[c] == SHIP:
        colour = COLOURS[COLOUR[c]]
        sw = _("skull") if SWORDS[c] == SKULL else _("{n}sw").format(n=SWORDS[c])
        line.append(f"{_n('ship', C.TYPE[c])} {_n('colour', colour)}", style=_STYLE[colour])
        # TRANSLATORS: a ship in the harbour: its coins (c) and swords (sw), short to fit 80 columns
        line.append(" " + _("{coins}c {swords}").format(coins=COINS[c], swords=sw))
    else:
        t = C.TYPE[c]
        line.append(_n("person", t))
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
            t = _pid(t)[:3]
            by_type[t] = by_type.get(t, 0) + 1
    parts = [f"{k}{v}" if v > 1 else k for k, v in sorted(by_type.items())]
    if traders:
        # TRANSLATORS: traders, then their colours' first letters (r b g y, k black), tersest board
        parts.append(_("tr:") + "".join(sorted(traders)))
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
            t = _("trader-{colour}").format(colour=_n("colour", COLOURS[COLOUR[c]]))
        else:
            t = _pid(t)
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
        parts.append(Text(_("Expeditions:") + " " + (" " if language() == "en" else ", ").join(_id(e) for e in s.area)))
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
