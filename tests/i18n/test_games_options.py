"""`referee games GAME` explains the options; option names have one spelling (kebab-case) and the older
snake_case spellings (Carcassonne, El Capitan) are still accepted, also in old records."""

import json
import random
import re

import pytest
from click.testing import CliRunner

import referee
from referee.cli import cli
from referee.core.registry import get_rules


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("game", ["port-royal", "puerto-rico", "el-capitan", "carcassonne"])
def test_every_option_is_kebab_case_with_a_description(game):
    for o in get_rules(game).options:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", o.name), o.name
        assert o.help, o.name


def test_games_game_lists_options_with_meaning_and_values():
    r = run("games", "carcassonne")
    assert r.exit_code == 0
    assert r.output.startswith("Carcassonne (carcassonne): 2-5 players\n")
    assert "  farm-rule: one of current, by-city, once-per-city; default current\n" in r.output
    assert "play with the Traders & Builders expansion" in r.output
    assert "traders_builders" not in r.output


def test_games_game_in_czech():
    r = run("--lang", "cs", "games", "el-capitan")
    assert r.exit_code == 0
    assert "El Capitan (el-capitan): 2–5 hráčů" in r.output
    assert "  loan10-extended: jedna z hodnot 16, 20; výchozí 20\n" in r.output
    assert "splátka prodlouženého úvěru 10 florinů (O1)" in r.output


def test_games_game_json():
    data = json.loads(run("games", "puerto-rico", "--json").output)
    assert data["id"] == "puerto-rico" and data["players"] == [2, 5]
    pool = next(o for o in data["options"] if o["name"] == "vp-pool-5p")
    assert pool == {"name": "vp-pool-5p", "default": 122, "values": [122, 126],
                    "description": "VP chips with 5 players: 122 (original printing) or 126 (newer)"}


def test_games_list_uses_kebab_case():
    data = json.loads(run("games", "--json").output)
    names = {g["id"]: set(g["options"]) for g in data}
    assert "traders-builders" in names["carcassonne"] and "loan10-extended" in names["el-capitan"]


def test_unknown_game_exit_2():
    r = run("games", "chess")
    assert r.exit_code == 2 and r.output.startswith("referee: Unknown game 'chess'")


@pytest.mark.parametrize("spelling", ["traders_builders", "traders-builders", "Traders-Builders"])
def test_old_and_new_spellings_mean_the_same_option(spelling):
    g = referee.new_game("carcassonne", ["Ann", "Bob"], {spelling: "off"})
    assert dict(g.options)["traders-builders"] is False
    assert g.options["traders_builders"] is False          # code written before the rename still reads it
    assert g.state.options.get("traders_builders", True) is False     # and the engine honours it


def test_unknown_option_lists_the_kebab_names():
    with pytest.raises(referee.BadInput, match="traders-builders"):
        referee.new_game("carcassonne", ["Ann", "Bob"], {"tradersbuilders": "off"})


def _played(game, players, options, n=25, seed=3):
    g = referee.new_game(game, players, options)
    rnd = random.Random(seed)
    for _ in range(n):
        if g.finished:
            break
        g.play(rnd.choice(g.legal_moves()).text)
    return g


@pytest.mark.parametrize("game,players,old,new", [
    ("carcassonne", ["Ann", "Bob"], {"traders_builders": False, "farm_rule": "by-city"}, "traders-builders"),
    ("el-capitan", ["Ann", "Bob", "Cal"], {"loan10_extended": 16, "loan_stacks": "unlimited"}, "loan10-extended"),
])
def test_an_old_record_with_snake_case_options_replays(game, players, old, new):
    g = _played(game, players, old)
    record = g.to_record()
    assert new in record and "_" not in record.split("Options:")[1].splitlines()[0]
    old_record = record.replace(new, new.replace("-", "_"))
    for key in old:
        old_record = old_record.replace(f'"{key.replace("_", "-")}"', f'"{key}"')
    assert old_record != record
    again = referee.load_record(old_record)
    assert again.moves == g.moves
    assert again.to_record() == record
    assert again.view() == g.view()


def test_games_list_in_czech():
    r = run("--lang", "cs", "games")
    assert r.exit_code == 0
    first = r.output.splitlines()[0]
    assert first.split()[0] == "port-royal" and first.endswith("2–5 hráčů")
    assert "    volby: " in r.output and " players" not in r.output and "options:" not in r.output
    assert r.output.splitlines()[-1].startswith("`referee games HRA` vysvětlí volby hry")


def test_unknown_option_in_czech():
    r = run("--lang", "cs", "new", "carcassonne", "-p", "A", "-p", "B", "-o", "foo=1", "--json")
    assert r.exit_code == 2
    assert r.output.startswith("referee: Hra Carcassonne nemá volbu 'foo'; její volby jsou: builder-chain,")
