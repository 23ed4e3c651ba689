"""What every role phase shares, below the round's flow: walking the phase's turn order, and saying that the
phase is over.

The roles never call the governor back. A role whose phase is over sets ``s.phase`` to ``ROLE_DONE`` (or, at
setup, ``ROUND_START``) and returns; the round's flow (``governor.advance``, run after every move) takes it
from there, as boardgame.io's flow ends a phase. So the imports point one way: governor -> roles -> turns.
Neither signal is ever seen outside a move's application.
"""

from __future__ import annotations

from .state import ROLE_DONE, ROUND_START


def next_decision(s, options, *, until=None, on_skip=None) -> bool:
    """Walk the phase's turn order (from the chooser, clockwise) from ``s.turn`` to the first player who
    has a decision: set ``s.actor`` and ``s.mv`` to that player's moves and return True. A player without
    one is skipped (``on_skip(s)`` after each). False once everyone has had his turn, or ``until(s)``
    ends the phase early."""
    n = s.n
    while s.turn < n and not (until and until(s)):
        p = (s.chooser + s.turn) % n
        s.actor = p
        mv = options(s, p)
        if mv:
            s.mv = mv
            return True
        s.turn += 1
        if on_skip:
            on_skip(s)
    return False


def role_over(s) -> None:
    """The role's phase is over: the round's flow gives the next player a role (or ends the round)."""
    s.phase = ROLE_DONE


def round_starts(s) -> None:
    """Setup is over (the first row is face up): the round's flow starts the first round."""
    s.phase = ROUND_START
