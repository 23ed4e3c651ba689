"""El Capitan prompt line and JSON view."""

from __future__ import annotations

from referee.core.names import display
from referee.core.said import said
from referee.i18n import _, ngettext

from . import chain as ch
from .board import CITIES
from .chain import EMPTY, FREE
from .notation import card_label
from .state import BANK, COLOURS, OFF

def _city(c) -> str:
    """A city's name as printed on the board, in the language in force ('Venezia', 'Venezie')."""
    return display("el-capitan", "city", CITIES[c])


def _where(s, p):
    """Where a ship is, as the JSON view stores it (English, never translated)."""
    c = s.ship_city[p]
    if c == OFF:
        return "off the board"
    if c == BANK:
        return "bank"
    return CITIES[c] + (f" (harbour {s.ship_space[p] + 1})" if s.ship_space[p] >= 0 else " (sailing)")


def _where_shown(s, p):
    """Where a ship is, as the prompt says it (the city by its id, as the notation types it)."""
    c = s.ship_city[p]
    if c == OFF:
        return _("off the board")
    if c == BANK:
        return _("bank")
    city = _w(CITIES[c])          # the city as the moves name it: its id in English, its Czech name in Czech
    if s.ship_space[p] >= 0:
        return _("{city} (harbour {space})").format(city=city, space=s.ship_space[p] + 1)
    return _("{city} (sailing)").format(city=city)


def _question_text(key) -> str:
    kind = key[0]
    if kind == "harbour":
        return _("Board: read the price printed on {city} harbour space {space} "
                 "(type just the number, e.g. 4)").format(city=_city(key[1]), space=key[2] + 1)
    if kind == "fortress":
        return _("Board: read the price printed on {city} fortress space {space} "
                 "(type just the number, e.g. 4)").format(city=_city(key[1]), space=key[2] + 1)
    if kind == "site":
        if key[2] == 13:
            return _("Board: read the value printed on {city}'s final field (just the number)").format(
                city=_city(key[1]))
        return _("Board: read the value printed on {city} building site {site} "
                 "(just the number)").format(city=_city(key[1]), site=key[2])
    if kind == "dark":
        return _("Board: is {city} building site {site} dark, a triangle or plain? "
                 "(type {plain}, {dark} or {triangle})").format(city=_city(key[1]), site=key[2], plain=_w("plain"),
                                                               dark=_w("dark"), triangle=_w("triangle"))
    if kind == "exp":
        return ngettext("Board: read the expansion table row for {n} city (just the number of florins)",
                        "Board: read the expansion table row for {n} cities (just the number of florins)",
                        key[1]).format(n=key[1])
    return _("Board: answer the question")


def _w(text: str) -> str:
    """A move (or a move word) quoted in a prompt, as the display language says it (core/labels.py): the
    English notation in English, the Czech words in Czech."""
    from referee.core.labels import label

    return label("el-capitan", text)


