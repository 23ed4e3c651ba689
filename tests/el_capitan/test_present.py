"""prompt(), view() (JSON-able, equal for equal states), render() (rich), and the options."""

import json

import pytest

import referee
from referee.games.el_capitan.notation import card_label
from tests.el_capitan.helpers import BOARD, at, auto, new, put, texts, turn_of


def test_view_is_json_and_render_shows_the_table():
    g = new(2)
    put(g, "marseille", ["red", "yellow", "green"])
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    v = g.view()
    json.dumps(v)
    assert v["players"][0]["neutral"] == "green" and v["players"][1]["colour"] == "yellow"
    assert v["cities"]["marseille"]["harbour"] == ["Ann", None]
    from rich.console import Console

    console = Console(record=True, width=140)
    console.print(g.render())
    out = console.export_text()
    for word in ("Marseille", "Athina", "Ann", "Bob", "Destination cards", "Loan stacks", "H1(4):Ann"):
        assert word in out
    assert "RYG" in out


def test_prompts_say_who_and_what():
    g = referee.new_game("el-capitan", ["Ann", "Bob"], {"board": "none"})
    assert g.prompt().startswith("Board: name the cities")
    g = new(3)
    assert g.prompt().startswith("Ann (20 fl): buy a destination card")
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert "Ann (20 fl, marseille (harbour 1))" in g.prompt()


def test_games_listing_and_notation_help():
    from referee.core.registry import get_rules

    rules = get_rules("el-capitan")
    assert (rules.min_players, rules.max_players) == (2, 5)
    assert {o.name: o.default for o in rules.options}["loan10-extended"] == 20
    g = new(3)
    assert "sail marseille 3s 4f to napoli" in g.rules.notation


def test_bad_options_are_refused():
    with pytest.raises(referee.BadInput, match="loan10-extended"):
        referee.new_game("el-capitan", ["Ann", "Bob"], {"loan10_extended": 18})
    with pytest.raises(referee.BadInput, match="colours"):
        referee.new_game("el-capitan", ["Ann", "Bob"], {"board": BOARD, "colours": "red,blue"})
    with pytest.raises(referee.BadInput, match="pink"):
        referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD, "colours": "red,blue,pink"})
    g = new(3, colours="blue,red,purple")
    assert [p["colour"] for p in g.view()["players"]] == ["blue", "red", "purple"]


def test_fortress_space_choice_option():
    g = new(3, fortress_space="choice")
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert {"fortress 1", "fortress 2"} <= set(texts(g))
    g.play("fortress 2")
    assert g.state.money[0] == 10


def test_no_legs_after_destination_option():
    g = new(3, legs_after_destination=False)
    hand = g.state.hands[0]
    card = next(c for c in g.state.face["d"])
    g.play("buy " + card_label(card))
    g.play("sail " + card_label(card))
    auto(g)
    assert not [t for t in texts(g) if t.startswith("sail")]
    assert hand == []


def test_buy_in_loan_turn_option():
    g = new(3, buy_in_loan_turn=True)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("bank")
    g.play("loan 10")
    assert g.to_move == "Ann" and "end" in texts(g) and any(t.startswith("buy") for t in texts(g))


def test_board_file_loan_value_differing_from_the_option_is_shown(tmp_path):
    import json as _json

    data = _json.load(open(BOARD))
    data["loan_10_extended"] = 16
    path = tmp_path / "b.json"
    path.write_text(_json.dumps(data))
    g = new(3, board=str(path))
    from rich.console import Console

    console = Console(record=True, width=200)
    console.print(g.render())
    assert "loan10-extended=16" in console.export_text()
