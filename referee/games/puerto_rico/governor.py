"""The round (rule 5.1): choosing roles in turn, doubloons on unchosen roles, the governor's rotation,
the 2-player role order, the prospector (5.8), and the end of the game at the end of a round (6).

The flow of the game lives here alone: which phase a role card starts is data (``PHASES``), and a role
whose phase is over only says so (``turns.role_over``); ``advance``, run after every move, moves on.
"""

from __future__ import annotations

from referee.i18n import N_, _

from . import builder, captain, craftsman, mayor, settler, trader
from .state import (CAPTAIN, BUILDER, CRAFTSMAN, END, MAYOR, PROSPECTOR, ROLE, ROLE_DONE, ROUND_START, SETTLER,
                    TRADER, mk, dbl_, move_table, pay, role_)

# Role card -> how its phase begins (the mayor's also gets whether the chooser takes the privilege).
PHASES = {
    SETTLER: settler.begin,
    MAYOR: mayor.begin,
    BUILDER: builder.begin,
    CRAFTSMAN: craftsman.begin,
    TRADER: trader.begin,
    CAPTAIN: captain.begin,
}


def picker(s) -> int:
    # 3-5 players: governor, then clockwise, one role each. 2 players: G, O, G, O, G, O (5.1 R7).
    return (s.gov + s.picks) % s.n


def start_round(s) -> None:
    s.picks = 0
    s.card = -1
    s.phase = ROLE
    offer_roles(s)


def _table(cards):
    def build():
        return [(name, ("role", i, True)) for i, name in enumerate(cards)] + [
            ("mayor no-privilege", ("role", MAYOR, False))]
    return build


_TABLES: dict = {}      # (cards on the table, player) -> the role moves' table (looked up at every role choice)
_LISTS: dict = {}       # (player, cards taken as bits, privilege offered, prospectors' doubloons) -> the listing


def role_moves(s) -> list:
    """Every role card still on the table; the two prospectors are one choice unless their doubloons
    differ ('prospector N', N = doubloons on the card).

    The listing depends only on the player, which cards are taken, whether the privilege is offered and
    the prospectors' doubloons: it is kept by those (a role is chosen at every fifth move of a random game,
    and the same few listings come back). The lists are shared: nothing mutates a listing."""
    who = s.names[s.actor]
    bits = s.taken_bits
    priv = not bits & _MAYOR_BIT and s.csup > 0 and s.o_priv_optional
    coins = s.card_coins
    # 3 players: six cards; 2 and 4: one prospector; 5: two (the count of cards is in the key: a 4-player
    # listing would offer a 5-player game's second prospector). The doubloons on the prospectors change the
    # listing only when both are free and differ ('prospector N'): only then are they in the key (with them
    # always there, a 5-player game met a new key at a fifth of its role choices)
    n = len(coins)
    if n == 6:
        key = (who, bits, priv)
    elif n == 8 and not bits & _PROSPECTORS_BITS and coins[6] != coins[7]:
        key = (who, bits, priv, n, coins[6], coins[7])
    else:
        key = (who, bits, priv, n)
    out = _LISTS.get(key)
    if out is None:
        if len(_LISTS) > 5000:
            _LISTS.clear()
        out = _LISTS[key] = _role_moves(s, who, s.card_taken, priv)
    return out


_MAYOR_BIT = 1 << MAYOR
_PROSPECTORS_BITS = 1 << 6 | 1 << 7     # a 5-player game's two prospector cards


def _role_moves(s, who, taken, priv) -> list:
    cards = s.cards
    tab = _TABLES.get((len(cards), who))
    if tab is None:
        if len(_TABLES) > 1000:
            _TABLES.clear()
        tab = _TABLES[len(cards), who] = move_table("roles%d" % len(cards), who, _table(cards))
    out = [tab[i] for i in range(6) if taken[i] < 0]
    if priv:
        out.append(tab[-1])
    if len(cards) > 6:
        free = [i for i in range(6, len(cards)) if taken[i] < 0]
        if len(free) == 2 and s.card_coins[6] != s.card_coins[7]:
            for i in sorted(free, key=lambda i: -s.card_coins[i]):
                out.append(mk(who, f"prospector {s.card_coins[i]}", ("role", i, True)))
        elif free:
            out.append(tab[free[0]])
    return out


def offer_roles(s) -> None:
    s.actor = picker(s)
    s.mv = role_moves(s)


_CHOOSES_TAKES = N_("{who} chooses the {role} and takes {amount} from it.")
_CHOOSES = N_("{who} chooses the {role}.")


def choose(s, action) -> None:
    i, flag = action[1], action[2]
    p = s.actor
    s.card_taken[i] = p
    s.taken_bits |= 1 << i
    coins = s.card_coins[i]
    s.card_coins[i] = 0
    s.dbl[p] += coins
    s.card = i
    s.chooser = p
    role = i if i < PROSPECTOR else PROSPECTOR     # the cards: the six roles in ROLES' order, then prospectors
    s.events.append((_chose_said, s.names[p], s.cards[i], coins))
    if role == MAYOR:
        mayor.begin(s, flag)
    elif role != PROSPECTOR:
        PHASES[role](s)
    else:  # prospector: 1 doubloon from the supply, nobody else acts (5.8)
        paid = pay(s, p, 1)
        s.events.append((_prospector_said, s.names[p], paid))
        role_done(s)


# The events of a role choice, written when read (core/said.py): a tuple (writer, values) costs less to note
# than a lambda, and a role is chosen at every fifth move.
def _chose_said(who, card, coins) -> str:
    return _(_CHOOSES_TAKES if coins else _CHOOSES).format(who=who, role=role_(card), amount=dbl_(coins))


def _prospector_said(who, paid) -> str:
    return _("{who} takes {amount} from the supply (prospector, rule 5.8).").format(who=who, amount=dbl_(paid))


def role_done(s) -> None:
    s.picks += 1
    if s.picks >= s.total_picks:
        end_round(s)
    else:
        s.phase = ROLE
        s.actor = (s.gov + s.picks) % s.n     # offer_roles(), written out: the common way to the next role
        s.mv = role_moves(s)


def end_round(s) -> None:
    """5.1 R5: a doubloon on every unchosen card, cards back, governor to the left; or the game ends."""
    taken, coins, limit = s.card_taken, s.card_coins, s.o_bank_limit
    for i, x in enumerate(taken):
        if x < 0:
            if limit and s.bank <= 0:
                continue
            coins[i] += 1
            s.bank -= 1
        else:
            taken[i] = -1
    s.taken_bits = 0
    s.card = -1
    if s.triggers:
        s.phase = END
        s.actor = -1
        s.mv = []
        s.events.append(_("The round is over and the game has ended ({triggers}).").format(
            triggers=", ".join(s.triggers)))
        return
    s.gov = (s.gov + 1) % s.n
    s.round += 1
    s.events.append((_round_said, s.round, s.names[s.gov]))
    start_round(s)


def _round_said(round_, who) -> str:
    return _("Round {round}: {who} is the governor.").format(round=round_, who=who)


def advance(s) -> None:
    """After a move: a role whose phase is over gives way to the next role or the next round; the end of
    setup starts the first round."""
    if s.phase == ROLE_DONE:
        role_done(s)
    elif s.phase == ROUND_START:
        start_round(s)
