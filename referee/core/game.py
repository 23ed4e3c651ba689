"""A game in progress: its setup plus its move log. State is the replay of the log."""

from __future__ import annotations

import datetime as _dt
from itertools import islice

from ..i18n import _
from .errors import BadInput, GameOver, IllegalMove, InvalidMove, RefereeError
from .move import Move, MoveList, normalize
from .rules import Rules

from .players import validate_players


def option_key(name) -> str:
    """The one spelling of an option name: kebab-case ('traders_builders', 'Traders-Builders' ->
    'traders-builders'). Older spellings (snake_case, in records written before) mean the same option."""
    key = _KEYS.get(name) if isinstance(name, str) else None
    if key is None:
        key = "-".join(str(name).strip().lower().replace("_", "-").split())
        if isinstance(name, str) and len(_KEYS) < 4096:
            _KEYS[name] = key
    return key


_KEYS: dict = {}     # spelling -> kebab-case: the engines read options by name on every move


class Options(dict):
    """A game's options, keyed by their kebab-case names (what records, JSON and `referee games` show).
    Looking one up by an older spelling ('traders_builders') finds the same option, so code and records
    written before the rename keep working."""

    def __getitem__(self, key):
        return dict.__getitem__(self, _KEYS.get(key) or option_key(key))

    def __contains__(self, key):
        return dict.__contains__(self, _KEYS.get(key) or option_key(key))

    def get(self, key, default=None):
        return dict.get(self, _KEYS.get(key) or option_key(key), default)

    def copy(self) -> "Options":
        return Options(self)


def validate_options(rules: Rules, options: dict | None) -> Options:
    """Fill defaults and check every given option against the game's declared options. A name may be
    given in any spelling (kebab-case, snake_case, any case); the result uses kebab-case."""
    specs = {option_key(o.name): o for o in rules.options}
    values = Options({key: o.default for key, o in specs.items()})
    for key, raw in (options or {}).items():
        name = option_key(key)
        if name not in specs:
            known = ", ".join(sorted(specs)) or _("none")
            raise BadInput(_("{game} has no option {key!r}; its options are: {known}.").format(
                game=rules.name, key=key, known=known))
        values[name] = specs[name].parse(raw)
    return values


