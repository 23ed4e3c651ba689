"""Puerto Rico at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option
from referee.i18n import N_

ID = "puerto-rico"
NAME = "Puerto Rico"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
# Descriptions are marked N_() and translated where `referee games GAME` shows them.
OPTIONS = (
    Option("vp-pool-5p", 122, N_("VP chips with 5 players: 122 (original printing) or 126 (newer)"), (122, 126)),
    Option("allow-decline-colonists", False, N_("house rule: a player may refuse colonists from the ship")),
    Option("show-running-vp", False, N_("show everyone's VP during the game (the rules keep chips secret)")),
    Option("customs-house-counts-overflow", True, N_("VP earned after the pool ran out count for the customs house")),
    Option("mayor-privilege-optional", True, N_("the mayor may decline the privilege colonist")),
    Option("hacienda-reshuffle", True, N_("a hacienda draw from an empty stack reshuffles the discards")),
    Option("doubloon-bank-limit", False, N_("the bank holds only the 86 doubloons in the box")),
)
