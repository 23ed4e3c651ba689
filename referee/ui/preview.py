"""The live preview of what is typed at the table: the move(s) Enter will play and what they do, or the rule
refusing them."""

from __future__ import annotations

from .. import session
from ..core.errors import RefereeError
from ..i18n import _
from .complete import spoken, starts


def _preview(game, text: str) -> str:
    """The live bar's line for typed text: the move and what it would do, or the rule refusing it; while
    what is typed is still the start of legal moves ('bui'), the moves Tab would complete instead of a
    refusal of the unfinished word."""
    shown = _move_preview(game, text)
    if shown.startswith("✗"):
        typed = " ".join(text.lower().split())
        begun = list(dict.fromkeys(s for _m, s in spoken(game) if starts(s, typed))) if typed else []
        if begun:
            if len(begun) > 3:
                return "… " + _("Tab completes: {moves} and {n} more").format(moves=", ".join(begun[:3]),
                                                                          n=len(begun) - 3)
            return "… " + _("Tab completes: {moves}").format(moves=", ".join(begun[:3]))
    return shown


def _move_preview(game, text: str) -> str:
    """The game's preview of typed text; led by a player's name the notation does not take ('bob take
    corn'), the preview of the move after the name, or why it is not that player's move."""
    named, rest = session.split_player(game.players, text)
    if named is None or not rest:
        return game.preview(text)
    from ..core.errors import InvalidMove

    try:
        game.find(text)
        return game.preview(text)          # the notation itself takes the name (Port Royal)
    except InvalidMove:
        pass                               # as session.play_named: only then is the name taken off
    except RefereeError:
        return game.preview(text)
    try:
        move = game.find(rest)
    except RefereeError:
        return game.preview(rest)
    refused = session.name_refusal(move, named)
    return f"✗ {refused}" if refused else game.preview(rest)
