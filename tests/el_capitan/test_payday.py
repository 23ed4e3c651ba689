"""Phase end, payday in the engine (through scoring/el_capitan.py), bonus cards, loans after a payday,
the finance check and the next phase."""

import pytest

import referee
from tests.el_capitan.helpers import at, auto, new, put, texts, turn_of


VALUES = [0, 4, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26]     # the test board's site values


def next_value(v, city):
    top = max(i + 1 for i, c in enumerate(v["cities"][city]["sites"]) if c)
    return VALUES[top]


def end_phase(g, last):
    """Let ``last`` (the player before the start player) finish the round with the phase end triggered."""
    s = g.state
    s.phase_end = True
    at(g, last, "athina", 0)
    auto(turn_of(g, last))
    g.play(next(t for t in texts(g) if t.startswith(("build", "fortress"))))
    auto(g)
    if "end" in texts(g):
        g.play("end")
    return auto(g)


def test_two_player_payday_first_place_only_and_neutral_first_pays_nobody():
    # X10: green (A's neutral) before yellow (B's main): green ranks first and nobody is paid in Marseille.
    g = new(2)
    put(g, "marseille", ["green", "yellow"])       # V = site 3 = 8
    put(g, "valencia", ["red", "red", "blue"])     # V = site 4 = 10
    end_phase(g, "Bob")                            # Bob builds in Athina (site 1 or 2)
    v = g.view()
    assert v["paydays"] == 1
    pay = v["last_payday"]
    # Ann: expansion for 1 city (test board row 1 = 1) + Valencia first place 10; no second place paid.
    assert pay["Ann"] == {"expansion": 1, "majority": 10, "fortresses": 0, "bonus_cards": 0, "total": 11}
    # Bob: main yellow in Marseille and Athina (2 cities: row 2 = 2); Athina first place: V = site 2 or 3.
    assert pay["Bob"]["expansion"] == 2 and pay["Bob"]["majority"] == next_value(v, "athina")
    g.check()


def test_payday_majority_second_place_and_fortress_in_the_most_built_city():
    g = new(3)
    put(g, "marseille", ["green", "red", "red", "green", "yellow"])     # N=5, V = site 6 = 14
    put(g, "valencia", ["yellow", "red"])                               # N=2, V = site 3 = 8
    s = g.state
    s.cities[0].fort[0] = 0
    s.front_f[0] -= 1
    s.cities[1].fort[0] = 2
    s.front_f[2] -= 1
    end_phase(g, "Cal")                                                 # Cal builds in Athina (N=1)
    v = g.view()
    pay = v["last_payday"]
    # Marseille: green 2 (first warehouse on site 1) ranks before red 2: Cal 14, Ann 7 (X3).
    # Ann's fortress in the most built-up city pays 14; Cal's in Valencia pays 8 // 2 = 4.
    assert pay["Ann"]["majority"] == 7 + 4 and pay["Ann"]["fortresses"] == 14
    assert pay["Cal"]["majority"] == 14 + next_value(v, "athina")
    assert pay["Cal"]["expansion"] == 2 and pay["Ann"]["expansion"] == 2 and pay["Bob"]["expansion"] == 2
    assert pay["Cal"]["fortresses"] == 4
    assert pay["Bob"]["majority"] == 8                                  # Valencia: yellow first (earlier)
    g.check()


def test_loans_after_payday_repay_or_extend_and_finance_check_chooses_start():
    g = new(3)
    s = g.state
    s.loans[0][(10, False, False)] = 1; s.stack[10] -= 1; s.money[0] += 10; s.bank -= 10
    s.loans[1][(16, False, False)] = 1; s.stack[16] -= 1; s.money[1] += 16; s.bank -= 16
    end_phase(g, "Cal")
    assert g.view()["stage"] == "loans" and g.to_move == "Ann"
    assert sorted(texts(g)) == ["extend", "repay"]
    g.play("extend")
    assert g.to_move == "Bob"
    money = g.state.money[1]
    g.play("repay")
    assert g.state.money[1] == money - 20
    v = g.view()
    assert v["players"][0]["loans"] == [{"amount": 10, "extended": True, "repay": 20}]   # O1 default 20
    nets = {p["name"]: p["net"] for p in v["players"]}
    poorest = min(nets, key=lambda n: (nets[n], ["Ann", "Bob", "Cal"].index(n)))
    assert g.to_move == poorest
    assert sorted(texts(g)) == ["start ann", "start bob", "start cal"]
    g.play("start bob")
    v = g.view()
    assert v["phase"] == 2 and v["start_player"] == "Bob" and v["current"] == "Bob"
    assert v["players"][0]["fortresses_left"] >= 1
    g.check()


