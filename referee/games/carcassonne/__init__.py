"""Carcassonne (base game) with Traders & Builders.

``RULES`` (the engine) is loaded on first use; ``info`` is all that `referee games` needs.
"""

from . import info  # noqa: F401


def __getattr__(name):
    if name == "RULES":
        from .rules import CarcassonneRules

        globals()["RULES"] = rules = CarcassonneRules()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
