"""El Capitan prompt line and JSON view."""

from __future__ import annotations

from . import chain as ch
from .board import CITIES
from .chain import EMPTY, FREE
from .notation import card_label
from .state import BANK, COLOURS, OFF

_QUESTION = {
    "harbour": "read the price on {city} harbour space {space}",
    "fortress": "read the price on {city} fortress space {space}",
}


def _where(s, p):
    c = s.ship_city[p]
    if c == OFF:
        return "off the board"
    if c == BANK:
        return "bank"
    return CITIES[c] + (f" (harbour {s.ship_space[p] + 1})" if s.ship_space[p] >= 0 else " (sailing)")


def _question_text(key) -> str:
    kind = key[0]
    if kind in ("harbour", "fortress"):
        return (f"Board: read the price printed on {CITIES[key[1]].capitalize()} {kind} space {key[2] + 1} "
                f"(type just the number, e.g. 4)")
    if kind == "site":
        if key[2] == 13:
            return f"Board: read the value printed on {CITIES[key[1]].capitalize()}'s final field (just the number)"
        return (f"Board: read the value printed on {CITIES[key[1]].capitalize()} building site {key[2]} "
                "(just the number)")
    if kind == "dark":
        return (f"Board: is {CITIES[key[1]].capitalize()} building site {key[2]} dark, a triangle or plain? "
                f"(type plain, dark or triangle)")
    if kind == "exp":
        cities = "1 city" if key[1] == 1 else f"{key[1]} cities"
        return f"Board: read the expansion table row for {cities} (just the number of florins)"
    return "Board: answer the question"


def prompt(rules, s) -> str:
    st = s.stage
    if st == "over":
        return "The game is over."
    if st == "grid":
        return ("Board: name the cities in the top-middle, middle-right and bottom-middle cells and the top-right "
                "corner, e.g. 'layout venezia athina tunis constantinople'")
    if st == "reveal":
        kind = s.reveal_queue[0]
        deck = "destination/sea-route" if kind == "d" else "connection"
        example = ("destination card marseille 3s 4f, or just marseille 3 4" if kind == "d"
                   else "connection card tanger-venezia 3f, or just tanger venezia 3")
        if s.draw_unknown[kind] == 0:
            return f"Chance: a {deck} card is turned face up from the reshuffled pile; enter it (e.g. {example})"
        what = "its city, seals and price" if kind == "d" else "its two cities and price"
        return f"Chance: a {deck} card is turned face up; enter {what} (e.g. {example})"
    if st == "payday":
        return f"Payday {s.phase}: " + _question_text(rules._payday_question(s))
    if st == "loans":
        p, loan = s.settle_queue[0]
        ext = s.options["loan10_extended"] if loan[0] == 10 else 30
        more = sum(1 for q, _ in s.settle_queue if q == p) - 1
        rest = f"; {more} more of yours follow ('repay all' or 'extend all' settles them alike)" if more else ""
        return (f"{s.players[p]} ({s.money[p]} fl): {loan[0]}-florin loan: repay {12 if loan[0] == 10 else 20} "
                f"now, or extend (repay {ext} after the next payday){rest}")
    if st == "start":
        nets = ", ".join(f"{s.players[p]} {rules.net(s, p)}" for p in range(s.n))
        who = s.players[s.chooser] if s.chooser is not None else "The table (tie, O8)"
        return f"Finance check ({nets}): {who} chooses the start player of phase {s.phase + 1}: start NAME"
    p = s.cur
    name = s.players[p]
    if s.pending_dark is not None:
        c, site, _ = s.pending_dark
        return _question_text(("dark", c, site))
    key = rules._turn_question(s)
    if key is not None:
        return _question_text(key)
    if s.flash:
        return s.flash + " " + _turn_prompt(rules, s, p, name)
    return _turn_prompt(rules, s, p, name)


def _turn_prompt(rules, s, p, name) -> str:
    money = s.money[p]
    moves = rules._turn_moves(s)
    if len(moves) == 1 and moves[0].text == "pass":
        return (f"{name} ({money} fl): no action is possible (no build, no loan allowed): pass, as the table "
                "rules (T14/O12)")
    if s.acted:
        if not any(m.action[0] == "buy" for m in moves):
            return f"{name} ({money} fl): the action is done; end the turn"
        return f"{name} ({money} fl): buy more cards, or end"
    where = _where(s, p)
    if s.ship_city[p] == OFF:
        if any(c[0] == "d" for c in s.hands[p]):
            return (f"{name} ({money} fl): sail with your destination card to its city, then build "
                    "(first turn, T14)")
        return f"{name} ({money} fl): buy a destination card and sail to its city (first turn)"
    if s.ship_city[p] == BANK:
        dry = "" if s.options["loan_stacks"] == "unlimited" or s.stack[10] or s.stack[16] else (
            "; both loan stacks are empty (O12, flagged): the bank lends without a card")
        if s.to_bank:
            return f"{name} ({money} fl, sailed to the bank): take a loan: loan 10 or loan 16{dry}"
        return f"{name} ({money} fl, at the bank): take a loan{dry}, or leave with a destination card"
    kinds = {m.action[0] for m in moves}
    build = "build" if not s.two else "build " + "|".join(COLOURS[c] for c in rules._colours_to_build(s, p)
                                                         if any(m.action[0] == "build" and m.action[1] == c
                                                                for m in moves))
    build = build.rstrip()
    if s.turns[p] == 0:
        return f"{name} ({money} fl, {where}): buy, sail, then {build} or a fortress (no loan in the first turn, T13)"
    if not kinds & {"sail", "build", "reopen", "fortress"} and "bank" in kinds:
        return (f"{name} ({money} fl, {where}): nothing can be built here now, so sail to the bank and take a loan "
                "(rule T12): bank")
    acts = [w for w, k in ((build, "build"), ("reopen", "reopen"), ("fortress", "fortress")) if k in kinds]
    act = " / ".join(acts) if acts else "sail on to build"
    first = ", ".join(w for w in ("buy", "sail") if w in kinds)
    first = first + ", then " if first else ""
    return f"{name} ({money} fl, {where}): {first}{act}, or go to the bank for a loan"


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
