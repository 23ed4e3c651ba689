"""What every game's questions share: the Flow that collects one game's §3 input dict, asks the players,
reads the calculator's refusal and re-asks the part it names, and finds the settings worth asking."""

from __future__ import annotations

import re

from ...i18n import _
from ..answers import name_parser, norm, shower, whole
from ..asking import Asker
from ..options import Setting, changes_result

_PLAYER_AT = re.compile(r"players\[(\d+)\]")


class Flow:
    """Collects one game's §3 input dict and, on a ScoringError, re-asks the part the message names."""

    game = ""
    min_players, max_players = 2, 5

    def __init__(self, asker: Asker, module):
        self.a = asker
        self.module = module
        self.expansions = list(getattr(module, "EXPANSIONS", ("traders-builders",)))
        self.choices = dict(getattr(module, "CHOICES", {}) or {})
        self.template = getattr(module, "TEMPLATE", {}) or {}

    def collect(self) -> dict:
        raise NotImplementedError

    def vocab(self, kind: str) -> tuple[dict, dict | None]:
        """(aliases, shown) for a kind of component from the game's names table: every English and Czech
        name and alias (accents aside) reads as the id; in Czech, messages and questions show the Czech
        name instead of the id (in English the id is shown, as typed in files)."""
        from ...core.names import display, names
        from ...i18n import language

        entries = names(self.game).get(kind, {})
        aliases: dict = {}
        for cid, entry in entries.items():
            for spelling in (entry.get("en"), entry.get("cs"), *entry.get("aliases", ())):
                if spelling:
                    aliases.setdefault(norm(spelling), cid)
        shown = {cid: display(self.game, kind, cid) for cid in entries} if language() == "cs" else None
        return aliases, shown

    def show(self, kind: str, cid: str) -> str:
        return shower(self.vocab(kind)[1])(cid)

    def offered(self, kind: str, ids) -> list[str]:
        """What Tab completes: the names the person reads (Czech names in Czech), else the ids."""
        return [self.show(kind, c) for c in ids]

    def settings(self) -> list[Setting]:
        """The calculator's optional settings that can change a result, in the order they are asked."""
        return []

    def next_setting(self, data: dict, asked: set):
        """The first setting not yet asked whose answer would change this position's result, or None."""
        pending = [s for s in self.settings() if s.path not in asked]
        for s in pending:
            if s.relevant is not None:
                if s.relevant(data):
                    return s
            elif changes_result(self.game, data, s, [o for o in pending if o is not s]):
                return s
        return None

    def redo(self, data: dict, message: str, err) -> bool:
        """Re-ask what the calculator's message names; False when nothing specific was found."""
        i = self.player_named(data, message)
        if i is None:
            return False
        players = data["players"]
        name = players[i]["name"] if isinstance(players[i], dict) else players[i]
        self.a.tell(_("Please enter {name} again.").format(name=name))
        players[i] = self.player(i, players[:i] + players[i + 1:])
        return True

    def missing(self, err):
        """(path in the input, question) for a value the calculator needs from the user's own board: a
        ScoringError carrying ``missing`` (a dotted path or a tuple of keys) and optionally ``question``."""
        path = getattr(err, "missing", None)
        if not path:
            return None
        shown = path if isinstance(path, str) else ".".join(map(str, path))
        return path, getattr(err, "question", None) or _("{value} (read it off your board)").format(value=shown)

    def player_named(self, data: dict, message: str):
        """The index of the player a message is about: players[i] (0-based) or a player's name."""
        players = data.get("players") or []
        m = _PLAYER_AT.search(message)
        if m and int(m.group(1)) < len(players):
            return int(m.group(1))
        for i, p in enumerate(players):
            name = p["name"] if isinstance(p, dict) else p
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", message):
                return i
        return None

    def player_count(self) -> int:
        lo, hi = self.min_players, self.max_players
        return self.a.ask(_("How many players ({lo}-{hi})").format(lo=lo, hi=hi), whole(lo, hi))

    def name(self, i: int, others) -> str:
        taken = [p["name"] if isinstance(p, dict) else p for p in others]
        return self.a.ask(_("Player {n}: name").format(n=i + 1), name_parser(taken))

    def player(self, i, others):  # pragma: no cover - interface
        raise NotImplementedError
