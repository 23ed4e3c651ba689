"""Phase 1 (Discover): flips, repelling, busts, taxes, the C4 draw-pile bound, reshuffles (D1-D7, X1-X3, C1-C5)."""

import pytest

from referee import IllegalMove, InvalidMove

from referee.games.port_royal import cards as C

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts


def test_setup_counts_and_five_player_expedition():
    for n, draw in ((2, 113), (3, 110), (4, 107), (5, 104)):
        g = new(n)
        v = g.view()
        assert v["draw_pile"] == draw
        assert all(p["coins"] == 3 for p in v["players"])
        if n == 5:
            assert v["expedition_area"] == ["expedition-ach"] and v["box"] == []
        else:
            assert v["expedition_area"] == [] and v["box"] == ["expedition-ach"]
        assert v["active"] == "Ann" and g.to_move == "Ann"
        g.check()


def test_turn_starts_with_a_mandatory_flip_d1():
    g = new()
    assert texts(g) == ["flip"]
    with pytest.raises(IllegalMove, match=r"must flip at least one card before stopping \(D1\)"):
        g.play("stop")


def test_flip_is_a_player_move_then_the_card_is_a_chance_move():
    g = new()
    m = g.play("flip")
    assert m.player == "Ann" and not m.chance
    assert g.to_move is None
    assert g.prompt().startswith("Chance: which card did Ann flip?")
    legal = g.legal_moves()
    assert all(m.chance and m.player is None for m in legal)
    assert "expedition-ach" not in {m.text for m in legal}          # in the box with 3 players
    assert len(legal) == 61
    m = g.play("sailor-3-1")
    assert m.chance and g.view()["display"] == ["sailor-3-1"]
    assert texts(g) == ["flip", "stop"]
    assert g.prompt() == "Ann: flip, or stop (1 card in the harbour, 0 colours)"


def test_person_expedition_and_ship_go_to_their_zones_d3():
    g = new()
    flip(g, "governor-8-0", "expedition-aa", "flute-2-3")
    v = g.view()
    assert v["display"] == ["governor-8-0", "flute-2-3"]
    assert v["expedition_area"] == ["expedition-aa"]
    assert v["display_colours"] == 1


def test_repel_with_exactly_enough_swords_d4():
    g = new()
    give(g, "Ann", "sailor-3-1", "pirate-5-1")          # 1 + 2 = 3 swords
    flip(g, "skiff-3-2")
    assert g.view()["phase"] == "ship"
    assert texts(g) == ["dock", "repel"]
    assert "repel the Skiff (green)" in g.prompt()
    before = g.view()["discard_pile"]
    play(g, "repel")
    v = g.view()
    assert v["display"] == [] and v["discard_pile"] == before + 1
    assert player(g, "Ann")["persons"] == {"pirate-5-1": 1, "sailor-3-1": 1}   # swords are not used up
    flip(g, "frigate-3-2")                                # the same swords repel again
    play(g, "repel")
    assert g.view()["display"] == []


def test_one_sword_short_docks_automatically_and_repel_is_refused():
    g = new()
    give(g, "Ann", "sailor-3-1", "pirate-5-1")          # 3 swords
    flip(g, "galleon-4-2")
    v = g.view()
    assert v["phase"] == "flip" and v["display"] == ["galleon-4-2"]
    with pytest.raises(IllegalMove, match=r"Ann has 3 swords but the Galleon \(black\) needs 4 to be repelled"):
        g.play("repel")


def test_seed_example_1_derived_one_sword_cannot_repel_two():
    g = new()
    give(g, "Ann", "sailor-3-1")
    flip(g, "flute-2-2")
    assert g.view()["display"] == ["flute-2-2"]
    with pytest.raises(IllegalMove, match=r"D4a"):
        g.play("repel")


def test_skull_ship_cannot_be_repelled():
    g = new()
    give(g, "Ann", "pirate-9-3", "pirate-7-2", "sailor-7-3")   # 5 swords: still no use against a skull
    flip(g, "frigate-skull-3")
    assert g.view()["display"] == ["frigate-skull-3"]
    with pytest.raises(IllegalMove, match=r"^You cannot repel a skull ship \(D4a\)\.$"):
        g.play("repel")


