"""Events written when they are read, not when the move is played.

An engine notes what a move did (payouts, busts, a colonist refused) as it applies it. Formatting those
sentences (gettext, plural forms, str.format) on every move was a fifth of a random playout's time
(issue 25), yet most moves are never described: a replay, an import or a benchmark reads no event. So an
engine may note an event as a callable taking no argument that writes the sentence when asked, in the
language in force then; the values it needs are bound when the move is played (default arguments), so
the sentence reads as it would have read then. A plain string is an event already written."""

from __future__ import annotations


def said(event) -> str:
    """One event as text: a string as it is, a deferred one written now."""
    return event if type(event) is str else event()


def sentences(events) -> list[str]:
    """Every event of a list as text, in order."""
    return [e if type(e) is str else e() for e in events]
