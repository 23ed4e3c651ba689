"""`secret NAME` at the table, in piped play and in `referee show --secret`: what only one player may see
(Puerto Rico's face-down VP chips, rules 6.7), never in the board, the record or the move log."""

import json
import re

import pytest
from click.testing import CliRunner
from prompt_toolkit.document import Document

from referee import session
from referee.cli import cli
from referee.store import Store
from referee.ui.table import _completer

from .test_table import drive

# Cal ships 1 corn as captain in round 1 (1 + 1 VP); then Bob chooses the settler in round 2.
TO_CAPTAIN = ["reveal corn", "reveal indigo", "reveal sugar", "reveal tobacco", "mayor", "craftsman", "captain",
              "load corn 4"]
PLAYERS = ["Ann", "Bob", "Cal"]


def segment(text: str, start: str, end: str) -> str:
    """The output between the last echo of `start` before the first echo of `end`, and that echo."""
    stop = text.index(end)
    return text[text.rindex(start, 0, stop):stop]


def vp_words(board: str) -> list[str]:
    """VP on a board apart from the public pool ("VP chips left")."""
    return re.findall(r"\bVP\b", board.replace("VP chips left", ""))


def play_to_round_two(db, options=None):
    store = Store(db)
    t = session.create(store, "puerto-rico", PLAYERS, options or {})
    keys = "".join(m + "\r" for m in TO_CAPTAIN + ["settler"])
    return store, t, keys


def test_a_player_sees_his_vp_at_the_table_and_the_board_does_not(db):
    store, t, keys = play_to_round_two(db)
    code, text = drive(store, t, keys + "board\rsecret ca\r\rquit\r")
    assert code == 0
    board = segment(text, "> board", "> secret ca")
    assert "VP chips left: 73" in board          # the board was drawn, with the public pool
    assert vp_words(board) == [] and "2 VP" not in board
    after = text[text.index("> secret ca"):]
    assert "Only Cal should look: Cal has 2 VP in chips." in after and "Press Enter to hide it." in after
    assert store.read_live(t.id)["moves"] == TO_CAPTAIN + ["settler"]   # nothing entered the move log
    assert "secret" not in session.open_game(store, t.id).game.to_record()


def test_with_show_running_vp_on_the_board_has_the_vp(db):
    store, t, keys = play_to_round_two(db, {"show-running-vp": "on"})
    code, text = drive(store, t, keys + "board\rvp CAL\r\rquit\r")
    board = segment(text, "> board", "> vp CAL")
    assert vp_words(board) != []
    assert "Cal has 2 VP in chips. The option show-running-vp is on" in text


def test_unknown_ambiguous_and_missing_names_get_one_sentence(db):
    store = Store(db)
    t = session.create(store, "puerto-rico", ["Ann", "Anna", "Bob"], {})
    code, text = drive(store, t, "secret zed\rsecret an\rsecret\rsecret ANNA\r\rsecret ann\r\rquit\r")
    assert code == 0
    assert "✗ No player is called 'zed'; the players are Ann, Anna and Bob." in text
    assert "✗ 'an' could be Ann or Anna; type more of the name." in text
    assert "✗ Name the player whose secret to show (secret NAME): Ann, Anna and Bob." in text
    assert "Only Anna should look: Anna has no VP chips yet." in text
    assert "Only Ann should look: Ann has no VP chips yet." in text   # a whole name beats a longer one


def test_a_game_without_secrets_says_so(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"])
    code, text = drive(store, t, "help\rsecret ann\rquit\r")
    assert code == 0
    assert "Toy has no secret information: everything is on the board." in text
    assert "face-down" not in text   # help leaves the command out where it means nothing


def test_help_lists_the_command(db):
    store, t, keys = play_to_round_two(db)
    code, text = drive(store, t, "help\rquit\r")
    assert "secret NAME (or vp NAME)" in text


def test_secret_is_understood_after_the_end(db, toy):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2})
    code, text = drive(store, t, "roll 2\rkeep\rsecret bob\r\r")
    assert code == 0 and "Final result" in text
    assert "Toy has no secret information" in text and "The game is over: type" not in text


def complete(tracked, typed):
    return [c.text for c in _completer(tracked).get_completions(Document(typed), None)]


def test_tab_completes_player_names(db, toy):
    store = Store(db)
    t = session.create(store, "puerto-rico", PLAYERS, {})
    assert complete(t, "secret c") == ["secret Cal"]
    assert complete(t, "vp ") == ["vp Ann", "vp Bob", "vp Cal"]
    assert "secret" in complete(t, "se")
    toy_game = session.create(store, "toy", ["Ann", "Bob"])
    assert complete(toy_game, "se") == [] and complete(toy_game, "secret a") == []


@pytest.fixture
def run(db):
    runner = CliRunner()

    def invoke(*args, input=None):
        result = runner.invoke(cli, list(args), input=input, catch_exceptions=False)
        assert "Traceback" not in result.output + (result.stderr or "")
        return result

    return invoke


def cli_game(run):
    gid = json.loads(run("new", "puerto-rico", *[a for p in PLAYERS for a in ("-p", p)], "--json").stdout)["id"]
    assert run("move", gid, *TO_CAPTAIN).exit_code == 0
    return gid


def test_show_secret(run):
    gid = cli_game(run)
    r = run("show", gid, "--secret", "cal")
    assert r.exit_code == 0 and r.stdout == "Cal has 2 VP in chips.\n"
    data = json.loads(run("show", gid, "--secret", "A", "--json").stdout)
    assert data == {"id": gid, "game": "puerto-rico", "player": "Ann", "secret": "Ann has no VP chips yet."}
    r = run("show", gid, "--secret", "zed")
    assert r.exit_code == 2 and r.stderr == "referee: No player is called 'zed'; the players are Ann, Bob and Cal.\n"
    r = run("show", gid, "--secret", "cal", "--record")
    assert r.exit_code == 2 and "cannot be combined" in r.stderr
    board = run("show", gid).stdout   # the plain board keeps the chips to itself
    assert "Cal has" not in board and vp_words(board.replace("for 2 VP", "")) == []
    assert "vp" not in json.loads(run("show", gid, "--json").stdout)["state"]["players"][2]


def test_show_secret_of_a_game_without_secrets(run, toy):
    gid = json.loads(run("new", "toy", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    r = run("show", gid, "--secret", "nobody")
    assert r.exit_code == 0 and r.stdout == "Toy has no secret information: everything is on the board.\n"
    data = json.loads(run("show", gid, "--secret", "ann", "--json").stdout)
    assert data["player"] is None and data["secret"] is None


def test_piped_play_answers_secret_lines_without_storing_them(run):
    gid = cli_game(run)
    r = run("play", gid, input="secret cal\nsettler\n")
    assert r.exit_code == 0 and "Cal has 2 VP in chips." in r.stdout
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == TO_CAPTAIN + ["settler"]
    r = run("play", gid, input="vp zed\n")
    assert r.exit_code == 2 and "line 1 (vp zed): No player is called 'zed'" in r.stderr


def test_the_shell_completes_secret_with_player_names(run):
    import click

    cli_game(run)
    ctx = click.Context(cli.get_command(None, "show"), info_name="show")
    option = next(p for p in ctx.command.params if p.name == "secret_for")
    assert [c.value for c in option.shell_complete(ctx, "c")] == ["Cal"]
