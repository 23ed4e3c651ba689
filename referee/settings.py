"""The settings file: defaults a club sets once, in TOML, in the platform's config folder.

    from referee import settings
    settings.get("location")            # -> "Klub Na Rohu" or None
    settings.get("language", "en")

Where: ``REFEREE_CONFIG`` (a file path) if set, else ``settings.toml`` in platformdirs' user_config_dir:
~/.config/referee on Linux, ~/Library/Application Support/referee on macOS, %LOCALAPPDATA%\\referee on
Windows. `referee config` shows and sets the values; the file may also be edited by hand:

    language = "cs"
    location = "Klub Na Rohu"
    el-capitan-board = "C:/Users/klub/el-capitan-board.json"

    [colours]
    Ann = "red"
    Bob = "blue"

The file is read once per process (TOML, UTF-8). A missing file means no settings. A file that is not TOML,
or a value of the wrong kind, is one sentence naming the file and the key (exit 2): a club's settings are
never silently ignored. Keys referee does not know are left alone (a newer referee may have written them).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .core.errors import BadInput
from .i18n import N_, _

ENV = "REFEREE_CONFIG"
FILE_NAME = "settings.toml"

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_COLOUR = re.compile(r"^[a-z][a-z-]{0,19}$")
LOCATION_MAX = 200


@dataclass(frozen=True)
class Key:
    name: str
    help: str
    check: Callable[[object, str], object]    # (value, where) -> the value to keep, or raise BadInput
    example: str


def _one_line(value, where: str, limit: int) -> str:
    if not isinstance(value, str):
        raise BadInput(_("{where} must be text, not {value!r}.").format(where=where, value=value))
    text = " ".join(value.split())
    if _CONTROL.search(text):
        raise BadInput(_("{where} holds a control character; give plain text on one line.").format(where=where))
    if not text:
        raise BadInput(_("{where} is empty; give a value, or `referee config --unset KEY` to remove it.")
                       .format(where=where))
    if len(text) > limit:
        raise BadInput(_("{where} is {n} characters long; at most {limit} are allowed.")
                       .format(where=where, n=len(text), limit=limit))
    return text


def _language(value, where: str) -> str:
    from .i18n import LANGUAGES, normalise

    code = normalise(value) if isinstance(value, str) else None
    if code is None:
        raise BadInput(_("{where} is {value!r}; the languages are: {choices}.")
                       .format(where=where, value=value, choices=", ".join(LANGUAGES)))
    return code


def _location(value, where: str) -> str:
    from .core import validate

    # the one check every location passes (new, record, imports): one line, at most 200 characters
    text = validate.location(_one_line(value, where, LOCATION_MAX), field=where)
    if not text:
        raise BadInput(_("{where} is empty; give a value, or `referee config --unset KEY` to remove it.")
                       .format(where=where))
    return text


def _board(value, where: str) -> str:
    text = _one_line(value, where, 4096)
    path = Path(text).expanduser()
    if not path.is_file():
        raise BadInput(_("{where}: {path} is not a file; give the path of the board file `referee board` "
                         "wrote.").format(where=where, path=path))
    return str(path.resolve())


def _colours(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise BadInput(_("{where} must be a table of player = colour, for example [colours] Ann = \"red\".")
                       .format(where=where))
    out = {}
    for name, colour in value.items():
        player = _one_line(name, _("{where}: a player's name").format(where=where), 100)
        if not isinstance(colour, str) or not _COLOUR.match(colour.strip().lower()):
            raise BadInput(_("{where}: the colour of {player} is {colour!r}; give one word such as red, blue, "
                             "yellow.").format(where=where, player=player, colour=colour))
        out[player] = colour.strip().lower()
    return out


def _folder(value, where: str) -> str:
    """A folder's path. Whether it is there is asked when it is set and when it is used (`referee sync`), not
    on every read of the settings: an unplugged disk must not stop the commands that do not use it."""
    return str(Path(_one_line(value, where, 4096)).expanduser())


def _existing_folder(value, where: str) -> str:
    path = Path(_folder(value, where))
    if not path.is_dir():
        raise BadInput(_("{where}: {path} is not a folder; give the folder your club's file sync (Syncthing, "
                         "Dropbox, OneDrive, a network share) already shares.").format(where=where, path=path))
    return str(path.resolve())


KEYS = {k.name: k for k in (
    Key("language", N_("The language of referee's texts (cs or en); --lang and REFEREE_LANG win over it."),
        _language, "cs"),
    Key("location", N_("Where the club plays: the default --location of new, record and score --record."),
        _location, "Klub Na Rohu"),
    Key("colours", N_("Players' usual colours, one per player: `referee config colours.Ann red`."),
        _colours, "colours.Ann red"),
    Key("el-capitan-board", N_("The El Capitan board file to use (default: the one `referee board` wrote); "
                               "REFEREE_EL_CAPITAN_BOARD wins over it."), _board, "~/el-capitan-board.json"),
    Key("sync-folder", N_("A folder the club's file sync shares between laptops: `referee sync` takes in what the "
                          "others wrote there and leaves this laptop's changes for them."), _folder,
        "~/Sync/referee"),
)}


def path() -> Path:
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    from .dirs import user_config_dir        # platformdirs' folder, without importing it where it can

    return Path(user_config_dir("referee", appauthor=False)) / FILE_NAME


_cache: tuple[Path, float | None, dict] | None = None


# A settings file is a few lines; anything far larger is not one (and would be read whole at every start).
MAX_BYTES = 1 << 20


class _Unusable(Exception):
    """A settings file that cannot be used, the sentence not yet made: the language is itself read from
    the settings file, so nothing may be translated while it is being looked for."""

    def __init__(self, file: Path, what: str, fields: dict):
        super().__init__(what)
        self.file, self.what, self.fields = file, what, fields

    def sentence(self) -> BadInput:
        what = _(self.what).format(**self.fields)
        return BadInput(_("The settings file {file} {what}; correct it, or `referee config --reset` sets it "
                          "aside and starts afresh.").format(file=self.file, what=what))


def _unusable(file: Path, what: str, **fields) -> _Unusable:
    """One sentence (made when shown): the settings file, what is wrong with it, and the way out. Every
    command but --version and `config` stops at a settings file it cannot read: a club's settings are never
    silently ignored."""
    return _Unusable(file, what, fields)


def _read_bytes(file: Path) -> bytes | None:
    """The file's bytes, None when there is none. Looked at before it is opened: a fifo or a device would
    never end a read (every command would hang), a folder cannot be read."""
    import stat

    try:
        info = os.stat(file)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise _unusable(file, N_("cannot be read ({reason})"), reason=err.strerror or err) from None
    if stat.S_ISDIR(info.st_mode):
        raise _unusable(file, N_("is a folder"))
    if not stat.S_ISREG(info.st_mode):
        raise _unusable(file, N_("is not a regular file (a pipe or a device)"))
    if info.st_size > MAX_BYTES:
        raise _unusable(file, N_("is {size} bytes long, too long for a settings file"), size=info.st_size)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(file, flags)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise _unusable(file, N_("cannot be read ({reason})"), reason=err.strerror or err) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):        # swapped for a fifo since the look
            raise _unusable(file, N_("is not a regular file (a pipe or a device)"))
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise _unusable(file, N_("cannot be read ({reason})"), reason=err.strerror or err) from None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise _unusable(file, N_("is {size} bytes long, too long for a settings file"), size=size)
    return b"".join(chunks)


def _read_file(file: Path) -> dict:
    """The file's raw TOML table ({} when there is no file). A file that cannot be used: BadInput."""
    try:
        return _parse_file(file)
    except _Unusable as err:
        raise err.sentence() from None


