"""El Capitan (Kramer & Rösner), 2-5 players, with the 2-player variant and the guided board entry.

``RULES`` (the engine) is loaded on first use; ``info`` is all that `referee games` needs.
"""

from . import info  # noqa: F401


def __getattr__(name):
    if name == "RULES":
        from .rules import ElCapitanRules

        globals()["RULES"] = rules = ElCapitanRules()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
