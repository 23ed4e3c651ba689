"""A move as the display language says it: its label.

A Move keeps its canonical ``text`` (the record, JSON ``text``, the store: language-neutral). What a person
reads at the table is the move's label: in English the text itself, in Czech the words a Czech table says
(``otočit``, ``vezmi admirála 7 2``, ``postav malou tržnici``). Each game renders its labels in
``referee/games/<game>/labels.py`` as ``label(text, lang) -> str``, from the canonical text alone, and every
label typed back at the table (through the game's entry reader) is the same move: the labels are what the
reader accepts (tests/ui/test_labels_roundtrip.py).

Labels are built only when shown (and cached per text and language), never while moves are applied: a
replay or an import never pays for them.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from ..i18n import language

_MODULES = {"port-royal": "referee.games.port_royal.labels", "puerto-rico": "referee.games.puerto_rico.labels",
            "carcassonne": "referee.games.carcassonne.labels", "el-capitan": "referee.games.el_capitan.labels"}


@lru_cache(maxsize=None)
def _module(game_id: str):
    name = _MODULES.get(game_id)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:           # a game without labels yet: its moves are shown as their texts
        return None


@lru_cache(maxsize=200_000)
def _label(game_id: str, text: str, lang: str) -> str:
    module = _module(game_id)
    if module is None:
        return text
    return module.label(text, lang) or text


def label(game_id: str, text: str, lang: str | None = None) -> str:
    """The label of the move whose canonical text is ``text`` in ``lang`` (the language in force)."""
    lang = lang or language()
    if lang == "en":
        return text
    return _label(game_id, text, lang)


def of(game, move, lang: str | None = None) -> str:
    """The label of ``move`` (a Move or a canonical text) of ``game`` (a Game, or its rules)."""
    rules = getattr(game, "rules", game)
    return label(rules.id, getattr(move, "text", move), lang)


def many(game, moves, lang: str | None = None) -> list[str]:
    return [of(game, m, lang) for m in moves]


def help_text(game, lang: str | None = None) -> str:
    """The notation's help for the table in the display language: a game's help of its labels where it has
    one for this language (labels.HELP), else its notation help (translated)."""
    rules = getattr(game, "rules", game)
    lang = lang or language()
    module = _module(rules.id) if lang != "en" else None
    own = getattr(module, "HELP", {}).get(lang) if module is not None else None
    return own or rules.notation
