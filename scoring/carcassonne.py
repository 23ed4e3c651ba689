"""Carcassonne (+ Traders & Builders) final scoring (shared/rules/carcassonne.md §5.6-5.8, §6.1, §6.4, §7).

Input (contracts §3), with two extensions documented here:

* ``options`` (optional): ``{"farm_rule": "current" | "by-city" | "once-per-city"}``. ``current`` is the
  default (O1a: each farm separately, 3 per completed touching city, 4 with the winner's own pig).
  ``by-city`` is the first C1 rule (O1b: per completed city, the players with most farmers across all farms
  touching it score 4; +1 if their pig is in one of those farms) and ``once-per-city`` the second C1 rule
  (O1c: farms as O1a, but a city pays each player at most once; 4 if any farm through which the player earns
  it holds their pig). Both older rules need to know which farms share a city, so with them every farm
  lists its completed cities by id: ``"cities": ["c1", "c2"]``.
* a farm may give ``"cities"`` (ids of the completed cities it touches) instead of or together with
  ``completed_cities``; when both are given they must agree.

``goods`` may leave out players or goods types: those hold no tokens.
"""

from __future__ import annotations

from .fields import (did_you_mean, distinct_names, need_choice, need_dict, need_int, need_list, need_str,
                     no_unknown_keys)
from .result import Result, ScoringError, rank
from referee.i18n import N_, _

GAME = "carcassonne"
FEATURES = ("road", "city", "cloister", "farm")
GOODS = ("wine", "grain", "cloth")
GOODS_SUPPLY = {"wine": 9, "grain": 6, "cloth": 5}
FARM_RULES = ("current", "by-city", "once-per-city")
EXPANSIONS = ("traders-builders",)
FOLLOWERS = 7
PARTS = ("so_far", "roads", "cities", "cloisters", "farms", "goods")

CHOICES = {"feature": ["road", "city", "cloister", "farm"], "good": ["wine", "grain", "cloth"]}

TEMPLATE = {
    "game": "carcassonne",
    "expansions": ["traders-builders"],
    "players": ["Ann", "Bob"],
    "points_so_far": {"Ann": 54, "Bob": 61},
    "features": [
        {"type": "city", "tiles": 5, "pennants": 1, "followers": {"Ann": 1, "Bob": 1}},
        {"type": "road", "tiles": 3, "followers": {"Bob": 1}},
        {"type": "cloister", "neighbours": 5, "followers": {"Ann": 1}},
        {"type": "farm", "completed_cities": 3, "followers": {"Ann": 2, "Bob": 1}, "pigs": ["Ann"]},
    ],
    "goods": {"Ann": {"wine": 3, "grain": 0, "cloth": 2}, "Bob": {"wine": 1, "grain": 4, "cloth": 2}},
}

_KEYS = {"game", "expansions", "players", "points_so_far", "features", "goods", "options"}
_FEATURE_KEYS = {
    "road": {"type", "tiles", "followers"},
    "city": {"type", "tiles", "pennants", "followers"},
    "cloister": {"type", "neighbours", "followers"},
    "farm": {"type", "completed_cities", "cities", "followers", "pigs"},
}


