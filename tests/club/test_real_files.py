"""Real-world files in the shapes real tools write: a BGG /xmlapi2/plays page with the quirks real play logs
have, and a BG Stats backup with teams, co-op, expansions, first plays, ignored and incomplete plays and
score expressions. Usable plays are imported, the rest skipped with their reasons, nothing twice."""

import json
import shutil
from pathlib import Path

import pytest

from referee.club.formats.bgstats import arithmetic

from .conftest import out_json

FILES = Path(__file__).parent / "files"


def by_date(cli):
    return {r["date"][:10]: r for r in out_json(cli("history", "--json"))}


def test_a_bgg_page_with_real_quirks_imports_what_it_can_and_says_why_not(cli, store):
    r = cli("import", FILES / "bgg_plays_quirks.xml", "--json")
    report = out_json(r)
    assert len(report["imported"]) == 5       # the Carcassonne play with win flags and no scores too
    reasons = sorted(s["reason"] for s in report["skipped"])
    assert reasons == ["a score is not a number", "several plays logged as one (quantity > 1)",
                       "some players have a score and some do not"]
    plays = by_date(cli)
    # a play logged with win flags and no scores (issue 26): a play without points, Petr the winner
    assert plays["2024-04-20"]["winners"] == ["Petr"]
    anon = store.get_archived(plays["2024-03-16"]["id"])
    assert anon["players"] == ["Anonymous player 1", "Anonymous player 2", "Petr"]     # two people, not one
    tm = store.get_archived(plays["2024-03-30"]["id"])
    assert tm["title"] == "Terraforming Mars" and tm["bgg_id"] == 167791 and tm["first_plays"] == ["Jana"]
    assert tm["result"]["ranking"][1]["total"] == -3 and tm["bgg_user"] == {"username": "klub_brno",
                                                                             "userid": "1234567"}
    solo = store.get_archived(plays["2024-04-06"]["id"])
    assert solo["players"] == ["Petr"] and solo["no_stats"] is True
    assert store.get_archived(plays["2024-04-13"]["id"])["incomplete"] is True
    stats = out_json(cli("stats", "--json"))
    assert stats["games"] == 3          # not-in-stats and incomplete plays are logged, not counted


def test_the_summary_groups_reasons_and_verbose_lists_the_plays(cli, store):
    r = cli("import", FILES / "bgg_plays_quirks.xml")
    assert r.exit_code == 0
    assert "Skipped 1 play: a score is not a number (--verbose lists them)." in r.stdout
    v = cli("import", FILES / "bgg_plays_quirks.xml", "--verbose", "--dry-run")
    assert "Port Royal (2024-03-23" in v.stdout and "'5 stars'" in v.stdout


def test_a_play_edited_on_bgg_updates_the_one_it_came_from(cli, store, tmp_path):
    path = tmp_path / "plays.xml"
    shutil.copy(FILES / "bgg_plays_quirks.xml", path)
    out_json(cli("import", path, "--json"))
    before = {d["id"] for d in store.archived()}
    text = path.read_text(encoding="utf-8").replace('score="75"', 'score="81"')
    path.write_text(text, encoding="utf-8")
    report = out_json(cli("import", path, "--json"))
    assert report["imported"] == [] and len(report["updated"]) == 1
    assert {d["id"] for d in store.archived()} == before
    (gid,) = report["updated"]
    assert store.get_archived(gid)["result"]["ranking"][0]["total"] == 81


def test_a_bg_stats_backup_with_teams_coop_expansions_and_expressions(cli, store):
    report = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    assert len(report["imported"]) == 5
    assert [s["reason"] for s in report["skipped"]] == ["a score is not a number or arithmetic"]
    plays = {store.get_archived(g)["bgstats_uuid"]: store.get_archived(g) for g in report["imported"]}
    carc = plays["play-1"]
    assert carc["game"] == "carcassonne" and carc["expansions"] == ["Carcassonne: Traders & Builders"]
    assert carc["result"]["ranking"][0] == {"player": "Petr", "total": 77, "rank": 1, "breakdown": {"score": 77},
                                            "tiebreak": None}                       # '80-3' is 77
    assert carc["first_plays"] == ["Řehoř Čech"] and carc["start_player"] == "Petr"
    assert carc["location"] == "Klubovna" and carc["duration"] == 50 and carc["notes"] == "s kupci"
    coop = plays["play-2"]
    assert coop["result"]["cooperative"] and coop["result"]["won"] and coop["players"][0] == "Jana"
    teams = plays["play-3"]
    assert teams["teams"] == {"Červení": ["Petr", "Jana"], "Modří": ["Řehoř Čech", "Anonymous player 1"]}
    assert teams["no_stats"] is True and teams["result"]["winners"] == ["Petr", "Jana"]
    golf = plays["play-4"]            # the lowest score wins
    assert golf["result"]["winners"] == ["Jana"] and golf["result"]["ranking"][0]["player"] == "Jana"
    assert plays["play-6"]["incomplete"] is True
    again = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    assert again["imported"] == [] and len(again["duplicates"]) == 5


