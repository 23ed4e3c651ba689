"""Events written when they are read, not when the move is played.

An engine notes what a move did (payouts, busts, a colonist refused) as it applies it. Formatting those
sentences (gettext, plural forms, str.format) on every move was a fifth of a random playout's time
(issue 25), yet most moves are never described: a replay, an import or a benchmark reads no event. So an
engine may note an event as a callable taking no argument that writes the sentence when asked, in the
language in force then; the values it needs are bound when the move is played (default arguments), so
the sentence reads as it would have read then. A plain string is an event already written.

An event may also be a tuple ``(write, value, ...)``: ``write(value, ...)`` writes it when read. It says the
same as a lambda with those values bound, without making a function object on every move (a tuple is the
cheaper of the two to make and to free, and Puerto Rico notes nearly one event a move)."""

from __future__ import annotations


def said(event) -> str:
    """One event as text: a string as it is, a deferred one written now."""
    kind = type(event)
    return event if kind is str else event[0](*event[1:]) if kind is tuple else event()


def sentences(events) -> list[str]:
    """Every event of a list as text, in order."""
    return [said(e) for e in events]
