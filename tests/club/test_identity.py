"""A play is its identity (issue 26, items 1 and 3): a BG Stats uuid, a BGG play id of a BGG user, a referee
id. Distinct identities are distinct plays, always imported (alike ones are listed as possible duplicates,
never dropped); a re-import merges what changed at the source with the club's corrections field by field
(the club wins), and a deleted play stays deleted."""

import copy
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.i18n import _, using
from referee.store import Store

from .conftest import make_doc, out_json, snapshot

FILES = Path(__file__).parent / "files"
BGSTATS = FILES / "BGStatsExport.json"
BGG = FILES / "bgg_plays_quirks.xml"
DUPLICATE = "Possible duplicate: game {id} ({play}) looks like game {other} (same game, day and scores); " \
            "if they are one play, `referee delete {id}` removes it."


def _czech(msgid: str) -> bool:
    with using("cs"):
        return _(msgid) != msgid


needs_czech = pytest.mark.skipif(not _czech(DUPLICATE), reason="fragment identity.po not folded yet")


def backup(tmp_path, change=None, name="BGStatsExport.json"):
    """The BG Stats fixture, changed by ``change(data)``, written to tmp_path."""
    data = json.loads(BGSTATS.read_text(encoding="utf-8"))
    if change:
        change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def twin(data):
    """A second play, its own uuid, of the same game, day and scores as play-1 (two quick games alike)."""
    play = copy.deepcopy(data["plays"][0])
    play["uuid"] = "play-1-again"
    play["comments"] = "the rematch"
    data["plays"].append(play)


def by_uuid(store):
    return {d["bgstats_uuid"]: d for d in store.archived()}


# --- item 1: a play is its identity --------------------------------------------------------------------
def test_distinct_uuids_with_identical_content_are_all_imported_into_an_empty_store(cli, store, tmp_path):
    report = out_json(cli("import", backup(tmp_path, twin), "--json"))
    assert len(report["imported"]) == 6 and report["duplicates"] == []
    plays = by_uuid(store)
    first, again = plays["play-1"]["id"], plays["play-1-again"]["id"]
    assert report["possible_duplicates"] == [
        {"id": again, "other": first, "play": "Carcassonne, 2024-05-04: Petr 77, Řehoř Čech 64"}]
    assert len(out_json(cli("history", "--json"))) == 6


def test_the_possible_duplicates_are_listed_with_the_way_to_resolve_them(cli, store, tmp_path):
    path = backup(tmp_path, twin)
    dry = cli("import", path, "--dry-run")
    assert dry.exit_code == 0 and "Would import 6 games" in dry.stdout
    assert "Possible duplicate: Carcassonne, 2024-05-04: Petr 77, Řehoř Čech 64 looks like game " in dry.stdout
    r = cli("import", path)
    plays = by_uuid(store)
    first, again = plays["play-1"]["id"], plays["play-1-again"]["id"]
    line = DUPLICATE.format(id=again, other=first, play="Carcassonne, 2024-05-04: Petr 77, Řehoř Čech 64")
    assert r.exit_code == 0 and "Imported 6 games" in r.stdout and line + "\n" in r.stdout
    # the club resolves it: the duplicate goes to the trash and stays there on the next import
    assert cli("delete", again).exit_code == 0
    report = out_json(cli("import", path, "--json"))
    assert report["imported"] == [] and report["deleted"] == [
        {"id": again, "play": "Carcassonne, 2024-05-04: Petr 77, Řehoř Čech 64"}]
    assert report["possible_duplicates"] == []


@needs_czech
def test_the_possible_duplicates_in_czech(cli, store, tmp_path):
    path = backup(tmp_path, twin)
    r = cli("--lang", "cs", "import", path)
    plays = by_uuid(store)
    first, again = plays["play-1"]["id"], plays["play-1-again"]["id"]
    with using("cs"):
        line = _(DUPLICATE).format(id=again, other=first, play="Carcassonne, 2024-05-04: Petr 77, Řehoř Čech 64")
    assert r.exit_code == 0 and line + "\n" in r.stdout and "Possible duplicate" not in r.stdout
    assert f"referee delete {again}" in line
    assert cli("delete", again).exit_code == 0
    out = cli("--lang", "cs", "import", path).stdout
    assert again in out and "Possible" not in out and "deleted" not in out


