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
