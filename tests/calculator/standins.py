"""Small stand-ins for scoring/<game>.py, used ONLY while a game's real calculator has not landed.

They follow the contract's input shapes (contracts §3) closely enough to drive the front end; they are
not the rules. ``install()`` puts a stand-in in sys.modules for each real module that is missing.
"""

from __future__ import annotations

import importlib
import sys
import types

from scoring.fields import (distinct_names, need_choice, need_dict, need_int, need_list, need_str,
                            no_unknown_keys)
from scoring.result import ScoringError, rank

# ---------------------------------------------------------------- port-royal
PR_CARDS = {"admiral-7-2": 2, "sailor-3-1": 1, "jester-5-1": 1, "pirate-5-2": 2, "expedition-aa": 0}


def _port_royal_score(data):
    no_unknown_keys(data, {"game", "variant", "players"}, "")
    variant = need_choice(data.get("variant", "standard"), ["standard", "expedition-end"], "variant", "variant")
    rows = []
    players = need_list(data.get("players"), "players")
    for i, p in enumerate(players):
        path = f"players[{i}]"
        no_unknown_keys(need_dict(p, path), {"name", "coins", "cards", "influence", "expeditions"}, path)
        name = need_str(p.get("name"), f"{path}.name")
        coins = need_int(p.get("coins"), f"{path}.coins")
        if "cards" in p:
            cards = need_list(p["cards"], f"{path}.cards")
            for j, c in enumerate(cards):
                need_choice(c, PR_CARDS, f"{path}.cards[{j}]", "card")
            infl = sum(PR_CARDS[c] for c in cards)
            exp = sum(1 for c in cards if c.startswith("expedition"))
        else:
            infl = need_int(p.get("influence"), f"{path}.influence")
            exp = need_int(p.get("expeditions", 0), f"{path}.expeditions")
        rows.append((name, {"persons": infl, "expeditions": exp}, coins, variant == "standard" or exp > 0))
    distinct_names([r[0] for r in rows], "players")
    return rank("port-royal", rows, tiebreak_name="coins")


# ---------------------------------------------------------------- puerto-rico
PR_BUILDINGS = {"small-indigo-plant": (1, 1, False), "coffee-roaster": (3, 2, False),
                "guild-hall": (4, 1, True), "residence": (4, 1, True), "small-market": (1, 1, False)}


def _puerto_rico_score(data):
    no_unknown_keys(data, {"game", "players"}, "")
    rows = []
    for i, p in enumerate(need_list(data.get("players"), "players")):
        path = f"players[{i}]"
        no_unknown_keys(need_dict(p, path), {"name", "vp_chips", "doubloons", "goods", "island_spaces",
                                             "colonists", "buildings"}, path)
        name = need_str(p.get("name"), f"{path}.name")
        chips = need_int(p.get("vp_chips"), f"{path}.vp_chips")
        tb = need_int(p.get("doubloons"), f"{path}.doubloons") + need_int(p.get("goods", 0), f"{path}.goods")
        need_int(p.get("island_spaces"), f"{path}.island_spaces", 0, 12)
        need_int(p.get("colonists"), f"{path}.colonists")
        parts = {"vp_chips": chips, "buildings": 0}
        for bid, n in need_dict(p.get("buildings", {}), f"{path}.buildings").items():
            need_choice(bid, PR_BUILDINGS, f"{path}.buildings", "building")
            vp, circles, large = PR_BUILDINGS[bid]
            need_int(n, f"{path}.buildings.{bid}", 0, circles)
            parts["buildings"] += vp
            if large and n:
                parts[bid] = 2
        rows.append((name, parts, tb))
    return rank("puerto-rico", rows, tiebreak_name="doubloons and goods")


# ---------------------------------------------------------------- carcassonne
def _carcassonne_score(data):
    no_unknown_keys(data, {"game", "expansions", "players", "points_so_far", "features", "goods"}, "")
    players = [need_str(p, f"players[{i}]") for i, p in enumerate(need_list(data.get("players"), "players"))]
    parts = {p: {"so_far": 0, "roads": 0, "cities": 0, "cloisters": 0, "farms": 0, "goods": 0} for p in players}
    for p in players:
        parts[p]["so_far"] = need_int(data["points_so_far"].get(p, 0), f"points_so_far.{p}")
    for i, f in enumerate(need_list(data.get("features", []), "features")):
        path = f"features[{i}]"
        kind = need_choice(f.get("type"), ["city", "road", "cloister", "farm"], f"{path}.type", "feature")
        followers = need_dict(f.get("followers", {}), f"{path}.followers")
        for who, n in followers.items():
            need_choice(who, players, f"{path}.followers", "player")
            need_int(n, f"{path}.followers.{who}", 1)
        if not followers:
            continue
        top = max(followers.values())
        value = {"city": lambda: f["tiles"] + f.get("pennants", 0), "road": lambda: f["tiles"],
                 "cloister": lambda: 1 + need_int(f["neighbours"], f"{path}.neighbours", 0, 8),
                 "farm": lambda: 3 * f["completed_cities"]}[kind]()
        key = {"city": "cities", "road": "roads", "cloister": "cloisters", "farm": "farms"}[kind]
        for who, n in followers.items():
            if n == top:
                parts[who][key] += value
    return rank("carcassonne", [(p, parts[p], None) for p in players])


