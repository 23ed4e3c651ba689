"""Rules the first test pass left implicit: the card table id by id, where coins come from and go (C1),
the tax card's way to the discard pile (D3d/X3), R7's notice, and E1 claims inside the active player's chance."""

import re
from pathlib import Path

import pytest

from referee import IllegalMove
from referee.games.port_royal import cards as C

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts

RULES_FILE = Path("/work/shared/rules/port-royal.md")


def _table_rows(section: str):
    text = RULES_FILE.read_text()
    part = text[text.index(section):]
    part = part[:part.index("Checksums")]
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"`[a-z0-9-]+`", cells[0]):
            yield [cells[0].strip("`")] + cells[1:]


@pytest.mark.skipif(not RULES_FILE.exists(), reason="the rules reference is not on this machine")
def test_every_ship_card_matches_the_rules_table_3_3():
    rows = list(_table_rows("### 3.3 Ship cards"))
    assert len(rows) == 28
    for cid, swords, coins_, copies in rows:
        i = C.INDEX[cid]
        assert C.KIND[i] == C.SHIP
        assert C.SWORDS[i] == (C.SKULL if swords == "skull" else int(swords)), cid
        assert (C.COINS[i], C.COPIES[i]) == (int(coins_), int(copies)), cid
    assert len(C.SHIPS) == 28


@pytest.mark.skipif(not RULES_FILE.exists(), reason="the rules reference is not on this machine")
def test_every_person_card_matches_the_rules_table_3_5():
    rows = list(_table_rows("### 3.5 Person cards"))
    assert len(rows) == 26
    for cid, cost, influence, swords, copies in rows:
        i = C.INDEX[cid]
        assert C.KIND[i] == C.PERSON
        assert (C.COST[i], C.INFLUENCE[i], C.SWORDS[i], C.COPIES[i]) == (
            int(cost), int(influence), int(swords), int(copies)), cid
    assert len(C.PERSONS) == 26


def test_expedition_cards_3_6():
    want = {"expedition-aa": (("anchor", "anchor"), 4, 2), "expedition-cc": (("cross", "cross"), 4, 2),
            "expedition-hh": (("house", "house"), 4, 2), "expedition-aah": (("anchor", "anchor", "house"), 6, 3),
            "expedition-cch": (("cross", "cross", "house"), 6, 3),
            "expedition-ach": (("anchor", "cross", "house"), 5, 3)}
    for cid, (symbols, influence, coins_) in want.items():
        i = C.INDEX[cid]
        assert (tuple(sorted(C.SYMBOLS[i])), C.INFLUENCE[i], C.COINS[i]) == (tuple(sorted(symbols)), influence,
                                                                             coins_)


def test_coins_come_from_the_draw_pile_and_go_to_the_discard_pile_or_the_active_player_c1():
    g = new()
    give(g, "Bob", "trader-blue-3-1")
    set_coins(g, "Bob", 6)
    set_coins(g, "Cal", 4)
    flip(g, "flute-2-3", "sailor-3-1", "skiff-1-1")
    play(g, "stop")
    v0 = g.view()
    play(g, "take skiff-1-1")                             # Ann trades: 1 coin from the draw pile
    v1 = g.view()
    assert v1["draw_pile"] == v0["draw_pile"] - 1 and v1["discard_pile"] == v0["discard_pile"] + 1
    play(g, "take flute-2-3")                             # Bob: 3 + 1 Trader from the draw pile, 1 to Ann
    v2 = g.view()
    assert v2["draw_pile"] == v1["draw_pile"] - 4 and v2["discard_pile"] == v1["discard_pile"] + 1
    assert coins(g) == {"Ann": 5, "Bob": 9, "Cal": 4}
    play(g, "take sailor-3-1")                            # Cal: 3 to the discard pile, the fee to Ann
    v3 = g.view()
    assert v3["draw_pile"] == v2["draw_pile"] and v3["discard_pile"] == v2["discard_pile"] + 3
    assert v3["discard_unidentified"] == v2["discard_unidentified"] + 3   # paid coins: faces unknown (C3)
    assert coins(g) == {"Ann": 6, "Bob": 9, "Cal": 0}


def test_the_tax_card_itself_goes_to_the_discard_pile_d3d_x3():
    g = new()
    set_coins(g, "Ann", 13)
    flip(g, "sailor-3-1")
    before = g.view()
    flip(g, "tax-swords")
    v = g.view()
    assert v["display"] == ["sailor-3-1"]                 # a tax never enters the harbour (4.0 item 3)
    # 6 coins paid (faces unknown) + the tax card (face up, identified)
    assert v["discard_pile"] == before["discard_pile"] + 7
    assert v["discard_unidentified"] == before["discard_unidentified"] + 6
    assert g.state.disc[C.INDEX["tax-swords"]] == 1
    play(g, "flip")                                       # one tax-swords is left, then none
    play(g, "tax-swords", "flip")
    with pytest.raises(IllegalMove, match=r"No copy of tax-swords.*of its 2 copies, 2 on the discard pile"):
        g.play("tax-swords")


