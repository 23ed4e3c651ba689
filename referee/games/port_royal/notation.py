"""Port Royal notation: what a player types, read as a canonical move (its words: words.py; the prompt line
and the public view: view.py).

Canonical moves (lowercase, one spelling each):
    flip                      the active player turns the next card (D1); at the table a card's name alone
                              in phase 1 is 'flip' and that card (split_entry, read by core/entry.py)
    <card-id>                 chance: the card that was flipped, e.g. flute-2-3, sailor-3-1, tax-swords
    repel | dock              the ship just flipped (D4)
    stop                      end phase 1 (D5)
    take <card-id>            phase 2: trade a ship or hire a person (T6/T7)
    pass                      phase 2: take nothing (more)
    claim <expedition-id> [using <persons>]   claim an expedition (E1-E4)
    end                       end the turn after phase 2 (only offered while a claim is possible)
    reshuffle                 table event: the discards become the draw pile now (R11)
    paid <card-id>            table event (option coin-faces): the face of a paid coin (R15)
"""

from __future__ import annotations

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove
from referee.core.suggest import close_matches
from referee.i18n import N_, _, language, ngettext

from . import cards as C
from .cards import (COLOUR, COST, EXPEDITION, IDS, KIND, PERSON, REQUIRE, S_ANCHOR, S_CROSS, S_HOUSE, S_JOKER,
                    S_MAD, S_SWORDS, SHIP, SKULL, SWORDS)
from .view import prompt
from .words import (DONE_FILLER, DONE_WORDS, FILLER, SYMBOL_WORDS, VERBS, _NOT_A, canon_card_text, resolve_card,
                    ship_colour, verb_words)


def _who(rules, s, words):
    """An optional leading player name: ('bob', rest)."""
    if len(words) > 1:                     # a lone word is a move or a card, even if a player has that name
        w = words[0].rstrip(":,")
        for p, name in enumerate(s.players):
            if name.casefold() == w:
                return p, words[1:]
    return None, words


def parse(rules, s, text: str) -> str:
    """Typed text -> canonical move; a move led by a player's name must be that player's (the core plays the
    canonical move for whoever it belongs to, so 'bob pass' must not stop Ann's flipping)."""
    canon = _parse(rules, s, text)
    who, _words = _who(rules, s, text.split())
    if who is not None:
        m = next((m for m in rules.legal(s) if m.text == canon), None)
        name = s.players[who]
        if m is not None and m.player is not None and m.player != name:
            active = s.players[s.active]
            verb = canon.split()[0]
            if verb in ("take", "pass"):
                raise IllegalMove(_("It is {chooser}'s chance to take a card, not {name}'s (T2).").format(
                    chooser=m.player, name=name))
            if verb == "claim":
                raise IllegalMove(_("Only {active}, the active player, may claim an expedition (E1/R3).").format(
                    active=active))
            raise IllegalMove(_only_active(active, name, verb))
    return canon


# What only the active player may do, in "It is Ann's turn: only Ann may ..." (the move word stays as typed
# for moves not listed).
_ONLY_ACTIVE = {
    "stop": N_("It is {active}'s turn: only {active} may stop flipping, not {name} (D1/D5)."),
    "end": N_("It is {active}'s turn: only {active} may end the turn, not {name} (D1/D5)."),
    "flip": N_("It is {active}'s turn: only {active} may flip, not {name} (D1/D5)."),
    "repel or dock the ship": N_("It is {active}'s turn: only {active} may repel or dock the ship, not {name} "
                                 "(D1/D5)."),
}


def _only_active(active: str, name: str, verb: str) -> str:
    text = _ONLY_ACTIVE.get(verb)
    if text is None:
        return _("It is {active}'s turn: only {active} may {move}, not {name} (D1/D5).").format(
            active=active, move=verb, name=name)
    return _(text).format(active=active, name=name)