def _parse_file(file: Path) -> dict:
    raw = _read_bytes(file)
    if raw is None:
        return {}
    from .core.tomlparse import toml_parser

    tomllib = toml_parser()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _unusable(file, N_("is not UTF-8 text (save it as UTF-8)")) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise _unusable(file, N_("is not valid TOML ({reason})"), reason=str(err)) from None
    except RecursionError:
        raise _unusable(file, N_("is not valid TOML (nested too deeply)")) from None
    except (ValueError, MemoryError):      # a number of thousands of digits: past Python's own limit
        raise _unusable(file, N_("holds a number far too long to read")) from None


def read_raw_or_none(file: Path | None = None) -> dict | None:
    """The file's raw table, or None when there is none or it cannot be used (for what must work even then:
    the language of --version and `config`)."""
    try:
        return _parse_file(file or path())
    except _Unusable:
        return None


def language_setting() -> str | None:
    """The settings file's `language`, raw (i18n checks it): None without a usable file. Never raises nor
    hangs (a fifo, a hostile file): the language of every message depends on it."""
    raw = read_raw_or_none()
    value = raw.get("language") if isinstance(raw, dict) else None
    return value if isinstance(value, str) else None


def reset() -> Path | None:
    """Set the settings file aside (``settings.toml.broken-<time>``: renamed, never deleted, whatever it
    is: a damaged file, a folder, a fifo) so that referee starts with no settings. Returns where it went,
    None when there was no file."""
    import time

    global _cache
    _cache = None
    file = path()
    if not os.path.lexists(file):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = file.with_name(f"{file.name}.broken-{stamp}")
    n = 1
    while os.path.lexists(kept):
        n += 1
        kept = file.with_name(f"{file.name}.broken-{stamp}-{n}")
    try:
        os.replace(file, kept)
    except OSError as err:
        raise BadInput(_("The settings file {file} could not be set aside ({reason}); move it away yourself.")
                       .format(file=file, reason=err.strerror or err)) from None
    return kept


