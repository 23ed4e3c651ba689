"""The console's text encoding, on every platform: a Czech name never makes a command fail.

referee writes UTF-8 text; the streams it writes to may not take it:
- Windows: a console window is UTF-8 to Python (since 3.6), but output redirected to a file or a pipe is
  encoded in the ANSI code page (cp1250/cp1252), which has no "ř" in cp1252: `referee history > h.txt`
  would stop with a UnicodeEncodeError at the first Czech name. Redirected, referee writes (and reads
  stdin as) UTF-8 instead, the encoding of every file it writes and reads.
- Anywhere else a stream is not UTF-8 (a legacy Windows console in cp852, LANG=cs_CZ.ISO-8859-2, an
  explicit PYTHONIOENCODING): the encoding is kept and a character it cannot show becomes "?", rather than
  a crash.
"""

from __future__ import annotations

import codecs
import os
import sys


def on_windows() -> bool:
    """Whether referee runs on Windows (the one os.name test: the simulated Windows of the tests flips it)."""
    return os.name == "nt"


def _is_utf8(stream) -> bool:
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "utf-8"
    except LookupError:
        return False


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def make_streams_safe(stdin=None, stdout=None, stderr=None) -> None:
    """Reconfigure the standard streams (or the ones given) as the module docstring says. Streams that
    cannot be reconfigured (a test runner's, already UTF-8) are left alone."""
    stdin = sys.stdin if stdin is None else stdin
    for stream in (sys.stdout if stdout is None else stdout, sys.stderr if stderr is None else stderr):
        if stream is None or _is_utf8(stream) or not hasattr(stream, "reconfigure"):
            continue
        try:
            if on_windows() and not _is_terminal(stream):
                stream.reconfigure(encoding="utf-8", errors="replace")
            else:
                stream.reconfigure(errors="replace")
        except (ValueError, OSError, LookupError):     # a closed or detached stream: nothing to protect
            pass
    if (stdin is not None and on_windows() and not _is_utf8(stdin) and not _is_terminal(stdin)
            and hasattr(stdin, "reconfigure")):
        try:
            stdin.reconfigure(encoding="utf-8-sig")
        except (ValueError, OSError, LookupError):
            pass


def terminal_size(fallback=(80, 24)) -> os.terminal_size:
    """``shutil.get_terminal_size``, the same answer (COLUMNS and LINES first, then the terminal of
    ``sys.__stdout__``, then ``fallback``), without importing shutil: shutil brings fnmatch, zlib, bz2 and
    lzma, a twentieth of `referee --help` and `referee moves` (issue 25)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        if columns <= 0:
            columns = size.columns or fallback[0]
        if lines <= 0:
            lines = size.lines or fallback[1]
    return os.terminal_size((columns, lines))
