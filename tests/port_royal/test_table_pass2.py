"""Second audit pass at the table: rules that mutations of the engine showed untested, and the notation,
prompts and refusals met while playing 2-, 3- and 5-player games through the CLI."""

import pytest

from referee import IllegalMove, InvalidMove

from .helpers import coins, events, flip, give, new, play, player, set_coins, texts


def _drain(g, leave):
    """Rig: Bob already holds most coins, so the draw pile holds `leave` cards (the discard pile is empty)."""
    set_coins(g, "Bob", coins(g)["Bob"] + g.state.draw - leave)


def test_both_piles_empty_flip_still_leads_to_phase_2_with_the_harbour_r5():
    # R5: a flip that cannot happen ends phase 1 as if the player had stopped; phase 2 follows with the
    # current display (the turn does not simply end).
    g = new(2)
    _drain(g, 2)
    flip(g, "flute-5-4", "sailor-3-1")
    assert g.view()["draw_pile"] == 0 and g.view()["discard_pile"] == 0
    play(g, "flip")
    assert any("phase 1 ends (R5)" in e for e in events(g))
    v = g.view()
    assert v["phase"] == "take" and v["phase2"]["chooser"] == "Ann"
    assert "take flute-5-4" in texts(g) and "take sailor-3-1" in texts(g)


def test_the_active_player_emptying_the_harbour_ends_the_chance_at_once_t10_t3b():
    # Ann may take 2 (a Governor) but takes the only card: Bob's chance starts at once and his Jester pays
    # (no card left for him), although Ann could still claim an expedition; she claims after the last chance.
    g = new(2)
    give(g, "Ann", "governor-8-0", "captain-4-1", "captain-4-1")
    give(g, "Bob", "jester-5-1")
    flip(g, "expedition-aa", "flute-1-1")
    play(g, "stop", "take flute-1-1")
    assert "Bob draws 1 coin (1 Jester, no card left, T3b/R6)." in events(g)
    assert g.view()["phase"] == "close" and texts(g) == ["claim expedition-aa", "end"]
    play(g, "claim aa")
    assert g.view()["active"] == "Bob"


def _sailor_ann_at_a_ship(second_colour: bool):
    g = new(3)
    give(g, "Ann", "sailor-3-1")
    flip(g, "pinnace-1-1")
    play(g, "dock")
    flip(g, "pinnace-1-2" if second_colour else "flute-1-1")
    return g


def test_a_ship_waiting_for_repel_or_dock_is_answered_first_d4b():
    g = _sailor_ann_at_a_ship(False)
    assert g.prompt() == "Ann has 1 sword: repel the Flute (blue), 1 sword, or dock it"
    # what a player says out of habit (flip again, stop, take, the card's name) names the two answers
    for typed in ("f", "flip", "stop", "s", "take flute", "flute-1-1", "pass"):
        with pytest.raises(IllegalMove, match=r"^First repel \(r\) or dock \(d\) the Flute \(blue\) Ann just "
                                              r"flipped \(D4b\)\.$"):
            g.play(typed)
    with pytest.raises(IllegalMove, match=r"expedition-aa is not in the expedition area.*\(E2\)\.$"):
        g.play("claim aa")                                # a claim may come now (seed), but there is none
    assert g.view()["phase"] == "ship"
    play(g, "d", "f")
    assert g.view()["phase"] == "reveal"


def test_a_second_ship_of_a_colour_names_bust_as_the_other_answer_d4c():
    g = _sailor_ann_at_a_ship(True)
    assert g.prompt() == ("Ann has 1 sword: repel the Pinnace (yellow), 1 sword, or bust (a yellow ship is "
                          "already in the harbour)")
    with pytest.raises(IllegalMove, match=r"^First repel the Pinnace \(yellow\) Ann just flipped, or type 'bust' "
                                          r"to let it dock and bust \(D4c\)\.$"):
        g.play("stop")


