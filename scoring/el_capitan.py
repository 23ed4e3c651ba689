"""El Capitan payday calculator (contracts §3 "el-capitan"; shared/rules/el-capitan.md P2-P7, V5-V7, A3, G1).

One truth: the referee's engine pays every payday through ``payday()`` here.

Input (all keys but ``game``, ``payday``, ``players`` and ``cities`` optional)::

    {"game": "el-capitan", "payday": 1,
     "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}],
     "cities": {"marseille": {"chain": ["red", "red", "blue"], "next_value": 20, "fortresses": ["red"]}},
     "bonus_cards": {"red": 15},
     "money": {"red": 31, "blue": 18},          # cash before the payday
     "loans": {"red": [12], "blue": []},          # repayment values of the loans held
     "expansion_table": {"5": 25},                # rows read off the user's board (unconfirmed rows)
     "options": {"fortress_basis": "printed", "neutral_in_totals": true}}

``chain`` lists the operating warehouses in chain order (shut ones left out); its order is the tie order
(rule P4a/O2). ``next_value`` is the value printed on the next free field (V_c, rule P2). Two players add
``"neutral"`` to each player (rule V1). Breakdown parts: ``expansion``, ``majority``, ``fortresses``,
``bonus_cards`` (paid at payday 3 only, rule P6c) and, when ``money`` is given, ``money_before`` and
``loans`` (minus the repayment values listed: after payday 3 that is the final money (rule G1); after
paydays 1 and 2 it is the finance-check net (rule A3)).
"""

from __future__ import annotations

from referee.i18n import _

from .fields import (did_you_mean, distinct_names, need_dict, need_int, need_list, need_str,
                     no_unknown_keys)
from .result import Result, ScoringError, rank

GAME = "el-capitan"
CITIES = ("marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis",
          "athina")
COLOURS = ("red", "yellow", "green", "blue", "purple")
CHOICES = {"city": list(CITIES), "colour": list(COLOURS)}

# Expansion table rows confirmed by the rules text (X1); 0 cities pay nothing [derived]. Others unknown.
CONFIRMED_EXPANSION = {0: 0, 3: 5, 4: 10, 9: 60}
BONUS_VALUES = (15, 10, 5)
LOAN_VALUES = (12, 16, 20, 30)
WAREHOUSES_PER_COLOUR, FORTRESSES_PER_COLOUR, SITES = 18, 3, 12

TEMPLATE = {
    "game": "el-capitan", "payday": 3,
    "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                {"name": "Cal", "colour": "green"}],
    "cities": {"marseille": {"chain": ["red", "red", "blue", "green"], "next_value": 20, "fortresses": ["red"]},
               "valencia": {"chain": ["blue", "green", "blue"], "next_value": 12, "fortresses": []},
               "tanger": {"chain": ["green"], "next_value": 8, "fortresses": ["blue", "green"]}},
    "bonus_cards": {"red": 15},
    "money": {"red": 31, "blue": 18, "green": 25},
    "loans": {"red": [12], "blue": [], "green": [30]},
    "expansion_table": {"1": 0, "2": 2},
}

_TOP = {"game", "payday", "players", "cities", "bonus_cards", "money", "loans", "expansion_table", "options"}
# the calculator's settings (rules O4, O5) and their values, default first: read by guided entry too
OPTIONS = {"fortress_basis": ("printed", "paid"), "neutral_in_totals": (True, False)}


