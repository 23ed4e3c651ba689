"""Puerto Rico's questions: each player's VP chips, doubloons, goods and buildings; the island and the
colonists only for a player whose residence or fortress needs them."""

from __future__ import annotations

from ...i18n import N_, _, ngettext
from ..answers import Invalid, match_id, shower, norm, whole, words
from ..options import Setting
from .base import Flow


class PuertoRicoFlow(Flow):
    game = "puerto-rico"

    def collect(self):
        players: list = []
        for i in range(self.player_count()):
            players.append(self.player(i, players))
        return {"game": self.game, "players": players}

    def player(self, i, others):
        ask = self.a.ask
        name = self.name(i, others)
        d = {"name": name}
        d["vp_chips"] = ask(_("{name}: VP chips").format(name=name), whole())
        d["doubloons"] = ask(_("{name}: doubloons").format(name=name), whole())
        d["goods"] = ask(_("{name}: goods barrels").format(name=name), whole(), default=0)
        d["buildings"] = self.buildings(name)
        # island spaces and colonists score only through an occupied residence or fortress (rules §7):
        # asked only of a player who has one, once the buildings are known
        if d["buildings"].get("residence", 0) > 0:
            d["island_spaces"] = ask(_("{name}: filled island spaces (0-12), for the {building}").format(
                name=name, building=self.show("building", "residence")), whole(0, 12))
        if d["buildings"].get("fortress", 0) > 0:
            on = sum(d["buildings"].values())
            d["colonists"] = ask(_("{name}: colonists in total, San Juan included, for the {building}").format(
                name=name, building=self.show("building", "fortress")), whole(on))
        if d["buildings"].get("customs-house", 0) > 0 and d["vp_chips"] > 0:
            # rules §7: whether VP written down after the chips ran out count for the customs house
            over = ask(_("{name}: of the {vp} VP, how many were written down because the VP chips had run out? "
                         "Enter if they never ran out").format(name=name, vp=d["vp_chips"]),
                       whole(0, d["vp_chips"]), default=0)
            if over:
                d["vp_overflow"] = over
        return d

    def settings(self):
        return [Setting(("options", "customs-house-counts-overflow"),
                        _("Customs house: do VP written down after the chips ran out count for its bonus "
                          "(rules §7)"), [True, False], True, labels=[_("yes"), _("no")])]

    def aliases(self) -> dict:
        """Building names as printed (English, German, Czech) -> id, e.g. 'přístav' or 'harbour' -> harbor."""
        from referee.core.tables import load_json

        out = {"harbour": "harbor", "large-indigo-plant": "indigo-plant", "large-sugar-mill": "sugar-mill"}
        try:
            rows = load_json("puerto-rico/buildings.json")["buildings"]
        except (OSError, KeyError, ValueError):
            return out
        for b in rows:
            for key in ("name", "german", "czech"):
                if isinstance(b.get(key), str):
                    out.setdefault(norm(b[key]), b["id"])
        return out

    def building_table(self) -> dict:
        """Building id -> (circles, city spaces) as printed, for checking each entry as it is typed."""
        from referee.core.tables import load_json

        try:
            rows = load_json("puerto-rico/buildings.json")["buildings"]
            return {b["id"]: (int(b["circles"]), 2 if b.get("cat") == "LV" else 1) for b in rows}
        except (OSError, KeyError, ValueError, TypeError):
            return {}

    def buildings(self, name) -> dict:
        known = list(self.choices.get("building", []))
        names_aliases, shown = self.vocab("building")
        aliases = {**self.aliases(), **names_aliases}
        show = shower(shown)
        table = self.building_table()
        out: dict[str, int] = {}

        def parse(text):
            if not text:
                return None
            parts = words(text)
            colonists = None
            if len(parts) > 1 and parts[-1].isdigit():
                colonists = int(parts.pop())
            if any(p.isdigit() for p in parts):
                raise Invalid(_("Give one building, optionally followed by its colonists (e.g. {example} 1).")
                              .format(example=show("guild-hall")))
            bid = match_id(" ".join(parts), known, N_("building"), aliases, shown)
            if bid in out:
                raise Invalid(_("{building} is already entered for {name}; a player owns at most one of each "
                                "building.").format(building=show(bid), name=name))
            used = sum(table.get(b, (3, 1))[1] for b in out)
            if used + table.get(bid, (3, 1))[1] > 12:
                raise Invalid(_("{building} does not fit: {name}'s buildings already fill {used} of the 12 city "
                                "spaces (a large building takes 2).").format(building=show(bid), name=name, used=used))
            return bid, colonists

        while True:
            got = self.a.ask(_("{name}: building, with its colonists (e.g. {example} 1); Enter when done")
                             .format(name=name, example=show("guild-hall")),
                             parse, choices=[show(b) for b in known if b not in out], default="")
            if got is None:
                return out
            bid, colonists = got
            circles = table.get(bid, (3, 1))[0]
            if colonists is None:
                colonists = self.a.ask(_("{name}: colonists on {building} (0-{circles})").format(
                    name=name, building=show(bid), circles=circles), whole(0, circles), default=0)
            elif colonists > circles:
                self.a.tell("  " + ngettext("{building} has {circles} circle, so at most {circles} colonist, "
                                            "not {colonists}.",
                                            "{building} has {circles} circles, so at most {circles} colonists, "
                                            "not {colonists}.", circles).format(
                    building=show(bid), circles=circles, colonists=colonists))
                colonists = self.a.ask(_("{name}: colonists on {building} (0-{circles})").format(
                    name=name, building=show(bid), circles=circles), whole(0, circles), default=0)
            out[bid] = colonists
