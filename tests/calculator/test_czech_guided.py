"""Issue 22 item 7: the guided calculators in Czech (names and colours typed and shown in Czech), El Capitan
won by money at the last payday, Puerto Rico's island spaces and colonists asked only where a large building
needs them, and `back` to the previous answer. Asserted on what the person is asked and told."""

import re

import pytest

import scoring
from referee import i18n
from referee.calculator.guided import guided_score

from .conftest import real_module


@pytest.fixture
def czech():
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def _shown(asker):
    return "\n".join(text for _kind, text in asker.log)


EC_CZECH = ["3", "2", "Jana", "červená", "zluta", "Petr", "Modrá", "zelená",
            "Marseille", "červená cervena modrá", "20", "", "",
            "", "31", "", "18", "12", "0"]


def test_el_capitan_takes_czech_colours_and_ranks_by_money_at_the_last_payday(scripted, czech):
    real_module("el-capitan")
    asker = scripted(EC_CZECH)
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert [p["colour"] for p in data["players"]] == ["red", "blue"]
    assert data["cities"]["marseille"]["chain"] == ["red", "red", "blue"]
    assert data["money"] == {"red": 31, "blue": 18} and data["loans"] == {"red": [], "blue": [12]}
    assert result.to_dict() == scoring.score("el-capitan", data).to_dict()
    questions = asker.questions()
    assert any("peníze v ruce při posledním výplatním dni" in q for q in questions)
    assert not any("(y/n)" in q or "(a/n)" in q for q in questions)      # money is not optional at payday 3
    assert "Rank by money" not in _shown(asker)
    # no English colour on the Czech screens
    for word in ("red", "blue", "green", "yellow", "purple"):
        assert not re.search(rf"\b{word}\b", _shown(asker)), word


def test_el_capitan_unknown_colour_lists_the_czech_names(scripted, czech):
    real_module("el-capitan")
    asker = scripted(["1", "2", "Jana", "oranžová", "červená", "žlutá", "Petr", "modrá", "zelená", "", "n"])
    guided_score("el-capitan", asker=asker)
    told = "\n".join(asker.told())
    assert "'oranžová'" in told and "fialová" in told and "červená" in told and "modrá" in told and "red" not in told and "purple" not in told


def test_el_capitan_english_colours_still_read_in_english(scripted):
    real_module("el-capitan")
    asker = scripted(["3", "2", "Ann", "cervena", "yellow", "Bob", "blue", "green", "", "", "31", "", "18", "",
                      "0"])
    data, result = guided_score("el-capitan", asker=asker)
    assert data["players"][0]["colour"] == "red"
    assert any("money in hand at the last payday" in q for q in asker.questions())
    assert [e.player for e in result.ranking][0] == "Ann"      # most money wins


def test_puerto_rico_czech_buildings_and_island_only_for_the_residence(scripted, czech):
    real_module("puerto-rico")
    asker = scripted([
        "2",
        "Jana", "20", "3", "0", "rezidence 1", "malá tržnice", "", "", "11",
        "Petr", "18", "1", "0", "přístav 1", "",
    ])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    jana, petr = data["players"]
    assert jana["buildings"] == {"residence": 1, "small-market": 0} and jana["island_spaces"] == 11
    assert "colonists" not in jana and "island_spaces" not in petr and "colonists" not in petr
    assert result.entry("Jana").breakdown["residence"] == 6
    questions = asker.questions()
    assert sum("ostrovní políčka" in q for q in questions) == 1         # only Jana, who has the residence
    assert not any("kolonisté celkem" in q for q in questions)          # nobody has a fortress
    shown = _shown(asker)
    for english in ("residence", "small-market", "guild-hall", "harbor"):
        assert english not in shown, english
    assert "malá tržnice" in shown


def test_back_returns_to_the_previous_answer_in_czech(scripted, czech):
    real_module("puerto-rico")
    asker = scripted([
        "zpět",                                 # nothing to go back to yet
        "2",
        "Jana", "20", "3", "0", "pevnost 1", "", "7",
        "Petr", "99", "zpět", "zpět",           # back twice: from doubloons to VP, then to the name
        "Pavel", "18", "1", "0", "",
    ])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert [p["name"] for p in data["players"]] == ["Jana", "Pavel"]
    assert data["players"][0]["colonists"] == 7
    told = asker.told()
    assert "  Toto je první otázka; není se kam vrátit." in told
    assert told.count("  Zpět k předchozí otázce.") == 2
    questions = asker.questions()
    # after going back twice the name of player 2 is asked again
    assert [q for q in questions if q.startswith("Hráč 2")] == ["Hráč 2: jméno: ", "Hráč 2: jméno: "]


@pytest.mark.parametrize("game, answers, expect", [
    ("port-royal", ["2", "Ann", "5", "totals", "12", "back", "3", "", "Bob", "9", "totals", "4", "0"],
     lambda d: d["players"][0]["influence"] == 3 and d["players"][0]["expeditions"] == 0),
    ("carcassonne", ["none", "2", "Ann", "Bob", "10", "back", "12", "8", "", ],
     lambda d: d["points_so_far"] == {"Ann": 12, "Bob": 8}),
    ("el-capitan", ["1", "2", "Ann", "red", "back", "blue", "yellow", "Bob", "red", "green", "", "n"],
     lambda d: [p["colour"] for p in d["players"]] == ["blue", "red"]),
])
def test_back_in_every_calculator(scripted, game, answers, expect):
    real_module(game)
    asker = scripted(answers)
    data, result = guided_score(game, asker=asker)
    assert asker.answers == []
    assert expect(data)
    assert "  Back to the previous question." in asker.told()


def test_carcassonne_and_port_royal_prompts_in_czech(scripted, czech):
    real_module("carcassonne")
    asker = scripted(["kupci-a-stavitele" if False else "none", "2", "Jana", "Petr", "10", "8",
                      "město", "3", "1", "Jana", "", ])
    data, result = guided_score("carcassonne", asker=asker)
    assert asker.answers == []
    assert data["features"] == [{"type": "city", "tiles": 3, "pennants": 1, "followers": {"Jana": 1}}]
    shown = _shown(asker)
    assert "město 1:" in shown and not re.search(r"\bcity 1\b", shown)

    real_module("port-royal")
    asker = scripted(["2", "Jana", "5", "součty", "12", "0", "Petr", "9", "", "", ])
    data, result = guided_score("port-royal", asker=asker)
    assert data["players"][0]["influence"] == 12 and data["players"][1]["cards"] == []
    assert any("(karty/součty) [karty]" in q for q in asker.questions())
    assert "cards/totals" not in _shown(asker)
