"""Port Royal's Rules.listed (core/rules.py): the legal move of a record's text, found without listing the
position. A record's replay (an import checks 3.5 million moves) asks it at every move; each branch here
is the condition ``rules.legal`` lists that move under, and tests/core/test_listed.py holds the two equal
over random games. A module of its own beside rules.py, which holds the listing itself."""

from __future__ import annotations

from referee.core.move import Move

from .cards import COLOUR, COST, IDS, KIND, N as NC, S_ANCHOR, S_CROSS, S_HOUSE, S_JOKER, S_MAD, SHIP
from .state import CLOSE, FLIP, REVEAL, SHIP as SHIP_PHASE, TAKE

CHANCE_MOVES = tuple(Move(IDS[i], None, True, ("card", i)) for i in range(NC))     # the listing's own
_CARD_OF = {IDS[i]: i for i in range(NC)}              # a chance move's text -> its card
_TAKE_OF = {"take " + IDS[i]: i for i in range(NC)}    # a take's text -> its card


def listed(rules, s, text):
    """The move of ``legal(s)`` whose text is ``text``, found without listing the position (a replay's
    moves: Rules.listed), or None: then the core lists the position (claims, reshuffles, paid faces and
    anything not listed all go that way). Each branch is the condition ``legal`` lists the move under;
    a finished game (OVER) has none."""
    ph = s.phase
    if ph == REVEAL:
        c = _CARD_OF.get(text)
        return CHANCE_MOVES[c] if c is not None and s.ub[c] else None
    if ph == FLIP:
        if text == "flip":      # rules._mv's cache looked at here first: most moves are one already made
            return s._mc.get(("flip", s.active)) or rules._mv(s, "flip", s.active, ("flip",))
        if text == "stop" and s.flips and (s.display or s.empty_stop):
            return s._mc.get(("stop", s.active)) or rules._mv(s, "stop", s.active, ("stop",))
    elif ph == TAKE:
        p = s.chooser
        c = _TAKE_OF.get(text)
        if c is not None:
            return rules._mv(s, text, p, ("take", c)) if may_take(s, p, c) else None
        if text == "pass" and not (s.must_take and p == s.active and s.taken == 0 and can_take(s, p)):
            return s._mc.get(("pass", p)) or rules._mv(s, "pass", p, ("pass",))
    elif ph == SHIP_PHASE:
        if text == "repel":
            return rules._mv(s, "repel", s.active, ("repel",))
        if text == ("bust" if s.colours & (1 << COLOUR[s.pending]) else "dock"):
            return rules._mv(s, text, s.active, ("dock",))
    elif ph == CLOSE:
        if text == "end":
            return rules._mv(s, "end", s.active, ("end",))
    return None


def affordable(s, p, c) -> bool:
    """T8/T9: player p may pay for display card c now (a ship costs nothing; a person its cost less his
    Mademoiselles, never below 0, plus a coin to the active player when p is not he). rules.takeable lists
    the cards this says yes to; a replay asks it of one card (may_take) or of the first it meets (can_take)."""
    if KIND[c] == SHIP:
        return True
    price = COST[c] - s.stats[p][S_MAD]
    return s.coins[p] >= (price if price > 0 else 0) + (0 if p == s.active else 1)


def can_take(s, p) -> bool:
    """rules.takeable(s, p) is not empty: the first card found will do (a replay asks at every chance)."""
    for c in s.display:
        if affordable(s, p, c):
            return True
    return False


def may_take(s, p, c) -> bool:
    """Card c is in rules.takeable(s, p), without listing the others (a record's 'take c')."""
    return c in s.display and affordable(s, p, c)


def can_pay(req, stats) -> bool:
    """expeditions.combos(req, stats) is not empty: some way to pay exists exactly when the most settlers,
    captains and priests that can go towards it leave no more Jacks to find than the player has (a replay
    asks whether the active player can claim at every turn of phase 2; combos lists and sorts every way)."""
    h, a, c = req
    return (h - min(h, stats[S_HOUSE])) + (a - min(a, stats[S_ANCHOR])) + (c - min(c, stats[S_CROSS])) \
        <= stats[S_JOKER]