def test_bgg_play_ids_are_per_user(cli, store, tmp_path):
    """Two BGG users' pages with the same play ids are different plays; the same user's page again adds
    nothing."""
    first = out_json(cli("import", BGG, "--json"))
    other = tmp_path / "other.xml"
    other.write_text(BGG.read_text(encoding="utf-8").replace('username="klub_brno" userid="1234567"',
                                                             'username="jana_h" userid="555"'), encoding="utf-8")
    second = out_json(cli("import", other, "--json"))
    assert len(second["imported"]) == len(first["imported"]) == 5 and second["duplicates"] == []
    assert len(second["possible_duplicates"]) == 5          # alike, listed, not dropped
    third = out_json(cli("import", other, "--json"))
    assert third["imported"] == [] and sorted(third["duplicates"]) == sorted(second["imported"])


def test_a_play_stored_by_an_earlier_referee_without_its_user_is_still_found(cli, store, tmp_path):
    """Stored `bgg_play_id` documents without a BGG user (as a referee before kept them) are the plays of a
    page that names its user: not imported twice."""
    first = out_json(cli("import", BGG, "--json"))
    docs = store.archived()
    for d in docs:
        d.pop("bgg_user", None)
        d.pop("src", None)
    docs[0]["notes"] = "corrected by the club"     # before referee kept the source's version
    store.add_archived(docs)
    history = cli("history", "--json").stdout
    again = out_json(cli("import", BGG, "--json"))
    assert again["imported"] == [] and sorted(again["duplicates"]) == sorted(first["imported"])
    assert again["updated"] == again["kept"] == [] and cli("history", "--json").stdout == history
    assert store.get_archived(docs[0]["id"])["notes"] == "corrected by the club"   # the club wins
    # from then on the source's version is kept with that play: a third import changes nothing at all
    assert isinstance(store.get_archived(docs[0]["id"]).get("src"), dict)
    before = snapshot(store.path)
    assert out_json(cli("import", BGG, "--json"))["duplicates"] == again["duplicates"]
    assert snapshot(store.path) == before


def test_a_play_without_any_id_is_matched_by_content_and_the_report_says_so(cli, store, tmp_path):
    cli("record", "Azul", "-p", "Ann=12", "-p", "Bob=7", "--date", "2024-03-01")
    gid = out_json(cli("history", "--json"))[0]["id"]
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,game,player,score\n2024-03-01,Azul,Ann,12\n2024-03-01,Azul,Bob,7\n"
                     "\n2024-03-01,Azul,Ann,12\n2024-03-01,Azul,Bob,7\n", encoding="utf-8")
    report = out_json(cli("import", sheet, "--json"))
    # two plays in the sheet: one is taken for the stored play (nothing tells them apart), the other is new
    assert report["matched_by_content"] == [{"id": gid, "play": "Azul, 2024-03-01: Ann 12, Bob 7"}]
    assert len(report["imported"]) == 1 and report["duplicates"] == [gid]
    (new,) = report["imported"]
    assert report["possible_duplicates"] == [{"id": new, "other": gid, "play": "Azul, 2024-03-01: Ann 12, Bob 7"}]
    r = cli("import", sheet)
    assert "Imported 0 games" in r.stdout
    assert "2 plays of the file have no id and were taken for the plays already in the history with the same " \
           "game, day and scores: " in r.stdout


def test_a_referee_export_is_its_ids_even_with_alike_plays(cli, store, tmp_path):
    store.add_archived([make_doc("ab2345", "2025-01-05", [("Ann", 5, 1), ("Bob", 3, 2)])])
    theirs = Store(tmp_path / "theirs.json")
    theirs.add_archived([make_doc("cd2345", "2025-01-05", [("Ann", 5, 1), ("Bob", 3, 2)])])
    path = tmp_path / "theirs-export.json"
    assert cli("--db", theirs.path, "export", path).exit_code == 0
    report = out_json(cli("import", path, "--json"))
    assert report["imported"] == ["cd2345"]
    assert report["possible_duplicates"] == [
        {"id": "cd2345", "other": "ab2345", "play": "Toy, 2025-01-05: Ann 5, Bob 3"}]


