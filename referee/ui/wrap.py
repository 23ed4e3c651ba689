"""Text into a few rows of the table, broken only between words, with a visible sign when it does not all
fit (issue 22: nothing cut without a sign). The sign names the key that shows the whole text (F2: the moves
pane, which holds the instruction, the last refusal and the log in full)."""

from __future__ import annotations

import textwrap

from prompt_toolkit.utils import get_cwidth

from ..i18n import _


def more_sign() -> str:
    """What ends the last row of a text that goes on: the key that shows all of it."""
    return _("… F2 shows all")


def lines(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` columns, broken at spaces only (a move's id 'small-indigo-plant'
    or a tile's 'r270 N=R' stays whole); a word longer than a row is the only thing ever split."""
    out: list[str] = []
    for para in text.splitlines() or [""]:
        out.extend(textwrap.wrap(para, width=max(1, width), break_on_hyphens=False) or [""])
    return out


def fit(text: str, width: int, rows: int) -> tuple[list[str], bool]:
    """(the rows shown, whether anything was left out). At most ``rows`` rows; when the text needs more, the
    last row shows the words that fit before ``more_sign()``, so what is shown ends at a word and says that
    more follows."""
    width = max(1, width)
    wrapped = lines(text, width)
    if len(wrapped) <= rows:
        return wrapped, False
    rows = max(1, rows)
    sign = more_sign()
    last_words: list[str] = []
    for word in wrapped[rows - 1].split(" "):
        if get_cwidth(" ".join(last_words + [word]) + " " + sign) > width:
            break
        last_words.append(word)
    last = (" ".join(last_words) + " " + sign) if last_words else sign
    return wrapped[:rows - 1] + [last], True
