"""Puerto Rico final scoring (rules 6.4-6.6): VP chips + printed VP of all buildings + bonuses of the
occupied large buildings; tie-break doubloons + goods; a remaining tie is a shared win.

Input (contracts §3), one entry per player:
    {"name", "vp_chips", "doubloons", "goods", "island_spaces", "colonists", "buildings": {id: colonists}}
Optional extensions: per player "vp_overflow" (how many of vp_chips were written down after the pool ran
out); top level "options": {"customs-house-counts-overflow": true|false} (rules §7, default true).
The engine scores a finished game through this module (one truth).
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.tables import load_json

from .fields import (did_you_mean, distinct_names, need_dict, need_int, need_list, need_str, no_unknown_keys)
from .result import ScoringError, rank

GAME = "puerto-rico"
_PLAYER_KEYS = ("name", "vp_chips", "vp_overflow", "doubloons", "goods", "island_spaces", "colonists", "buildings")
_TOP_KEYS = ("game", "players", "options")
_OPTION_KEYS = ("customs-house-counts-overflow",)
LARGE_BONUS = ("guild-hall", "residence", "fortress", "customs-house", "city-hall")


@lru_cache(maxsize=None)
def _buildings() -> dict:
    return {b["id"]: b for b in load_json("puerto-rico/buildings.json")["buildings"]}


BUILDING_IDS = tuple(_buildings())
CHOICES = {"building": list(BUILDING_IDS)}

TEMPLATE = {
    "game": "puerto-rico",
    "players": [
        {"name": "Ann", "vp_chips": 23, "doubloons": 4, "goods": 2, "island_spaces": 10, "colonists": 20,
         "buildings": {"small-indigo-plant": 1, "indigo-plant": 3, "coffee-roaster": 0, "hacienda": 1,
                       "harbor": 1, "guild-hall": 1, "fortress": 1}},
        {"name": "Bob", "vp_chips": 31, "doubloons": 2, "goods": 0, "island_spaces": 12, "colonists": 17,
         "buildings": {"small-sugar-mill": 1, "sugar-mill": 2, "small-market": 1, "office": 1,
                       "large-warehouse": 1, "wharf": 1, "residence": 1, "customs-house": 0}},
    ],
}


def _norm_id(key: str) -> str:
    return str(key).strip().lower().replace("_", "-").replace(" ", "-")


def bonus(bid: str, *, buildings: dict, island_spaces: int, colonists: int, chips_for_customs: int) -> int:
    """Rules 6.5: the bonus of an occupied large building."""
    info = _buildings()
    if bid == "guild-hall":
        return sum(1 if info[b]["cat"] == "SP" else 2 if info[b]["cat"] == "LP" else 0 for b in buildings)
    if bid == "residence":
        return 4 if island_spaces <= 9 else island_spaces - 5
    if bid == "fortress":
        return colonists // 3
    if bid == "customs-house":
        return chips_for_customs // 4
    if bid == "city-hall":
        return sum(1 for b in buildings if info[b]["cat"] in ("SV", "LV"))
    raise KeyError(bid)


def _validate(data) -> tuple[list[dict], bool]:
    need_dict(data, "input")
    no_unknown_keys(data, _TOP_KEYS, "")
    if "game" in data and _norm_id(data["game"]) not in ("puerto-rico", "puertorico", "pr"):
        raise ScoringError(f"game must be puerto-rico for this calculator, not {data['game']!r}.")
    counts_overflow = True
    if "options" in data:
        opts = need_dict(data["options"], "options")
        no_unknown_keys(opts, _OPTION_KEYS, "options")
        if "customs-house-counts-overflow" in opts:
            v = opts["customs-house-counts-overflow"]
            if not isinstance(v, bool):
                raise ScoringError("options.customs-house-counts-overflow must be true or false.")
            counts_overflow = v
    if "players" not in data:
        raise ScoringError("players is missing: give one entry per player.")
    players = need_list(data["players"], "players")
    if not 2 <= len(players) <= 5:
        raise ScoringError(f"players must list 2 to 5 players, not {len(players)}.")
    info = _buildings()
    box = 1 if len(players) == 2 else 0
    out = []
    for i, raw in enumerate(players):
        path = f"players[{i}]"
        need_dict(raw, path)
        no_unknown_keys(raw, _PLAYER_KEYS, path)
        for key in ("name", "vp_chips", "doubloons", "goods", "buildings"):
            if key not in raw:
                raise ScoringError(f"{path}.{key} is missing.")
        name = need_str(raw["name"], f"{path}.name")
        chips = need_int(raw["vp_chips"], f"{path}.vp_chips", 0, 1000)
        overflow = need_int(raw.get("vp_overflow", 0), f"{path}.vp_overflow", 0, chips)
        doubloons = need_int(raw["doubloons"], f"{path}.doubloons", 0, 1000)
        goods = need_int(raw["goods"], f"{path}.goods", 0, 50)
        # island_spaces and colonists only score through an occupied residence or fortress: they may be left
        # out for a player without one (the guided questions ask them only then); given, they are checked.
        island = need_int(raw["island_spaces"], f"{path}.island_spaces", 0, 12) if "island_spaces" in raw else None
        colonists = need_int(raw["colonists"], f"{path}.colonists", 0, 100) if "colonists" in raw else None
        blds = need_dict(raw["buildings"], f"{path}.buildings")
        city = {}
        spaces = 0
        on_buildings = 0
        for key, value in blds.items():
            bid = _norm_id(key)
            if bid not in info:
                raise ScoringError(f"{path}.buildings: unknown building {key!r}.{did_you_mean(bid, BUILDING_IDS)}")
            if bid in city:
                raise ScoringError(f"{path}.buildings.{bid} is listed twice; a player may own only one building "
                                   "of each type.")
            circ = info[bid]["circles"]
            city[bid] = need_int(value, f"{path}.buildings.{bid}", 0, circ)
            on_buildings += city[bid]
            spaces += 2 if info[bid]["cat"] == "LV" else 1
        if spaces > 12:
            raise ScoringError(f"{path}.buildings take {spaces} city spaces; a city has 12 (a large building "
                               "takes 2).")
        for key, bid, value in (("island_spaces", "residence", island), ("colonists", "fortress", colonists)):
            if value is None and city.get(bid):
                raise ScoringError(f"{path}.{key} is missing (the occupied {bid} scores by it).")
        if colonists is not None and on_buildings > colonists:
            raise ScoringError(f"{path}.colonists is {colonists}, fewer than the {on_buildings} on its buildings.")
        out.append({"name": name, "chips": chips, "overflow": overflow, "doubloons": doubloons, "goods": goods,
                    "island": island or 0, "colonists": colonists or 0, "buildings": city})
    distinct_names([p["name"] for p in out], "players")
    for bid, b in info.items():
        have = sum(1 for p in out if bid in p["buildings"])
        if have > b["copies"][box]:
            raise ScoringError(f"players[].buildings.{bid}: {have} players own one but the box has "
                               f"{b['copies'][box]}{' in the 2-player game' if box else ''}.")
    return out, counts_overflow


def score(data) -> "Result":  # noqa: F821
    players, counts_overflow = _validate(data)
    info = _buildings()
    rows = []
    notes = []
    for p in players:
        blds = p["buildings"]
        breakdown = {"vp_chips": p["chips"], "buildings": sum(info[b]["vp"] for b in blds)}
        for bid in LARGE_BONUS:
            if blds.get(bid, 0) > 0:
                chips = p["chips"] if counts_overflow else p["chips"] - p["overflow"]
                breakdown[bid] = bonus(bid, buildings=blds, island_spaces=p["island"], colonists=p["colonists"],
                                       chips_for_customs=chips)
        rows.append((p["name"], breakdown, p["doubloons"] + p["goods"]))
        if p["overflow"]:
            notes.append(f"{p['name']}: {p['overflow']} VP earned after the chips ran out (they count).")
    return rank(GAME, rows, tiebreak_name="doubloons + goods", notes=notes)