def validate(data, allow_negative_money: bool = False):
    """Check calculator input; returns the normalized form payday() takes. ScoringError names the field."""
    data = need_dict(data, "input")
    no_unknown_keys(data, _TOP, "")
    if data.get("game", GAME) != GAME:
        raise ScoringError(_("game must be {game}, not {given}.").format(game=repr(GAME),
                                                                         given=repr(data.get("game"))))
    if "payday" not in data:
        raise ScoringError(_("payday is missing: give 1, 2 or 3."))
    payday = need_int(data["payday"], "payday", 1, 3)
    if "players" not in data:
        raise ScoringError(_("players is missing: list each player's name and colour."))
    raw_players = need_list(data["players"], "players")
    if not 2 <= len(raw_players) <= 5:
        raise ScoringError(_("players: El Capitan takes 2 to 5 players, not {n}.").format(n=len(raw_players)))
    two = len(raw_players) == 2
    players, used = [], []
    for i, p in enumerate(raw_players):
        path = f"players[{i}]"
        p = need_dict(p, path)
        no_unknown_keys(p, ("name", "colour", "neutral"), path)
        if "name" not in p:
            raise ScoringError(_("{path}.name is missing.").format(path=path))
        name = need_str(p["name"], f"{path}.name")
        if "colour" not in p:
            raise ScoringError(_("{path}.colour is missing: one of {colours}.").format(path=path,
                                                                                      colours=", ".join(COLOURS)))
        colour = _colour(p["colour"], f"{path}.colour")
        neutral = None
        if two:
            if "neutral" not in p:
                raise ScoringError(_("{path}.neutral is missing: in the 2-player game each player also has a "
                                     "neutral colour (rule V1).").format(path=path))
            neutral = _colour(p["neutral"], f"{path}.neutral")
        elif "neutral" in p:
            raise ScoringError(_("{path}.neutral: neutral colours exist only in the 2-player game (rule V1).").format(
                path=path))
        for c in (colour, neutral):
            if c is None:
                continue
            if c in used:
                raise ScoringError(_("{path}: colour {colour} is used twice; every colour belongs to one "
                                     "player.").format(path=path, colour=c))
            used.append(c)
        players.append({"name": name, "colour": colour, "neutral": neutral})
    distinct_names([p["name"] for p in players], "players")
    mains = [p["colour"] for p in players]
    opts = need_dict(data.get("options", {}), "options")
    no_unknown_keys(opts, OPTIONS, "options")
    options = {"fortress_basis": "printed", "neutral_in_totals": True}
    for key, value in opts.items():
        if value not in OPTIONS[key]:
            raise ScoringError(_("{field} must be one of {choices}, not {value}.").format(
                field=f"options.{key}", choices=", ".join(map(str, OPTIONS[key])), value=repr(value)))
        options[key] = value

    cities = {}
    raw_cities = need_dict(data.get("cities", {}), "cities")
    counts = {c: 0 for c in used}
    forts = {c: 0 for c in mains}
    for cid, city in raw_cities.items():
        path = f"cities.{cid}"
        if cid not in CITIES:
            raise ScoringError(_("cities: unknown city {city}.").format(city=repr(cid)) + did_you_mean(cid, CITIES))
        city = need_dict(city, path)
        no_unknown_keys(city, ("chain", "next_value", "fortresses"), path)
        chain = need_list(city.get("chain", []), f"{path}.chain")
        if len(chain) > SITES:
            raise ScoringError(_("{path}.chain has {n} warehouses; a city has only {sites} building "
                                 "sites (rule W2).").format(path=path, n=len(chain), sites=SITES))
        for j, c in enumerate(chain):
            if c not in used:
                raise ScoringError(_("{field}: colour {colour} is not in play; the colours are {colours}.").format(
                    field=f"{path}.chain[{j}]", colour=repr(c), colours=", ".join(used)))
            counts[c] += 1
        fl = need_list(city.get("fortresses", []), f"{path}.fortresses")
        for j, c in enumerate(fl):
            if c not in mains:
                field = f"{path}.fortresses[{j}]"
                if c in used:
                    raise ScoringError(_("{field}: {colour} is not a player's colour (neutral colours have no "
                                         "fortresses, rule V2).").format(field=field, colour=repr(c)))
                raise ScoringError(_("{field}: {colour} is not a player's colour.").format(field=field,
                                                                                         colour=repr(c)))
            forts[c] += 1
        if len(set(fl)) != len(fl):
            raise ScoringError(_("{path}.fortresses: a player has at most one fortress in each city (rule F3).").format(
                path=path))
        if len(fl) > 2:
            raise ScoringError(_("{path}.fortresses: a city holds at most two fortresses (rule F3).").format(
                path=path))
        if "next_value" in city:
            value = need_int(city["next_value"], f"{path}.next_value")
        elif chain or fl:
            raise ScoringError(_("{path}.next_value is missing: the value printed on the next free field "
                                 "(rule P2).").format(path=path))
        else:
            value = 0
        cities[cid] = {"chain": list(chain), "value": value, "fortresses": list(fl)}
    neutral_colours = {p["neutral"] for p in players if p["neutral"]}
    for c, n in counts.items():
        most = (2 if c in neutral_colours else 6) * payday     # rules A5, V2: pieces come 6 (2) per phase
        if n > most:
            if c in neutral_colours:
                raise ScoringError(_("cities: colour {colour} has {n} operating warehouses, but by payday {payday} "
                                     "a neutral colour has had only {most} (rules S1, A5, V2).").format(
                    colour=c, n=n, payday=payday, most=most))
            raise ScoringError(_("cities: colour {colour} has {n} operating warehouses, but by payday {payday} a "
                                 "colour has had only {most} (rules S1, A5, V2).").format(
                colour=c, n=n, payday=payday, most=most))
    for c, n in forts.items():
        if n > payday:
            raise ScoringError(_("cities: colour {colour} has {n} fortresses, but by payday {payday} a player has "
                                 "had only {payday} (rule F5).").format(colour=c, n=n, payday=payday))

    bonus = need_dict(data.get("bonus_cards", {}), "bonus_cards")
    seen_values = set()
    for c, v in bonus.items():
        if c not in mains:
            raise ScoringError(_("{field}: not a player's colour{did_you_mean}.").format(
                field=f"bonus_cards.{c}", did_you_mean=did_you_mean(c, mains)))
        if v not in BONUS_VALUES or isinstance(v, bool):
            raise ScoringError(_("{field}: bonus cards are worth 15, 10 or 5, not {value} (rule P6).").format(
                field=f"bonus_cards.{c}", value=repr(v)))
        if v in seen_values:
            raise ScoringError(_("{field}: there is only one bonus card worth {value} (rule P6).").format(
                field=f"bonus_cards.{c}", value=v))
        seen_values.add(v)

    table = dict(CONFIRMED_EXPANSION)
    notes = []
    raw_table = need_dict(data.get("expansion_table", {}), "expansion_table")
    for key, v in raw_table.items():
        if str(key) not in {str(n) for n in range(10)}:
            raise ScoringError(_("{field}: a row is a number of cities from 0 to 9.").format(
                field=f"expansion_table.{key}"))
        n = int(key)
        v = need_int(v, f"expansion_table.{key}")
        if n in CONFIRMED_EXPANSION and CONFIRMED_EXPANSION[n] != v:
            notes.append(_("Expansion table row {n} is {value} in your input but {confirmed} in the rules "
                           "text; your board may be a different edition (your value is used).").format(
                n=n, value=v, confirmed=CONFIRMED_EXPANSION[n]))
        table[n] = v

    money = loans = None
    if "money" in data:
        raw = need_dict(data["money"], "money")
        money = {}
        for c in raw:
            if c not in mains:
                raise ScoringError(_("{field}: not a player's colour{did_you_mean}.").format(
                    field=f"money.{c}", did_you_mean=did_you_mean(c, mains)))
        for c in mains:
            if c not in raw:
                raise ScoringError(_("{field} is missing: give every player's cash before the payday.").format(
                    field=f"money.{c}"))
            money[c] = need_int(raw[c], f"money.{c}", None if allow_negative_money else 0)
        raw = need_dict(data.get("loans", {}), "loans")
        loans = {c: [] for c in mains}
        for c, vals in raw.items():
            if c not in mains:
                raise ScoringError(_("{field}: not a player's colour{did_you_mean}.").format(
                    field=f"loans.{c}", did_you_mean=did_you_mean(c, mains)))
            vals = need_list(vals, f"loans.{c}")
            for j, v in enumerate(vals):
                v = need_int(v, f"loans.{c}[{j}]")
                if v not in LOAN_VALUES:
                    raise ScoringError(_("{field}: a loan is repaid with 12, 16, 20 or 30 florins, not {value} "
                                         "(rule A2).").format(field=f"loans.{c}[{j}]", value=v))
                loans[c].append(v)
    elif "loans" in data:
        raise ScoringError(_("loans needs money: give each player's cash before the payday as well."))
    return {"payday": payday, "players": players, "cities": cities, "bonus": dict(bonus), "table": table,
            "money": money, "loans": loans, "options": options, "notes": notes}


