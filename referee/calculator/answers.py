"""Guided entry for `referee score GAME` on a terminal: one question at a time, with completion.

Every answer is checked here first (a number in range, a known id, a colour in play); a bad answer is
re-asked with the reason. An id may be typed short (a unique prefix or tail, any case, words for hyphens, a
printed name: 'aa', 'admiral 7', 'roaster', 'Venice'); match_id() reads it and ask() echoes the full id.
The finished input then goes through the game's calculator; if that rejects it, the reason is shown and
the part it names (a player, a city, a feature) is asked again. Once it scores, each optional setting of
the calculator (Port Royal's game end, Carcassonne's farm rule, El Capitan's O4/O5, Puerto Rico's
customs-house option) is asked, default on Enter, but only when its values would score this position
differently.

The questions go through an ``Asker``: ``PromptAsker`` uses prompt-toolkit (imported only here, at run
time); tests inject their own Asker (or drive PromptAsker with a pipe input).
"""

from __future__ import annotations

import copy
import difflib
import itertools
import re
import sys
import unicodedata

from ..core.errors import BadInput
from ..i18n import N_, _, ngettext

# Questions and messages are translated where they are made (the language is chosen before scoring
# starts). What the user types stays the same in every language: ids, colours, 'cards'/'totals', 'none';
# yes/no also as ano/ne. The ``what`` of an answer ('building', 'colour') is an N_() text translated when
# a message names it; the Czech messages use it as a label ("({what}: …)") so no case has to agree.


class Invalid(ValueError):
    """An answer that cannot be used: str() says why and what is allowed instead."""


class GoBack(Exception):
    """The person typed `back`: guided_score() replays every answer but the last one and asks that again."""


# what returns to the previous question, in either language (accents and case aside)
BACK_WORDS = ("back", "zpet")


class Asker:
    """Asks one question until the answer parses. Subclasses provide ``line`` and ``tell``."""

    def line(self, question: str, choices: list[str] | None) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def tell(self, text: str) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def ask(self, question: str, parse, choices=None, default=None, echo: bool = True):
        prompt = question if default in (None, "") else f"{question} [{default}]"
        while True:
            raw = self.line(prompt + ": ", choices)
            text = raw.strip()
            if self.going_back(text):
                continue
            if not text and default is not None:
                text = str(default)
            _READS.append([])
            try:
                value = parse(text)
            except Invalid as err:
                self.tell(f"  {err}")
                continue
            finally:
                read = _READS.pop()
            if read and echo:       # a short form was taken for a full id: say which, so a wrong guess is seen
                self.tell("  " + _("Read {readings}.").format(readings=", ".join(
                    _("{word} as {full}").format(word=word, full=full) for word, full in read)))
            self.answered(raw)
            return value

    def going_back(self, text: str) -> bool:
        """True when ``text`` was a request to go back that is already handled (ask again); the _Rewind
        wrapper raises GoBack instead. A plain Asker has no history: `back` is an ordinary answer."""
        return False

    def answered(self, raw: str) -> None:
        """Called with each answer that parsed (as typed); _Rewind keeps them for `back`."""


class _Rewind(Asker):
    """Wraps the caller's Asker so that `back` (or `zpět`) returns to the previous question in every flow.

    The flows are plain functions of the answers, so going back needs no undo in each of them: the answers
    given so far, but the last, are replayed silently (nothing re-asked, nothing told) and the person is
    asked the last question again."""

    def __init__(self, inner: Asker):
        self.inner = inner
        self.given: list[str] = []
        self.replay: list[str] = []
        self.quiet = False

    def line(self, question, choices):
        if self.replay:
            self.quiet = True
            return self.replay.pop(0)
        self.quiet = False
        return self.inner.line(question, choices)

    def tell(self, text):
        if not self.quiet:
            self.inner.tell(text)

    def going_back(self, text):
        if self.quiet or _norm(text) not in BACK_WORDS:
            return False
        if not self.given:
            self.inner.tell("  " + _("This is the first question; there is no answer to go back to."))
            return True
        raise GoBack

    def answered(self, raw):
        self.given.append(raw)

    def rewind(self) -> None:
        """Start again, replaying every answer but the last."""
        self.replay, self.given = self.given[:-1], []
        self.quiet = bool(self.replay)


class PromptAsker(Asker):
    """prompt-toolkit: completion from the game's ids (anywhere in the word), history within the run."""

    def __init__(self, input=None, output=None):
        from prompt_toolkit import PromptSession

        self.session = PromptSession(input=input, output=output)

    def line(self, question, choices):
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(list(choices), ignore_case=True, WORD=True, match_middle=True) \
            if choices else None
        return self.session.prompt(question, completer=completer, complete_while_typing=True,
                                   reserve_space_for_menu=6 if choices else 0)

    def tell(self, text):
        from prompt_toolkit import print_formatted_text

        print_formatted_text(text, output=self.session.output)


# --------------------------------------------------------------------------------------------- parsers

def whole(lo: int = 0, hi: int | None = None):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (lo is not None and value < lo) or (hi is not None and value > hi):
            if hi is not None:
                msg = (_("Give a whole number from {lo} to {hi}, not {text!r}.") if text else
                       _("Give a whole number from {lo} to {hi}."))
            else:
                msg = (_("Give a whole number of at least {lo}, not {text!r}.") if text else
                       _("Give a whole number of at least {lo}."))
            raise Invalid(msg.format(lo=lo, hi=hi, text=text))
        return value
    return parse


