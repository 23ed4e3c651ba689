"""Carcassonne table state: plain data, mutated only by rules.apply."""

from __future__ import annotations

from dataclasses import dataclass, field

from .features import Board

FOLLOWERS = 7
GOODS = ("wine", "grain", "cloth")
GOODS_SUPPLY = {"wine": 9, "grain": 6, "cloth": 5}


@dataclass
class State:
    players: list
    options: dict
    board: Board = field(default_factory=Board)
    bag: dict = field(default_factory=dict)          # tile key -> tiles left to draw
    counts: dict = field(default_factory=dict)       # tile key -> tiles of the type in the game
    discarded: list = field(default_factory=list)    # keys of tiles drawn but unplaceable (P5)
    hand: str | None = None                          # the drawn tile waiting to be placed
    phase: str = "draw"                              # draw, place, figure, over
    current: int = 0                                 # seat of the active player
    part: int = 1                                    # part of the turn (2 = builder's extra tile)
    trigger: bool = False                            # the tile just placed extended own builder's feature
    last: int | None = None                          # index of the last placed tile
    scores: list = field(default_factory=list)
    supply: list = field(default_factory=list)       # followers in supply per player
    builder: list = field(default_factory=list)      # builder in supply per player
    pig: list = field(default_factory=list)          # pig in supply per player
    goods: list = field(default_factory=list)        # per player {good: tokens}
    events: list = field(default_factory=list)       # (move number, text) of scorings, discards, turn notes
    gains: list = field(default_factory=list)        # (player, points, what): every score change
    moves: int = 0                                   # moves applied
    declined: int = 0                                # builder extra tiles declined (O4)

    @property
    def n(self) -> int:
        return len(self.players)

    def note(self, text) -> None:
        """An event of this move: a sentence, or a callable writing it when read (core/said.py)."""
        self.events.append((self.moves, text))
