"""The exports in the shape their readers expect (issue 26): BGG XML newest first, without invented ids or
scores, with teams and expansions; a BG Stats backup with real UUIDs, entry and modification dates, the
time of day, empty scores and noPoints for plays without points, no fake owner; a CSV whose rank and win
agree, that carries teams, co-op results and plays without points, and whose import gives the play back."""

import csv
import io
import json
import re
import uuid
import xml.etree.ElementTree as ET

import pytest

from referee.store import Store

from .conftest import make_doc, out_json


@pytest.fixture
def kinds(cli, store):
    """One play of each kind a club logs: scores, a tie-break, teams, a co-op lost, lowest wins (a BG Stats
    Golf play), no points (BG Stats Codenames), and a play stored with its winner at rank 2 (what older BG
    Stats imports stored)."""
    ids = {}
    for key, args in (("scores", ["Ticket to Ride", "-p", "Ann=110", "-p", "Bob=90", "--date", "2025-03-01",
                                  "--expansion", "Europa 1912"]),
                      ("tie", ["puerto-rico", "-p", "Ann=40", "-p", "Bob=40", "-p", "Cal=30", "--winner", "Bob",
                               "--date", "2025-03-02"]),
                      ("teams", ["Codenames", "-p", "Ann=3", "-p", "Bob=2", "-p", "Cal=4", "-p", "Dan=0",
                                 "--team", "Red=Ann,Bob", "--team", "Blue=Cal,Dan", "--date", "2025-03-03"]),
                      ("coop", ["Pandemic", "-p", "Ann", "-p", "Bob", "--coop", "lost", "--date", "2025-03-04"])):
        ids[key] = out_json(cli("record", *args, "--json"))["id"]
    golf = make_doc("gqff23", "2025-03-05", [("Jana", 38, 1), ("Petr", 42, 2)], game="Golf", source="bgstats")
    nopoints = make_doc("nqpt23", "2025-03-06", [("Jana", 0, 1), ("Petr", 0, 2)], game="Hanabi",
                        source="bgstats")
    greg = make_doc("grzg23", "2025-03-07", [("Ann", 50, 1), ("Greg", 45, 2)], game="Azul", source="bgstats",
                    winners=["Greg"])
    for doc in (golf, nopoints, greg):
        doc["title"] = doc["game"]
        doc["created"] = doc["finished_at"] = None        # as a BG Stats import stores them: a date alone
    store.add_archived([golf, nopoints, greg])
    ids.update(golf="gqff23", nopoints="nqpt23", greg="grzg23")
    return ids


def rows_of(text):
    return list(csv.DictReader(io.StringIO(text)))


def test_bgg_xml_newest_first_without_invented_ids_or_scores(cli, kinds, tmp_path):
    path = tmp_path / "plays.xml"
    assert cli("export", path).exit_code == 0
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    plays = root.findall("play")
    dates = [p.attrib["date"] for p in plays]
    assert dates == sorted(dates, reverse=True) and dates[0] == "2025-03-07"
    assert all("id" not in p.attrib for p in plays)            # none of them is on BGG: no id="0"
    assert not re.search(r'\sid="0"', path.read_text(encoding="utf-8"))
    by_ref = {p.attrib["refereeid"]: p for p in plays}
    for key in ("coop", "nopoints"):
        assert all("score" not in pl.attrib for pl in by_ref[kinds[key]].iter("player")), key
    teams = {pl.attrib["name"]: (pl.attrib["team"], pl.attrib["color"], pl.attrib["rank"])
             for pl in by_ref[kinds["teams"]].iter("player")}
    assert teams == {"Ann": ("Red", "Red", "1"), "Bob": ("Red", "Red", "1"), "Cal": ("Blue", "Blue", "3"),
                     "Dan": ("Blue", "Blue", "3")}
    assert [e.attrib["name"] for e in by_ref[kinds["scores"]].iter("expansion")] == ["Europa 1912"]
    greg = {pl.attrib["name"]: (pl.attrib["rank"], pl.attrib["win"]) for pl in by_ref["grzg23"].iter("player")}
    assert greg == {"Greg": ("1", "1"), "Ann": ("2", "0")}     # a winner is rank 1