# ---------------------------------------------------------------- el-capitan
class MissingExpansion(ScoringError):
    def __init__(self, n):
        super().__init__(f"expansion_table.{n}: the expansion amount for {n} cities is not known; give it.")
        self.missing = ("expansion_table", str(n))
        self.question = f"Expansion payment for {n} cities (read it off your board)"


def _el_capitan_score(data):
    no_unknown_keys(data, {"game", "payday", "players", "cities", "bonus_cards", "money", "loans",
                           "expansion_table"}, "")
    table = {3: 5, 4: 10, 9: 60}
    for k, v in (data.get("expansion_table") or {}).items():
        table[int(k)] = need_int(v, f"expansion_table.{k}")
    cols = {p["colour"]: p["name"] for p in data["players"]}
    parts = {c: {"expansion": 0, "majority": 0, "fortresses": 0, "bonus_cards": 0} for c in cols}
    count = {c: 0 for c in cols}
    for city, info in data.get("cities", {}).items():
        for c in set(info["chain"]):
            if c in count:
                count[c] += 1
        if info["chain"]:
            first = info["chain"][0]
            if first in parts:
                parts[first]["majority"] += need_int(info["next_value"], f"cities.{city}.next_value")
    for c, k in count.items():
        if k and k not in table:
            raise MissingExpansion(k)
        parts[c]["expansion"] = table.get(k, 0)
    return rank("el-capitan", [(cols[c], parts[c], None) for c in cols])


def _module(name, fn, template, choices):
    m = types.ModuleType(f"scoring.{name}")
    m.score, m.TEMPLATE, m.CHOICES, m.STANDIN = fn, template, choices, True
    return m


STANDINS = {
    "port_royal": lambda: _module("port_royal", _port_royal_score,
                                  {"game": "port-royal", "variant": "standard",
                                   "players": [{"name": "Ann", "coins": 5,
                                                "cards": ["admiral-7-2", "sailor-3-1", "expedition-aa"]},
                                               {"name": "Bob", "coins": 9, "influence": 12, "expeditions": 0}]},
                                  {"card": list(PR_CARDS), "variant": ["standard", "expedition-end"]}),
    "puerto_rico": lambda: _module("puerto_rico", _puerto_rico_score,
                                   {"game": "puerto-rico",
                                    "players": [{"name": "Ann", "vp_chips": 23, "doubloons": 4, "goods": 2,
                                                 "island_spaces": 10, "colonists": 20,
                                                 "buildings": {"small-indigo-plant": 1, "guild-hall": 1}},
                                                {"name": "Bob", "vp_chips": 20, "doubloons": 1, "goods": 0,
                                                 "island_spaces": 12, "colonists": 18,
                                                 "buildings": {"residence": 1}}]},
                                   {"building": list(PR_BUILDINGS)}),
    "carcassonne": lambda: _module("carcassonne", _carcassonne_score,
                                   {"game": "carcassonne", "expansions": [], "players": ["Ann", "Bob"],
                                    "points_so_far": {"Ann": 54, "Bob": 61},
                                    "features": [{"type": "road", "tiles": 3, "followers": {"Bob": 1}}]},
                                   {"feature": ["city", "road", "cloister", "farm"],
                                    "good": ["wine", "grain", "cloth"], "expansion": ["traders-builders"]}),
    "el_capitan": lambda: _module("el_capitan", _el_capitan_score,
                                  {"game": "el-capitan", "payday": 1,
                                   "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                                               {"name": "Cal", "colour": "green"}],
                                   "cities": {"marseille": {"chain": ["red", "red", "blue"], "next_value": 20,
                                                            "fortresses": ["red"]}}},
                                  {"city": ["marseille", "valencia", "tanger", "venezia", "alexandria",
                                            "napoli", "constantinople", "tunis", "athina"],
                                   "colour": ["red", "blue", "green", "yellow", "black"]}),
}


def real_module_exists(name: str) -> bool:
    mod = sys.modules.get(f"scoring.{name}")
    if mod is not None:
        return not getattr(mod, "STANDIN", False)
    try:
        importlib.import_module(f"scoring.{name}")
        return True
    except ModuleNotFoundError as err:
        if err.name != f"scoring.{name}":
            raise
        return False


def install(name: str):
    """The real scoring.<name> if it exists, else a stand-in placed in sys.modules."""
    if real_module_exists(name):
        return importlib.import_module(f"scoring.{name}")
    mod = STANDINS[name]()
    sys.modules[f"scoring.{name}"] = mod
    return mod
