"""The game record's text: written by a Game (``write_record``), read by ``record.load_record``. The
format itself (headers, numbered moves, comments) is described in core/record.py."""

from __future__ import annotations

import json
import re
from itertools import repeat
from operator import is_, itemgetter

from ..i18n import _
from .errors import BadInput

MAGIC = "# referee game record"
_MOVE = re.compile(r"^(\d+)\.\s*(.*)$")
# A whole move line as the steps of parse_header read it (stripped, the comment after ';' cut, _MOVE, the
# move stripped): number and move text. A record of 1,000 moves is read this way 3x faster (an import).
_MOVE_LINE = re.compile(r"\s*(\d+)\.\s*([^;]*)(?:;.*)?", re.S).fullmatch
_KNOWN = {"game", "players", "options", "date", "id", "result", "location", "event"}
_WHOLE = {"options", "result", "location", "event"}    # values that may hold a ';' (no comment after them)


def header_value(value) -> str:
    """A header's value on one line, whatever was stored: a line break (\\n, \\r, U+2028, U+0085 ...) in a
    location would otherwise end the header and turn the rest into a line the reader refuses, and a control
    character would reach the terminal of whoever prints the record. Both are written as their escapes."""
    from .validate import visible

    return visible(" ".join(str(value).split()))       # str.split() also splits at U+2028, U+0085 ...


def write_record(game, **extra) -> str:
    # Player names are checked when a game is created (no line break can be in one); the values below
    # come from a live file or the command line and are made one line here.
    lines = [MAGIC, f"Game: {game.game}", f"Players: {', '.join(game.players)}"]
    options = game.rules.record_options(dict(game.options))
    lines.append(f"Options: {json.dumps(options, sort_keys=True)}")
    lines.append(f"Date: {header_value(game.date)}")
    for key, value in extra.items():
        if value not in (None, ""):
            lines.append(f"{key.capitalize()}: {header_value(value)}")
    if game.finished:
        res = game.result()
        if res is not None:
            lines.append("Result: " + "; ".join(f"{e.rank}. {e.player} {e.total}" for e in res.ranking))
    lines.append("")
    width = max((len(m.text) for m in game.log), default=0)
    digits = len(str(len(game.log)))
    for i, move in enumerate(game.log, 1):
        who = "chance" if move.chance else (move.player or "table")
        lines.append(f"{f'{i}.':<{digits + 1}} {move.text.ljust(width)}  ; {who}")
    return "\n".join(lines) + "\n"


def parse_header(text: str) -> tuple[dict, list[tuple[int, int, str]]]:
    """Split a record into header fields and (line number, move number, move text)."""
    fast = read_laid_out(text)
    if fast is not None:
        headers, first, moves = fast
        return headers, [(first + i, i + 1, move) for i, move in enumerate(moves)]
    return _parse_lines(text)


def read_laid_out(text: str) -> tuple[dict, int, list[str]] | None:
    """A record laid out as write_record writes it: (headers, the line number of the first move, the move
    texts; move i is on line first + i, numbered i + 1), read as parse_header reads it; None for any other
    record (parse_header then reads it line by line). A replay takes the texts as they are, without the
    (line, number, move) of each of a record's moves (an import replays 3.5 million)."""
    cut = text.find("\n\n")
    if cut > 0 and text.endswith("\n"):
        moves = _laid_out(text[cut + 2:-1].split("\n"))
        if moves is not None:
            headers, before = _parse_lines(text[:cut])
            if not before:
                return headers, text.count("\n", 0, cut) + 3, moves     # the line number of the first move
    return None


_PREFIXES = [f"{i}." for i in range(1, 1001)]      # a move line's start as write_record writes it
_FIRST = itemgetter(0)
# removeprefix gives back the string it was given when nothing is cut (CPython; a Python that gives a copy
# instead is asked with startswith)
_SAME_WHEN_UNCUT = (lambda text: text.removeprefix("1.") is text)("".join(["2.", " x"]))


def _laid_out(lines: list[str]) -> list[str] | None:
    """The moves of a record's body laid out as write_record writes it (after the blank line that ends the
    headers), read with string methods in C over whole lines: a record of 1,000 moves in a fraction of the
    time a line-by-line reading takes (an import reads 3.5 million moves). Every line must be a move's
    number as written (1, 2, 3 ... in ASCII, nothing before it), a '.', a move that is not empty, and an
    optional comment after ';'. None for any other body (a comment or blank line, a number out of turn):
    that is read line by line. For a line of this shape both read the same move: what lies between the
    '.' and the first ';', stripped of white space (the line-by-line reading's \\s* and rstrip).
    (map over the str methods, not comprehensions: no Python step per line, and as few strings made as can
    be: a quarter of a replay was here. A line starts with "12." exactly when the part before its first ';'
    does: neither "12" nor "." holds a ';'. And that part starts with "12." exactly when removeprefix gives
    back another string than the one it was given: it gives the very same one when nothing was cut, which
    is asked with `is` rather than str.startswith, whose reading of its arguments cost more than the cut.)"""
    n = len(lines)
    while len(_PREFIXES) < n:
        _PREFIXES.append(f"{len(_PREFIXES) + 1}.")
    heads = list(map(_FIRST, map(str.partition, lines, repeat(";"))))
    cut = list(map(str.removeprefix, heads, _PREFIXES))     # (map stops at the end of heads)
    if _SAME_WHEN_UNCUT:
        if any(map(is_, cut, heads)):       # a line that does not start with its number
            return None
    elif not all(map(str.startswith, heads, _PREFIXES)):
        return None
    moves = list(map(str.strip, cut))
    return moves if all(moves) else None


def _parse_lines(text: str) -> tuple[dict, list[tuple[int, int, str]]]:
    headers: dict = {}
    moves: list[tuple[int, int, str]] = []
    # Lines end at \n (or \r\n) only: str.splitlines would also break at U+2028, U+0085 and friends, which
    # a header value written before they were refused may hold.
    for lineno, raw in enumerate(text.split("\n"), 1):
        f = _MOVE_LINE(raw)   # the common line, in one C call: the same split as the steps below
        if f is not None:
            number, move = int(f.group(1)), f.group(2).rstrip()
            if number == len(moves) + 1 and move:
                moves.append((lineno, number, move))
                continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _MOVE.match(line.split(";", 1)[0].strip())
        if m:
            number, move = int(m.group(1)), m.group(2).strip()
            if number != len(moves) + 1:
                raise BadInput(_("Record line {line}: expected move number {expected}, found {number}.").format(
                    line=lineno, expected=len(moves) + 1, number=number))
            if not move:
                raise BadInput(_("Record line {line}: move {number} is empty.").format(line=lineno, number=number))
            moves.append((lineno, number, move))
            continue
        if line.startswith(";"):            # a comment line
            continue
        if ":" not in line or moves:
            raise BadInput(_("Record line {line} is neither a header (Key: value) nor a numbered move: {text!r}.")
                           .format(line=lineno, text=line[:40]))
        key, value = line.split(":", 1)
        key = key.strip().lower()
        if key not in _KNOWN:
            raise BadInput(_("Record line {line}: unknown header {key!r}.").format(line=lineno, key=key))
        if key not in _WHOLE:
            value = value.split(";", 1)[0]
        headers[key] = value.strip()
    return headers, moves
