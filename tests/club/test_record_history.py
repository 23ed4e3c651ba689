"""`referee record`, `referee history`, `referee stats` through the CLI: results, filters, refusals."""

import pytest

from .conftest import assert_refused, out_json, play_tracked, snapshot


def record(cli, *players, **opts):
    args = ["record", "toy"]
    for p in players:
        args += ["-p", p]
    for k, v in opts.items():
        args += [f"--{k.replace('_', '-')}", v]
    return cli(*args, "--json")


def test_record_ranks_by_score_and_ties_share_the_rank(cli, store):
    data = out_json(record(cli, "Ann=52", "Bob=48", "Cal=48", date="2025-03-01", location="Club Hall",
                           duration="1h15", notes="first game"))
    res = data["result"]
    assert [(e["player"], e["total"], e["rank"]) for e in res["ranking"]] == [("Ann", 52, 1), ("Bob", 48, 2),
                                                                             ("Cal", 48, 2)]
    assert res["winners"] == ["Ann"] and res["ranking"][0]["breakdown"] == {"score": 52}
    doc = store.get_archived(data["id"])
    assert doc["source"] == "recorded" and doc["has_record"] is False and doc["players"] == ["Ann", "Bob", "Cal"]
    assert doc["date"] == "2025-03-01" and doc["location"] == "Club Hall" and doc["duration"] == 75
    assert doc["notes"] == "first game" and doc["schema_version"] == 1


def test_record_tie_at_the_top_is_a_shared_win(cli):
    res = out_json(record(cli, "Ann=10", "Bob=10", "Cal=3"))["result"]
    assert res["winners"] == ["Ann", "Bob"] and [e["rank"] for e in res["ranking"]] == [1, 1, 3]
    assert res["ranking"][0]["note"] == "shared win"


def test_record_winner_breaks_a_tie_at_the_top(cli):
    res = out_json(record(cli, "Ann=10", "Bob=10", "Cal=3", winner="bob"))["result"]
    assert res["winners"] == ["Bob"]
    assert [(e["player"], e["rank"]) for e in res["ranking"]] == [("Bob", 1), ("Ann", 2), ("Cal", 3)]


def test_record_text_output_and_colours(cli, store):
    r = cli("record", "toy", "-p", "Ann=3", "-p", "Bob=7", "--colour", "ann=Red")
    assert r.exit_code == 0 and "Bob wins" in r.stdout
    doc = store.archived()[0]
    assert doc["colours"] == {"Ann": "red"}


def test_colour_and_winner_find_a_player_whatever_the_spacing(cli, store):
    # names are kept with single spaces, so a colour or winner typed with other spacing still names him
    r = cli("record", "toy", "-p", "Ann  Lee=7", "-p", "Bob=7", "--colour", "ann\u00a0lee=Red", "--winner",
            "ANN   LEE")
    assert r.exit_code == 0, r.output
    doc = store.archived()[0]
    assert doc["players"] == ["Ann Lee", "Bob"] and doc["colours"] == {"Ann Lee": "red"}
    assert doc["result"]["winners"] == ["Ann Lee"]


