"""Game end (G1-G7): the 12-influence trigger, finishing the round, the expedition-end variant, ranking."""

import pytest

from referee import GameOver, IllegalMove

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts

ELEVEN = ("admiral-9-3", "jester-9-3", "mademoiselle-9-3", "sailor-5-2")      # 3 + 3 + 3 + 2 influence


def bust(g, ship_type):
    """The active player busts on two ships of one colour (docking them even when they could be repelled)."""
    for _ in range(2):
        flip(g, f"{ship_type}-1-1")
        if g.view()["phase"] == "ship":
            play(g, "dock" if "dock" in texts(g) else "bust")


def test_trigger_in_seat_1_turn_finishes_the_round_g1_g2():
    g = new(3)
    give(g, "Ann", *ELEVEN)
    set_coins(g, "Ann", 10)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")
    assert player(g, "Ann")["influence"] == 12
    assert any("reaches 12 influence (G1): the round ends with Cal's turn (G2)." in e for e in events(g))
    assert g.view()["end_triggered_by"] == "Ann"
    bust(g, "pinnace")                                    # Bob's turn
    assert not g.finished
    bust(g, "skiff")                                      # Cal's turn: seat N, the last
    assert g.finished
    assert g.legal_moves() == []
    with pytest.raises(GameOver):
        g.play("flip")
    res = g.result()
    assert res.winners == ["Ann"]
    assert res.ranking[0].total == 12 and res.ranking[0].breakdown == {"persons": 12, "expeditions": 0}
    assert g.prompt() == "The game is over."


def test_trigger_during_seat_n_turn_makes_it_the_last_including_other_chances():
    g = new(3)
    give(g, "Cal", *ELEVEN)
    set_coins(g, "Cal", 10)
    bust(g, "pinnace")
    bust(g, "flute")
    flip(g, "sailor-3-1", "galleon-2-1")
    play(g, "stop", "take sailor-3-1")
    assert "this is the last turn" in " ".join(events(g))
    assert not g.finished                                 # Ann and Bob still have their chances
    assert g.view()["phase2"]["chooser"] == "Ann"
    play(g, "take galleon-2-1")
    assert g.finished
    assert g.result().winners == ["Cal"]


def test_trigger_by_a_non_active_players_hire_g1_r12():
    g = new(3)
    give(g, "Cal", *ELEVEN)
    set_coins(g, "Cal", 10)
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop", "take flute-1-1")                     # Bob cannot pay 3 + 1: skipped
    play(g, "take sailor-3-1")                            # Cal hires (Mademoiselle: 2 + the fee 1)
    assert g.view()["end_triggered_by"] == "Cal"
    assert player(g, "Cal")["influence"] == 12
    assert g.view()["active"] == "Bob" and not g.finished
    bust(g, "skiff")                                      # Bob
    assert not g.finished
    bust(g, "frigate")                                    # Cal: last
    assert g.finished


def test_non_active_trigger_during_seat_n_turn_ends_after_it():
    g = new(3)
    give(g, "Bob", *ELEVEN)
    set_coins(g, "Bob", 10)
    bust(g, "pinnace")
    bust(g, "flute")
    flip(g, "sailor-3-1", "skiff-1-1")                    # Cal's turn
    play(g, "stop", "take skiff-1-1")                     # Ann (3 coins) cannot pay 3 + 1
    play(g, "take sailor-3-1")                            # Bob hires in Cal's turn
    assert g.view()["end_triggered_by"] == "Bob" and g.finished


def test_trigger_by_an_expedition_claim_e4():
    g = new(2)
    give(g, "Ann", "admiral-9-3", "jester-9-3", "captain-4-1", "captain-4-1")  # 8
    flip(g, "expedition-aa")
    play(g, "claim aa")                                   # 8 - 2 + 4 = 10
    assert g.view()["end_triggered_by"] is None
    give(g, "Ann", "sailor-5-2")                          # 12 by persons: only checked at hires/claims
    flip(g, "sailor-3-1")
    set_coins(g, "Ann", 3)
    play(g, "stop", "take sailor-3-1")
    assert g.view()["end_triggered_by"] == "Ann"


