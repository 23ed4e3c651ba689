"""Every message is true (issue 26 item 8): what a command says it did, or did not do, is what the store
holds afterwards. The fault-injection half is in tests/store/test_faults_every_step.py (machinery:
tests/faultharness.py)."""

import json

import pytest


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _history(referee) -> list:
    code, out, _err = referee("history", "--json")
    assert code == 0
    return json.loads(out)


@pytest.mark.parametrize("option", ["--reset", "--restore"])
def test_reset_and_restore_of_a_sound_store_change_nothing(referee, db, option):
    # --reset on a sound root used to move it aside: every finished game gone from the history, "Started an
    # empty history". A sound store needs neither; both say so and leave every file as it was.
    for score in (3, 4):
        assert referee("record", "port-royal", "-p", f"Ann={score}", "-p", "Bob=2")[0] == 0
    before = _tree(db.parent)
    code, _out, err = referee("repair", option)
    assert code == 2 and "is sound" in err and "nothing was changed" in err and err.count("\n") == 1, err
    assert _tree(db.parent) == before
    assert len(_history(referee)) == 2


@pytest.mark.parametrize("option", ["--reset", "--restore"])
def test_a_damaged_game_in_progress_gets_the_set_aside_advice(referee, db, option):
    # Only a game in progress is damaged: the root is sound, so the advice is --set-aside (not --reset,
    # which would have hidden the finished games).
    assert referee("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")[0] == 0
    code, out, _err = referee("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json")
    assert code == 0
    gid = json.loads(out)["id"]
    live = next(db.parent.glob(f"history.json.live/{gid}*"))
    live.write_bytes(b"\x00garbage")
    before = _tree(db.parent)
    code, _out, err = referee("repair", option)
    assert code == 2 and "--set-aside" in err and "--reset" not in err and gid in err, err
    assert _tree(db.parent) == before
    assert len(_history(referee)) == 1
    assert referee("repair", "--set-aside")[0] == 0


def test_reset_still_repairs_a_damaged_root(referee, db):
    assert referee("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")[0] == 0
    db.write_bytes(b"{not json")
    for backup in db.parent.glob("history.json.bak"):
        backup.unlink()
    code, out, err = referee("repair", "--reset")
    assert code == 0, err
    assert len(_history(referee)) == 1       # the shards beside the damaged root are kept