def test_a_play_from_bgg_keeps_its_bgg_id(cli, store, tmp_path):
    doc = make_doc("bg9345", "2025-01-01", [("Ann", 3, 1), ("Bob", 1, 2)], source="bgg")
    doc["bgg_play_id"] = "81234599"
    store.add_archived([doc])
    path = tmp_path / "plays.xml"
    cli("export", path)
    play = ET.fromstring(path.read_text(encoding="utf-8")).find("play")
    assert play.attrib["id"] == "81234599" and play.attrib["refereeid"] == "bg9345"
    target = tmp_path / "other.json"
    assert out_json(cli("--db", target, "import", path, "--json"))["imported"] == ["bg9345"]
    back = Store(target).get_archived("bg9345")
    assert back["bgg_play_id"] == "81234599"


def test_bgg_xml_import_gives_teams_expansions_and_no_points_plays_back(cli, kinds, store, tmp_path):
    path = tmp_path / "plays.xml"
    cli("export", path)
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert sorted(report["imported"]) == sorted(kinds.values()) and report["skipped"] == []
    back = Store(target)
    assert back.get_archived(kinds["teams"])["teams"] == {"Red": ["Ann", "Bob"], "Blue": ["Cal", "Dan"]}
    assert back.get_archived(kinds["teams"]).get("colours") is None        # the team is not a colour
    assert back.get_archived(kinds["scores"])["expansions"] == ["Europa 1912"]
    hanabi = back.get_archived("nqpt23")["result"]
    assert hanabi["winners"] == ["Jana"] and [e["total"] for e in hanabi["ranking"]] == [0, 0]


def test_bg_stats_backup_has_real_uuids_dates_and_no_points(cli, kinds, store, tmp_path):
    path = tmp_path / "BGStatsExport.json"
    assert cli("export", path, "--bgstats").exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "meRefId" not in data["userInfo"]          # no player is claimed as the owner
    for table in ("games", "players", "locations", "plays"):
        for item in data[table]:
            assert uuid.UUID(item["uuid"]).version == 5, (table, item)
    stamp = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
    for play in data["plays"]:
        assert stamp.match(play["entryDate"]) and stamp.match(play["modificationDate"]) and \
            stamp.match(play["playDate"])
    games = {g["id"]: g for g in data["games"]}
    by_game = {games[p["gameRefId"]]["name"]: p for p in data["plays"]}
    assert games[by_game["Hanabi"]["gameRefId"]]["noPoints"] is True
    assert [s["score"] for s in by_game["Hanabi"]["playerScores"]] == ["", ""]
    assert [s["score"] for s in by_game["Pandemic"]["playerScores"]] == ["", ""]
    assert [s["score"] for s in by_game["Ticket to Ride"]["playerScores"]] == ["110", "90"]
    assert games[by_game["Golf"]["gameRefId"]]["highestWins"] is False
    assert games[by_game["Ticket to Ride"]["gameRefId"]]["highestWins"] is True
    # the time of day a play was logged (its end less its duration), not 20:00 for every play
    recorded = store.get_archived(kinds["scores"])
    from referee.club.formats.export import play_clock

    assert by_game["Ticket to Ride"]["playDate"].endswith(play_clock(recorded))
    assert by_game["Golf"]["playDate"].endswith("20:00:00")     # known by its date alone: the default
    # stable: the same history exported again is the same backup
    again = tmp_path / "again.json"
    cli("export", again, "--bgstats")
    assert again.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    # and referee reads it back, results as they were
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert len(report["imported"]) == len(kinds) and report["skipped"] == []
    back = {d["game"]: d for d in Store(target).archived()}
    assert back["Golf"]["result"]["winners"] == ["Jana"] and back["Hanabi"]["result"]["winners"] == ["Jana"]
    assert back["Codenames"]["teams"] == {"Red": ["Ann", "Bob"], "Blue": ["Cal", "Dan"]}
    assert back["Pandemic"]["result"]["cooperative"] and back["Pandemic"]["result"]["won"] is False


