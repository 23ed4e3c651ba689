"""Rules that had no scenario of their own: setup (S1), new pieces per phase (A5), the reshuffled pile (T4),
one empty loan stack (O12), the tie order (O2), neutral warehouses in the city totals (O5), a shared victory
(O9) and reopening a neutral warehouse (O14)."""

import pytest

from scoring.el_capitan import payday, score, validate
from tests.el_capitan.helpers import at, auto, new, put, texts, turn_of
from tests.el_capitan.test_payday import end_phase


def test_setup_each_player_has_20_florins_6_warehouses_and_a_fortress():
    # S1 (and V2 for two players: 2 neutral warehouses besides)
    v = new(4).view()
    for p in v["players"]:
        assert p["money"] == 20 and p["fortresses_left"] == 1 and list(p["warehouses_left"].values()) == [6]
        assert p["ship"] == "off the board" and p["loans"] == []
    assert v["loan_stacks"] == {"10": 18, "16": 12} and v["bonus_cards_left"] == [15, 10, 5]
    assert len(v["display"]["destination"]) == 4 and len(v["display"]["connection"]) == 6      # S2
    two = new(2).view()
    assert [p["warehouses_left"] for p in two["players"]] == [{"red": 6, "green": 2}, {"yellow": 6, "blue": 2}]


def test_new_pieces_are_added_to_what_is_left_after_a_payday():
    # A5: each player adds 6 warehouses and 1 fortress from the supply to what he has left
    g = new(3)
    end_phase(g, "Cal")                      # Cal builds his first warehouse as the round ends
    left = [p["warehouses_left"] for p in g.view()["players"]]
    assert left == [{"red": 6}, {"yellow": 6}, {"green": 5}]
    while g.view()["stage"] != "start":
        g.play("repay")
    g.play(texts(g)[0])
    v = g.view()
    assert [p["warehouses_left"] for p in v["players"]] == [{"red": 12}, {"yellow": 12}, {"green": 11}]
    assert [p["fortresses_left"] for p in v["players"]] == [2, 2, 2]
    g.check()


def test_an_empty_draw_pile_is_the_reshuffled_discard_pile():
    # T4: when a draw pile is empty its discard pile is shuffled into a new one; the refill can then only
    # turn up cards of that pile (the referee knows them: they were played)
    g = new(3)
    s = g.state
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    played = [("c", 0, 1, 9), ("c", 2, 4, 7)]
    # every unseen connection card has been dealt and played: two lie in the discard pile, the rest in hands
    s.discard["c"] = list(played)
    s.in_hand["c"] += s.file_deck["c"].__len__() - 2
    s.hands[1] += s.file_deck["c"][2:]
    s.file_deck["c"] = []
    s.draw_unknown["c"] = 0
    g.check()
    from referee.games.el_capitan.notation import card_label
    bought = s.face["c"][0]
    g.play("buy " + card_label(bought))
    g.play("build site 1")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    assert sorted(texts(g)) == ["connection card marseille-valencia 9f", "connection card tanger-alexandria 7f"]
    g.play("connection card tanger-alexandria 7f")
    assert g.view()["piles"]["connection"] == {"draw": 1, "discard": 0}
    g.check()


def test_one_empty_loan_stack_leaves_the_other_kind():
    # O12 (default): an empty stack makes that loan unavailable
    g = new(3)
    s = g.state
    s.stack[16] = 0
    s.loans[1][(16, False, False)] = 12
    s.money[1] += 192
    s.bank -= 192
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("bank")
    assert [t for t in texts(g) if t.startswith("loan")] == ["loan 10"]
    g.check()


@pytest.mark.parametrize("order,first", [("site", "green"), ("build-time", "red")])
def test_tie_order_site_or_build_time(order, first):
    # O2: Red built the city's first warehouse on site 2, Green then had to take site 1 (W3b); one each.
    g = new(4, tie_order=order)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("build site 2")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    auto(g)
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    g.play("build")
    auto(g)
    g.state.learned[("site", 0, 3)] = 8          # read off the board at the payday
    g.state.learned[("exp", 1)] = 1
    data = g.rules.payday_input(g.state)
    assert data["cities"]["marseille"]["chain"][0] == first
    pay = payday(validate(data))
    v = data["cities"]["marseille"]["next_value"]
    assert pay[first]["majority"] == v
    other = "red" if first == "green" else "green"
    assert pay[other]["majority"] == v // 2


@pytest.mark.parametrize("option,paid", [(True, 18), (False, 9)])
def test_neutral_warehouses_in_the_city_totals(option, paid):
    # O5: with neutrals counted, Marseille (red, green, green = 3) is the most built-up city and Red's fortress
    # there pays the full 18; without them Marseille counts 1 and Valencia (2) is the most built-up.
    two = [{"name": "A", "colour": "red", "neutral": "green"}, {"name": "B", "colour": "yellow", "neutral": "blue"}]
    r = score({"game": "el-capitan", "payday": 1, "players": two, "expansion_table": {"1": 0, "2": 1},
               "cities": {"marseille": {"chain": ["red", "green", "green"], "next_value": 18, "fortresses": ["red"]},
                          "valencia": {"chain": ["yellow", "yellow"], "next_value": 8}},
               "options": {"neutral_in_totals": option}})
    assert r.entry("A").breakdown["fortresses"] == paid


def test_equal_money_at_the_end_is_a_shared_victory():
    # O9 (default): a tie for the most money is shared
    players = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}, {"name": "Cal", "colour": "green"}]
    r = score({"game": "el-capitan", "payday": 3, "players": players, "expansion_table": {"1": 0},
               "cities": {"marseille": {"chain": ["red", "blue"], "next_value": 10}},
               "money": {"red": 30, "blue": 35, "green": 20}, "loans": {}})
    assert r.entry("Ann").total == r.entry("Bob").total == 40
    assert r.entry("Ann").rank == r.entry("Bob").rank == 1
    assert sorted(r.to_dict()["winners"]) == ["Ann", "Bob"]


@pytest.mark.parametrize("option", [True, False])
def test_owner_may_reopen_a_shut_neutral_warehouse(option):
    # O14: in the 2-player game the owner of a shut neutral warehouse may reopen it (default yes)
    g = new(2, reopen_neutral=option)
    c = put(g, "marseille", ["yellow", "blue"], start=2)
    s = g.state
    s.supply_w[2] -= 1
    c.picture.append(2)                      # A's neutral green was shut from site 1
    c.need1 = False
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert ("reopen green" in texts(g)) == option
    if option:
        g.play("reopen green")
        auto(g)
        assert g.view()["cities"]["marseille"]["sites"][3] == "green"
        g.check()
