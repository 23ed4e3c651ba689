"""El Capitan (Kramer & Rösner), 2-5 players, with the 2-player variant and the guided board entry."""

from .rules import ElCapitanRules

RULES = ElCapitanRules()
