"""Second audit at the table: the refusals a player meets when typing the way people talk (a card named without
its price, a connection card's cities the other way round), rules that had no scenario of their own (P2's
final field, P4c, P5 with cities tied for the maximum, P6a one card each, T1/S5 order, T10, T13's next turn,
V9), and the board view and prompts the issue asks for."""

import pytest

import referee
from referee.games.el_capitan.board import CITY_INDEX
from tests.el_capitan.helpers import at, auto, new, put, texts, turn_of
from tests.el_capitan.test_payday import end_phase
from tests.el_capitan.test_turn import dest, give


def conn(a, b, price):
    a, b = sorted((CITY_INDEX[a], CITY_INDEX[b]))
    return ("c", a, b, price)


def refused(g, text, pattern):
    """The move is refused with a sentence matching ``pattern`` and the game is exactly as it was."""
    before = g.view()
    with pytest.raises(referee.IllegalMove, match=pattern):
        g.play(text)
    assert g.view() == before


# --- refusals as typed at the table ------------------------------------------------------------------------

def test_connection_card_named_without_its_price_from_the_wrong_city_names_rule_t6():
    # Bad input (audit 2): the player holds tanger-napoli and types it without the price while his ship is in
    # Marseille; the refusal used to say he held no such card.
    g = new(4)
    card = next(c for c in g.state.file_deck["c"] if {c[1], c[2]} == {CITY_INDEX["tanger"], CITY_INDEX["napoli"]})
    give(g, "Ann", card)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    for typed in ("sail tanger-napoli", "sail tang-nap", "sail napoli-tanger", "sail napoli tanger"):
        refused(g, typed, r"only from one of its two cities; your ship is in Marseille \(rule T6\)")


def test_a_connection_card_may_be_named_with_its_cities_either_way_round():
    g = new(4)
    card = next(c for c in g.state.file_deck["c"] if {c[1], c[2]} == {CITY_INDEX["tanger"], CITY_INDEX["napoli"]})
    give(g, "Ann", card)
    at(g, "Ann", "napoli")
    auto(turn_of(g, "Ann"))
    assert g.rules.parse(g.state, "sail napoli-tanger") == g.rules.parse(g.state, "sail tanger-napoli")
    g.play("sail napoli tanger")
    assert g.view()["players"][0]["ship"] == "tanger (sailing)"


def test_sea_route_beyond_the_seals_typed_short_names_the_seals():
    g = new(4)
    give(g, "Ann", dest("marseille", 3, 2))
    at(g, "Ann", "tanger")
    auto(turn_of(g, "Ann"))
    refused(g, "sail mars to const", r"3 seals.*Constantinople is 4 away from Tanger \(rule T5b\)")


def test_from_the_bank_only_a_destination_use(  # T10
):
    g = new(4)
    give(g, "Ann", dest("marseille", 3, 2))
    give(g, "Ann", conn("tanger", "venezia", 3))
    at(g, "Ann", "marseille")
    s = g.state
    s.cities[0].harbour[0] = -1
    s.ship_city[0], s.ship_space[0] = -1, -1          # the ship waits in the bank harbour (from a loan turn)
    g._legal = None
    auto(turn_of(g, "Ann"))
    sails = [t for t in texts(g) if t.startswith("sail")]
    assert sails == ["sail marseille 3s 2f"]           # no sea route, no connection card from the bank
    refused(g, "sail marseille 3s 2f to valencia", r"only with a card used as a destination \(rule T10\)")
    refused(g, "sail tanger venezia", r"only with a card used as a destination \(rule T10\)")
    # T13: the next turn at the bank: another loan, or leave with a destination card
    assert {"loan 10", "loan 16"} <= set(texts(g))


def test_the_first_turn_loan_and_an_action_outside_the_ship_city_are_refused_unchanged():
    g = new(3)
    refused(g, "loan 10", r"first turn.*rule T13")
    refused(g, "bank", r"first turn.*rule T13")
    refused(g, "build", r"not on the board yet.*rule W1")
    refused(g, "fortress", r"not on the board yet.*rule W1")


