"""Carcassonne at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option

ID = "carcassonne"
NAME = "Carcassonne"
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # rule R1; six (a setting there) needs a core change: see the audit report
FARM_RULES = ("current", "by-city", "once-per-city")  # the calculator accepts the same (tested)
OPTIONS = (
    Option("traders_builders", True, "play with the Traders & Builders expansion (24 tiles, goods, "
           "builders, pigs)"),
    Option("farm_rule", "current", "final farm scoring: current (O1a, each field separately), by-city "
           "(O1b, first C1 rule), once-per-city (O1c, second C1 rule)", FARM_RULES),
    Option("old_small_city", False, "O2b: a completed two-tile city scores 2 instead of 4"),
    Option("builder_chain", False, "O3 (house rule): builder extra tiles may chain"),
    Option("decline_second_tile", False, "O4: offer 'no second tile' instead of the builder's extra tile"),
    Option("six_players", False, "R1: allow a sixth player (a sixth colour of followers, builder and pig from "
           "another set)"),
)