def _parse(rules, s, text: str) -> str:
    from .state import CLOSE, FLIP, OVER, REVEAL, SHIP as SHIP_PHASE, TAKE

    words = text.split()
    who, words = _who(rules, s, words)
    words = verb_words(words)
    if not words:
        raise InvalidMove(_("Type a move after the player's name, e.g. 'flip', 'stop' or 'take sailor-3-1'."))
    head = words[0]
    verb = VERBS.get(head)
    rest = " ".join(words[1:])
    if verb in FILLER:                                   # "flip again", "repel it", "let it dock"
        rest = " ".join(w for w in words[1:] if w not in FILLER[verb])
    ph = s.phase
    active = s.players[s.active]

    if ph == OVER:
        raise IllegalMove(_("The game is over."))

    if verb == "reshuffle":
        if not rest and any(m.text == "reshuffle" for m in rules.legal(s)):
            return "reshuffle"                  # said in another language ('zamíchat'): the listed move
        if s.eager_reshuffle:
            raise IllegalMove(_("This game reshuffles automatically as soon as the draw pile runs out (R11)."))
        if s.draw:
            raise IllegalMove(_("The draw pile still holds {n} cards; reshuffle only when it is empty (C2).").format(
                n=s.draw))
        if not s.discard:
            raise IllegalMove(_("The discard pile is empty: there is nothing to reshuffle (R5)."))
        raise IllegalMove(_("Finish entering the flipped card first."))

    if verb == "paid":
        if not s.coin_faces:
            raise IllegalMove(_("Faces of paid coins are entered only with the option coin-faces=on (R15)."))
        if ph == REVEAL:
            raise IllegalMove(_("Enter the card {active} flipped first (D1).").format(active=active))
        if not s.unknown:
            raise IllegalMove(_("No unidentified paid coin lies on the discard pile (C3/R15)."))
        c = resolve_card(rest, rules.paid_faces(s))
        if c not in rules.paid_faces(s):
            raise IllegalMove(_("No copy of {card} can be among the paid coins (C4).").format(card=IDS[c]))
        return "paid " + IDS[c]

    if ph == REVEAL and who is not None:
        try:                               # a player named like a card ("Jack"): read the whole text as the card
            c = resolve_card(text, [c for c in range(C.N) if s.ub[c]])
        except InvalidMove:
            raise InvalidMove(_("Enter the card {active} flipped, without a player's name, e.g. flute-2-3.").format(
                active=active)) from None
        if not s.ub[c]:
            raise IllegalMove(_no_copy(s, c))
        return IDS[c]
    if ph == REVEAL:
        arg = rest if verb in ("flip", "card") else " ".join(words)
        if verb == "flip" and not rest:
            raise IllegalMove(_("{active} is flipping: enter the card shown, e.g. flute-2-3 (D1).").format(
                active=active))
        if verb in ("stop", "pass", "repel", "dock", "bust", "end", "take") and not rest:
            raise IllegalMove(_("{active} has flipped a card: enter it first (D1), e.g. flute-2-3.").format(
                active=active))
        if head in ("exp", "expedition", "x"):
            arg = " ".join(words)
        elif verb in ("take", "claim") and rest:
            raise IllegalMove(_("{active} has flipped a card: enter that card first (D1).").format(active=active))
        pool = [c for c in range(C.N) if s.ub[c]]
        c = resolve_card(arg, pool, missing=_("No {text} card can still be in the draw pile (C4); if an earlier "
                                              "card was entered wrongly, undo back to it."))
        if not s.ub[c]:
            raise IllegalMove(_no_copy(s, c))
        return IDS[c]

    if ph == SHIP_PHASE and verb not in ("repel", "dock", "bust", "claim", "flip", "stop", "pass", "end"):
        raise IllegalMove(_ship_first(s))

    # A bare card or expedition name: take it in phase 2, claim it if it is an expedition.
    if verb is None:
        if head in DONE_WORDS:
            verb = "pass"
        else:
            try:
                c = resolve_card(" ".join(words), _pool(rules, s))
            except AmbiguousMove:
                raise
            except InvalidMove as err:
                verb = _verb_guess(rules, s, head, str(err))
            else:
                if KIND[c] == EXPEDITION:
                    verb, rest = "claim", " ".join(words)
                elif ph == FLIP and c not in s.display:
                    raise IllegalMove(_("Type 'flip' first, then {card} as the card {active} turns over (D1); "
                                        "cards are taken from the harbour only in phase 2 (T2).").format(
                        card=IDS[c], active=active))
                else:
                    verb, rest = "take", " ".join(words)

    if verb == "take" and not rest and ph == FLIP:
        verb = "stop"                                   # "trade" in phase 1: stop and go trading
    if verb == "card":
        if ph == FLIP:
            raise IllegalMove(_("No card is being flipped now: type 'flip' first, then the card {active} "
                                "turns over (D1).").format(active=active))
        raise IllegalMove(_("No card is being flipped now; {doing}.").format(doing=_doing(rules, s)))

    if verb == "claim":
        return _parse_claim(rules, s, who, rest)

    if verb == "dock" and rest in ("anyway", "bust", "and bust", "anyway and bust"):
        verb, rest = "bust", ""
    if who is not None and verb in ("flip", "stop", "repel", "dock", "bust", "end") and who != s.active:
        what = ("end" if verb == "end" or ph == CLOSE else "stop" if verb == "stop"
                else "repel or dock the ship" if verb in ("repel", "dock", "bust") else verb)
        raise IllegalMove(_only_active(active, s.players[who], what))

    if verb == "flip":
        if ph == FLIP:
            if rest:
                raise InvalidMove(_("Enter the flip and the card one at a time: 'flip', then the card shown "
                                    "(e.g. {card}).").format(card=canon_card_text(rest) or "flute-2-3"))
            return "flip"
        if ph == SHIP_PHASE:
            raise IllegalMove(_ship_first(s))
        if ph in (TAKE, CLOSE):
            raise IllegalMove(_("{active} has stopped: no more flips in this turn (D5).").format(active=active))
    if head in ("s", "stop", "stops") and ph in (TAKE, CLOSE) and (
            head == "s" or (ph == TAKE and s.chooser == s.active and s.taken == 0 and not s.chance_no)):
        # A reflexive second 's' (or 'stop') right after stopping must not throw away the take: 's' is stop,
        # phase 1 is over, and passing or ending the turn takes its own word (T2/R7).
        if ph == CLOSE:
            raise IllegalMove(_("{active} has already stopped: claim an expedition, or type 'end' to end the "
                                "turn (E1).").format(active=active))
        raise IllegalMove(_("{active} has already stopped; this is phase 2: {chooser} may take a card, or type "
                            "'pass' to take nothing (T2).").format(active=active, chooser=s.players[s.chooser]))
    if verb in ("stop", "pass", "end"):
        rest = " ".join(w for w in rest.split() if w not in DONE_FILLER)
    if verb in ("stop", "pass", "end") and rest:
        # every word honoured: 'stop take sailor' is two moves (the entry reader splits it), never a 'stop'
        # that drops the rest
        raise InvalidMove(_("'{word}' takes nothing after it.").format(word=head))
    if verb in ("stop", "pass", "end"):
        if ph == FLIP:
            if not s.flips:
                raise IllegalMove(_("{active} must flip at least one card before stopping (D1).").format(
                    active=active))
            if not s.display and not s.empty_stop:
                raise IllegalMove(_("{active} cannot stop with an empty harbour in this game: flip again (R2).")
                                  .format(active=active))
            return "stop"
        if ph == TAKE:
            _check_chooser(s, who)
            if s.must_take and s.chooser == s.active and s.taken == 0:
                raise IllegalMove(_("{active} must take at least one card in phase 2 in this game (R7).").format(
                    active=active))
            return "pass"
        if ph == CLOSE:
            return "end"
        if ph == SHIP_PHASE:
            raise IllegalMove(_ship_first(s))
    if verb in ("repel", "dock", "bust"):
        if rest:
            raise InvalidMove(_("'{word}' takes nothing after it: it applies to the ship just flipped.").format(
                word=verb))
        if ph == SHIP_PHASE:
            c = s.pending
            busts = s.colours & (1 << COLOUR[c])
            if verb == "dock" and busts:
                return "bust"        # D4c: docking a second ship of a colour is the bust; the preview says so
            if verb == "bust" and not busts:
                raise IllegalMove(_("No {colour} ship is in the harbour, so this {ship} docks without a bust: "
                                    "type 'dock' or 'repel' (D4).").format(colour=ship_colour(c), ship=C.SHORT[c]))
            return verb
        if verb == "bust":
            raise IllegalMove(_("There is no flipped ship waiting to dock now; a bust happens only when a second "
                                "ship of a colour docks (D4c/D6)."))
        if ph != SHIP_PHASE:
            c = s.last_flip
            if verb == "repel" and ph == FLIP and c >= 0 and KIND[c] == SHIP and c in s.display:
                if SWORDS[c] == SKULL:
                    raise IllegalMove(_("You cannot repel a skull ship (D4a)."))
                mine = s.stats[s.active][S_SWORDS]
                raise IllegalMove(ngettext("{active} has {n} sword but the {ship} needs {need} to be repelled, so it "
                                           "docked (D4a).",
                                           "{active} has {n} swords but the {ship} needs {need} to be repelled, so "
                                           "it docked (D4a).", mine).format(
                    active=active, n=mine, ship=C.SHORT[c], need=SWORDS[c]))
            if verb == "repel" and ph == TAKE and c >= 0 and SWORDS[c] == SKULL and c in s.display:
                raise IllegalMove(_("You cannot repel a skull ship (D4a)."))
            if verb == "repel":
                raise IllegalMove(_("Only the ship just flipped can be repelled, never one already in the harbour "
                                    "(D4a)."))
            raise IllegalMove(_("There is no flipped ship waiting to dock now (D4)."))
        return verb
    if verb == "take":
        if not rest:
            return _take_alone(rules, s, who, head)
        try:
            c = resolve_card(rest, _pool(rules, s), missing=_("There is no {text} in the harbour; only cards "
                                                               "in the harbour can be taken (T9)."))
        except IllegalMove:
            _phase2_only(s)                    # outside phase 2 the phase is the reason, not the harbour
            raise
        return _explain_take(rules, s, who, c)
    raise InvalidMove(_("{text} is not a move now; {doing}.").format(text=repr(text), doing=_doing(rules, s)))