def test_repelling_is_optional_even_for_a_new_colour():
    g = new()
    give(g, "Ann", "sailor-3-1")
    flip(g, "pinnace-1-1")
    with pytest.raises(IllegalMove, match=r"No yellow ship is in the harbour.*without a bust.*\(D4\)"):
        g.play("bust")
    play(g, "dock")
    assert g.view()["display"] == ["pinnace-1-1"]


def test_docking_a_same_colour_ship_that_could_be_repelled_busts_after_confirmation_d4c_r10():
    g = new()
    give(g, "Ann", "sailor-3-1")
    flip(g, "flute-2-2", "flute-1-1")
    assert g.prompt() == ("Ann has 1 sword: repel the Flute (blue), 1 sword, or bust (a blue ship is already "
                          "in the harbour)")
    assert texts(g) == ["bust", "repel"]                 # the move is listed as what it does: a bust
    # issue 13: docking it is said 'dock' / 'let it dock' at the table, and the bust follows (D4c)
    for typed in ("dock", "let it dock", "d", "dock anyway"):
        assert g.find(typed).text == "bust"
    assert g.view()["phase"] == "ship"
    play(g, "bust")
    v = g.view()
    assert v["active"] == "Bob" and v["display"] == []
    assert any("busts" in e for e in events(g))


def test_bust_discards_harbour_and_pays_jesters_to_everyone_d6():
    g = new()
    give(g, "Ann", "jester-5-1")
    give(g, "Bob", "jester-7-2", "jester-9-3")
    flip(g, "expedition-hh", "governor-8-0", "flute-1-1")
    before = g.view()
    flip(g, "flute-5-3")                                  # 0 swords: automatic bust
    v = g.view()
    assert v["display"] == [] and v["expedition_area"] == ["expedition-hh"]   # the area is untouched
    assert v["discard_pile"] == before["discard_pile"] + 3
    assert coins(g) == {"Ann": 4, "Bob": 5, "Cal": 3}    # the active player's Jester pays too (R4)
    assert v["active"] == "Bob" and v["phase"] == "flip"  # no phase 2
    ev = events(g)
    assert "Ann draws 1 coin (1 Jester, bust, D6/R4)." in ev
    assert "Bob draws 2 coins (2 Jesters, bust, D6/R4)." in ev


def test_tax_at_11_12_13_coins_then_swords_bonus_to_ties_x1_x2():
    g = new()
    give(g, "Bob", "sailor-3-1")
    give(g, "Cal", "sailor-5-2")
    set_coins(g, "Ann", 11)
    set_coins(g, "Bob", 12)
    set_coins(g, "Cal", 13)
    flip(g, "tax-swords")
    # 11 keeps all; 12 -> 6, 13 -> 7; then Bob and Cal tie on the most swords (1 each)
    assert coins(g) == {"Ann": 11, "Bob": 7, "Cal": 8}
    ev = events(g)
    assert "Bob pays 6 coins in tax and keeps 6 (X1)." in ev
    assert "Cal pays 6 coins in tax and keeps 7 (X1)." in ev
    assert g.view()["phase"] == "flip"                   # X3: the active player continues
    assert g.view()["display"] == []


def test_tax_influence_bonus_to_all_tied_players_even_at_zero():
    g = new()
    set_coins(g, "Ann", 20)
    flip(g, "tax-influence")
    assert coins(g) == {"Ann": 11, "Bob": 4, "Cal": 4}   # 20 -> 10, then everyone (0 influence) +1


def test_tax_pays_before_bonus_so_a_bonus_can_lift_to_12():
    g = new()
    give(g, "Bob", "sailor-3-1")
    give(g, "Cal", "sailor-3-1")
    set_coins(g, "Ann", 11)
    flip(g, "tax-influence")                              # Ann alone has the least influence (0)
    assert coins(g)["Ann"] == 12


