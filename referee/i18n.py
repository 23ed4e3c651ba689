"""The one place that owns the translator: every user-visible text goes through ``_`` and friends.

Texts are looked up at call time (never at import), so a language chosen by ``--lang`` after the modules
are imported still applies. Catalogs live in ``referee/locale/<lang>/LC_MESSAGES/referee.mo`` inside the
package; English needs no catalog (the msgids are English).

Mark a text with ``_("...")`` where it is shown; a text defined at import time (a table of help texts) is
marked with ``N_("...")`` and translated with ``_(text)`` where it is shown. Plurals: ``ngettext(one, many, n)``
(Czech has three forms). Short ambiguous words: ``pgettext(context, text)``. Dates and numbers shown to a
person go through ``format_date`` / ``format_number`` (``24. 11. 2026`` and ``1 234,5`` in Czech).

Click's own texts ("Usage:", "Show this message and exit.", its error messages) call the stdlib's global
``gettext``, which picks the language from the environment only; ``install_click`` points click's
``_``/``ngettext`` at this module so ``--lang`` applies to them too. Their msgids are listed in
``referee/_click_texts.py`` so the catalog carries their Czech.

Catalogs: ``referee/locale/referee.pot`` (extracted), ``cs/LC_MESSAGES/referee.po`` (translated) and the
compiled ``referee.mo`` next to it (committed, so the wheel ships it). See README "Translations".
"""

from __future__ import annotations

import gettext as _gettext
import datetime as _dt
import os
import sys
from contextlib import contextmanager

DOMAIN = "referee"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")   # a str: pathlib is not needed for --help
LANGUAGES = ("en", "cs")
DEFAULT = "en"

_translation: _gettext.NullTranslations | None = None
_language: str | None = None


# Where the settings file's `language` (`referee config language cs`) comes from. This module sits below the
# settings (whose own checks speak through it), so it reads none: the program points this at the settings'
# reader at start-up (cli.py); a script using the API alone gets REFEREE_LANG or the locale.
_setting_reader = None


def read_setting_with(reader) -> None:
    """Take the settings' language from ``reader()`` (a text or None; it must never raise nor hang)."""
    global _setting_reader
    _setting_reader = reader


def _from_settings() -> str | None:
    value = _setting_reader() if _setting_reader is not None else None
    return value if isinstance(value, str) and normalise(value) else None


def _from_environment() -> str:
    """REFEREE_LANG, else the settings file's language, else the locale variables gettext itself reads,
    else English."""
    chosen = os.environ.get("REFEREE_LANG") or _from_settings()
    if chosen:
        return chosen
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def normalise(code: str) -> str | None:
    """'cs', 'CS', 'cs_CZ.UTF-8', 'cz', 'czech' -> 'cs'; 'en_GB' -> 'en'; anything else -> None."""
    key = str(code).strip().lower().replace("-", "_").split(".")[0]
    key = {"cz": "cs", "czech": "cs", "cestina": "cs", "čeština": "cs", "english": "en"}.get(key, key)
    key = key.split("_")[0]
    return key if key in LANGUAGES else None


def set_language(code: str | None) -> str:
    """Choose the language for the rest of the process; None means the environment's choice.
    Returns the language in force. An unknown code given explicitly raises ValueError."""
    global _translation, _language
    if code is None:
        lang = normalise(_from_environment()) or DEFAULT
    else:
        lang = normalise(code)
        if lang is None:
            raise ValueError(code)
    _language = lang
    if lang == DEFAULT:
        _translation = _gettext.NullTranslations()
    else:
        _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    return lang


def language() -> str:
    if _language is None:
        set_language(None)
    return _language  # type: ignore[return-value]


def _t() -> _gettext.NullTranslations:
    if _translation is None:
        set_language(None)
    return _translation  # type: ignore[return-value]


def _(message: str) -> str:
    return _t().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _t().pgettext(context, message)


def N_(message: str) -> str:
    """Marks a text for extraction without translating it (translate it with ``_`` where it is shown)."""
    return message


@contextmanager
def using(lang: str):
    """The language ``lang`` while inside, the previous choice after (man pages in each language)."""
    global _translation, _language
    saved = (_translation, _language)
    set_language(lang)
    try:
        yield
    finally:
        _translation, _language = saved


def english():
    """English while inside: for code that builds texts click keeps (a module defining commands, imported
    lazily), so they stay the English msgids that are translated when shown."""
    return using("en")


def available() -> str:
    """The languages a user may choose, for messages: 'cs, en'."""
    return ", ".join(sorted(LANGUAGES))


# --- dates and numbers ------------------------------------------------------------------------------------

def format_date(value) -> str:
    """A calendar date as the language writes it: '24. 11. 2026' in Czech, '2026-11-24' in English.
    Accepts a date, a datetime or an ISO 'YYYY-MM-DD…' string; anything else is returned as given (stored
    text is data: never guess a date out of it)."""
    day = value
    if isinstance(value, str):
        try:
            day = _dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return value
    if isinstance(day, _dt.datetime):
        day = day.date()
    if not isinstance(day, _dt.date):
        return str(value)
    if language() == "cs":
        return f"{day.day}. {day.month}. {day.year}"
    return day.isoformat()


# Czech groups thousands with a no-break space (so a number never wraps) and writes a decimal comma.
_SEPARATORS = {"en": (",", "."), "cs": ("\u00a0", ",")}


def format_number(value, decimals: int | None = None) -> str:
    """A number as the language writes it: 1234.5 -> '1,234.5' (en), '1 234,5' (cs, no-break space).
    ``decimals`` fixes the digits after the point; by default an int has none and a float as many as
    it needs (at most 2)."""
    group, point = _SEPARATORS.get(language(), _SEPARATORS["en"])
    if decimals is None:
        if isinstance(value, int) or float(value).is_integer() and not isinstance(value, float):
            text = f"{int(value):,}"
        else:
            text = f"{float(value):,.2f}".rstrip("0").rstrip(".")
    else:
        text = f"{float(value):,.{decimals}f}" if decimals else f"{round(float(value)):,}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


# --- click -------------------------------------------------------------------------------------------------

def install_click() -> None:
    """Route click's own texts through this module's translator (idempotent). Click binds
    ``from gettext import gettext as _`` in each of its modules; replacing those names is the one hook it
    offers, and it keeps the language a per-process choice instead of an environment variable."""
    for name, module in list(sys.modules.items()):
        if name == "click" or name.startswith("click."):
            if getattr(module, "_", None) is _gettext.gettext:
                module._ = _
            if getattr(module, "ngettext", None) is _gettext.ngettext:
                module.ngettext = ngettext