def test_settling_loans_and_naming_a_start_player_refuse_out_of_turn_moves():
    g = new(3)
    s = g.state
    s.loans[0][(10, False, False)] = 1; s.stack[10] -= 1; s.money[0] += 10; s.bank -= 10
    end_phase(g, "Cal")
    refused(g, "start bob", r"after every loan is settled.*rules A1, A4")
    refused(g, "build", r"loans are settled.*rule A1")
    g.play("extend")
    chooser = g.to_move
    refused(g, "start zed", r"No player is called zed.*rule A4")
    assert g.to_move == chooser


# --- rules without a scenario of their own -------------------------------------------------------------------

def test_a_full_city_pays_its_final_field_for_the_rest_of_the_game():
    # P2: once site 12 is occupied, V_c is the final field's value (test board: Marseille's final field 30).
    g = new(3)
    put(g, "marseille", ["red", "yellow", "red", "yellow", "green", "red", "yellow", "green", "red", "yellow",
                         "green", "red"])
    s = g.state
    s.cities[0].full = True
    end_phase(g, "Cal")
    pay = g.view()["last_payday"]
    # red 5, yellow 4, green 3: red first gets 30, yellow second 15 (Cal's Athina warehouse is elsewhere)
    assert pay["Ann"]["majority"] == 30 and pay["Bob"]["majority"] == 15


def test_a_player_alone_in_a_city_is_paid_first_place_only():
    # P4c: with a single player in the city, only first place is paid; nobody gets the half.
    g = new(3)
    put(g, "marseille", ["red", "red"])                  # V = site 3 = 8
    end_phase(g, "Cal")
    pay = g.view()["last_payday"]
    assert pay["Ann"]["majority"] == 8
    assert pay["Bob"]["majority"] == 0


def test_fortresses_pay_full_value_in_every_city_tied_for_the_most_warehouses():
    # P5: "if several cities have the same number of warehouses" each of them pays the first-place amount.
    g = new(3)
    put(g, "marseille", ["red", "yellow", "red"])         # N = 3, V = site 4 = 10
    put(g, "valencia", ["yellow", "red", "yellow"])       # N = 3, V = site 4 = 10
    put(g, "tanger", ["red", "yellow"])                   # N = 2, V = site 3 = 8
    s = g.state
    for city, owner in (("marseille", 1), ("valencia", 0), ("tanger", 2)):
        ci = CITY_INDEX[city]
        s.cities[ci].fort[0 if s.cities[ci].fort[0] == -1 else 1] = s.main[owner]
        s.front_f[owner] -= 1
    end_phase(g, "Cal")                                   # Cal's first warehouse in Athina: N = 1
    pay = g.view()["last_payday"]
    assert pay["Ann"]["fortresses"] == 10                 # Valencia, tied for the maximum
    assert pay["Bob"]["fortresses"] == 10                 # Marseille, tied for the maximum
    assert pay["Cal"]["fortresses"] == 4                  # Tanger: half of 8
    g.check()


def test_each_player_takes_at_most_one_bonus_card():
    # P6a: the first to operate in all 9 cities takes 15; completing the set again takes nothing more.
    g = new(4)
    cities = ["marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis"]
    for c in cities:
        put(g, c, ["red"])
    at(g, "Ann", "athina")
    auto(turn_of(g, "Ann"))
    g.play("build site 1")
    auto(g)
    assert g.view()["players"][0]["bonus_card"] == 15
    # Valencia's dark square (site 4) shuts Ann's warehouse there; she builds in Valencia again
    put(g, "valencia", ["blue", "yellow"], start=2)
    at(g, "Cal", "valencia")
    auto(turn_of(g, "Cal"))
    g.play("build")
    auto(g)
    assert g.view()["players"][0]["expansion_cities"] == 8
    at(g, "Ann", "valencia", 1)
    auto(turn_of(g, "Ann"))
    g.play("build")
    auto(g)
    v = g.view()
    assert v["players"][0]["expansion_cities"] == 9
    assert v["players"][0]["bonus_card"] == 15 and v["bonus_cards_left"] == [10, 5]
    g.check()


