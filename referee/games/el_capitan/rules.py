"""El Capitan's engine: its parts live in their own modules (this commit only renames the old rules.py to
play.py, so that `git log --follow` keeps the history of the largest part)."""

from .play import (_CACHE, _KNOWN_REVEAL, _PER_PLAYER, _PLAYER_MOVES, _REVEAL_MOVES,  # noqa: F401 (tests)
                   ElCapitanRules, _PlayerMoves)
