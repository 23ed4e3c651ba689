"""The players a history knows ("did you mean" of `new` and `record`): each shard's list of names in
`KEY.names`, derived like its summary, and the summary's rows where that list is missing, stale or damaged."""

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.club.log.corrections import known_players
from referee.store import Store, shards
from referee.store.ids import ALPHABET


@pytest.fixture
def store(db, toy):
    return Store(db)


def play(gid, names):
    ranking = [{"player": n, "total": 10 - i, "rank": i + 1} for i, n in enumerate(names)]
    return {"id": gid, "game": "toy", "players": names, "source": "recorded", "date": "2025-03-01",
            "result": {"game": "toy", "winners": [names[0]], "ranking": ranking}}


def fill(store, n=200):
    rnd = random.Random(3)
    pool = ["Ann", "Bob", "Tomáš", "Eva", "Jiří", "Žofie", "Petr", "Lucie"]
    ids = sorted({"".join(rnd.choice(ALPHABET) for _ in range(6)) for _ in range(n)})
    store.add_archived([play(gid, rnd.sample(pool, 2 + i % 3)) for i, gid in enumerate(ids)])
    return {p.casefold() for p in pool}


def from_rows(store):
    return {p.casefold() for r in store.archived_summaries() for p in r.get("players")}


def test_every_shard_keeps_its_names_and_new_reads_them_not_the_summaries(store, monkeypatch):
    pool = fill(store)
    keys = shards.shard_keys(store.shards_dir)
    assert all((store.shards_dir / f"{k}.names").is_file() for k in keys)
    assert shards.shard_keys(store.shards_dir) == keys           # a names file is never taken for a shard
    monkeypatch.setattr(Store, "_summary", lambda *a: pytest.fail("read a summary"))
    assert {p.casefold() for p in known_players(Store(store.path))} == pool


@pytest.mark.parametrize("damage", ["missing", "garbage", "stale", "wrong shape"])
def test_a_missing_stale_or_damaged_names_file_falls_back_to_the_summary(store, damage):
    fill(store)
    key = shards.shard_keys(store.shards_dir)[0]
    names = store.shards_dir / f"{key}.names"
    if damage == "missing":
        names.unlink()
    elif damage == "garbage":
        names.write_bytes(b"\x00{not json")
    elif damage == "wrong shape":
        names.write_text('{"names": [1, 2], "shard_size": 0, "shard_mtime_ns": 0}', encoding="utf-8")
    else:   # the shard changed after its names were written (a crash between the two writes)
        data = names.read_bytes().replace(b'"names":[', b'"names":["Ghost",', 1)
        names.write_bytes(data)
        shard = store.shards_dir / f"{key}.json"
        st = shard.stat()
        os.utime(shard, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    got = {p.casefold() for p in Store(store.path).player_names()}
    assert got == from_rows(store) and "ghost" not in got


def test_a_rename_is_seen_at_once(store):
    from referee.club.log import corrections

    fill(store)
    corrections.rename(store, "Tomáš", "Tomas Novák")
    got = {p.casefold() for p in Store(store.path).player_names()}
    assert "tomas novák" in got and "tomáš" not in got
    assert {p.casefold() for p in Store(store.path).player_names()} == from_rows(store)


def _names_one_by_one(docs: dict) -> list[str]:
    """names_of as it was: a casefold() and a dict update per name."""
    names: dict = {}
    for _seq, doc in sorted(docs.items()):
        players = doc.get("players") if isinstance(doc, dict) else None
        for p in players if isinstance(players, list) else ():
            if isinstance(p, str):
                names[p.casefold()] = p
    return list(names.values())


class _Name(str):
    """A str subclass: not a plain text."""


_spellings = st.sampled_from(["Ann", "ann", "ANN", "Bob", "Tomáš", "TOMÁŠ", "Straße", "STRASSE", "ß", "ss", "",
                              "\u0130", "i\u0307"])
_players = st.one_of(st.lists(st.one_of(_spellings, _spellings.map(_Name), st.none(), st.integers(0, 2),
                                        st.just(["Ann"]), st.text(max_size=3)), max_size=4),
                     st.none(), st.just("Ann"), st.just({"Ann": 1}))
_docs = st.one_of(st.fixed_dictionaries({}, optional={"players": _players}), st.just(["not", "a", "game"]))


@settings(max_examples=1000, deadline=None)
@given(st.dictionaries(st.integers(0, 50), _docs, max_size=8))
def test_a_shards_names_are_what_one_by_one_gives(docs):
    assert shards.names_of(docs) == _names_one_by_one(docs)


def test_a_shards_names_spelled_one_way_each_or_several():
    docs = {2: {"players": ["Ann", "Bob"]}, 1: {"players": ["Bob", "Eva"]}, 3: {"players": ["eva", "Ann"]}}
    assert shards.names_of(docs) == _names_one_by_one(docs) == ["Bob", "eva", "Ann"]
    del docs[3]
    assert shards.names_of(docs) == _names_one_by_one(docs) == ["Bob", "Eva", "Ann"]
