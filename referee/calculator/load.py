"""Read calculator input (contracts §3) from a file or standard input: JSON, or TOML (Python's tomllib; the
tomli backport on Python 3.10).

Every failure is a BadInput whose sentence names the file and, for a syntax error, the line and column.
Nothing here imports more than json (the TOML parser only when the text is TOML), so the file path stays fast.
"""

from __future__ import annotations

import os
import re
import sys

from ..core.errors import BadInput
from ..i18n import _

STDIN_NAME = "standard input"
_TOML_HEADER = re.compile(r"^\[\[?\s*[\w\"'.\- ]+\s*\]\]?\s*(#.*)?$")


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def _bad_constant(name):
    raise ValueError(_("{name} is not a number this calculator accepts").format(name=name))


def read_text(source, stdin=None) -> tuple[str, str]:
    """Return (text, display name) for a path, or for "-" (standard input)."""
    if source in (None, "-"):
        stream = stdin if stdin is not None else sys.stdin
        try:
            return stream.read(), STDIN_NAME
        except UnicodeDecodeError:
            raise BadInput(_("Standard input is not UTF-8 text; give the input as JSON or TOML text.")) from None
    path = os.fspath(source)
    try:
        with open(path, encoding="utf-8-sig") as fh:
            return fh.read(), path
    except FileNotFoundError:
        raise BadInput(_("File {path} does not exist; give the path of a JSON or TOML file, or - for "
                         "standard input.").format(path=path)) from None
    except IsADirectoryError:
        raise BadInput(_("{path} is a folder, not a file; give the path of a JSON or TOML file.").format(path=path)) \
            from None
    except PermissionError:
        raise BadInput(_("File {path} cannot be read (permission denied).").format(path=path)) from None
    except UnicodeDecodeError:
        raise BadInput(_("File {path} is not UTF-8 text; give the input as JSON or TOML text.").format(path=path)) \
            from None
    except OSError as err:
        raise BadInput(_("File {path} cannot be read ({reason}).").format(path=path, reason=err.strerror or err)) \
            from None


def _format_of(text: str, name: str) -> str:
    lower = name.lower()
    if lower.endswith(".toml"):
        return "toml"
    if lower.endswith(".json"):
        return "json"
    # Standard input or an unusual suffix: a JSON document starts with an object (or a stray list); a
    # TOML one with a key, a comment or a table header such as [[players]].
    first = text.lstrip().split("\n", 1)[0].strip()
    if first.startswith("{"):
        return "json"
    if first.startswith("[") and not _TOML_HEADER.match(first):
        return "json"
    return "toml"


def parse_text(text: str, name: str, fmt: str | None = None) -> dict:
    """Parse JSON or TOML text into the input dict; ``fmt`` None means guess from the name and the text."""
    if not text.strip():
        raise BadInput(_("{source} is empty; give the end position as JSON or TOML "
                         "(`referee score GAME --template` prints an example).").format(source=_cap(name)))
    fmt = fmt or _format_of(text, name)
    if fmt == "json":
        import json

        try:
            data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_bad_constant)
        except json.JSONDecodeError as err:
            raise BadInput(_("{source}, line {line}, column {column}: not valid JSON ({reason}).").format(
                source=_cap(name), line=err.lineno, column=err.colno, reason=_lower_first(err.msg))) from None
        except _Duplicate as err:
            raise BadInput(_("{source}: the key {key!r} appears twice in one object; give each key once.").format(
                source=_cap(name), key=err.args[0])) from None
        except ValueError as err:   # NaN / Infinity
            raise BadInput(_("{source}: not valid JSON ({reason}).").format(source=_cap(name), reason=err)) from None
    else:
        from ..core.tomlparse import toml_parser

        tomllib = toml_parser()
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            msg = str(err)
            m = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", msg)
            if m:
                where = _(", line {line}, column {column}").format(line=m.group(1), column=m.group(2))
                msg = msg[:m.start()]
            elif msg.endswith("(at end of document)"):
                line, col = text.count("\n") + 1, len(text) - text.rfind("\n")
                where = _(", line {line}, column {column} (the end)").format(line=line, column=col)
                msg = msg[: -len("(at end of document)")].rstrip()
            else:
                where = ""
            raise BadInput(_("{source}{where}: not valid TOML ({reason}).").format(
                source=_cap(name), where=where, reason=_lower_first(msg))) from None
    if not isinstance(data, dict):
        msg = (_("{source} holds a list; the input must be one object with the game's fields "
                 "(`referee score GAME --template` prints an example).") if isinstance(data, list) else
               _("{source} holds a single {type} value; the input must be one object with the game's fields "
                 "(`referee score GAME --template` prints an example)."))
        raise BadInput(msg.format(source=_cap(name), type=type(data).__name__))
    return data


def load(source, stdin=None) -> tuple[dict, str]:
    """Read and parse: returns (data, display name)."""
    text, name = read_text(source, stdin)
    return parse_text(text, name), name


def _cap(name: str) -> str:
    return _("Standard input") if name == STDIN_NAME else _("File {name}").format(name=name)


def _lower_first(msg: str) -> str:
    msg = msg.strip().rstrip(".")
    if len(msg) > 1 and msg[1].isupper():   # an acronym such as "NaN"
        return msg
    return msg[:1].lower() + msg[1:]
