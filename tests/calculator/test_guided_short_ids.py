"""Guided entry takes the short forms a player types for an id (a unique prefix or tail, any case, words
for hyphens, a printed name), says which id it read, re-asks an ambiguous one with its candidates and an
unknown one with a did-you-mean. One helper serves cards, buildings, cities and colours."""

import scoring
from referee.calculator.guided import guided_score

from .conftest import real_module


def test_port_royal_short_card_ids(scripted):
    real_module("port-royal")
    asker = scripted([
        "2",
        "Ann", "4", "totals", "12", "1",
        "Bob", "6", "cards",
        "7-2",                                  # four cards end in 7-2: re-asked with them
        "aha",                                  # no such card: did you mean
        "Admiral 7 AA governor",                # admiral-7-2, expedition-aa, governor-8-0
        "trader blue 5, ach",                   # ach: only with 5 players -> the calculator refuses later
        "",
        "Bob", "6", "cards", "Admiral 7 AA governor trader blue 5", "",
    ])
    data, result = guided_score("port-royal", asker=asker)
    assert asker.answers == []
    assert data["players"][1]["cards"] == ["admiral-7-2", "expedition-aa", "governor-8-0", "trader-blue-5-2"]
    # persons: admiral 2 + governor 0 + blue trader 2; the expedition AA is worth 4
    assert result.entry("Bob").breakdown == {"persons": 4, "expeditions": 4}
    assert result.winners == ["Ann"]
    told = asker.told()
    assert any(t.startswith("  '7-2' could be ") and all(c in t for c in
               ("pirate-7-2", "mademoiselle-7-2", "jester-7-2", "admiral-7-2")) for t in told)
    assert any("Unknown card 'aha'" in t and "Did you mean expedition-aa?" in t for t in told)
    assert "  Read Admiral 7 as admiral-7-2, AA as expedition-aa, governor as governor-8-0." in told
    assert any("expedition-ach is used only with 5 players" in t for t in told)


def test_port_royal_two_words_of_an_ambiguous_id_list_only_their_candidates(scripted):
    real_module("port-royal")
    asker = scripted(["2", "Ann", "4", "totals", "12", "1",
                      "Bob", "6", "cards", "trader blue", "trader blue 3", "", ])
    data, _ = guided_score("port-royal", asker=asker)
    assert data["players"][1]["cards"] == ["trader-blue-3-1"]
    assert "  'trader blue' could be trader-blue-3-1, trader-blue-5-2; type more of the card." in asker.told()


def test_puerto_rico_building_names_as_players_say_them(scripted):
    real_module("puerto-rico")
    asker = scripted([
        "2",
        "Ann", "20", "3", "0", "12", "10",
        "hall",                    # guild hall or city hall: re-asked
        "Guild Hall 1",            # words for hyphens, any case
        "roaster 2",               # the id's tail
        "přístav", "1",            # the Czech name on the tile; colonists asked next
        "",
        "Bob", "18", "1", "0", "9", "15", "cukrovar 3", "",   # Czech name: sugar-mill
    ])
    data, result = guided_score("puerto-rico", asker=asker)
    assert asker.answers == []
    assert data["players"][0]["buildings"] == {"guild-hall": 1, "coffee-roaster": 2, "harbor": 1}
    assert data["players"][1]["buildings"] == {"sugar-mill": 3}
    # printed VP 4 + 3 + 3; guild hall: 2 for the large production building (coffee roaster)
    assert result.entry("Ann").breakdown == {"vp_chips": 20, "buildings": 10, "guild-hall": 2}
    assert result.entry("Bob").breakdown == {"vp_chips": 18, "buildings": 2}
    told = asker.told()
    assert "  'hall' could be guild-hall, city-hall; type more of the building." in told
    assert "  Read roaster as coffee-roaster." in told
    assert "  Read přístav as harbor." in told
    assert not any("Guild Hall" in t for t in told)        # same id, nothing to echo


def test_el_capitan_city_names_and_colour_initials(scripted):
    real_module("el-capitan")
    asker = scripted([
        "1", "3",
        "Ann", "r", "Bob", "b", "Cal", "Green",        # initials and any case
        "Venice", "r r b", "12", "",                   # English name; colours in the chain by initial
        "Neapol", "g", "8", "",                        # the Czech name
        "t",                                           # tanger or tunis: re-asked
        "",
        "",                                            # no money
        "2",                                           # expansion row 1 (everyone is in one city)
    ])
    data, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert [p["colour"] for p in data["players"]] == ["red", "blue", "green"]
    assert data["cities"] == {"venezia": {"chain": ["red", "red", "blue"], "next_value": 12, "fortresses": []},
                              "napoli": {"chain": ["green"], "next_value": 8, "fortresses": []}}
    assert result.entry("Ann").breakdown["majority"] == 12
    assert result.entry("Bob").breakdown["majority"] == 6
    assert result.entry("Cal").total == 10
    told = asker.told()
    assert "  Read Venice as venezia." in told
    assert "  Read r as red, b as blue." in told
    assert any(t.startswith("  't' could be tanger, tunis") for t in told)
    assert result.to_dict() == scoring.score("el-capitan", data).to_dict()
