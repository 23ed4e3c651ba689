"""One entry at the table (or one `referee move` argument) -> the legal moves it names.

An entry is what a player says in one breath: one move ('bob take corn'), or several ('flip, blue 2 3',
'repel then flip', 'reveal corn indigo sugar'). Each move in it is checked and recorded as its own move, and
the entry is all-or-nothing: if any move is refused, the game is left as it was before the entry and the
refusal names the piece ("In 'x y z': 'z' ...").

How a line is read, never guessing:

1. The game may read it first: an engine may define ``Rules.split_entry(state, text) -> list[str] | None``
   returning the pieces it reads the text as (Port Royal: a card's name alone in phase 1 is 'flip' and that
   card), or None to leave it to the steps below. It may raise a RefereeError to refuse the text outright.
2. ';' and ', ' (a comma before a space) separate moves, when the whole line is not one move.
3. A piece is tried whole as one move. If the notation does not understand it as one move (InvalidMove),
   the longest leading run of words that is exactly one legal move now is played and the rest is read the
   same way from the new position ('then', 'and', 'a', 'pak', 'potom' between two moves are skipped).
   A piece that is ambiguous (AmbiguousMove), or understood but not allowed (IllegalMove), is refused as
   it is: never split differently to make it fit.

``rehearse(game, text)`` is what Enter will do (the same reading, the game left as it is);
``preview_entry(game, text)`` says it in one line: the table's live preview.
``is_table_command(game, word)`` says whether the table may read a word as its own command (quit, undo,
help...): only when the word is not a move's abbreviation in this position.
"""

from __future__ import annotations

import re

from ..i18n import _
from .errors import AmbiguousMove, IllegalMove, InvalidMove, RefereeError
from .game import Game
from .move import Move

# Words said between two moves ("repel then flip", Czech "odrazit a otočit"): skipped between moves only.
JOINERS = frozenset(("then", "and", "a", "pak", "potom", "&"))
# No move of any game is said in more words than this; an entry is at most so many words (a hostile or pasted
# line is refused in one sentence, not read for minutes).
MOVE_WORDS = 16
ENTRY_WORDS = 200
ENTRY_CHARS = 1000
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_TRAILING = re.compile(r"(?<=\S)[\s,;.]+$")
_HARD = re.compile(r"\s*;\s*|\s*,\s+")     # ',' before a space: '0,-1' is one word of a notation


def play_entry(game: Game, text: str) -> list[Move]:
    """Apply the moves one entry names, in order; on any refusal, take back what was applied and re-raise."""
    if len(text) > ENTRY_CHARS:
        raise InvalidMove(_("The entry is {n} characters long; enter at most {most} at a time.").format(
            n=len(text), most=ENTRY_CHARS))
    if _CONTROL.search(text):                 # an escape sequence must never reach a refusal on the screen
        raise InvalidMove(_("The entry contains a control character; type the move again."))
    if len(text.split()) > ENTRY_WORDS:
        raise InvalidMove(_("The entry is {n} words long; enter at most {most} words at a time.").format(
            n=len(text.split()), most=ENTRY_WORDS))
    text = _TRAILING.sub("", text)            # 'sailor 3 1,' / 'stop.' as typed in a hurry
    if not _HARD.sub(" ", text).strip():
        return [play_named(game, text)]       # nothing to read: the game's own "type a move" sentence
    before = len(game.moves)
    done: list[Move] = []
    try:
        pieces = [p for p in _HARD.split(text.strip()) if p] or [text]
        if len(pieces) > 1:
            try:                              # a notation may use ', ' itself: a whole line that is one move
                _play(game, text, text, done)
                return done
            except RefereeError:
                pass                          # else the pieces, whose own refusal is the one to show
        for piece in pieces:
            _play_words(game, piece, text, done)
        return done
    except RefereeError:
        extra = len(game.moves) - before
        if extra:
            game.undo(extra)
        raise


def _in_entry(err: RefereeError, piece: str, entry: str) -> RefereeError:
    """The refusal of one piece of a longer entry, saying which piece (same class: same exit code)."""
    said = " ".join(entry.split())
    if " ".join(piece.split()) == said:
        return err
    if len(said) > 48:                        # the piece is what matters; a long line is not echoed whole
        said = said[:45] + "..."
    return type(err)(_("In '{entry}': '{piece}': {why}").format(entry=said, piece=" ".join(piece.split()),
                                                                why=err))


