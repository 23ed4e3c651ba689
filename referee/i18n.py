"""The one place that owns the translator: every user-visible text goes through ``_`` and friends.

Texts are looked up at call time (never at import), so a language chosen by ``--lang`` after the modules
are imported still applies. Catalogs live in ``referee/locale/<lang>/LC_MESSAGES/referee.mo`` inside the
package; English needs no catalog (the msgids are English).

Mark a text with ``_("...")`` where it is shown; a text defined at import time (a table of help texts) is
marked with ``N_("...")`` and translated with ``_(text)`` where it is shown. Plurals: ``ngettext(one, many, n)``
(Czech has three forms). Short ambiguous words: ``pgettext(context, text)``.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "referee"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "cs")
DEFAULT = "en"

_translation: _gettext.NullTranslations | None = None
_language: str | None = None


def _from_environment() -> str:
    """REFEREE_LANG, else the locale variables gettext itself reads, else English."""
    chosen = os.environ.get("REFEREE_LANG")
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
        _translation = _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)
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