# --- item 3: a re-import never undoes a local change -------------------------------------------------------
def _correct(cli, store):
    """The club's corrections after importing the BG Stats backup: an edit, a rename, a delete."""
    plays = by_uuid(store)
    assert cli("edit", plays["play-1"]["id"], "--notes", "s kupci a staviteli", "--location", "Sál").exit_code == 0
    assert cli("players", "rename", "Řehoř Čech", "Řehoř").exit_code == 0
    assert cli("delete", plays["play-4"]["id"]).exit_code == 0
    return plays


def test_an_unchanged_bg_stats_backup_again_changes_nothing_after_edit_rename_delete(cli, store, db):
    first = out_json(cli("import", BGSTATS, "--json"))
    plays = _correct(cli, store)
    before, history = snapshot(db), cli("history").stdout
    dry = out_json(cli("import", BGSTATS, "--json", "--dry-run"))
    again = out_json(cli("import", BGSTATS, "--json"))
    assert snapshot(db) == before and cli("history").stdout == history
    assert again["imported"] == [] and again["updated"] == [] and again["kept"] == []
    assert again["deleted"] == [{"id": plays["play-4"]["id"], "play": "Golf, 2024-05-25: Jana 38, Petr 42"}]
    assert sorted(again["duplicates"]) == sorted(set(first["imported"]) - {plays["play-4"]["id"]})
    assert {k: v for k, v in dry.items() if k != "dry_run"} == {k: v for k, v in again.items() if k != "dry_run"}
    doc = store.get_archived(plays["play-1"]["id"])
    assert (doc["notes"], doc["location"]) == ("s kupci a staviteli", "Sál")
    assert "Řehoř" in doc["players"] and "Řehoř Čech" not in json.dumps(out_json(cli("players", "--json")))


def test_a_deleted_play_stays_deleted_when_it_is_purged_from_the_trash(cli, store, db):
    out_json(cli("import", BGSTATS, "--json"))
    gone = by_uuid(store)["play-2"]["id"]
    assert cli("delete", gone).exit_code == 0
    Path(str(db) + ".trash").unlink()               # the trash emptied (or moved aside when damaged)
    again = out_json(cli("import", BGSTATS, "--json"))
    assert again["imported"] == [] and [d["id"] for d in again["deleted"]] == [gone]
    assert gone not in {d["id"] for d in store.archived()}
    # a deleted play of a referee export (the club's own backup) stays deleted too
    other = db.parent / "other.json"
    Store(other).add_archived([make_doc("ab2345", "2025-01-05", [("Ann", 5, 1), ("Bob", 3, 2)])])
    export = db.parent / "club.json"
    assert cli("--db", other, "export", export).exit_code == 0
    assert out_json(cli("import", export, "--json"))["imported"] == ["ab2345"]
    assert cli("delete", "ab2345").exit_code == 0
    report = out_json(cli("import", export, "--json"))
    assert report["imported"] == [] and report["deleted"] == [{"id": "ab2345", "play": "Toy, 2025-01-05: Ann 5, Bob 3"}]
    assert store.get_archived("ab2345") is None


def test_an_unchanged_bgg_page_again_changes_nothing_after_edit_rename_delete(cli, store, db):
    first = out_json(cli("import", BGG, "--json"))
    rows = {r["date"][:10]: r["id"] for r in out_json(cli("history", "--json"))}
    assert cli("edit", rows["2024-03-30"], "--notes", "first time on Mars").exit_code == 0
    assert cli("players", "rename", "Petr", "Petr K.").exit_code == 0
    assert cli("delete", rows["2024-04-13"]).exit_code == 0
    before = snapshot(db)
    again = out_json(cli("import", BGG, "--json"))
    assert snapshot(db) == before
    assert again["imported"] == [] and again["updated"] == [] and [d["id"] for d in again["deleted"]] == [
        rows["2024-04-13"]]
    assert len(again["duplicates"]) == len(first["imported"]) - 1
    assert store.get_archived(rows["2024-03-30"])["notes"] == "first time on Mars"


def _score(data, uuid, seat, score):
    play = next(p for p in data["plays"] if p["uuid"] == uuid)
    play["playerScores"][seat]["score"] = score


