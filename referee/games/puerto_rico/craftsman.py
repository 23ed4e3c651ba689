"""Craftsman phase (5.5): production in turn order from the supply, the factory, and the craftsman's
extra barrel as the last step."""

from __future__ import annotations

from referee.i18n import N_, _

from .state import FACTORY, FACTORY_PAY, GOODS, MAKERS, PH_CRAFTSMAN, dbl_, good_, mk, pay, who_said
from .turns import role_over

EXTRA_TEXT = tuple("extra " + g for g in GOODS)


def begin(s) -> None:
    s.phase = PH_CRAFTSMAN
    n = s.n
    gsup = s.gsup
    got_chooser = ()    # the chooser's production, (barrels, good) by good
    for k in range(n):
        p = (s.chooser + k) % n
        # rule 5.5 C1, in one pass: a good is made by its occupied plantations up to the colonists on its
        # production buildings (corn needs none), then up to what the supply has left
        t = s.tocc[p]
        made = []
        x = t[0]
        if x:
            left = gsup[0]
            if x > left:
                x = left
            if x > 0:
                gsup[0] = left - x
                s.goods[p][0] += x
                made.append((x, 0))
        if t[1] or t[2] or t[3] or t[4]:
            bl = s.bld[p]
            for g in 1, 2, 3, 4:
                x = t[g]
                if x:
                    cap = 0
                    for b in MAKERS[g]:
                        y = bl[b]
                        if y > 0:
                            cap += y
                    if cap:
                        if x > cap:
                            x = cap
                        left = gsup[g]
                        if x > left:
                            x = left
                        if x > 0:
                            gsup[g] = left - x
                            s.goods[p][g] += x
                            made.append((x, g))
        if not made:
            continue
        if k == 0:
            got_chooser = made
        s.events.append((_produces_said, s.names[p], made))
        kinds = len(made)
        if kinds >= 2 and s.bld[p][FACTORY] > 0:
            paid = pay(s, p, FACTORY_PAY[kinds])
            s.events.append((_factory_said, s.names[p], paid, kinds))
    p = s.chooser
    s.actor = p
    who = s.names[p]
    mv = [mk(who, EXTRA_TEXT[g], ("extra", g)) for _x, g in got_chooser if gsup[g]]
    if mv:
        mv.append(mk(who, "pass", ("pass",)))
        s.mv = mv
        return
    text = _NOTHING if not got_chooser else _RUN_OUT
    s.events.append((who_said, text, who))
    role_over(s)


# The phase's events, written when read (core/said.py)
def _produces_said(who, made) -> str:
    return _("{who} produces {goods}.").format(who=who, goods=", ".join(f"{x} {good_(g)}" for x, g in made))


def _factory_said(who, paid, kinds) -> str:
    return _("{who}'s factory pays {amount} for {kinds} kinds.").format(who=who, amount=dbl_(paid), kinds=kinds)


def _extra_said(who, g) -> str:
    return _("{who} takes an extra {good} (craftsman's privilege).").format(who=who, good=good_(g))


_NOTHING = N_("{who} produced nothing, so there is no craftsman's extra barrel (rule 5.5 C4).")
_RUN_OUT = N_("{who} produced only kinds the supply has run out of, so there is no craftsman's extra "
              "barrel (rule 5.5 C4).")


def act(s, a) -> None:
    if a[0] == "extra":
        g = a[1]
        s.gsup[g] -= 1
        s.goods[s.actor][g] += 1
        s.events.append((_extra_said, s.names[s.actor], g))
    role_over(s)
