"""Port Royal's questions: coins and the cards in each player's display (or their totals); the game end
asked only when it changes the ranking."""

from __future__ import annotations

from ...i18n import N_, _
from ..answers import pick, pick_many, whole
from ..options import Setting
from .base import Flow


class PortRoyalFlow(Flow):
    game = "port-royal"

    def variants(self) -> list[str]:
        return list(self.choices.get("variant") or getattr(self.module, "VARIANTS", ("standard", "expedition-end")))

    def collect(self):
        players: list = []
        for i in range(self.player_count()):
            players.append(self.player(i, players))
        # the game end is asked afterwards, and only when it changes the ranking (see settings())
        return {"game": self.game, "variant": self.variants()[0], "players": players}

    def settings(self):
        variants = self.variants()
        return [Setting(("variant",), _("Game end: standard, or expedition-end where only players with an "
                                        "expedition can win (rules 5.2, G7)"), variants, variants[0])]

    def player(self, i, others):
        ask = self.a.ask
        name = self.name(i, others)
        d = {"name": name, "coins": ask(_("{name}: coins").format(name=name), whole())}
        # 'karty'/'součty' read too; in Czech they are what is offered
        from ...i18n import language

        ways = {"cards": _("cards"), "totals": _("totals")} if language() == "cs" else None
        how = ask(_("{name}: enter the cards in the display, or the totals ({ways})").format(
                      name=name, ways="/".join((ways or {}).get(w, w) for w in ("cards", "totals"))),
                  pick(["cards", "totals"], N_("answer"), aliases={"karty": "cards", "soucty": "totals"}, shown=ways),
                  choices=[(ways or {}).get(w, w) for w in ("cards", "totals")],
                  default=(ways or {}).get("cards", "cards"))
        if how == "totals":
            d["influence"] = ask(_("{name}: influence points").format(name=name), whole())
            d["expeditions"] = ask(_("{name}: expeditions claimed").format(name=name), whole(), default=0)
            return d
        known = list(self.choices.get("card", []))
        cards: list[str] = []
        while True:
            more = ask(_("{name}: card ids, e.g. admiral-7 aa ({count} so far); Enter when done").format(
                name=name, count=len(cards)), pick_many(known, N_("card"), joined=True), choices=known, default="")
            if not more:
                break
            cards.extend(more)
        d["cards"] = cards
        return d
