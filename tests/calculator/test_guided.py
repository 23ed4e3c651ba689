"""Guided entry driven programmatically: scripted answers, re-asks after invalid values and after the
calculator's own rejection, and one run through real prompt-toolkit (pipe input, dummy output)."""

import io

import pytest

import scoring
from referee.calculator import run
from referee.calculator.guided import PromptAsker, guided_score
from referee.core.errors import BadInput

from .conftest import real_module


def test_port_royal_guided_with_reask(game_module, scripted):
    game_module("port-royal")
    asker = scripted([
        "7",                     # players: out of range -> re-ask
        "2",
        "Ann", "-3", "5",        # coins: negative -> re-ask
        "totals", "12", "1",
        "ann",                   # name taken (any case) -> re-ask
        "Bob", "9", "cards",
        "admirl-7-2",            # unknown card -> re-ask with did-you-mean
        "sailor",                # more than one sailor card -> re-ask
        "admiral-7-2 sailor-3", "",  # 'sailor-3' completes uniquely to sailor-3-1
    ])
    data, result = guided_score("port-royal", asker=asker)
    assert data == {"game": "port-royal", "variant": "standard",
                    "players": [{"name": "Ann", "coins": 5, "influence": 12, "expeditions": 1},
                                {"name": "Bob", "coins": 9, "cards": ["admiral-7-2", "sailor-3-1"]}]}
    assert result.to_dict() == scoring.score("port-royal", data).to_dict()
    told = asker.told()
    assert "  Give a whole number from 2 to 5, not '7'." in told
    assert "  Give a whole number of at least 0, not '-3'." in told
    assert "  ann is already a player; give each player a different name." in told
    assert any("Unknown card 'admirl-7-2'" in t and "Did you mean admiral-7-2?" in t for t in told)
    assert any(t.startswith("  'sailor' could be sailor-3-1, sailor-5-2") for t in told)


def test_puerto_rico_guided_with_reask_and_calculator_rejection(game_module, scripted):
    game_module("puerto-rico")
    asker = scripted([
        "6", "2",                             # 6 players -> re-ask
        # Ann: no residence or fortress, so no island spaces nor colonists are asked
        "Ann", "20", "3", "",
        "guild-hall 1", "guild-hall",         # the same building twice -> re-ask
        "small-indigo", "",                   # prefix completes; colonists default 0
        "",
        # Bob
        "Bob", "18", "1", "2",
        "residence 4",                        # more than 1 circle -> told, then asked again
        "1", "",
        "13", "12",                           # island spaces (for the residence) 13 -> re-ask
    ])
    data, result = guided_score("puerto-rico", asker=asker)
    ann, bob = data["players"]
    assert ann == {"name": "Ann", "vp_chips": 20, "doubloons": 3, "goods": 0,
                   "buildings": {"guild-hall": 1, "small-indigo-plant": 0}}
    assert bob["buildings"] == {"residence": 1} and bob["island_spaces"] == 12 and "colonists" not in bob
    told = asker.told()
    assert "  Give a whole number from 2 to 5, not '6'." in told
    assert "  Give a whole number from 0 to 12, not '13'." in told
    assert any("guild-hall is already entered for Ann" in t for t in told)
    assert "  residence has 1 circle, so at most 1 colonist, not 4." in told
    assert result.to_dict() == scoring.score("puerto-rico", data).to_dict()


def test_colonists_fewer_than_on_the_buildings_are_asked_again(game_module, scripted):
    """Colonists are asked for the fortress only, after the buildings: fewer than those on the buildings is
    refused as typed (the calculator would reject it) and only that answer is asked again."""
    game_module("puerto-rico")
    asker = scripted([
        "2",
        "Ann", "20", "3", "0", "fortress 1", "guild-hall 1", "", "1", "9",
        "Bob", "18", "1", "0", "",
    ])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert data["players"][0]["colonists"] == 9
    assert "  Give a whole number of at least 2, not '1'." in asker.told()
    assert result.entry("Ann").breakdown["fortress"] == 3