def test_extended_loan_falls_due_after_the_next_payday():
    g = new(3, loan10_extended=16)
    s = g.state
    s.loans[0][(10, True, False)] = 1; s.stack[10] -= 1; s.money[0] += 10; s.bank -= 10
    before = s.money[0]
    end_phase(g, "Cal")
    pay = g.view()["last_payday"]["Ann"]["total"]
    assert g.state.money[0] == before + pay - 16 and g.state.loans[0] == {}
    assert g.state.stack[10] == 18


def test_bonus_card_is_taken_in_the_ninth_city_and_kept_after_a_shut_down():
    g = new(4)
    cities = ["marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis"]
    for c in cities:
        put(g, c, ["red"])
    at(g, "Ann", "athina")
    auto(turn_of(g, "Ann"))
    g.play("build site 1")
    auto(g)
    assert g.view()["players"][0]["bonus_card"] == 15
    # Valencia's dark square (site 4) shuts Ann's only warehouse there; she keeps the card (P6b).
    put(g, "valencia", ["blue", "yellow"], start=2)
    at(g, "Cal", "valencia")
    auto(turn_of(g, "Cal"))
    g.play("build")
    auto(g)
    v = g.view()
    assert v["cities"]["valencia"]["picture"] == ["red"]
    assert v["players"][0]["bonus_card"] == 15 and v["players"][0]["expansion_cities"] == 8
    assert v["bonus_cards_left"] == [10, 5]


def test_game_ends_after_payday_three_with_loans_repaid_and_bonus_paid():
    g = new(3)
    s = g.state
    s.phase = 3
    s.paydays = 2
    s.bonus[1] = 15
    s.bonus_left = [10, 5]
    s.loans[0][(16, True, False)] = 1; s.stack[16] -= 1; s.money[0] += 16; s.bank -= 16
    end_phase(g, "Cal")
    assert g.finished
    res = g.result()
    ann = res.entry("Ann")
    assert ann.breakdown["loans"] == -30
    assert res.entry("Bob").breakdown["bonus_cards"] == 15
    for e in res.ranking:
        assert e.total == g.state.money[g.state.players.index(e.player)]
    with pytest.raises(referee.GameOver):
        g.play("end")
    g.check()


def test_repay_all_settles_the_rest_of_a_players_loans():
    g = new(3)
    s = g.state
    s.loans[0][(10, False, False)] = 2; s.stack[10] -= 2; s.money[0] += 20; s.bank -= 20
    s.loans[0][(16, False, False)] = 1; s.stack[16] -= 1; s.money[0] += 16; s.bank -= 16
    end_phase(g, "Cal")
    assert sorted(texts(g)) == ["extend", "extend all", "repay", "repay all"]
    money = g.state.money[0]
    g.play("repay")
    assert g.state.money[0] == money - 12
    g.play("extend all")
    assert g.view()["players"][0]["loans"] == [{"amount": 10, "extended": True, "repay": 20},
                                               {"amount": 16, "extended": True, "repay": 30}]
    assert g.view()["stage"] == "start"
    g.check()


@pytest.mark.parametrize("option,chooser", [("turn-order", "Ann"), ("table", None)])
def test_tie_for_the_lowest_net(option, chooser):
    g = new(3, start_tie=option)
    s = g.state
    s.money = [5, 30, 5]
    s.bank = 60 - 40
    s.paydays = 1
    g.rules._finance_check(s)
    g._legal = None
    assert g.to_move == chooser
    moves = g.legal_moves()
    assert [m.text for m in moves] == ["start ann", "start bob", "start cal"]
    assert all(m.player == chooser and not m.chance for m in moves)
    g.play("start cal")
    assert g.view()["start_player"] == "Cal" and g.view()["phase"] == 2