def test_a_source_change_of_one_field_merges_with_a_club_edit_of_another(cli, store, tmp_path):
    out_json(cli("import", BGSTATS, "--json"))
    gid = by_uuid(store)["play-1"]["id"]
    assert cli("edit", gid, "--notes", "our note").exit_code == 0
    assert cli("players", "rename", "Řehoř Čech", "Řehoř").exit_code == 0
    changed = backup(tmp_path, lambda d: _score(d, "play-1", 1, "70"))        # Řehoř's 64 is 70 at the source
    report = out_json(cli("import", changed, "--json"))
    assert report["updated"] == [gid] and report["kept"] == [] and report["imported"] == []
    doc = store.get_archived(gid)
    assert doc["notes"] == "our note"                                           # the club's edit stays
    assert [(e["player"], e["total"]) for e in doc["result"]["ranking"]] == [("Petr", 77), ("Řehoř", 70)]
    assert doc["players"] == ["Petr", "Řehoř"]                                  # renamed stays renamed
    # the same file again: nothing more
    assert out_json(cli("import", changed, "--json"))["updated"] == []

    # the source changes the note too, and renames the player the club renamed: the club wins both
    def both(data):
        _score(data, "play-1", 1, "70")
        data["plays"][0]["comments"] = "their note"
        next(p for p in data["players"] if p["id"] == 3)["name"] = "Řehoř Č."
    r = cli("import", backup(tmp_path, both, "b2.json"))
    assert f"Game {gid}: the club's corrections of notes were kept; they changed at the source too." in r.stdout
    doc = store.get_archived(gid)
    assert doc["notes"] == "our note" and doc["players"] == ["Petr", "Řehoř"]


def test_a_field_the_club_did_not_touch_follows_the_source(cli, store, tmp_path):
    out_json(cli("import", BGSTATS, "--json"))
    gid = by_uuid(store)["play-2"]["id"]
    assert cli("edit", gid, "--location", "Hospoda").exit_code == 0

    def change(data):
        play = next(p for p in data["plays"] if p["uuid"] == "play-2")
        play["durationMin"] = 75
        play["comments"] = "nová poznámka"
    report = out_json(cli("import", backup(tmp_path, change), "--json"))
    assert report["updated"] == [gid]
    doc = store.get_archived(gid)
    assert (doc["duration"], doc["notes"], doc["location"]) == (75, "nová poznámka", "Hospoda")


# --- the update path is all or nothing ------------------------------------------------------------------------
def test_a_merging_import_killed_at_any_file_operation_is_all_or_nothing(tmp_path):
    from tests.store.test_integrity_crash import CHILD, ROOT, _after_kill
    import os
    import subprocess
    import sys

    from referee.club.log import corrections
    from referee.core.errors import StoreError
    from referee.club.log.repair import repair

    source = tmp_path / "source"
    source.mkdir()
    changed = backup(source, lambda d: (_score(d, "play-1", 1, "70"), twin(d)))
    action = ("from referee.cli import main\ntry:\n    main(['--db', {db!r}, 'import', {file!r}])\n"
              "except SystemExit as e:\n    assert not e.code, e.code")
    for kill_at in range(1, 80):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        db = folder / "history.json"
        runner = CliRunner()
        from referee.cli import cli as referee_cli

        assert runner.invoke(referee_cli, ["--db", str(db), "import", str(BGSTATS)]).exit_code == 0
        store = Store(db)
        gid = by_uuid(store)["play-1"]["id"]
        corrections.edit(store, gid, notes="our note")
        before = {d["id"]: d for d in store.archived()}
        script = CHILD.format(root=ROOT, db=str(db), action=action.format(db=str(db), file=str(changed)))
        out = subprocess.run([sys.executable, "-c", script, str(kill_at)], capture_output=True, text=True,
                             timeout=60, env={**os.environ, "REFEREE_DB": str(db)})
        assert "Traceback" not in out.stderr, out.stderr
        store = _after_kill(db)
        after = {d["id"]: d for d in store.archived()}
        if after == before:
            assert out.returncode != 0
        else:       # all of it: the merged play and the new one
            assert len(after) == len(before) + 1
            doc = after[gid]
            assert doc["result"]["ranking"][1]["total"] == 70 and doc["notes"] == "our note"
        try:
            assert "is sound" in repair(store), f"after a kill at operation {kill_at}"
        except StoreError as err:   # until BG Stats plays are a valid source to repair (issue 26 item 2)
            assert str(err).startswith(f"{len(after)} of {len(after)} finished") and "not 'bgstats'" in str(err)
        if out.returncode == 0:
            assert after != before and kill_at >= 3
            return
        assert out.returncode == 9, out.stderr
    raise AssertionError("the import never got through")


