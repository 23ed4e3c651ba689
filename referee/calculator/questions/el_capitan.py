"""El Capitan's questions: the payday, the players' colours, each city's warehouses, values and
fortresses, the bonus cards, money and loans; an expansion-table row the calculator does not know."""

from __future__ import annotations

import re

from ...i18n import N_, _, ngettext
from ..answers import Invalid, match_id, numbers, pick, pick_many, whole, words, yes_no
from ..options import Setting
from .base import Flow


class ElCapitanFlow(Flow):
    game = "el-capitan"
    # the cities' English names and the Czech rulebook's forms (shared/seeds), case and accents aside
    CITY_ALIASES = {"venice": "venezia", "venezie": "venezia", "benatky": "venezia", "naples": "napoli",
                    "neapol": "napoli", "athens": "athina", "ateny": "athina", "tangier": "tanger",
                    "tangiers": "tanger", "tangeru": "tanger", "marseilles": "marseille", "alexandrie": "alexandria",
                    "valencii": "valencia", "konstantinopol": "constantinople", "istanbul": "constantinople",
                    "carihrad": "constantinople"}

    def settings(self):
        opts = self.module.OPTIONS         # the calculator's own settings and their values, default first
        out = []
        if "fortress_basis" in opts:
            out.append(Setting(("options", "fortress_basis"),
                               _("Fortress pay where nobody is actually paid second: printed (half the city's "
                                 "value, all of it in the largest city) or paid (what the places actually received), "
                                 "rule O4"),
                               list(opts["fortress_basis"]), list(opts["fortress_basis"])[0]))
        if "neutral_in_totals" in opts:
            out.append(Setting(("options", "neutral_in_totals"),
                               _("Do neutral warehouses count when finding the largest city for fortresses "
                                 "(rule O5)"),
                               [True, False], True, labels=[_("yes"), _("no")]))
        return out

    def collect(self):
        ask = self.a.ask
        data = {"game": self.game, "payday": ask(_("Which payday (1-3)"), whole(1, 3))}
        self.ask_players(data)
        data["cities"] = {}
        cities = list(self.choices.get("city", []))
        aliases, shown = self.vocab("city")
        aliases = {**aliases, **self.CITY_ALIASES}
        while True:
            left = [c for c in cities if c not in data["cities"]]
            city = ask(_("City with operating warehouses or fortresses; Enter when done"),
                       pick(left, N_("city"), optional=True, aliases=aliases, shown=shown),
                       choices=self.offered("city", left), default="")
            if city is None:
                break
            data["cities"][city] = self.city(city, data)
        if data["payday"] == 3:        # bonus cards are paid at the third payday only (rule P6c)
            data["bonus_cards"] = self.bonus(data)
        # The game is won by money after the third payday (rule G1; the Czech rulebook: "Hráč vlastnící
        # největší sumu peněz se stává vítězem hry"): then money is always asked, never a winner by income.
        if data["payday"] == 3 or ask(_("Rank by money after the payday (enter money and loans)? (y/n)"), yes_no,
                                      default="n"):
            data["money"], data["loans"] = {}, {}
            for p in data["players"]:
                self.money(p, data)
        from ..el_capitan_board import board_rows       # rows saved by `referee board` are not asked again

        data, note = board_rows(data)
        if note:
            self.a.tell(note)
        return data

    def colours(self):
        return list(self.choices.get("colour", ["red", "blue", "green", "yellow", "black"]))

    def colour_pick(self, left, what=N_("colour"), many=False):
        """A parser of colours: Czech names too (červená, cervena), shown in Czech when the display is."""
        aliases, shown = self.vocab("colour")
        if many:
            return pick_many(left, what, aliases=aliases, shown=shown)
        return pick(left, what, aliases=aliases, shown=shown)

    def ask_players(self, data):
        n = self.player_count()
        players: list = []
        used: list[str] = []
        for i in range(n):
            name = self.name(i, players)
            left = [c for c in self.colours() if c not in used]
            p = {"name": name, "colour": self.a.ask(_("{name}: colour").format(name=name), self.colour_pick(left),
                                                    choices=self.offered("colour", left))}
            used.append(p["colour"])
            if n == 2:
                left = [c for c in self.colours() if c not in used]
                p["neutral"] = self.a.ask(_("{name}: neutral colour").format(name=name), self.colour_pick(left),
                                          choices=self.offered("colour", left))
                used.append(p["neutral"])
            players.append(p)
        data["players"] = players

    def in_play(self, data, neutral=True):
        out = [p["colour"] for p in data["players"]]
        if neutral:
            out += [p["neutral"] for p in data["players"] if p.get("neutral")]
        return out

    def city(self, city, data):
        ask = self.a.ask
        colours, mains = self.in_play(data), self.in_play(data, neutral=False)
        shown_city = self.show("city", city)
        chain = ask(_("{city}: operating warehouses in chain order (colours, e.g. '{example}'); Enter for none")
                    .format(city=shown_city, example=" ".join(self.offered("colour", [colours[0], colours[-1]]))),
                    self.colour_pick(colours, N_("colour in play"), many=True), choices=self.offered("colour", colours),
                    default="")
        value = ask(_("{city}: value printed on the next free field").format(city=shown_city), whole())

        def forts(text):
            got = self.colour_pick(mains, N_("player colour"), many=True)(text)
            if len(set(got)) != len(got):
                raise Invalid(_("A player has at most one fortress in each city (rule F3)."))
            if len(got) > 2:
                raise Invalid(_("A city holds at most two fortresses (rule F3)."))
            return got
        fortresses = ask(_("{city}: fortresses (colours); Enter for none").format(city=shown_city), forts,
                         choices=self.offered("colour", mains), default="")
        return {"chain": chain, "next_value": value, "fortresses": fortresses}

    def bonus(self, data):
        mains = self.in_play(data, neutral=False)

        def parse(text):
            tokens, out = words(text), {}
            if len(tokens) % 2:
                raise Invalid(_("Give pairs of colour and card value, e.g. red 15 blue 10."))
            for colour, value in zip(tokens[::2], tokens[1::2]):
                aliases, shown = self.vocab("colour")
                colour = match_id(colour, mains, N_("player colour"), aliases, shown)
                if value not in ("15", "10", "5"):
                    raise Invalid(_("Bonus cards are worth 15, 10 or 5, not {value!r} (rule P6).").format(value=value))
                if colour in out:
                    raise Invalid(_("{colour} is named twice; a player takes at most one bonus card (rule P6).")
                                  .format(colour=self.show("colour", colour)))
                if int(value) in out.values():
                    raise Invalid(_("There is only one bonus card worth {value} (rule P6).").format(value=value))
                out[colour] = int(value)
            return out
        return self.a.ask(_("Bonus cards held (e.g. '{example} 15'); Enter for none").format(
            example=self.show("colour", mains[0])), parse, choices=self.offered("colour", mains), default="")

    def money(self, p, data):
        c = p["colour"]
        question = (_("{name}: money in hand at the last payday, before it is paid (the most money after it wins)")
                    if data["payday"] == 3 else _("{name}: money before the payday"))
        data["money"][c] = self.a.ask(question.format(name=p["name"]), whole())
        data["loans"][c] = self.a.ask(_("{name}: repayment values of the loans held (e.g. '12 20'); Enter for none")
                                      .format(name=p["name"]), numbers, default="")

    # the field path starts the message in every language (the Czech message has no "not known" to find)
    _ROW = re.compile(r"^expansion_table\.(\d+): ")

    def missing(self, err):
        """An expansion-table row the calculator does not know (rules 3.3, D7): ask for that row."""
        found = super().missing(err)
        if found is None:
            m = self._ROW.search(str(err))
            if m:
                k = m.group(1)
                found = ("expansion_table", k), ngettext(
                    "Expansion table: florins paid for operating warehouses in {k} city (read it off your board)",
                    "Expansion table: florins paid for operating warehouses in {k} cities (read it off your board)",
                    int(k)).format(k=k)
        return found

    def redo(self, data, message, err):
        m = re.search(r"cities\.([a-z-]+)", message)
        if m and m.group(1) in data["cities"]:
            city = m.group(1)
            self.a.tell(_("Please enter {city} again.").format(city=self.show("city", city)))
            data["cities"][city] = self.city(city, data)
            return True
        m = re.search(r"(money|loans)\.([a-z]+)", message)
        if m and "money" in data:
            for p in data["players"]:
                if p["colour"] == m.group(2):
                    self.money(p, data)
                    return True
        if "bonus_cards" in message:
            data["bonus_cards"] = self.bonus(data)
            return True
        return False
