"""The five examples of the seed's rules text (rules file §7), played through the public API."""

import pytest

from referee import IllegalMove

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts


def test_example_1_repel():
    g = new(4)                                            # Adam = Ann
    give(g, "Ann", "sailor-3-1", "pirate-5-1")
    for flute in ("flute-2-2", "flute-2-3"):
        flip(g, flute)
        display = g.view()["display"]
        play(g, "repel")
        assert g.view()["display"] == display
    assert player(g, "Ann")["persons"] == {"pirate-5-1": 1, "sailor-3-1": 1}
    assert player(g, "Ann")["swords"] == 3
    # derived: with only the Sailor the repel is refused
    h = new(4)
    give(h, "Ann", "sailor-3-1")
    flip(h, "flute-2-2")
    with pytest.raises(IllegalMove):
        h.play("repel")


@pytest.mark.parametrize("traders,gain", [((), 2), (("trader-blue-3-1",), 3)])
def test_example_2_trade(traders, gain):
    g = new(4)
    give(g, "Ann", *traders)
    flip(g, "flute-2-2")
    disc = g.view()["discard_pile"]
    play(g, "stop", "take flute-2-2")
    assert coins(g)["Ann"] == 3 + gain
    assert g.view()["discard_pile"] == disc + 1


@pytest.mark.parametrize("mademoiselle,price", [(False, 3), (True, 2)])
def test_example_3_hire(mademoiselle, price):
    g = new(4)                                            # David = Bob, hiring in his own turn
    if mademoiselle:
        give(g, "Bob", "mademoiselle-7-2")
    flip(g, "flute-1-1", "flute-1-1")                     # Ann busts
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")
    assert coins(g)["Bob"] == 3 - price
    assert "sailor-3-1" in player(g, "Bob")["persons"]


def test_example_4_expedition():
    g = new(4)
    give(g, "Ann", "priest-4-1", "jack-6-1")
    flip(g, "expedition-cc")
    infl = player(g, "Ann")["influence"]
    play(g, "claim expedition-cc")
    assert player(g, "Ann")["influence"] - infl == 2
    assert coins(g)["Ann"] == 5


def test_example_5_phase_2_with_four_colours():
    g = new(4)                                            # Adam = Ann, David = Bob
    give(g, "Ann", "admiral-7-2")
    give(g, "Bob", "admiral-5-1")
    give(g, "Cal", "jester-5-1")
    give(g, "Dan", "jester-7-2")
    flip(g, "pinnace-1-2", "flute-2-2", "skiff-1-1", "frigate-1-1", "sailor-5-2")
    play(g, "stop")
    assert g.view()["phase2"]["base"] == 2
    assert coins(g)["Ann"] == 3 + 2                       # his Admiral: 5 cards in the harbour
    play(g, "take flute-2-2")                             # a ship worth 2 coins
    assert coins(g)["Ann"] == 7
    play(g, "take sailor-5-2")                            # spends the money on the only person
    assert coins(g)["Ann"] == 2
    assert coins(g)["Bob"] == 3                           # 3 cards: no Admiral coins for David
    play(g, "take pinnace-1-2")                           # David: 2 coins, 1 of them to Adam
    assert coins(g)["Bob"] == 4 and coins(g)["Ann"] == 3
    disc = g.view()["discard_pile"]
    play(g, "pass", "pass")                               # the others decline
    v = g.view()
    assert v["discard_pile"] == disc + 2                  # the last 2 ships are discarded
    assert coins(g)["Cal"] == 3 and coins(g)["Dan"] == 3  # cards were left: no Jester coins
    assert v["active"] == "Bob"