# What ask() is parsing now: the short forms resolved to full ids, echoed once the answer parses.
_READS: list[list[tuple[str, str]]] = []


def _norm(text: str) -> str:
    """Case, accents, spaces and underscores do not matter in an id: 'Guild Hall' and 'guild_hall' are
    guild-hall, 'Atény' is 'ateny'."""
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    return re.sub(r"[\s_]+", "-", "".join(ch for ch in text if not unicodedata.combining(ch)))


def _tails(cid: str) -> list[str]:
    """The id without its leading segments: expedition-aa -> [aa]; small-indigo-plant -> [indigo-plant, plant]."""
    parts = cid.split("-")
    return ["-".join(parts[k:]) for k in range(1, len(parts))]


def lookup(word: str, choices, aliases=None) -> tuple[str | None, list[str]]:
    """(the choice ``word`` stands for, or None; the candidates when it is ambiguous).

    In this order, the first that matches anything decides: the id itself (case, spaces and underscores
    aside), an alias (e.g. a city's English name), a prefix of the id (admiral-7, governor, small-indigo),
    the id's last segments (aa for expedition-aa, roaster for coffee-roaster), the start of an inner segment
    (yellow-5 for trader-yellow-5-2). Two or more matches at the first level that has any: ambiguous."""
    choices = list(choices)
    low = str(word).strip().lower()
    for c in choices:
        if c.lower() == low:
            return c, []
    key = _norm(word)
    normed = [(c, _norm(c)) for c in choices]
    for c, n in normed:
        if n == key:
            return c, []
    if aliases and aliases.get(key) in choices:
        return aliases[key], []
    if not key:
        return None, []
    if aliases:         # an alias's prefix or tail names its id too ('prazirna' for coffee-roaster)
        normed += [(c, _norm(a)) for a, c in aliases.items() if c in choices]
    tiers = ([c for c, n in normed if n.startswith(key)],
             [c for c, n in normed if key in _tails(n)],
             [c for c, n in normed if len(key) > 1 and any(t.startswith(key) for t in _tails(n))])
    for found in tiers:
        found = list(dict.fromkeys(found))
        if len(found) == 1:
            return found[0], []
        if found:
            return None, found
    return None, []


def _read(word: str, full: str) -> None:
    if _READS and _norm(word) != _norm(full) and (word, full) not in _READS[-1]:
        _READS[-1].append((word, full))


def _shower(shown):
    """id -> what the person reads: the component's name in the display language when ``shown`` maps it."""
    return (lambda c: shown.get(c, c)) if shown else (lambda c: c)


def _ambiguous(word: str, found, what: str, shown=None) -> Invalid:
    show = _shower(shown)
    found = [show(c) for c in found]
    return Invalid(_("{word!r} could be {candidates}; type more of the {what}.").format(
        word=word, candidates=", ".join(found[:6]) + (", …" if len(found) > 6 else ""), what=_(what)))


def match_id(word: str, choices, what: str, aliases=None, shown=None) -> str:
    """The choice meant by ``word`` (see lookup()); ambiguous or unknown: Invalid with the candidates or a
    did-you-mean. The one helper every id answer goes through (cards, buildings, cities, colours, players).
    ``shown`` (id -> name in the display language): what messages and echoes call a choice."""
    choices = list(choices)
    show = _shower(shown)
    got, found = lookup(word, choices, aliases)
    if got is not None:
        _read(word, show(got))
        return got
    if found:
        raise _ambiguous(word, found, what, shown)
    key = _norm(word)
    close = difflib.get_close_matches(key, [_norm(c) for c in choices], n=1, cutoff=0.6)
    hint = ""
    if close:
        hint = " " + _("Did you mean {choice}?").format(
            choice=show(next(c for c in choices if _norm(c) == close[0])))
    else:           # a short form a letter off: 'aha' for expedition-aah
        tails = {t: c for c in choices for t in _tails(_norm(c))}
        close = difflib.get_close_matches(key, list(tails), n=1, cutoff=0.6)
        if close:
            hint = " " + _("Did you mean {choice}?").format(choice=show(tails[close[0]]))
    listing = ", ".join(show(c) for c in choices) if len(choices) <= 8 else _("press Tab to see them")
    raise Invalid(_("Unknown {what} {word!r} ({listing}).").format(word=word, what=_(what), listing=listing)
                  + hint)


def pick(choices, what: str, optional: bool = False, aliases=None, shown=None):
    """One of ``choices``; with ``optional`` an empty answer gives None (the end of a list)."""
    choices = list(choices)
    show = _shower(shown)

    def parse(text: str):
        if not text:
            if optional:
                return None
            raise Invalid(_("Give a {what}: {choices}.").format(what=_(what), choices=", ".join(map(show, choices)))
                          if len(choices) <= 8 else _("Give a {what} (press Tab to see them).").format(
                              what=_(what)))
        return match_id(text, choices, what, aliases, shown)
    return parse


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", text.strip()) if w]


