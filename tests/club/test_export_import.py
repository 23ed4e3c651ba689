"""Export -> import round trips (JSON, CSV, BGG XML, QR text), idempotent imports, malformed files."""

import csv
import io
import json

import pytest

from referee.store import Store

from .conftest import assert_refused, out_json, play_tracked, snapshot


@pytest.fixture
def filled(cli, store):
    """A history with a tracked game (record), a shared win, a tie-break winner, colours, duration, notes."""
    t1 = play_tracked(store, ("Ann", "Bob"), location="Club Hall", date="2025-01-04")
    t2 = play_tracked(store, ("Cal", "Ann", "Bob"), moves=("roll 2", "give", "roll 3", "keep"), date="2025-01-05")
    for args in (["-p", "Ann=10", "-p", "Bob=10", "-p", "Cal=3", "--date", "2025-02-01", "--location", "Pub",
                  "--duration", "95", "--colour", "Ann=red", "--colour", "Bob=blue", "--notes", "rainy, long"],
                 ["-p", "Bob=7", "-p", "Ann=7", "--winner", "Ann", "--date", "2025-02-03"],
                 ["-p", "Dan=0", "-p", "Eve=12", "--date", "2025-02-04"]):
        assert cli("record", "toy", *args).exit_code == 0
    return [t1, t2]


def other_store(tmp_path, name="other.json"):
    return tmp_path / name


def test_json_round_trip_is_exact_including_move_records(cli, filled, tmp_path, store):
    path = tmp_path / "club.json"
    assert cli("export", path).exit_code == 0
    data = json.loads(path.read_text())
    assert data["format"] == "referee-history" and data["version"] == 1 and len(data["games"]) == 5
    assert sum(1 for g in data["games"] if g["record"]) == 2
    target = other_store(tmp_path)
    r = cli("--db", target, "import", path, "--json")
    assert sorted(out_json(r)["imported"]) == sorted(d["id"] for d in store.archived())
    b = Store(target)
    a_docs = {d["id"]: d for d in store.archived()}
    b_docs = {d["id"]: d for d in b.archived()}
    assert a_docs == b_docs
    for gid in filled:
        assert b.read_record(gid) == store.read_record(gid)
    again = tmp_path / "again.json"
    assert cli("--db", target, "export", again).exit_code == 0
    strip = lambda d: {k: v for k, v in d.items() if k != "exported_at"}
    assert strip(json.loads(again.read_text())) == strip(data)
    # the imported tracked game still replays and shows
    shown = out_json(cli("--db", target, "show", filled[0], "--json"))
    assert shown["finished"] and shown["moves"] == ["roll 3", "keep"]


def csv_rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_has_the_secretarys_columns(cli, filled):
    rows = csv_rows(cli("export", "--format", "csv").stdout)
    # team and coop (issue 26) came last: a team play and a co-op play come back from the CSV as they were
    assert list(rows[0]) == ["date", "game", "id", "location", "duration", "player", "score", "rank", "win",
                             "start_position", "colour", "players", "source", "notes", "team", "coop"]
    assert len(rows) == 2 + 3 + 3 + 2 + 2
    pub = [r for r in rows if r["location"] == "Pub"]
    assert [(r["player"], r["score"], r["rank"], r["win"], r["start_position"], r["colour"]) for r in pub] == [
        ("Ann", "10", "1", "1", "1", "red"), ("Bob", "10", "1", "1", "2", "blue"), ("Cal", "3", "3", "0", "3", "")]
    assert pub[0]["duration"] == "95" and pub[0]["notes"] == "rainy, long"
    tb = [r for r in rows if r["date"] == "2025-02-03"]
    assert [(r["player"], r["rank"], r["win"], r["start_position"]) for r in tb] == [("Ann", "1", "1", "2"),
                                                                                     ("Bob", "2", "0", "1")]


@pytest.mark.parametrize("fmt, ext", [("csv", "csv"), ("bgg", "xml")])
def test_csv_and_bgg_round_trip(cli, filled, tmp_path, fmt, ext):
    path = tmp_path / f"club.{ext}"
    assert cli("export", path).exit_code == 0
    target = other_store(tmp_path)
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert len(report["imported"]) == 5 and not report["duplicates"]
    exported_a = cli("export", "--format", fmt).stdout
    exported_b = cli("--db", target, "export", "--format", fmt).stdout
    if fmt == "csv":
        drop = lambda rows: [{k: v for k, v in r.items() if k != "source"} for r in rows]
        assert drop(csv_rows(exported_b)) == drop(csv_rows(exported_a))
    else:
        assert exported_b == exported_a
    # results (ranks, winners, shared wins, tie-break winners) and stats are the same on both sides
    a = out_json(cli("stats", "--json"))
    b = out_json(cli("--db", target, "stats", "--json"))
    assert a["players"] == b["players"] and a["ratings"] == b["ratings"]