def _validate(data) -> dict:
    data = need_dict(data, "the input")
    no_unknown_keys(data, _KEYS, "")
    if "game" in data and data["game"] != GAME:
        raise ScoringError(_("game must be {game} for this calculator, not {given}.").format(
            game=repr(GAME), given=repr(data["game"])))
    exps = need_list(data.get("expansions", []), "expansions")
    for i, e in enumerate(exps):
        need_choice(e, EXPANSIONS, f"expansions[{i}]", "expansion")
    tb = "traders-builders" in exps
    if "players" not in data:
        raise ScoringError(_("players is missing: list the players' names, e.g. [\"Ann\", \"Bob\"]."))
    players = [need_str(p, f"players[{i}]") for i, p in enumerate(need_list(data["players"], "players"))]
    if not 2 <= len(players) <= 6:
        raise ScoringError(_("players must list 2 to 6 players (rule R1), not {n}.").format(n=len(players)))
    distinct_names(players, "players")
    known = set(players)

    def player(name, path):
        if not isinstance(name, str) or name not in known:
            raise ScoringError(_("{path}: {name} is not a player in this game.").format(path=path, name=repr(name))
                              + did_you_mean(name, players))
        return name

    opts = need_dict(data.get("options", {}), "options")
    no_unknown_keys(opts, {"farm_rule"}, "options")
    farm_rule = need_choice(opts.get("farm_rule", "current"), FARM_RULES, "options.farm_rule", "farm rule")

    if "points_so_far" not in data:
        raise ScoringError(_("points_so_far is missing: give every player's score before final scoring."))
    so_far = need_dict(data["points_so_far"], "points_so_far")
    for name in so_far:
        player(name, f"points_so_far.{name}")
    for name in players:
        if name not in so_far:
            raise ScoringError(_("points_so_far has no entry for {name}; give every player's score (0 if none).").format(
                name=name))
    so_far = {name: need_int(so_far[name], f"points_so_far.{name}") for name in players}

    max_tiles = 96 if tb else 72
    features = []
    used = {p: 0 for p in players}
    pigs_seen = {}
    cloisters = 0
    for i, raw in enumerate(need_list(data.get("features", []), "features")):
        path = f"features[{i}]"
        f = need_dict(raw, path)
        if "type" not in f:
            raise ScoringError(_("{path}.type is missing: one of {types}.").format(path=path, types=", ".join(FEATURES)))
        kind = need_choice(f["type"], FEATURES, f"{path}.type", "feature type")
        no_unknown_keys(f, _FEATURE_KEYS[kind], path)
        fol = need_dict(f.get("followers", {}), f"{path}.followers")
        followers = {}
        for name, n in fol.items():
            player(name, f"{path}.followers")
            c = need_int(n, f"{path}.followers.{name}", 0, FOLLOWERS)
            if c:
                followers[name] = c
                used[name] += c
        item = {"type": kind, "followers": followers}
        if kind in ("road", "city"):
            if "tiles" not in f:
                raise ScoringError(_({"road": N_("{path}.tiles is missing: the number of tiles of the road."),
                                      "city": N_("{path}.tiles is missing: the number of tiles of the city.")}[kind]
                                    ).format(path=path))
            item["tiles"] = need_int(f["tiles"], f"{path}.tiles", 1, max_tiles)
            if kind == "city":
                pen = need_int(f.get("pennants", 0), f"{path}.pennants", 0, 10)
                if pen > item["tiles"]:
                    raise ScoringError(_("{path}.pennants ({pennants}) cannot exceed its tiles ({tiles}): no "
                                         "tile has more than one pennant.").format(path=path, pennants=pen,
                                                                                   tiles=item["tiles"]))
                item["pennants"] = pen
        elif kind == "cloister":
            if "neighbours" not in f:
                raise ScoringError(_("{path}.neighbours is missing: the tiles present around the cloister (0-8).").format(
                    path=path))
            item["neighbours"] = need_int(f["neighbours"], f"{path}.neighbours", 0, 8)
            if sum(followers.values()) > 1:
                raise ScoringError(_("{path}.followers: a cloister holds at most one monk.").format(path=path))
            cloisters += 1
        else:
            cities = None
            if "cities" in f:
                ids = need_list(f["cities"], f"{path}.cities")
                cities = []
                for j, c in enumerate(ids):
                    if isinstance(c, bool) or not isinstance(c, (str, int)) or str(c).strip() == "":
                        raise ScoringError(_("{path}.cities[{j}] must be a city id (a name or number).").format(path=path, j=j))
                    if str(c) in cities:
                        raise ScoringError(_("{path}.cities lists city {city} twice; a city counts once per farm (M3).").format(
                            path=path, city=c))
                    cities.append(str(c))
            if "completed_cities" in f:
                n = need_int(f["completed_cities"], f"{path}.completed_cities", 0, max_tiles)
                if cities is not None and n != len(cities):
                    raise ScoringError(_("{path}.completed_cities is {n} but {path}.cities lists {listed}.").format(
                        path=path, n=n, listed=len(cities)))
            elif cities is not None:
                n = len(cities)
            else:
                raise ScoringError(_("{path}.completed_cities is missing: the completed cities the farm touches.").format(
                    path=path))
            if farm_rule != "current" and cities is None and n > 0:
                raise ScoringError(_("{path}.cities is needed with farm_rule {rule}: list the ids of the "
                                     "completed cities the farm touches.").format(path=path, rule=farm_rule))
            pigs = []
            for j, pname in enumerate(need_list(f.get("pigs", []), f"{path}.pigs")):
                player(pname, f"{path}.pigs[{j}]")
                if not tb:
                    raise ScoringError(_("{path}.pigs: pigs come with Traders & Builders; add \"traders-builders\" "
                                         "to expansions.").format(path=path))
                if pname in pigs_seen:
                    raise ScoringError(_("{path}.pigs: {name} has only one pig, already in {other} "
                                         "(rule PG1).").format(path=path, name=pname, other=pigs_seen[pname]))
                if pname not in followers:
                    raise ScoringError(_("{path}.pigs: {name} has no farmer in this farm; a pig only joins a "
                                         "farm holding its owner's farmer (rule PG2).").format(path=path, name=pname))
                pigs_seen[pname] = path
                pigs.append(pname)
            item.update(completed_cities=n, cities=cities, pigs=pigs)
        features.append(item)
    for name, n in used.items():
        if n > FOLLOWERS:
            raise ScoringError(_("features: {name} has {n} followers on the board but each player has "
                                 "{most} (rule R1).").format(name=name, n=n, most=FOLLOWERS))
    pennants = sum(f.get("pennants", 0) for f in features)
    if pennants > 10:
        raise ScoringError(_("features lists {n} pennants in incomplete cities but the game has only 10.").format(
            n=pennants))
    if cloisters > (7 if tb else 6):
        raise ScoringError(_("features lists {n} cloisters but the game has only {most}.").format(
            n=cloisters, most=7 if tb else 6))

    goods = {p: {g: 0 for g in GOODS} for p in players}
    if "goods" in data:
        graw = need_dict(data["goods"], "goods")
        if graw and not tb and any(any(need_dict(v, f"goods.{k}").values()) for k, v in graw.items()):
            raise ScoringError(_("goods: goods tokens come with Traders & Builders; add \"traders-builders\" to "
                                 "expansions."))
        for name, row in graw.items():
            player(name, "goods")
            row = need_dict(row, f"goods.{name}")
            no_unknown_keys(row, GOODS, f"goods.{name}")
            for g, v in row.items():
                goods[name][g] = need_int(v, f"goods.{name}.{g}", 0, GOODS_SUPPLY[g])
        for g in GOODS:
            total = sum(goods[p][g] for p in players)
            if total > GOODS_SUPPLY[g]:
                raise ScoringError(_("goods: {total} {goods} tokens in all, but the game has only {most} (G6).").format(
                    total=total, goods=g, most=GOODS_SUPPLY[g]))
    return {"players": players, "so_far": so_far, "features": features, "goods": goods, "farm_rule": farm_rule}


