"""One validation for everything a club types or imports: player names, location, notes, scores, game ids.

`new`, `record`, `score --record` and every importer (JSON, CSV, BGG XML, QR text) call these, so a text
refused on one path is refused on all of them, with the same sentence. Each check returns the value as it
is stored (normalised) or raises BadInput with one sentence naming the field.

Why each rule:
- Names are NFKC-normalised (a name typed decomposed on one laptop, or in full-width letters on a phone, is
  the same person as the plain spelling), and refused when they hold an invisible or control character or
  mix look-alike alphabets ("Аnn" with a Cyrillic А) or use only Cyrillic/Greek letters drawn like Latin
  ones ("Асе"): any of these would let one person become two in the stats.
- A location is one line (it goes into the game record's header, one line per field) of at most 200
  characters; notes are at most 10,000 characters of ordinary text.
- A score is a whole number within +-1,000,000: larger ones are typos or attacks, and a 400-digit score or a
  NaN breaks statistics (and NaN is not JSON).
- A game id is made of the id alphabet only (store/ids.py): what `history` lists, `show` must find.
"""

from __future__ import annotations

import math
import re
import unicodedata

from ..i18n import _, format_number
from .errors import BadInput

MAX_LOCATION = 200
MAX_NOTES = 10_000
MAX_SCORE = 1_000_000
MAX_ID = 32

# Breaks a line on some program: a record header, a CSV cell, a terminal (str.splitlines splits on them all).
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
# Bidirectional controls reorder what follows them on screen (U+202E shows "abc" as "cba").
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Categories never shown as themselves: C0/C1 controls, format characters (zero-width, bidi, soft hyphen),
# line and paragraph separators, lone surrogates.
_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))
# Alphabets whose letters look like Latin ones: a name may use any one of them, not a mixture.
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC")


def describe(ch: str) -> str:
    """How a refused character is named in a sentence: 'a line break (U+2028)'."""
    code = f"U+{ord(ch):04X}"
    if ch in LINE_BREAKS:
        return _("a line break ({code})").format(code=code)
    if ch in BIDI:
        return _("a text-direction control ({code})").format(code=code)
    if ch == "\x1b":
        return _("a terminal escape ({code})").format(code=code)
    if unicodedata.category(ch) == "Cf":
        return _("an invisible character ({code})").format(code=code)
    return _("a control character ({code})").format(code=code)


def hidden(ch: str) -> bool:
    """A character a terminal would act on or not show: never stored from input, never printed raw."""
    return unicodedata.category(ch) in _HIDDEN


# Runs of characters that are not printable ASCII: the only places a hidden character can be. Long outputs
# (an export of 100,000 games) are scanned in C; Python looks only at these runs.
_NOT_ASCII = re.compile(r"[^ -~]+")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text, keep: str = "") -> str:
    """The text with every hidden character (see ``hidden``) written as its escape (\\x1b, \\u202e), so
    it shows as the text it is and a terminal never acts on it; characters in ``keep`` (say "\\n") stay."""
    text = str(text)
    if text.isprintable():
        return text

    def run(m):
        part = m.group()
        if part.isprintable():
            return part
        return "".join(ch if ch in keep or not hidden(ch) else _escape(ch) for ch in part)

    return _NOT_ASCII.sub(run, text)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000                             # JSON escapes an astral character as a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_visible(text: str) -> str:
    """JSON text (as json.dumps writes it with ensure_ascii=False) with every hidden character inside its
    strings written as a \\u escape: the same JSON value, but nothing a terminal acts on when it is printed.
    (Outside its strings json.dumps writes only newlines and spaces.)"""
    if text.replace("\n", "").isprintable():
        return text

    def run(m):
        part = m.group()
        if part.isprintable():
            return part
        return "".join(ch if ch == "\n" or not hidden(ch) else _json_escape(ch) for ch in part)

    return _NOT_ASCII.sub(run, text)