def prompt(rules, s) -> str:
    st = s.stage
    if st == "over":
        return _("The game is over.")
    if st == "grid":
        return _("Board: name the cities in the top-middle, middle-right and bottom-middle cells and the top-right "
                 "corner, e.g. '{example}'").format(example=_w("layout venezia athina tunis constantinople"))
    if st == "reveal":
        kind = s.reveal_queue[0]
        if kind == "d":
            example = dict(example=_w("destination card marseille 3s 4f"),
                           short=_w("destination card marseille 3s 4f").split(" ", 2)[2])
            if s.draw_unknown[kind] == 0:
                return _("Chance: a destination/sea-route card is turned face up from the reshuffled pile; enter it "
                         "(e.g. {example}, or just {short})").format(**example)
            return _("Chance: a destination/sea-route card is turned face up; enter its city, seals and price "
                     "(e.g. {example}, or just {short})").format(**example)
        example = dict(example=_w("connection card tanger-venezia 3f"),
                       short=_w("connection card tanger-venezia 3f").split(" ", 2)[2].replace("-", " "))
        if s.draw_unknown[kind] == 0:
            return _("Chance: a connection card is turned face up from the reshuffled pile; enter it "
                     "(e.g. {example}, or just {short})").format(**example)
        return _("Chance: a connection card is turned face up; enter its two cities and price "
                 "(e.g. {example}, or just {short})").format(**example)
    if st == "payday":
        return _("Payday {n}: {question}").format(n=s.phase, question=_question_text(rules._payday_question(s)))
    if st == "loans":
        p, loan = s.settle_queue[0]
        ext = s.options["loan10_extended"] if loan[0] == 10 else 30
        more = sum(1 for q, _k in s.settle_queue if q == p) - 1
        text = _("{name} ({money} fl): {face}-florin loan: {repay_word} {repay} now, or {extend_word} (repay "
                 "{extended} after the next payday)").format(name=s.players[p], money=s.money[p], face=loan[0],
                                                             repay=12 if loan[0] == 10 else 20, extended=ext,
                                                             repay_word=_w("repay"), extend_word=_w("extend"))
        if more:
            # the English singular is kept as it always read (byte-identical output)
            text += ngettext("; {n} more of yours follow ('{repay_all}' or '{extend_all}' settles them alike)",
                             "; {n} more of yours follow ('{repay_all}' or '{extend_all}' settles them alike)",
                             more).format(n=more, repay_all=_w("repay all"), extend_all=_w("extend all"))
        return text
    if st == "start":
        nets = ", ".join(f"{s.players[p]} {rules.net(s, p)}" for p in range(s.n))
        who = s.players[s.chooser] if s.chooser is not None else _("The table (tie, O8)")
        return _("Finance check ({nets}): {who} chooses the start player of phase {phase}: {start} NAME").format(
            nets=nets, who=who, phase=s.phase + 1, start=_w("start"))
    p = s.cur
    name = s.players[p]
    if s.pending_dark is not None:
        c, site, _how = s.pending_dark
        return _question_text(("dark", c, site))
    key = rules._turn_question(s)
    if key is not None:
        return _question_text(key)
    if s.flash:
        return said(s.flash) + " " + _turn_prompt(rules, s, p, name)
    return _turn_prompt(rules, s, p, name)


def _turn_prompt(rules, s, p, name) -> str:
    money = s.money[p]
    moves = rules._turn_moves(s)
    if len(moves) == 1 and moves[0].text == "pass":
        return _("{name} ({money} fl): no action is possible (no build, no loan allowed): {pass_}, as the table "
                 "rules (T14/O12)").format(name=name, money=money, pass_=_w("pass"))
    if s.acted:
        if not any(m.action[0] == "buy" for m in moves):
            return _("{name} ({money} fl): the action is done; end the turn ({end})").format(name=name, money=money,
                                                                                            end=_w("end"))
        return _("{name} ({money} fl): buy more cards, or {end}").format(name=name, money=money, end=_w("end"))
    where = _where_shown(s, p)
    if s.ship_city[p] == OFF:
        if any(c[0] == "d" for c in s.hands[p]):
            return _("{name} ({money} fl): sail with your destination card to its city, then build "
                     "(first turn, T14)").format(name=name, money=money)
        return _("{name} ({money} fl): buy a destination card and sail to its city (first turn)").format(
            name=name, money=money)
    if s.ship_city[p] == BANK:
        dry = s.options["loan_stacks"] != "unlimited" and not (s.stack[10] or s.stack[16])
        if s.to_bank:
            if dry:
                return _("{name} ({money} fl, sailed to the bank): take a loan: {loan10} or {loan16}; both loan "
                         "stacks are empty (O12, flagged): the bank lends without a card").format(
                    name=name, money=money, loan10=_w("loan 10"), loan16=_w("loan 16"))
            return _("{name} ({money} fl, sailed to the bank): take a loan: {loan10} or {loan16}").format(
                name=name, money=money, loan10=_w("loan 10"), loan16=_w("loan 16"))
        if dry:
            return _("{name} ({money} fl, at the bank): take a loan; both loan stacks are empty (O12, flagged): "
                     "the bank lends without a card, or leave with a destination card").format(name=name,
                                                                                              money=money)
        return _("{name} ({money} fl, at the bank): take a loan, or leave with a destination card").format(
            name=name, money=money)
    kinds = {m.action[0] for m in moves}
    # the verbs (buy, sail, build, reopen, fortress) are notation the player types: shown as the display
    # language says them (core/labels.py; English: as typed)
    build = _w("build") if not s.two else _w("build") + " " + "|".join(
        _w("build " + COLOURS[c]).split(" ", 1)[1] for c in rules._colours_to_build(s, p)
        if any(m.action[0] == "build" and m.action[1] == c for m in moves))
    build = build.rstrip()
    if s.turns[p] == 0:
        return _("{name} ({money} fl, {where}): {buy}, {sail}, then {build} or a fortress (no loan in the first "
                 "turn, T13)").format(name=name, money=money, where=where, build=build, buy=_w("buy"),
                                      sail=_w("sail"))
    if not kinds & {"sail", "build", "reopen", "fortress"} and "bank" in kinds:
        return _("{name} ({money} fl, {where}): nothing can be built here now, so sail to the bank and take a loan "
                 "(rule T12): {bank}").format(name=name, money=money, where=where, bank=_w("bank"))
    acts = [w for w, k in ((build, "build"), (_w("reopen"), "reopen"), (_w("fortress"), "fortress")) if k in kinds]
    act = " / ".join(acts) if acts else _("sail on to build")
    first = ", ".join(_w(w) for w in ("buy", "sail") if w in kinds)
    if first:
        return _("{name} ({money} fl, {where}): {first}, then {act}, or go to the bank for a loan").format(
            name=name, money=money, where=where, first=first, act=act)
    return _("{name} ({money} fl, {where}): {act}, or go to the bank for a loan").format(
        name=name, money=money, where=where, act=act)