def split_entry(rules, s, text: str):
    """D1 said as at the table: in phase 1 the active player names the card she turns over ('sailor-3-1',
    'námořník 3', 'blue 2 3'): that is 'flip' and then that card. None when the text is not a card's name
    (a move word, a player's name, a move this position understands). A card that lies in the harbour is
    refused: 'sailor-3-1' could be this card flipped again or the one to take after stopping."""
    from .state import FLIP

    if s.phase != FLIP:
        return None
    words = text.lower().split()
    who, named = _who(rules, s, words)
    if who is not None:                              # 'Ann sailor 3 1', said by (or for) the active player
        inner = split_entry(rules, s, " ".join(named))
        if inner and who != s.active:
            active = s.players[s.active]
            raise IllegalMove(_("It is {active}'s turn: only {active} flips cards, not {name} (D1).").format(
                active=active, name=s.players[who]))
        return [f"{s.players[who]} flip"] + inner[1:] if inner else None
    if not words:
        return None
    if verb_words(words)[0] in VERBS or words[0] in DONE_WORDS:
        return None
    if any(name.casefold() == words[0].rstrip(":,") for name in s.players):
        return None
    try:
        parse(rules, s, " ".join(words))
        return None                                  # a move of its own here (a claim): not a flip
    except AmbiguousMove:
        return None                                  # the generic reading refuses it as ambiguous
    except (IllegalMove, InvalidMove):
        pass
    drawable = [c for c in range(C.N) if s.ub[c]]
    for k in range(len(words), 0, -1):               # the card's words lead; moves may follow ('... repel')
        try:
            c = resolve_card(" ".join(words[:k]), drawable)
        except AmbiguousMove:
            return ["flip", text]                    # a card, not yet told which: the reveal says so
        except (IllegalMove, InvalidMove):
            continue
        if c in s.display:
            raise IllegalMove(_("{card} is in the harbour: if {active} flipped another one, type 'flip {card}'; "
                                "cards in the harbour are taken in phase 2, after 'stop' (D1/T2).").format(
                card=IDS[c], active=s.players[s.active]))
        return ["flip", text]
    return None


