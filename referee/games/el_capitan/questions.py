"""El Capitan's board questions: the printed values this game has not met yet (rule D6: asked when they
matter), each a chance move whose answers are the board file's one value or the plausible range."""

from __future__ import annotations

from referee.core.move import Move

from . import chain as ch
from .board import CITIES
from .chain import EMPTY
from .moves import _cached, _rng


class Questions:
    """Mixin of ElCapitanRules: which board value is asked now, and its answers."""

    def _known(self, s, key):
        """The board file's or tables' value for a question key, or None."""
        b = s.board
        kind = key[0]
        if kind == "harbour":
            return b.harbour[CITIES[key[1]]][key[2]]
        if kind == "fortress":
            return b.fortress[CITIES[key[1]]][key[2]]
        if kind == "site":
            city = CITIES[key[1]]
            return b.final[city] if key[2] == 13 else b.sites[city][key[2]]
        if kind == "dark":
            return b.site_status(CITIES[key[1]], key[2])
        if kind == "exp":
            return b.expansion.get(key[1])
        return None

    def _question(self, s, key) -> list[Move]:
        known = self._known(s, key)
        extra = None
        if key[0] == "exp" and known is None:
            vals = {k: v for k, v in s.board.expansion.items() if v is not None}
            vals.update({k[1]: v for k, v in s.learned.items() if k[0] == "exp"})
            n = key[1]
            lo = max((v for k, v in vals.items() if k < n), default=0)
            hi = min((v for k, v in vals.items() if k > n), default=lo + 60)
            extra = (lo, max(lo, hi))
        if key[0] == "dark" and known is None:
            c, site = key[1], key[2]
            below = [s.learned.get(("dark", c, k)) for k in range(1, site)]
            # D5/W6: the k-th shut-down square (the triangle counted) lies beyond site k, so site 1, or a site
            # with as many shut-down squares below it as its number minus one, can only be plain
            may_shut = site > 1 + sum(1 for v in below if v in ("dark", "triangle"))
            # the board file's dark squares count without its triangle: a site not listed there is not dark
            listed = s.board.dark[CITIES[c]] is not None
            extra = (any(s.learned.get(("dark", c, k)) == "triangle" for k in range(1, 13)), may_shut, listed)
        return _cached((key, known, extra), lambda: self._build_question(key, known, extra))

    def _build_question(self, key, known, extra):
        kind = key[0]
        if kind == "dark":
            c, site = key[1], key[2]
            if known is not None:
                opts = (known,)
            elif not extra[1]:
                opts = ("plain",)
            else:
                opts = ("plain", "dark") if extra[0] else ("plain", "dark", "triangle")
                if extra[2]:
                    opts = tuple(o for o in opts if o != "dark")
            return [Move(f"{CITIES[c]} site {site} {o}", None, True, ("learn", key, o)) for o in opts]
        if kind == "harbour":
            values, fmt = _rng("harbour"), f"{CITIES[key[1]]} harbour {key[2] + 1} price {{}}"
        elif kind == "fortress":
            values, fmt = _rng("fortress"), f"{CITIES[key[1]]} fortress {key[2] + 1} price {{}}"
        elif kind == "site":
            values = _rng("site")
            fmt = (f"{CITIES[key[1]]} final value {{}}" if key[2] == 13
                   else f"{CITIES[key[1]]} site {key[2]} value {{}}")
        else:  # exp
            values = range(extra[0], extra[1] + 1) if extra else ()
            fmt = f"expansion {key[1]} cities {{}}"
        if known is not None:
            values = (known,)
        return [Move(fmt.format(v), None, True, ("learn", key, v)) for v in values]

    def _turn_question(self, s):
        """The board value a just-announced build or fortress needs (D6: asked when it matters), or None."""
        a = s.pending_build
        p = s.cur
        c = s.ship_city[p]
        if a is not None:
            if a[0] == "build":
                return ("harbour", c, self._space(s, p, c))
            return ("fortress", c, a[1])
        return None

    def _payday_question(self, s):
        learned = s.learned
        for ci, city in enumerate(s.cities):
            if city.top == 0 and city.fort[0] == EMPTY and city.fort[1] == EMPTY:
                continue
            key = ("site", ci, ch.next_value_site(city))
            if key not in learned:
                return key
        for p in range(s.n):
            key = ("exp", self._cities_of(s, p))
            if key not in learned:
                return key
        return None

    def _cities_of(self, s, p):
        m = s.main[p]
        return sum(1 for city in s.cities if m in city.sites)
