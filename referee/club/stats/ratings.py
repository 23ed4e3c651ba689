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
        # the player's rating object, kept between plays: making a new one each time costs a uuid and a copy
        self._objects = {k: self.model.rating(mu=r.mu, sigma=r.sigma, name=k) for k, r in self.table.items()}

    def add(self, play, history=True) -> None:
        """A play with fewer than two seats, or a cooperative one (no finishing order), changes nothing.
        ``history``: keep every player's rating after it (True), nobody's (False), or those of a set of keys."""
        seats = play.seats
        if len(seats) < 2 or getattr(play, "coop", False):
            return
        table, objects = self.table, self._objects
        teams, ranks = [], []
        for seat in seats:
            r = table.get(seat.key)
            if r is None:
                r = table[seat.key] = Rating(seat.key, seat.name)
                objects[seat.key] = self.model.rating(mu=r.mu, sigma=r.sigma, name=seat.key)
            teams.append([objects[seat.key]])
            ranks.append(seat.rank or 1)
        result = self.model.rate(teams, ranks=ranks)
        for seat, team in zip(seats, result):
            r = table[seat.key]
            objects[seat.key] = team[0]
            r.mu, r.sigma = team[0].mu, team[0].sigma
            r.plays += 1
            r.name = seat.name
            if history is True or (history and seat.key in history):
                r.played.append(play)
                r.values.append(round(r.conservative, 2))


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
