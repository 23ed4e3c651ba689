"""The protocol every game engine implements, and the option specs games declare.

An engine is stateless: all game state lives in a ``state`` object the engine creates in ``setup`` and
mutates only in ``apply``. Legality lives in one place, ``legal``: a move is legal exactly when its
canonical text is listed there. ``parse`` only maps what a player typed (synonyms, abbreviations) to
a canonical text, and explains with a rule when the move is understood but not allowed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..i18n import _, pgettext
from .errors import BadInput
from .move import Move

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


# Option and Rules are written out rather than made by @dataclass: building a dataclass execs its methods'
# source, a few milliseconds of every `referee move` before any work (issue 25). They behave as the
# dataclasses did: the same fields, repr and equality; an Option is frozen and hashable, Rules unhashable.
class Option:
    """A game setting chosen at setup with ``-o name=value``."""

    __slots__ = ("name", "default", "help", "choices", "keep_case")
    _FIELDS = __slots__

    def __init__(self, name: str, default: Any, help: str = "", choices: tuple | None = None,
                 keep_case: bool = False):
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "default", default)
        set_(self, "help", help)
        set_(self, "choices", choices)          # allowed values for str/int options
        set_(self, "keep_case", keep_case)      # str options such as a file path keep what the user typed

    def _values(self) -> tuple:
        return (self.name, self.default, self.help, self.choices, self.keep_case)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self):
        # copy, deepcopy and pickle build a new Option through __init__ (their default way sets each slot
        # with setattr, which a frozen Option refuses; a game's state that holds its options is deep-copied)
        return (type(self), self._values())

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self):
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(self._FIELDS, self._values())) + ")"

    def parse(self, raw: Any) -> Any:
        """Turn a command-line string (or a JSON value) into the option's value, or raise BadInput."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise BadInput(_("Option {name} takes on or off, not {value!r}.").format(name=self.name, value=raw))
        if kind is int:
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise BadInput(_("Option {name} takes a whole number, not {value!r}.").format(
                    name=self.name, value=raw)) from None
        else:
            value = str(raw).strip() if self.keep_case else str(raw).strip().lower()
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            if kind is str and value:           # a unique start of a value is that value ('exp': expedition-end)
                starts = [c for c in self.choices if str(c).lower().startswith(value.lower())]
                if len(starts) == 1:
                    return starts[0]
                if starts:
                    raise BadInput(_("Option {name}: {value!r} could be {candidates}; type more of it.").format(
                        name=self.name, value=raw, candidates=_(" or ").join(map(str, starts))))
            raise BadInput(_("Option {name} takes one of {allowed}, not {value!r}.").format(
                name=self.name, allowed=allowed, value=raw))
        return value


class Rules:
    """Base class of a game engine. Subclasses override the methods below."""

    _FIELDS = ("id", "name", "min_players", "max_players", "options", "notation")

    def __init__(self, id: str = "", name: str = "", min_players: int = 2, max_players: int = 5,
                 options: tuple = (), notation: str = ""):
        self.id = id
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.options = options
        self.notation = notation

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(self._FIELDS, self._values())) + ")"

    # True when ``legal`` never lists two moves of one text (tests/core/test_legal_once.py checks it over
    # random games): the core then hands out the listing as it is and finds a listed move's own text in it,
    # without building a text map for every position (issue 25 item 2).
    unique_texts: ClassVar[bool] = False

    # An engine may offer ``listed(state, text) -> Move | None``: the move of ``legal(state)`` whose text is
    # exactly ``text``, found without listing the position (a record's replay on import checks 3.5 million
    # moves; issue 25 item 4). None means "not found this way", never "illegal": the core then lists the
    # position and looks as before, so every refusal is the one the listing gives. It must never give a
    # move the listing does not hold, so none once the game is over (tests/core/test_listed.py compares it
    # with the listing over random games of every title that offers it, to their end).
    listed: ClassVar[Any] = None

    # --- setup -----------------------------------------------------------------------------------
    def setup(self, players: list[str], options: dict) -> Any:
        """Return the initial state for these players (seat order) and validated options."""
        raise NotImplementedError

    def player_range(self, options: dict) -> tuple[int, int]:
        """How many players these options allow (a setting may allow more than the box's default)."""
        return self.min_players, self.max_players

    # How to allow more players than the default, if a setting can (one clause). A class attribute, not a
    # field set by __init__, so that a subclass's value is not reset by it.
    more_players: ClassVar[str] = ""

    # --- moves -----------------------------------------------------------------------------------
    def legal(self, state) -> list[Move]:
        """Every legal move now, each with its ``action``; empty only when the game is finished."""
        raise NotImplementedError

    def apply(self, state, move: Move) -> None:
        """Apply a move taken from ``legal(state)`` (or an equal one). Never fails."""
        raise NotImplementedError

    def parse(self, state, text: str) -> str:
        """Map normalized typed text to the canonical text of a legal move.

        Raise InvalidMove (not the notation), AmbiguousMove (several candidates) or IllegalMove with
        the rule's reason (understood but not allowed now). Called only when ``text`` is not already
        the canonical text of a legal move.
        """
        raise NotImplementedError

    # --- state -----------------------------------------------------------------------------------
    def finished(self, state) -> bool:
        raise NotImplementedError

    def result(self, state):
        """A scoring.Result once finished, else None."""
        raise NotImplementedError

    def to_move(self, state) -> str | None:
        """The player whose decision is next, or None when the table must enter a chance event."""
        raise NotImplementedError

    def prompt(self, state) -> str:
        """One line for the prompt: whose turn it is and what they may do."""
        who = self.to_move(state)
        # a sentence of its own (the table's status line uses the same English words mid-line)
        return (pgettext("prompt", "{player} to move").format(player=who) if who
                else _("Chance event: enter what the table revealed"))

    def events(self, state) -> list[str]:
        """What the last move did that the table must carry out or should know (payouts, busts,
        completed features, a payday), one sentence each. Printed by `referee move` and `play` from a
        pipe, where no board is drawn."""
        return []

    def record_options(self, options: dict) -> dict:
        """The options as written into a game record. A record must replay on any machine, so an
        option naming a local file (whose facts the moves already carry) is written portably."""
        return options

    def preview(self, state, move: Move) -> str | None:
        """What a legal move would show on the table, for the user to check before pressing Enter
        (e.g. a Carcassonne tile's edges in the chosen rotation). None: nothing worth saying."""
        return None

    def view(self, state) -> dict:
        """The public state as JSON-able data (``referee show --json``); equal states give equal views."""
        raise NotImplementedError

    def secret(self, state, player: str) -> str | None:
        """What only ``player`` may see now (face-down VP chips, a hidden hand), as a short text for that
        player alone: the table's ``secret NAME`` and ``referee show --secret NAME``. None: this game keeps
        nothing secret. A game that has secrets answers for every player (even "nothing yet"), and keeps
        them out of ``view``, ``render`` and ``events`` for as long as they are secret."""
        return None

    def render(self, state):
        """A rich renderable of the table (imported lazily by the caller's UI)."""
        raise NotImplementedError

    def check(self, state) -> None:
        """Assert the game's conservation invariants (used by tests and playouts)."""

    notation: str = ""  # a short help text for the interactive table's ``help``
