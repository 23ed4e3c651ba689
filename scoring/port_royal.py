"""Port Royal final scoring (shared/rules/port-royal.md 5.1-5.3, G3 and G5-G9).

Input (contracts §3):
    {"game": "port-royal", "variant": "standard" | "expedition-end",
     "players": [{"name": "Ann", "coins": 5, "cards": ["admiral-7-2", "expedition-aa"]},
                 {"name": "Bob", "coins": 9, "influence": 12, "expeditions": 0}]}
Each player gives either ``cards`` (the ids in the personal display: persons and claimed expeditions) or
``influence`` and ``expeditions``. Breakdown parts: ``persons`` and ``expeditions`` (influence); tiebreak:
coins. Under ``expedition-end`` only players with an expedition can win (G5/G7).
"""

from __future__ import annotations

from referee.core.tables import load_json
from referee.i18n import _, ngettext

from .fields import (distinct_names, need_choice, need_dict, need_int, need_list, need_str, no_unknown_keys)
from .result import Result, ScoringError, rank

GAME = "port-royal"
VARIANTS = ("standard", "expedition-end")
_CARDS = {c["id"]: c for c in load_json("port-royal/cards.json")["cards"]}
_DISPLAY_IDS = [cid for cid, c in _CARDS.items() if c["kind"] in ("person", "expedition")]
FIVE_PLAYER_EXPEDITION = "expedition-ach"
MAX_INFLUENCE = sum(c["influence"] * c["copies"] for c in _CARDS.values())          # 112
MAX_COINS = sum(c["copies"] for c in _CARDS.values()) - 1                             # 119: ach has no coin

CHOICES = {"card": list(_DISPLAY_IDS), "variant": list(VARIANTS)}

TEMPLATE = {
    "game": "port-royal",
    "variant": "standard",
    "players": [
        {"name": "Ann", "coins": 5,
         "cards": ["admiral-7-2", "sailor-3-1", "governor-8-0", "jester-7-2", "expedition-aa"]},
        {"name": "Bob", "coins": 9, "influence": 12, "expeditions": 1},
        {"name": "Cal", "coins": 9, "cards": ["mademoiselle-9-3", "pirate-7-2", "trader-blue-5-2",
                                              "settler-4-1", "priest-4-1", "captain-4-1", "jack-6-1"]},
    ],
}

_PLAYER_KEYS = ("name", "coins", "cards", "influence", "expeditions")


def _unknown_card(cid: str, path: str) -> None:
    """An id that is not a card: name the full ids a short form stands for, else a did-you-mean."""
    full = [c for c in _DISPLAY_IDS if c.startswith(cid + "-") or c == "expedition-" + cid] if cid else []
    if len(full) == 1:
        raise ScoringError(_("{path}: unknown card {card}; write the full id {full}.").format(
            path=path, card=repr(cid), full=full[0]))
    if full:
        raise ScoringError(_("{path}: unknown card {card}; it could be {ids} or {last}: write the full id.").format(
            path=path, card=repr(cid), ids=", ".join(full[:-1]), last=full[-1]))
    need_choice(cid, _DISPLAY_IDS, path, "card")


