"""Expeditions (E1-E5): who, when, what they cost, Jacks as jokers, and the explicit-choice notation."""

import pytest

from referee import AmbiguousMove, IllegalMove

from .helpers import coins, events, flip, give, new, play, player, texts


def test_seed_example_4_priest_and_jack_pay_for_two_crosses():
    g = new()
    give(g, "Ann", "priest-4-1", "jack-6-1")
    flip(g, "expedition-cc")
    assert "claim expedition-cc" in texts(g)
    before = player(g, "Ann")["influence"]
    disc = g.view()["discard_pile"]
    play(g, "claim expedition-cc")
    ann = player(g, "Ann")
    assert ann["persons"] == {} and ann["expeditions"] == ["expedition-cc"]
    assert ann["influence"] == before + 4 - 1 - 1
    assert ann["coins"] == 3 + 2
    assert g.view()["discard_pile"] == disc + 2
    assert g.view()["expedition_area"] == []
    assert "Ann claims expedition-cc (4 influence), discarding priest jack (E3/E4)." in events(g)
    assert "Ann draws 2 coins (expedition, E4)." in events(g)


def test_jack_may_stand_in_even_when_a_matching_person_is_present():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "jack-6-1")
    flip(g, "expedition-aa")
    assert texts(g) == ["claim expedition-aa", "claim expedition-aa using captain jack", "flip", "stop"]
    play(g, "claim aa using jack captain")                # any order, short name
    assert player(g, "Ann")["persons"] == {"captain-4-1": 1}


def test_canonical_claim_spends_jacks_last():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "jack-6-1")
    flip(g, "expedition-aa")
    play(g, "claim aa")
    assert player(g, "Ann")["persons"] == {"jack-6-1": 1}


def test_claim_refused_with_the_wrong_persons():
    g = new()
    give(g, "Ann", "captain-4-1", "settler-4-1", "jack-6-1", "sailor-3-1")
    flip(g, "expedition-aa")
    with pytest.raises(IllegalMove, match=r"settler captain does not pay expedition-aa \(anchor \+ anchor\).*e.g. captain jack"):
        g.play("claim aa using captain settler")
    with pytest.raises(IllegalMove, match=r"Only Settlers, Captains, Priests and Jacks can pay .*\(E3\)"):
        g.play("claim aa using captain sailor")
    with pytest.raises(IllegalMove, match=r"Ann does not have jack jack to discard \(E3\)"):
        g.play("claim aa using jack jack")


def test_claim_without_the_symbols():
    g = new()
    give(g, "Ann", "captain-4-1")
    flip(g, "expedition-aa")
    with pytest.raises(IllegalMove, match=r"Ann cannot claim expedition-aa: it needs anchor \+ anchor .*\(E3\)"):
        g.play("claim aa")


def test_non_active_player_is_refused_an_expedition_r3():
    g = new()
    give(g, "Bob", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa", "flute-1-1")
    with pytest.raises(IllegalMove, match=r"^Only Ann, the active player, may claim an expedition \(E1/R3\)\.$"):
        g.play("bob claim aa")
    play(g, "stop", "pass")                               # Bob's chance in Ann's turn: still refused
    with pytest.raises(IllegalMove, match=r"Only Ann, the active player"):
        g.play("bob claim expedition-aa")


def test_claim_before_the_first_flip_and_between_flips_e1_d2():
    g = new(5)
    give(g, "Ann", "captain-4-1", "priest-4-1", "settler-4-1")
    assert "claim expedition-ach" in texts(g)             # the 5-player expedition, before any flip
    play(g, "claim expedition-ach")
    assert player(g, "Ann")["influence"] == 5
    assert texts(g) == ["flip"]


def test_claim_while_a_ship_awaits_repel_or_dock_seed_at_any_time_in_the_turn():
    # Seed 004 (Expedice): "Expedici může provést jen aktivní hráč, a to kdykoli ve svém tahu" -- at any time
    # in his turn, so also while the ship just flipped waits for repel or dock (issue 13 item 5).
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "sailor-3-1")
    flip(g, "expedition-aa", "flute-1-1")
    assert g.view()["phase"] == "ship"
    assert "claim expedition-aa" in texts(g)
    assert g.prompt().endswith("or dock it, or claim an expedition")
    play(g, "claim aa")
    assert player(g, "Ann")["expeditions"] == ["expedition-aa"]
    assert g.view()["phase"] == "ship" and g.view()["pending_ship"] == "flute-1-1"
    assert sorted(texts(g)) == ["dock", "repel"]       # the ship is still answered: her sword is still there
    play(g, "repel")
    assert g.view()["phase"] == "flip"


