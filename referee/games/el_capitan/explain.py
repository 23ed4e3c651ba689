"""Why a move the table typed is not allowed: one sentence naming the rule (or None if no rule applies)."""

from __future__ import annotations

from referee.core.names import display
from referee.i18n import _, ngettext

from .board import CITIES
from .chain import EMPTY, next_sites, run_length
from .notation import card_label, city_named, fits
from .state import BANK, COLOURS, OFF


def _name(c):
    return display("el-capitan", "city", CITIES[c])


def _typed_cards(typed, cards):
    """The cards whose printed label the typed words name: each word a prefix of the label's words in order
    ('tanger-nap', 'tanger napoli 8f', 'mars 3s'); a connection card's two cities in either order."""
    typed = " ".join(typed).replace("-", " ").split()
    if not typed:
        return []
    out = []
    for c in dict.fromkeys(cards):
        words = card_label(c).replace("-", " ").split()
        orders = [words] if c[0] == "d" else [words, [words[1], words[0]] + words[2:]]
        for w in orders:
            if len(typed) <= len(w) and all(fits(t, x) for t, x in zip(typed, w)):
                out.append(c)
                break
    return sorted(out, key=lambda c: c[0] != "d")     # one city named: its destination card first


def explain(rules, s, text, words) -> str | None:
    if not words:
        return None
    head = words[0]
    if s.stage == "over":
        return _("The game is over (rule G1).")
    turn_verbs = ("buy", "sail", "build", "reopen", "fortress", "loan", "bank", "end")
    if s.stage == "loans":
        if head == "start":
            return _("The next start player is named after every loan is settled (rules A1, A4).")
        if head in turn_verbs:
            return _("After a payday the loans are settled first, repay or extend, in turn order from the start "
                     "player; the next phase starts after that (rule A1).")
        return None
    if s.stage == "start":
        if head == "start" and len(words) > 1:
            typed = " ".join(words[1:])
            if not any(name.lower().startswith(typed) for name in s.players):
                who = _("The table (a tie, O8)") if s.chooser is None else s.players[s.chooser]
                return _("No player is called {typed}; {who} names one of {players} as the start "
                         "player of the next phase (rule A4).").format(typed=typed, who=who,
                                                                      players=", ".join(s.players))
        if head in turn_verbs:
            return _("The finance check is done: the start player of the next phase is named first (rule A4).")
        return None
    if s.stage != "turn" or s.pending_dark is not None or rules._turn_question(s) is not None:
        if head in ("buy", "sail", "build", "reopen", "fortress", "loan", "bank", "end"):
            return _("First enter what the table shows (the chance move asked for); then the player continues.")
        legal = rules.legal(s)
        if legal and all(m.action[0] == "learn" for m in legal):
            if legal[0].action[1][0] == "dark":
                return _("Answer with what is printed on that building site: plain, dark or triangle (rule D6).")
            return _("Answer with the number printed on the board there, e.g. 4 (rule D6).")
        return None
    p = s.cur
    loc = s.ship_city[p]
    first = s.turns[p] == 0
    if head == "loan" or head == "bank":
        if first:
            return _("No loan in a player's first turn of the game; buy a destination card, sail and build "
                     "(rule T13).")
        if s.acted:
            return _("You have already made this turn's action; a turn has exactly one action (rule T11).")
        if head == "bank":
            return None
        if loc != BANK:
            return _("Loans are taken in the bank harbour: sail there first with 'bank' (free, no card needed), "
                     "then take the loan (rule T13).")
        return None
    if head == "end" and not s.acted:
        return _("A turn needs exactly one action before it ends: build, reopen, a fortress, or a loan at the bank "
                 "(rules T11, T12).")
    if head in ("build", "reopen", "fortress"):
        if s.acted:
            return _("You have already made this turn's action; a turn has exactly one action (rule T11).")
        named = None
        for w in words[1:]:
            c = city_named(w)
            if c is not None:
                named = c
        if loc < 0:
            if loc == BANK:
                return _("Your ship is at the bank: you build only in the city where your ship is anchored "
                         "(rule W1); at the bank your action is a loan.")
            return _("Your ship is not on the board yet: you build only in the city where your ship is anchored "
                     "(rule W1).")
        if named is not None and named != loc:
            return _("Your ship is in {city}, not {named}: you build only in the city where your ship "
                     "is anchored (rule W1).").format(city=_name(loc), named=_name(named))
        space = rules._space(s, p, loc)
        if space is None:
            return _("Both harbour spaces of {city} are taken, so your ship cannot stop there: sail on with "
                     "another card or go to the bank (rule T8).").format(city=_name(loc))
        city = s.cities[loc]
        if head == "fortress":
            if s.main[p] in city.fort:
                return _("You already have a fortress in {city}; a player may have only one fortress in "
                         "each city (rule F3).").format(city=_name(loc))
            if EMPTY not in city.fort:
                return _("Both fortress spaces of {city} are taken (rule F1).").format(city=_name(loc))
            if s.front_f[p] <= 0:
                return _("You have no fortress left in front of you; you get one per phase (rule F5).")
            sp = city.fort.index(EMPTY)
            if len(words) > 1 and words[1] in ("1", "2"):
                asked = int(words[1]) - 1
                if city.fort[asked] != EMPTY:
                    return _("Fortress space {asked} of {city} is taken for the rest of the game; space "
                             "{free} is free (rule F2).").format(asked=asked + 1, city=_name(loc), free=sp + 1)
                if s.options["fortress_space"] == "first" and asked != sp:
                    return _("A fortress goes on the first free space, space {free} of {city}; type "
                             "'fortress' (option O11).").format(free=sp + 1, city=_name(loc))
            price = s.learned.get(("fortress", loc, sp))
            if price is not None and price > s.money[p]:
                return _("The fortress costs {price} florins and you have {money} (rule F2).").format(
                    price=price, money=s.money[p])
            return None
        nexts = next_sites(city)
        if not nexts:
            return _("All 12 building sites of {city} are occupied; nothing more is built there (rule W9).").format(
                city=_name(loc))
        if head == "reopen":
            if not rules._reopenable(s, p, city):
                return _("You have no shut warehouse on the picture of {city} to reopen (rule W10).").format(
                    city=_name(loc))
            cols = rules._reopenable(s, p, city)
        else:
            if rules._warehouses_left(s, p) <= 0:
                return _("You have no warehouse left in front of you (rule P1: new ones come after the payday).")
            cols = rules._colours_to_build(s, p)
            if not cols:
                return _("You must keep more main-colour than neutral warehouses in front of you, so build the "
                         "neutral one now (rule V3).")
            price = s.learned.get(("harbour", loc, space))
            if price is not None and price > s.money[p]:
                return _("A warehouse in {city} costs {price} florins from your harbour space and you have "
                         "{money}; go to the bank for a loan instead (rules W1, T12).").format(
                    city=_name(loc), price=price, money=s.money[p])
        for w in words[1:]:
            if w in COLOURS and COLOURS.index(w) not in cols:
                if s.two and COLOURS.index(w) in (s.main[p], s.neutral[p]):
                    return _("That would leave you as many neutral as main-colour warehouses; you must keep more "
                             "main-colour ones (rule V3).")
        m, u = s.main[p], s.neutral[p]
        for col in cols:
            for site in nexts:
                if u < 0 and run_length(city.sites, site, (col,)) > 3:
                    return _("That would give you 4 warehouses in a row in {city}; nobody may have more than 3 "
                             "in a row until another player builds there (rule W4).").format(city=_name(loc))
                if u >= 0 and col == m and run_length(city.sites, site, (m,)) > 3:
                    return _("That would give you 4 main-colour warehouses in a row in {city}; at most 3 are "
                             "allowed (rule V4).").format(city=_name(loc))
                if u >= 0 and run_length(city.sites, site, (m, u)) > 4:
                    return _("That would give you 5 of your warehouses in a row in {city}; at most 4 (main "
                             "plus neutral) are allowed (rule V4).").format(city=_name(loc))
        return None
    if head == "sail" and len(words) >= 2:
        if s.acted:
            return _("All sailing must be finished before the action (rule T2).")
        if s.to_bank:
            return _("Your ship sailed to the bank this turn, so it takes its loan now and sails no further "
                     "(rules T12, T13).")
        from_bank = _("From the bank (or at the start of the game) a ship sails only with a card used as a "
                      "destination (rule T10).")
        if (loc == BANK or loc == OFF) and ("to" in words or "-" in words[1]):
            return from_bank
        labels = {card_label(c): c for c in s.hands[p]}
        named = words[1:words.index("to")] if "to" in words else words[1:]
        held = _typed_cards(named, s.hands[p])
        card = held[0] if held else None
        if card is None:
            if _typed_cards(named, s.face["d"] + s.face["c"]):
                return _("You do not hold that card; buy it first (rule T3).")
            return _("You hold no such sailing card; the cards in your hand are: {hand} (rule T5).").format(
                hand=", ".join(sorted(labels)) or _("none"))
        if card[0] == "c" and loc < 0:
            return from_bank
        if card[0] == "c" and loc not in (card[1], card[2]):
            if loc >= 0:
                return _("A connection card is used only from one of its two cities; your ship is in {city} "
                         "(rule T6).").format(city=_name(loc))
            return _("A connection card is used only from one of its two cities; your ship is not in a city "
                     "(rule T6).")
        if card[0] == "d" and "to" in words:
            target = city_named(words[-1])
            if target is not None and loc >= 0:
                dist = rules._dist(s)[loc][target]
                if dist > card[2]:
                    return ngettext("{card} has {seals} seal: a sea route goes at most {seals} city orthogonally, "
                                    "and {city} is {dist} away from {ship} (rule T5b).",
                                    "{card} has {seals} seals: a sea route goes at most {seals} cities "
                                    "orthogonally, and {city} is {dist} away from {ship} (rule T5b).",
                                    card[2]).format(card=card_label(card), seals=card[2], city=_name(target),
                                                    dist=dist, ship=_name(loc))
        if s.dest_leg and not s.options["legs_after_destination"]:
            return _("After a destination leg from the bank, no further legs this turn (option O13).")
        return None
    if head == "buy" and len(words) >= 2:
        if (s.loan_turn or s.to_bank) and not s.options["buy_in_loan_turn"]:
            return _("A loan turn allows no other activity, so no card purchases in it (rule T13, option O7).")
        for kind in ("d", "c"):
            for c in _typed_cards(words[1:], s.face[kind]):
                if c[3] > s.money[p]:
                    return _("{card} costs {price} florins and you have {money} (rule T3).").format(
                        card=card_label(c), price=c[3], money=s.money[p])
                if kind == "c" and loc == OFF:
                    return _("In the first turn you must buy a destination card and sail with it; keep enough "
                             "florins for one (rule T14).")
        return _("That card is not face up; buy one of the face-up cards (rule T3).")

    return None
