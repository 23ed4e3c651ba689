"""One entry at the table (or one `referee move` argument) -> the legal moves it names.

An entry is what a player says in one breath. Today an entry is one move, possibly led by the player's name
('bob take corn'); games may accept several moves on one line. Whatever the form, an entry is applied only if
every move in it is exactly one legal move, and all-or-nothing: if any move is refused, the game is left as it
was before the entry.
"""

from __future__ import annotations

from .errors import IllegalMove, InvalidMove, RefereeError
from .game import Game
from .move import Move


def play_entry(game: Game, text: str) -> list[Move]:
    """Apply the moves one entry names, in order; on any refusal, take back what was applied and re-raise."""
    before = len(game.moves)
    try:
        return [play_named(game, text)]
    except RefereeError:
        extra = len(game.moves) - before
        if extra:
            game.undo(extra)
        raise


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
        return f"{move.text} is a table event (chance), not {named}'s move; enter it without a name."
    if move.player != named:
        return f"It is {move.player}'s turn, not {named}'s: {move.text} is {move.player}'s move."
    return None
