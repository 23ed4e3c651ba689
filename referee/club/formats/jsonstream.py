"""Read one big JSON object from a file piece by piece: its members one at a time, and the items of the
list members named by the caller one at a time, so that a 140 MB history export is never held whole (as
text and as Python objects at once: three times its size).

Only the standard library's decoder is used (``JSONDecoder.raw_decode`` on a window of the file), so every
value is read exactly as ``json.loads`` reads it; an error names the line and column in the whole file.
"""

from __future__ import annotations

import json
import re

CHUNK = 1 << 20
_SPACE = re.compile(r"[ \t\n\r]*")


class Malformed(Exception):
    """Not valid JSON: ``msg``, ``lineno`` and ``colno`` as json.JSONDecodeError gives them, in the file."""

    def __init__(self, msg: str, lineno: int, colno: int):
        super().__init__(f"{msg}: line {lineno} column {colno}")
        self.msg, self.lineno, self.colno = msg, lineno, colno


class Reader:
    def __init__(self, fh, decoder: json.JSONDecoder, first: str = ""):
        self.fh, self.decoder = fh, decoder
        self.buf, self.pos, self.eof = first, 0, False
        self.lines = 0          # line ends in the text dropped before buf
        self.column = 0         # characters after the last of them, in that text

    # --- the window ---------------------------------------------------------------------------
    def _more(self, size: int | None = None) -> bool:
        """Read more of the file into the window (dropping what was read); False at the end."""
        if self.eof:
            return False
        chunk = self.fh.read(size or CHUNK)
        done, self.buf = self.buf[:self.pos], self.buf[self.pos:] + chunk
        ends = done.count("\n")
        self.lines += ends
        self.column = len(done) - done.rfind("\n") - 1 if ends else self.column + len(done)
        self.pos = 0
        if not chunk:
            self.eof = True
        return bool(chunk)

    def error(self, msg: str, at: int | None = None) -> Malformed:
        at = self.pos if at is None else at
        ends = self.buf.count("\n", 0, at)
        if ends:
            column = at - self.buf.rfind("\n", 0, at)
        else:
            column = self.column + at + 1
        return Malformed(msg, self.lines + ends + 1, column)

    def _space(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()
            if self.pos < len(self.buf) or not self._more():
                return self.buf[self.pos:self.pos + 1]

    def expect(self, chars: str, what: str) -> str:
        ch = self._space()
        if not ch or ch not in chars:
            raise self.error(f"Expecting {what}")
        self.pos += 1
        return ch

    def value(self):
        """The next whole JSON value."""
        self._space()
        size = CHUNK
        while True:
            try:
                obj, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                # cut off by the window's end (a value longer than what was read so far)? read more, in
                # growing pieces so that a long value costs a few tries, not one per megabyte; at the end
                # of the file the error stands (err.pos is in the window as it is: it was read again)
                if not self.eof:
                    self._more(size)
                    size *= 2
                    continue
                raise self.error(err.msg, err.pos) from None
            if end == len(self.buf) and not self.eof:      # a number may go on past the window
                self._more(size)
                continue
            self.pos = end
            return obj

    # --- the structure ------------------------------------------------------------------------
    def members(self, streamed=()):
        """(key, value) of the top object in file order; a member named in ``streamed`` whose value is a
        list gives (key, iterator over its items) instead, which must be read to its end before the next."""
        self.expect("{", "'{'")
        if self._space() == "}":
            self.pos += 1
        else:
            while True:
                self._space()
                at = self.pos
                key = self.value()
                if not isinstance(key, str):
                    raise self.error("Expecting property name enclosed in double quotes", at)
                self.expect(":", "':' delimiter")
                if key in streamed and self._space() == "[":
                    self.pos += 1
                    yield key, self._items()
                else:
                    yield key, self.value()
                if self.expect(",}", "',' delimiter") == "}":
                    break
        if self._space():
            raise self.error("Extra data")

    def _items(self):
        if self._space() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self.expect(",]", "',' delimiter") == "]":
                return