def test_turns_go_round_from_the_start_player_in_seating_order_in_every_phase():
    # S5/T1: the first player named starts phase 1 and play goes round in seating order; in the next phase
    # the chosen start player begins and the order continues round the table from him.
    g = new(3)
    seen = []
    while len(seen) < 6:
        who = g.to_move
        if not seen or seen[-1] != who:
            seen.append(who)
        ts = texts(g)
        for want in ("buy", "sail", "build", "end"):
            pick = next((t for t in ts if t.startswith(want) and "-" not in t), None)
            if pick:
                break
        g.play(pick or ts[0])
        auto(g)
    assert seen == ["Ann", "Bob", "Cal", "Ann", "Bob", "Cal"]
    g2 = new(3)
    end_phase(g2, "Cal")
    g2.play(texts(g2)[0]) if g2.view()["stage"] == "loans" else None
    g2.play("start bob")
    order = []
    while len(order) < 3:
        order.append(g2.to_move)
        s = g2.state
        p = s.cur
        at(g2, s.players[p], ["marseille", "valencia", "tanger"][len(order) - 1])
        auto(turn_of(g2, s.players[p]))
        g2.play(next(t for t in texts(g2) if t.startswith("build")))
        auto(g2)
        g2.play("end")
        auto(g2)
    assert order == ["Bob", "Cal", "Ann"]


def test_two_players_the_poorer_one_chooses_the_next_start_player():
    # V9 (A3/A4 with two players)
    g = new(2)
    s = g.state
    s.money[1] -= 15
    s.bank += 15
    end_phase(g, "Bob")
    v = g.view()
    poorer = min(v["players"], key=lambda p: p["net"])["name"]
    assert v["stage"] == "start" and g.to_move == poorer
    assert "chooses the start player of phase 2" in g.prompt()


# --- the board view and prompts -----------------------------------------------------------------------------

def _board_text(g):
    from rich.console import Console

    console = Console(record=True, width=150)
    console.print(g.render())
    return console.export_text()


def test_board_view_shows_what_the_issue_lists():
    # Chains by colour, shut warehouses, fortresses, ships in harbour spaces with their prices; money, loans
    # (extended marked), pieces left, hands; the face-up cards; the expansion standings.
    g = new(3)
    put(g, "marseille", ["red", "yellow", "green", "red"])
    s = g.state
    s.cities[0].picture.append(s.main[2])
    s.supply_w[s.main[2]] -= 1
    s.cities[0].fort[0] = s.main[1]
    s.front_f[1] -= 1
    s.loans[0][(10, True, False)] = 1; s.stack[10] -= 1; s.money[0] += 10; s.bank -= 10
    give(g, "Bob", dest("marseille", 3, 2))
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.check()
    out = _board_text(g)
    assert "RYGR" in out and "shut: G" in out                   # the chain, and the picture
    assert "H1(4):Ann" in out and "F1(8):yellow" in out           # ship and fortress in their priced spaces
    assert "V12" in out                                           # first place in Marseille pays site 5 = 12
    assert "10*" in out                                           # Ann's extended 10-florin loan
    assert "red:6 fort:1" in out and "yellow:6 fort:0" in out     # pieces in front of each player
    assert "Bob's hand: marseille 3s 2f" in out
    assert "Destination cards: " in out and "Connection cards: " in out
    assert "1 city: 1 fl" in out                                  # expansion standing (test board row 1 = 1)


def test_board_view_before_the_layout_keeps_the_corner_cities_in_the_corners():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    lines = _board_text(g).splitlines()
    top = next(line for line in lines if "Marseille" in line)
    bottom = next(line for line in lines if "Tanger" in line)
    assert "Constantinople ?" in top and "Alexandria ?" in bottom


def test_a_repayment_beyond_cash_is_shown_on_the_board():
    # O10: negative cash is allowed, and the table is told (the note is on the board after the move)
    g = new(3)
    s = g.state
    s.loans[0][(16, False, False)] = 1; s.stack[16] -= 1; s.money[0] += 16; s.bank -= 16
    end_phase(g, "Cal")
    assert g.prompt().startswith(f"Ann ({s.money[0]} fl): 16-florin loan: repay 20 now")
    s.bank += s.money[0]
    s.money[0] = 0
    g.play("repay")
    assert s.money[0] == -20
    assert "Note: Ann repaid a loan with more than his cash" in _board_text(g)


def test_the_prompt_says_when_only_the_bank_is_left():
    # T12: nothing can be built where the ship is: the prompt tells the player to go to the bank
    g = new(4)
    at(g, "Ann", "marseille")
    g.state.money[0], g.state.bank = 0, g.state.bank + 20
    auto(turn_of(g, "Ann"))
    assert texts(g) == ["bank"]
    assert "sail to the bank and take a loan (rule T12)" in g.prompt()