def test_claim_before_a_bust_saves_the_expedition_seed():
    # The claim comes before the bust (seed: at any time in the turn); afterwards the turn is over.
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "sailor-3-1")
    flip(g, "expedition-aa", "flute-1-1")
    play(g, "dock", "flip", "flute-1-2")
    assert sorted(texts(g)) == ["bust", "claim expedition-aa", "repel"]
    play(g, "claim aa", "bust")
    assert player(g, "Ann")["expeditions"] == ["expedition-aa"] and player(g, "Ann")["influence"] == 1 + 4
    assert g.view()["active"] == "Bob"                  # the bust still ended her turn (D6)


def test_claim_during_phase_2_even_during_another_players_chance():
    g = new()
    give(g, "Ann", "captain-4-1")
    set_coins_ann = 10
    from .helpers import set_coins
    set_coins(g, "Ann", set_coins_ann)
    flip(g, "expedition-aa", "captain-4-1", "flute-1-1")
    play(g, "stop", "take captain-4-1")                   # now Ann has two Captains; Bob's chance
    assert g.view()["phase2"]["chooser"] == "Bob"
    legal = {m.text: m for m in g.legal_moves()}
    assert legal["claim expedition-aa"].player == "Ann"
    assert "Ann may claim an expedition" in g.prompt()
    play(g, "claim aa")
    assert player(g, "Ann")["expeditions"] == ["expedition-aa"]
    assert g.view()["phase2"]["chooser"] == "Bob"         # Bob's chance goes on


def test_claim_after_the_last_chance_before_the_turn_ends():
    g = new()
    give(g, "Ann", "captain-4-1")
    from .helpers import set_coins
    set_coins(g, "Ann", 10)
    flip(g, "expedition-aa", "captain-4-1")
    play(g, "stop", "take captain-4-1")                   # the harbour is empty: phase 2 is over
    assert g.view()["phase"] == "close"
    assert texts(g) == ["claim expedition-aa", "end"]
    assert g.prompt() == "Ann: claim an expedition, or end the turn"
    play(g, "claim aa")
    assert g.view()["active"] == "Bob"                    # nothing more to claim: the turn ends


def test_close_can_be_ended_without_claiming():
    g = new()
    give(g, "Ann", "captain-4-1")
    from .helpers import set_coins
    set_coins(g, "Ann", 10)
    flip(g, "expedition-aa", "captain-4-1")
    play(g, "stop", "take captain-4-1", "end")
    assert g.view()["active"] == "Bob"
    assert g.view()["expedition_area"] == ["expedition-aa"]


def test_no_claim_after_a_bust():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa", "flute-1-1", "flute-2-2")    # bust
    assert g.view()["active"] == "Bob"
    with pytest.raises(IllegalMove, match=r"E3|E1"):
        g.play("claim aa")


def test_expedition_not_in_the_area():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1")
    with pytest.raises(IllegalMove, match=r"expedition-aa is not in the expedition area.*\(E2\)"):
        g.play("claim aa")
    with pytest.raises(IllegalMove, match=r"expedition-ach is in the box"):
        g.play("claim ach")


def test_expedition_area_survives_busts_and_holds_several():
    g = new()
    flip(g, "expedition-aa", "expedition-hh", "flute-1-1", "flute-1-1")
    assert g.view()["expedition_area"] == ["expedition-aa", "expedition-hh"]


def test_several_claims_in_one_turn():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "settler-4-1", "settler-4-1")
    flip(g, "expedition-aa", "expedition-hh")
    play(g, "claim aa", "claim hh")
    assert player(g, "Ann")["influence"] == 8


def test_default_claim_follows_the_current_persons():
    g = new()
    give(g, "Ann", "captain-4-1", "captain-4-1", "captain-4-1", "settler-4-1", "jack-6-1")
    flip(g, "expedition-aa", "expedition-aah")
    assert "claim expedition-aa" in texts(g)              # now: two Captains
    play(g, "claim aah")                                  # spends two Captains and the Settler
    assert player(g, "Ann")["persons"] == {"captain-4-1": 1, "jack-6-1": 1}
    assert texts(g) == ["claim expedition-aa", "flip", "stop"]
    play(g, "claim expedition-aa")                        # now: the Captain and the Jack
    assert player(g, "Ann")["persons"] == {}
    assert player(g, "Ann")["influence"] == 10
