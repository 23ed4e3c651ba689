"""Who may enter what from a phone: a seat its own moves; a chance move (a flipped card, a drawn tile,
turned-up plantations) the player to move; a watcher nothing. The laptop enters anything through the Python
API (session.enter) and never comes here."""

from __future__ import annotations

import copy


def chance_owner(game) -> str | None:
    """The player who enters the chance moves open now: the player the table moves to once they are entered
    (the one who flips, draws or chooses). Found by applying chance moves to a copy of the position (the
    engines say no player while a chance move is open); else the player of the last move made by a player."""
    if game.to_move is not None:     # a chance move beside a player's (Port Royal's reshuffle): theirs
        return game.to_move
    rules, state = game.rules, game.state
    for _ in range(12):
        moves = rules.legal(state)
        if not moves or not all(m.chance for m in moves):
            break
        if state is game.state:
            state = copy.deepcopy(state)
        rules.apply(state, moves[0])
        if rules.finished(state):
            break
        who = rules.to_move(state)
        if who is not None:
            return who
        owners = {m.player for m in rules.legal(state) if not m.chance and m.player}
        if len(owners) == 1:
            return owners.pop()
    for move in reversed(game.log):
        if not move.chance and move.player:
            return move.player
    return None


def may_enter(move, player: str | None, owner: str | None) -> bool:
    """Whether the seat of ``player`` (None: a watcher) may enter ``move``; ``owner``: chance_owner(game)."""
    if player is None:
        return False
    if move.chance or move.player is None:
        return owner == player
    return move.player == player


def legal_for(game, player: str | None) -> list:
    """The moves this seat may enter now."""
    if player is None or game.finished:
        return []
    moves = game.legal_moves()
    owner = chance_owner(game) if any(m.chance or m.player is None for m in moves) else None
    return [m for m in moves if may_enter(m, player, owner)]
