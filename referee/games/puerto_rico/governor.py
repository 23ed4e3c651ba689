"""The round (rule 5.1): choosing roles in turn, doubloons on unchosen roles, the governor's rotation,
the 2-player role order, the prospector (5.8), and the end of the game at the end of a round (6)."""

from __future__ import annotations

from .state import (CAPTAIN, BUILDER, CRAFTSMAN, END, MAYOR, PROSPECTOR, ROLE, ROLES, SETTLER, TRADER, mk, pay)


def picker(s) -> int:
    # 3-5 players: governor, then clockwise, one role each. 2 players: G, O, G, O, G, O (5.1 R7).
    return (s.gov + s.picks) % s.n


def start_round(s) -> None:
    s.picks = 0
    s.card = -1
    s.phase = ROLE
    offer_roles(s)


def role_options(s) -> list:
    """(text, action) for every role card still on the table; the two prospectors are one choice unless
    their doubloons differ."""
    out = []
    seen_prospector = {}
    for i, name in enumerate(s.cards):
        if s.card_taken[i] >= 0:
            continue
        r = ROLES.index(name)
        if r == PROSPECTOR:
            seen_prospector.setdefault(s.card_coins[i], i)
            continue
        out.append((name, ("role", i, True)))
        if r == MAYOR and s.opts.get("mayor-privilege-optional", True) and s.csup > 0:
            out.append(("mayor no-privilege", ("role", i, False)))
    if len(seen_prospector) == 1:
        out.append(("prospector", ("role", next(iter(seen_prospector.values())), True)))
    elif seen_prospector:
        for coins, i in sorted(seen_prospector.items(), reverse=True):
            out.append((f"prospector {coins}", ("role", i, True)))
    return out


def offer_roles(s) -> None:
    s.actor = p = picker(s)
    who = s.names[p]
    s.mv = [mk(who, t, a) for t, a in role_options(s)]


def choose(s, action) -> None:
    _, i, flag = action
    p = s.actor
    s.card_taken[i] = p
    coins = s.card_coins[i]
    s.card_coins[i] = 0
    s.dbl[p] += coins
    s.card = i
    s.chooser = p
    role = ROLES.index(s.cards[i])
    s.events.append(f"{s.names[p]} chooses the {s.cards[i]}" + (f" and takes {coins} doubloon(s) from it." if coins else "."))
    if role == SETTLER:
        settler.begin(s)
    elif role == MAYOR:
        mayor.begin(s, flag)
    elif role == BUILDER:
        builder.begin(s)
    elif role == CRAFTSMAN:
        craftsman.begin(s)
    elif role == TRADER:
        trader.begin(s)
    elif role == CAPTAIN:
        captain.begin(s)
    else:  # prospector: 1 doubloon from the supply, nobody else acts (5.8)
        pay(s, p, 1)
        role_done(s)


def role_done(s) -> None:
    s.picks += 1
    if s.picks >= s.total_picks:
        end_round(s)
    else:
        s.phase = ROLE
        offer_roles(s)


def end_round(s) -> None:
    """5.1 R5: a doubloon on every unchosen card, cards back, governor to the left; or the game ends."""
    for i in range(len(s.cards)):
        if s.card_taken[i] < 0:
            if s.opts.get("doubloon-bank-limit") and s.bank <= 0:
                continue
            s.card_coins[i] += 1
            s.bank -= 1
        s.card_taken[i] = -1
    s.card = -1
    if s.triggers:
        s.phase = END
        s.actor = -1
        s.mv = []
        s.events.append("The round is over and the game has ended (" + ", ".join(s.triggers) + ").")
        return
    s.gov = (s.gov + 1) % s.n
    s.round += 1
    s.events.append(f"Round {s.round}: {s.names[s.gov]} is the governor.")
    start_round(s)


from . import builder, captain, craftsman, mayor, settler, trader  # noqa: E402  (the phases call back here)
