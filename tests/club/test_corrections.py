"""Corrections to the log: edit, delete to the trash and restore, players rename and merge, "did you mean"."""

import json

from referee.store import Store

from .conftest import assert_refused, out_json, play_tracked, snapshot


def record(cli, *pairs, date="2025-03-01", **kw):
    args = ["record", "toy", "--date", date, "--json"]
    for name, score in pairs:
        args += ["-p", f"{name}={score}"]
    for k, v in kw.items():
        args += [f"--{k}", v]
    return out_json(cli(*args))["id"]


def test_edit_changes_the_details_and_a_recorded_plays_scores(cli, store):
    gid = record(cli, ("Ann", 5), ("Bob", 3))
    assert cli("edit", gid, "--date", "2025-02-28", "--location", "Hall B", "--notes", "rematch",
               "--duration", "1h30").exit_code == 0
    doc = store.get_archived(gid)
    assert (doc["date"], doc["location"], doc["notes"], doc["duration"]) == ("2025-02-28", "Hall B", "rematch", 90)
    assert cli("edit", gid, "-p", "Ann=2", "-p", "Bob=7").exit_code == 0
    doc = store.get_archived(gid)
    assert doc["result"]["winners"] == ["Bob"] and doc["location"] == "Hall B"
    assert cli("edit", gid, "--location", "").exit_code == 0
    assert store.get_archived(gid)["location"] is None


def test_edit_refuses_what_it_cannot_do_and_changes_nothing(cli, store, db):
    gid = play_tracked(store)
    before = snapshot(db)
    assert_refused(cli("edit", gid, "-p", "Ann=9", "-p", "Bob=1"), "tracked")
    assert_refused(cli("edit", gid), "Nothing to change")
    assert_refused(cli("edit", gid, "--location", "a\x1b]0;x\x07b"))
    assert_refused(cli("edit", gid, "--date", "yesterday"))
    assert_refused(cli("edit", "zzzzzz", "--notes", "x"))
    assert snapshot(db) == before


def test_delete_moves_a_play_to_the_trash_and_restore_brings_it_back_unchanged(cli, store):
    keep = record(cli, ("Ann", 5), ("Bob", 3))
    gone = record(cli, ("Ann", 1), ("Bob", 9), date="2025-03-02")
    original = store.get_archived(gone)
    assert cli("delete", gone).exit_code == 0
    assert store.get_archived(gone) is None
    assert [r["id"] for r in out_json(cli("history", "--json"))] == [keep]
    assert out_json(cli("stats", "--json"))["players"]["Bob"]["wins"] == 0
    trash = out_json(cli("trash", "--json"))
    assert [t["id"] for t in trash] == [gone]
    assert_refused(cli("delete", gone))                  # not in the history any more
    assert cli("restore", gone[:4]).exit_code == 0
    assert store.get_archived(gone) == original
    assert out_json(cli("trash", "--json")) == []
    assert_refused(cli("restore", gone), "trash")


def test_a_move_to_or_from_the_trash_cut_by_a_crash_is_finished_on_the_next_read(cli, store):
    from referee.club.log import corrections

    a = record(cli, ("Ann", 5), ("Bob", 3))
    b = record(cli, ("Ann", 2), ("Bob", 3), date="2025-03-03")
    doc_a, doc_b = store.get_archived(a), store.get_archived(b)
    # deleting a: the trash entry was written, the archive not yet changed
    # restoring b: it had been deleted; the entry says restoring, the archive lacks it
    store.remove_archived(b)
    corrections._write_trash(store, [{"doc": doc_a, "deleted_at": "2025-03-04T10:00:00+00:00", "state": "deleting"},
                                     {"doc": doc_b, "deleted_at": "2025-03-04T10:00:00+00:00", "state": "restoring"}])
    assert [t["id"] for t in out_json(cli("trash", "--json"))] == [a]
    assert store.get_archived(a) is None and store.get_archived(b) == doc_b


def test_players_lists_and_rename_reaches_every_play_and_record(cli, store):
    record(cli, ("Tomas", 5), ("Bob", 3))
    gid = play_tracked(store, players=("Tomas", "Cal"))
    rows = out_json(cli("players", "--json"))
    assert {r["name"]: r["plays"] for r in rows} == {"Tomas": 2, "Bob": 1, "Cal": 1}
    assert cli("players", "rename", "tomas", "Tomáš").exit_code == 0
    rows = out_json(cli("players", "--json"))
    assert {r["name"] for r in rows} == {"Tomáš", "Bob", "Cal"}
    shown = out_json(cli("show", gid, "--json"))
    assert "Tomáš" in shown["players"]
    assert "Players: Tomáš, Cal" in store.read_record(gid)
    # renaming back restores the history exactly
    assert cli("players", "rename", "Tomáš", "Tomas").exit_code == 0
    assert {r["name"] for r in out_json(cli("players", "--json"))} == {"Tomas", "Bob", "Cal"}
    assert_refused(cli("players", "rename", "Tomas", "Bob"), "merge")
    assert_refused(cli("players", "rename", "Nobody", "X"))
    assert_refused(cli("players", "rename", "Tomas", "[x]"))


def test_merge_puts_one_spelling_under_the_other_but_never_two_people_at_one_table(cli, store):
    record(cli, ("Tomas", 5), ("Bob", 3))
    record(cli, ("Tomáš", 4), ("Bob", 6), date="2025-03-02")
    assert cli("players", "merge", "Tomas", "Tomáš").exit_code == 0
    assert {r["name"]: r["plays"] for r in out_json(cli("players", "--json"))} == {"Tomáš": 2, "Bob": 2}
    assert_refused(cli("players", "merge", "Bob", "Tomáš"), "played together")


def test_a_new_name_close_to_a_known_one_is_pointed_out(cli, store):
    record(cli, ("Tomáš", 5), ("Bob", 3))
    res = cli("record", "toy", "-p", "Tomas=4", "-p", "Bobb=2")
    assert res.exit_code == 0
    assert "did you mean Tomáš?" in res.stderr and "did you mean Bob?" in res.stderr
    quiet = cli("record", "toy", "-p", "Tomáš=4", "-p", "Eve=2")
    assert quiet.exit_code == 0 and quiet.stderr == ""
