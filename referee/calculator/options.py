"""The calculator's optional settings (a game variant, a rules option) asked once the position scores,
each only when its values would score this position differently (changes_result)."""

from __future__ import annotations

import copy
import itertools
import re

from ..i18n import N_
from .answers import pick
from .asking import Asker


def set_path(data: dict, path, value) -> None:
    keys = path.split(".") if isinstance(path, str) else list(path)
    node = data
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = value


class Setting:
    """An optional calculator key (a game variant or a rules option) asked after the position is entered,
    only when its values would rank or score this position differently.

    ``path``: where it lives in the input (("variant",) or ("options", "farm_rule")); ``values`` the
    stored values, ``labels`` what the user types for each (yes/no for True/False); ``relevant(data)``
    replaces the scoring comparison when trying the other values needs more input (Carcassonne's older
    farm rules need city ids); ``then(data, value)`` asks what the chosen value needs."""

    def __init__(self, path, question, values, default, labels=None, relevant=None, then=None):
        self.path = tuple(path)
        self.question = question
        self.values = list(values)
        self.labels = [str(v) for v in (labels or values)]
        self.default = default
        self.relevant = relevant
        self.then = then

    def label(self, value) -> str:
        return self.labels[self.values.index(value)]

    def get(self, data):
        node = data
        for key in self.path:
            if not isinstance(node, dict) or key not in node:
                return self.default
            node = node[key]
        return node

    def put(self, data, value) -> None:
        set_path(data, self.path, value)

    def ask(self, asker: Asker):
        labels = self.labels
        # the values are appended unless the question already names each of them as a word
        shown = all(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", self.question) for w in labels)
        word = asker.ask(self.question if shown else f"{self.question} ({'/'.join(labels)})",
                         pick(labels, N_("answer")), choices=labels,
                         default=self.label(self.default), echo=False)
        return self.values[labels.index(word)]


def _outcome(result):
    """What a setting may change: the ranking with totals, breakdowns and tie-breaks, and the winners
    (not the notes, nor the 'not eligible' mark on a player who ranks the same either way)."""
    return ([(e.player, e.total, e.rank, e.breakdown, e.tiebreak) for e in result.ranking], result.winners)


def changes_result(game_id: str, data: dict, setting: Setting, others=()) -> bool:
    """True when ``setting``'s values score ``data`` differently, for some values of the ``others`` not
    yet settled (a setting may matter only together with another), or when a value needs more input."""
    import scoring

    for combo in itertools.product(*[o.values for o in others]):
        base = copy.deepcopy(data)
        for other, value in zip(others, combo):
            other.put(base, value)
        seen = set()
        for value in setting.values:
            trial = copy.deepcopy(base)
            setting.put(trial, value)
            try:
                seen.add(repr(_outcome(scoring.score(game_id, trial))))
            except scoring.ScoringError:
                if combo == tuple(o.get(data) for o in others):
                    return True         # this value cannot be scored without more answers: ask
                continue
        if len(seen) > 1:
            return True
    return False
