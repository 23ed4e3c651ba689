"""The answers of the guided calculator: a parser per kind of answer (a number in range, an id typed short,
a colour, several ids, names with counts, yes/no); each returns the value or raises Invalid saying why and what
is allowed instead.

An id may be typed short (a unique prefix or tail, any case, words for hyphens, a printed name: 'aa',
'admiral 7', 'roaster', 'Venice'); match_id() reads it and records the reading in READS, which the Asker
(asking.py) echoes once the answer parses.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

from ..i18n import N_, _

# Questions and messages are translated where they are made (the language is chosen before scoring
# starts). What the user types stays the same in every language: ids, colours, 'cards'/'totals', 'none';
# yes/no also as ano/ne. The ``what`` of an answer ('building', 'colour') is an N_() text translated when
# a message names it; the Czech messages use it as a label ("({what}: …)") so no case has to agree.


class Invalid(ValueError):
    """An answer that cannot be used: str() says why and what is allowed instead."""


# --------------------------------------------------------------------------------------------- parsers

def whole(lo: int = 0, hi: int | None = None):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (lo is not None and value < lo) or (hi is not None and value > hi):
            if hi is not None:
                msg = (_("Give a whole number from {lo} to {hi}, not {text!r}.") if text else
                       _("Give a whole number from {lo} to {hi}."))
            else:
                msg = (_("Give a whole number of at least {lo}, not {text!r}.") if text else
                       _("Give a whole number of at least {lo}."))
            raise Invalid(msg.format(lo=lo, hi=hi, text=text))
        return value
    return parse


# What ask() is parsing now: the short forms resolved to full ids, echoed once the answer parses (Asker.ask,
# asking.py, pushes a list for each answer and pops it).
READS: list[list[tuple[str, str]]] = []


def norm(text: str) -> str:
    """Case, accents, spaces and underscores do not matter in an id: 'Guild Hall' and 'guild_hall' are
    guild-hall, 'Atény' is 'ateny'."""
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    return re.sub(r"[\s_]+", "-", "".join(ch for ch in text if not unicodedata.combining(ch)))


def _tails(cid: str) -> list[str]:
    """The id without its leading segments: expedition-aa -> [aa]; small-indigo-plant -> [indigo-plant, plant]."""
    parts = cid.split("-")
    return ["-".join(parts[k:]) for k in range(1, len(parts))]


def lookup(word: str, choices, aliases=None) -> tuple[str | None, list[str]]:
    """(the choice ``word`` stands for, or None; the candidates when it is ambiguous).

    In this order, the first that matches anything decides: the id itself (case, spaces and underscores
    aside), an alias (e.g. a city's English name), a prefix of the id (admiral-7, governor, small-indigo),
    the id's last segments (aa for expedition-aa, roaster for coffee-roaster), the start of an inner segment
    (yellow-5 for trader-yellow-5-2). Two or more matches at the first level that has any: ambiguous."""
    choices = list(choices)
    low = str(word).strip().lower()
    for c in choices:
        if c.lower() == low:
            return c, []
    key = norm(word)
    normed = [(c, norm(c)) for c in choices]
    for c, n in normed:
        if n == key:
            return c, []
    if aliases and aliases.get(key) in choices:
        return aliases[key], []
    if not key:
        return None, []
    if aliases:         # an alias's prefix or tail names its id too ('prazirna' for coffee-roaster)
        normed += [(c, norm(a)) for a, c in aliases.items() if c in choices]
    tiers = ([c for c, n in normed if n.startswith(key)],
             [c for c, n in normed if key in _tails(n)],
             [c for c, n in normed if len(key) > 1 and any(t.startswith(key) for t in _tails(n))])
    for found in tiers:
        found = list(dict.fromkeys(found))
        if len(found) == 1:
            return found[0], []
        if found:
            return None, found
    return None, []


def _read(word: str, full: str) -> None:
    if READS and norm(word) != norm(full) and (word, full) not in READS[-1]:
        READS[-1].append((word, full))


def shower(shown):
    """id -> what the person reads: the component's name in the display language when ``shown`` maps it."""
    return (lambda c: shown.get(c, c)) if shown else (lambda c: c)


def _ambiguous(word: str, found, what: str, shown=None) -> Invalid:
    show = shower(shown)
    found = [show(c) for c in found]
    return Invalid(_("{word!r} could be {candidates}; type more of the {what}.").format(
        word=word, candidates=", ".join(found[:6]) + (", …" if len(found) > 6 else ""), what=_(what)))


def match_id(word: str, choices, what: str, aliases=None, shown=None) -> str:
    """The choice meant by ``word`` (see lookup()); ambiguous or unknown: Invalid with the candidates or a
    did-you-mean. The one helper every id answer goes through (cards, buildings, cities, colours, players).
    ``shown`` (id -> name in the display language): what messages and echoes call a choice."""
    choices = list(choices)
    show = shower(shown)
    got, found = lookup(word, choices, aliases)
    if got is not None:
        _read(word, show(got))
        return got
    if found:
        raise _ambiguous(word, found, what, shown)
    key = norm(word)
    close = difflib.get_close_matches(key, [norm(c) for c in choices], n=1, cutoff=0.6)
    hint = ""
    if close:
        hint = " " + _("Did you mean {choice}?").format(
            choice=show(next(c for c in choices if norm(c) == close[0])))
    else:           # a short form a letter off: 'aha' for expedition-aah
        tails = {t: c for c in choices for t in _tails(norm(c))}
        close = difflib.get_close_matches(key, list(tails), n=1, cutoff=0.6)
        if close:
            hint = " " + _("Did you mean {choice}?").format(choice=show(tails[close[0]]))
    listing = ", ".join(show(c) for c in choices) if len(choices) <= 8 else _("press Tab to see them")
    raise Invalid(_("Unknown {what} {word!r} ({listing}).").format(word=word, what=_(what), listing=listing)
                  + hint)


def pick(choices, what: str, optional: bool = False, aliases=None, shown=None):
    """One of ``choices``; with ``optional`` an empty answer gives None (the end of a list)."""
    choices = list(choices)
    show = shower(shown)

    def parse(text: str):
        if not text:
            if optional:
                return None
            raise Invalid(_("Give a {what}: {choices}.").format(what=_(what), choices=", ".join(map(show, choices)))
                          if len(choices) <= 8 else _("Give a {what} (press Tab to see them).").format(
                              what=_(what)))
        return match_id(text, choices, what, aliases, shown)
    return parse


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", text.strip()) if w]


def _take(tokens: list[str], i: int, choices, what: str, joined: bool = False, aliases=None,
          shown=None) -> tuple[str, int]:
    """The choice that starts at tokens[i] (a player's name may have several words): (choice, next i).

    ``joined``: ids whose segments may be typed as separate words ('admiral 7' for admiral-7-2); the
    longest run of words that names one id wins."""
    if joined:
        first_ambiguous = None
        for j in range(len(tokens), i + 1, -1):
            phrase = " ".join(tokens[i:j])
            got, found = lookup(phrase, choices, aliases)
            if got is not None:
                _read(phrase, shower(shown)(got))
                return got, j
            if found and first_ambiguous is None:
                first_ambiguous = (phrase, found)
        if first_ambiguous and lookup(tokens[i], choices)[0] is None:
            raise _ambiguous(*first_ambiguous, what, shown)   # 'trader blue': the two blue traders, not all 7
        return match_id(tokens[i], choices, what, aliases, shown), i + 1
    for j in range(len(tokens), i + 1, -1):          # the longest several-word name first
        phrase = " ".join(tokens[i:j]).lower()
        for c in choices:
            if c.lower() == phrase:
                return c, j
        if aliases and j > i + 1 and aliases.get(norm(phrase)) in choices:
            return aliases[norm(phrase)], j
    return match_id(tokens[i], choices, what, aliases, shown), i + 1


def pick_many(choices, what: str, joined: bool = False, aliases=None, shown=None):
    """Several of ``choices`` separated by spaces or commas (repeats allowed)."""
    choices = list(choices)

    def parse(text: str) -> list[str]:
        tokens, out, i = words(text), [], 0
        while i < len(tokens):
            got, i = _take(tokens, i, choices, what, joined, aliases, shown)
            out.append(got)
        return out
    return parse


def yes_no(text: str) -> bool:
    low = text.lower()
    if low in ("y", "yes", "a", "ano"):
        return True
    if low in ("n", "no", "ne"):
        return False
    raise Invalid(_("Answer y (yes) or n (no)."))


def numbers(text: str) -> list[int]:
    out = []
    for w in words(text):
        if not w.isdigit():
            raise Invalid(_("{word!r} is not a whole number; give whole numbers separated by spaces.").format(word=w))
        out.append(int(w))
    return out


def name_parser(taken):
    def parse(text: str) -> str:
        if not text:
            raise Invalid(_("Give the player's name."))
        if re.search(r"[,;]", text) or text.isdigit():
            raise Invalid(_("A name is a word or words without commas or semicolons, and not a number."))
        text = " ".join(text.split())
        if text.casefold() in {t.casefold() for t in taken}:
            raise Invalid(_("{name} is already a player; give each player a different name.").format(name=text))
        return text
    return parse


def counts_by_name(names, what: str):
    """'Ann 2 Bob' -> {"Ann": 2, "Bob": 1}: names, each optionally followed by a count (default 1)."""
    def parse(text: str) -> dict:
        out: dict[str, int] = {}
        tokens = words(text)
        i = 0
        while i < len(tokens):
            name, i = _take(tokens, i, names, N_("player"))
            count = 1
            if i < len(tokens) and tokens[i].isdigit():
                count = int(tokens[i])
                i += 1
            if name in out:
                raise Invalid(_("{name} is named twice; give each player once, with a count (e.g. {name} 2).")
                              .format(name=name))
            if count == 0:
                raise Invalid(_("Leave {name} out instead of giving 0 {what}.").format(name=name, what=_(what)))
            out[name] = count
        return out
    return parse
