"""Exports that real tools read: BGG XML through a maintained BGG XML reader (bgg-api), a BG Stats backup
of many plays, CSV for a Czech Excel with formulas neutralised, and QR codes that always fit version 25."""

import csv
import io
import json
import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest

from referee.club.formats.qr import bgstats_link, qr_version

from .conftest import out_json

LONG_NOTE = "Velmi dlouhá poznámka o partii, kdo co postavil a proč. " * 9


@pytest.fixture
def logged(cli, store):
    ids = [out_json(cli("record", "puerto-rico", "-p", "Řehoř Čech=52", "-p", "Bob=48", "-p", "Cal=48", "--date",
                        "2025-03-01", "--location", "Klubovna", "--duration", "90", "--json"))["id"],
           out_json(cli("record", "Ticket to Ride", "-p", "Ann=110", "-p", "+Bob=90", "--bgg-id", "9209",
                        "--first-play", "Ann", "--date", "2025-03-02", "--notes", "@SUM(A1)", "--json"))["id"],
           out_json(cli("record", "Pandemic", "-p", "Ann", "-p", "Bob", "--coop", "won", "--expansion", "On the Brink",
                        "--date", "2025-03-04", "--json"))["id"],
           out_json(cli("record", "Codenames", "-p", "Ann=3", "-p", "Bob=2", "-p", "Cal=4", "-p", "Dan=0",
                        "--team", "Red=Ann,Bob", "--team", "Blue=Cal,Dan", "--date", "2025-03-03", "--json"))["id"]]
    return ids


def test_bgg_export_is_read_by_a_maintained_bgg_reader(cli, logged, tmp_path):
    """Newest play first, as BGG writes them (a reader takes the first as the latest play); plays that came
    from BGG keep their BGG ids and a maintained reader (bgg-api) reads them. A play logged here has no BGG
    id: the attribute is left out rather than an invented id="0" (bgg-api needs an id on every play, so it
    is given the plays that have one)."""
    loaders = pytest.importorskip("boardgamegeek.loaders.plays")
    from pathlib import Path

    path = tmp_path / "plays.xml"
    assert cli("export", path).exit_code == 0
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert root.tag == "plays" and root.attrib["termsofuse"] and root.attrib["total"] == "4"
    assert "generator" not in root.attrib
    assert [p.find("item").attrib["name"] for p in root.findall("play")] == [
        "Pandemic", "Codenames", "Ticket to Ride", "Puerto Rico"]
    assert all("id" not in p.attrib for p in root.findall("play"))
    ttr = root.findall("play")[2]
    assert {p.attrib["name"]: (p.attrib["score"], p.attrib["win"], p.attrib["new"])
            for p in ttr.iter("player")} == {"Ann": ("110", "1", "1"), "+Bob": ("90", "0", "0")}
    pandemic = root.findall("play")[0]      # a co-op logged without points: no score="0"
    assert all("score" not in p.attrib for p in pandemic.iter("player"))
    # plays from BGG, exported again: read by bgg-api with their ids, newest first
    assert cli("import", Path(__file__).parent / "files" / "bgg_plays_quirks.xml").exit_code == 0
    from_bgg = tmp_path / "from-bgg.xml"
    assert cli("export", from_bgg).exit_code == 0
    root = ET.fromstring(from_bgg.read_text(encoding="utf-8"))
    for play in root.findall("play"):
        if "id" not in play.attrib:
            root.remove(play)
    root.attrib["total"] = str(len(root.findall("play")))
    plays = loaders.create_plays_from_xml(root)
    assert loaders.add_plays_from_xml(plays, root)
    sessions = plays.plays
    assert len(sessions) >= 3 and all(s.id > 0 for s in sessions)
    dates = [str(s.date)[:10] for s in sessions]
    assert dates == sorted(dates, reverse=True)


def test_bgg_round_trip_keeps_every_field_bgg_can_carry(cli, logged, tmp_path, store):
    path = tmp_path / "plays.xml"
    cli("export", path)
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert sorted(report["imported"]) == sorted(logged)
    from referee.store import Store

    for gid in logged:
        a, b = store.get_archived(gid), Store(target).get_archived(gid)
        for field in ("game", "players", "date", "location", "duration", "notes", "first_plays", "bgg_id"):
            assert a.get(field) == b.get(field), (gid, field)
        assert a["result"]["winners"] == b["result"]["winners"]
        if a.get("teams"):      # BGG has no teams: the winning team's members stay the winners
            continue
        assert [(e["player"], e["total"], e["rank"]) for e in a["result"]["ranking"]] == \
            [(e["player"], e["total"], e["rank"]) for e in b["result"]["ranking"]]