def view(rules, s) -> dict:
    cities = {}
    for ci, city in enumerate(s.cities):
        cities[CITIES[ci]] = {
            "sites": [None if c == FREE else COLOURS[c] for c in city.sites[1:]],
            "picture": sorted(COLOURS[c] for c in city.picture),
            "harbour": [None if q == EMPTY else s.players[q] for q in city.harbour],
            "fortresses": [None if c == EMPTY else COLOURS[c] for c in city.fort],
            "next_field": ch.next_value_site(city) if city.ever else None,
            "backward": city.full,
            "first_on_site_2": city.need1,
        }
    players = []
    for p in range(s.n):
        left = {COLOURS[s.main[p]]: s.front_w[s.main[p]]}
        if s.two:
            left[COLOURS[s.neutral[p]]] = s.front_w[s.neutral[p]]
        players.append({
            "name": s.players[p], "colour": COLOURS[s.main[p]],
            "neutral": COLOURS[s.neutral[p]] if s.two else None,
            "money": s.money[p],
            "loans": [{"amount": k[0], "extended": k[1], "repay": rules._repay_value(s, k)}
                      for k, c in sorted(s.loans[p].items()) for _ in range(c)],
            "net": rules.net(s, p),
            "warehouses_left": left, "fortresses_left": s.front_f[p],
            "ship": _where(s, p), "hand": sorted(card_label(c) for c in s.hands[p]),
            "bonus_card": s.bonus[p] or None, "expansion_cities": rules._cities_of(s, p),
            "turns": s.turns[p],
        })
    learned = {}
    for key, v in s.learned.items():
        if key == "layout":
            learned["layout"] = list(v)
            continue
        kind = key[0]
        if kind == "exp":
            name = f"expansion {key[1]} cities"
        elif kind in ("harbour", "fortress"):
            name = f"{CITIES[key[1]]} {kind} {key[2] + 1}"
        elif kind == "site":
            name = f"{CITIES[key[1]]} final" if key[2] == 13 else f"{CITIES[key[1]]} site {key[2]}"
        else:
            name = f"{CITIES[key[1]]} site {key[2]} square"
        learned[name] = v
    learned = dict(sorted(learned.items()))
    return {
        "game": "el-capitan", "phase": s.phase, "paydays": s.paydays, "stage": s.stage,
        "start_player": s.players[s.start], "current": s.players[s.cur],
        "phase_ending": s.phase_end,
        "players": players, "cities": cities,
        "display": {"destination": [card_label(c) for c in s.face["d"]],
                    "connection": [card_label(c) for c in s.face["c"]]},
        "piles": {"destination": {"draw": s.draw_unknown["d"] + len(s.draw_known["d"]),
                                  "discard": len(s.discard["d"])},
                  "connection": {"draw": s.draw_unknown["c"] + len(s.draw_known["c"]),
                                 "discard": len(s.discard["c"])}},
        "loan_stacks": {"10": s.stack[10], "16": s.stack[16]},
        "bonus_cards_left": list(s.bonus_left),
        "board_values": learned,
        "last_payday": s.last_payday,
        "notes": list(s.notes),
    }