def test_a_changed_bg_stats_play_updates_and_a_malformed_backup_imports_nothing(cli, store, tmp_path, db):
    data = json.loads((FILES / "BGStatsExport.json").read_text(encoding="utf-8"))
    out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    data["plays"][0]["playerScores"][1]["score"] = "70"
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = out_json(cli("import", path, "--json"))
    assert len(report["updated"]) == 1
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(data)[:-40], encoding="utf-8")
    r = cli("import", bad)
    assert r.exit_code == 2 and "line" in r.stderr and "nothing was imported" in r.stderr


@pytest.mark.parametrize("text, value", [("8-3", 5), ("12", 12), ("2*(3+4)", 14), ("-4", -4), ("7/2", 3.5)])
def test_score_expressions(text, value):
    assert arithmetic(text) == value


@pytest.mark.parametrize("text", ["5 stars", "__import__('os')", "2**99999", "", "1e308*10", "x"])
def test_what_is_not_arithmetic_is_refused(text):
    with pytest.raises(ValueError):
        arithmetic(text)


def _no_full_reads(monkeypatch):
    """Fail any read of every stored game: an import finds what it has through the shards' summaries."""
    from referee.store.store import Store

    def refuse(self, *a, **k):
        raise AssertionError("the import read every stored game")

    monkeypatch.setattr(Store, "archived", refuse)
    monkeypatch.setattr(Store, "archive_documents", refuse)


def test_an_import_finds_its_earlier_plays_by_the_summaries(cli, store, monkeypatch):
    for n in range(30):     # some history besides, in many shards
        cli("record", "Azul", "-p", f"A{n}={n}", "-p", "Bob=3", "--date", f"2020-01-{n % 28 + 1:02d}")
    first = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    uuids = {store.get_archived(g)["bgstats_uuid"]: g for g in first["imported"]}
    assert {("bgstats", u): g for u, g in uuids.items()}.items() <= store.external_ids().items()
    _no_full_reads(monkeypatch)
    again = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    assert again["imported"] == [] and sorted(again["duplicates"]) == sorted(first["imported"])
    data = json.loads((FILES / "BGStatsExport.json").read_text(encoding="utf-8"))
    data["plays"][0]["playerScores"][1]["score"] = "70"
    changed = Path(store.path).with_name("changed.json")
    changed.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = out_json(cli("import", changed, "--json"))
    assert len(report["updated"]) == 1 and report["imported"] == []


def test_summaries_written_before_they_kept_external_ids_still_find_the_plays(cli, store):
    first = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    for summary in store.shards_dir.glob("*.sum.json"):     # as an older referee wrote them: no "ext"
        data = json.loads(summary.read_text(encoding="utf-8"))
        assert "ext" in data
        del data["ext"]
        summary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert len(store.external_ids()) == len(first["imported"])
    again = out_json(cli("import", FILES / "BGStatsExport.json", "--json"))
    assert again["imported"] == [] and len(again["duplicates"]) == len(first["imported"])


def test_a_play_found_again_by_content_is_a_duplicate_through_the_summaries(cli, store, tmp_path, monkeypatch):
    cli("record", "Azul", "-p", "Ann=12", "-p", "Bob=7", "--date", "2024-03-01")
    csv = tmp_path / "plays.csv"
    csv.write_text("date,game,player,score\n2024-03-01,Azul,ann,12\n2024-03-01,Azul,Bob,7\n", encoding="utf-8")
    _no_full_reads(monkeypatch)
    report = out_json(cli("import", csv, "--json"))
    assert report["imported"] == [] and len(report["duplicates"]) == 1
