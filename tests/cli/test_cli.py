"""The command line per contracts §1: outputs, exit codes 0/1/2, one-sentence errors, no tracebacks."""

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli


@pytest.fixture
def run(db, toy):
    runner = CliRunner()

    def invoke(*args, input=None):
        result = runner.invoke(cli, list(args), input=input, catch_exceptions=False)
        assert "Traceback" not in result.output + (result.stderr or "")
        return result

    return invoke


def new(run, *extra):
    r = run("new", "toy", "-p", "Ann", "-p", "Bob", "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["id"]


def test_version(run):
    r = run("--version")
    assert r.exit_code == 0 and r.stdout.startswith("referee 0.")


def test_games_json(run):
    data = json.loads(run("games", "--json").stdout)
    toy = next(g for g in data if g["id"] == "toy")
    assert toy == {"id": "toy", "name": "Toy", "players": [2, 3], "options": {"target": 10, "fast": False}}


def test_new_move_show_undo(run):
    gid = new(run)
    r = run("move", gid, "roll 2", "KEEP")
    assert r.exit_code == 0 and "keep  (Ann)" in r.stdout
    show = json.loads(run("show", gid, "--json").stdout)
    assert {"id", "game", "players", "finished", "to_move", "moves", "result"} <= set(show)
    assert show["moves"] == ["roll 2", "keep"] and show["to_move"] is None and show["result"] is None
    moves = json.loads(run("moves", gid, "--json").stdout)
    assert moves[0] == {"text": "roll 1", "label": "roll 1", "player": None, "chance": True}   # label: issue 22
    assert run("undo", gid, "-n", "2").exit_code == 0
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == []


def test_refused_moves_and_codes(run):
    gid = new(run)
    r = run("move", gid, "roll 1", "roll 3")
    assert r.exit_code == 1 and "already rolled" in r.stderr and r.stderr.count("\n") == 1
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 1"]  # the first is stored
    r = run("move", gid, "dance")
    assert r.exit_code == 2 and "not a toy move" in r.stderr
    r = run("move", "nosuchid", "keep")
    assert r.exit_code == 2 and "No game with id 'nosuchid'" in r.stderr


@pytest.mark.parametrize("args,words", [
    (["new", "chess", "-p", "A", "-p", "B"], "Unknown game 'chess'"),
    (["new", "toy", "-p", "A"], "2 to 3 players"),
    (["new", "toy", "-p", "A", "-p", "A"], "listed twice"),
    (["new", "toy", "-p", "A", "-p", "B", "-o", "speed=3"], "no option 'speed'"),
    (["new", "toy", "-p", "A", "-p", "B", "-o", "target"], "KEY=VALUE"),
    (["new", "toy", "-p", "A", "-p", "B", "--date", "yesterday"], "YYYY-MM-DD"),
])
def test_bad_input_is_exit_2_with_a_sentence(run, args, words, db):
    r = run(*args)
    assert r.exit_code == 2 and words in r.stderr
    assert not db.with_name(db.name + ".live").exists() or not list(db.with_name(db.name + ".live").iterdir())


def test_unknown_option_is_a_usage_error(run):
    assert run("games", "--colour").exit_code == 2


@pytest.mark.parametrize("args,sentence", [
    (["plya"], "referee: No such command 'plya'. Did you mean 'play'? See `referee --help`.\n"),
    (["--colour"], "referee: No such option '--colour'. See `referee --help`.\n"),
    (["new"], "referee: Missing argument 'GAME'. See `referee new --help`.\n"),
    (["undo", "abc", "-n", "0"],
     "referee: Invalid value for '-n': 0 is not in the range x>=1. See `referee undo --help`.\n"),
    (["games", "--colour"], "referee: No such option '--colour'. See `referee games --help`.\n"),
])
def test_usage_errors_are_one_sentence_like_every_other_error(run, args, sentence):
    """Contracts §1: an error is one sentence on stderr, exit 2; not click's Usage/Try/Error block."""
    r = run(*args)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr == sentence


def test_bare_referee_still_shows_the_help(run):
    r = run()
    assert r.exit_code == 2 and "[OPTIONS] COMMAND [ARGS]" in r.stderr and "Commands:" in r.stderr


def test_play_reads_lines_and_stops_at_the_first_refused(run):
    gid = new(run)
    r = run("play", gid, input="roll 3\nkeep\n# a comment\nroll 2\nroll 1\ngive\n")
    assert r.exit_code == 1 and "line 5 (roll 1)" in r.stderr
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 3", "keep", "roll 2"]


def test_play_without_id_resumes_latest(run):
    gid = new(run)
    r = run("play", input="roll 1\n")
    assert r.exit_code == 0
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 1"]


def test_finished_game(run):
    gid = new(run, "-o", "target=2")
    r = run("move", gid, "roll 2", "keep")
    assert r.exit_code == 0 and "Ann wins" in r.stdout
    r = run("move", gid, "roll 1")
    assert r.exit_code == 1 and "over" in r.stderr
    show = json.loads(run("show", gid, "--json").stdout)
    assert show["finished"] and show["result"]["winners"] == ["Ann"]
    assert "2. keep" in run("show", gid, "--record").stdout


def test_corrupt_store_is_exit_2_and_untouched(run, db):
    for _ in range(2):  # the second archive write keeps the first as the backup
        gid = new(run, "-o", "target=1")
        run("move", gid, "roll 1", "keep")
    db.write_text("{not json")
    r = run("show", gid)
    assert r.exit_code == 2 and "is not valid JSON" in r.stderr and "referee repair" in r.stderr
    assert db.read_text() == "{not json"
    assert run("repair").exit_code == 2
    r = run("repair", "--restore")
    # Layout 2 (adjusted): history.json is the store's root, the games are in shards: restoring it loses none.
    assert r.exit_code == 0 and "Restored" in r.stdout and "(2 finished games)" in r.stdout


def test_help_lists_commands_without_importing_them(run):
    r = run("--help")
    assert r.exit_code == 0
    for name in ("games", "new", "play", "move", "moves", "show", "undo", "score"):
        assert name in r.stdout


def test_show_without_id_is_the_latest_unfinished_game(run):
    assert run("show").exit_code == 2
    gid = new(run)
    assert json.loads(run("show", "--json").stdout)["id"] == gid


def test_move_prints_what_each_move_did(run):
    r = run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json")
    gid = json.loads(r.stdout)["id"]
    r = run("move", gid, "flip", "jester-5-1", "stop")
    assert r.exit_code == 0
    assert "jester-5-1  (chance)\n    Ann flips Jester" in r.stdout and "    Ann stops." in r.stdout
    assert "    Ann can afford no card in the harbour and passes." in r.stdout  # 3 coins, a 5-coin Jester
    data = json.loads(run("move", gid, "flip", "sailor-3-1", "--json").stdout)
    assert data["error"] is None and data["applied"][1]["events"][0].startswith("Bob flips Sailor")


def test_a_players_name_may_lead_a_move_as_said_at_the_table(run):
    """'bob keep', in any case, is Bob's keep; Ann's name on Bob's move is refused naming whose move it is;
    a name before a chance event is refused; what is stored is the move alone."""
    gid = new(run)
    assert run("move", gid, "roll 2", "ann keep").exit_code == 0
    r = run("move", gid, "roll 1", "Ann give")
    assert r.exit_code == 1 and "It is Bob's turn, not Ann's: give is Bob's move." in r.stderr
    r = run("move", gid, "BOB give")
    assert r.exit_code == 0, r.stderr
    r = run("move", gid, "Ann roll 3")
    assert r.exit_code == 1 and "roll 3 is a table event (chance), not Ann's move" in r.stderr
    r = run("move", gid, "Ann dance")
    assert r.exit_code == 2 and "'dance' is not a toy move" in r.stderr
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 2", "keep", "roll 1", "give"]


def test_a_folder_as_the_store_is_one_sentence_naming_where_it_came_from(run, db, monkeypatch):
    folder = db.parent
    r = run("--db", str(folder), "history")
    assert r.exit_code == 2 and r.stderr == (f"referee: The history store given by --db ({folder}) is a folder; "
                                             f"give a file in it, for example {folder / 'history.json'}.\n")
    monkeypatch.setenv("REFEREE_DB", str(folder))
    r = run("history")
    assert r.exit_code == 2 and r.stderr.startswith(f"referee: The history store given by REFEREE_DB ({folder})")


def test_names_differing_only_in_spacing_are_one_player(run):
    r = run("new", "toy", "-p", "Ann  Lee", "-p", "ann lee", "--json")
    assert r.exit_code == 2 and "listed twice" in r.stderr
    gid = json.loads(run("new", "toy", "-p", " Ann   Lee ", "-p", "Bob", "--json").stdout)["id"]
    assert json.loads(run("show", gid, "--json").stdout)["players"] == ["Ann Lee", "Bob"]
    r = run("record", "toy", "-p", "Ann  Lee=3", "-p", "ann lee=4")
    assert r.exit_code == 2 and "listed twice" in r.stderr


def test_show_json_names_where_a_tracked_game_is_played(run):
    gid = new(run, "--location", "Club Hall", "-o", "target=3")
    assert json.loads(run("show", gid, "--json").stdout)["location"] == "Club Hall"
    run("move", gid, "roll 3", "keep")                              # finished: from the history now
    shown = json.loads(run("show", gid, "--json").stdout)
    assert shown["finished"] and shown["location"] == "Club Hall"


def test_piped_lines_show_moves_board_help_and_record_as_the_table_does(run):
    """A transcript of a session at the table replays through a pipe: its 'moves', 'board', 'help' and
    'record' lines show what they show at the table instead of stopping the run as unknown moves."""
    gid = new(run)
    r = run("play", gid, input="roll 2\nmoves\nlegal\nboard\nhelp\nrecord\nkeep\nq\nroll 1\n")
    assert r.exit_code == 0, r.stderr
    assert "keep, give" in r.stdout and "roll N (chance), keep, give" in r.stdout
    assert "# referee game record" in r.stdout and "1. roll 2" in r.stdout
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 2", "keep"]   # q stops, as quit


@pytest.mark.parametrize("args,sentence", [
    (["new", "toy", "Ann", "Bob"], "referee: Got unexpected extra arguments (Ann Bob). Give each player with -p: "
                                   "`referee new toy -p Ann -p Bob`.\n"),
    (["new", "toy", "-p", "Ann Lee", "Bob"], "referee: Got unexpected extra argument (Bob). Give each player "
                                             "with -p: `referee new toy -p 'Ann Lee' -p Bob`.\n"),
    (["record", "toy", "Ann=3", "Bob=4"], "referee: Got unexpected extra arguments (Ann=3 Bob=4). Give each "
                                          "player with -p: `referee record toy -p Ann=3 -p Bob=4`.\n"),
    (["new", "toy", "-p", "Ann,Bob"], "referee: -p 'Ann,Bob' names several players; give each with its own -p: "
                                      "-p Ann -p Bob.\n"),
    (["record", "toy", "-p", "Ann=3, Bob=4"], "referee: -p 'Ann=3, Bob=4' names several players; give each with "
                                              "its own -p: -p Ann=3 -p Bob=4.\n"),
])
def test_players_without_p_or_in_one_p_are_told_the_command_meant(run, args, sentence, db):
    r = run(*args)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr == sentence
    assert not db.exists()          # nothing was stored


def test_a_game_is_not_started_on_a_future_day(run, db):
    import datetime as dt

    later = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    r = run("new", "toy", "-p", "Ann", "-p", "Bob", "--date", later)
    assert r.exit_code == 2 and r.stderr == f"referee: Date {later} is in the future; give the day the game is played.\n"
    today = dt.date.today().isoformat()
    assert json.loads(run("show", new(run, "--date", today), "--json").stdout)["date"] == today


@pytest.mark.parametrize("line", ["undo two", "undo -1", "undo 0", "undo 1 2"])
def test_undo_with_something_else_than_a_count_takes_nothing_back(run, line):
    gid = new(run)
    run("move", gid, "roll 2", "keep")
    r = run("play", gid, input=f"{line}\n")
    assert r.exit_code == 2 and "undo takes how many moves to take back, e.g. undo 2" in r.stderr
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 2", "keep"]