# --- property: a re-import is idempotent, whatever the club corrected -----------------------------------------
def _corrections():
    from hypothesis import strategies as st

    edit = st.tuples(st.just("edit"), st.integers(0, 4),
                     st.sampled_from(["notes", "location", "date", "duration"]),
                     st.sampled_from(["x", "Klub 2", "2024-01-02", "45", ""]))
    rename = st.tuples(st.just("rename"), st.sampled_from(["Petr", "Jana", "Řehoř Čech"]),
                       st.sampled_from(["Pavel", "Jana N.", "Ř. Čech"]))
    merge = st.tuples(st.just("merge"), st.sampled_from(["Petr", "Jana", "Řehoř Čech", "Anonymous player 1"]),
                      st.sampled_from(["Petr", "Jana", "Řehoř Čech"]))
    delete = st.tuples(st.just("delete"), st.integers(0, 4))
    return st.lists(st.one_of(edit, rename, merge, delete), max_size=5)


@pytest.mark.parametrize("fmt", ["bgstats", "bgg"])
def test_reimport_is_idempotent_with_random_local_corrections(fmt, toy):
    import tempfile

    from hypothesis import HealthCheck, given, settings

    from referee.club.log import corrections
    from referee.club.log.importer import import_into, parse
    from referee.core.errors import BadInput

    path = BGSTATS if fmt == "bgstats" else BGG
    text = path.read_text(encoding="utf-8")
    parsed_fmt = "json" if fmt == "bgstats" else "bgg"

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(_corrections())
    def check(steps):
        with tempfile.TemporaryDirectory() as tmp:
            store = Store(Path(tmp) / "history.json")
            import_into(store, parse(text, parsed_fmt, path.name))
            for step in steps:
                ids = sorted(d["id"] for d in store.archived())
                try:
                    if step[0] == "edit" and ids:
                        corrections.edit(store, ids[step[1] % len(ids)], **{step[2]: step[3]})
                    elif step[0] in ("rename", "merge"):
                        corrections.rename(store, step[1], step[2], merge=step[0] == "merge")
                    elif step[0] == "delete" and ids:
                        corrections.delete(store, ids[step[1] % len(ids)])
                except BadInput:
                    pass            # a correction the club could not make (nothing to change, a name taken)
            before = snapshot(store.path)
            report = import_into(store, parse(text, parsed_fmt, path.name))
            assert report["imported"] == [] and report["updated"] == [] and report["kept"] == []
            assert snapshot(store.path) == before
    check()


def test_a_deleted_play_of_a_sheet_without_ids_stays_deleted(cli, store, tmp_path):
    """Without any identity a play is known by its content: deleted, the same row again is not imported."""
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,game,player,score\n2024-03-01,Azul,Ann,12\n2024-03-01,Azul,Bob,7\n"
                     "\n2024-03-01,Azul,Ann,12\n2024-03-01,Azul,Bob,7\n", encoding="utf-8")
    first = out_json(cli("import", sheet, "--json"))
    assert len(first["imported"]) == 2 and len(first["possible_duplicates"]) == 1
    dup = first["possible_duplicates"][0]["id"]
    assert cli("delete", dup).exit_code == 0          # the club resolves it: one play, not two
    again = out_json(cli("import", sheet, "--json"))
    assert again["imported"] == [] and [d["id"] for d in again["deleted"]] == [dup]
    assert len(again["matched_by_content"]) == 1 and len(store.archived()) == 1


def test_a_damaged_tombstone_file_is_one_sentence_and_nothing_is_imported(cli, store, db):
    from .conftest import assert_refused

    Path(str(db) + ".tombstones").write_text('{"kind": "something else"}', encoding="utf-8")
    before = snapshot(db)
    assert_refused(cli("import", BGSTATS), "tombstones", "damaged", code=2)
    assert snapshot(db) == before


