"""Port Royal (Alexander Pfister, 2014), base game, 2-5 players.

``RULES`` (the engine) is loaded on first use; ``info`` is all that `referee games` needs.
"""

from . import info  # noqa: F401


def __getattr__(name):
    if name == "RULES":
        from .rules import PortRoyalRules

        globals()["RULES"] = rules = PortRoyalRules()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