def _play(game: Game, text: str, entry: str, done: list) -> None:
    """One move of the entry: it must be the same player's as the entry's other moves (chance aside), unless
    the piece names its player: an entry is what one player says, and a move that would fall to the next
    player ('take sailor take flute' when Ann may take one card) must not be given to him unasked."""
    named, _rest = split_player(game.players, text)
    move = play_named(game, text)
    speaker = next((m.player for m in done if not m.chance and m.player), None)
    if named is None and not move.chance and move.player and speaker and move.player != speaker:
        game.undo(1)
        raise IllegalMove(_("{move} would be {player}'s move, not {speaker}'s: enter it on its own line, or "
                            "lead it with {player}'s name.").format(move=move.text, player=move.player,
                                                                   speaker=speaker))
    done.append(move)


def _play_words(game: Game, text: str, entry: str, done: list) -> None:
    """One piece (no ',' or ';'): the game's reading, else whole, else the longest legal leading words."""
    words = text.split()
    while words:
        chunk = " ".join(words)
        split = getattr(game.rules, "split_entry", None)
        if split is not None and not game.finished:
            try:
                pieces = split(game.state, chunk)
            except RefereeError as err:
                raise _in_entry(err, chunk, entry) from None
            if pieces and pieces != [chunk]:
                for piece in pieces:
                    _play_words(game, piece, entry, done)
                return
        try:
            _play(game, chunk, entry, done)
            return
        except AmbiguousMove as err:
            raise _in_entry(err, chunk, entry) from None
        except InvalidMove as err:
            whole = err                       # not one move in the notation: perhaps several
        except RefereeError as err:
            raise _in_entry(err, chunk, entry) from None
        if len(words) == 1:
            raise _in_entry(whole, chunk, entry) from None
        for k in range(min(len(words) - 1, MOVE_WORDS), 0, -1):
            head = " ".join(words[:k])
            try:
                _play(game, head, entry, done)
            except AmbiguousMove as err:
                raise _in_entry(err, head, entry) from None
            except InvalidMove:
                continue
            except RefereeError as err:
                raise _in_entry(err, head, entry) from None
            words = words[k:]
            while len(words) > 1 and words[0].casefold() in JOINERS:
                words = words[1:]
            break
        else:
            raise _in_entry(whole, chunk, entry) from None


def rehearse(game: Game, text: str) -> list[Move]:
    """What Enter will do with ``text``: the moves ``play_entry`` applies, or the very refusal it raises, with
    ``game`` left untouched. The same function reads the entry (play_entry), on a stand-in for the game
    (_Rehearsal) that copies the position only when a later move of the entry must see an earlier one: a
    one-move entry costs a lookup, not a copy of the board (a late Carcassonne board takes 0.3 s to copy)."""
    return play_entry(_Rehearsal(game), text)


def preview_entry(game: Game, text: str) -> str:
    """The live preview of a typed entry: '→ <the moves as the display language says them>: <what the last
    one would do>', or '✗ <the refusal Enter would show>'. Read by ``rehearse``, the path Enter takes."""
    try:
        moves = rehearse(game, text)
    except RefereeError as err:
        return f"✗ {err}"
    before = _position_after(game, tuple(m.text for m in moves[:-1])) if len(moves) > 1 else game
    detail = game.rules.preview(before.state, moves[-1])
    from .labels import many

    said = ", ".join(many(game, moves))
    return f"→ {said}" + (f": {detail}" if detail else "")