def _take(tokens: list[str], i: int, choices, what: str, joined: bool = False, aliases=None,
          shown=None) -> tuple[str, int]:
    """The choice that starts at tokens[i] (a player's name may have several words): (choice, next i).

    ``joined``: ids whose segments may be typed as separate words ('admiral 7' for admiral-7-2); the
    longest run of words that names one id wins."""
    if joined:
        first_ambiguous = None
        for j in range(len(tokens), i + 1, -1):
            phrase = " ".join(tokens[i:j])
            got, found = lookup(phrase, choices, aliases)
            if got is not None:
                _read(phrase, _shower(shown)(got))
                return got, j
            if found and first_ambiguous is None:
                first_ambiguous = (phrase, found)
        if first_ambiguous and lookup(tokens[i], choices)[0] is None:
            raise _ambiguous(*first_ambiguous, what, shown)   # 'trader blue': the two blue traders, not all 7
        return match_id(tokens[i], choices, what, aliases, shown), i + 1
    for j in range(len(tokens), i + 1, -1):          # the longest several-word name first
        phrase = " ".join(tokens[i:j]).lower()
        for c in choices:
            if c.lower() == phrase:
                return c, j
        if aliases and j > i + 1 and aliases.get(_norm(phrase)) in choices:
            return aliases[_norm(phrase)], j
    return match_id(tokens[i], choices, what, aliases, shown), i + 1


def pick_many(choices, what: str, joined: bool = False, aliases=None, shown=None):
    """Several of ``choices`` separated by spaces or commas (repeats allowed)."""
    choices = list(choices)

    def parse(text: str) -> list[str]:
        tokens, out, i = words(text), [], 0
        while i < len(tokens):
            got, i = _take(tokens, i, choices, what, joined, aliases, shown)
            out.append(got)
        return out
    return parse


def yes_no(text: str) -> bool:
    low = text.lower()
    if low in ("y", "yes", "a", "ano"):
        return True
    if low in ("n", "no", "ne"):
        return False
    raise Invalid(_("Answer y (yes) or n (no)."))


def numbers(text: str) -> list[int]:
    out = []
    for w in words(text):
        if not w.isdigit():
            raise Invalid(_("{word!r} is not a whole number; give whole numbers separated by spaces.").format(word=w))
        out.append(int(w))
    return out


def name_parser(taken):
    def parse(text: str) -> str:
        if not text:
            raise Invalid(_("Give the player's name."))
        if re.search(r"[,;]", text) or text.isdigit():
            raise Invalid(_("A name is a word or words without commas or semicolons, and not a number."))
        text = " ".join(text.split())
        if text.casefold() in {t.casefold() for t in taken}:
            raise Invalid(_("{name} is already a player; give each player a different name.").format(name=text))
        return text
    return parse


def counts_by_name(names, what: str):
    """'Ann 2 Bob' -> {"Ann": 2, "Bob": 1}: names, each optionally followed by a count (default 1)."""
    def parse(text: str) -> dict:
        out: dict[str, int] = {}
        tokens = words(text)
        i = 0
        while i < len(tokens):
            name, i = _take(tokens, i, names, N_("player"))
            count = 1
            if i < len(tokens) and tokens[i].isdigit():
                count = int(tokens[i])
                i += 1
            if name in out:
                raise Invalid(_("{name} is named twice; give each player once, with a count (e.g. {name} 2).")
                              .format(name=name))
            if count == 0:
                raise Invalid(_("Leave {name} out instead of giving 0 {what}.").format(name=name, what=_(what)))
            out[name] = count
        return out
    return parse


# --------------------------------------------------------------------------------------------- settings

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
        _set_path(data, self.path, value)

    def ask(self, asker: "Asker"):
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


# --------------------------------------------------------------------------------------------- flows

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
        from ..core.names import display, names
        from ..i18n import language

        entries = names(self.game).get(kind, {})
        aliases: dict = {}
        for cid, entry in entries.items():
            for spelling in (entry.get("en"), entry.get("cs"), *entry.get("aliases", ())):
                if spelling:
                    aliases.setdefault(_norm(spelling), cid)
        shown = {cid: display(self.game, kind, cid) for cid in entries} if language() == "cs" else None
        return aliases, shown

    def show(self, kind: str, cid: str) -> str:
        return _shower(self.vocab(kind)[1])(cid)

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