def test_take_without_a_card_takes_the_only_one_or_names_the_choices():
    g = new(3)
    set_coins(g, "Cal", 5)
    flip(g, "sailor-3-1", "flute-1-1", "pinnace-1-1")
    play(g, "stop")
    with pytest.raises(InvalidMove, match=r"^Name the card to take: sailor-3-1, flute-1-1 or pinnace-1-1\.$"):
        g.play("take")
    with pytest.raises(InvalidMove, match=r"^Name the ship to take: flute-1-1 or pinnace-1-1\.$"):
        g.play("trade")
    assert g.find("hire").text == "take sailor-3-1"         # the only person
    play(g, "trade flute")
    # Bob (3 coins) cannot pay 3 + 1 for the Sailor: 'take' names the one card he can take
    with pytest.raises(InvalidMove, match=r"^Name the card to take: pinnace-1-1 is the only one Bob can afford\.$"):
        g.play("take")
    with pytest.raises(IllegalMove, match=r"^Bob needs 4 coins to hire this Sailor: price 3 plus the 1-coin fee "
                                          r"to Ann \(T8\)\.$"):
        g.play("hire")
    play(g, "trade")
    assert player(g, "Bob")["coins"] == 3 + 1 - 1
    with pytest.raises(IllegalMove, match=r"^There is no ship in the harbour to take \(T9\)\.$"):
        g.play("trade")
    with pytest.raises(IllegalMove, match=r"^It is Cal's chance to take a card, not Bob's \(T2\)\.$"):
        g.play("bob take")


def test_take_alone_in_phase_1_still_means_stop_and_go_trading():
    g = new(2)
    flip(g, "flute-1-1")
    assert g.find("trade").text == "stop"