_PRINTABLE_ASCII = bytes(range(0x20, 0x7f))
_ASCII_ALLOWED: dict = {}


def _ascii_of(allow: str) -> bytes:
    """The ASCII characters of ``allow``, as bytes."""
    got = _ASCII_ALLOWED.get(allow)
    if got is None:
        got = _ASCII_ALLOWED[allow] = "".join(ch for ch in allow if ch < "\x80").encode("ascii")
    return got


def first_hidden(text: str, allow: str = "") -> str | None:
    if text.isprintable():      # the common case, in C: printable text has none
        return None
    if allow and text.isascii():
        # ASCII text (a move record) can hide only its control characters: its bytes without the printable
        # ones are those, and each must be allowed (a byte table in C: a quarter of isprintable's time)
        controls = text.encode("ascii").translate(None, _PRINTABLE_ASCII)
        if not controls.translate(None, _ascii_of(allow)):
            return None
    if allow:
        # A text of many lines (a move record of 10,000 characters) is never printable because of its
        # line ends: without the allowed characters it usually is, and that is checked in C too, instead of
        # a Python look at every character (a tenth of an import's time).
        rest = text
        for ch in allow:
            if ch in rest:
                rest = rest.replace(ch, "")
        if rest.isprintable():
            return None
    return next((ch for ch in text if ch not in allow and hidden(ch)), None)


def _text(value, field: str) -> str:
    if not isinstance(value, str):
        raise BadInput(_("{field} must be a text, not {value}.").format(field=field, value=_short(value)))
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Cyrillic and Greek letters drawn like Latin ones. A name written only with these ("Асе", "ΒΟΒ") reads as a
# Latin name while being another string: refused like a mixture. (A real Cyrillic or Greek name has other
# letters too: "Анна", "Σοφία" are fine.)
_LATIN_TWINS = frozenset("АВЕКМНОРСТХаеорсухіјѕԁԛԝІЈЅӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧοϲνκ")


def _scripts(text: str) -> list[str]:
    found = []
    for ch in text:
        if ch.isalpha():
            script = unicodedata.name(ch, "").split(" ", 1)[0]
            if script in _LOOKALIKE_SCRIPTS and script not in found:
                found.append(script)
    return found


# --- names ----------------------------------------------------------------------------------------
def player_name(value, field: str | None = None) -> str:
    """One player's name as stored: NFKC, runs of spaces collapsed; refused if it holds a hidden character,
    mixes look-alike alphabets, or a character the record and CSV use as a separator."""
    from .players import check_name_shape

    raw = value if isinstance(value, str) else _text(value, field or _("A player name"))
    # plain ASCII (most names) is its own NFKC form and of one alphabet: the slower checks are skipped
    ascii_only = raw.isascii()
    name = raw if ascii_only else unicodedata.normalize("NFKC", raw)
    bad = first_hidden(name, allow="\t")
    if bad is not None:
        raise BadInput(_("Player name '{name}' contains {char}; type the name with visible letters only.")
                       .format(name=visible(raw), char=describe(bad)))
    name = " ".join(name.split())
    check_name_shape(name)
    scripts = [] if ascii_only else _scripts(name)
    letters = [ch for ch in name if ch.isalpha()]
    if scripts and scripts != ["LATIN"] and letters and all(ch in _LATIN_TWINS for ch in letters):
        raise BadInput(_("Player name '{name}' is written with {script} letters that look like Latin ones, so it "
                         "could pass for another player's name; type it in Latin letters.")
                       .format(name=name, script=scripts[0].capitalize()))
    if len(scripts) > 1:
        if "LATIN" in scripts:      # name the odd one out: the Cyrillic А hiding in "Аnn"
            scripts.remove("LATIN")
            scripts.insert(0, "LATIN")
        odd = next(ch for ch in name if ch.isalpha() and unicodedata.name(ch, "").startswith(scripts[1]))
        raise BadInput(_("Player name '{name}' mixes {a} and {b} letters ({char} is {b}, U+{code:04X}), so it "
                         "could pass for another player's name; type it in one alphabet.")
                       .format(name=name, a=scripts[0].capitalize(), b=scripts[1].capitalize(), char=odd,
                               code=ord(odd)))
    return name


