"""The table's own words (help, moves, undo, secret, quit...) and what they need from a game: shared by the
full-screen table, the line table and piped entries, with no screen of their own."""

from __future__ import annotations

from .. import session
from ..core.errors import BadInput, RefereeError
from ..core.players import find_player  # noqa: F401  (the table and the phones' console share it)
from ..i18n import N_, _

COMMANDS = {      # texts translated where shown (_(text))
    "help": N_("this help and the game's notation"),
    "moves": N_("list the legal moves now"),
    "board": N_("show the table again"),
    "undo": N_("take back the last move (undo N: the last N)"),
    "record": N_("print the game record so far"),
    "secret": N_("secret NAME (or vp NAME): what only that player may see, such as face-down VP chips; "
                 "shown until a key hides it, never in the board or the record"),
    "quit": N_("leave the table (the game is saved; `referee play` resumes it)"),
}
SYNONYMS = {"?": "help", "exit": "quit", "q": "quit", "show": "board", "legal": "moves", "back": "undo",
            "vp": "secret"}
SECRET_WORDS = tuple(w for w in ("secret", *SYNONYMS) if SYNONYMS.get(w, w) == "secret")


def has_secrets(game) -> bool:
    """Whether the game keeps anything from some players (an engine answers for every player or none)."""
    return game.secret(game.players[0]) is not None


def secret_of(game, typed: str) -> tuple[str | None, str]:
    """(player, what only that player may see) for a typed name, or (None, a sentence saying the game has no
    secrets). Raises BadInput when the name is not one player's."""
    if not has_secrets(game):
        return None, _("{game} has no secret information: everything is on the board.").format(game=game.rules.name)
    player = find_player(game.players, typed)
    return player, game.secret(player)


def undo_count(words) -> int:
    """'undo' -> 1, 'undo 3' -> 3; anything else after undo is refused rather than taken as 1."""
    if len(words) == 1:
        return 1
    if len(words) == 2 and words[1].isdigit() and int(words[1]) > 0:
        return int(words[1])
    raise BadInput(_("undo takes how many moves to take back, e.g. undo 2, not {typed}.").format(
        typed=repr(" ".join(words[1:]))))



def is_move(game, text: str) -> bool:
    """Whether typed text names a legal move: then it is played even if it starts like a table command
    (Puerto Rico's 'q' at the settler takes the quarry; it does not leave the table)."""
    if game.finished:
        return False
    try:
        game.find(" ".join(text.split()))
        return True
    except RefereeError:
        return False


def undo_reopening(store, tracked, n: int):
    """Undo into a finished game, as the table's user just confirmed (session.undo's reopen=True where the
    store has that switch)."""
    import inspect

    kwargs = {"reopen": True} if "reopen" in inspect.signature(session.undo).parameters else {}
    return session.undo(store, tracked, n, **kwargs)
