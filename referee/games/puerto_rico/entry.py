"""One Puerto Rico entry that says several moves (core/entry.py plays the pieces this returns, in order).

The core reads a line it cannot take as one move by trying ever shorter runs of its words; cut between two
words of one name ('stavitel malá | tržnice'), a run is a half name that could be several buildings, and the
line was refused. Here the line is cut between the notation's tokens instead (words.spans), so a name of two
words stays whole, and a word is read once, where it is: a verb leads what follows it. Where a word could
belong to either of two moves (the wharf between two goods) the line is refused, saying both readings.
"""

from __future__ import annotations

from referee.core.entry import MOVE_WORDS
from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove, RefereeError
from referee.i18n import _, ngettext

from .notation import _p_is_pass, _who, parse, wharf_words
from .state import BIDS, END, GOODS, KINDS, PH_CAPTAIN, PH_MAYOR
from .words import as_typed, spans, tokens


def split_entry(s, text: str):
    """The pieces one entry says, or None where the core should read it (one move, or nothing to cut)."""
    if s.phase == END:
        return None
    if s.phase == PH_MAYOR:
        counted = _mayor_count(s, text)
        if counted is not None:
            return counted
    return _merged(s, text)


def _mayor_count(s, text: str):
    """The mayor's count said at the table: 'place 2 indigo-plant', '2 corn' are that many colonists, one
    'place' move each (rule 5.3: colonists are placed one at a time)."""
    toks = tokens(text)
    verbs = [t[1] for t in toks if t[0] == "verb"]
    objs = [t for t in toks if t[0] in ("kind", "bld")]
    nums = [t[1] for t in toks if t[0] == "num"]
    if len(nums) != 1 or len(objs) != 1 or len(toks) != len(verbs) + 2 or set(verbs) - {"place"}:
        return None
    n, (kind, x) = nums[0], objs[0]
    left = s.m_target - s.m_placed
    if n < 1 or n > left:
        raise IllegalMove(ngettext("{who} has {left} colonist left to place, not {n} (rule 5.3 M3).",
                                   "{who} has {left} colonists left to place, not {n} (rule 5.3 M3).",
                                   left).format(who=_who(s), left=left, n=n))
    return ["place " + (KINDS[x] if kind == "kind" else BIDS[x])] * n


def _merged(s, text: str):
    """Several moves on one line ('stavitel malá tržnice', 'umístit kukuřice umístit malá tržnice'): the
    longest leading run of whole tokens that the notation understands as one move, and the rest. None when
    the line is one move, or is refused as one (the core then plays or refuses it whole)."""
    try:
        parse(s, text)
        return None
    except AmbiguousMove:                               # (an InvalidMove too) refused as it is, never cut
        return None
    except InvalidMove as err:
        whole = err
    except RefereeError:
        return None
    said = _p_is_pass(s, text)
    try:
        words, found = spans(said)
    except RefereeError:
        return None
    toks = wharf_words(s, [t for t, _start, _end in found])
    if len(toks) < 2:
        return None
    _wharf_between_goods(s, text, toks)
    for k in range(len(toks) - 1, 0, -1):
        cut = found[k][1]
        if cut > MOVE_WORDS:                            # no move is said in more words (as the core reads)
            continue
        if toks[k - 1][0] == "verb" and toks[k][0] != "verb":
            continue                                    # a verb leads the words after it, not the move before
        head = as_typed(said, words, 0, cut)
        try:
            parse(s, head)
        except AmbiguousMove:
            pass                                        # refused as it is: the core says why, naming it
        except InvalidMove:
            continue
        except RefereeError:
            pass                                        # understood but not allowed: likewise
        return [head, as_typed(said, words, cut, len(words))]
    raise whole


def _wharf_between_goods(s, text: str, toks: list) -> None:
    """'load corn wharf indigo': the wharf may ship the corn ('load corn [on the] wharf') or the indigo
    ('wharf indigo'); both read every word, so neither is guessed (issue 22)."""
    if s.phase != PH_CAPTAIN:
        return
    goods = [i for i, t in enumerate(toks) if t[0] == "kind"]
    for i, t in enumerate(toks):
        if t != ("verb", "wharf"):
            continue
        before = [g for g in goods if g < i]
        after = [g for g in goods if g > i]
        if not before or not after:
            continue
        if any(toks[j][0] == "verb" for j in range(before[-1] + 1, i)):
            continue                                    # 'load corn load wharf indigo': a verb comes between
        a, b = GOODS[toks[before[-1]][1]], GOODS[toks[after[0]][1]]
        from referee.core.labels import label

        first = ", ".join(label("puerto-rico", m) for m in (f"load {a}", f"wharf {b}"))
        second = ", ".join(label("puerto-rico", m) for m in (f"wharf {a}", f"load {b}"))
        raise AmbiguousMove(_("'{text}' could be '{first}' or '{second}': the wharf may go with either good; "
                              "separate the moves with ','.").format(text=" ".join(text.split()), first=first,
                                                                    second=second))
