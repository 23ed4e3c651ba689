"""A move as the table announces it."""

from __future__ import annotations


class Move:
    """One entry of the move log.

    ``text`` is the canonical notation (lowercase, single spaces), ``player`` the name of the player
    who makes it or None for a chance/table event, ``chance`` True for physical randomness entered by
    the user. ``action`` is the engine's own parsed form: plain immutable data that the engine's
    ``apply`` understands, so replaying the log needs no parsing.
    """

    __slots__ = ("text", "player", "chance", "action")

    def __init__(self, text: str, player: str | None, chance: bool = False, action=None):
        self.text = text
        self.player = player
        self.chance = chance
        self.action = action

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return (self.text, self.player, self.chance) == (other.text, other.player, other.chance)

    def __hash__(self):
        return hash((self.text, self.player, self.chance))

    def __repr__(self):
        who = "chance" if self.chance else self.player
        return f"<Move {self.text!r} by {who}>"

    def to_dict(self) -> dict:
        return {"text": self.text, "player": self.player, "chance": self.chance}


class MoveList(list):
    """A legal-move list that an engine builds once and returns for many positions (a cached chance list:
    every card a pile may turn up). It carries its text -> Move map, so the core does not rebuild the map
    for every position that lists it. Never mutate one after it was returned."""

    __slots__ = ("by_text",)

    def __init__(self, moves=()):
        super().__init__(moves)
        self.by_text = {m.text: m for m in self}


def normalize(text: str) -> str:
    """Case-insensitive notation: lowercase, trimmed, single spaces."""
    return " ".join(text.strip().lower().split())