def _colour(value, path):
    if not isinstance(value, str) or value not in COLOURS:
        raise ScoringError(_("{path}: unknown colour {colour}; the colours are {colours}.").format(
            path=path, colour=repr(value), colours=", ".join(COLOURS)) + did_you_mean(value, COLOURS))
    return value


def payday(v: dict) -> dict:
    """The payday of validated input: {colour: {"expansion", "majority", "fortresses", "bonus_cards"}}."""
    players, cities, opts = v["players"], v["cities"], v["options"]
    two = len(players) == 2
    mains = [p["colour"] for p in players]
    neutrals = {p["neutral"] for p in players if p["neutral"]}
    out = {c: {"expansion": 0, "majority": 0, "fortresses": 0, "bonus_cards": 0} for c in mains}
    totals = {}
    for cid, city in cities.items():
        chain = city["chain"]
        if two and not opts["neutral_in_totals"]:
            totals[cid] = sum(1 for c in chain if c not in neutrals)
        else:
            totals[cid] = len(chain)
    most = max(totals.values(), default=0)
    cities_of = {c: 0 for c in mains}
    for cid, city in cities.items():
        chain, value = city["chain"], city["value"]
        count, first = {}, {}
        for pos, c in enumerate(chain):
            count[c] = count.get(c, 0) + 1
            first.setdefault(c, pos)
        for c in count:
            if c in cities_of:
                cities_of[c] += 1
        order = sorted(count, key=lambda c: (-count[c], first[c]))
        paid_first = paid_second = 0
        if order:
            if order[0] in out:
                out[order[0]]["majority"] += value
                paid_first = value
            if not two and len(order) > 1:
                out[order[1]]["majority"] += value // 2
                paid_second = value // 2
        is_max = totals[cid] == most
        for c in city["fortresses"]:
            if opts["fortress_basis"] == "printed":
                out[c]["fortresses"] += value if is_max else value // 2
            else:
                out[c]["fortresses"] += paid_first if is_max else paid_second
    table = v["table"]
    for p in players:
        c = p["colour"]
        k = cities_of[c]
        if k not in table:
            raise ScoringError(_("expansion_table.{k}: row {k} of the expansion table ({name} has operating "
                                 "warehouses in {k} cities) is not known; read it off your board and give it as "
                                 "expansion_table.{k} (rule P3).").format(k=k, name=p["name"]))
        out[c]["expansion"] = table[k]
        if v["payday"] == 3:
            out[c]["bonus_cards"] = v["bonus"].get(c, 0)
    return out


def score(data) -> Result:
    return score_validated(validate(data))


def score_validated(v: dict) -> Result:
    pay = payday(v)
    rows = []
    for p in v["players"]:
        c = p["colour"]
        parts = dict(pay[c])
        if v["money"] is not None:
            parts["money_before"] = v["money"][c]
            parts["loans"] = -sum(v["loans"][c])
        rows.append((p["name"], parts, None))
    notes = list(v["notes"])
    if v["money"] is not None:
        if v["payday"] == 3:
            notes.append(_("Totals are money after the payday, bonus cards and loan repayment (rule G1)."))
        else:
            notes.append(_("Totals are money after the payday minus the loans still held: the finance check "
                           "(rule A3)."))
    else:
        notes.append(_("Totals are this payday's income (rule P7)."))

    return rank(GAME, rows, notes=notes)
