"""Puerto Rico (base game, 2-5 players incl. the official 2-player variant)."""

from .checklist import setup_checklist
from .rules import PuertoRicoRules

RULES = PuertoRicoRules()

__all__ = ["RULES", "setup_checklist"]
