"""The warehouse chain of one city (rules W2-W10, V4): where the next warehouse goes, the run limit, and
the shut-down of the chain's head. Pure functions on a City; no money, no players."""

from __future__ import annotations

EMPTY = -1          # an empty harbour or fortress space
FREE = 0xFF         # an empty building site (sites are a bytearray of colour indices: cheap to count)
SITES = 12


class City:
    """One city's runtime state. ``sites[1..12]`` hold a colour index or FREE (index 0 unused)."""

    __slots__ = ("sites", "stamp", "picture", "harbour", "fort", "top", "full", "ever", "need1")

    def __init__(self):
        self.sites = bytearray([FREE]) * (SITES + 1)
        self.stamp = [0] * (SITES + 1)     # build time of the warehouse on each site (rule O2 alternative)
        self.picture: list[int] = []       # shut warehouses (colour indices), rule W6
        self.harbour = [EMPTY, EMPTY]      # player index of the ship on harbour space 1 and 2
        self.fort = [EMPTY, EMPTY]         # colour index of the fortress on fortress space 1 and 2
        self.top = 0                       # highest occupied site (0: none)
        self.full = False                  # site 12 has been occupied: backward building (W8), final value
        self.ever = False                  # a warehouse has been built here
        self.need1 = False                 # the first warehouse went on site 2: the next goes on site 1 (W3b)


def next_sites(city: City) -> tuple:
    """The sites the next placed warehouse (built or reopened) may go on: (1, 2) for a city's first
    warehouse (W3a), (1,) after a first warehouse on site 2 (W3b), the site after the highest occupied one
    (W3c), the highest freed site once site 12 is occupied (W8), () when all 12 are occupied (W9)."""
    if not city.ever:
        return (1, 2)
    if city.need1:
        return (1,)
    sites = city.sites
    if city.full:
        for k in range(SITES, 0, -1):
            if sites[k] == FREE:
                return (k,)
        return ()
    return (city.top + 1,)


def run_length(sites, site: int, members) -> int:
    """The length of the run of consecutive occupied sites with a colour in ``members`` through ``site``,
    counting ``site`` itself as one of them (W4: site 12 is not adjacent to site 1)."""
    n = 1
    k = site - 1
    while k >= 1 and sites[k] in members:
        n += 1
        k -= 1
    k = site + 1
    while k <= SITES and sites[k] in members:
        n += 1
        k += 1
    return n


def run_ok(city: City, site: int, colour: int, main: int, neutral: int) -> bool:
    """May ``colour`` go on ``site`` under the run limit? 3+ players (neutral < 0): at most 3 of one colour
    in a row (W4). 2 players: at most 3 of the main colour and 4 of main plus neutral in a row (V4)."""
    sites = city.sites
    if neutral < 0:
        return run_length(sites, site, (colour,)) <= 3
    if colour == main and run_length(sites, site, (main,)) > 3:
        return False
    return run_length(sites, site, (main, neutral)) <= 4


def place(city: City, site: int, colour: int, stamp: int) -> None:
    city.sites[site] = colour
    city.stamp[site] = stamp
    if not city.ever:
        city.ever = True
        city.need1 = site == 2
    elif site == 1:
        city.need1 = False
    if site > city.top:
        city.top = site
    if site == SITES:
        city.full = True


def shut_head(city: City) -> tuple[int, int]:
    """Shut the warehouse at the head of the chain (the lowest occupied site) onto the picture (W6).
    Returns (site, colour)."""
    sites = city.sites
    for k in range(1, SITES + 1):
        if sites[k] != FREE:
            colour = sites[k]
            sites[k] = FREE
            city.stamp[k] = 0
            city.picture.append(colour)
            if k == city.top:
                top = 0
                for j in range(k - 1, 0, -1):
                    if sites[j] != FREE:
                        top = j
                        break
                city.top = top
            return k, colour
    return 0, FREE


def next_value_site(city: City) -> int:
    """The field whose printed value is V_c (P2): 13 (the final field) once site 12 is occupied, site 1
    if nothing was ever built, else the field after the highest occupied site."""
    if city.full:
        return SITES + 1
    return city.top + 1


def chain_order(city: City, by_time: bool) -> list[int]:
    """Colours of the operating warehouses in chain order: by site (O2 default) or by build time."""
    sites = city.sites
    occ = [k for k in range(1, SITES + 1) if sites[k] != FREE]
    if by_time:
        occ.sort(key=lambda k: city.stamp[k])
    return [sites[k] for k in occ]
