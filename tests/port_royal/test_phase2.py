"""Phase 2 (Trade & Hire): base, chances, Admirals, Jesters, Governors, Mademoiselles, Traders, fees (T1-T11)."""

import pytest

from referee import IllegalMove

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts


def test_base_from_distinct_colours_t1():
    for ships, base in ((["pinnace-1-1"], 1), (["pinnace-1-1", "flute-1-1", "skiff-1-1"], 1),
                        (["pinnace-1-1", "flute-1-1", "skiff-1-1", "frigate-1-1"], 2),
                        (["pinnace-1-1", "flute-1-1", "skiff-1-1", "frigate-1-1", "galleon-2-1"], 3)):
        g = new()
        flip(g, *ships)
        play(g, "stop")
        assert g.view()["phase2"]["base"] == base
        assert g.view()["phase2"]["limit"] == base


def test_base_is_fixed_at_phase_2_start_and_active_takes_up_to_it():
    g = new()
    flip(g, "pinnace-1-1", "flute-1-1", "skiff-1-1", "frigate-1-1")
    play(g, "stop", "take pinnace-1-1")                   # 3 colours left, but base stays 2
    assert g.view()["phase2"]["chooser"] == "Ann"
    assert g.prompt().startswith("Ann takes a card (2 of 2")
    play(g, "take flute-1-1")
    assert g.view()["phase2"]["chooser"] == "Bob"


def test_chance_order_is_active_then_clockwise_t2():
    g = new(4)
    flip(g, "flute-1-1")
    play(g, "stop", "pass")                               # Ann may take none (R7)
    order = []
    for _ in range(3):
        order.append(g.view()["phase2"]["chooser"])
        play(g, "pass")
    assert order == ["Bob", "Cal", "Dan"]
    assert g.view()["active"] == "Bob" and g.view()["display"] == []    # T10 leftovers discarded


def test_second_turn_order_starts_left_of_the_active_player():
    g = new(3)
    flip(g, "skiff-1-1")
    play(g, "stop", "pass", "pass", "pass")               # now Bob is active
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop", "pass")
    assert g.view()["phase2"]["chooser"] == "Cal"
    play(g, "pass")
    assert g.view()["phase2"]["chooser"] == "Ann"


def test_admiral_pays_at_5_cards_not_at_4_t3a():
    g = new()
    give(g, "Ann", "admiral-7-2")
    flip(g, "sailor-3-1", "settler-4-1", "captain-4-1", "flute-1-1")
    play(g, "stop")
    assert coins(g)["Ann"] == 3                           # 4 cards: nothing
    g = new()
    give(g, "Ann", "admiral-7-2", "admiral-9-3")
    flip(g, "sailor-3-1", "settler-4-1", "captain-4-1", "flute-1-1", "priest-4-1")
    play(g, "stop")
    assert coins(g)["Ann"] == 3 + 4                       # 2 Admirals x 2 coins
    assert "Ann draws 4 coins (2 Admirals, 5 cards in the harbour, T3a)." in events(g)


def test_admiral_pays_a_non_active_player_when_their_chance_starts():
    g = new()
    give(g, "Bob", "admiral-5-1")
    give(g, "Cal", "admiral-7-2")
    flip(g, "sailor-3-1", "settler-4-1", "captain-4-1", "flute-1-1", "priest-4-1", "jack-6-1")
    play(g, "stop", "take flute-1-1")                     # 5 cards left when Bob's chance starts
    assert coins(g)["Bob"] == 5
    play(g, "take sailor-3-1")                            # 4 left when Cal's chance starts
    assert coins(g)["Cal"] == 3


def test_admiral_hired_mid_chance_pays_nothing_in_that_chance_r8():
    g = new()
    set_coins(g, "Ann", 10)
    flip(g, "admiral-7-2", "settler-4-1", "pinnace-1-1", "flute-1-1", "skiff-1-1", "frigate-1-1")
    play(g, "stop", "take admiral-7-2")
    assert coins(g)["Ann"] == 3