class PuertoRicoFlow(Flow):
    game = "puerto-rico"

    def collect(self):
        players: list = []
        for i in range(self.player_count()):
            players.append(self.player(i, players))
        return {"game": self.game, "players": players}

    def player(self, i, others):
        ask = self.a.ask
        name = self.name(i, others)
        d = {"name": name}
        d["vp_chips"] = ask(_("{name}: VP chips").format(name=name), whole())
        d["doubloons"] = ask(_("{name}: doubloons").format(name=name), whole())
        d["goods"] = ask(_("{name}: goods barrels").format(name=name), whole(), default=0)
        d["buildings"] = self.buildings(name)
        # island spaces and colonists score only through an occupied residence or fortress (rules §7):
        # asked only of a player who has one, once the buildings are known
        if d["buildings"].get("residence", 0) > 0:
            d["island_spaces"] = ask(_("{name}: filled island spaces (0-12), for the {building}").format(
                name=name, building=self.show("building", "residence")), whole(0, 12))
        if d["buildings"].get("fortress", 0) > 0:
            on = sum(d["buildings"].values())
            d["colonists"] = ask(_("{name}: colonists in total, San Juan included, for the {building}").format(
                name=name, building=self.show("building", "fortress")), whole(on))
        if d["buildings"].get("customs-house", 0) > 0 and d["vp_chips"] > 0:
            # rules §7: whether VP written down after the chips ran out count for the customs house
            over = ask(_("{name}: of the {vp} VP, how many were written down because the VP chips had run out? "
                         "Enter if they never ran out").format(name=name, vp=d["vp_chips"]),
                       whole(0, d["vp_chips"]), default=0)
            if over:
                d["vp_overflow"] = over
        return d

    def settings(self):
        return [Setting(("options", "customs-house-counts-overflow"),
                        _("Customs house: do VP written down after the chips ran out count for its bonus "
                          "(rules §7)"), [True, False], True, labels=[_("yes"), _("no")])]

    def aliases(self) -> dict:
        """Building names as printed (English, German, Czech) -> id, e.g. 'přístav' or 'harbour' -> harbor."""
        from referee.core.tables import load_json

        out = {"harbour": "harbor", "large-indigo-plant": "indigo-plant", "large-sugar-mill": "sugar-mill"}
        try:
            rows = load_json("puerto-rico/buildings.json")["buildings"]
        except (OSError, KeyError, ValueError):
            return out
        for b in rows:
            for key in ("name", "german", "czech"):
                if isinstance(b.get(key), str):
                    out.setdefault(_norm(b[key]), b["id"])
        return out

    def building_table(self) -> dict:
        """Building id -> (circles, city spaces) as printed, for checking each entry as it is typed."""
        from referee.core.tables import load_json

        try:
            rows = load_json("puerto-rico/buildings.json")["buildings"]
            return {b["id"]: (int(b["circles"]), 2 if b.get("cat") == "LV" else 1) for b in rows}
        except (OSError, KeyError, ValueError, TypeError):
            return {}

    def buildings(self, name) -> dict:
        known = list(self.choices.get("building", []))
        names_aliases, shown = self.vocab("building")
        aliases = {**self.aliases(), **names_aliases}
        show = _shower(shown)
        table = self.building_table()
        out: dict[str, int] = {}

        def parse(text):
            if not text:
                return None
            parts = words(text)
            colonists = None
            if len(parts) > 1 and parts[-1].isdigit():
                colonists = int(parts.pop())
            if any(p.isdigit() for p in parts):
                raise Invalid(_("Give one building, optionally followed by its colonists (e.g. {example} 1).")
                              .format(example=show("guild-hall")))
            bid = match_id(" ".join(parts), known, N_("building"), aliases, shown)
            if bid in out:
                raise Invalid(_("{building} is already entered for {name}; a player owns at most one of each "
                                "building.").format(building=show(bid), name=name))
            used = sum(table.get(b, (3, 1))[1] for b in out)
            if used + table.get(bid, (3, 1))[1] > 12:
                raise Invalid(_("{building} does not fit: {name}'s buildings already fill {used} of the 12 city "
                                "spaces (a large building takes 2).").format(building=show(bid), name=name, used=used))
            return bid, colonists

        while True:
            got = self.a.ask(_("{name}: building, with its colonists (e.g. {example} 1); Enter when done")
                             .format(name=name, example=show("guild-hall")),
                             parse, choices=[show(b) for b in known if b not in out], default="")
            if got is None:
                return out
            bid, colonists = got
            circles = table.get(bid, (3, 1))[0]
            if colonists is None:
                colonists = self.a.ask(_("{name}: colonists on {building} (0-{circles})").format(
                    name=name, building=show(bid), circles=circles), whole(0, circles), default=0)
            elif colonists > circles:
                self.a.tell("  " + ngettext("{building} has {circles} circle, so at most {circles} colonist, "
                                            "not {colonists}.",
                                            "{building} has {circles} circles, so at most {circles} colonists, "
                                            "not {colonists}.", circles).format(
                    building=show(bid), circles=circles, colonists=colonists))
                colonists = self.a.ask(_("{name}: colonists on {building} (0-{circles})").format(
                    name=name, building=show(bid), circles=circles), whole(0, circles), default=0)
            out[bid] = colonists


class PortRoyalFlow(Flow):
    game = "port-royal"

    def variants(self) -> list[str]:
        return list(self.choices.get("variant") or getattr(self.module, "VARIANTS", ("standard", "expedition-end")))

    def collect(self):
        players: list = []
        for i in range(self.player_count()):
            players.append(self.player(i, players))
        # the game end is asked afterwards, and only when it changes the ranking (see settings())
        return {"game": self.game, "variant": self.variants()[0], "players": players}

    def settings(self):
        variants = self.variants()
        return [Setting(("variant",), _("Game end: standard, or expedition-end where only players with an "
                                        "expedition can win (rules 5.2, G7)"), variants, variants[0])]

    def player(self, i, others):
        ask = self.a.ask
        name = self.name(i, others)
        d = {"name": name, "coins": ask(_("{name}: coins").format(name=name), whole())}
        # 'karty'/'součty' read too; in Czech they are what is offered
        from ..i18n import language

        ways = {"cards": _("cards"), "totals": _("totals")} if language() == "cs" else None
        how = ask(_("{name}: enter the cards in the display, or the totals ({ways})").format(
                      name=name, ways="/".join((ways or {}).get(w, w) for w in ("cards", "totals"))),
                  pick(["cards", "totals"], N_("answer"), aliases={"karty": "cards", "soucty": "totals"}, shown=ways),
                  choices=[(ways or {}).get(w, w) for w in ("cards", "totals")],
                  default=(ways or {}).get("cards", "cards"))
        if how == "totals":
            d["influence"] = ask(_("{name}: influence points").format(name=name), whole())
            d["expeditions"] = ask(_("{name}: expeditions claimed").format(name=name), whole(), default=0)
            return d
        known = list(self.choices.get("card", []))
        cards: list[str] = []
        while True:
            more = ask(_("{name}: card ids, e.g. admiral-7 aa ({count} so far); Enter when done").format(
                name=name, count=len(cards)), pick_many(known, N_("card"), joined=True), choices=known, default="")
            if not more:
                break
            cards.extend(more)
        d["cards"] = cards
        return d