CANON_VERBS = ("flip", "stop", "take", "pass", "repel", "dock", "bust", "claim", "end", "reshuffle", "paid")


def _verb_guess(rules, s, head: str, card_error: str) -> str:
    """A unique prefix of a move word ('rep' = repel), else InvalidMove with a did-you-mean."""
    if len(head) >= 2:
        hits = [v for v in CANON_VERBS if v.startswith(head)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousMove(_("{word} could be {moves}; type more of the move.").format(
                word=repr(head), moves=_(" or ").join(hits)))
    legal = [m.text for m in rules.legal(s)]
    table_words = ["help", "moves", "undo", "board", "record", "quit"]     # the table's own commands
    close = close_matches(head, list(CANON_VERBS) + legal + table_words, n=1, cutoff=0.6)
    if close:
        raise InvalidMove(_("{word} is not a move. Did you mean {move}?").format(word=repr(head), move=close[0]))
    raise InvalidMove(_("{word} is neither a move nor a card; {doing}.").format(word=repr(head),
                                                                              doing=_doing(rules, s)))


def _no_copy(s, c) -> str:
    """C4 item 3: a flipped card that cannot be in the draw pile; say where its copies are."""
    if c == C.EXP_ACH and s.n < 5:
        from .labels import card

        return _("{card} is used only with 5 players; it is in the box (C4).").format(
            card=card("expedition-ach", language()))
    seen = []
    places = [(_("{n} in the harbour"), s.display, ""), (_("{n} in the expedition area"), s.area, "")]
    places += [(_("{n} with {name}"), s.persons[p] + s.exps[p], s.players[p]) for p in range(s.n)]
    for where, zone, name in places:
        k = zone.count(c)
        if k:
            seen.append(where.format(n=k, name=name))
    if s.disc[c]:
        seen.append(_("{n} on the discard pile").format(n=s.disc[c]))
    copies = C.COPIES[c]
    where = (ngettext("of its {n} copy, {places}", "of its {n} copies, {places}", copies).format(
        n=copies, places=", ".join(seen)) if seen else _("its copies are among the coins"))
    return _("No copy of {card} can still be in the draw pile (C4): {where}; if an earlier card was entered "
             "wrongly, undo back to it.").format(card=IDS[c], where=where)


def _ship_first(s, why: str = "") -> str:
    """D4: the ship just flipped waits for repel or dock; say which words answer it."""
    c = s.pending
    active = s.players[s.active]
    if s.colours & (1 << COLOUR[c]):
        return _("First repel the {ship} {active} just flipped, or type 'bust' to let it dock and bust "
                 "(D4c){why}.").format(ship=C.SHORT[c], active=active, why=why)
    return _("First repel (r) or dock (d) the {ship} {active} just flipped (D4b){why}.").format(
        ship=C.SHORT[c], active=active, why=why)


def _pool(rules, s):
    return list(dict.fromkeys(s.display + s.area))


def _doing(rules, s) -> str:
    return _("now: {prompt}").format(prompt=prompt(rules, s))


def _check_chooser(s, who):
    if who is not None and who != s.chooser:
        raise IllegalMove(_("It is {chooser}'s chance to take a card, not {name}'s (T2).").format(
            chooser=s.players[s.chooser], name=s.players[who]))


def _phase2_only(s) -> None:
    from .state import CLOSE, TAKE

    if s.phase == TAKE:
        return
    if s.phase == CLOSE:
        raise IllegalMove(_("Every player has had a chance to take a card; this turn's phase 2 is over (T10)."))
    raise IllegalMove(_("Cards are taken only in phase 2, after {active} stops (T2).").format(
        active=s.players[s.active]))


# 'take', 'trade' or 'hire' alone: the refusals for a card, a ship, a person.
_ONLY_ONE = {None: N_("Name the card to take: {card} is the only one {name} can afford."),
             SHIP: N_("Name the ship to take: {card} is the only one {name} can afford."),
             PERSON: N_("Name the person to take: {card} is the only one {name} can afford.")}
_NAME_ONE = {None: N_("Name the card to take: {cards} or {last}."),
             SHIP: N_("Name the ship to take: {cards} or {last}."),
             PERSON: N_("Name the person to take: {cards} or {last}.")}
_NONE_THERE = {None: N_("There is no card in the harbour to take (T9)."),
               SHIP: N_("There is no ship in the harbour to take (T9)."),
               PERSON: N_("There is no person in the harbour to take (T9).")}


def _take_alone(rules, s, who, head: str) -> str:
    """'take' without a card: the one card there is to take ('trade' a ship, 'hire' a person), else name them."""
    _phase2_only(s)
    _check_chooser(s, who)
    p = s.chooser
    name = s.players[p]
    kind = SHIP if head == "trade" else PERSON if head in ("hire", "buy") else None
    there = list(dict.fromkeys(c for c in s.display if kind is None or KIND[c] == kind))
    if len(there) == 1:
        return _explain_take(rules, s, who, there[0])
    cands = [c for c in rules.takeable(s, p) if c in there]
    if len(cands) == 1:
        raise InvalidMove(_(_ONLY_ONE[kind]).format(card=IDS[cands[0]], name=name))
    if cands:
        ids = [IDS[c] for c in cands]
        raise InvalidMove(_(_NAME_ONE[kind]).format(cards=", ".join(ids[:-1]), last=ids[-1]))
    if kind == SHIP or not any(kind is None or KIND[c] == kind for c in s.display):
        raise IllegalMove(_(_NONE_THERE[kind]))
    raise IllegalMove(_("{name} cannot afford any person in the harbour (T7/T8/T9).").format(name=name))


def _explain_take(rules, s, who, c) -> str:
    from .state import CLOSE, FLIP, REVEAL, SHIP as SHIP_PHASE, TAKE

    ph = s.phase
    active = s.players[s.active]
    if KIND[c] == EXPEDITION:
        return _parse_claim(rules, s, who, IDS[c])
    _phase2_only(s)
    _check_chooser(s, who)
    p = s.chooser
    name = s.players[p]
    if c not in s.display:
        raise IllegalMove(_("{card} is not in the harbour; only cards in the harbour can be taken (T9).").format(
            card=IDS[c]))
    if KIND[c] == PERSON:
        price = max(0, COST[c] - s.stats[p][S_MAD])
        if p == s.active:
            if s.coins[p] < price:
                raise IllegalMove(_("{name} needs {price} coins to hire this {person} but has {coins} (T7/T9).")
                                  .format(name=name, price=price, person=C.SHORT[c], coins=s.coins[p]))
        elif s.coins[p] < price + 1:
            raise IllegalMove(_("{name} needs {total} coins to hire this {person}: price {price} plus the 1-coin "
                                "fee to {active} (T8).").format(name=name, total=price + 1, person=C.SHORT[c],
                                                                 price=price, active=active))
    text = "take " + IDS[c]
    return text


def _symbol_word(w: str) -> str:
    """A person paying for an expedition in any listed language ('kapitán', 'Všeuměl') as the English word."""
    from referee.core.names import fold, lookup

    bare = w.rstrip(",")
    if bare in SYMBOL_WORDS:
        return w
    hits = lookup("port-royal", bare, ("person",))
    if len(hits) == 1 and hits[0][1] in SYMBOL_WORDS:
        return hits[0][1]
    return {"kotva": "anchor", "kotvy": "anchor", "kriz": "cross", "krize": "cross", "dum": "house",
            "domy": "house"}.get(fold(bare), w)


def _parse_claim(rules, s, who, rest: str) -> str:
    from .expeditions import claim_text, combos, combo_words, combo_names
    from .state import FLIP, REVEAL, SHIP as SHIP_PHASE, CLOSE, TAKE

    active = s.players[s.active]
    if not rest:
        raise InvalidMove(_("Name the expedition to claim, e.g. 'claim cc' or 'claim expedition-aah'."))
    words = rest.split()
    using = None
    for word in ("using", "with", "pomoci", "pomocí", "za"):     # Czech: "provést aa pomocí kapitán kapitán"
        if word in words:
            k = words.index(word)
            using, words = [_symbol_word(w) for w in words[k + 1:]], words[:k]
            break
    try:
        e = resolve_card(" ".join(words), list(s.area), "expedition")
    except InvalidMove:
        if not words or words[0] in ("expedice", "expedition"):
            raise
        try:             # 'provést expedici 2 kotvy': the alias 'provést expedici' took the card's first word
            e = resolve_card("expedice " + " ".join(words), list(s.area), "expedition")
        except InvalidMove:
            raise InvalidMove(_(_NOT_A["expedition"]).format(text=repr(" ".join(words)))) from None
    if KIND[e] != EXPEDITION:
        raise IllegalMove(_("{card} is not an expedition; only expeditions are claimed (E2).").format(card=IDS[e]))
    if who is not None and who != s.active:
        raise IllegalMove(_("Only {active}, the active player, may claim an expedition (E1/R3).").format(
            active=active))
    if e not in s.area:
        raise IllegalMove((_("{card} is in the box; only face-up expeditions in the expedition area can be "
                             "claimed (E2).") if e in s.box else
                           _("{card} is not in the expedition area; only face-up expeditions in the expedition "
                             "area can be claimed (E2).")).format(card=IDS[e]))
    st = s.stats[s.active]
    options = combos(REQUIRE[e], st)
    if not options:
        need = " + ".join(_(C.SYMBOL_NAMES[w]) for w in C.SYMBOLS[e])
        have = _("{settlers} Settler, {captains} Captain, {priests} Priest, {jacks} Jack").format(
            settlers=st[S_HOUSE], captains=st[S_ANCHOR], priests=st[S_CROSS], jacks=st[S_JOKER])
        raise IllegalMove(_("{active} cannot claim {card}: it needs {need} and {active} has {have} (E3).").format(
            active=active, card=IDS[e], need=need, have=have))
    if using is None:
        return claim_text(e, options[0], True)
    counts = [0, 0, 0, 0]
    for w in using:
        if w in ("and", ","):
            continue
        k = SYMBOL_WORDS.get(w.rstrip(","))
        if k is None:
            close = close_matches(w, list(SYMBOL_WORDS), n=1)
            hint = (" " + _("Did you mean {word}?").format(word=close[0])) if close else ""
            raise IllegalMove(_("Only Settlers, Captains, Priests and Jacks can pay for an expedition, not {word} "
                                "(E3).").format(word=repr(w)) + hint)
        counts[k] += 1
    combo = tuple(counts)
    if combo in options:
        return claim_text(e, combo, combo == options[0])
    h, a, c = REQUIRE[e]
    if counts[0] > st[S_HOUSE] or counts[1] > st[S_ANCHOR] or counts[2] > st[S_CROSS] or counts[3] > st[S_JOKER]:
        raise IllegalMove(_("{active} does not have {persons} to discard (E3).").format(
            active=active, persons=combo_names(combo)))
    raise IllegalMove(_("{persons} does not pay {card} ({need}): one person per symbol, Jacks filling the gap "
                        "(E3); e.g. {example}.").format(
        persons=combo_names(combo) or _("Nothing"), card=IDS[e],
        need=" + ".join(_(C.SYMBOL_NAMES[w]) for w in C.SYMBOLS[e]), example=combo_words(options[0])))
