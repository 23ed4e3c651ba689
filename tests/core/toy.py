"""A tiny game for testing the core without any real engine: a die is rolled (chance), then the
player to move keeps the roll or gives it to the other player. First to 10 points ends it."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core import IllegalMove, InvalidMove, Move, Option, Rules
from referee.core.registry import GAMES, _cache, register
from scoring import rank


@dataclass
class ToyState:
    players: list
    target: int
    scores: list = field(default_factory=list)
    turn: int = 0
    roll: int | None = None


class ToyRules(Rules):
    def __init__(self):
        super().__init__(id="toy", name="Toy", min_players=2, max_players=3,
                         options=(Option("target", 10, "points that end the game"),
                                  Option("fast", False, "a bool option")))
        self.notation = "roll N (chance), keep, give"

    def setup(self, players, options):
        return ToyState(players, options["target"], [0] * len(players))

    def legal(self, s):
        if s.roll is None:
            return [Move(f"roll {k}", None, True, ("roll", k)) for k in (1, 2, 3)]
        p = s.players[s.turn]
        return [Move("keep", p, False, ("keep",)), Move("give", p, False, ("give",))]

    def apply(self, s, m):
        kind = m.action[0]
        if kind == "roll":
            s.roll = m.action[1]
            return
        target = s.turn if kind == "keep" else (s.turn + 1) % len(s.players)
        s.scores[target] += s.roll
        s.roll = None
        s.turn = (s.turn + 1) % len(s.players)

    def parse(self, s, text):
        if text in ("k", "mine"):
            text = "keep"
        if text.startswith("roll ") or text.isdigit():
            n = text.split()[-1]
            if s.roll is not None:
                raise IllegalMove("The die is already rolled; the player keeps or gives it.")
            raise IllegalMove(f"A die shows 1 to 3, not {n}.")
        if text in ("keep", "give"):
            if s.roll is None:
                raise IllegalMove("Roll the die first.")
            return text
        raise InvalidMove(f"{text!r} is not a toy move; type roll N, keep or give.")

    def finished(self, s):
        return max(s.scores) >= s.target and s.roll is None

    def result(self, s):
        return rank("toy", [(p, {"points": sc}, None) for p, sc in zip(s.players, s.scores)])

    def to_move(self, s):
        return None if s.roll is None else s.players[s.turn]

    def view(self, s):
        return {"scores": list(s.scores), "turn": s.turn, "roll": s.roll}

    def render(self, s):
        return " ".join(f"{p}={sc}" for p, sc in zip(s.players, s.scores))

    def check(self, s):
        assert all(sc >= 0 for sc in s.scores)


RULES = ToyRules()


def install():
    if "toy" not in GAMES:
        register("toy", __name__, "Toy")
    _cache.pop("toy", None)