class CarcassonneFlow(Flow):
    game = "carcassonne"
    max_players = 6
    # type -> [(key, question, lo, hi)]
    FIELDS = {"city": [("tiles", N_("tiles in the city"), 1, None), ("pennants", N_("pennants"), 0, None)],
              "road": [("tiles", N_("tiles in the road"), 1, None)],
              "cloister": [("neighbours", N_("tiles around the cloister (0-8)"), 0, 8)],
              "farm": [("completed_cities", N_("completed cities the farm touches"), 0, None)]}

    def collect(self):
        ask = self.a.ask
        exps = list(self.choices.get("expansion") or self.expansions)
        many = pick_many(exps, N_("expansion"))

        def expansions_in_play(text):
            return [] if text.strip().lower() in ("none", "no", "-") else many(text)
        expansions = ask(_("Expansions in play ({expansions}, or none)").format(expansions=", ".join(exps)),
                         expansions_in_play,
                         choices=exps + ["none"], default="none")
        n = self.player_count()
        players: list[str] = []
        for i in range(n):
            players.append(self.name(i, players))
        data = {"game": self.game, "expansions": expansions, "players": players}
        data["points_so_far"] = {p: ask(_("{name}: points on the scoring track").format(name=p), whole())
                                 for p in players}
        features = []
        while True:
            f = self.feature(len(features) + 1, data)
            if f is None:
                break
            features.append(f)
        data["features"] = features
        if self.goods_on(data):
            data["goods"] = {p: self.goods(p) for p in players}
        return data

    def goods_on(self, data) -> bool:
        return "traders-builders" in data.get("expansions", [])

    def feature(self, number, data, type_=None):
        types = list(self.choices.get("feature", ["city", "road", "cloister", "farm"]))
        if type_ is None:
            aliases, shown = self.vocab("feature")      # město, cesta, klášter, louka read as the types
            type_ = self.a.ask(_("Feature {number}: incomplete city, road or cloister, or a farm; Enter when done")
                               .format(number=number), pick(types, N_("feature"), optional=True, aliases=aliases,
                                                            shown=shown),
                               choices=self.offered("feature", types), default="")
            if type_ is None:
                return None
        f = {"type": type_}
        for key, question, lo, hi in self.FIELDS.get(type_, []):
            if key == "pennants":
                hi = f["tiles"]     # no tile has more than one pennant
            f[key] = self.a.ask(f"{self.show('feature', type_)} {number}: {_(question)}", whole(lo, hi))
        players = data["players"]
        by_count = counts_by_name(players, N_("followers"))

        def followers(text):
            got = by_count(text)
            if type_ == "cloister" and sum(got.values()) > 1:
                raise Invalid(_("A cloister holds at most one monk; give the one player whose monk is on it."))
            return got
        f["followers"] = self.a.ask((_("{feature} {number}: farmers by player (e.g. 'Ann 2 Bob'); Enter for none")
                                     if type_ == "farm" else
                                     _("{feature} {number}: followers by player (e.g. 'Ann 2 Bob'); Enter for none"))
                                    .format(feature=self.show("feature", type_), number=number),
                                    followers, choices=players, default="")
        if type_ == "farm" and self.farm_rule(data) != "current" and f["completed_cities"]:
            f["cities"] = self.farm_cities(number, f, data)
        if type_ == "farm" and self.goods_on(data) and f["followers"]:
            farmers = list(f["followers"])

            def pigs(text):
                got = pick_many(players, N_("player"))(text)
                for p in got:
                    if p not in farmers:
                        raise Invalid(_("{name} has no farmer in this farm; a pig only joins a farm holding its "
                                        "owner's farmer (rule PG2).").format(name=p))
                if len(set(got)) != len(got):
                    raise Invalid(_("Each player has one pig; name a player once."))
                return got
            f["pigs"] = self.a.ask(_("farm {number}: players with a pig in it; Enter for none").format(number=number),
                                   pigs, choices=farmers, default="")
        self.extra_fields(f, number, players)
        return f

    def farm_rules(self) -> list[str]:
        return list(getattr(self.module, "FARM_RULES", ("current", "by-city", "once-per-city")))

    @staticmethod
    def farm_rule(data) -> str:
        return (data.get("options") or {}).get("farm_rule", "current")

    def settings(self):
        rules = self.farm_rules()

        def scoring_farm(data):
            return any(f.get("type") == "farm" and f.get("followers") and f.get("completed_cities")
                       for f in data.get("features", []))
        return [Setting(("options", "farm_rule"), _("Farm scoring: current (each farm on its own, rule O1a), "
                                                    "by-city (the first older rule, O1b) or once-per-city (O1c)"),
                        rules, rules[0],
                        relevant=scoring_farm, then=self.name_farm_cities)]

    def name_farm_cities(self, data, rule):
        """The older farm rules relate farms through the cities they share: name each farm's cities."""
        if rule == "current":
            return
        for number, f in enumerate(data["features"], 1):
            if f.get("type") == "farm" and f.get("completed_cities") and not f.get("cities"):
                f["cities"] = self.farm_cities(number, f, data)

    def farm_cities(self, number, f, data) -> list[str]:
        n = f["completed_cities"]
        if not f.get("followers"):      # a farm with no farmer scores under no rule: its cities don't matter
            return [f"farm-{number}-city-{k}" for k in range(1, n + 1)]
        named = sorted({c for g in data.get("features", []) if g is not f for c in g.get("cities") or []
                        if not c.startswith("farm-")})

        def parse(text):
            got = words(text)
            if len(got) != n:
                raise Invalid(ngettext("Give {n} name, one for each completed city the farm touches, not {got}.",
                                       "Give {n} names, one for each completed city the farm touches, not {got}.",
                                       n).format(n=n, got=len(got)))
            got = [next((c for c in named if c.casefold() == g.casefold()), g) for g in got]
            if len(set(got)) != len(got):
                raise Invalid(_("Name each city once; a city counts once for a farm (rule M3)."))
            return got
        return self.a.ask(ngettext("farm {number}: name its {n} completed city so that a city has the same name "
                                   "in every farm (e.g. {example})",
                                   "farm {number}: name its {n} completed cities so that a city has the same name "
                                   "in every farm (e.g. {example})", n).format(
                              number=number, n=n, example=" ".join("abcdefgh"[:min(n, 3)])),
                          parse, choices=named or None)

    def extra_fields(self, f, number, players):
        """Keys the calculator's TEMPLATE shows for this feature type that the questions above do not cover."""
        for example in self.template.get("features", []):
            if not isinstance(example, dict) or example.get("type") != f["type"]:
                continue
            for key, value in example.items():
                if key in f or key in ("type", "pigs", "cities"):   # pigs and cities: asked when they apply
                    continue
                q = f"{f['type']} {number}: {key.replace('_', ' ')}"
                if isinstance(value, bool):
                    f[key] = self.a.ask(q + " " + _("(y/n)"), yes_no, default="n")
                elif isinstance(value, int):
                    f[key] = self.a.ask(q, whole(), default=0)
                elif isinstance(value, list) and all(v in players for v in value):
                    f[key] = self.a.ask(q + " " + _("(players); Enter for none"), pick_many(players, N_("player")),
                                        choices=players, default="")
                elif isinstance(value, list):
                    f[key] = self.a.ask(q + " " + _("(words separated by spaces); Enter for none"), words, default="")

    def goods(self, player) -> dict:
        kinds = list(self.choices.get("good", ["wine", "grain", "cloth"]))

        def parse(text):
            got = numbers(text)
            if len(got) != len(kinds):
                raise Invalid(_("Give {n} numbers, one for each of {kinds}.").format(
                    n=len(kinds), kinds=", ".join(self.offered("goods", kinds))))
            return dict(zip(kinds, got))
        return self.a.ask(_("{name}: goods tokens ({kinds})").format(
            name=player, kinds=" ".join(self.offered("goods", kinds))), parse,
                          default=" ".join("0" * len(kinds)))

    def redo(self, data, message, err):
        m = re.search(r"features\[(\d+)\]", message)
        if m and int(m.group(1)) < len(data["features"]):
            i = int(m.group(1))
            self.a.tell(_("Please enter feature {number} again.").format(number=i + 1))
            data["features"][i] = self.feature(i + 1, data, data["features"][i].get("type"))
            return True
        if message.startswith("goods:") and self.goods_on(data):
            self.a.tell(_("Please enter the goods again."))
            data["goods"] = {p: self.goods(p) for p in data["players"]}
            return True
        for p in data["players"]:
            if re.search(rf"points_so_far\.{re.escape(p)}(?![\w-])", message):
                data["points_so_far"][p] = self.a.ask(_("{name}: points on the scoring track").format(name=p), whole())
                return True
            if self.goods_on(data) and re.search(rf"goods\.{re.escape(p)}(?![\w-])", message):
                data.setdefault("goods", {})[p] = self.goods(p)
                return True
        return False