class _Rehearsal:
    """A stand-in for a Game that play_entry may play on without changing it. A move it is told to play is
    found in the position after the moves before it and kept aside (``pending``), never applied to the game;
    the position after pending moves is a copy made when something asks for it (the next move of the entry,
    its state), kept for the next keystrokes of the same entry (``_positions``) and never changed once made.
    Undo drops pending moves."""

    def __init__(self, game: Game):
        self._game = game
        self.rules, self.players, self.options = game.rules, game.players, game.options
        self.pending: list[Move] = []

    def current(self) -> Game:
        """The game as it stands after the pending moves (the real one while there are none)."""
        if not self.pending:
            return self._game
        return _position_after(self._game, tuple(m.text for m in self.pending))

    @property
    def moves(self) -> list[str]:
        return self._game.moves + [m.text for m in self.pending]

    @property
    def state(self):
        return self.current().state

    @property
    def finished(self) -> bool:
        return self.current().finished

    def find(self, text: str) -> Move:
        return self.current().find(text)

    def legal_moves(self) -> list[Move]:
        return self.current().legal_moves()

    def play(self, text: str) -> Move:
        move = self.current().find(text)      # Game.play's check; applying it is left to a later look
        self.pending.append(move)
        return move

    def undo(self, n: int = 1) -> list[Move]:
        dropped = self.pending[-n:]
        del self.pending[-n:]
        return dropped


_POSITIONS: dict = {}       # (the game, its moves, the pending moves) -> that position (a copy); a few only
_KEEP = 4


def _position_after(game: Game, pending: tuple) -> Game:
    """A copy of ``game`` with ``pending`` (legal move texts) applied, made once per entry being typed: copying
    a late Carcassonne board takes 0.3 s, and every keystroke of 'place 1,-8 r0 farmer ...' asks again."""
    key = (id(game), tuple(game.moves), pending)
    got = _POSITIONS.get(key)
    if got is None:
        import copy

        base = game if len(pending) == 1 else _position_after(game, pending[:-1])
        got = copy.copy(base)
        got.state = copy.deepcopy(base.state)
        got._log = list(base._log)
        got._legal, got._finished = None, None
        got.play(pending[-1])
        while len(_POSITIONS) >= _KEEP:
            del _POSITIONS[next(iter(_POSITIONS))]
        _POSITIONS[key] = got
    return got


def is_table_command(game: Game, word: str) -> bool:
    """Whether the table may read ``word`` (the first word of an entry, e.g. 'q', 'u', 'help') as its own
    command: only when it is not a move, or the start of a move, in this position. 'q' at Puerto Rico's
    settler prompt takes a quarry; the table must not quit on it."""
    if not word or game.finished:
        return True
    text = " ".join(word.split())
    lowered = text.casefold()
    for move in game.legal_moves():
        if move.text == lowered or move.text.split()[0] == lowered:
            return False
    try:
        game.find(text)
    except AmbiguousMove:
        return False                          # a move's abbreviation, just not a unique one
    except RefereeError:
        return True                           # not a legal move now: the table's word wins
    return False


def split_player(players, text: str) -> tuple[str | None, str]:
    """('Bob', 'take corn') for 'bob take corn': a player's whole name (any case) leading the text."""
    words = text.split()
    best = None
    for name in players:
        n = len(name.split())
        if n < len(words) and " ".join(words[:n]).casefold() == " ".join(name.split()).casefold():
            if best is None or n > len(best.split()):
                best = name
    if best is None:
        return None, text
    return best, " ".join(words[len(best.split()):])


def play_named(game: Game, text: str) -> Move:
    """game.play(text); a move led by a player's name, as said at the table ('Bob take corn'), is played as
    that player's move, or refused when it is not his: whether the notation reads the name itself (Port
    Royal) or not (the name is taken off and the rest is the move)."""
    named, rest = split_player(game.players, text)
    if named is None:
        return game.play(text)
    try:
        move = game.find(text)
    except InvalidMove:
        try:
            move = game.find(rest)
        except RefereeError as after_name:
            raise after_name from None  # what is wrong with the move itself, not with the name
        refused = name_refusal(move, named)
        if refused:
            raise IllegalMove(refused) from None
        return game.play(move.text)
    if not move.chance and move.player is not None and move.player != named:
        raise IllegalMove(name_refusal(move, named))      # the notation took the name, the move is another's
    return game.play(move.text)


def name_refusal(move: Move, named: str) -> str | None:
    """Why ``move`` cannot be entered under player ``named``'s name, or None when it is his."""
    if move.player is None or move.chance:
        return _("{move} is a table event (chance), not {name}'s move; enter it without a name.").format(
            move=move.text, name=named)
    if move.player != named:
        return _("It is {player}'s turn, not {name}'s: {move} is {player}'s move.").format(
            player=move.player, name=named, move=move.text)
    return None
