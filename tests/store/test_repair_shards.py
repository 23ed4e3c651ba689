"""`referee repair` and a damaged shard of the finished games (history.json.d/<key>.json).

A shard that is not JSON, has another shape, is truncated, a summary that claims to describe its shard but
lists other games, a new version of a shard left half-written by a multi-shard write: `repair` names the file
and the games it held, `--restore` puts back its last good copy, `--reset` sets it aside and keeps the rest of
the history, and every reading command says one sentence naming the file and `referee repair`.
"""

import json
import os

import pytest

from referee import session
from referee.core.errors import StoreError
from referee.store import Store, shards
from referee.club.log.repair import repair

from .test_layout import recorded

A1 = ["aa2345", "ae2345"]       # both in shard a1
OTHERS = ["cc2345", "kk2345"]


@pytest.fixture
def store(db, toy):
    store = Store(db)
    for i, gid in enumerate(A1 + OTHERS):
        store.add_archived([recorded(i, gid=gid)])    # a1 written twice: it has a last good copy
    return store



def shard(store, key="a1"):
    return store.shards_dir / f"{key}.json"


DAMAGE = {
    "torn": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "not JSON": lambda raw: b"{\"games\": {\"1\": ",
    "a list": lambda raw: b"[]",
    "games a list": lambda raw: b'{"games": []}',
    "a game numbered by a word": lambda raw: b'{"games": {"one": {}}}',
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_repair_names_a_damaged_shard_and_its_games_and_restore_puts_back_its_last_good_copy(store, how):
    path = shard(store)
    damaged = DAMAGE[how](path.read_bytes())
    path.write_bytes(damaged)
    with pytest.raises(StoreError) as said:
        repair(store)
    text = str(said.value)
    assert str(path) in text and "aa2345" in text and "ae2345" in text, text
    assert "`referee repair --restore`" in text and "\n" not in text
    with pytest.raises(StoreError, match="a1.json"):
        repair(store, set_aside=True)                   # it cannot read the games around it: says why
    message = repair(store, restore=True)
    assert "from its last good copy" in message, message
    kept = [p for p in store.shards_dir.iterdir() if p.name.startswith("a1.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    # the copy from before the shard's last write: ae2345 came with that write, the rest is untouched
    assert store.archived_ids() == {"aa2345", *OTHERS}
    assert "is sound" in repair(store)


@pytest.mark.parametrize("how", list(DAMAGE))
def test_reset_sets_a_damaged_shard_aside_and_keeps_the_rest_of_the_history(store, how):
    path = shard(store)
    damaged = DAMAGE[how](path.read_bytes())
    path.write_bytes(damaged)
    (store.shards_dir / "a1.json.bak").unlink()         # no good copy
    with pytest.raises(StoreError, match=r"no good copy to put back: `referee repair --reset`"):
        repair(store)
    before = {p.name: p.read_bytes() for p in store.shards_dir.iterdir()}
    with pytest.raises(StoreError, match="Nothing was changed"):
        repair(store, restore=True)
    assert {p.name: p.read_bytes() for p in store.shards_dir.iterdir()} == before
    message = repair(store, reset=True)
    assert "aa2345" in message and "The rest of the history is kept" in message, message
    assert store.archived_ids() == set(OTHERS)           # on today's main --reset emptied the whole history
    kept = [p for p in store.shards_dir.iterdir() if p.name.startswith("a1.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert any(p.name.startswith("a1.sum.json.damaged-") for p in store.shards_dir.iterdir())
    assert "is sound: 2 finished games" in repair(store)
    store.add_archived([recorded(9, gid="am2345")])      # the shard's place takes new games
    assert store.archived_ids() == {"am2345", *OTHERS}


def test_reset_reenters_the_tracked_games_of_a_set_aside_shard_from_their_move_records(store):
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 1})
    session.play(store, t, "roll 1")
    session.play(store, t, "keep")
    key = shards.shard_key(t.id)
    shard(store, key).write_text("{torn")
    message = repair(store, reset=True)
    assert t.id in message and "again from their move records" in message, message
    assert t.id in store.archived_ids() and store.get_archived(t.id)["result"]["winners"] == ["Ann"]


def test_a_summary_that_claims_its_shard_but_lists_other_games_is_rewritten_by_repair(store):
    path, summary = shard(store), store.shards_dir / "a1.sum.json"
    data = json.loads(summary.read_bytes())
    assert shards.summary_is_current(data, path)
    data["rows"] = [r.replace("aa2345", "zz9999") for r in data["rows"]]     # same shard size and time
    summary.write_text(json.dumps(data))
    with Store(store.path).lock:     # another writer at work: a reader cannot put the summary right itself
        # not believed (its seal fails): what `history` shows comes from the shard
        assert {r.get("id") for r in Store(store.path).archived_summaries()} == set(A1 + OTHERS)
    message = repair(store)
    assert "is sound" in message and "Rewrote 1 summary that did not describe its games (a1.sum.json)" in message
    assert {r.get("id") for r in store.archived_summaries()} == set(A1 + OTHERS)
    assert "Rewrote" not in repair(store)


def _half_written_commit(store):
    """A write across shards a1 and c0 stopped after its commit file: c0's new version is whole, a1's torn."""
    def doc(i, gid):
        return {"schema_version": 1, **recorded(i, gid=gid)}

    docs_a1 = {1: doc(0, "aa2345"), 2: doc(1, "ae2345"), 9: doc(9, "am2345")}
    docs_c3 = {3: doc(2, "cc2345"), 8: doc(8, "cg2345")}
    (store.shards_dir / ".a1.json.new").write_bytes(shards.encode_shard(docs_a1)[:30])
    (store.shards_dir / ".c3.json.new").write_bytes(shards.encode_shard(docs_c3))
    plan = {"replace": [[".a1.json.new", "a1.json"], [".c3.json.new", "c3.json"]]}
    (store.shards_dir / shards.COMMIT).write_text(json.dumps(plan))


@pytest.mark.parametrize("way", ["restore", "reset"])
def test_a_half_written_new_version_of_a_shard_is_set_aside_and_the_rest_of_the_write_completed(store, way):
    assert shards.shard_key("cg2345") == "c3" == shards.shard_key("cc2345")
    _half_written_commit(store)
    with pytest.raises(StoreError, match=r"\.a1\.json\.new is not valid JSON.*`referee repair`"):
        store.archived()
    with pytest.raises(StoreError) as said:
        repair(store)
    assert ".a1.json.new" in str(said.value) and "aa2345" in str(said.value)
    message = repair(store, **{way: True})
    assert ".a1.json.new" in message, message
    assert store.archived_ids() == {"aa2345", "ae2345", "cc2345", "cg2345", "kk2345"}
    assert "is sound" in repair(store) and not (store.shards_dir / shards.COMMIT).exists()


@pytest.mark.parametrize("command", [["history"], ["show", "aa2345"], ["stats"], ["players"],
                                     ["export", "{tmp}/out.json"], ["site", "{tmp}/site"], ["repair"],
                                     ["repair", "--set-aside"]])
def test_every_reading_command_meeting_a_damaged_shard_says_one_sentence_naming_it_and_repair(
        store, referee, command, tmp_path):
    shard(store).write_text("{torn")
    (store.shards_dir / "a1.json.bak").unlink()
    code, out, err = referee(*[c.format(tmp=tmp_path) for c in command])
    assert code == 2, (out, err)
    said = err.strip()
    assert said.count("\n") == 0 and str(shard(store)) in said and "`referee repair" in said, said


def test_show_of_a_game_in_another_shard_still_works(store, referee):
    shard(store).write_text("{torn")
    code, out, err = referee("show", "cc2345")
    assert code == 0 and "Ann" in out, err


def test_completion_meeting_a_damaged_shard_offers_nothing_and_prints_nothing(store, capsys):
    from referee.club import complete

    shard(store).write_text("{torn")
    assert complete.complete_game_ref(None, None, "a") == []
    assert complete.complete_player(None, None, "A") == []
    out = capsys.readouterr()
    assert out.out == out.err == ""


# --- score --record checks only what it writes ------------------------------------------------------------
def _score_input(tmp_path):
    from click.testing import CliRunner

    from referee.cli import cli

    data = json.loads(CliRunner().invoke(cli, ["score", "port-royal", "--template"]).stdout)
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data))
    return path


def test_score_record_reads_no_full_document_but_the_shard_it_writes(store, referee, tmp_path, monkeypatch):
    import referee.store.store as store_module

    monkeypatch.setattr(store_module, "new_id", lambda taken, length=6: "kq2345")   # shard k1, next to kk2345's k3
    shard(store).write_text("{torn")                       # a damaged shard elsewhere stops nothing
    read = []
    real = Store._shard_docs

    def counted(self, key, *a, **k):
        read.append(key)
        return real(self, key, *a, **k)

    monkeypatch.setattr(Store, "_shard_docs", counted)
    monkeypatch.setattr(Store, "archived", lambda self: pytest.fail("score --record read every game"))
    code, out, err = referee("score", "port-royal", _score_input(tmp_path), "--record")
    assert code == 0 and "Recorded game kq2345" in err, err
    assert set(read) == {shards.shard_key("kq2345")}


def test_score_record_says_a_damaged_shard_it_would_write_before_asking(store, referee, tmp_path, monkeypatch):
    import referee.store.store as store_module

    monkeypatch.setattr(store_module, "new_id", lambda taken, length=6: "am2345")   # into the damaged a1
    shard(store).write_text("{torn")
    before = {p.name: p.read_bytes() for p in store.shards_dir.iterdir()}
    code, out, err = referee("score", "port-royal", _score_input(tmp_path), "--record")
    assert code == 2 and str(shard(store)) in err and "`referee repair" in err and not out, err
    assert {p.name: p.read_bytes() for p in store.shards_dir.iterdir()} == before


def test_completion_reads_the_summaries_only(store, monkeypatch):
    from referee.club import complete

    monkeypatch.setattr(Store, "archived", lambda self: pytest.fail("completion read every game"))
    monkeypatch.setattr(Store, "_shard_docs", lambda self, *a, **k: pytest.fail("completion read a shard"))
    assert [i.value for i in complete.complete_game_ref(None, None, "a")] == A1
    assert "toy" in complete.complete_game_ref(None, None, "cc")[0].help
    assert [i.value for i in complete.complete_player(None, None, "b")] == ["Bob"]
    assert [i.value for i in complete.complete_location(None, None, "cl")] == ["Club"]


# --- a damaged root beside sound shards -------------------------------------------------------------------
def test_reset_of_a_damaged_root_keeps_the_finished_games_in_their_shards(store):
    store.path.write_text("{torn")
    store.backup_path.unlink()
    message = repair(store, reset=True)
    assert "are kept" in message and "empty history" not in message, message
    assert store.archived_ids() == set(A1 + OTHERS)
    store.add_archived([recorded(9, gid="am2345")])      # on main this write moved every shard out of sight
    assert store.archived_ids() == {"am2345", *A1, *OTHERS}
    assert [p.read_text() for p in store.path.parent.glob("history.json.damaged-*")] == ["{torn"]
    assert "is sound: 5 finished games" in repair(store)


def test_a_damaged_root_without_a_backup_says_that_reset_keeps_the_finished_games(store, referee):
    store.path.write_text("{torn")
    store.backup_path.unlink()
    code, out, err = referee("history")
    assert code == 2 and "`referee repair --reset`" in err and f"keeping the finished games in {store.shards_dir}" in err