class ElCapitanFlow(Flow):
    game = "el-capitan"
    # the cities' English names and the Czech rulebook's forms (shared/seeds), case and accents aside
    CITY_ALIASES = {"venice": "venezia", "venezie": "venezia", "benatky": "venezia", "naples": "napoli",
                    "neapol": "napoli", "athens": "athina", "ateny": "athina", "tangier": "tanger",
                    "tangiers": "tanger", "tangeru": "tanger", "marseilles": "marseille", "alexandrie": "alexandria",
                    "valencii": "valencia", "konstantinopol": "constantinople", "istanbul": "constantinople",
                    "carihrad": "constantinople"}

    def settings(self):
        opts = self.module.OPTIONS         # the calculator's own settings and their values, default first
        out = []
        if "fortress_basis" in opts:
            out.append(Setting(("options", "fortress_basis"),
                               _("Fortress pay where nobody is actually paid second: printed (half the city's "
                                 "value, all of it in the largest city) or paid (what the places actually received), "
                                 "rule O4"),
                               list(opts["fortress_basis"]), list(opts["fortress_basis"])[0]))
        if "neutral_in_totals" in opts:
            out.append(Setting(("options", "neutral_in_totals"),
                               _("Do neutral warehouses count when finding the largest city for fortresses "
                                 "(rule O5)"),
                               [True, False], True, labels=[_("yes"), _("no")]))
        return out

    def collect(self):
        ask = self.a.ask
        data = {"game": self.game, "payday": ask(_("Which payday (1-3)"), whole(1, 3))}
        self.ask_players(data)
        data["cities"] = {}
        cities = list(self.choices.get("city", []))
        aliases, shown = self.vocab("city")
        aliases = {**aliases, **self.CITY_ALIASES}
        while True:
            left = [c for c in cities if c not in data["cities"]]
            city = ask(_("City with operating warehouses or fortresses; Enter when done"),
                       pick(left, N_("city"), optional=True, aliases=aliases, shown=shown),
                       choices=self.offered("city", left), default="")
            if city is None:
                break
            data["cities"][city] = self.city(city, data)
        if data["payday"] == 3:        # bonus cards are paid at the third payday only (rule P6c)
            data["bonus_cards"] = self.bonus(data)
        # The game is won by money after the third payday (rule G1; the Czech rulebook: "Hráč vlastnící
        # největší sumu peněz se stává vítězem hry"): then money is always asked, never a winner by income.
        if data["payday"] == 3 or ask(_("Rank by money after the payday (enter money and loans)? (y/n)"), yes_no,
                                      default="n"):
            data["money"], data["loans"] = {}, {}
            for p in data["players"]:
                self.money(p, data)
        from .el_capitan_board import board_rows       # rows saved by `referee board` are not asked again

        data, note = board_rows(data)
        if note:
            self.a.tell(note)
        return data

    def colours(self):
        return list(self.choices.get("colour", ["red", "blue", "green", "yellow", "black"]))

    def colour_pick(self, left, what=N_("colour"), many=False):
        """A parser of colours: Czech names too (červená, cervena), shown in Czech when the display is."""
        aliases, shown = self.vocab("colour")
        if many:
            return pick_many(left, what, aliases=aliases, shown=shown)
        return pick(left, what, aliases=aliases, shown=shown)

    def ask_players(self, data):
        n = self.player_count()
        players: list = []
        used: list[str] = []
        for i in range(n):
            name = self.name(i, players)
            left = [c for c in self.colours() if c not in used]
            p = {"name": name, "colour": self.a.ask(_("{name}: colour").format(name=name), self.colour_pick(left),
                                                    choices=self.offered("colour", left))}
            used.append(p["colour"])
            if n == 2:
                left = [c for c in self.colours() if c not in used]
                p["neutral"] = self.a.ask(_("{name}: neutral colour").format(name=name), self.colour_pick(left),
                                          choices=self.offered("colour", left))
                used.append(p["neutral"])
            players.append(p)
        data["players"] = players

    def in_play(self, data, neutral=True):
        out = [p["colour"] for p in data["players"]]
        if neutral:
            out += [p["neutral"] for p in data["players"] if p.get("neutral")]
        return out

    def city(self, city, data):
        ask = self.a.ask
        colours, mains = self.in_play(data), self.in_play(data, neutral=False)
        shown_city = self.show("city", city)
        chain = ask(_("{city}: operating warehouses in chain order (colours, e.g. '{example}'); Enter for none")
                    .format(city=shown_city, example=" ".join(self.offered("colour", [colours[0], colours[-1]]))),
                    self.colour_pick(colours, N_("colour in play"), many=True), choices=self.offered("colour", colours),
                    default="")
        value = ask(_("{city}: value printed on the next free field").format(city=shown_city), whole())

        def forts(text):
            got = self.colour_pick(mains, N_("player colour"), many=True)(text)
            if len(set(got)) != len(got):
                raise Invalid(_("A player has at most one fortress in each city (rule F3)."))
            if len(got) > 2:
                raise Invalid(_("A city holds at most two fortresses (rule F3)."))
            return got
        fortresses = ask(_("{city}: fortresses (colours); Enter for none").format(city=shown_city), forts,
                         choices=self.offered("colour", mains), default="")
        return {"chain": chain, "next_value": value, "fortresses": fortresses}

    def bonus(self, data):
        mains = self.in_play(data, neutral=False)

        def parse(text):
            tokens, out = words(text), {}
            if len(tokens) % 2:
                raise Invalid(_("Give pairs of colour and card value, e.g. red 15 blue 10."))
            for colour, value in zip(tokens[::2], tokens[1::2]):
                aliases, shown = self.vocab("colour")
                colour = match_id(colour, mains, N_("player colour"), aliases, shown)
                if value not in ("15", "10", "5"):
                    raise Invalid(_("Bonus cards are worth 15, 10 or 5, not {value!r} (rule P6).").format(value=value))
                if colour in out:
                    raise Invalid(_("{colour} is named twice; a player takes at most one bonus card (rule P6).")
                                  .format(colour=self.show("colour", colour)))
                if int(value) in out.values():
                    raise Invalid(_("There is only one bonus card worth {value} (rule P6).").format(value=value))
                out[colour] = int(value)
            return out
        return self.a.ask(_("Bonus cards held (e.g. '{example} 15'); Enter for none").format(
            example=self.show("colour", mains[0])), parse, choices=self.offered("colour", mains), default="")

    def money(self, p, data):
        c = p["colour"]
        question = (_("{name}: money in hand at the last payday, before it is paid (the most money after it wins)")
                    if data["payday"] == 3 else _("{name}: money before the payday"))
        data["money"][c] = self.a.ask(question.format(name=p["name"]), whole())
        data["loans"][c] = self.a.ask(_("{name}: repayment values of the loans held (e.g. '12 20'); Enter for none")
                                      .format(name=p["name"]), numbers, default="")

    # the field path starts the message in every language (the Czech message has no "not known" to find)
    _ROW = re.compile(r"^expansion_table\.(\d+): ")

    def missing(self, err):
        """An expansion-table row the calculator does not know (rules 3.3, D7): ask for that row."""
        found = super().missing(err)
        if found is None:
            m = self._ROW.search(str(err))
            if m:
                k = m.group(1)
                found = ("expansion_table", k), ngettext(
                    "Expansion table: florins paid for operating warehouses in {k} city (read it off your board)",
                    "Expansion table: florins paid for operating warehouses in {k} cities (read it off your board)",
                    int(k)).format(k=k)
        return found

    def redo(self, data, message, err):
        m = re.search(r"cities\.([a-z-]+)", message)
        if m and m.group(1) in data["cities"]:
            city = m.group(1)
            self.a.tell(_("Please enter {city} again.").format(city=self.show("city", city)))
            data["cities"][city] = self.city(city, data)
            return True
        m = re.search(r"(money|loans)\.([a-z]+)", message)
        if m and "money" in data:
            for p in data["players"]:
                if p["colour"] == m.group(2):
                    self.money(p, data)
                    return True
        if "bonus_cards" in message:
            data["bonus_cards"] = self.bonus(data)
            return True
        return False