def test_puerto_rico_building_checked_as_typed_not_after_the_whole_player(game_module, scripted):
    """Colonists beyond a building's printed circles, or a building that no longer fits the 12 city spaces,
    are refused at once: only that answer is asked again, never the whole player."""
    game_module("puerto-rico")
    asker = scripted([
        "2",
        "Ann", "20", "3", "0",
        "harbour 2",                          # the harbour has 1 circle -> told, only its colonists again
        "1",
        "coffee-roaster 3",                   # 2 circles
        "2",
        "guild-hall", "1", "residence", "1", "fortress", "1", "customs-house", "0", "hacienda", "0",
                                              # 1 + 1 + 2+2+2+2 + 1 = 11 of 12 city spaces
        "city-hall", "0",                     # large: 13 spaces -> refused, the building asked again
        "wharf", "0",
        "",
        "12", "20",                           # island spaces (residence) and colonists (fortress)
        "Bob", "18", "1", "0", "",
    ])
    data, _ = guided_score("puerto-rico", asker=asker)
    ann = data["players"][0]
    assert ann["buildings"]["harbor"] == 1 and ann["buildings"]["coffee-roaster"] == 2
    assert "city-hall" not in ann["buildings"] and ann["buildings"]["wharf"] == 0
    told = asker.told()
    assert "  harbor has 1 circle, so at most 1 colonist, not 2." in told
    assert "  coffee-roaster has 2 circles, so at most 2 colonists, not 3." in told
    assert any("city-hall does not fit: Ann's buildings already fill 11 of the 12 city spaces" in t for t in told)
    assert "Please enter Ann again." not in told
    assert "Ann: colonists on harbor (0-1) [0]: " in asker.questions()


def test_carcassonne_guided(game_module, scripted):
    module = game_module("carcassonne")
    asker = scripted([
        "",                                   # no expansions
        "2", "Ann", "Bob", "54", "61",
        "road", "3", "Bob",
        "city", "5", "1", "Ann Bob",
        "cloister", "9", "5", "Zed",          # 9 neighbours and an unknown player -> re-ask
        "Ann",
        "",
    ])
    data, result = guided_score("carcassonne", asker=asker)
    assert data["features"][0] == {"type": "road", "tiles": 3, "followers": {"Bob": 1}}
    assert data["features"][2]["neighbours"] == 5 and data["features"][2]["followers"] == {"Ann": 1}
    assert "  Give a whole number from 0 to 8, not '9'." in asker.told()
    assert any("Unknown player 'Zed'" in t for t in asker.told())
    assert result.to_dict() == scoring.score("carcassonne", data).to_dict()


def test_el_capitan_guided_asks_an_unknown_expansion_row(game_module, scripted):
    game_module("el-capitan")
    asker = scripted([
        "1", "3",
        "Ann", "red", "Bob", "red", "blue", "Cal", "green",        # red is taken -> re-ask
        "marseille", "red red blue", "20", "red",
        "valencia", "red", "8", "",
        "",                                                       # no more cities (payday 1: no bonus cards)
        "n",
        "3", "1",            # the stand-in does not know the rows for 2 and 1 cities: asked, rule D7
    ])
    data, result = guided_score("el-capitan", asker=asker)
    assert data["cities"]["marseille"] == {"chain": ["red", "red", "blue"], "next_value": 20,
                                           "fortresses": ["red"]}
    assert any("Unknown colour 'red'" in t for t in asker.told())
    assert data["expansion_table"] == {"2": 3, "1": 1}
    assert result.entry("Ann").breakdown["expansion"] == 3


def test_stopping_early_is_bad_input_not_a_traceback(game_module, scripted):
    game_module("port-royal")
    with pytest.raises(BadInput, match="Scoring stopped before the input was complete"):
        guided_score("port-royal", asker=scripted(["2", "Ann"]))


