"""Guided entry asks a calculator's optional settings (a variant, a rules option) after the position, and
only when the answer changes this position's result; Enter takes the default shown in brackets."""

import scoring
from referee.calculator.guided import guided_score

from .conftest import real_module


def asked(asker, text):
    return [q for q in asker.questions() if text in q]


# ------------------------------------------------------------------------------------------ Port Royal

PR_VARIANT_MATTERS = [
    "2",
    "Ann", "4", "totals", "10", "0",                       # 10 influence, no expedition
    "Bob", "6", "cards", "admiral-7-2 expedition-aa", "",  # 2 + 4 = 6 influence, one expedition
]


def test_port_royal_expedition_end_is_asked_when_it_changes_the_winner(scripted):
    real_module("port-royal")
    asker = scripted(PR_VARIANT_MATTERS + [
        "x",                     # not a variant: re-asked with the reason
        "exp",                   # a unique prefix of expedition-end
    ])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert data["variant"] == "expedition-end"
    # rule G7: only a player with an expedition can win
    assert result.winners == ["Bob"]
    assert result.entry("Bob").breakdown == {"persons": 2, "expeditions": 4}
    assert result.entry("Ann").total == 10 and not result.entry("Ann").eligible
    question = asked(asker, "Game end")
    assert question and "[standard]" in question[0] and "expedition-end" in question[0]
    assert any(t.startswith("  Unknown answer 'x'") and "expedition-end" in t for t in asker.told())


def test_port_royal_enter_keeps_the_standard_end(scripted):
    real_module("port-royal")
    asker = scripted(PR_VARIANT_MATTERS + [""])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert data["variant"] == "standard"
    assert result.winners == ["Ann"]


def test_port_royal_setting_and_short_ids_through_prompt_toolkit(game_module):
    """The real PromptAsker over a pipe: short card ids, then the game end answered by a prefix."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.calculator.guided import PromptAsker

    game_module("port-royal")
    with create_pipe_input() as pipe:
        pipe.send_text("2\rAnn\r4\rtotals\r10\r0\rBob\r6\rcards\raa admiral 7\r\rexp\r")
        asker = PromptAsker(input=pipe, output=DummyOutput())
        told = []
        asker.tell = told.append
        data, result = guided_score("port-royal", asker=asker)
    assert data["players"][1]["cards"] == ["expedition-aa", "admiral-7-2"]
    assert data["variant"] == "expedition-end"
    assert result.winners == ["Bob"]
    assert "  Read aa as expedition-aa, admiral 7 as admiral-7-2." in told


def test_port_royal_end_not_asked_when_it_cannot_change_the_ranking(scripted):
    """Both players have an expedition: the alternative end ranks them the same, so no question."""
    real_module("port-royal")
    asker = scripted(["2", "Ann", "4", "totals", "10", "1", "Bob", "6", "cards", "admiral-7-2 expedition-aa", ""])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert not asked(asker, "Game end")
    assert result.winners == ["Ann"]


# ------------------------------------------------------------------------------------------ Carcassonne

def carcassonne_two_farms(second_farm_followers):
    return [
        "",                                   # no expansions
        "2", "Ann", "Bob", "10", "20",
        "farm", "2", "Ann",                   # farm 1: 2 completed cities, Ann's farmer
        "farm", "1", second_farm_followers,   # farm 2: 1 completed city
        "",
    ]


def test_carcassonne_by_city_farm_rule_asks_the_shared_cities(scripted):
    """O1b: city a touches both farms (Ann 1 farmer, Bob 2): Bob takes it; city b is Ann's. 4 each."""
    real_module("carcassonne")
    asker = scripted(carcassonne_two_farms("Bob 2") + [
        "by",                                 # farm scoring: by-city
        "a b c",                              # farm 1 touches 2 cities, not 3: re-asked
        "a b",
        "A",                                  # farm 2: the same city a
    ])
    data, result = guided_score("carcassonne", asker=asker)
    assert asker.answers == []
    assert data["options"] == {"farm_rule": "by-city"}
    assert [f["cities"] for f in data["features"]] == [["a", "b"], ["a"]]
    assert result.entry("Ann").breakdown["farms"] == 4
    assert result.entry("Bob").breakdown["farms"] == 4
    assert result.entry("Bob").total == 24
    assert "[current]" in asked(asker, "Farm scoring")[0]
    assert any("Give 2 names, one for each completed city" in t for t in asker.told())


def test_carcassonne_enter_keeps_the_current_farm_rule(scripted):
    """O1a: each farm on its own, 3 per completed city: Ann 6, Bob 3; no city names asked."""
    real_module("carcassonne")
    asker = scripted(carcassonne_two_farms("Bob 2") + [""])
    data, result = guided_score("carcassonne", asker=asker)
    assert asker.answers == []
    assert result.entry("Ann").breakdown["farms"] == 6
    assert result.entry("Bob").breakdown["farms"] == 3
    assert not asked(asker, "completed cities so that")
    assert not asked(asker, "pig")        # pigs come with Traders & Builders only
    assert data["expansions"] == [] and "[none]" in asked(asker, "Expansions in play")[0]


def test_carcassonne_once_per_city_pays_a_shared_city_once(scripted):
    """O1c: Ann wins both farms, which share city a: a pays her once, so 6 instead of 9."""
    real_module("carcassonne")
    asker = scripted(carcassonne_two_farms("Ann") + ["once", "a b", "a"])
    data, result = guided_score("carcassonne", asker=asker)
    assert asker.answers == []
    assert result.entry("Ann").breakdown["farms"] == 6


