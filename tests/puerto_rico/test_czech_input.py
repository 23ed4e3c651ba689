"""Czech input at the table (issue 14 item 3): the Czech edition's names of buildings, roles, goods and the
words of each phase (tables/puerto-rico/names.json), with or without diacritics, any case; records keep the
canonical ids."""

import pytest

import referee
from referee.core.entry import play_entry
from referee.core.errors import AmbiguousMove

from .helpers import give, new


@pytest.mark.parametrize("typed,move", [
    ("postav malý cukrovar", "build small-sugar-mill"), ("malá tržnice", "build small-market"),
    ("stavební huť", "build construction-hut"), ("útulek", "build hospice"), ("SIDLO CECHU", "build guild-hall"),
    ("postavím malou tržnici", "build small-market"), ("velké skladiště", "build large-warehouse"),
    ("nic", "pass")])
def test_buildings_by_their_czech_names(typed, move):
    g = new(4)
    give(g, 0, doubloons=10)
    g.play("stavitel")
    assert g.find(typed).text == move


@pytest.mark.parametrize("typed,role", [
    ("starosta", "mayor"), ("Kapitán", "captain"), ("osadnik", "settler"), ("zlatokop", "prospector"),
    ("dozorce", "craftsman"), ("obchodník", "trader"), ("stavitel", "builder")])
def test_roles_by_their_czech_names(typed, role):
    assert new(4).find(typed).text == role


def test_settler_words_and_goods_in_their_cases():
    g = new(4)
    g.play("osadník")
    assert g.find("vezmi kukuřici").text == "take corn"
    assert g.find("beru kávu").text == "take coffee"
    assert g.find("kamenolom").text == "take quarry"


def test_the_turned_up_row_in_czech_replays_as_in_english():
    cs = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal"])
    play_entry(cs, "kukuřice, indigo cukr tabák")
    play_entry(cs, "osadník")
    play_entry(cs, "vezmi kávu" if "take coffee" in [m.text for m in cs.legal_moves()] else "vezmi cukr")
    en = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal"])
    for move in cs.moves:
        en.play(move)
    assert en.to_record() == cs.to_record()
    assert cs.moves[:5] == ["reveal corn", "reveal indigo", "reveal sugar", "reveal tobacco", "settler"]


def test_a_czech_word_that_fits_two_buildings_is_refused_as_ambiguous():
    g = new(4)
    give(g, 0, doubloons=10)
    g.play("stavitel")
    for typed, one, other in (("zpracovatelna", "indigo-plant", "small-indigo-plant"),
                              ("skladiště", "large-warehouse", "small-warehouse"),
                              ("postav tržnici", "large-market", "small-market")):
        with pytest.raises(AmbiguousMove, match=f"could be {one} or {other}"):
            g.find(typed)


def test_phase_words_in_czech():
    g = new(4)
    give(g, 0, goods={"corn": 3})
    g.play("kapitán")
    assert g.find("naložím kukuřici na loď 5").text == "load corn 5"
    g = new(4)
    give(g, 0, goods={"coffee": 1})
    g.play("obchodník")
    assert g.find("prodám kávu").text == "sell coffee" and g.find("nic").text == "pass"
    g = new(4)
    give(g, 0, tiles={"corn": 2, "sugar": 1}, buildings={"small-market": 0})
    g.play("starosta")
    assert g.find("ano").text == "ok" and g.find("umísti kukuřici").text == "place corn"
    assert [m.text for m in play_entry(g, "dej 2 kukuřice")] == ["place corn", "place corn"]


def test_czech_move_words_do_not_make_english_abbreviations_ambiguous():
    g = new(5)
    assert g.find("pro").text.startswith("prospector")       # 'prodat' (sell) is said whole


def test_declining_a_colonist_in_czech():
    assert new(4).find("starosta bez privilegia").text == "mayor no-privilege"
    g = new(4)
    give(g, 0, buildings={"hospice": 1})
    g.play("osadník")
    assert g.find("vezmi kukuřici bez útulku").text == "take corn no-hospice"
