"""Where this user's history, settings and board file live: platformdirs' folders, found without importing
platformdirs in the common case (issue 25: it is eight modules on every command's start).

On Linux and the BSDs with an absolute HOME (and XDG_* variables absolute or unset, not on Android), the
folders are computed here exactly as platformdirs computes them (``$XDG_CONFIG_HOME/referee`` else
``~/.config/referee``; ``$XDG_DATA_HOME/referee`` else ``~/.local/share/referee``). Everywhere else (Windows,
macOS, a relative HOME or XDG variable, Android) platformdirs itself answers, so nothing changes there.
tests/cli/test_startup.py compares both ways over these cases.
"""

from __future__ import annotations

import os
import posixpath
import sys

APP = "referee"
SETTINGS_ENV = "REFEREE_CONFIG"
SETTINGS_FILE = "settings.toml"


def _plain_unix() -> bool:
    """The platforms where platformdirs' answer is the XDG rule computed here."""
    if sys.platform in ("win32", "darwin", "ios", "cygwin", "emscripten", "wasi"):
        return False
    if os.environ.get("ANDROID_DATA") or os.environ.get("ANDROID_ROOT"):
        return False        # platformdirs may take its Android folders: let it decide
    return posixpath.isabs(os.environ.get("HOME", ""))


def _xdg(var: str, fallback: str, appname: str) -> str:
    value = os.environ.get(var, "")
    base = value if posixpath.isabs(value) else os.path.expanduser(fallback)
    return os.path.join(base, appname)


def user_config_dir(appname: str = APP, appauthor=None) -> str:
    if _plain_unix():
        return _xdg("XDG_CONFIG_HOME", "~/.config", appname)
    from platformdirs import user_config_dir as real

    return real(appname, appauthor=appauthor)


def user_data_dir(appname: str = APP, appauthor=None) -> str:
    if _plain_unix():
        return _xdg("XDG_DATA_HOME", "~/.local/share", appname)
    from platformdirs import user_data_dir as real

    return real(appname, appauthor=appauthor)


def settings_file() -> str:
    """REFEREE_CONFIG (a file path) if set, else settings.toml in the user's config folder (not expanded
    further: settings.path() makes the Path)."""
    env = os.environ.get(SETTINGS_ENV)
    if env:
        return os.path.expanduser(env)
    return os.path.join(user_config_dir(APP, appauthor=False), SETTINGS_FILE)


def no_settings_file() -> bool:
    """True when there is surely no settings file, so a command may skip importing the settings' checks:
    the same look settings._read_bytes takes (os.stat; only "no such file" means no settings)."""
    try:
        os.stat(settings_file())
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False        # the settings module says what is wrong with it
    return False
