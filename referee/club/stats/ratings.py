"""Ratings with uncertainty for a club: few plays per person, multiplayer finishing orders, ties.

A Weng-Lin (Plackett-Luce) model from the maintained ``openskill`` package: each player has a skill ``mu``
and an uncertainty ``sigma`` (everyone starts at mu 25, sigma 25/3). After each play every player's
rating moves by how surprising the finishing order was given both; ties share a rank. Players are ranked by
the *conservative estimate* ``mu - 3 sigma`` (openskill's ordinal): a player with one lucky win stays below
one with a steady record, which is what a club with 2-10 plays a person needs (Elo, with no uncertainty,
calls a 1-in-3 player better than a 2-in-3 one after a few plays).

Pure functions of the plays (club.stats.Play, oldest first); openskill is imported only when rating.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

START_MU = 25.0
START_SIGMA = 25.0 / 3.0


@dataclass
class Rating:
    key: str                     # casefolded name
    name: str
    mu: float = START_MU
    sigma: float = START_SIGMA
    plays: int = 0
    # after each play: the play, and the conservative estimate (kept as 8 bytes: 100,000 plays make 350,000)
    played: list = field(default_factory=list)
    values: array = field(default_factory=lambda: array("d"))

    @property
    def conservative(self) -> float:
        return self.mu - 3.0 * self.sigma

    @property
    def history(self) -> list:
        """[(date, play id, conservative estimate)] after each play."""
        return [(p.date, p.id, v) for p, v in zip(self.played, self.values)]


class Rater:
    """Ratings kept play by play, oldest first: ``add`` one play at a time (how `stats` brings a saved table
    up to date with the plays stored since), ``table`` the ratings so far."""

    def __init__(self, table: dict[str, Rating] | None = None):
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.table: dict[str, Rating] = table if table is not None else {}
        self._rate = _Fast.for_model(self.model) or self._openskill_rate

    def _openskill_rate(self, ratings: list[tuple[float, float]], ranks: list) -> list[tuple[float, float]]:
        model = self.model
        result = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings], ranks=ranks)
        return [(team[0].mu, team[0].sigma) for team in result]

    def add(self, play, history=True) -> None:
        """A play with fewer than two seats, or a cooperative one (no finishing order), changes nothing.
        ``history``: keep every player's rating after it (True), nobody's (False), or those of a set of keys."""
        seats = play.seats
        if len(seats) < 2 or getattr(play, "coop", False):
            return
        table = self.table
        ratings, ranks = [], []
        for seat in seats:
            r = table.get(seat.key)
            if r is None:
                r = table[seat.key] = Rating(seat.key, seat.name)
            ratings.append((r.mu, r.sigma))
            ranks.append(seat.rank or 1)
        for seat, (mu, sigma) in zip(seats, self._rate(ratings, ranks)):
            r = table[seat.key]
            r.mu, r.sigma = mu, sigma
            r.plays += 1
            r.name = seat.name
            if history is True or (history and seat.key in history):
                r.played.append(play)
                r.values.append(round(r.conservative, 2))


class _Fast:
    """openskill's ``PlackettLuce.rate`` for one player per team, without its per-call costs: rate() deep-copies
    every rating (a new object and a uuid4 each) and checks its arguments, 39% of a full `stats` recount
    (issue 25). This does what rate() does before and after its computation (tau added to sigma, teams put in
    rank order and back) on a few scratch rating objects reused play after play, and leaves the computation
    itself (``_compute``) to openskill: the same numbers to the last bit (tests/club/test_ratings_fast.py
    compares them with rate() over thousands of plays). Used only for the model's defaults it was checked
    with; with another openskill (no ``_compute`` or ``_unwind``) or other settings, rate() itself runs."""

    def __init__(self, model, unwind):
        self.model, self.unwind = model, unwind
        self.tau_squared = model.tau * model.tau
        self.scratch: list = []

    @classmethod
    def for_model(cls, model):
        try:
            from openskill.models.weng_lin.common import _unwind
        except ImportError:
            return None
        if not callable(getattr(model, "_compute", None)) or model.limit_sigma or model.balance:
            return None
        return cls(model, _unwind)

    def __call__(self, ratings: list[tuple[float, float]], ranks: list) -> list[tuple[float, float]]:
        scratch, sqrt = self.scratch, math.sqrt
        while len(scratch) < len(ratings):
            scratch.append(self.model.rating())
        teams = []
        for (mu, sigma), player in zip(ratings, scratch):
            player.mu, player.sigma = mu, sqrt(sigma * sigma + self.tau_squared)
            teams.append([player])
        ordered, tenet = self.unwind(ranks, teams)
        result = self.model._compute(teams=ordered, ranks=sorted(ranks), scores=None, weights=None)
        return [(team[0].mu, team[0].sigma) for team in self.unwind(tenet, result)[0]]


def rate(plays, game: str | None = None, history=True) -> dict[str, Rating]:
    """Ratings after every play in order (of one game id, or of all games when ``game`` is None).
    A play with fewer than two seats, or a cooperative one (no finishing order), changes nothing.
    ``history``: as Rater.add."""
    rater = Rater()
    for play in plays:
        if game is None or play.game == game:
            rater.add(play, history)
    return rater.table


def standings(table: dict[str, Rating]) -> list[Rating]:
    """Best first by the conservative estimate; equal estimates by more plays, then name."""
    return sorted(table.values(), key=lambda r: (-round(r.conservative, 6), -r.plays, r.key))