def test_tax_swords_to_the_single_leader():
    g = new()
    give(g, "Cal", "pirate-5-1")
    give(g, "Bob", "sailor-3-1")
    flip(g, "tax-swords")
    assert coins(g) == {"Ann": 3, "Bob": 3, "Cal": 4}


def test_impossible_card_is_refused_c4():
    g = new()
    flip(g, "pirate-9-3")                                 # the only copy
    play(g, "flip")
    assert "pirate-9-3" not in texts(g)
    with pytest.raises(IllegalMove, match=r"^No copy of pirate-9-3 can still be in the draw pile \(C4\): of its 1 "
                                          r"copy, 1 in the harbour; if an earlier card was entered wrongly, undo "
                                          r"back to it\.$"):
        g.play("pirate-9-3")
    with pytest.raises(IllegalMove, match=r"^expedition-ach is used only with 5 players; it is in the box \(C4\)\.$"):
        g.play("expedition-ach")                          # in the box with 3 players
    assert g.view()["phase"] == "reveal"                  # unchanged after the refusal


def test_all_copies_seen_are_impossible_even_after_they_are_discarded():
    g = new()
    give(g, "Ann", "sailor-3-1", "pirate-5-1")
    flip(g, "frigate-skull-4")
    play(g, "stop", "take frigate-skull-4")               # discarded face up, identified
    assert g.view()["active"] == "Bob"                    # the harbour ran dry: Bob and Cal find nothing
    play(g, "flip")
    with pytest.raises(IllegalMove, match="No copy of frigate-skull-4"):
        g.play("frigate-skull-4")


def _drain(g, leave):
    """Rig: players already hold most coins, so the draw pile holds `leave` cards."""
    s = g.state
    extra = s.draw - leave
    set_coins(g, "Bob", 3 + extra)


def test_lazy_reshuffle_mid_payout_and_r5_shortfall():
    g = new(2)
    _drain(g, 2)
    flip(g, "flute-5-4", "pinnace-2-2")                  # the draw pile is now empty, the discard pile too
    assert g.view()["draw_pile"] == 0 and g.view()["discard_pile"] == 0
    assert "reshuffle" not in texts(g)                    # nothing to reshuffle
    play(g, "stop", "take flute-5-4")
    # T6: the ship goes to the discard pile first, so the lazy reshuffle (C2/R11) makes it a 1-card pile;
    # Ann draws it, and the other 3 coins cannot be served (R5).
    v = g.view()
    assert v["reshuffles"] == 1
    assert v["players"][0]["coins"] == 4
    assert v["draw_pile"] == 0
    assert "Ann draws 1 coin (4 for the ship, T6)." in events(g)
    assert any("cannot draw 3 more coins (R5)" in e for e in events(g))


def test_reshuffle_bound_counts_identified_discards_and_unknown_coins():
    g = new(2)
    _drain(g, 3)
    give(g, "Ann", "sailor-3-1", "pirate-5-1")
    # give() took 2 more cards: the draw pile holds 1
    assert g.view()["draw_pile"] == 1
    flip(g, "skiff-3-3")
    play(g, "repel")                                      # identified discard: skiff-3-3
    set_coins(g, "Ann", 3)                                # (no-op: Ann still has 3)
    play(g, "reshuffle")                                  # the table reshuffles now: 1 card, skiff-3-3
    assert g.view()["draw_pile"] == 1 and g.view()["discard_pile"] == 0
    play(g, "flip")
    # Only skiff-3-3 can be in the new pile: no unknown discards joined it (C4 item 4).
    assert texts(g) == ["skiff-3-3"]
    with pytest.raises(IllegalMove, match="No copy of sailor-3-1 can still be in the draw pile"):
        g.play("sailor-3-1")
    play(g, "skiff-3-3")


def test_reshuffle_with_unknown_coins_allows_any_free_card():
    g = new(2)
    _drain(g, 1)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                    # 3 coins paid face up but not identified
    assert g.view()["draw_pile"] == 0 and g.view()["discard_pile"] == 3
    # Bob's chance: display empty. Bob's turn: the flip reshuffles the 3 paid coins.
    play(g, "flip")
    v = g.view()
    assert v["reshuffles"] == 1 and v["draw_pile"] == 3
    legal = set(texts(g))
    assert "sailor-3-1" in legal                          # 6 other copies are free
    assert "expedition-ach" not in legal


