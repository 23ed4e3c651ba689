"""`referee score`: the file/stdin path, --json, --template, the table, and every bad-input sentence."""

import io
import json

import pytest

import scoring
from referee.calculator import GAMES, calculator_module, resolve, run
from referee.calculator.output import build_table, to_json
from referee.core.errors import BadInput

from .conftest import real_module

def run_capture(game, source=None, stdin="", **kw):
    out = io.StringIO()
    code = run(game, source, out=out, err=io.StringIO(), stdin=io.StringIO(stdin), **kw)
    return code, out.getvalue()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_template_is_valid_input_that_scores(game_id):
    module = real_module(game_id)
    code, text = run_capture(game_id, template=True)
    assert code == 0
    data = json.loads(text)
    assert data == module.TEMPLATE
    assert text.startswith("{\n  ")            # pretty-printed
    result = scoring.score(game_id, data)
    assert len(result.ranking) == len(data["players"])
    code, out = run_capture(game_id, "-", stdin=text, as_json=True)
    assert json.loads(out) == result.to_dict()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_template_round_trips_through_the_table(game_id):
    real_module(game_id)
    _, text = run_capture(game_id, template=True)
    _, out = run_capture(game_id, "-", stdin=text)
    result = scoring.score(game_id, json.loads(text))
    for entry in result.ranking:
        assert entry.player in out
        assert str(entry.total) in out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_template_choices_cover_the_template(game_id):
    """The completion lists offered in guided mode know every id the template uses."""
    module = real_module(game_id)
    choices = module.CHOICES
    assert isinstance(choices, dict) and choices
    for key, values in choices.items():
        assert values and all(isinstance(v, str) for v in values), key


def test_json_output_is_exactly_result_to_dict(game_module, tmp_path):
    module = game_module("port-royal")
    f = tmp_path / "pr.json"
    f.write_text(json.dumps(module.TEMPLATE))
    code, out = run_capture("port-royal", str(f), as_json=True)
    assert code == 0
    assert json.loads(out) == scoring.score("port-royal", module.TEMPLATE).to_dict()
    assert out == to_json(scoring.score("port-royal", module.TEMPLATE))


def test_toml_file_scores_like_json(game_module, tmp_path):
    game_module("port-royal")
    f = tmp_path / "pr.toml"
    f.write_text('game = "port-royal"\nvariant = "standard"\n[[players]]\nname = "Ann"\ncoins = 3\n'
                 'influence = 9\nexpeditions = 0\n[[players]]\nname = "Bob"\ncoins = 4\ninfluence = 9\n'
                 'expeditions = 0\n')
    _, out = run_capture("port-royal", str(f), as_json=True)
    d = json.loads(out)
    assert [e["player"] for e in d["ranking"]] == ["Bob", "Ann"]      # tie on influence, Bob has more coins
    assert d["winners"] == ["Bob"]


def test_no_file_and_stdin_not_a_terminal_reads_stdin(game_module):
    module = game_module("port-royal")
    _, out = run_capture("port-royal", None, stdin=json.dumps(module.TEMPLATE), as_json=True)
    assert json.loads(out) == scoring.score("port-royal", module.TEMPLATE).to_dict()


def test_table_has_one_column_per_player_and_total_rank_rows(game_module):
    game_module("port-royal")
    data = {"game": "port-royal", "variant": "standard",
            "players": [{"name": "Ann", "coins": 1, "influence": 7, "expeditions": 0},
                        {"name": "Bob", "coins": 2, "influence": 12, "expeditions": 1},
                        {"name": "Cal", "coins": 5, "influence": 7, "expeditions": 0}]}
    result = scoring.score("port-royal", data)
    table = build_table(result)
    headers = [str(c.header) for c in table.columns]
    assert headers == ["", "Bob", "Cal", "Ann"]                    # one column per player, best first
    labels = [str(c) for c in table.columns[0]._cells]
    parts = list(result.ranking[0].breakdown)
    assert labels[:len(parts)] == parts                            # one row per breakdown part, then
    assert labels[len(parts):len(parts) + 2] == ["total", "rank"]  # the total and the rank
    _, out = run_capture("port-royal", "-", stdin=json.dumps(data))
    lines = out.splitlines()
    header = next(line for line in lines if "Bob" in line and "Cal" in line)
    assert header.index("Bob") < header.index("Cal") < header.index("Ann")
    total = next(line for line in lines if line.strip().startswith("total"))
    assert total.split()[1:] == [str(e.total) for e in result.ranking]
    rank = next(line for line in lines if line.strip().startswith("rank"))
    assert [t for t in rank.split()[1:] if t != "★"] == [str(e.rank) for e in result.ranking]
    assert rank.split()[2] == "★"                                 # the winner is marked
    assert "Winner: Bob." in out
    assert "decided by coins" in out                              # Cal above Ann on the coins tiebreak


def test_shared_win_is_reported(game_module):
    game_module("port-royal")
    data = {"game": "port-royal", "variant": "standard",
            "players": [{"name": "Ann", "coins": 2, "influence": 12, "expeditions": 0},
                        {"name": "Bob", "coins": 2, "influence": 12, "expeditions": 0}]}
    _, out = run_capture("port-royal", "-", stdin=json.dumps(data))
    assert "Shared win: Ann, Bob." in out


