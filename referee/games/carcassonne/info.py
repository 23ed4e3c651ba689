"""Carcassonne at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option
from referee.i18n import N_

ID = "carcassonne"
NAME = "Carcassonne"
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # rule R1; six (a setting there) needs a core change: see the audit report
FARM_RULES = ("current", "by-city", "once-per-city")  # the calculator accepts the same (tested)
# Names are kebab-case (core.game.option_key); the snake_case spellings of older records still work.
# Descriptions are marked N_() and translated where `referee games GAME` shows them.
OPTIONS = (
    Option("traders-builders", True, N_("play with the Traders & Builders expansion (24 tiles, goods, "
           "builders, pigs)")),
    Option("farm-rule", "current", N_("final farm scoring: current (O1a, each field separately), by-city "
           "(O1b, first C1 rule), once-per-city (O1c, second C1 rule)"), FARM_RULES),
    Option("old-small-city", False, N_("O2b: a completed two-tile city scores 2 instead of 4")),
    Option("builder-chain", False, N_("O3 (house rule): builder extra tiles may chain")),
    Option("decline-second-tile", False, N_("O4: offer 'no second tile' instead of the builder's extra tile")),
    Option("six-players", False, N_("R1: allow a sixth player (a sixth colour of followers, builder and pig from "
           "another set)")),
)