def test_governor_and_mademoiselle_for_a_non_active_player_t4_t7_t8():
    g = new()
    give(g, "Bob", "governor-8-0", "mademoiselle-7-2")
    set_coins(g, "Bob", 10)
    flip(g, "sailor-3-1", "settler-4-1", "captain-4-1")
    play(g, "stop", "pass")
    assert g.view()["phase2"] == {"base": 1, "chooser": "Bob", "taken": 0, "limit": 2}
    play(g, "take settler-4-1")                           # price 4 - 1 = 3, plus the fee 1 to Ann
    assert coins(g) == {"Ann": 4, "Bob": 6, "Cal": 3}
    assert "Bob hires the Settler, cost 4, 1 influence for 3 coins (T7)." in events(g)
    play(g, "take sailor-3-1")                            # price 2, fee 1 (never discounted)
    assert coins(g) == {"Ann": 5, "Bob": 3, "Cal": 3}
    assert g.view()["active"] == "Bob"                    # Cal cannot pay 4 + 1 for the Captain: skipped


def test_governor_hired_mid_chance_raises_the_limit_at_once():
    g = new()
    set_coins(g, "Ann", 12)
    flip(g, "governor-8-0", "sailor-3-1")
    play(g, "stop", "take governor-8-0")
    assert g.view()["phase2"]["chooser"] == "Ann" and g.view()["phase2"]["limit"] == 2
    play(g, "take sailor-3-1")
    assert player(g, "Ann")["persons"] == {"governor-8-0": 1, "sailor-3-1": 1}


def test_mademoiselles_stack_and_price_never_below_zero():
    g = new()
    give(g, "Ann", "mademoiselle-7-2", "mademoiselle-9-3", "mademoiselle-7-2", "mademoiselle-9-3")
    set_coins(g, "Ann", 0)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                    # 3 - 4 -> 0
    assert coins(g)["Ann"] == 0 and "sailor-3-1" in player(g, "Ann")["persons"]


def test_active_player_needs_the_price_t9():
    g = new()
    flip(g, "jack-6-1", "flute-1-1")
    play(g, "stop")
    assert texts(g) == ["pass", "take flute-1-1"]
    with pytest.raises(IllegalMove, match=r"^Ann needs 6 coins to hire this Jack of all Trades but has 3 \(T7/T9\)\.$"):
        g.play("take jack-6-1")


def test_person_needs_price_plus_one_for_a_non_active_player_t8():
    g = new()
    set_coins(g, "Bob", 5)
    flip(g, "sailor-5-2", "flute-1-1")
    play(g, "stop", "pass")
    assert texts(g) == ["pass", "take flute-1-1"]
    with pytest.raises(IllegalMove, match=r"^Bob needs 6 coins to hire this Sailor: price 5 plus the 1-coin fee to Ann \(T8\)\.$"):
        g.play("take sailor-5-2")
    g.undo(2)
    set_coins(g, "Bob", 6)
    play(g, "stop", "pass", "take sailor-5-2")
    assert coins(g)["Bob"] == 0 and coins(g)["Ann"] == 4


def test_non_active_player_with_zero_coins_takes_a_ship_and_pays_from_it_r1():
    g = new()
    set_coins(g, "Bob", 0)
    flip(g, "flute-2-3", "skiff-1-1")
    play(g, "stop", "take skiff-1-1")
    assert "take flute-2-3" in texts(g)
    play(g, "take flute-2-3")
    assert coins(g) == {"Ann": 3 + 1 + 1, "Bob": 2, "Cal": 3}
    assert "Bob gives 1 coin to Ann (T8)." in events(g)


def test_trader_adds_a_coin_for_its_colour_t6_r14():
    g = new()
    give(g, "Bob", "trader-blue-3-1", "trader-blue-5-2")
    give(g, "Ann", "trader-red-3-1")
    flip(g, "flute-2-3", "skiff-1-1")
    play(g, "stop", "take skiff-1-1")                     # red Trader does not help a green Skiff
    assert coins(g)["Ann"] == 4
    play(g, "take flute-2-3")                             # 3 + 2 Traders, minus the fee
    assert coins(g)["Bob"] == 3 + 5 - 1


def test_jester_pays_a_non_active_player_who_finds_the_harbour_empty_t3b():
    g = new()
    give(g, "Bob", "jester-7-2")
    give(g, "Cal", "jester-5-1", "jester-9-3")
    flip(g, "flute-1-1")
    play(g, "stop", "take flute-1-1")
    assert coins(g) == {"Ann": 4, "Bob": 4, "Cal": 5}
    assert "Bob draws 1 coin (1 Jester, no card left, T3b/R6)." in events(g)