def test_run_with_an_asker_prints_the_table(game_module, scripted):
    game_module("port-royal")
    out = io.StringIO()
    asker = scripted(["2", "Ann", "5", "totals", "12", "1", "Bob", "9", "totals", "3", "0"])
    assert run("port-royal", None, out=out, asker=asker) == 0
    assert "Winner: Ann." in out.getvalue()


def test_prompt_toolkit_drives_the_same_questions(game_module):
    """The real PromptAsker over a pipe: typed lines, an invalid answer re-asked, completion data present."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    game_module("port-royal")
    with create_pipe_input() as pipe:
        pipe.send_text("2\rAnn\rx\r5\rtotals\r12\r1\rBob\r9\rtotals\r3\r0\r")
        asker = PromptAsker(input=pipe, output=DummyOutput())
        told = []
        asker.tell = told.append
        data, result = guided_score("port-royal", asker=asker)
    assert data["players"][0] == {"name": "Ann", "coins": 5, "influence": 12, "expeditions": 1}
    assert "  Give a whole number of at least 0, not 'x'." in told
    assert result.winners == ["Ann"]


def test_carcassonne_traders_builders_goods_and_pigs(game_module, scripted):
    game_module("carcassonne")
    asker = scripted([
        "traders",                            # completes to traders-builders
        "2", "Ann", "Bob", "40", "38",
        "city", "4", "5",                     # 5 pennants on 4 tiles -> re-ask
        "2", "Ann",
        "cloister", "3", "Ann Bob",           # two monks on one cloister -> re-ask
        "Bob",
        "farm", "2", "Ann 2 Bob", "Cal",      # unknown player -> re-ask
        "Bob",
        "farm", "1", "Ann", "Bob",            # Bob has no farmer here (rule PG2) -> re-ask
        "Ann",
        "",
        "3 0 2", "1 4",                       # Bob: two numbers instead of three -> re-ask
        "1 4 2",
        "",                                   # farm scoring: the current rule (default)
    ])
    data, result = guided_score("carcassonne", asker=asker)
    assert data["expansions"] == ["traders-builders"]
    assert data["features"][0] == {"type": "city", "tiles": 4, "pennants": 2, "followers": {"Ann": 1}}
    assert data["features"][1]["followers"] == {"Bob": 1}
    assert data["features"][2] == {"type": "farm", "completed_cities": 2, "followers": {"Ann": 2, "Bob": 1},
                                   "pigs": ["Bob"]}
    assert data["features"][3]["pigs"] == ["Ann"]
    assert data["goods"] == {"Ann": {"wine": 3, "grain": 0, "cloth": 2}, "Bob": {"wine": 1, "grain": 4, "cloth": 2}}
    told = asker.told()
    assert "  Give a whole number from 0 to 4, not '5'." in told
    assert any("at most one monk" in t for t in told)
    assert any("Unknown player 'Cal'" in t for t in told)
    assert any("Bob has no farmer in this farm" in t and "PG2" in t for t in told)
    assert "  Give 3 numbers, one for each of wine, grain, cloth." in told
    assert result.to_dict() == scoring.score("carcassonne", data).to_dict()


def test_carcassonne_calculator_rejection_reasks_the_feature(game_module, scripted):
    """8 of Ann's followers on one road: more than a player owns. The calculator names features[0]; that
    feature alone is asked again, the rest of the input stays."""
    module = game_module("carcassonne")
    asker = scripted([
        "", "2", "Ann", "Bob", "10", "10",
        "road", "3", "Ann 8",                 # more followers than a player owns
        "",
        # the calculator rejects features[0]: the road is asked again (its type is kept)
        "3", "Ann",
        "",
    ])
    data, result = guided_score("carcassonne", asker=asker)
    assert data["features"] == [{"type": "road", "tiles": 3, "followers": {"Ann": 1}}]
    assert data["points_so_far"] == {"Ann": 10, "Bob": 10}
    told = asker.told()
    assert any(t.startswith("That does not score: features[0].followers.Ann") for t in told)
    assert "Please enter feature 1 again." in told


def test_el_capitan_two_players_with_neutrals_and_a_city_reasked(scripted):
    real_module("el-capitan")
    asker = scripted([
        "2", "2",
        "Ann", "red", "yellow", "Bob", "blue", "green",
        "marseille", " ".join(["red"] * 13), "20", "",      # 13 warehouses: the calculator refuses
        "", "",                                                # no more cities, no money (default); payday 2: no bonus
        # marseille asked again
        "red yellow blue", "20", "blue yellow",                # yellow is Ann's neutral: owns no fortress
        "blue red",
        "3",                                                   # the unknown 1-city expansion row, asked once
    ])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert data["expansion_table"] == {"1": 3}
    assert data["players"] == [{"name": "Ann", "colour": "red", "neutral": "yellow"},
                               {"name": "Bob", "colour": "blue", "neutral": "green"}]
    assert data["cities"]["marseille"]["chain"] == ["red", "yellow", "blue"]
    told = asker.told()
    assert any(t.startswith("That does not score: cities.marseille") for t in told)
    assert "Please enter marseille again." in told
    assert any("Unknown player colour 'yellow'" in t for t in told)
    assert result.entry("Ann").breakdown["expansion"] == 3
    assert result.to_dict() == scoring.score("el-capitan", data).to_dict()


def test_port_royal_rejected_card_reasks_only_that_player(game_module, scripted):
    """expedition-ach exists only with 5 players: only the calculator knows; Bob is entered again, Ann kept."""
    game_module("port-royal")
    asker = scripted([
        "2",
        "Ann", "4", "totals", "10", "0",
        "Bob", "6", "cards", "admiral-7-2 expedition-ach", "",
        # Bob again
        "Bob", "6", "cards", "admiral-7-2 expedition-aa", "",
        "",                  # game end: standard (asked: under expedition-end Bob, not Ann, would win)
    ])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert data["players"][0] == {"name": "Ann", "coins": 4, "influence": 10, "expeditions": 0}
    assert data["players"][1]["cards"] == ["admiral-7-2", "expedition-aa"]
    told = asker.told()
    assert any(t.startswith("That does not score: players[1].cards[1]: expedition-ach is used only with 5 players")
               for t in told)
    assert "Please enter Bob again." in told
    # the name Bob stays free for Bob himself when he is entered again
    assert not any("already a player" in t for t in told)


def test_names_of_several_words_in_follower_and_pig_lists(game_module, scripted):
    game_module("carcassonne")
    asker = scripted([
        "traders-builders", "2",
        "Ann Marie", "Ann, Jr",               # a comma would break the lists -> re-ask
        "12",                                 # a number is no name -> re-ask
        "Bob", "0", "0",
        "farm", "1", "ann marie 2, Bob", "Ann Marie",
        "",
        "", "",                               # goods: none (0 0 0)
        "",                                   # farm scoring: current
    ])
    data, _ = guided_score("carcassonne", asker=asker)
    assert data["players"] == ["Ann Marie", "Bob"]
    assert data["features"][0]["followers"] == {"Ann Marie": 2, "Bob": 1}
    assert data["features"][0]["pigs"] == ["Ann Marie"]
    assert data["goods"]["Bob"] == {"wine": 0, "grain": 0, "cloth": 0}
    assert sum("without commas" in t for t in asker.told()) == 2


def test_rejection_naming_no_single_part_starts_over(game_module, scripted):
    """Coins beyond the deck across all players: no one player is at fault, so everything is asked again."""
    game_module("port-royal")
    asker = scripted([
        "2", "Ann", "100", "totals", "3", "0", "Bob", "100", "totals", "4", "0",
        "2", "Ann", "10", "totals", "3", "0", "Bob", "12", "totals", "4", "0",
    ])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert [p["coins"] for p in data["players"]] == [10, 12]
    told = asker.told()
    assert any(t.startswith("That does not score: players[*].coins add up to 200") for t in told)
    assert "Please enter everything again." in told
    assert result.winners == ["Bob"]