def test_a_bg_stats_export_of_many_plays_comes_back_whole(cli, logged, tmp_path, store):
    path = tmp_path / "BGStatsExport.json"
    assert cli("export", path, "--bgstats").exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["plays"]) == 4 and {g["name"] for g in data["games"]} == {"Puerto Rico", "Ticket to Ride",
                                                                              "Codenames", "Pandemic", "On the Brink"}
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert len(report["imported"]) == 4 and report["skipped"] == []
    from referee.store import Store

    back = {d["game"]: d for d in Store(target).archived()}
    assert back["Codenames"]["teams"] == {"Red": ["Ann", "Bob"], "Blue": ["Cal", "Dan"]}
    assert back["Ticket to Ride"]["first_plays"] == ["Ann"] and back["Ticket to Ride"]["bgg_id"] == 9209
    assert back["puerto-rico"]["location"] == "Klubovna"
    assert back["Pandemic"]["expansions"] == ["On the Brink"] and back["Pandemic"]["result"]["cooperative"]
    assert back["Pandemic"]["result"]["won"] is True
    again = out_json(cli("--db", target, "import", path, "--json"))
    assert again["imported"] == []


def test_csv_for_a_czech_excel_and_what_excel_saves_back(cli, logged, tmp_path):
    path = tmp_path / "club.csv"
    assert cli("export", path, "--excel").exit_code == 0
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    text = raw.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert rows[0]["player"] == "Řehoř Čech"
    names = {r["player"] for r in rows}
    assert "'+Bob" in names                       # a spreadsheet shows it as text, never runs it
    assert any(r["notes"] == "'@SUM(A1)" for r in rows)
    # what Excel in a Czech locale saves back: ; between cells and d.m.yyyy dates
    back = text.replace("2025-03-01", "1.3.2025").replace("2025-03-02", "2. 3. 2025")
    saved = tmp_path / "from-excel.csv"
    saved.write_text(back, encoding="utf-8-sig")
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", saved, "--json"))
    assert len(report["imported"]) == 4
    from referee.store import Store

    docs = {d["id"]: d for d in Store(target).archived()}
    assert sorted(d["date"] for d in docs.values()) == ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"]
    assert any("+Bob" in d["players"] for d in docs.values())


def test_every_csv_cell_that_a_spreadsheet_would_run_is_neutralised(cli, store):
    from referee.club.formats.export import export_csv

    doc = {"id": "abc234", "game": "=HYPERLINK(1)", "date": "2025-01-01", "players": ["+Ann", "-Bob"],
           "location": "@here", "notes": "\tTab", "result": {"winners": ["+Ann"], "ranking": [
               {"player": "+Ann", "total": 3, "rank": 1}, {"player": "-Bob", "total": 1, "rank": 2}]}}
    text = export_csv([doc])
    for cell in ("=HYPERLINK(1)", "+Ann", "-Bob", "@here"):
        assert f"'{cell}" in text


def test_qr_codes_always_fit_version_25(cli, store):
    gid = out_json(cli("record", "port-royal", "-p", "Řehoř Čech Dlouhojmenný=12",
                       "-p", "Bohumila Přeštická=9", "-p", "Ctirad Šťastný Nešťastný=8",
                       "-p", "Dobroslav Žluťoučký Kůň=7", "-p", "Evženie Ďáblová Andělská=5",
                       "--notes", LONG_NOTE, "--json"))["id"]
    doc = store.get_archived(gid)
    link = bgstats_link(doc)
    assert qr_version(link) <= 25
    data = json.loads(unquote(link.split("data=", 1)[1]))
    assert len(data["players"]) == 5 and data["sourcePlayId"] == gid
    r = cli("qr", gid, "--bgstats", "--no-colour")
    assert r.exit_code == 0 and "█" in r.stdout or "▀" in r.stdout
    plain = cli("qr", gid, "--no-colour")
    assert plain.exit_code == 0


def test_seats_are_never_invented_where_the_source_has_none(cli, store, tmp_path):
    gid = out_json(cli("record", "toy", "-p", "Ann=3", "-p", "Bob=9", "--json"))["id"]
    text = cli("qr", gid, "--text").stdout
    target = tmp_path / "other.json"
    out_json(cli("--db", target, "import", "--qr-text", text, "--json"))
    from referee.club.common import start_positions
    from referee.store import Store

    moved = Store(target).get_archived(gid)
    assert moved["players"][0] == "Bob" and start_positions(moved) == {}     # listed by rank, not by seat
    stats = out_json(cli("--db", target, "stats", "--json"))
    assert stats["per_game"]["toy"]["seats"] == {}
    xml = tmp_path / "p.xml"
    cli("--db", target, "export", xml)
    assert 'startposition=""' in xml.read_text(encoding="utf-8")
    here = out_json(cli("stats", "--json"))["per_game"]["toy"]["seats"]
    assert here == {"1": {"wins": 0, "plays": 1, "win_pct": 0.0}, "2": {"wins": 1, "plays": 1, "win_pct": 100.0}}