def test_jester_pays_nothing_for_passing_r6():
    g = new()
    give(g, "Bob", "jester-7-2")
    flip(g, "flute-1-1")
    play(g, "stop", "pass", "pass")
    assert coins(g)["Bob"] == 3
    assert "Bob passes (no Jester coins for passing, R6)." in events(g)


def test_jester_pays_nothing_to_the_active_player_in_phase_2():
    g = new()
    give(g, "Ann", "jester-7-2")
    flip(g, "tax-influence")                              # Bob and Cal (0 influence) +1; Ann has 2
    play(g, "stop")
    assert coins(g)["Ann"] == 3


def test_jester_coins_when_the_harbour_runs_dry_mid_phase():
    g = new(4)
    give(g, "Dan", "jester-5-1")
    flip(g, "flute-1-1", "skiff-1-1")
    play(g, "stop", "take skiff-1-1", "take flute-1-1")   # Ann takes one, Bob the last
    assert coins(g)["Dan"] == 4 and coins(g)["Cal"] == 3


def test_leftovers_are_discarded_t10():
    g = new()
    flip(g, "sailor-3-1", "flute-1-1", "skiff-1-1")
    before = g.view()["discard_pile"]
    play(g, "stop", "take flute-1-1", "pass", "pass")
    v = g.view()
    assert v["display"] == [] and v["discard_pile"] == before + 1 + 2
    assert v["active"] == "Bob"


def test_player_who_can_afford_nothing_is_skipped():
    g = new()
    set_coins(g, "Bob", 0)
    flip(g, "governor-8-0")
    set_coins(g, "Ann", 8)
    play(g, "stop", "pass")
    assert "Bob can afford no card in the harbour and passes." in events(g)
    assert g.view()["phase"] == "flip" and g.view()["active"] == "Bob"   # Cal (3 coins) skipped too


def test_active_player_may_take_nothing_by_default_r7():
    g = new()
    flip(g, "flute-1-1")
    play(g, "stop")
    assert "pass" in texts(g)


def test_active_player_must_take_one_with_the_option_r7():
    g = new(must_take=True)
    flip(g, "flute-1-1")
    play(g, "stop")
    assert "pass" not in texts(g)
    with pytest.raises(IllegalMove, match="R7"):
        g.play("pass")
    play(g, "take flute-1-1")


def test_take_outside_phase_2_and_a_card_not_in_the_harbour():
    g = new()
    flip(g, "sailor-3-1")
    with pytest.raises(IllegalMove, match=r"only in phase 2, after Ann stops \(T2\)"):
        g.play("take sailor-3-1")
    play(g, "stop")
    with pytest.raises(IllegalMove, match=r"governor-8-0 is not in the harbour.*\(T9\)"):
        g.play("take governor-8-0")
    with pytest.raises(IllegalMove, match=r"Ann has stopped: no more flips in this turn \(D5\)"):
        g.play("flip")


def test_named_player_must_be_the_chooser():
    g = new()
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop", "pass")
    with pytest.raises(IllegalMove, match=r"It is Bob's chance to take a card, not Cal's \(T2\)"):
        g.play("cal take flute-1-1")
    play(g, "bob take flute-1-1")
    assert coins(g)["Bob"] == 3


def test_mademoiselles_never_reduce_the_fee_r9_t8():
    # Four Mademoiselles bring a 3-coin Sailor to price 0 (floor), but the 1-coin fee stays: with 0 coins Bob
    # cannot hire it, with 1 coin he pays nothing for it and 1 coin to Ann.
    g = new()
    give(g, "Bob", "mademoiselle-7-2", "mademoiselle-9-3", "mademoiselle-7-2", "mademoiselle-9-3")
    set_coins(g, "Bob", 0)
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop", "take flute-1-1")
    assert "Bob can afford no card in the harbour and passes." in events(g)
    assert "sailor-3-1" not in player(g, "Bob")["persons"]
    g = new()
    give(g, "Bob", "mademoiselle-7-2", "mademoiselle-9-3", "mademoiselle-7-2", "mademoiselle-9-3")
    set_coins(g, "Bob", 1)
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop", "take flute-1-1")
    assert "take sailor-3-1" in texts(g)
    before = coins(g)
    play(g, "take sailor-3-1")
    after = coins(g)
    assert after["Bob"] == 0 and after["Ann"] == before["Ann"] + 1
    assert "sailor-3-1" in player(g, "Bob")["persons"]