def test_expedition_end_is_named_on_the_board_and_in_the_game_over_line_g4_g5():
    from rich.console import Console

    g = new(2, end="expedition-end")
    out = Console(width=120, record=True, file=open("/dev/null", "w"))
    out.print(g.render())
    assert "Expedition end: 12 influence and an expedition" in " ".join(out.export_text().split())
    give(g, "Ann", "admiral-9-3", "admiral-9-3", "mademoiselle-9-3", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa")
    play(g, "claim aa")                                    # 3 + 3 + 3 + 4 = 13 influence and an expedition
    assert g.view()["end_triggered_by"] == "Ann"
    flip(g, "flute-1-1")
    play(g, "stop", "take flute-1-1")                      # Ann's turn ends; Bob's is the last
    flip(g, "skiff-1-1")
    play(g, "stop", "take skiff-1-1")
    assert g.finished
    assert "Game over: Ann wins (G5)." in events(g)
    g = new(2)
    give(g, "Ann", "admiral-9-3", "admiral-7-2", "mademoiselle-9-3", "mademoiselle-9-3")
    flip(g, "sailor-3-1")
    play(g, "stop", "take sailor-3-1")                     # 11 + 1 influence: the standard end (G1)
    assert g.view()["end_triggered_by"] == "Ann"
    flip(g, "skiff-1-1")
    play(g, "stop", "take skiff-1-1")
    assert "Game over: Ann wins (G3)." in events(g)


@pytest.mark.parametrize("typed,canonical", [
    ("repel it", "repel"), ("fight it", "repel"), ("sink the ship", "repel"), ("Ann repels it", "repel"),
    ("dock it", "dock"), ("let it dock", "dock"), ("let it in", "dock"), ("Ann docks it", "dock"),
])
def test_ship_answers_as_said_at_the_table(typed, canonical):
    g = new(3)
    give(g, "Ann", "sailor-3-1")
    flip(g, "pinnace-1-1")
    assert g.find(typed).text == canonical


@pytest.mark.parametrize("typed", ["flip again", "again", "another", "hit", "draw a card", "turn a card",
                                   "next card", "Ann flips"])
def test_flip_as_said_at_the_table(typed):
    g = new(3)
    flip(g, "sailor-3-1")
    assert g.find(typed).text == "flip"


def test_flip_again_while_a_card_is_awaited_asks_for_the_card_d1():
    g = new(3)
    play(g, "flip")
    with pytest.raises(IllegalMove, match=r"^Ann is flipping: enter the card shown"):
        g.play("flip again")


@pytest.mark.parametrize("typed,canonical", [
    ("jack of all trades", "jack-6-1"), ("a sailor 3", "sailor-3-1"), ("the blue one 1 1", "flute-1-1"),
])
def test_flipped_cards_with_articles_and_full_names(typed, canonical):
    g = new(3)
    play(g, "flip")
    assert g.find(typed).text == canonical


@pytest.mark.parametrize("typed,canonical", [
    ("take the flute", "take flute-1-1"), ("take a sailor", "take sailor-3-1"),
    ("hire the sailor", "take sailor-3-1"), ("the sailor", "take sailor-3-1"), ("blue ship", "take flute-1-1"),
    ("the blue one", "take flute-1-1"), ("sailor please", "take sailor-3-1"),
    ("Ann takes the sailor", "take sailor-3-1"), ("Ann trades the flute", "take flute-1-1"),
    ("claim the aa", "claim expedition-aa"), ("Ann claims aa", "claim expedition-aa"),
    ("claims aa", "claim expedition-aa"), ("Ann passes", "pass"), ("no thanks", "pass"),
])
def test_phase_2_as_said_at_the_table(typed, canonical):
    g = new(3)
    give(g, "Ann", "captain-4-1", "jack-6-1")
    flip(g, "expedition-aa", "sailor-3-1", "flute-1-1")
    play(g, "stop")
    assert g.find(typed).text == canonical


def test_a_third_person_move_by_another_player_is_refused_naming_whose_chance_it_is_t2():
    g = new(3)
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop")
    with pytest.raises(IllegalMove, match=r"^It is Ann's chance to take a card, not Bob's \(T2\)\.$"):
        g.play("Bob takes the flute")


def test_phase_2_prompt_names_the_claim_for_whoever_may_make_it_e1():
    g = new(3)
    give(g, "Ann", "captain-4-1", "jack-6-1")
    set_coins(g, "Bob", 4)
    flip(g, "expedition-aa", "sailor-3-1", "flute-1-1")
    play(g, "stop")
    assert g.prompt() == "Ann takes a card (1 of 1, 3 coins), claims an expedition or passes"
    play(g, "take flute-1-1")
    assert g.prompt() == "Bob takes a card (1 of 1, 4 coins) or passes; Ann may claim an expedition"


def test_short_jester_payout_on_a_bust_serves_clockwise_from_the_active_player_r5():
    # Bob busts with both piles empty but for the busted harbour (2 cards): three Jesters are owed one coin
    # each; Bob (active) and then Cal are paid, Ann's coin is lost (R5).
    g = new(3)
    for name in ("Ann", "Bob", "Cal"):
        give(g, name, "jester-7-2")
    flip(g, "expedition-aa")
    play(g, "stop")                                        # empty harbour: Bob and Cal get their Jester coin
    assert g.view()["active"] == "Bob" and g.view()["discard_pile"] == 0
    _drain(g, 2)
    before = coins(g)
    flip(g, "flute-1-1", "flute-1-2")
    after = coins(g)
    assert after["Bob"] == before["Bob"] + 1 and after["Cal"] == before["Cal"] + 1
    assert after["Ann"] == before["Ann"]
    assert any("Ann cannot draw 1 more coin (R5)" in e for e in events(g))


def test_immediate_reshuffle_happens_mid_tax_so_the_tax_card_starts_the_new_discard_pile_r11_x3():
    # reshuffle=immediate: the tax bonus takes the last coins of the draw pile; the discards (Bob's tax among
    # them) are shuffled at once, and only then is the tax card itself discarded (X3).
    g = new(2, reshuffle="immediate")
    _drain(g, 3)                                           # the tax and the 2 bonus coins
    flip(g, "tax-influence")                               # Bob (about 113 coins) pays half; both tie at 0
    v = g.view()
    assert v["reshuffles"] == 1 and v["discard_pile"] == 1
    lazy = new(2)
    _drain(lazy, 3)
    flip(lazy, "tax-influence")
    assert lazy.view()["reshuffles"] == 0 and lazy.view()["draw_pile"] == 0
    assert lazy.view()["discard_pile"] == v["draw_pile"] + 1


@pytest.mark.parametrize("typed,canonical", [
    ("námořník 3", "sailor-3-1"), ("namornik 5", "sailor-5-2"), ("modrá loď 2 3", "flute-2-3"),
    ("žlutý obchodník 3", "trader-yellow-3-1"), ("obchodník modrý 5", "trader-blue-5-2"),
    ("vtipálek 7", "jester-7-2"), ("slečna 9", "mademoiselle-9-3"), ("guvernér", "governor-8-0"),
    ("všeuměl", "jack-6-1"), ("mnich", "priest-4-1"), ("osadník", "settler-4-1"), ("kapitán", "captain-4-1"),
    ("admirál 9", "admiral-9-3"), ("expedice aa", "expedition-aa"), ("černá lebka 4", "galleon-skull-4"),
    ("červená 6", "frigate-6-3"), ("yellow merchant 3", "trader-yellow-3-1"),
])
def test_the_seeds_czech_names_and_colours_name_cards(typed, canonical):
    g = new(3)
    play(g, "flip")
    assert g.find(typed).text == canonical


def _board(g) -> str:
    from rich.console import Console

    out = Console(width=140, record=True, file=open("/dev/null", "w"))
    out.print(g.render())
    return " ".join(out.export_text().split())


def test_the_harbour_in_phase_2_says_what_each_card_means_for_the_chooser_t6_t7_t8():
    g = new(3)
    give(g, "Bob", "mademoiselle-7-2", "trader-blue-3-1")
    flip(g, "sailor-3-1", "flute-1-1", "pinnace-1-1", "jack-6-1")
    board = _board(g)
    assert "Ann draws" not in board                        # phase 1: printed values only
    play(g, "stop")
    board = _board(g)
    assert "sailor-3-1 Ann pays 3" in board and "flute-1-1 Ann draws 1" in board
    assert "jack-6-1 Ann cannot afford it" in board
    play(g, "take pinnace-1-1")
    board = _board(g)                                      # Bob: a Mademoiselle, a blue Trader, the fee
    assert "sailor-3-1 Bob pays 2 + 1 to Ann" in board
    assert "flute-1-1 Bob draws 2, gives 1 to Ann" in board
    assert "jack-6-1 Bob cannot afford it" in board


def test_another_players_pass_does_not_stop_the_active_players_flipping_d5():
    # 'Bob passes' while Ann is still flipping was read as 'stop' and played for Ann, ending her phase 1.
    g = new(3)
    give(g, "Ann", "sailor-3-1")
    flip(g, "flute-1-1")
    with pytest.raises(IllegalMove, match=r"^It is Ann's turn: only Ann may repel or dock the ship, not Cal \(D1/D5\)\.$"):
        g.play("cal dock")
    play(g, "dock")
    for typed in ("bob pass", "Bob passes", "bob done", "bob stop"):
        with pytest.raises(IllegalMove, match=r"^It is Ann's turn: only Ann may stop flipping, not Bob \(D1/D5\)\.$"):
            g.play(typed)
    assert g.view()["phase"] == "flip"
    assert g.find("ann pass").text == "stop"


def test_another_players_pass_does_not_end_the_active_players_turn_after_phase_2_d5():
    g = new(3)
    give(g, "Ann", "captain-4-1", "captain-4-1")
    flip(g, "expedition-aa", "flute-1-1")
    play(g, "stop", "pass", "pass", "pass")
    assert g.view()["phase"] == "close"
    for typed in ("bob pass", "bob end", "bob done"):
        with pytest.raises(IllegalMove, match=r"^It is Ann's turn: only Ann may end the turn, not Bob \(D1/D5\)\.$"):
            g.play(typed)
    assert g.find("ann pass").text == "end"