@pytest.mark.parametrize("fmt, ext", [("json", "json"), ("csv", "csv"), ("bgg", "xml")])
def test_importing_twice_adds_nothing(cli, filled, tmp_path, fmt, ext):
    path = tmp_path / f"club.{ext}"
    cli("export", path)
    target = other_store(tmp_path)
    out_json(cli("--db", target, "import", path, "--json"))
    before = snapshot(target)
    second = out_json(cli("--db", target, "import", path, "--json"))
    assert second["imported"] == [] and len(second["duplicates"]) == 5
    assert snapshot(target) == before
    # and into the store it came from: all already there
    assert out_json(cli("import", path, "--json"))["imported"] == []


def test_content_key_dedupes_the_same_play_from_another_route(cli, filled, tmp_path):
    """A CSV without ids (a secretary's sheet) of plays already stored: nothing is added."""
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("Date,Game,Player,Score\n2025-02-01,Toy,Ann,10\n2025-02-01,Toy,Bob,10\n2025-02-01,Toy,Cal,3\n"
                     "2025-02-09,Toy,Ann,4\n2025-02-09,Toy,Bob,6\n")
    report = out_json(cli("import", sheet, "--json"))
    assert len(report["imported"]) == 1 and len(report["duplicates"]) == 1
    new = [d for d in Store(sheet.parent / "history.json").archived() if d["date"] == "2025-02-09"]
    assert new and new[0]["result"]["winners"] == ["Bob"] and new[0]["source"] == "imported"


def test_csv_without_ids_groups_consecutive_rows_and_a_repeated_player_starts_a_new_play(cli, tmp_path):
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,game,location,player,score,win\n"
                     "2025-05-01,toy,Club,Ann,5,0\n2025-05-01,toy,Club,Bob,5,1\n"
                     "2025-05-01,toy,Club,Ann,9,1\n2025-05-01,toy,Club,Bob,2,0\n")
    report = out_json(cli("import", sheet, "--json"))
    assert len(report["imported"]) == 2
    rows = out_json(cli("history", "--json"))
    results = sorted((r["winners"], [s["rank"] for s in r["scores"]]) for r in rows)
    # the tie at 5 was broken by the win column: Bob rank 1, Ann rank 2
    assert results == [(["Ann"], [1, 2]), (["Bob"], [1, 2])]


def test_import_dry_run_stores_nothing(cli, filled, tmp_path, db):
    path = tmp_path / "c.json"
    cli("export", path)
    target = other_store(tmp_path)
    report = out_json(cli("--db", target, "import", path, "--dry-run", "--json"))
    assert len(report["imported"]) == 5 and report["dry_run"] and not target.exists()


def test_bgg_import_takes_every_usable_play_and_lists_the_others_with_reasons(cli, tmp_path):
    xml = tmp_path / "plays.xml"
    xml.write_text("""<?xml version="1.0" encoding="utf-8"?>
<plays username="ann" userid="1" total="3" page="1">
  <play id="11" date="2025-06-01" quantity="1" length="45" incomplete="0" nowinstats="0" location="Home">
    <item name="Catan" objecttype="thing" objectid="13"><subtypes><subtype value="boardgame"/></subtypes></item>
    <players><player username="" userid="0" name="Ann" startposition="" color="" score="10" new="0" rating="0" win="1"/></players>
  </play>
  <play id="12" date="2025-06-02" quantity="1" length="60" incomplete="0" nowinstats="0" location="Home">
    <item name="Toy" objecttype="thing" objectid="0"/>
    <players>
      <player name="Bob" startposition="2" color="Green" score="7" win="0"/>
      <player name="Ann" startposition="1" color="red" score="9" win="1"/>
    </players>
  </play>
  <play id="13" date="2025-06-03" quantity="2" length="0" incomplete="0" nowinstats="0" location="">
    <item name="Toy" objecttype="thing" objectid="0"/>
    <players><player name="Ann" score="" win="1"/><player name="Bob" score="" win="0"/></players>
  </play>
</plays>
""")
    r = cli("import", xml)
    assert r.exit_code == 0 and "Imported 2 games" in r.stdout
    assert "Skipped 1 play: several plays logged as one" in r.stdout
    docs = {d["game"]: d for d in Store(tmp_path / "history.json").archived()}
    doc = docs["toy"]
    assert doc["players"] == ["Ann", "Bob"] and doc["colours"] == {"Ann": "red", "Bob": "green"}
    assert doc["duration"] == 60 and doc["location"] == "Home" and doc["result"]["winners"] == ["Ann"]
    catan = docs["Catan"]            # another title: logged as given, a solo play, with its BGG ids
    assert (catan["title"], catan["bgg_id"], catan["bgg_play_id"], catan["players"]) == ("Catan", 13, "11", ["Ann"])
    again = cli("import", xml)
    assert "Imported 0 games" in again.stdout and "2 already in the history" in again.stdout