def test_active_player_taking_nothing_gets_a_notice_r7():
    g = new()
    flip(g, "flute-1-1")
    play(g, "stop", "pass")
    assert "Ann takes no card, which is allowed (R7)." in events(g)


def test_active_player_who_can_afford_nothing_may_still_claim_in_phase_2_e1():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa", "sailor-5-2")
    play(g, "stop")                                       # 3 coins: the Sailor costs 5
    assert g.view()["phase"] == "take" and g.view()["phase2"]["chooser"] == "Ann"
    assert texts(g) == ["claim expedition-aa", "pass"]
    play(g, "claim aa")                                   # + 2 coins: now the Sailor is affordable
    assert texts(g) == ["pass", "take sailor-5-2"]
    play(g, "take sailor-5-2")
    assert player(g, "Ann")["persons"] == {"sailor-5-2": 1} and coins(g)["Ann"] == 0


def test_jester_hired_mid_chance_pays_nothing_in_that_chance_r8():
    g = new()
    set_coins(g, "Bob", 8)
    flip(g, "jester-5-1", "flute-1-1")
    play(g, "stop", "take flute-1-1")                     # Ann trades; Bob's chance starts with the Jester
    play(g, "take jester-5-1")                            # the harbour is now empty, but Bob is not paid
    assert coins(g)["Bob"] == 8 - 5 - 1
    assert not any("Jester" in e and "Bob draws" in e for e in events(g))


def test_preview_tells_what_a_move_would_do_before_it_is_entered():
    g = new()
    give(g, "Ann", "sailor-3-1")
    give(g, "Bob", "trader-blue-3-1")
    flip(g, "flute-1-1")
    play(g, "dock", "flip")
    assert g.preview("blue 2 3") == "→ flute-2-3: Flute (blue), 2 swords, 3 coins: a second blue ship, Ann busts (D6)"
    assert g.preview("flute-1-2") == ("→ flute-1-2: Flute (blue), 1 sword, 2 coins: Ann may repel it, else the "
                                      "turn busts")
    assert g.preview("pinnace-1-2") == "→ pinnace-1-2: Pinnace (yellow), 1 sword, 2 coins: Ann may repel it"
    assert g.preview("skiff-3-2") == "→ skiff-3-2: Skiff (green), 3 swords, 2 coins: it docks"
    play(g, "flute-1-2")
    # issue 13: docking a same-colour ship is the bust (D4c); the preview says what it does before Enter
    assert g.preview("dock") == ("→ bust: the harbour (2 cards) goes to the discard pile and Ann's turn ends "
                                 "without phase 2 (D6)")
    assert g.preview("bust") == ("→ bust: the harbour (2 cards) goes to the discard pile and Ann's turn ends "
                                 "without phase 2 (D6)")
    play(g, "repel")
    assert g.preview("stop") == "→ stop: phase 2: Ann may take 1 card"
    play(g, "stop", "pass")
    assert g.preview("take flute") == "→ take flute-1-1: Bob draws 2 coins, and 1 coin to Ann"


def test_taking_outside_phase_2_names_the_phase_even_for_a_card_not_in_the_harbour():
    g = new()
    flip(g, "sailor-3-1")
    with pytest.raises(IllegalMove, match=r"^Cards are taken only in phase 2, after Ann stops \(T2\)\.$"):
        g.play("take governor")
    play(g, "stop", "pass")                               # Bob and Cal cannot pay 3 + 1: Bob's turn
    with pytest.raises(IllegalMove, match=r"^Cards are taken only in phase 2, after Bob stops \(T2\)\.$"):
        g.play("take sailor")


def test_a_bare_card_before_flip_asks_for_the_flip_first_d1():
    g = new()
    with pytest.raises(IllegalMove, match=r"^Type 'flip' first, then skiff-1-1 as the card Ann turns over \(D1\); "
                                          r"cards are taken from the harbour only in phase 2 \(T2\)\.$"):
        g.play("skiff-1-1")
    with pytest.raises(IllegalMove, match=r"type 'flip' first"):
        g.play("card skiff-1-1")
    flip(g, "sailor-3-1")
    with pytest.raises(IllegalMove, match=r"^Cards are taken only in phase 2, after Ann stops \(T2\)\.$"):
        g.play("sailor-3-1")                              # in the harbour: the phase is the reason