def test_player_names_are_not_rich_markup(game_module):
    game_module("port-royal")
    data = {"game": "port-royal", "variant": "standard",
            "players": [{"name": "[bold]Ann", "coins": 2, "influence": 12, "expeditions": 0},
                        {"name": "Bob", "coins": 1, "influence": 3, "expeditions": 0}]}
    _, out = run_capture("port-royal", "-", stdin=json.dumps(data))
    assert "[bold]Ann" in out


# ------------------------------------------------------------------ bad input: one sentence, BadInput

def bad_run(game, text, name="-"):
    with pytest.raises(BadInput) as info:
        run_capture(game, name, stdin=text)
    msg = str(info.value)
    assert "Traceback" not in msg and "\n" not in msg
    assert info.value.exit_code == 2
    return msg


def test_unknown_game():
    with pytest.raises(BadInput, match=r"^Unknown game 'puerto-ricco'; .*Did you mean puerto-rico\?$"):
        resolve("puerto-ricco")
    assert resolve("Puerto Rico") == "puerto-rico" and resolve("pr") == "puerto-rico"
    assert resolve("port_royal") == "port-royal"


def test_unknown_key_names_the_field_and_the_file(game_module, tmp_path):
    game_module("port-royal")
    f = tmp_path / "end.json"
    f.write_text(json.dumps({"game": "port-royal", "variant": "standard",
                             "players": [{"name": "Ann", "coins": 1, "influence": 3, "expeditions": 0,
                                          "coin": 3},
                                         {"name": "Bob", "coins": 1, "influence": 3, "expeditions": 0}]}))
    with pytest.raises(BadInput) as info:
        run_capture("port-royal", str(f))
    assert str(info.value).startswith(f"{f}: ")
    assert "players[0].coin" in str(info.value)


def test_unknown_id_offers_did_you_mean(game_module):
    game_module("port-royal")
    msg = bad_run("port-royal", json.dumps({"game": "port-royal", "variant": "standard",
                                            "players": [{"name": "Ann", "coins": 1, "cards": ["admirl-7-2"]},
                                                        {"name": "Bob", "coins": 1, "influence": 0}]}))
    assert "players[0].cards[0]" in msg and "admirl-7-2" in msg and "Did you mean admiral-7-2?" in msg


def test_wrong_type_and_negative_number(game_module):
    game_module("port-royal")
    base = {"game": "port-royal", "variant": "standard",
            "players": [{"name": "Ann", "coins": 1, "influence": 3, "expeditions": 0},
                        {"name": "Bob", "coins": 1, "influence": 3, "expeditions": 0}]}
    neg = json.loads(json.dumps(base))
    neg["players"][1]["coins"] = -4
    assert "players[1].coins" in bad_run("port-royal", json.dumps(neg))
    typed = json.loads(json.dumps(base))
    typed["players"][0]["influence"] = "lots"
    assert "players[0].influence" in bad_run("port-royal", json.dumps(typed))


def test_impossible_position(game_module):
    game_module("puerto-rico")
    data = {"game": "puerto-rico", "players": [
        {"name": "Ann", "vp_chips": 3, "doubloons": 1, "goods": 0, "island_spaces": 13, "colonists": 3,
         "buildings": {}},
        {"name": "Bob", "vp_chips": 3, "doubloons": 1, "goods": 0, "island_spaces": 3, "colonists": 3,
         "buildings": {}}]}
    assert "players[0].island_spaces" in bad_run("puerto-rico", json.dumps(data))


def test_input_for_another_game_is_refused(game_module):
    game_module("port-royal")
    msg = bad_run("port-royal", json.dumps({"game": "carcassonne", "players": []}))
    assert msg.startswith("Standard input: game is 'carcassonne', but this is the port-royal calculator")


def test_malformed_file_through_run(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text("game = \n")
    with pytest.raises(BadInput, match=r"^File .*x.toml, line 1, column 8: not valid TOML"):
        run_capture("port-royal", str(f))


def test_template_with_a_file_is_refused():
    with pytest.raises(BadInput, match="--template prints an example input and reads no FILE"):
        run_capture("port-royal", "x.json", template=True)


def to_toml(data: dict) -> str:
    """A small TOML writer for the templates: quoted keys, inline tables and arrays."""
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, str)):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"
        raise TypeError(v)
    return "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in data.items())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_template_as_toml_scores_like_json(game_id, tmp_path):
    module = real_module(game_id)
    f = tmp_path / "end.toml"
    f.write_text(to_toml(module.TEMPLATE), encoding="utf-8")
    _, out = run_capture(game_id, str(f), as_json=True)
    assert json.loads(out) == scoring.score(game_id, module.TEMPLATE).to_dict()
    _, out = run_capture(game_id, "-", stdin=to_toml(module.TEMPLATE), as_json=True)   # sniffed on stdin
    assert json.loads(out) == scoring.score(game_id, module.TEMPLATE).to_dict()
