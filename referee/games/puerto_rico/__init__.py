"""Puerto Rico (base game, 2-5 players incl. the official 2-player variant).

``RULES`` (the engine) is loaded on first use; ``info`` is all that `referee games` needs.
"""

from . import info  # noqa: F401

__all__ = ["RULES", "info", "setup_checklist"]


def __getattr__(name):
    if name == "RULES":
        from .rules import PuertoRicoRules

        globals()["RULES"] = rules = PuertoRicoRules()
        return rules
    if name == "setup_checklist":
        from .checklist import setup_checklist

        return setup_checklist
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
