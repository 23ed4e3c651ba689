"""Craftsman phase (5.5): production in turn order from the supply, the factory, and the craftsman's
extra barrel as the last step."""

from __future__ import annotations

from referee.i18n import _

from .state import FACTORY, FACTORY_PAY, GOODS, PH_CRAFTSMAN, dbl_, good_, mk, pay, prod_capacity
from .turns import role_over


def begin(s) -> None:
    s.phase = PH_CRAFTSMAN
    n = s.n
    got_chooser = [0] * 5
    for k in range(n):
        p = (s.chooser + k) % n
        prod = prod_capacity(s, p)
        kinds = 0
        made = []
        for g in range(5):
            x = prod[g]
            if x > s.gsup[g]:
                x = s.gsup[g]
            if x > 0:
                s.gsup[g] -= x
                s.goods[p][g] += x
                kinds += 1
                made.append(f"{x} {good_(g)}")
                if k == 0:
                    got_chooser[g] = x
        if made:
            s.events.append(_("{who} produces {goods}.").format(who=s.names[p], goods=", ".join(made)))
        if kinds >= 2 and s.bld[p][FACTORY] > 0:
            paid = pay(s, p, FACTORY_PAY[kinds])
            s.events.append(_("{who}'s factory pays {amount} for {kinds} kinds.").format(
                who=s.names[p], amount=dbl_(paid), kinds=kinds))
    p = s.chooser
    s.actor = p
    who = s.names[p]
    mv = [mk(who, "extra " + GOODS[g], ("extra", g)) for g in range(5) if got_chooser[g] and s.gsup[g]]
    if mv:
        mv.append(mk(who, "pass", ("pass",)))
        s.mv = mv
        return
    s.events.append((_("{who} produced nothing, so there is no craftsman's extra barrel (rule 5.5 C4).")
                     if not any(got_chooser) else
                     _("{who} produced only kinds the supply has run out of, so there is no craftsman's extra "
                       "barrel (rule 5.5 C4).")).format(who=who))
    role_over(s)


def act(s, a) -> None:
    if a[0] == "extra":
        g = a[1]
        s.gsup[g] -= 1
        s.goods[s.actor][g] += 1
        s.events.append(_("{who} takes an extra {good} (craftsman's privilege).").format(
            who=s.names[s.actor], good=good_(g)))
    role_over(s)
