"""Puerto Rico at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option

ID = "puerto-rico"
NAME = "Puerto Rico"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
OPTIONS = (
    Option("vp-pool-5p", 122, "VP chips with 5 players: 122 (original printing) or 126 (newer)", (122, 126)),
    Option("allow-decline-colonists", False, "house rule: a player may refuse colonists from the ship"),
    Option("show-running-vp", False, "show everyone's VP during the game (the rules keep chips secret)"),
    Option("customs-house-counts-overflow", True, "VP earned after the pool ran out count for the customs house"),
    Option("mayor-privilege-optional", True, "the mayor may decline the privilege colonist"),
    Option("hacienda-reshuffle", True, "a hacienda draw from an empty stack reshuffles the discards"),
    Option("doubloon-bank-limit", False, "the bank holds only the 86 doubloons in the box"),
)