class Game:
    """The Python API's game object (contracts §2)."""

    def __init__(self, rules: Rules, players, options: dict | None = None, date: str | None = None):
        self.rules = rules
        self.options = validate_options(rules, options)
        self.players = validate_players(rules, players, self.options)
        self.date = date or _dt.date.today().isoformat()
        self.state = rules.setup(list(self.players), self.options.copy())
        self._log: list[Move] = []
        self._moves: list[Move] | None = None      # the engine's listing of this position, as it came
        self._map: dict[str, Move] | None = None    # its text -> Move map, built only when a text is looked up
        self._finished: bool | None = None  # cached per position: asked several times per move
        # the engine's class-wide flag, read from the game itself on every move (an instance attribute is
        # read quicker than a class attribute through self.rules)
        self._unique = rules.unique_texts

    # --- identity ----------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.rules.id

    @property
    def moves(self) -> list[str]:
        """Texts of the moves played so far, in order."""
        return [m.text for m in self._log]

    @property
    def log(self) -> list[Move]:
        return list(self._log)

    # --- moves ---------------------------------------------------------------------------------
    # One listing per position, shared by legal_moves(), find(), play() and the preview (issue 25 item 2).
    # The text map a typed move needs is built from it on the first look-up by a text that is not a
    # listed move's own (a person's typing); a move's own text (a program, a replay) is found in the list.

    @property
    def _legal(self):
        """The position's text map, or None (older code and tests set it to None after changing the state by
        hand: that forgets the whole listing, so the next look-up lists the position again)."""
        return self._map

    @_legal.setter
    def _legal(self, value):
        self._map = value
        self._moves = None

    def _listing(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            finished = self._finished   # the property's cached answer read here: a call less on every move
            if finished is None:
                finished = self.finished
            moves = self._moves = [] if finished else self.rules.legal(self.state)
        return moves

    def _legal_map(self) -> dict[str, Move]:
        legal = self._map
        if legal is None:
            moves = self._listing()
            # a MoveList (an engine's cached list) brings its own map; never mutated, so it can be shared
            legal = self._map = moves.by_text if type(moves) is MoveList else {m.text: m for m in moves}
        return legal

    def legal_moves(self) -> list[Move]:
        if self._unique:     # no two listed moves share a text: the list is the map's values
            moves = self._moves
            return list(self._listing() if moves is None else moves)
        return list(self._legal_map().values())

    def find(self, text: str) -> Move:
        """Resolve typed text to the legal Move it means, without playing it."""
        legal = self._map
        if legal is not None:   # the common case: the position's listing is cached (and so not finished)
            move = legal.get(text)  # a listed move's own text needs no normalising
            if move is not None:
                return move
        elif self.rules.unique_texts:
            for move in self._listing():    # a listed move's own text, as legal_moves() gave it
                if move.text is text:
                    return move
        if self.finished:
            raise GameOver(_("The game is over; no more moves can be entered (undo to change the end)."))
        legal = self._legal_map()
        move = legal.get(text)
        if move is not None:
            return move
        norm = normalize(text)
        if not norm:
            raise InvalidMove(_("The move is empty; type a move, or 'moves' to list the legal ones."))
        move = legal.get(norm)
        if move is None:
            canonical = self.rules.parse(self.state, norm)
            move = legal.get(normalize(canonical))
            if move is None:  # the engine understood it but did not list it: never guess
                raise IllegalMove(_("{move} is not a legal move now.").format(move=canonical))
        return move

    def preview(self, text: str) -> str:
        """A one-line preview of typed text: the canonical move and what it would do, or why not."""
        from .errors import RefereeError

        try:
            move = self.find(text)
        except RefereeError as err:
            return f"✗ {err}"
        detail = self.rules.preview(self.state, move)
        from .labels import of

        return f"→ {of(self, move)}" + (f": {detail}" if detail else "")   # as the display language says it

    def play(self, text: str) -> Move:
        """Parse, check and apply one move; the game is unchanged if this raises."""
        moves = self._moves
        if moves is not None and self._map is None and self._unique:
            for move in moves:      # find()'s first look, here: a listed move's own text (a program's play)
                if move.text is text:
                    break
            else:
                move = self.find(text)
        else:
            move = self.find(text)
        self.rules.apply(self.state, move)
        self._log.append(move)
        self._moves = self._map = None
        self._finished = None
        return move

    def play_listed(self, text: str) -> Move:
        """play(text) for a move written as the engine lists it (a record's moves, replayed on import): the
        move is looked for in the position's legal list as it comes, without building the text map a typed
        move needs (a fifth of a replay's time); any other text goes through play(). The same checks: a
        move is applied only if it is listed now."""
        if self._map is None and not self.finished:
            listed = self.rules.listed
            if listed is not None and self._moves is None:
                # the engine finds a listed move's own text without listing the position; when it does not
                # (None), the position is listed below and the move looked for there, as before
                move = listed(self.state, text)
                if move is not None:
                    self.rules.apply(self.state, move)
                    self._log.append(move)
                    self._finished = None
                    return move
            moves = self._listing()
            if type(moves) is MoveList:
                move = moves.by_text.get(text)
            else:
                move = None
                for m in reversed(moves):   # the last of equal texts, as the text map keeps it
                    if m.text == text:
                        move = m
                        break
            if move is not None:
                self.rules.apply(self.state, move)
                self._log.append(move)
                self._moves = None
                self._finished = None
                return move
        return self.play(text)

    def replay(self, texts: list, refused) -> None:
        """Play every text in turn, as a record's or a stored game's moves are played again: in play_run's
        quick loop where the engine finds a move by its text, by play_listed() each other one (the same
        checks). A text refused calls ``refused(index, error)``, which raises the caller's own error."""
        if self.rules.listed is None:   # every move by play_listed (a replay's 3.5 million: no call more)
            for at, text in enumerate(texts):
                try:
                    self.play_listed(text)
                except RefereeError as err:
                    refused(at, err)
                    raise
            return
        at = self.play_run(texts)
        while at < len(texts):
            try:
                self.play_listed(texts[at])
            except RefereeError as err:
                refused(at, err)
                raise
            at += 1 + self.play_run(texts, at + 1)

    def play_run(self, texts: list, start: int = 0) -> int:
        """play_listed() of each text in turn, as far as the engine finds each by Rules.listed (a record's
        replay: 3.5 million moves on a large import, so one tight loop, not a call per move); returns how
        many were played, from ``texts[start]`` on. It stops before the first text the engine does not find
        that way (or once the game is over): the caller plays that one with play_listed(), which lists the
        position and refuses it, or finds it there, exactly as before, and may then go on from the next."""
        listed = self.rules.listed
        if listed is None or self._map is not None or self._moves is not None:
            return 0
        if self.finished:
            return 0
        state, apply, log = self.state, self.rules.apply, self._log
        before = len(log)
        append = log.append
        for text in islice(texts, start, None):
            move = listed(state, text)      # (None once the game is over: Rules.listed lists as legal does)
            if move is None:
                break
            apply(state, move)
            append(move)
        played = len(log) - before
        if played:
            self._finished = None
        return played

    def undo(self, n: int = 1) -> list[Move]:
        """Take back the last n moves (chance events included) by replaying the rest of the log."""
        if n < 1:
            raise BadInput(_("Undo takes a positive number of moves."))
        if n > len(self._log):
            raise BadInput(_("Only {played} moves have been played; cannot undo {n}.").format(
                played=len(self._log), n=n))
        dropped = self._log[-n:]
        keep = self._log[:-n]
        self.state = self.rules.setup(list(self.players), self.options.copy())
        for move in keep:
            self.rules.apply(self.state, move)
        self._log = keep
        self._moves = self._map = None
        self._finished = None
        return dropped

    # --- state ---------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        if self._finished is None:
            self._finished = self.rules.finished(self.state)
        return self._finished

    def result(self):
        return self.rules.result(self.state) if self.finished else None

    @property
    def to_move(self) -> str | None:
        return None if self.finished else self.rules.to_move(self.state)

    def default_move(self) -> Move | None:
        """The move an empty entry (Enter) plays now, where the table has an obvious one, else None.
        An engine offers one through ``Rules.default_move(state)`` returning a legal move's text."""
        if self.finished:
            return None
        pick = getattr(self.rules, "default_move", None)
        text = pick(self.state) if pick is not None else None
        return self._legal_map().get(text) if text else None

    def prompt(self) -> str:
        return _("The game is over.") if self.finished else self.rules.prompt(self.state)

    def view(self) -> dict:
        return self.rules.view(self.state)

    def events(self) -> list[str]:
        """What the last move did (payouts, busts, completions), one sentence each."""
        return self.rules.events(self.state) if self._log else []

    def render(self):
        return self.rules.render(self.state)

    def secret(self, player: str) -> str | None:
        """What only this player may see now (Puerto Rico's VP chips), or None: the game has no secrets."""
        return self.rules.secret(self.state, player)

    def check(self) -> None:
        self.rules.check(self.state)

    def to_record(self, **extra_headers) -> str:
        from .record_text import write_record

        return write_record(self, **extra_headers)

    def __repr__(self):
        return f"<Game {self.game} {', '.join(self.players)}: {len(self._log)} moves>"
