"""The live preview of what is typed at the table: the move(s) Enter will play and what they do, or the rule
refusing them. It is read by core.entry.rehearse, the very reading Enter applies (play_entry), so the
preview never says other than what Enter does (issue 22: El Capitan previewed a refusal of an entry Enter
played)."""

from __future__ import annotations

from ..core.entry import preview_entry
from ..i18n import _
from .complete import spoken, starts


def _preview(game, text: str) -> str:
    """The live bar's line for typed text: '→ the moves: what they do' or '✗ the refusal'; while what is typed
    is still the start of legal moves ('bui'), the moves Tab would complete ('… ') instead of a refusal of the
    unfinished word (Enter would refuse it: '…' is never a move that Enter plays)."""
    shown = preview_entry(game, text)
    if shown.startswith("✗"):
        typed = " ".join(text.lower().split())
        begun = list(dict.fromkeys(s for _m, s in spoken(game) if starts(s, typed))) if typed else []
        if begun:
            if len(begun) > 3:
                return "… " + _("Tab completes: {moves} and {n} more").format(moves=", ".join(begun[:3]),
                                                                          n=len(begun) - 3)
            return "… " + _("Tab completes: {moves}").format(moves=", ".join(begun[:3]))
    return shown
