"""The "did you mean" of a mistyped word: difflib's close matches, difflib imported only when a word is
mistyped (difflib and heapq are a fiftieth of every `referee move`'s start, and most moves are typed right)."""

from __future__ import annotations


def close_matches(word, possibilities, n: int = 3, cutoff: float = 0.6) -> list:
    """``difflib.get_close_matches``, the same answer."""
    import difflib

    return difflib.get_close_matches(word, possibilities, n=n, cutoff=cutoff)