def test_a_dry_run_reports_what_the_import_then_does(cli, store, tmp_path, db):
    out_json(cli("import", BGSTATS, "--json"))
    plays = by_uuid(store)
    assert cli("edit", plays["play-1"]["id"], "--notes", "our note").exit_code == 0
    assert cli("delete", plays["play-3"]["id"]).exit_code == 0

    def change(data):
        _score(data, "play-1", 1, "70")             # merged with the club's note
        data["plays"][0]["comments"] = "their note"  # kept: the club's note wins
        twin(data)                                  # a new play, alike: listed
    path = backup(tmp_path, change)
    before = snapshot(db)
    dry = out_json(cli("import", path, "--dry-run", "--json"))
    assert snapshot(db) == before
    real = out_json(cli("import", path, "--json"))
    (new,) = real["imported"]

    def same(report, new_id):
        text = json.dumps({k: v for k, v in report.items() if k != "dry_run"}, sort_keys=True)
        return json.loads(text.replace(new_id, "NEW"))
    assert same(dry, dry["imported"][0]) == same(real, new)
    assert real["updated"] == [plays["play-1"]["id"]] and real["kept"] == [{"id": plays["play-1"]["id"],
                                                                           "fields": ["notes"]}]
    assert [d["id"] for d in real["deleted"]] == [plays["play-3"]["id"]]
    assert real["possible_duplicates"][0]["id"] == new


def test_the_merge_takes_what_only_the_source_changed_and_keeps_what_the_club_changed():
    """Property: for any corrections of the club (details, a rename) and any changes at the source (details,
    a score, a name), each field ends as the club's where the club changed it, else as the source's; the
    club's rename holds; and merging the same source again changes nothing."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from referee.club.formats import bgstats
    from referee.club.log import provenance

    data = json.loads(BGSTATS.read_text(encoding="utf-8"))
    plays = bgstats.parse(data, "x").docs
    details = {"notes": st.sampled_from(["a", "b", None]), "location": st.sampled_from(["Sál", "Hospoda", None]),
               "duration": st.sampled_from([30, 90, None]), "date": st.sampled_from(["2024-01-01", "2024-02-02"])}
    changes = st.fixed_dictionaries({}, optional=details)

    @settings(max_examples=200, deadline=None)
    @given(st.sampled_from(plays), changes, changes, st.booleans(), st.booleans(), st.booleans())
    def check(play, club, source, renamed, rescored, source_renamed):
        play = dict(play, id="ab2345")
        stored = provenance.with_source(play)
        first = play["players"][0]
        if renamed:
            stored = provenance.rename(stored, {first.casefold(): "Zdeněk"})
        stored = {**stored, **club}
        incoming = {**play, **source}
        if rescored:
            res = copy.deepcopy(incoming["result"])
            res["ranking"][0]["total"] += 1
            incoming["result"] = res
        if source_renamed:
            incoming = provenance.rename(incoming, {first.casefold(): "Zbyněk"})
        change = provenance.merge(stored, incoming)
        merged = change.doc or stored
        for field in details:
            mine, theirs, was = stored.get(field), incoming.get(field), play.get(field)
            if mine != was:
                assert merged.get(field) == mine, field         # the club changed it: the club's
            else:
                assert merged.get(field) == theirs, field       # else the source's (changed or not)
        if renamed:
            assert "Zdeněk" in merged["players"] and first not in merged["players"]
            assert "Zbyněk" not in json.dumps(merged["result"], ensure_ascii=False)
        if rescored:
            assert merged["result"]["ranking"][0]["total"] == play["result"]["ranking"][0]["total"] + 1
        again = provenance.merge(merged, incoming)
        assert again.doc is None and again.took == []
    check()


def test_two_users_pages_in_one_file_keep_both_users_plays(cli, store, tmp_path):
    text = BGG.read_text(encoding="utf-8")
    other = text.replace('username="klub_brno" userid="1234567"', 'username="jana_h" userid="555"')
    both = tmp_path / "both.xml"
    both.write_text(text + "\n" + other, encoding="utf-8")
    report = out_json(cli("import", both, "--json"))
    assert len(report["imported"]) == 10 and len(report["possible_duplicates"]) == 5


@pytest.mark.posix_only(reason="a fifo (Windows has none in its file system)")
def test_a_fifo_as_the_tombstones_is_one_sentence(cli, store, db):
    import os

    from .conftest import assert_refused

    os.mkfifo(str(db) + ".tombstones")
    assert_refused(cli("import", BGSTATS), "tombstones", "not a regular file")
