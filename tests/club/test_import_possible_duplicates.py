"""Possible duplicates within one file (issue 25 item 4 made their search linear): each new play is named
with the first play alike before it, a tracked play only with one that is not tracked (games tracked move
by move are different games however alike), as the search over every earlier play did."""

from __future__ import annotations

from referee.club.formats.parsed import Parsed
from referee.club.log.importer import import_into
from referee.store import Store


def _play(gid: str, tracked: bool) -> dict:
    return {"id": gid, "game": "port-royal", "players": ["Ann", "Bob"], "date": "2026-03-01",
            "source": "recorded", "has_record": tracked, "schema_version": 1,
            "result": {"game": "port-royal", "ranking": [
                {"player": "Ann", "total": 12, "rank": 1, "breakdown": {}},
                {"player": "Bob", "total": 9, "rank": 2, "breakdown": {}}], "winners": ["Ann"]}}


def _reference(flags: list[bool]) -> list[tuple[int, int]]:
    """(play, the play it is named alike with) by the search over every earlier play."""
    out = []
    for i, here in enumerate(flags):
        earlier = [j for j in range(i) if not (here and flags[j])]
        if earlier:
            out.append((i, earlier[0]))
    return out


def test_each_play_is_named_with_the_first_alike_it_may_be(tmp_path):
    import random

    rng = random.Random(5)
    for n in range(1, 40, 3):
        flags = [rng.random() < 0.6 for _ in range(n)]
        ids = [f"p{chr(97 + i // 26)}{chr(97 + i % 26)}22" for i in range(n)]
        parsed = Parsed(docs=[_play(gid, tracked) for gid, tracked in zip(ids, flags)])
        report = import_into(Store(tmp_path / f"h{n}.json"), parsed, dry_run=True)
        got = [(ids.index(d["id"]), ids.index(d["other"])) for d in report["possible_duplicates"]]
        assert got == _reference(flags), flags