def test_csv_rank_and_win_agree_and_every_kind_comes_back(cli, kinds, store, tmp_path):
    path = tmp_path / "club.csv"
    assert cli("export", path).exit_code == 0
    rows = rows_of(path.read_text(encoding="utf-8"))
    for r in rows:
        if r["win"] == "1":
            assert r["rank"] == "1", r
    by_id = {}
    for r in rows:
        by_id.setdefault(r["id"], []).append(r)
    assert [(r["player"], r["rank"], r["win"]) for r in by_id["grzg23"]] == [("Ann", "2", "0"), ("Greg", "1", "1")]
    assert {r["team"] for r in by_id[kinds["teams"]]} == {"Red", "Blue"}
    assert {(r["score"], r["coop"]) for r in by_id[kinds["coop"]]} == {("", "lost")}
    assert {r["score"] for r in by_id["nqpt23"]} == {""}
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert sorted(report["imported"]) == sorted(kinds.values())
    back = Store(target)
    for key, gid in kinds.items():
        a, b = store.get_archived(gid), back.get_archived(gid)
        assert a["result"].get("cooperative") == b["result"].get("cooperative"), key
        assert a.get("teams") == b.get("teams"), key
        assert a.get("title") == b.get("title"), key
        assert [(e["player"], e["total"]) for e in a["result"]["ranking"]] == \
            [(e["player"], e["total"]) for e in b["result"]["ranking"]] or key in ("greg", "tie"), key
        if key != "greg":
            assert [e["rank"] for e in a["result"]["ranking"]] == [e["rank"] for e in b["result"]["ranking"]], key
        assert a["result"]["winners"] == b["result"]["winners"] or key == "tie", key
    assert sorted(back.get_archived(kinds["tie"])["result"]["winners"]) == ["Bob"]
    assert back.get_archived("grzg23")["result"]["winners"] == ["Greg"]


@pytest.mark.parametrize("sheet, fragment", [
    ("date,game,player,score,win\n2025-01-01,Hanabi,Ann,,1\n2025-01-01,Hanabi,Bob,5,0\n",
     "give a score for every player of the play or for none"),
    ("date,game,player,score\n2025-01-01,Hanabi,Ann,\n2025-01-01,Hanabi,Bob,\n", "the play has no scores"),
    ("date,game,player,score,coop\n2025-01-01,Pandemic,Ann,,won\n2025-01-01,Pandemic,Bob,,maybe\n",
     "coop is 'maybe'"),
    ("date,game,player,score,team\n2025-01-01,Codenames,Ann,1,Red\n2025-01-01,Codenames,Bob,2,\n",
     "give a team for every player"),
])
def test_a_csv_that_says_too_little_or_contradicts_itself_is_refused(cli, store, tmp_path, sheet, fragment, db):
    from .conftest import assert_refused, snapshot

    path = tmp_path / "sheet.csv"
    path.write_text(sheet, encoding="utf-8")
    before = snapshot(db)
    assert_refused(cli("import", path), fragment, "nothing was imported")
    assert snapshot(db) == before


def test_a_csv_of_a_play_without_points_or_a_co_op_imports(cli, store, tmp_path):
    path = tmp_path / "sheet.csv"
    path.write_text("date,game,player,score,win,coop,team\n2025-01-01,Hanabi,Ann,,1,,\n2025-01-01,Hanabi,Bob,,0,,\n"
                    "\n2025-01-02,Pandemic,Ann,,,won,\n2025-01-02,Pandemic,Bob,,,won,\n"
                    "\n2025-01-03,Codenames,Ann,3,,,Red\n2025-01-03,Codenames,Bob,1,,,Blue\n"
                    "2025-01-03,Codenames,Cal,1,,,Red\n", encoding="utf-8")
    assert len(out_json(cli("import", path, "--json"))["imported"]) == 3
    docs = {d["game"]: d for d in store.archived()}
    assert docs["Hanabi"]["result"]["winners"] == ["Ann"]
    assert docs["Pandemic"]["result"]["cooperative"] and docs["Pandemic"]["result"]["winners"] == ["Ann", "Bob"]
    assert docs["Codenames"]["teams"] == {"Red": ["Ann", "Cal"], "Blue": ["Bob"]}
    assert sorted(docs["Codenames"]["result"]["winners"]) == ["Ann", "Cal"]