FLOWS = {"puerto-rico": PuertoRicoFlow, "port-royal": PortRoyalFlow, "carcassonne": CarcassonneFlow,
         "el-capitan": ElCapitanFlow}


# --------------------------------------------------------------------------------------------- driver

def _set_path(data: dict, path, value) -> None:
    keys = path.split(".") if isinstance(path, str) else list(path)
    node = data
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = value


def fill_missing(asker: Asker, flow: Flow, data: dict, err) -> bool:
    """A calculator that needs a number only the user's board shows (El Capitan's expansion table, rule D7)
    says so; ask for it, store the answer in the input and return True (False: not such an error)."""
    need = flow.missing(err)
    if need is None:
        return False
    path, question = need
    _set_path(data, path, asker.ask(question, whole()))
    return True


def guided_score(game_id: str, asker: Asker | None = None, stdin=None, out=None, err=None,
                 max_rounds: int = 50):
    """Ask for the end position, score it, re-ask what the calculator rejects. Returns (data, Result).

    Without an ``asker``: prompt-toolkit on ``stdin``, asking on ``out`` when it is a terminal, else on
    ``err`` (streams default to sys.stdin/stdout/stderr)."""
    import scoring

    from .modules import calculator_module

    module = calculator_module(game_id)
    if asker is None:
        asker = _terminal_asker(stdin, out, err)
    rewind = _Rewind(asker)
    while True:
        try:
            return _guided_once(game_id, rewind, module, max_rounds)
        except GoBack:
            rewind.rewind()
            asker.tell("  " + _("Back to the previous question."))