def test_carcassonne_farm_rule_not_asked_without_a_scoring_farm(scripted):
    real_module("carcassonne")
    asker = scripted(["", "2", "Ann", "Bob", "10", "20",
                      "farm", "3", "",        # a farm nobody farms
                      "road", "4", "Ann", ""])
    data, result = guided_score("carcassonne", asker=asker)
    assert asker.answers == []
    assert not asked(asker, "Farm scoring")
    assert result.entry("Ann").total == 14


# ------------------------------------------------------------------------------------------ El Capitan

EC_THREE = [
    "1", "3", "Ann", "red", "Bob", "blue", "Cal", "green",
    "marseille", "red red blue", "20", "",
    "valencia", "green", "12", "blue",        # Bob's fortress where nobody is paid second
    "",                                       # no more cities
    "",                                       # no money
    "0",                                      # expansion row 1 (everyone is in one city), rule D7
]


def test_el_capitan_fortress_basis_paid(scripted):
    """O4: the printed basis pays Bob's fortress in Valencia half its value (6); the paid basis pays
    what second place actually got there: nothing."""
    real_module("el-capitan")
    asker = scripted(EC_THREE + ["paid"])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert data["options"] == {"fortress_basis": "paid"}
    assert result.entry("Bob").breakdown == {"expansion": 0, "majority": 10, "fortresses": 0, "bonus_cards": 0}
    assert "[printed]" in asked(asker, "Fortress pay")[0]
    assert not asked(asker, "neutral warehouses")         # a 3-player game has none


def test_el_capitan_fortress_basis_default_printed(scripted):
    real_module("el-capitan")
    asker = scripted(EC_THREE + [""])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert result.entry("Bob").breakdown["fortresses"] == 6
    assert result.entry("Cal").breakdown["majority"] == 12


def test_el_capitan_two_players_neutrals_not_counted_for_the_largest_city(scripted):
    """O5 off: Marseille holds 3 warehouses but only 1 of a main colour, so Valencia (2) is the largest
    city and Bob's fortress there pays its full value 12 (rule P5) instead of 6."""
    real_module("el-capitan")
    asker = scripted([
        "1", "2", "Ann", "red", "yellow", "Bob", "blue", "green",
        "marseille", "red yellow yellow", "20", "",     # Ann's neutral yellow leads: nobody is paid (V5)
        "valencia", "blue red", "12", "blue",
        "", "",
        "3", "1",                                       # expansion rows 2 (Ann) and 1 (Bob)
        "",                                             # fortress pay: printed
        "n",                                            # neutral warehouses do not count
    ])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert data["options"] == {"fortress_basis": "printed", "neutral_in_totals": False}
    assert result.entry("Bob").breakdown == {"expansion": 1, "majority": 12, "fortresses": 12, "bonus_cards": 0}
    assert result.entry("Ann").total == 3
    assert "[yes]" in asked(asker, "neutral warehouses")[0]


def test_el_capitan_no_setting_asked_when_none_changes_the_payday(scripted):
    real_module("el-capitan")
    asker = scripted(["1", "3", "Ann", "red", "Bob", "blue", "Cal", "green",
                      "marseille", "red red blue", "20", "red",    # a fortress in the largest city
                      "", "", "0"])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert "options" not in data
    assert result.entry("Ann").breakdown["fortresses"] == 20


# ------------------------------------------------------------------------------------------ Puerto Rico

def pr_customs(overflow):
    return [
        "2",
        "Ann", "23", "3", "0", "customs house 1", "",      # no residence or fortress: no island, no colonists
        overflow,                              # VP written down after the chips ran out
        "Bob", "30", "2", "0", "residence 1", "", "12",    # no customs house: not asked; island for the residence
    ]


def test_puerto_rico_customs_house_without_the_written_down_vp(scripted):
    """rules §7 off: of Ann's 23 VP, 4 were written down; the customs house counts 19 chips: 4, not 5."""
    real_module("puerto-rico")
    asker = scripted(pr_customs("4") + ["n"])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert data["players"][0]["vp_overflow"] == 4
    assert "vp_overflow" not in data["players"][1]
    assert data["options"] == {"customs-house-counts-overflow": False}
    assert result.entry("Ann").breakdown == {"vp_chips": 23, "buildings": 4, "customs-house": 4}
    assert len(asked(asker, "written down because")) == 1
    assert "[yes]" in asked(asker, "Customs house:")[0]


def test_puerto_rico_customs_house_counts_written_down_vp_by_default(scripted):
    real_module("puerto-rico")
    asker = scripted(pr_customs("4") + [""])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert result.entry("Ann").breakdown["customs-house"] == 5


def test_puerto_rico_customs_option_not_asked_when_the_chips_never_ran_out(scripted):
    real_module("puerto-rico")
    asker = scripted(pr_customs(""))
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert "vp_overflow" not in data["players"][0]
    assert not asked(asker, "Customs house:")
    assert result.entry("Ann").breakdown["customs-house"] == 5
    assert result.to_dict() == scoring.score("puerto-rico", data).to_dict()


def test_el_capitan_bonus_cards_asked_at_the_third_payday_only(scripted):
    """Rule P6c: bonus cards pay at the third payday, so only then are they asked."""
    real_module("el-capitan")
    asker = scripted(["3", "2", "Ann", "red", "yellow", "Bob", "blue", "green",
                      "marseille", "red red blue", "20", "", "",
                      "r 15",                   # Ann's bonus card (colour by initial)
                      "10", "", "12", "",       # money at the last payday: always asked (rule G1)
                      "0"])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert data["bonus_cards"] == {"red": 15}
    assert result.entry("Ann").breakdown == {"expansion": 0, "majority": 20, "fortresses": 0, "bonus_cards": 15,
                                             "money_before": 10, "loans": 0}
    assert asked(asker, "Bonus cards")
