"""Paying for an expedition (rule E3): the ways a player can pay, and how a claim is written.

Shared by the rules (which list the claims) and the notation (which reads a typed claim): it sits below
both, so neither has to import the other.
"""

from __future__ import annotations

from referee.core.names import display

from .cards import IDS, S_ANCHOR, S_CROSS, S_HOUSE, S_JOKER

# The persons paying for an expedition, as they are written in a move's text.
SYMBOL_WORD = ("settler", "captain", "priest", "jack")
# The persons paying for an expedition, as they are named in the texts shown (the move text keeps SYMBOL_WORD).
_SYMBOL_PERSON = ("settler", "captain", "priest", "jack")


def combos(req, stats) -> list:
    """E3: every way to pay an expedition: (settlers, captains, priests, jacks), fewest Jacks first."""
    h, a, c = req
    total = h + a + c
    jacks = stats[S_JOKER]
    out = []
    for hs in range(min(h, stats[S_HOUSE]), -1, -1):
        for as_ in range(min(a, stats[S_ANCHOR]), -1, -1):
            for cs in range(min(c, stats[S_CROSS]), -1, -1):
                j = total - hs - as_ - cs
                if j <= jacks:
                    out.append((hs, as_, cs, j))
    out.sort(key=lambda t: t[3])
    return out


def combo_words(combo) -> str:
    return " ".join(w for w, k in zip(SYMBOL_WORD, combo) for _n in range(k))


def combo_names(combo) -> str:
    """The persons discarded for a claim, by their names in the language in force (for texts, not moves)."""
    from referee.i18n import language

    if language() == "en":
        return combo_words(combo)               # English texts have always shown the move's words
    return " ".join(display("port-royal", "person", w) for w, k in zip(_SYMBOL_PERSON, combo) for _n in range(k))


def claim_text(exp: int, combo, default: bool) -> str:
    return f"claim {IDS[exp]}" if default else f"claim {IDS[exp]} using {combo_words(combo)}"