def test_two_player_prompt_names_the_colours_that_may_be_built():
    g = new(2)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert "build red|green" in g.prompt()
    s = g.state
    s.front_w[s.main[0]] = 3                  # X9: 3 + 2 in front: only the neutral one may be built
    s.supply_w[s.main[0]] += 3
    g._legal = None
    assert "build green" in g.prompt() and "red|" not in g.prompt()


def test_one_letter_naming_several_verbs_is_ambiguous_not_the_bank():
    # "b" once resolved to "bank" (the shortest legal text), which commits the turn to a loan (T12/T13)
    g = new(4)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert "bank" in texts(g) and any(t.startswith("build") for t in texts(g))
    before = g.view()
    with pytest.raises(referee.AmbiguousMove, match="bank, build, buy"):
        g.play("b")
    assert g.view() == before
    assert g.play("ba").text == "bank"


def test_a_board_question_answered_with_a_word_says_what_to_type():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    g.play("layout venezia athina tunis constantinople")
    for card in ("marseille 3 4", "tanger 2 3", "napoli 1 2", "venezia 2 3", "tanger venezia 3",
                 "marseille valencia 2", "napoli tunis 2", "tanger alexandria 4", "athina constantinople 2",
                 "valencia napoli 1"):
        g.play(card)
    g.play("buy tanger")
    g.play("sail tanger")
    g.play("build")
    assert g.prompt().startswith("Board: read the price printed on Tanger harbour space 1")
    refused(g, "abc", r"number printed on the board.*rule D6")
    g.play("3")
    assert g.state.money[0] == 20 - 3 - 3


def test_two_players_at_most_three_main_colour_warehouses_in_a_row():
    # V4: three red (main) in a row: a fourth red is refused, a green (neutral) may follow (4 of his in a row)
    g = new(2)
    put(g, "marseille", ["red", "red", "red"])
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    ts = texts(g)
    assert "build green" in ts and "build red" not in ts
    refused(g, "build red", r"4 main-colour warehouses in a row in Marseille.*rule V4")
    g.play("build green")
    assert g.view()["cities"]["marseille"]["sites"][:4] == ["red", "red", "red", "green"]


def test_site_12_is_not_adjacent_to_site_1_when_building_forward():
    # W4: runs follow site numbers; Ann's warehouse on site 1 does not join her two on sites 10 and 11
    g = new(3)
    put(g, "marseille", ["red", "yellow", "green", "yellow", "green", "yellow", "green", "yellow", "green", "red",
                         "red"])
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert "build" in texts(g)
    g.play("build")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][11] == "red" and v["backward"]


def test_the_final_payday_notes_each_players_negative_cash_once_and_groups_loans():
    # G1/O10: every loan is repaid after payday 3; the board notes each player's cash below zero once
    g = new(3)
    s = g.state
    s.phase, s.paydays = 3, 2
    for _ in range(3):
        s.loans[0][(10, False, False)] = s.loans[0].get((10, False, False), 0) + 1
        s.stack[10] -= 1
    s.loans[0][(16, True, False)] = 1
    s.stack[16] -= 1
    s.bank += s.money[0] - 46
    s.money[0] = 46 - 12 * 3 - 30 - 20          # what the loans brought, minus more than all of it
    end_phase(g, "Cal")
    assert g.finished
    notes = [line for line in _board_text(g).splitlines() if line.startswith("Note: Ann repaid")]
    assert len(notes) == 1 and f"is at {s.money[0]} florins" in notes[0]


def test_loans_are_grouped_by_face_on_the_board():
    g = new(3)
    s = g.state
    s.loans[1][(10, False, False)] = 3
    s.loans[1][(16, True, False)] = 1
    s.stack[10] -= 3
    s.stack[16] -= 1
    s.money[1] += 46
    s.bank -= 46
    g.check()
    assert "3x10 16*" in _board_text(g)


def test_an_abbreviated_build_takes_site_1_like_build():
    # W3a: the first warehouse's site is named only when it is site 2; "bui" behaves like "build"
    g = new(4)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert g.find("bui").text == "build site 1" and g.find("bui s 2").text == "build site 2"
    g2 = new(2)
    at(g2, "Ann", "marseille")
    auto(turn_of(g2, "Ann"))
    assert g2.find("bui gr").text == "build green site 1"
    with pytest.raises(referee.AmbiguousMove):
        g2.find("bui")                      # red or green: the colour must be named (V1)
