"""The Game object: the move log is the truth, undo replays, errors leave the game unchanged."""

import pytest

import referee
from referee.core.errors import AmbiguousMove, BadInput, GameOver, IllegalMove, InvalidMove


@pytest.fixture
def game(toy):
    return referee.new_game(toy, ["Ann", "Bob"])


def test_chance_moves_have_no_player(game):
    legal = game.legal_moves()
    assert [m.text for m in legal] == ["roll 1", "roll 2", "roll 3"]
    assert all(m.chance and m.player is None for m in legal)
    assert game.to_move is None


def test_play_returns_canonical_move_case_insensitive(game):
    game.play("ROLL   2")
    m = game.play("  Keep ")
    assert (m.text, m.player, m.chance) == ("keep", "Ann", False)
    assert game.moves == ["roll 2", "keep"]


def test_synonym_goes_through_parse(game):
    game.play("roll 1")
    assert game.play("mine").text == "keep"


@pytest.mark.parametrize("text,kind,words", [
    ("roll 7", IllegalMove, "1 to 3"),
    ("dance", InvalidMove, "not a toy move"),
    ("", InvalidMove, "empty"),
])
def test_refused_move_leaves_game_unchanged(game, text, kind, words):
    before = (game.view(), game.moves, [m.text for m in game.legal_moves()])
    with pytest.raises(kind, match=words):
        game.play(text)
    assert (game.view(), game.moves, [m.text for m in game.legal_moves()]) == before


def test_exit_codes_by_kind():
    assert IllegalMove.exit_code == 1 and GameOver.exit_code == 1
    assert InvalidMove.exit_code == 2 and AmbiguousMove.exit_code == 2 and BadInput.exit_code == 2
    assert issubclass(InvalidMove, referee.IllegalMove) and issubclass(IllegalMove, referee.RefereeError)


def test_every_listed_move_is_accepted(game):
    for _ in range(30):
        if game.finished:
            break
        for m in game.legal_moves():
            g2 = referee.load_record(game.to_record())
            assert g2.play(m.text) == m
        game.play(game.legal_moves()[-1].text)


def test_undo_replays_the_log(game):
    game.play("roll 3"); game.play("keep"); game.play("roll 2")
    snapshot = game.view()
    game.play("give")
    game.undo()
    assert game.view() == snapshot and game.moves == ["roll 3", "keep", "roll 2"]
    game.undo(3)
    assert game.moves == [] and game.view() == referee.new_game("toy", ["Ann", "Bob"]).view()
    with pytest.raises(BadInput, match="Only 0 moves have been played"):
        game.undo()


def test_finished_game_refuses_moves_and_has_result(toy):
    g = referee.new_game(toy, ["Ann", "Bob"], {"target": "3"})
    g.play("roll 3"); g.play("keep")
    assert g.finished and g.legal_moves() == []
    assert g.result().winners == ["Ann"]
    with pytest.raises(GameOver):
        g.play("roll 1")


@pytest.mark.parametrize("players,words", [
    (["Ann"], "2 to 3 players"),
    (["Ann", "Bob", "Cal", "Dan"], "2 to 3 players"),
    (["Ann", "ann"], "twice"),
    (["Ann  Lee", "ann lee"], "twice"),           # spacing inside a name does not make a second player
    (["Ann", ""], "empty"),
    (["Ann", "B,ob"], "not allowed"),
])
def test_bad_player_lists(toy, players, words):
    with pytest.raises(BadInput, match=words):
        referee.new_game(toy, players)


@pytest.mark.parametrize("options,words", [
    ({"speed": "1"}, "no option 'speed'"),
    ({"target": "ten"}, "whole number"),
    ({"fast": "maybe"}, "on or off"),
])
def test_bad_options(toy, options, words):
    with pytest.raises(BadInput, match=words):
        referee.new_game(toy, ["Ann", "Bob"], options)


def test_a_name_is_kept_with_single_spaces(toy):
    assert referee.new_game(toy, ["  Ann   Lee ", "Bob"]).players == ["Ann Lee", "Bob"]


def test_options_are_parsed(toy):
    g = referee.new_game(toy, ["Ann", "Bob"], {"TARGET": "12", "fast": "on"})
    assert g.options == {"target": 12, "fast": True}


def test_option_names_accept_hyphen_or_underscore():
    g = referee.new_game("carcassonne", ["Ann", "Bob"], {"farm-rule": "by-city", "TRADERS-BUILDERS": "off"})
    assert g.options["farm_rule"] == "by-city" and g.options["traders_builders"] is False


def test_unknown_game_suggests(toy):
    with pytest.raises(BadInput, match="Did you mean port-royal"):
        referee.new_game("port-royl", ["Ann", "Bob"])


def test_unique_prefix_of_a_game_name(toy):
    from referee.core.registry import resolve_game_id

    assert resolve_game_id("port") == "port-royal"
    assert resolve_game_id("Puerto Rico") == "puerto-rico"
    assert resolve_game_id("po") == "port-royal" and resolve_game_id("pu") == "puerto-rico"


def test_ambiguous_prefix(toy, monkeypatch):
    from referee.core import registry

    monkeypatch.setitem(registry.GAMES, "toy-two", ("tests.core.toy", "Toy two"))
    assert registry.resolve_game_id("toy") == "toy"  # an exact id always wins
    with pytest.raises(BadInput, match="'to' is ambiguous: it could be toy, toy-two"):
        registry.resolve_game_id("to")


def test_preview_names_the_canonical_move_or_the_rule(game):
    assert game.preview("ROLL 2") == "→ roll 2"
    assert game.preview("roll 9").startswith("✗ A die shows 1 to 3")
    assert game.moves == []  # a preview never plays


def test_carcassonne_preview_shows_the_tile_edges_before_placing():
    g = referee.new_game("carcassonne", ["Ann", "Bob"])
    g.play("draw b:a")
    move = g.legal_moves()[0]
    shown = g.preview(move.text)
    assert shown.startswith(f"→ {move.text}: B:A") and all(f"{e}=" in shown for e in "NESW")
    assert "does not touch the board" in g.preview("place 9,9 r0")


def test_string_option_can_keep_its_case(tmp_path):
    from referee.core.rules import Option

    assert Option("board", "auto", keep_case=True).parse(" /Users/Ann/Board.json ") == "/Users/Ann/Board.json"
    assert Option("end", "standard").parse("STANDARD") == "standard"


def test_player_range_can_depend_on_an_option():
    with pytest.raises(BadInput, match=r"2 to 5 players, not 6; a sixth player .*-o six_players=on"):
        referee.new_game("carcassonne", [f"P{i}" for i in range(6)])
    assert len(referee.new_game("carcassonne", [f"P{i}" for i in range(6)], {"six-players": "on"}).players) == 6


def test_an_option_value_may_be_cut_short_when_only_one_fits():
    g = referee.new_game("port-royal", ["Ann", "Bob"], {"end": "exp"})
    assert g.options["end"] == "expedition-end"
    assert referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"tie_order": "BUILD"}).options["tie_order"] \
        == "build-time"
    with pytest.raises(BadInput, match="takes one of standard, expedition-end, not 'x'"):
        referee.new_game("port-royal", ["Ann", "Bob"], {"end": "x"})
    from referee.core.rules import Option

    with pytest.raises(BadInput, match="'al' could be alpha or alps; type more of it"):
        Option("x", "alpha", choices=("alpha", "alps")).parse("al")
