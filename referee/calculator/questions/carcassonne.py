"""Carcassonne's questions: the expansions, the scoring track, each incomplete feature and farm with its
followers (pigs, goods and the older farm rules' cities where they apply)."""

from __future__ import annotations

import re

from ...i18n import N_, _, ngettext
from ..answers import Invalid, counts_by_name, numbers, pick, pick_many, whole, words, yes_no
from ..options import Setting
from .base import Flow


class CarcassonneFlow(Flow):
    game = "carcassonne"
    max_players = 6
    # type -> [(key, question, lo, hi)]
    FIELDS = {"city": [("tiles", N_("tiles in the city"), 1, None), ("pennants", N_("pennants"), 0, None)],
              "road": [("tiles", N_("tiles in the road"), 1, None)],
              "cloister": [("neighbours", N_("tiles around the cloister (0-8)"), 0, 8)],
              "farm": [("completed_cities", N_("completed cities the farm touches"), 0, None)]}

    def collect(self):
        ask = self.a.ask
        exps = list(self.choices.get("expansion") or self.expansions)
        many = pick_many(exps, N_("expansion"))

        def expansions_in_play(text):
            return [] if text.strip().lower() in ("none", "no", "-") else many(text)
        expansions = ask(_("Expansions in play ({expansions}, or none)").format(expansions=", ".join(exps)),
                         expansions_in_play,
                         choices=exps + ["none"], default="none")
        n = self.player_count()
        players: list[str] = []
        for i in range(n):
            players.append(self.name(i, players))
        data = {"game": self.game, "expansions": expansions, "players": players}
        data["points_so_far"] = {p: ask(_("{name}: points on the scoring track").format(name=p), whole())
                                 for p in players}
        features = []
        while True:
            f = self.feature(len(features) + 1, data)
            if f is None:
                break
            features.append(f)
        data["features"] = features
        if self.goods_on(data):
            data["goods"] = {p: self.goods(p) for p in players}
        return data

    def goods_on(self, data) -> bool:
        return "traders-builders" in data.get("expansions", [])

    def feature(self, number, data, type_=None):
        types = list(self.choices.get("feature", ["city", "road", "cloister", "farm"]))
        if type_ is None:
            aliases, shown = self.vocab("feature")      # město, cesta, klášter, louka read as the types
            type_ = self.a.ask(_("Feature {number}: incomplete city, road or cloister, or a farm; Enter when done")
                               .format(number=number), pick(types, N_("feature"), optional=True, aliases=aliases,
                                                            shown=shown),
                               choices=self.offered("feature", types), default="")
            if type_ is None:
                return None
        f = {"type": type_}
        for key, question, lo, hi in self.FIELDS.get(type_, []):
            if key == "pennants":
                hi = f["tiles"]     # no tile has more than one pennant
            f[key] = self.a.ask(f"{self.show('feature', type_)} {number}: {_(question)}", whole(lo, hi))
        players = data["players"]
        by_count = counts_by_name(players, N_("followers"))

        def followers(text):
            got = by_count(text)
            if type_ == "cloister" and sum(got.values()) > 1:
                raise Invalid(_("A cloister holds at most one monk; give the one player whose monk is on it."))
            return got
        f["followers"] = self.a.ask((_("{feature} {number}: farmers by player (e.g. 'Ann 2 Bob'); Enter for none")
                                     if type_ == "farm" else
                                     _("{feature} {number}: followers by player (e.g. 'Ann 2 Bob'); Enter for none"))
                                    .format(feature=self.show("feature", type_), number=number),
                                    followers, choices=players, default="")
        if type_ == "farm" and self.farm_rule(data) != "current" and f["completed_cities"]:
            f["cities"] = self.farm_cities(number, f, data)
        if type_ == "farm" and self.goods_on(data) and f["followers"]:
            farmers = list(f["followers"])

            def pigs(text):
                got = pick_many(players, N_("player"))(text)
                for p in got:
                    if p not in farmers:
                        raise Invalid(_("{name} has no farmer in this farm; a pig only joins a farm holding its "
                                        "owner's farmer (rule PG2).").format(name=p))
                if len(set(got)) != len(got):
                    raise Invalid(_("Each player has one pig; name a player once."))
                return got
            f["pigs"] = self.a.ask(_("farm {number}: players with a pig in it; Enter for none").format(number=number),
                                   pigs, choices=farmers, default="")
        self.extra_fields(f, number, players)
        return f

    def farm_rules(self) -> list[str]:
        return list(getattr(self.module, "FARM_RULES", ("current", "by-city", "once-per-city")))

    @staticmethod
    def farm_rule(data) -> str:
        return (data.get("options") or {}).get("farm_rule", "current")

    def settings(self):
        rules = self.farm_rules()

        def scoring_farm(data):
            return any(f.get("type") == "farm" and f.get("followers") and f.get("completed_cities")
                       for f in data.get("features", []))
        return [Setting(("options", "farm_rule"), _("Farm scoring: current (each farm on its own, rule O1a), "
                                                    "by-city (the first older rule, O1b) or once-per-city (O1c)"),
                        rules, rules[0],
                        relevant=scoring_farm, then=self.name_farm_cities)]

    def name_farm_cities(self, data, rule):
        """The older farm rules relate farms through the cities they share: name each farm's cities."""
        if rule == "current":
            return
        for number, f in enumerate(data["features"], 1):
            if f.get("type") == "farm" and f.get("completed_cities") and not f.get("cities"):
                f["cities"] = self.farm_cities(number, f, data)

    def farm_cities(self, number, f, data) -> list[str]:
        n = f["completed_cities"]
        if not f.get("followers"):      # a farm with no farmer scores under no rule: its cities don't matter
            return [f"farm-{number}-city-{k}" for k in range(1, n + 1)]
        named = sorted({c for g in data.get("features", []) if g is not f for c in g.get("cities") or []
                        if not c.startswith("farm-")})

        def parse(text):
            got = words(text)
            if len(got) != n:
                raise Invalid(ngettext("Give {n} name, one for each completed city the farm touches, not {got}.",
                                       "Give {n} names, one for each completed city the farm touches, not {got}.",
                                       n).format(n=n, got=len(got)))
            got = [next((c for c in named if c.casefold() == g.casefold()), g) for g in got]
            if len(set(got)) != len(got):
                raise Invalid(_("Name each city once; a city counts once for a farm (rule M3)."))
            return got
        return self.a.ask(ngettext("farm {number}: name its {n} completed city so that a city has the same name "
                                   "in every farm (e.g. {example})",
                                   "farm {number}: name its {n} completed cities so that a city has the same name "
                                   "in every farm (e.g. {example})", n).format(
                              number=number, n=n, example=" ".join("abcdefgh"[:min(n, 3)])),
                          parse, choices=named or None)

    def extra_fields(self, f, number, players):
        """Keys the calculator's TEMPLATE shows for this feature type that the questions above do not cover."""
        for example in self.template.get("features", []):
            if not isinstance(example, dict) or example.get("type") != f["type"]:
                continue
            for key, value in example.items():
                if key in f or key in ("type", "pigs", "cities"):   # pigs and cities: asked when they apply
                    continue
                q = f"{f['type']} {number}: {key.replace('_', ' ')}"
                if isinstance(value, bool):
                    f[key] = self.a.ask(q + " " + _("(y/n)"), yes_no, default="n")
                elif isinstance(value, int):
                    f[key] = self.a.ask(q, whole(), default=0)
                elif isinstance(value, list) and all(v in players for v in value):
                    f[key] = self.a.ask(q + " " + _("(players); Enter for none"), pick_many(players, N_("player")),
                                        choices=players, default="")
                elif isinstance(value, list):
                    f[key] = self.a.ask(q + " " + _("(words separated by spaces); Enter for none"), words, default="")

    def goods(self, player) -> dict:
        kinds = list(self.choices.get("good", ["wine", "grain", "cloth"]))

        def parse(text):
            got = numbers(text)
            if len(got) != len(kinds):
                raise Invalid(_("Give {n} numbers, one for each of {kinds}.").format(
                    n=len(kinds), kinds=", ".join(self.offered("goods", kinds))))
            return dict(zip(kinds, got))
        return self.a.ask(_("{name}: goods tokens ({kinds})").format(
            name=player, kinds=" ".join(self.offered("goods", kinds))), parse,
                          default=" ".join("0" * len(kinds)))

    def redo(self, data, message, err):
        m = re.search(r"features\[(\d+)\]", message)
        if m and int(m.group(1)) < len(data["features"]):
            i = int(m.group(1))
            self.a.tell(_("Please enter feature {number} again.").format(number=i + 1))
            data["features"][i] = self.feature(i + 1, data, data["features"][i].get("type"))
            return True
        if message.startswith("goods:") and self.goods_on(data):
            self.a.tell(_("Please enter the goods again."))
            data["goods"] = {p: self.goods(p) for p in data["players"]}
            return True
        for p in data["players"]:
            if re.search(rf"points_so_far\.{re.escape(p)}(?![\w-])", message):
                data["points_so_far"][p] = self.a.ask(_("{name}: points on the scoring track").format(name=p), whole())
                return True
            if self.goods_on(data) and re.search(rf"goods\.{re.escape(p)}(?![\w-])", message):
                data.setdefault("goods", {})[p] = self.goods(p)
                return True
        return False