def name_form(text) -> str:
    """How a typed name is matched against checked ones (--winner, --colour): as ``player_name`` stores it."""
    return " ".join(unicodedata.normalize("NFKC", str(text)).split())


def player_names(rules, names, options: dict | None = None) -> list[str]:
    """A game's players: each name checked as above, then the game's own checks (count, distinct)."""
    from .players import validate_players

    return validate_players(rules, [player_name(n) for n in names], options)


# --- free text ------------------------------------------------------------------------------------
def location(value, field: str | None = None) -> str | None:
    """Where a game was played: one line of at most 200 characters; None when empty."""
    if value is None:
        return None
    if not isinstance(value, str):
        _text(value, field or _("The location"))
    if value.isascii() and value.isprintable() and len(value) <= MAX_LOCATION and "  " not in value:
        return value.strip() or None         # the common case, checked fast (an import of 10,000 games)
    field = field or _("The location")
    text = unicodedata.normalize("NFC", value)
    for ch in text:
        if ch in LINE_BREAKS:
            raise BadInput(_("{field} must be one line; it contains {char}.").format(field=field, char=describe(ch)))
    bad = first_hidden(text, allow="\t")
    if bad is not None:
        raise BadInput(_("{field} contains {char}; write it with visible characters only.")
                       .format(field=field, char=describe(bad)))
    text = " ".join(text.split())
    if len(text) > MAX_LOCATION:
        raise BadInput(_("{field} is {n} characters long; keep it to {max}.")
                       .format(field=field, n=len(text), max=MAX_LOCATION))
    return text or None


def notes(value, field: str | None = None) -> str | None:
    """A free-text note: several lines allowed (any line ending becomes \\n), at most 10,000 characters."""
    if value is None:
        return None
    if not isinstance(value, str):
        _text(value, field or _("The notes"))
    field = field or _("The notes")
    text = unicodedata.normalize("NFC", value)
    text = text.replace("\r\n", "\n")
    for sep in ("\r", "\x85", "\u2028", "\u2029"):
        text = text.replace(sep, "\n")
    bad = first_hidden(text, allow="\n\t")
    if bad is not None:
        raise BadInput(_("{field} contain {char}; write them with visible characters only.")
                       .format(field=field, char=describe(bad)))
    text = text.replace("\t", " ").strip()
    if len(text) > MAX_NOTES:
        raise BadInput(_("{field} are {n} characters long; keep them to {max}.")
                       .format(field=field, n=len(text), max=MAX_NOTES))
    return text or None


def label(value, field: str, max_len: int = 200) -> str:
    """A short single-line text stored beside a score (a breakdown part, a note, a colour)."""
    text = _text(value, field)
    bad = first_hidden(text)
    if bad is not None:
        raise BadInput(_("{field} contains {char}.").format(field=field, char=describe(bad)))
    if len(text) > max_len:
        raise BadInput(_("{field} is {n} characters long; keep it to {max}.")
                       .format(field=field, n=len(text), max=max_len))
    return text


