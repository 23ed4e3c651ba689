"""`referee score` through the lead's click command (referee.cli:cli): exit codes, stdout/stderr."""

import json

import pytest
from click.testing import CliRunner

import scoring
from referee.cli import cli

from .conftest import real_module


def invoke(*args, input=None):
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:                # click >= 8.2 always keeps stderr apart
        runner = CliRunner()
    return runner.invoke(cli, list(args), input=input)


@pytest.fixture
def port_royal():
    return real_module("port-royal")


def test_file_json_exit_0_and_only_json_on_stdout(port_royal, tmp_path):
    f = tmp_path / "end.json"
    f.write_text(json.dumps(port_royal.TEMPLATE))
    r = invoke("score", "port-royal", str(f), "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == scoring.score("port-royal", port_royal.TEMPLATE).to_dict()
    assert r.stderr == ""


def test_stdin_dash_and_no_file_read_stdin(port_royal):
    text = json.dumps(port_royal.TEMPLATE)
    want = scoring.score("port-royal", port_royal.TEMPLATE).to_dict()
    for args in (("score", "port-royal", "-", "--json"), ("score", "port-royal", "--json")):
        r = invoke(*args, input=text)
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout) == want


def test_template_then_score_it(port_royal):
    r = invoke("score", "port-royal", "--template")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == port_royal.TEMPLATE
    r2 = invoke("score", "port-royal", "-", input=r.stdout)
    assert r2.exit_code == 0
    for name in (p["name"] for p in port_royal.TEMPLATE["players"]):
        assert name in r2.stdout
    assert "total" in r2.stdout and "rank" in r2.stdout


@pytest.mark.parametrize("args, stdin, start", [
    (("score", "chess", "-"), "{}", "referee: Unknown game 'chess'"),
    (("score", "port-royal", "-"), '{"game": "port-royal",\n "players": [\n', "referee: Standard input, line 3"),
    (("score", "port-royal", "-"), 'game = "port-royal"\nplayers = [\n', "referee: Standard input, line 3"),
    (("score", "port-royal", "-"), '{"game": "port-royal", "variant": "standard", "players": ['
                                   '{"name": "Ann", "coins": -1, "influence": 0, "expeditions": 0},'
                                   '{"name": "Bob", "coins": 1, "influence": 0, "expeditions": 0}]}',
     "referee: Standard input: players[0].coins"),
    (("score", "port-royal", "-"), '{"game": "port-royal", "variants": "standard", "players": []}',
     "referee: Standard input: Unknown key variants."),
])
def test_bad_input_is_one_sentence_on_stderr_exit_2(port_royal, args, stdin, start):
    r = invoke(*args, input=stdin)
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert r.stderr.startswith(start), r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_missing_file_exit_2(port_royal, tmp_path):
    r = invoke("score", "port-royal", str(tmp_path / "none.json"), "--json")
    assert r.exit_code == 2
    assert "does not exist" in r.stderr and r.stdout == ""


def test_the_shell_completes_the_input_file_of_score():
    """`referee score GAME <Tab>` offers files (the shell's own file completion), like import and export."""
    import click

    from referee.cli import cli

    command = cli.get_command(None, "score")
    ctx = click.Context(command, info_name="score")
    source = next(p for p in command.params if p.name == "source")
    assert [(c.type, c.value) for c in source.shell_complete(ctx, "end-")] == [("file", "end-")]


def test_record_logs_the_scored_result_with_its_breakdown(db):
    """score --record: the calculator's result (breakdown, tie-break) enters the history; --json stays the
    exact result on stdout and the id is told on stderr; history, stats and show see the game."""
    from referee.store import Store

    data = real_module("carcassonne").TEMPLATE
    r = invoke("score", "carcassonne", "-", "--json", "--record", "--location", "Club", "--date", "2026-01-02",
               input=json.dumps(data))
    assert r.exit_code == 0, r.stderr
    want = scoring.score("carcassonne", data).to_dict()
    assert json.loads(r.stdout) == want
    gid = r.stderr.split("Recorded game ")[1].split()[0]
    doc = Store(db).get_archived(gid)
    assert doc["result"] == want and doc["players"] == data["players"] and doc["scored_from"] == data
    assert doc["location"] == "Club" and doc["date"] == "2026-01-02" and doc["source"] == "recorded"
    shown = json.loads(invoke("show", gid, "--json").stdout)
    assert shown["result"]["ranking"][0]["breakdown"] == want["ranking"][0]["breakdown"]
    assert gid in invoke("history").stdout
    assert json.loads(invoke("stats", "--json").stdout)["games"] == 1


def test_record_refuses_what_is_not_a_finished_game_and_stores_nothing(db):
    from referee.store import Store

    payday1 = {**real_module("el-capitan").TEMPLATE, "payday": 1}
    r = invoke("score", "el-capitan", "-", "--record", input=json.dumps(payday1))
    assert r.exit_code == 2 and "an El Capitan game ends at the third payday" in r.stderr and r.stdout == ""
    r = invoke("score", "port-royal", "-", "--location", "Club", input="{}")
    assert r.exit_code == 2 and "add --record" in r.stderr
    assert Store(db).archived() == []


def test_a_file_of_another_game_without_its_game_field_names_that_game(tmp_path):
    import copy

    data = copy.deepcopy(real_module("carcassonne").TEMPLATE)
    data.pop("game")
    f = tmp_path / "end.json"
    f.write_text(json.dumps(data))
    r = invoke("score", "port-royal", str(f))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.endswith("It is a carcassonne end position: run `referee score carcassonne` for it.\n")
    data["players"].append(data["players"][0])        # not a good carcassonne input either: no guess
    f.write_text(json.dumps(data))
    r = invoke("score", "port-royal", str(f))
    assert r.exit_code == 2 and "It is a" not in r.stderr
