"""Games in progress: listed by history --unfinished, carried by the JSON export, replayed on import."""

import json

from click.testing import CliRunner

from referee.cli import cli


def run(*args, input=None):
    r = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in r.output
    return r


def test_unfinished_games_travel_through_export_and_import(db, tmp_path, monkeypatch):
    gid = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    run("move", gid, "flip", "sailor-3-1")
    listed = json.loads(run("history", "--unfinished", "--json").stdout)
    assert [(g["id"], g["moves"]) for g in listed] == [(gid, 2)]
    assert gid in run("history", "--unfinished", "--player", "ann").stdout
    out = tmp_path / "club.json"
    assert run("export", str(out)).exit_code == 0
    data = json.loads(out.read_text())
    assert data["in_progress"][0]["moves"] == ["flip", "sailor-3-1"]

    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "other.json"))  # another machine
    r = run("import", str(out))
    assert r.exit_code == 0 and f"game(s) in progress: {gid}" in r.stdout
    show = json.loads(run("show", gid, "--json").stdout)
    assert show["moves"] == ["flip", "sailor-3-1"] and not show["finished"]
    again = run("import", str(out)).stdout
    assert "Imported 0 games" in again and "1 already in the history were skipped" in again


def test_a_game_in_progress_that_does_not_replay_imports_nothing(db, tmp_path):
    bad = {"format": "referee-history", "version": 1, "games": [],
           "in_progress": [{"id": "abc234", "game": "port-royal", "players": ["Ann", "Bob"], "options": {},
                            "date": "2026-01-01", "moves": ["flip", "stop"]}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    r = run("import", str(path))
    assert r.exit_code == 2 and "in_progress[0].moves[1] (stop) is refused" in r.stderr
    assert json.loads(run("history", "--unfinished", "--json").stdout) == []


def test_a_game_started_by_mistake_can_be_abandoned_and_nothing_is_deleted(db):
    keep = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    oops = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    run("move", oops, "flip")
    assert f"{oops}  port-royal" in run("history", "--unfinished").stdout and "(1 move)" in \
        run("history", "--unfinished").stdout
    r = run("abandon", oops[:4])
    assert r.exit_code == 0 and r.stdout.startswith(f"Abandoned game {oops} (port-royal, Ann, Bob, 1 move); "
                                                    f"its file is kept as ")
    kept = r.stdout.split("kept as ")[1].strip().rstrip(".")
    from referee.store.livelog import decode   # adjusted: a game file is its document plus one line per entry
    assert decode(open(kept, "rb").read())[0]["moves"] == ["flip"]
    assert [g["id"] for g in json.loads(run("history", "--unfinished", "--json").stdout)] == [keep]
    assert f"({keep}" not in run("history").stdout and run("stats", "--json").exit_code == 0
    assert json.loads(run("show", "--json").stdout)["id"] == keep       # no longer the game play resumes
    r = run("abandon", oops)
    assert r.exit_code == 2 and f"No game with id '{oops}'" in r.stderr


def test_a_finished_game_cannot_be_abandoned(db):
    r = run("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--json")
    gid = json.loads(r.stdout)["id"]
    r = run("abandon", gid, "--json")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"referee: Game {gid} is finished and in the history; only a game in progress can be "
                        "abandoned (`referee history --unfinished` lists them).\n")


def test_the_id_of_an_abandoned_game_is_never_given_again(db, monkeypatch):
    first = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    run("abandon", first)
    # an id generator that would hand out the abandoned id unless the store counts it as taken
    monkeypatch.setattr("referee.store.store.new_id", lambda taken, length=6: "zz2345" if first in taken else first)
    second = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    assert second == "zz2345"


def test_an_abandoned_reopened_game_does_not_come_back_through_repair(db, toy):
    from referee.store import Store
    from referee.club.log.repair import repair

    gid = json.loads(run("new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json").stdout)["id"]
    run("move", gid, "roll 2", "keep")               # finished: its record is written
    run("undo", gid, "--reopen")                      # reopened at the table ...
    assert run("abandon", gid).exit_code == 0        # ... and then given up
    assert "again" not in repair(Store(db))
    assert Store(db).archived() == [] and not Store(db).live_ids()