def _guided_once(game_id: str, asker: "_Rewind", module, max_rounds: int):
    """One pass of guided_score() (run again, replaying the answers, when the person goes back)."""
    import scoring

    flow = FLOWS[game_id](asker, module)
    try:
        asker.tell(_("Scoring {game}: answer each question; Tab completes, 'back' returns to the previous "
                     "question, Ctrl-C stops.").format(game=game_id))
        data = flow.collect()
        asked: set = set()          # settings answered (each is asked once, after the position scores)
        for _round in range(max_rounds):
            try:
                result = scoring.score(game_id, data)
            except scoring.ScoringError as problem:
                if fill_missing(asker, flow, data, problem):
                    continue
                asker.tell(_("That does not score: {problem}").format(problem=problem))
                if not flow.redo(data, str(problem), problem):
                    asker.tell(_("Please enter everything again."))
                    data, asked = flow.collect(), set()
                continue
            setting = flow.next_setting(data, asked)
            if setting is None:
                return data, result
            asked.add(setting.path)
            value = setting.ask(asker)
            setting.put(data, value)
            if setting.then is not None:
                setting.then(data, value)
        raise BadInput(_("Gave up after {n} rejected attempts; the last problem is shown above.").format(n=max_rounds))
    except (KeyboardInterrupt, EOFError):
        raise BadInput(_("Scoring stopped before the input was complete; nothing was scored.")) from None


def _terminal_asker(stdin=None, out=None, err=None) -> PromptAsker:
    """Prompts on the terminal; if stdout is redirected (e.g. --json > file), the questions go to stderr."""
    from prompt_toolkit.input import create_input
    from prompt_toolkit.output import create_output

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    return PromptAsker(input=create_input(stdin if stdin is not None else sys.stdin),
                       output=create_output(stdout=out if tty else err))