def score(data) -> Result:
    data = need_dict(data, "input")
    no_unknown_keys(data, ("game", "variant", "players"), "")
    if "game" in data and data["game"] != GAME:
        raise ScoringError(_("game must be {game} for this calculator, not {given}.").format(
            game=repr(GAME), given=repr(data["game"])))
    variant = data.get("variant", "standard")
    if not isinstance(variant, str):
        raise ScoringError(_("variant must be one of {variants}, not {given}.").format(
            variants=", ".join(VARIANTS), given=repr(variant)))
    need_choice(variant.strip().lower(), VARIANTS, "variant", "variant")
    variant = variant.strip().lower()
    if "players" not in data:
        raise ScoringError(_("players is missing: give one entry per player."))
    players = need_list(data["players"], "players")
    n = len(players)
    if not 2 <= n <= 5:
        raise ScoringError(_("players must list 2 to 5 players, not {n}.").format(n=n))
    rows, names, used, coins_total = [], [], {}, 0
    notes = []
    exp_total = 0
    for i, raw in enumerate(players):
        path = f"players[{i}]"
        pl = need_dict(raw, path)
        no_unknown_keys(pl, _PLAYER_KEYS, path)
        if "name" not in pl:
            raise ScoringError(_("{path}.name is missing.").format(path=path))
        name = need_str(pl["name"], f"{path}.name")
        names.append(name)
        if "coins" not in pl:
            raise ScoringError(_("{path}.coins is missing (the coins {name} has left).").format(path=path, name=name))
        coins = need_int(pl["coins"], f"{path}.coins", 0, MAX_COINS)
        coins_total += coins
        if "cards" in pl:
            for key in ("influence", "expeditions"):
                if key in pl:
                    raise ScoringError(_("{path}.{key}: give either cards or influence and expeditions, not both.")
                                       .format(path=path, key=key))
            persons = exps = n_exp = 0
            for j, cid in enumerate(need_list(pl["cards"], f"{path}.cards")):
                cpath = f"{path}.cards[{j}]"
                if not isinstance(cid, str):
                    raise ScoringError(_("{path} must be a card id such as sailor-3-1, not {given}.").format(
                        path=cpath, given=repr(cid)))
                cid = cid.strip().lower()
                if cid not in _CARDS:
                    _unknown_card(cid, cpath)
                card = _CARDS[cid]
                if card["kind"] not in ("person", "expedition"):
                    raise ScoringError((_("{path}: {card} is a ship card; a personal display holds only persons "
                                          "and expeditions.") if card["kind"] == "ship" else
                                        _("{path}: {card} is a tax card; a personal display holds only persons "
                                          "and expeditions.")).format(path=cpath, card=cid))
                if cid == FIVE_PLAYER_EXPEDITION and n != 5:
                    raise ScoringError(_("{path}: {card} is used only with 5 players, not {n}.").format(
                        path=cpath, card=cid, n=n))
                used[cid] = used.get(cid, 0) + 1
                if used[cid] > card["copies"]:
                    raise ScoringError(ngettext(
                        "{path}: the deck has only {n} copy of {card}, and this is copy {k} across the players.",
                        "{path}: the deck has only {n} copies of {card}, and this is copy {k} across the players.",
                        card["copies"]).format(path=cpath, n=card["copies"], card=cid, k=used[cid]))
                if card["kind"] == "expedition":
                    exps += card["influence"]
                    n_exp += 1
                else:
                    persons += card["influence"]
            breakdown = {"persons": persons, "expeditions": exps}
        else:
            if "influence" not in pl:
                raise ScoringError(_("{path}: give either cards or influence (with expeditions).").format(path=path))
            influence = need_int(pl["influence"], f"{path}.influence", 0, MAX_INFLUENCE)
            max_exp = 6 if n == 5 else 5
            n_exp = need_int(pl.get("expeditions", 0), f"{path}.expeditions", 0, max_exp)
            if n_exp and influence < 4 * n_exp:  # every expedition is worth at least 4
                raise ScoringError(ngettext(
                    "{path}.influence: {influence} is less than the {least} that {n} expedition alone are worth.",
                    "{path}.influence: {influence} is less than the {least} that {n} expeditions alone are worth.",
                    n_exp).format(path=path, influence=influence, least=4 * n_exp, n=n_exp))
            breakdown = {"persons": influence, "expeditions": 0}
            if n_exp:
                notes.append(_("{name}: influence given as a total, so it is not split into persons and "
                               "expeditions.").format(name=name))
        exp_total += n_exp
        rows.append([name, breakdown, coins, n_exp])
    distinct_names(names, "players")
    if coins_total > MAX_COINS:
        raise ScoringError(_("players[*].coins add up to {total}, but only {most} cards can be coins.").format(
            total=coins_total, most=MAX_COINS))
    held = sum(used.values())
    in_play = MAX_COINS + (1 if n == 5 else 0)           # 4.0 item 5: the 5-player expedition is in the box
    if coins_total + held > in_play:
        raise ScoringError(_("players[*]: {coins} coins and {held} cards in the personal displays make {total} "
                             "cards, but only {in_play} are in play with {n} players.").format(
            coins=coins_total, held=held, total=coins_total + held, in_play=in_play, n=n))
    max_exp = 6 if n == 5 else 5
    if exp_total > max_exp:
        raise ScoringError(_("players[*].expeditions add up to {total}, but only {most} expeditions are in play "
                             "with {n} players.").format(total=exp_total, most=max_exp, n=n))
    total_infl = sum(sum(r[1].values()) for r in rows)
    if total_infl > MAX_INFLUENCE:
        raise ScoringError(_("players[*].influence adds up to {total}, more than the {most} the deck holds.").format(
            total=total_infl, most=MAX_INFLUENCE))
    eligible_rule = variant == "expedition-end"
    if eligible_rule and not any(r[3] for r in rows):
        notes.append(_("Expedition end, but nobody has an expedition: this cannot be a finished game; "
                       "ranked by influence and coins (G8)."))
        eligible_rule = False
    # G9: coins (the tie-break) and whether each player has an expedition are shown even without a tie
    facts = {r[0]: {"coins": r[2], "expedition": "yes" if r[3] else "no"} for r in rows}
    return rank(GAME, [(r[0], r[1], r[2], (r[3] > 0) if eligible_rule else True) for r in rows],
                tiebreak_name="coins", notes=notes, facts=facts)