def _winners(followers: dict) -> list:
    if not followers:
        return []
    top = max(followers.values())
    if top < 1:
        return []
    return [p for p, c in followers.items() if c == top]


def _farms(v, pts):
    farms = [f for f in v["features"] if f["type"] == "farm"]
    rule = v["farm_rule"]
    if rule == "current":
        for f in farms:
            for p in _winners(f["followers"]):
                rate = 4 if p in f["pigs"] else 3          # PG5, capped per player (PG7)
                pts[p]["farms"] += rate * f["completed_cities"]
        return
    if rule == "by-city":
        cities = {}
        for f in farms:
            for c in f["cities"] or []:
                cities.setdefault(c, []).append(f)
        for c, fs in cities.items():
            total = {}
            for f in fs:
                for p, n in f["followers"].items():
                    total[p] = total.get(p, 0) + n
            for p in _winners(total):
                pig = any(p in f["pigs"] for f in fs)
                pts[p]["farms"] += 4 + (1 if pig else 0)
        return
    # once-per-city: farms as O1a, but a city pays each player at most once
    earned = {}
    for f in farms:
        for p in _winners(f["followers"]):
            for c in f["cities"] or []:
                earned.setdefault((p, c), False)
                if p in f["pigs"]:
                    earned[(p, c)] = True
    for (p, c), pig in earned.items():
        pts[p]["farms"] += 4 if pig else 3


def score(data) -> Result:
    v = _validate(data)
    players = v["players"]
    pts = {p: {k: 0 for k in PARTS} for p in players}
    for p in players:
        pts[p]["so_far"] = v["so_far"][p]
    for f in v["features"]:
        kind = f["type"]
        if kind == "farm":
            continue
        if kind == "road":
            value, part = f["tiles"], "roads"
        elif kind == "city":
            value, part = f["tiles"] + f["pennants"], "cities"
        else:
            value, part = 1 + f["neighbours"], "cloisters"
        for p in _winners(f["followers"]):
            pts[p][part] += value
    _farms(v, pts)
    for g in GOODS:
        top = max(v["goods"][p][g] for p in players)
        if top >= 1:
            for p in players:
                if v["goods"][p][g] == top:
                    pts[p]["goods"] += 10
    notes = []
    if v["farm_rule"] != "current":
        notes.append(_("Farms scored with the older rule {rule} ({label}); the pig bonus under it is the rules "
                       "file's suggestion [uncertain].").format(
            rule=v["farm_rule"], label="O1b" if v["farm_rule"] == "by-city" else "O1c"))
    return rank(GAME, [(p, pts[p], None) for p in players], notes=notes)