BAD_FILES = [
    ("bad.json", '{"format": "referee-history", "version": 1,\n "games": [\n  {"id": "abc"\n', ["bad.json line 4"]),
    ("newer.json", '{"format": "referee-history", "version": 9, "games": []}', ["version 9", "newer referee"]),
    ("other.json", '{"hello": 1}', ["not a referee history export"]),
    ("bad.csv", "date,game,player,score\n2025-01-01,toy,Ann,10\n2025-01-01,toy,Bob,ten\n",
     ["bad.csv line 3", "'ten'", "whole number"]),
    ("nocol.csv", "date,game,player\n2025-01-01,toy,Ann\n", ["line 1", "'score' column"]),
    ("date.csv", "date,game,player,score\n01/02/2025,toy,Ann,10\n01/02/2025,toy,Bob,3\n", ["line 2", "'01/02/2025'"]),
    ("game.csv", "date,game,player,score\n2025-01-01,tooy,Ann,10\n", ["line 2", "unknown game 'tooy'", "Did you mean toy?"]),
    ("rank.csv", "date,game,player,score,rank\n2025-01-01,toy,Ann,10,1\n2025-01-01,toy,Bob,3,3\n", ["rank 3"]),
    ("one.csv", "date,game,player,score\n2025-01-01,toy,Ann,10\n", ["one.csv line 2", "2 to 3 players",
                                                                    "rows of one play follow each other"]),
    ("win.csv", "date,game,player,score,win\n2025-01-01,toy,Ann,10,maybe\n2025-01-01,toy,Bob,3,1\n",
     ["line 2", "'maybe'", "write 1 for a winner"]),
    ("rankwin.csv", "date,game,player,score,rank,win\n2025-01-01,toy,Ann,10,1,0\n2025-01-01,toy,Bob,3,2,1\n",
     ["Bob is marked as a winner but ranked 2"]),
    ("bad.xml", "<plays>\n<play date='2025-01-01'>\n</plays>\n", ["bad.xml line 3", "not well-formed"]),
    ("root.xml", "<games/>", ["<games>", "not <plays>"]),
    ("qr.txt", "referee result v1\nid: abcdef\ngame: toy\n1. Ann 5 *\n", ["no 'date:' line"]),
]


