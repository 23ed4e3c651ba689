"""Czech input at the table, whatever the display language (issue 14 item 3): the names printed in the Czech
edition (tables/port-royal/names.json, from the seed), with or without diacritics, any case; the record stays
the canonical ids."""

import pytest

from referee.core.entry import play_entry
from referee.core.errors import AmbiguousMove

from .helpers import flip, new, play


@pytest.mark.parametrize("typed,card", [
    ("daně šavle", "tax-swords"), ("výběr daní šavle", "tax-swords"), ("VYBER DANI VLIV", "tax-influence"),
    ("barka 1 1", "skiff-1-1"), ("šalupa 3 2", "skiff-3-2"), ("flauta 2 3", "flute-2-3"),
    ("Všeuměl", "jack-6-1"), ("vseumel", "jack-6-1"), ("námořník 3", "sailor-3-1"), ("Mnich", "priest-4-1"),
    ("vtipálek 5", "jester-5-1"), ("slečna 7", "mademoiselle-7-2"), ("žlutý obchodník 3", "trader-yellow-3-1"),
    ("expedice aa", "expedition-aa"), ("fregata lebka 3", "frigate-skull-3")])
def test_a_flipped_card_by_its_czech_name(typed, card):
    g = new()
    assert [m.text for m in play_entry(g, typed)] == ["flip", card]


def test_barka_is_not_read_as_a_frigate():
    g = new()
    play(g, "flip")
    assert g.find("barka 1 1").text == "skiff-1-1"


def test_czech_move_words_and_the_record_stays_canonical():
    g = new()
    for typed in ("námořník 3", "otoč", "flauta 2 3", "stačí", "vezmi námořníka", "nic"):
        play_entry(g, typed)
    english = new()
    for typed in ("sailor-3-1", "flip", "flute-2-3", "stop", "take sailor-3-1", "pass"):
        play_entry(english, typed)
    assert g.moves == english.moves == ["flip", "sailor-3-1", "flip", "flute-2-3", "stop", "take sailor-3-1",
                                        "pass"]


def test_a_czech_word_that_fits_two_cards_is_refused_as_ambiguous():
    g = new()
    flip(g, "trader-yellow-3-1", "trader-blue-3-1")
    play(g, "stop")
    with pytest.raises(AmbiguousMove, match=r"could be trader-yellow-3-1, trader-blue-3-1"):
        play_entry(g, "vezmi obchodníka")
    assert play_entry(g, "vezmi modrého obchodníka")[0].text == "take trader-blue-3-1"


def test_a_claim_in_czech_naming_the_persons_who_pay():
    from .helpers import give, player

    g = new()
    give(g, "Ann", "captain-4-1", "jack-6-1", "captain-4-1")
    flip(g, "expedition-aa")
    assert g.find("provést expedici aa pomocí kapitán všeuměl").text == "claim expedition-aa using captain jack"
    assert g.find("provést aa pomocí kotva kotva").text == "claim expedition-aa"
    play_entry(g, "provést expedici aa pomocí Kapitán Všeuměl")
    assert player(g, "Ann")["persons"] == {"captain-4-1": 1}
