"""Port Royal (Alexander Pfister, 2014), base game, 2-5 players."""

from .rules import PortRoyalRules

RULES = PortRoyalRules()