@pytest.mark.parametrize("fname, content, fragments", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_malformed_import_names_the_line_or_field_and_imports_nothing(cli, filled, db, tmp_path, fname, content,
                                                                      fragments):
    path = tmp_path / fname
    path.write_text(content)
    before = snapshot(db)
    err = assert_refused(cli("import", path), *fragments)
    assert "nothing was imported" in err or "newer referee" in err
    assert snapshot(db) == before


def test_a_bad_field_late_in_a_good_json_file_imports_nothing(cli, filled, db, tmp_path):
    path = tmp_path / "club.json"
    cli("export", path)
    data = json.loads(path.read_text())
    data["games"][3]["result"]["ranking"][1]["total"] = "lots"
    target = other_store(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert_refused(cli("--db", target, "import", bad), "games[3].result.ranking[1].total", "'lots'")
    assert not target.exists()


@pytest.mark.parametrize("field, value, fragments", [
    ("id", "no way!", ["games[0].id"]),
    ("game", "chess\x1b[2J", ["games[0].game"]),
    ("source", "dreamt", ["games[0].source"]),
    ("players", [], ["games[0].players"]),
    ("record", "# referee game record\nGame: toy\nPlayers: Ann, Bob\n\n1. roll 9\n", ["games[0].record", "move 1 (roll 9)"]),
])
def test_json_fields_are_checked(cli, filled, tmp_path, field, value, fragments):
    path = tmp_path / "club.json"
    cli("export", path)
    data = json.loads(path.read_text())
    data["games"][0][field] = value
    path.write_text(json.dumps(data))
    target = other_store(tmp_path)
    assert_refused(cli("--db", target, "import", path), *fragments)
    assert not target.exists()


def test_import_usage_errors(cli, tmp_path):
    assert_refused(cli("import"), "Give a file")
    assert_refused(cli("import", tmp_path / "nope.csv"), "There is no file")
    (tmp_path / "latin.csv").write_bytes("date,game,player,score\n2025-01-01,toy,Zo\xeb,1\n".encode("latin-1"))
    assert_refused(cli("import", tmp_path / "latin.csv"), "not UTF-8")


def test_export_filters_and_stdout(cli, filled):
    data = json.loads(cli("export", "--player", "eve").stdout)
    assert len(data["games"]) == 1 and data["games"][0]["players"] == ["Dan", "Eve"]
    rows = csv_rows(cli("export", "-f", "csv", "--since", "2025-02-02").stdout)
    assert {r["date"] for r in rows} == {"2025-02-03", "2025-02-04"}


def test_colour_of_a_tracked_el_capitan_game_comes_from_its_colours_option():
    from referee.club.common import colours

    doc = {"players": ["Ann", "Bob"], "options": {"colours": "red,yellow,green,blue"}}
    assert colours(doc) == {"Ann": "red", "Bob": "yellow"}
    assert colours({"players": ["Ann"], "options": {"colours": ""}}) == {}
    assert colours({"players": ["Ann"], "colours": {"Ann": "blue"}, "options": {}}) == {"Ann": "blue"}


def test_history_keeps_storage_order_for_games_logged_the_same_second(cli):
    ids = [out_json(cli("record", "toy", "-p", "Ann=1", "-p", f"B{i}=2", "--date", "2025-01-01", "--json"))["id"]
           for i in range(4)]
    rows = out_json(cli("history", "--json"))
    assert [r["id"] for r in rows] == ids[::-1]


def test_csv_with_semicolons_from_a_european_spreadsheet(cli, tmp_path):
    sheet = tmp_path / "sheet.csv"
    sheet.write_bytes("\ufeffDatum;Game;Player;Score;Location\n2025-05-01;Toy;Zoë;5;Klub, sál\n"
                      "2025-05-01;Toy;Bob;7;Klub, sál\n".encode("utf-8"))
    # "Datum" is not a column referee knows: the header must name date
    assert_refused(cli("import", sheet), "line 1", "'date' column")
    sheet.write_bytes("\ufeffDate;Game;Player;Score;Location\n2025-05-01;Toy;Zoë;5;Klub, sál\n"
                      "2025-05-01;Toy;Bob;7;Klub, sál\n".encode("utf-8"))
    assert len(out_json(cli("import", sheet, "--json"))["imported"]) == 1
    row = out_json(cli("history", "--json"))[0]
    assert row["players"] == ["Zoë", "Bob"] and row["location"] == "Klub, sál" and row["winners"] == ["Bob"]


def test_id_of_a_game_in_progress_is_renamed_and_a_changed_game_is_a_conflict(cli, filled, tmp_path, store):
    from referee import session

    path = tmp_path / "club.json"
    cli("export", path)
    data = json.loads(path.read_text())
    tracked = next(g for g in data["games"] if g["record"])
    target = tmp_path / "other.json"
    other = Store(target)
    live = session.create(other, "toy", ["Zed", "Yan"])
    tracked_copy = dict(tracked, id=live.id)
    changed = json.loads(json.dumps(data["games"][-1]))
    data["games"] = [tracked_copy]
    path.write_text(json.dumps(data))
    report = out_json(cli("--db", target, "import", path, "--json"))
    (old, new), = report["renamed"]
    assert old == live.id and new != live.id and report["imported"] == [new]
    assert other.read_live(live.id)["players"] == ["Zed", "Yan"]          # the game in progress is untouched
    assert out_json(cli("--db", target, "show", new, "--json"))["moves"] == \
        out_json(cli("show", tracked["id"], "--json"))["moves"]
    # the same id with a different result: the stored game is kept, and the user is told
    original = store.get_archived(changed["id"])
    changed["result"]["ranking"][0]["total"] += 5
    data["games"] = [changed]
    path.write_text(json.dumps(data))
    r = cli("import", path)
    assert r.exit_code == 0 and f"Game {changed['id']} is already in the history with a different result" in r.stdout
    assert store.get_archived(changed["id"]) == original


def test_negative_money_of_el_capitan_round_trips_and_is_refused_elsewhere(cli, tmp_path):
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,game,player,score\n2025-01-01,el-capitan,Ann,-5\n2025-01-01,el-capitan,Bob,12\n")
    assert len(out_json(cli("import", sheet, "--json"))["imported"]) == 1
    gid = out_json(cli("history", "--json"))[0]["id"]
    text = cli("qr", gid, "--text").stdout
    assert "2. Ann -5" in text
    target = tmp_path / "other.json"
    assert out_json(cli("--db", target, "import", "--qr-text", text, "--json"))["imported"] == [gid]
    sheet.write_text("date,game,player,score\n2025-01-01,carcassonne,Ann,-5\n2025-01-01,carcassonne,Bob,12\n")
    assert_refused(cli("--db", target, "import", sheet), "line 2", "Carcassonne scores are 0 or more")
    bad = text.replace("game: el-capitan", "game: port-royal")
    assert_refused(cli("--db", target, "import", "--qr-text", bad), "Port Royal scores are 0 or more")


def test_a_player_not_eligible_to_win_survives_csv_and_bgg(cli, store, tmp_path):
    """Port Royal's expedition end: the player with most points may be ranked last, not eligible."""
    from .conftest import make_doc

    doc = make_doc("pe2345", "2025-04-01", [("Bob", 10, 1), ("Cal", 8, 2), ("Ann", 12, 3)], winners=["Bob"])
    doc["result"]["ranking"][2].update(eligible=False, note="not eligible to win")
    store.add_archived([doc])
    for fmt, ext in (("csv", "csv"), ("bgg", "xml")):
        path = tmp_path / f"x.{ext}"
        cli("export", path)
        target = tmp_path / f"{fmt}.json"
        assert out_json(cli("--db", target, "import", path, "--json"))["imported"] == ["pe2345"]
        back = Store(target).get_archived("pe2345")["result"]
        assert back["winners"] == ["Bob"]
        assert [(e["player"], e["total"], e["rank"]) for e in back["ranking"]] == [
            ("Bob", 10, 1), ("Cal", 8, 2), ("Ann", 12, 3)]


def test_bgg_win_flags_without_ranks_put_the_winner_first(cli, tmp_path):
    xml = tmp_path / "p.xml"
    xml.write_text("<plays><play date='2025-01-01'><item name='Toy'/><players>"
                   "<player name='Ann' score='12' win='0'/><player name='Bob' score='10' win='1'/>"
                   "<player name='Cal' score='8' win='0'/></players></play></plays>")
    out_json(cli("import", xml, "--json"))
    row = out_json(cli("history", "--json"))[0]
    assert row["winners"] == ["Bob"]
    assert [(s["player"], s["rank"]) for s in row["scores"]] == [("Bob", 1), ("Ann", 2), ("Cal", 3)]


def test_a_json_backup_restores_alike_games_each_with_its_own_id(cli, tmp_path):
    """Two plays on one day with the same scores (two quick games ending 10-5, two tracked games alike) are
    two games: a JSON export of them restores both, into an empty store or one that holds one of them.
    Before, the content key merged them and the backup lost a game."""
    for _ in range(2):
        assert cli("record", "toy", "-p", "Ann=10", "-p", "Bob=5", "--date", "2025-03-01").exit_code == 0
    ids = sorted(d["id"] for d in out_json(cli("history", "--json")))
    backup = tmp_path / "backup.json"
    assert cli("export", backup).exit_code == 0
    empty = tmp_path / "empty.json"
    assert sorted(out_json(cli("--db", empty, "import", backup, "--json"))["imported"]) == ids
    partial = tmp_path / "partial.json"
    assert cli("--db", partial, "import", backup).exit_code == 0
    Store(partial).remove_archived(ids[1])
    report = out_json(cli("--db", partial, "import", backup, "--json"))
    assert report["imported"] == [ids[1]] and report["duplicates"] == [ids[0]]
    assert sorted(d["id"] for d in Store(partial).archived()) == ids
    # and a sheet without ids of the same play still adds nothing (the content key, where ids cannot tell)
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("date,game,player,score\n2025-03-01,toy,Ann,10\n2025-03-01,toy,Bob,5\n")
    assert out_json(cli("--db", partial, "import", sheet, "--json"))["imported"] == []


def test_two_tracked_games_alike_are_two_games(cli, tmp_path):
    """Games tracked move by move each got their own id at the table: alike results never merge them."""
    from referee import session

    stores = [Store(tmp_path / f"club{i}.json") for i in range(2)]
    for store in stores:
        t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2}, date="2025-04-01")
        session.play(store, t, "roll 2"); session.play(store, t, "keep")
    theirs = tmp_path / "theirs.json"
    assert cli("--db", stores[1].path, "export", theirs).exit_code == 0
    report = out_json(cli("--db", stores[0].path, "import", theirs, "--json"))
    assert len(report["imported"]) == 1 and report["duplicates"] == []
    assert len(stores[0].archived()) == 2