@pytest.mark.parametrize("args, fragments", [
    (["-p", "Ann=abc", "-p", "Bob=3"], ["'abc'", "Ann", "whole number"]),
    (["-p", "Ann=4.5", "-p", "Bob=3"], ["'4.5'", "whole number"]),
    (["-p", "Ann=-4", "-p", "Bob=3"], ["-4", "negative"]),
    (["-p", "Ann", "-p", "Bob=3"], ["Ann", "no score"]),
    (["-p", "Ann=4"], ["2 to 3 players"]),
    (["-p", "Ann=4", "-p", "ann=5"], ["listed twice"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--winner", "Ann"], ["highest score (5)"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--winner", "Zed"], ["'Zed'", "not one of the players"]),
    (["-p", "Ann=5", "-p", "Bob=4", "--winner", "Ann"], ["alone"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--date", "2025-13-01"], ["'2025-13-01'", "YYYY-MM-DD"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--date", "2999-01-01"], ["future"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--duration", "long"], ["'long'", "minutes"]),
    (["-p", "Ann=4", "-p", "Bob=5", "--colour", "Zed=red"], ["'Zed'"]),
])
def test_record_refusals_are_one_sentence_and_store_nothing(cli, store, db, args, fragments):
    play_tracked(store)
    before = snapshot(db)
    assert_refused(cli("record", "toy", *args), *fragments)
    assert snapshot(db) == before


def test_record_unknown_game_suggests_one(cli, db):
    err = assert_refused(cli("record", "toyy", "-p", "Ann=1", "-p", "Bob=2"), "Unknown game")
    assert "Did you mean toy?" in err
    assert not db.exists()


@pytest.fixture
def club(cli, store):
    out_json(record(cli, "Ann=10", "Bob=8", date="2025-01-05", location="Club Hall"))
    out_json(record(cli, "Bob=9", "Cal=9", date="2025-02-10", location="Ann's flat"))
    out_json(record(cli, "Cal=4", "Dan=2", "Ann=1", date="2025-03-15", location="Club Hall"))
    tracked = play_tracked(store, ("Dan", "Eve"), date="2025-04-01", location="Pub")
    return tracked


def ids(rows):
    return [(r["date"], r["players"]) for r in rows]


def test_history_is_newest_first_with_scores(cli, club):
    rows = out_json(cli("history", "--json"))
    assert [r["date"] for r in rows] == ["2025-04-01", "2025-03-15", "2025-02-10", "2025-01-05"]
    assert rows[0]["id"] == club and rows[0]["source"] == "tracked" and rows[0]["has_record"]
    assert rows[2]["winners"] == ["Bob", "Cal"]


def test_history_filters(cli, club):
    ann = out_json(cli("history", "--player", "ANN", "--json"))
    assert sorted(r["date"] for r in ann) == ["2025-01-05", "2025-03-15"]
    hall = out_json(cli("history", "--location", "club hall", "--json"))
    assert [r["date"] for r in hall] == ["2025-03-15", "2025-01-05"]
    span = out_json(cli("history", "--since", "2025-02-01", "--until", "2025-03-31", "--json"))
    assert [r["date"] for r in span] == ["2025-03-15", "2025-02-10"]
    assert len(out_json(cli("history", "--game", "toy", "--json"))) == 4
    assert len(out_json(cli("history", "--game", "toy", "--player", "cal", "--location", "hall", "--json"))) == 1
    assert len(out_json(cli("history", "--limit", "1", "--json"))) == 1


def test_history_table(cli, club):
    r = cli("history")
    assert r.exit_code == 0 and "Bob* 9" in r.stdout and "Cal* 9" in r.stdout and "Club Hall" in r.stdout
    assert "Ann* 10" in r.stdout
    assert "No games match." in cli("history", "--location", "Moon").stdout


@pytest.mark.parametrize("args, fragments", [
    (["--player", "Anne"], ["'Anne'", "Did you mean Ann?"]),
    (["--player", "Zebedee"], ["'Zebedee'"]),
    (["--game", "carcasone-x-y"], ["Unknown game"]),
    (["--since", "2025-05-01", "--until", "2025-01-01"], ["--since 2025-05-01 is after --until"]),
    (["--since", "May"], ["'May'"]),
])
def test_history_bad_filters(cli, club, db, args, fragments):
    before = snapshot(db)
    assert_refused(cli("history", *args), *fragments)
    assert snapshot(db) == before


def test_history_of_empty_store(cli):
    r = cli("history")
    assert r.exit_code == 0 and "empty" in r.stdout
    assert out_json(cli("history", "--json")) == []


def test_stats_cli_json_and_tables(cli, club):
    data = out_json(cli("stats", "--json"))
    assert data["games"] == 4 and data["players"]["Ann"]["plays"] == 2 and data["players"]["Ann"]["wins"] == 1
    assert data["players"]["Bob"]["shared_wins"] == 1 and data["h_index"] == 2
    assert "rating_history" not in data
    full = out_json(cli("stats", "--json", "--rating-history"))
    assert set(full["rating_history"]) == {"Ann", "Bob", "Cal", "Dan", "Eve"}
    assert [h["rating"] for h in full["rating_history"]["Ann"]][-1] == full["ratings"]["Ann"]
    hall = out_json(cli("stats", "--location", "hall", "--json"))
    assert hall["games"] == 2
    ann = out_json(cli("stats", "--player", "ann", "--json"))
    assert ann["name"] == "Ann" and ann["games"]["toy"]["best_score"] == 10 and len(ann["rating_history"]) == 2
    h2h = out_json(cli("stats", "--player", "bob", "--vs", "Cal", "--json"))
    assert h2h["games"] == 1 and h2h["level"] == 1 and h2h["wins"] == {"Bob": 1, "Cal": 1}
    r = cli("stats")
    assert r.exit_code == 0 and "Club H-index" in r.stdout and "Players (4 games)" in r.stdout
    assert "Ann" in cli("stats", "--player", "Ann").stdout
    assert "Bob vs Cal" in cli("stats", "--player", "Bob", "--vs", "Cal").stdout


@pytest.mark.parametrize("args, fragments", [
    (["--player", "Anna"], ["'Anna'", "Did you mean Ann?"]),
    (["--vs", "Ann"], ["--vs needs --player"]),
    (["--player", "Ann", "--vs", "ann"], ["same player"]),
    (["--player", "Eve", "--location", "hall"], ["Eve played none"]),
])
def test_stats_bad_input(cli, club, db, args, fragments):
    before = snapshot(db)
    assert_refused(cli("stats", *args), *fragments)
    assert snapshot(db) == before


def test_read_archive_equals_store_archived_and_reports_damage_the_same_way(cli, store, db):
    from referee.club.common import read_archive
    from referee.core.errors import StoreError

    assert read_archive(store) == []
    play_tracked(store)
    out_json(cli("record", "toy", "-p", "Ann=1", "-p", "Bob=2", "--json"))
    assert read_archive(store) == store.archived() and len(store.archived()) == 2
    db.write_text('{"games": {"1": ')
    with pytest.raises(StoreError) as a:
        store.archived()
    with pytest.raises(StoreError) as b:
        read_archive(store)
    assert str(a.value) == str(b.value)
    assert_refused(cli("history"), "is not valid JSON")
    db.write_text('{"_meta": {"1": {"schema_version": 99}}, "games": {}}')
    assert_refused(cli("stats"), "newer referee")


def test_only_el_capitan_money_may_end_below_zero(cli, store, db):
    res = out_json(cli("record", "el-capitan", "-p", "Ann=-12", "-p", "Bob=40", "--json"))["result"]
    assert [(e["player"], e["total"], e["rank"]) for e in res["ranking"]] == [("Bob", 40, 1), ("Ann", -12, 2)]
    before = snapshot(db)
    assert_refused(cli("record", "puerto-rico", "-p", "Ann=-1", "-p", "Bob=40", "-p", "Cal=3"),
                   "-1 for Ann is negative", "Puerto Rico scores are 0 or more")
    assert snapshot(db) == before


def test_history_table_shows_the_newest_50_and_says_so(cli, store):
    from .conftest import make_doc

    store.add_archived([make_doc(f"h{i:04d}", f"2025-01-{1 + i % 28:02d}", [("Ann", i, 1), ("Bob", 0, 2)])
                        for i in range(1, 56)])
    out = cli("history").stdout
    assert "the newest 50 of 55 games" in out
    assert "55 games" in cli("history", "--limit", "0").stdout
    assert len(out_json(cli("history", "--json"))) == 55


def test_ratings_per_game_with_the_game_filter(cli, store):
    from .conftest import make_doc

    store.add_archived([make_doc("r1", "2025-01-01", [("Ann", 9, 1), ("Bob", 1, 2)], game="toy"),
                        make_doc("r2", "2025-01-02", [("Bob", 9, 1), ("Ann", 1, 2)], game="port-royal")])
    overall = out_json(cli("stats", "--json"))["ratings"]
    toy_only = out_json(cli("stats", "--game", "toy", "--json"))["ratings"]
    assert toy_only == {"Ann": 1516.0, "Bob": 1484.0}
    assert overall == {"Bob": 1501.5, "Ann": 1498.5}
    pr = out_json(cli("stats", "--game", "Port Royal", "--json"))
    assert pr["games"] == 1 and pr["per_game"]["port-royal"]["most_wins"] == {"wins": 1, "players": ["Bob"]}


def test_export_to_a_file_reports_on_stderr(cli, store, tmp_path):
    play_tracked(store)
    path = tmp_path / "out" / "club.csv"
    r = cli("export", path)
    assert r.exit_code == 0 and r.stdout == "" and "Exported 1 game to" in r.stderr
    assert path.read_text().startswith("date,game,id,")
