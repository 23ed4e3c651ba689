"""The exceptions a user can meet. Each carries one sentence and the CLI exit code (contracts §1)."""


class RefereeError(Exception):
    """Base of every error the referee reports to a user: str() is one clear sentence."""

    exit_code = 2


class BadInput(RefereeError):
    """Bad usage or bad input: unknown game, malformed file, unknown id, bad option (exit 2)."""

    exit_code = 2


class IllegalMove(RefereeError):
    """A rule says no: the move is understood but not allowed now (exit 1)."""

    exit_code = 1


class InvalidMove(IllegalMove):
    """The text is not a move in the game's notation at all (a typo): bad input, exit 2."""

    exit_code = 2


class AmbiguousMove(InvalidMove):
    """The text matches more than one legal move; the sentence lists the candidates (exit 2)."""


class GameOver(IllegalMove):
    """A move was entered after the game ended (exit 1)."""


class MovedOn(IllegalMove):
    """An entry typed at one position reached the game after it had moved on (another window played or took
    back a move meanwhile): nothing was applied; the entry must be confirmed at the new position (exit 1)."""


class StoreError(RefereeError):
    """The history store cannot be read or written safely (corrupt, locked, newer schema): exit 2."""

    exit_code = 2


class WouldReopen(BadInput):
    """Taking back moves would cross the end of a finished game and take it out of the history; it needs
    to be asked for (`referee undo ID --reopen`, or a yes at the table). Nothing was changed (exit 2)."""


class HalfDone(StoreError):
    """A change of several files was stored only in part (a later step failed); the sentence says what was
    stored and how `referee repair` completes it (exit 2)."""
