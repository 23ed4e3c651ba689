"""More rule scenarios: the round played to its end (P1, V8), reopening onto a dark square (O3a), empty loan
stacks (O12), the first-turn dead end (T14), and a bonus card completed by reopening (O6)."""

import pytest

import referee

from tests.el_capitan.helpers import at, auto, new, put, texts, turn_of


def last_piece(g, player):
    s = g.state
    p = s.players.index(player)
    for col in [s.main[p]] + ([s.neutral[p]] if s.two else []):
        s.supply_w[col] += s.front_w[col]
        s.front_w[col] = 0
    g._legal = None


def test_phase_ends_after_the_round_is_played_out():
    g = new(3)
    last_piece(g, "Ann")                    # Ann (start player) has only her fortress left
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("fortress")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    auto(g)
    assert g.view()["phase_ending"] and g.to_move == "Bob" and g.view()["paydays"] == 0
    for player, city in (("Bob", "valencia"), ("Cal", "tanger")):
        at(g, player, city)
        auto(turn_of(g, player))
        g.play("build site 1")
        auto(g)
        if "end" in texts(g):
            g.play("end")
        auto(g)
    v = g.view()
    assert v["paydays"] == 1 and v["stage"] in ("loans", "start")


def test_two_player_start_player_finishing_gives_the_other_one_more_turn():
    g = new(2)
    last_piece(g, "Ann")
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("fortress")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    auto(g)
    assert g.to_move == "Bob" and g.view()["paydays"] == 0
    at(g, "Bob", "valencia")
    auto(turn_of(g, "Bob"))
    g.play("build yellow site 1")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    auto(g)
    assert g.view()["paydays"] == 1


@pytest.mark.parametrize("option,shuts", [(True, True), (False, False)])
def test_reopening_onto_a_dark_square(option, shuts):
    g = new(4, reopen_shuts=option)
    c = put(g, "marseille", ["yellow", "blue", "green"], start=2)   # sites 2-4; site 5 is dark
    s = g.state
    s.supply_w[0] -= 1
    c.picture.append(0)                                              # Ann's red was shut from site 1
    c.need1 = False
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("reopen")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][4] == "red"
    assert (v["picture"] == ["yellow"]) == shuts


def test_empty_loan_stacks_are_flagged_and_the_table_allows_an_extra_loan():
    g = new(3)
    s = g.state
    s.stack = {10: 0, 16: 0}
    s.loans[1][(10, False, False)] = 18
    s.loans[1][(16, False, False)] = 12
    s.money[1] += 372
    s.bank -= 372
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("bank")
    assert sorted(t for t in texts(g) if t.startswith("loan")) == ["loan 10", "loan 16"]
    g.play("loan 10")
    v = g.view()
    assert any("O12" in n for n in v["notes"]) and v["players"][0]["money"] == 30
    g.check()


def test_first_turn_dead_end_is_flagged_as_a_pass():
    g = new(3)
    s = g.state
    s.money[0], s.bank = 1, s.bank + 19        # cannot buy a destination card (the cheapest costs 2)
    g._legal = None
    assert texts(g) == ["pass"]
    assert "no action is possible" in g.prompt()
    g.play("pass")
    auto(g)
    assert g.to_move == "Bob" and any("T14" in n for n in g.view()["notes"])


def test_reopening_can_complete_the_bonus_condition():
    for option, bonus in ((True, 15), (False, None)):
        g = new(4, reopen_bonus=option)
        for c in ["marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis"]:
            put(g, c, ["red"])
        c = put(g, "athina", ["blue", "yellow"], start=2)
        s = g.state
        s.supply_w[0] -= 1
        c.picture.append(0)
        c.need1 = False
        at(g, "Ann", "athina")
        auto(turn_of(g, "Ann"))
        g.play("reopen")
        auto(g)
        assert g.view()["players"][0]["bonus_card"] == bonus


def test_negative_cash_after_repayment_is_allowed_and_noted():
    g = new(3)
    s = g.state
    s.phase, s.paydays = 3, 2
    s.loans[0][(16, True, False)] = 3; s.stack[16] -= 3
    at(g, "Cal", "athina")
    s.phase_end = True
    auto(turn_of(g, "Cal"))
    g.play("build site 1")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    auto(g)
    assert g.finished
    ann = g.result().entry("Ann")
    assert ann.breakdown["loans"] == -90 and ann.total == g.state.money[0] < 0
    assert any("O10" in n for n in g.view()["notes"])


def test_first_turn_keeps_money_for_a_destination_card():
    from referee.games.el_capitan.notation import card_label

    g = new(3)
    s = g.state
    cheapest = min(c[3] for c in s.face["d"])
    conn = max(s.face["c"], key=lambda c: c[3])
    s.money[0] = cheapest + conn[3] - 1
    s.bank = 60 - sum(s.money)
    g._legal = None
    with pytest.raises(referee.IllegalMove, match="rule T14"):
        g.play("buy " + card_label(conn))
    assert any(t.startswith("buy") and "-" not in t for t in texts(g))