def test_expedition_end_variant_needs_an_expedition_g4_g5():
    g = new(2, end="expedition-end")
    give(g, "Ann", *ELEVEN)
    set_coins(g, "Ann", 10)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")
    assert player(g, "Ann")["influence"] == 12 and g.view()["end_triggered_by"] is None
    bust(g, "pinnace")                                    # Bob
    give(g, "Ann", "settler-4-1", "settler-4-1")
    flip(g, "expedition-hh")
    play(g, "claim hh")
    assert g.view()["end_triggered_by"] == "Ann"
    bust(g, "flute")                                      # Ann's turn goes on: a bust ends it
    assert not g.finished
    bust(g, "skiff")                                      # Bob, seat N
    assert g.finished
    assert g.result().winners == ["Ann"]


def test_expedition_end_ranks_players_without_expedition_after_g7():
    g = new(2, end="expedition-end")
    give(g, "Bob", "admiral-9-3", "jester-9-3", "mademoiselle-9-3", "pirate-9-3", "sailor-7-3")  # 15
    give(g, "Ann", "settler-4-1", "settler-4-1", "captain-4-1", "captain-4-1", "admiral-7-2",
         "jester-7-2", "mademoiselle-7-2")
    flip(g, "expedition-hh")
    play(g, "claim hh")                                   # Ann: 2 + 6 + 4 - 2 = 10
    flip(g, "expedition-aa")
    play(g, "claim aa")                                   # 12 with 2 expeditions: trigger
    bust(g, "flute")
    bust(g, "skiff")
    assert g.finished
    res = g.result()
    assert res.winners == ["Ann"]
    bob = res.entry("Bob")
    assert bob.total == 15 and not bob.eligible and bob.note == "not eligible to win"
    assert [e.player for e in res.ranking] == ["Ann", "Bob"]


def test_tie_on_influence_is_decided_by_coins_in_the_engine_result():
    g = new(2)
    give(g, "Ann", *ELEVEN)
    give(g, "Bob", "admiral-7-2", "jester-7-2", "mademoiselle-7-2", "sailor-7-3", "pirate-7-2", "sailor-3-1")
    set_coins(g, "Ann", 3)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                    # Ann: price 3 - 1 (Mademoiselle), 1 coin left
    bust(g, "flute")                                      # Jesters pay both on Bob's empty chance and bust
    assert g.finished
    assert coins(g) == {"Ann": 2, "Bob": 5}
    res = g.result()
    assert [e.player for e in res.ranking] == ["Bob", "Ann"]
    assert res.ranking[0].note == "decided by coins" and res.ranking[0].tiebreak == 5


def test_shared_win():
    g = new(2)
    give(g, "Ann", *ELEVEN)
    give(g, "Bob", "admiral-7-2", "jester-7-2", "mademoiselle-7-2", "sailor-7-3", "pirate-7-2", "sailor-3-1")
    set_coins(g, "Ann", 6)
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                    # Ann 12 influence, 4 coins; Bob 12
    bust(g, "flute")
    assert coins(g) == {"Ann": 5, "Bob": 5}
    res = g.result()
    assert res.winners == ["Ann", "Bob"] or sorted(res.winners) == ["Ann", "Bob"]
    assert all(e.rank == 1 and e.note == "shared win" for e in res.ranking)


def test_stalemate_when_no_card_can_move_for_a_round():
    g = new(2)
    s = g.state
    set_coins(g, "Bob", 3 + s.draw)                       # rig: every card is a coin
    play(g, "flip")                                       # R5: Ann's phase 1 ends, nothing to take
    assert not g.finished
    play(g, "flip")                                       # Bob: the same; a whole round without a change
    assert g.finished and g.view()["stalemate"]
    assert g.result().winners == ["Bob"]                  # 0 influence each: Bob has more coins
    assert any("R5" in n for n in g.result().notes)