# --- numbers --------------------------------------------------------------------------------------
def score(value, field: str) -> int | float:
    """A score, total or breakdown value: a finite number within +-1,000,000 (a float only if whole
    numbers cannot say it: the calculator's results are whole)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadInput(_("{field} must be a number, not {value}.").format(field=field, value=_short(value)))
    if isinstance(value, float) and not math.isfinite(value):
        raise BadInput(_("{field} is {value}, which is not a number of points.").format(field=field, value=value))
    if not -MAX_SCORE <= value <= MAX_SCORE:
        raise BadInput(_("{field} is {value}; a score is between -{max} and {max}.")
                       .format(field=field, value=_short(value), max=format_number(MAX_SCORE)))
    return value


def _plainly_sound(obj) -> bool:
    """A quick look at a whole document (one C-speed dump): no escape at all in its JSON (so no control or
    line break anywhere), every character printable, no run of 16 ASCII digits (so no number of 16 digits
    or more: JSON writes numbers in ASCII digits; a run inside a text is harmless, the walk would find
    nothing there either). Most documents are; the others are walked field by field for an exact message."""
    global _dump
    if _dump is None:       # json.dumps(obj, ensure_ascii=False, allow_nan=False), its encoder made once
        import json

        _dump = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    try:
        text = _dump(obj)
    except (ValueError, TypeError, RecursionError):
        return False
    # the digit runs found with every digit made a 0 by a byte table, in C: a regular expression's \d{16}
    # looked at every position in turn (a tenth of the main process of a 10,000-game import)
    return "\\" not in text and text.isprintable() and _SIXTEEN_ZEROS not in text.encode(
        "utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)


_dump = None
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_SIXTEEN_ZEROS = b"0" * 16


_LINE_ALLOW = "".join(LINE_BREAKS) + "\t"


def check_tree(obj, where: str, multiline=("notes", "record"), _key: str = "") -> None:
    """Every text and number anywhere in a document read from a file or a program: no hidden character in
    any text or key (line ends only under the keys in ``multiline``), every number finite and of a sane
    size (a 400-digit integer breaks arithmetic; NaN is not JSON). Raises BadInput naming the path."""
    if not _key and isinstance(obj, dict):
        # Texts of many lines (a move record of 10,000 characters, whose line ends the quick look would
        # refuse) are looked at apart, each in C; the rest of the document by the quick look. Nothing found
        # by either: nothing the walk below would find. Anything found: the walk names it, as before.
        long = [k for k in multiline if isinstance(obj.get(k), str)]
        rest = {k: v for k, v in obj.items() if k not in long} if long else obj
        if _plainly_sound(rest) and all(first_hidden(obj[k], allow=_LINE_ALLOW) is None for k in long):
            return
    if isinstance(obj, str):
        bad = first_hidden(obj, allow=_LINE_ALLOW if _key in multiline else "")
        if bad is not None:
            raise BadInput(_("{where} contains {char}.").format(where=where, char=describe(bad)))
    elif isinstance(obj, bool) or obj is None:
        return
    elif isinstance(obj, float):
        if not math.isfinite(obj):
            raise BadInput(_("{where} is {value}, which is not a number.").format(where=where, value=obj))
    elif isinstance(obj, int):
        if not -10 ** 15 <= obj <= 10 ** 15:
            raise BadInput(_("{where} is a number too large to be true ({value}).")
                           .format(where=where, value=_short(obj)))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            key = str(k)
            bad = first_hidden(key)
            if bad is not None:
                raise BadInput(_("{where} has a key containing {char}.").format(where=where, char=describe(bad)))
            check_tree(v, f"{where}.{visible(key)}", multiline, key)
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            check_tree(v, f"{where}[{i}]", multiline, _key)


# --- ids ------------------------------------------------------------------------------------------
def game_id(value, field: str | None = None) -> str:
    """A game id: 1 to 32 characters of the id alphabet (lower-case letters and digits without 0/o, 1/l/i)."""
    from .limits import ID_ALPHABET as ALPHABET

    field = field or _("The game id")
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ID or any(c not in ALPHABET for c in value):
        raise BadInput(_("{field} {value} is not a game id (1 to {max} of the characters {alphabet}).")
                       .format(field=field, value=_short(value), max=MAX_ID, alphabet=ALPHABET))
    return value


def is_game_id(value) -> bool:
    try:
        game_id(value)
    except BadInput:
        return False
    return True
