"""Trader phase (5.6): one sale each into the trading house; office, markets, trader's privilege."""

from __future__ import annotations

from referee.i18n import N_, _

from .state import (GOODS, HOUSE_CAP, LARGE_MARKET, OFFICE, PH_TRADER, PRICE, SMALL_MARKET, dbl_, good_, mk, pay,
                    per_player, who_said)
from .turns import next_decision, role_over

SELL_TEXT = tuple("sell " + g for g in GOODS)


def income(s, p: int, g: int) -> int:
    bl = s.bld[p]
    return (PRICE[g] + (1 if p == s.chooser else 0) + (1 if bl[SMALL_MARKET] > 0 else 0)
            + (2 if bl[LARGE_MARKET] > 0 else 0))


def begin(s) -> None:
    s.phase = PH_TRADER
    s.turn = 0
    step(s)


def options(s, p: int) -> list:
    house = s.house
    if len(house) >= HOUSE_CAP:
        return []
    office = s.bld[p][OFFICE] > 0
    gd = s.goods[p]
    key = 0     # the goods p may sell, as bits: the listing depends on nothing else (and the player)
    for g in range(5):
        if gd[g] and (office or g not in house):
            key |= 1 << g
    if not key:
        return []
    who = s.names[p]
    per = _LISTS.get(who) or per_player(_LISTS, who)     # per_player(), its common case read here
    out = per.get(key)
    if out is None:
        out = per[key] = [mk(who, SELL_TEXT[g], ("sell", g)) for g in range(5) if key >> g & 1] + [
            mk(who, "pass", ("pass",))]
    return out


_LISTS: dict = {}   # player -> goods he may sell, as bits -> the listing (shared: never mutated)


def _house_full(s) -> bool:
    return len(s.house) >= HOUSE_CAP


_NO_GOODS = N_("{who} has no goods to sell.")
_HOUSE_HOLDS = N_("{who} has only kinds the trading house already holds, so cannot sell (rule 5.6 T2).")


def _skipped(s) -> None:
    """Say why a player got no turn (the table sees his goods and wonders)."""
    if len(s.house) >= HOUSE_CAP:
        return
    p = (s.chooser + s.turn - 1) % s.n
    gd = s.goods[p]
    text = _NO_GOODS if not any(gd) else _HOUSE_HOLDS
    s.events.append((who_said, text, s.names[p]))


def step(s) -> None:
    if next_decision(s, options, until=_house_full, on_skip=_skipped):
        return
    if _house_full(s):  # 5.6 T5: only a full house is emptied
        for g in s.house:
            s.gsup[g] += 1
        s.house = []
        s.events.append(_("The trading house is full and is emptied into the supply."))
    role_over(s)


def _sells_said(who, g, paid) -> str:
    """A sale's event, written when read (core/said.py)."""
    return _("{who} sells {good} for {amount}.").format(who=who, good=good_(g), amount=dbl_(paid))


def act(s, a) -> None:
    p = s.actor
    if a[0] == "sell":
        g = a[1]
        s.goods[p][g] -= 1
        s.house.append(g)
        paid = pay(s, p, income(s, p, g))
        s.events.append((_sells_said, s.names[p], g, paid))
    s.turn += 1
    step(s)