@pytest.mark.parametrize("lang, said", [("en", "does not fit in a BG Stats code"), ("cs", "se do kódu pro BG Stats nevejde")])
def test_a_note_left_out_of_a_bg_stats_code_is_said(cli, store, lang, said):
    long_note = "Velmi dlouhá poznámka o partii, kdo co postavil a proč. " * 9
    gid = out_json(cli("record", "port-royal", "-p", "Řehoř Čech Dlouhojmenný=12", "-p", "Bohumila Přeštická=9",
                       "-p", "Ctirad Šťastný Nešťastný=8", "-p", "Dobroslav Žluťoučký Kůň=7",
                       "-p", "Evženie Ďáblová Andělská=5", "--notes", long_note, "--json"))["id"]
    r = cli("--lang", lang, "qr", gid, "--bgstats", "--text")
    assert r.exit_code == 0 and said in r.stderr and gid in r.stderr
    assert r.stdout.startswith("http")          # the link itself, alone on stdout
    short = out_json(cli("record", "toy", "-p", "Ann=3", "-p", "Bob=1", "--notes", "krátká", "--json"))["id"]
    quiet = cli("--lang", lang, "qr", short, "--bgstats", "--text")
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_what_a_bg_stats_link_lost_is_each_said():
    from referee.club.formats.export import bgstats_link_losses
    from urllib.parse import quote

    doc = {"id": "ab2345", "notes": "x" * 300, "result": {"ranking": [{"player": "Dobroslav Žluťoučký Kůň"},
                                                                      {"player": "Ann"}]}}
    link = "https://app.bgstatsapp.com/createPlay.html?data=" + quote(json.dumps(
        {"comments": "x" * 59 + "…", "players": [{"name": "Dobroslav Žl…"}, {"name": "Ann"}]}))
    said = bgstats_link_losses(doc, link)
    assert len(said) == 2 and "60 of its 300" in said[0] and "Dobroslav Žluťoučký Kůň" in said[1]
    whole = "https://app.bgstatsapp.com/createPlay.html?data=" + quote(json.dumps(
        {"comments": "x" * 300, "players": [{"name": "Dobroslav Žluťoučký Kůň"}, {"name": "Ann"}]}))
    assert bgstats_link_losses(doc, whole) == []


@pytest.mark.parametrize("ranking, winners, expected", [
    ([("Ann", 1), ("Bob", 1), ("Cal", 3)], ["Ann", "Bob"], {"Ann": 1, "Bob": 1, "Cal": 3}),      # sound: as stored
    ([("Bob", 1), ("Cal", 2), ("Ann", 3)], ["Bob"], {"Bob": 1, "Cal": 2, "Ann": 3}),
    ([("Ann", 1), ("Bob", 2)], [], {"Ann": 1, "Bob": 2}),                       # rank 1, not eligible to win
    ([("Ann", 1), ("Greg", 2)], ["Greg"], {"Greg": 1, "Ann": 2}),               # a winner stored at rank 2
    ([("Greg", 1), ("Eva", 3), ("Bob", 5)], ["Greg", "Bob"], {"Greg": 1, "Bob": 1, "Eva": 3}),
    ([("Ann", 2), ("Bob", 3)], [], {"Ann": 1, "Bob": 2}),                       # no rank 1 at all
])
def test_consistent_ranks(ranking, winners, expected):
    from referee.club.formats.export import consistent_ranks

    res = {"ranking": [{"player": p, "rank": r, "total": 0} for p, r in ranking], "winners": winners}
    assert consistent_ranks(res) == expected