def load() -> dict:
    """Every known setting in the file, checked: {key: value}. Raises BadInput naming the file and key."""
    global _cache
    file = path()
    try:
        stamp = file.stat().st_mtime_ns
    except OSError:
        stamp = None
    if _cache is not None and _cache[0] == file and _cache[1] == stamp and stamp is not None:
        return dict(_cache[2])
    raw = _read_file(file)
    values = {}
    for name, key in KEYS.items():
        if name in raw:
            try:
                values[name] = key.check(raw[name], _("{key} in {file}").format(key=name, file=file))
            except BadInput as err:       # the value's fault, and the two ways out
                raise BadInput(_("{problem} (`referee config --unset {key}` removes it; `referee config "
                                 "--reset` sets the whole file aside.)").format(problem=str(err), key=name)) from None
    _cache = (file, stamp, values)
    return dict(values)


def get(key: str, default=None):
    """A setting's value, or ``default`` when the file does not set it."""
    if key not in KEYS:
        raise KeyError(key)
    return load().get(key, default)


def unknown_keys() -> list[str]:
    return sorted(k for k in _read_file(path()) if k not in KEYS)


# --- writing ------------------------------------------------------------------------------------------
def _split(name: str) -> tuple[str, str | None]:
    """'colours.Ann' -> ('colours', 'Ann'); 'location' -> ('location', None). Unknown: BadInput."""
    base, dot, sub = name.partition(".")
    if base not in KEYS or (dot and base != "colours") or (base == "colours" and dot and not sub.strip()):
        raise BadInput(_("{name!r} is not a setting; the settings are: {keys} (`referee config` shows them).")
                       .format(name=name, keys=", ".join(KEYS)))
    return base, (sub.strip() if dot else None)


def set_value(name: str, value: str | None) -> Path:
    """Set (or with None, remove) one setting and rewrite the file atomically. Returns the file's path."""
    base, sub = _split(name)
    file = path()
    raw = _read_file(file)
    where = _("setting {key}").format(key=name)
    if base == "colours":
        colours = dict(raw.get("colours") or {}) if isinstance(raw.get("colours"), dict) else {}
        if sub is None:
            if value is not None:
                raise BadInput(_("Give one player's colour at a time: `referee config colours.Ann red`."))
            colours = {}
        elif value is None:
            colours = {k: v for k, v in colours.items() if k.casefold() != sub.casefold()}
        else:
            colours = {k: v for k, v in colours.items() if k.casefold() != sub.casefold()}
            colours.update(_colours({sub: value}, where))
        if colours:
            raw["colours"] = colours
        else:
            raw.pop("colours", None)
    elif value is None:
        raw.pop(base, None)
    else:
        raw[base] = (_existing_folder if base == "sync-folder" else KEYS[base].check)(value, where)
    _write(file, raw)
    return file


def _toml_string(text: str) -> str:
    import json

    # A JSON string is a TOML basic string once DEL is escaped too (JSON leaves it raw, TOML forbids it).
    return json.dumps(str(text), ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value) -> str:
    import datetime as dt

    if isinstance(value, (dt.date, dt.time)):      # datetime too: TOML writes them bare, as isoformat does
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return _toml_string(value)


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _toml_string(name)


def dumps(raw: dict) -> str:
    lines = ["# referee settings: `referee config` shows and sets them (see `man referee-config`).", ""]
    tables = {k: v for k, v in raw.items() if isinstance(v, dict)}
    for name, value in raw.items():
        if name not in tables:
            lines.append(f"{_key(name)} = {_toml_value(value)}")
    for name, table in tables.items():
        lines += ["", f"[{_key(name)}]"]
        lines += [f"{_key(k)} = {_toml_value(v)}" for k, v in table.items() if not isinstance(v, dict)]
    return "\n".join(lines) + "\n"


def _write(file: Path, raw: dict) -> None:
    from .store.atomic import atomic_write

    global _cache
    _cache = None
    from .core.errors import RefereeError

    try:
        atomic_write(file, dumps(raw).encode("utf-8"))
    except BadInput:
        raise
    except (OSError, RefereeError) as err:     # the store's StoreError, or the folder: one sentence
        reason = getattr(err, "strerror", None) or err
        raise BadInput(_("The settings file {file} could not be written ({reason}); nothing was changed.")
                       .format(file=file, reason=reason)) from None