@pytest.mark.parametrize("mode", ["lazy", "immediate"])
def test_reshuffle_timing_option_r11(mode):
    g = new(2, reshuffle=mode)
    _drain(g, 2)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                    # 3 coins to the discard pile; Bob's turn
    flip(g, "governor-8-0")                               # the last card of the draw pile
    v = g.view()
    if mode == "lazy":
        assert v["draw_pile"] == 0 and v["discard_pile"] == 3 and "reshuffle" in texts(g)
        play(g, "reshuffle")                              # the table may do it now (R11 event)
    else:
        assert "reshuffle" not in texts(g)
        with pytest.raises(IllegalMove, match="R11"):
            g.play("reshuffle")
    v = g.view()
    assert v["draw_pile"] == 3 and v["discard_pile"] == 0 and v["reshuffles"] == 1


def test_both_piles_empty_flip_ends_phase_1_r5():
    g = new(2)
    _drain(g, 0)
    play(g, "flip")
    v = g.view()
    assert any("R5" in e for e in events(g))
    assert v["active"] == "Bob"                           # phase 2 with an empty harbour, then the turn ends


def test_both_piles_empty_can_end_the_game_with_the_option_r5():
    g = new(2, exhausted="end")
    give(g, "Ann", "sailor-3-1")
    _drain(g, 0)
    play(g, "flip")
    assert g.finished and g.view()["stalemate"]
    assert g.result().winners == ["Ann"]                  # 1 influence against 0


def test_stop_with_empty_harbour_allowed_by_default_r2():
    g = new()
    give(g, "Bob", "jester-5-1")
    flip(g, "tax-swords")
    assert "stop" in texts(g)
    play(g, "stop")
    assert "Ann stops with an empty harbour (R2)." in events(g)
    assert coins(g)["Bob"] == 3 + 1 + 1                   # tax bonus (tie at 0 swords) + his Jester (T3b)


def test_stop_with_empty_harbour_can_be_forbidden_r2():
    g = new(empty_stop=False)
    flip(g, "expedition-aa")
    assert texts(g) == ["flip"]
    with pytest.raises(IllegalMove, match=r"R2"):
        g.play("stop")
    flip(g, "sailor-3-1")
    assert "stop" in texts(g)


def test_paid_coin_faces_sharpen_the_bound_with_the_option_r15():
    g = new(coin_faces=True)
    flip(g, "sailor-3-1")
    assert not any(t.startswith("paid ") for t in texts(g))   # nothing paid yet
    play(g, "stop", "take sailor-3-1")                        # 3 coins paid, faces unknown
    assert "paid pirate-9-3" in texts(g)
    play(g, "paid pirate-9-3")
    assert g.view()["discard_unidentified"] == 2
    assert "paid pirate-9-3" not in texts(g)                  # the only copy is now placed
    play(g, "flip")
    with pytest.raises(IllegalMove, match="No copy of pirate-9-3 can still be in the draw pile"):
        g.play("pirate-9-3")
    g.undo()
    play(g, "coin flute-2-3", "paid flute-1-1")
    with pytest.raises(IllegalMove, match=r"No unidentified paid coin"):
        g.play("paid flute-1-1")


def test_paid_coin_face_refused_when_it_must_be_in_the_draw_pile():
    g = new(2, coin_faces=True)
    give(g, "Ann", "pirate-9-3", "pirate-7-2", "sailor-7-3")   # 5 swords
    _drain(g, 2)
    flip(g, "sailor-3-1", "flute-5-4")
    play(g, "repel", "reshuffle")                             # the new draw pile is exactly flute-5-4
    play(g, "stop", "take sailor-3-1")                        # 3 coins paid, faces unknown
    assert "paid flute-5-4" not in texts(g)
    with pytest.raises(IllegalMove, match=r"^No copy of flute-5-4 can be among the paid coins \(C4\)\.$"):
        g.play("paid flute-5-4")
    play(g, "paid flute-1-1")
    g.check()
