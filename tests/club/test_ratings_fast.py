"""The ratings' fast path (issue 25) gives openskill's own numbers to the last bit: the same plays rated with
PlackettLuce.rate() and with the reused scratch objects, ties and 2-8 seats included."""

import random
from types import SimpleNamespace

from referee.club.stats import ratings


def _plays(n, seed=7):
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(30)]
    out = []
    for i in range(n):
        k = rng.randint(1, 8)
        seats = [SimpleNamespace(key=name, name=name.upper(), rank=rng.choice([None, *range(1, k + 1)]))
                 for name in rng.sample(names, k)]
        out.append(SimpleNamespace(seats=seats, coop=rng.random() < 0.05, id=f"g{i}", date="2026-01-01"))
    return out


def test_the_fast_path_is_in_use():
    assert isinstance(ratings.Rater()._rate, ratings._Fast)


def test_fast_ratings_equal_openskill_rate_to_the_bit():
    plays = _plays(3000)
    fast = ratings.Rater()
    slow = ratings.Rater()
    slow._rate = slow._openskill_rate          # openskill's rate() itself, as before issue 25
    for play in plays:
        fast.add(play)
        slow.add(play)
    assert fast.table.keys() == slow.table.keys()
    for key, r in fast.table.items():
        s = slow.table[key]
        assert (r.mu, r.sigma, r.plays, r.name) == (s.mu, s.sigma, s.plays, s.name)
        assert r.values.tobytes() == s.values.tobytes() and r.played == s.played


def test_one_call_equals_rate_with_ties():
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    fast = ratings._Fast.for_model(model)
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(2, 7)
        players = [(rng.uniform(0, 50), rng.uniform(0.5, 9)) for _ in range(n)]
        ranks = [rng.randint(1, n) for _ in range(n)]
        want = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in players], ranks=list(ranks))
        assert fast(players, list(ranks)) == [(t[0].mu, t[0].sigma) for t in want]
