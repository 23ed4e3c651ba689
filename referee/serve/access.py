"""Who may enter what from a phone: a seat its own moves; a chance move (a flipped card, a drawn tile,
turned-up plantations) the player to move; a watcher nothing. The laptop enters anything through the Python
API (session.enter) and never comes here.

Undo from a phone: the seat whose move is the last one takes it back, one move at a time. Whose a move is, is
read from the position, not from who happened to send it (the table and the CLI enter moves too):
- a player's move is that player's;
- a chance move (a flipped card, a drawn tile, turned-up plantations, El Capitan's new cards) is its owner's,
  the player who enters it by the rules above (chance_owner at the position before it). So the player who
  flipped a card may take that flip back, and after it their own move before it, one tap each.
A watcher never undoes; the laptop undoes anything (`undo` at the table, `referee undo`)."""

from __future__ import annotations

import copy
import hashlib
from collections import OrderedDict

_MOVERS: OrderedDict = OrderedDict()    # (title, players, version) -> last mover: state() asks per seat


def _is_chance(move) -> bool:
    return bool(move.chance or move.player is None)


def _last_player_move(log) -> str | None:
    for move in reversed(log):
        if not _is_chance(move):
            return move.player
    return None


def _by_the_rulebook(title: str, log, chance_text: str) -> str | None:
    """Whose hand turns up this chance move, where the game's rulebook (the Czech seed) names a player other
    than the next one to move; None: the next player to move (see _next_player).

    - Port Royal: the active player flips the cards of the harbour one by one (their `flip`, then the card
      turned up), whoever the turn passes to after a bust.
    - Puerto Rico: "Následně osadník ... otočí lícem nahoru" — the settler (who chose the settler role) turns
      up the new plantations at the end of the settler phase; at setup, and for the hacienda's face-down
      plantation, the player to move (the governor, the hacienda's owner).
    - El Capitan: the open cards are filled up "poté, co hráčovo kolo skončilo", as the turn of the player
      who just played ends; at setup, the starting player.
    - Carcassonne: each player draws their own tile at the start of their turn: the next player."""
    if title == "port-royal" or title == "el-capitan":
        return _last_player_move(log)
    if title == "puerto-rico" and chance_text.startswith("reveal"):
        for move in reversed(log):
            if not _is_chance(move) and move.text == "settler":
                return move.player
    return None


def _next_player(game) -> str | None:
    """The player the table moves to once the chance moves open now are entered. Found by applying chance
    moves to a copy of the position (the engines say no player while a chance move is open); else the player
    of the last move made by a player."""
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
    return _last_player_move(game.log)


_OWNERS: OrderedDict = OrderedDict()    # position -> chance owner: every seat's state asks, a copy is slow


def chance_owner(game) -> str | None:
    """The player who enters the chance moves open now (the one who flips, draws or turns up)."""
    moves = game.moves
    key = (game.game, tuple(game.players), len(moves), hashlib.sha256("\n".join(moves).encode()).digest())
    if key in _OWNERS:
        return _OWNERS[key]
    if game.to_move is not None:
        # a chance move listed beside a player's own moves (Port Royal's reshuffle while Bob is buying):
        # the player to move enters it, whoever flipped last (found by the phones' whole games)
        owner = game.to_move
    else:
        chance = next((m for m in game.legal_moves() if _is_chance(m)), None)
        ruled = _by_the_rulebook(game.game, game.log, chance.text if chance is not None else "")
        owner = ruled if ruled is not None else _next_player(game)
    _OWNERS[key] = owner
    while len(_OWNERS) > 64:
        _OWNERS.popitem(last=False)
    return owner


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


def last_mover(game) -> str | None:
    """The player whose move the last one is (see above), or None before the first move.

    For a chance move this is chance_owner at the position before it, read forward from the position after
    it (no replay): chance_owner applies the open chance moves and takes the first player the table moves
    to; after the last chance move that is the position now, unless more chance moves are still open."""
    log = game.log
    if not log:
        return None
    last = log[-1]
    if not _is_chance(last):
        return last.player
    ruled = _by_the_rulebook(game.game, log[:-1], last.text)
    if ruled is not None:
        return ruled
    if game.finished:
        return _last_player_move(log)
    legal = game.legal_moves()
    if legal and all(m.chance for m in legal):
        return _next_player(game)
    who = game.to_move
    if who is not None:
        return who
    owners = {m.player for m in legal if not m.chance and m.player}
    if len(owners) == 1:
        return owners.pop()
    return _last_player_move(log)


def may_undo(game, player: str | None, version: str) -> bool:
    """Whether the seat of ``player`` may take back the last move now (None, a watcher: never).
    A finished game is in the history: only the laptop reopens it (`referee undo ID --reopen`)."""
    if player is None or not game.moves or game.finished:
        return False
    key = (game.game, tuple(game.players), version)
    if key not in _MOVERS:
        _MOVERS[key] = last_mover(game)
        while len(_MOVERS) > 64:
            _MOVERS.popitem(last=False)
    return _MOVERS[key] == player
