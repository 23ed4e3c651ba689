"""Warehouse chain rules W3-W10 and V3/V4 played through the public API on the made-up test board
(Marseille: harbour 4/5, dark squares on sites 5 and 8, triangle on site 10; other cities: dark 4 and 9,
triangle 6; site values 0,4,8,10,...)."""

import pytest

import referee
from tests.el_capitan.helpers import at, auto, new, put, texts, turn_of


def sites(g, city):
    return g.view()["cities"][city]["sites"]


def test_first_warehouse_site_choice_then_site_1_and_harbour_prices():
    # X6: Red builds first on site 2 paying 4 (space 1); Green on space 2 pays 5 and must take site 1.
    g = new(4)
    at(g, "Ann", "marseille", 0)
    auto(turn_of(g, "Ann"))
    assert {"build site 1", "build site 2"} <= set(texts(g))
    g.play("build site 2")
    assert g.state.money[0] == 16
    assert sites(g, "marseille")[:2] == [None, "red"]
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    assert "build" in texts(g) and "build site 2" not in texts(g)
    g.play("build")
    assert sites(g, "marseille")[:2] == ["green", "red"]
    assert g.state.money[2] == 15
    g.check()


def test_fourth_in_a_row_is_refused_until_another_player_builds():
    # X6: Green holds sites 1, 3, 4, 5 in Marseille: 3 in a row, so no fourth.
    g = new(4)
    put(g, "marseille", ["green", "red", "green", "green", "green"])
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    assert "build" not in texts(g)
    before = g.view()
    with pytest.raises(referee.IllegalMove, match="4 warehouses in a row.*rule W4"):
        g.play("build")
    assert g.view() == before
    # another player's warehouse breaks the run: then Green may build again
    at(g, "Bob", "marseille", 0)
    auto(turn_of(g, "Bob"))
    g.play("build")
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    assert "build" in texts(g)


def test_shut_down_on_first_and_second_dark_square_and_reopening():
    # X7: Yellow builds on the 1st dark square (site 5): the warehouse on site 1 goes to the picture.
    g = new(4)
    put(g, "marseille", ["red", "red", "green", "blue"])
    at(g, "Bob", "marseille", 0)
    auto(turn_of(g, "Bob"))
    g.play("build")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][:5] == [None, "red", "green", "blue", "yellow"]
    assert v["picture"] == ["red"]
    # Blue later builds on the 2nd dark square (site 8): Red's warehouse on site 2 is shut.
    put(g, "marseille", ["green", "yellow"], start=6)
    at(g, "Dan", "marseille", 1)
    auto(turn_of(g, "Dan"))
    g.play("build")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][:8] == [None, None, "green", "blue", "yellow", "green", "yellow", "blue"]
    assert v["picture"] == ["red", "red"]
    # Red sails back and reopens one for free, next to the last built warehouse.
    at(g, "Ann", "marseille", 0)
    auto(turn_of(g, "Ann"))
    money = g.state.money[0]
    assert "reopen" in texts(g)
    g.play("reopen")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][8] == "red" and v["picture"] == ["red"]
    assert g.state.money[0] == money
    g.check()


@pytest.mark.parametrize("players,shuts", [(2, True), (3, True), (4, False), (5, False)])
def test_triangle_shuts_only_with_2_or_3_players(players, shuts):
    g = new(players)
    chain = ["yellow", "red"] * 4 + ["yellow"] if players > 2 else ["yellow", "red"] * 4 + ["yellow"]
    put(g, "marseille", chain)        # sites 1-9; site 10 is the triangle
    s = g.state
    s.cities[0].picture += []
    at(g, "Ann", "marseille", 0)
    auto(turn_of(g, "Ann"))
    g.play("build red" if players == 2 else "build")
    auto(g)
    v = g.view()["cities"]["marseille"]
    assert v["sites"][9] == "red"
    assert (v["sites"][0] is None) == shuts
    assert (v["picture"] == ["yellow"]) == shuts


def test_backward_building_fills_freed_sites_downwards_with_the_run_limit():
    # X8: after site 12 is occupied, freed sites fill in descending order; Green may take "8" (site 3)
    # but then not "4" (site 2) because that would be 4 green in a row.
    g = new(4)
    c = put(g, "marseille", ["green", "green", "blue", "red", "blue", "red", "blue", "red"], start=4)
    s = g.state
    for _ in range(3):                 # sites 1-3 were shut earlier: their warehouses are on the picture
        s.supply_w[1] -= 1
        c.picture.append(1)
    c.ever = True
    at(g, "Bob", "marseille", 0)
    auto(turn_of(g, "Bob"))
    g.play("build")                    # site 12: the last site; building now turns backwards
    auto(g)
    assert g.view()["cities"]["marseille"]["backward"]
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    g.play("build")
    auto(g)
    assert sites(g, "marseille")[2] == "green"      # site 3 ("8")
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    assert "build" not in texts(g)
    with pytest.raises(referee.IllegalMove, match="rule W4"):
        g.play("build")


def test_backward_front_is_not_adjacent_to_site_12():
    # X8: Red may build at the front even if sites 10-12 are red.
    g = new(4)
    c = put(g, "marseille", ["blue", "yellow", "blue", "yellow", "blue", "yellow", "blue", "yellow", "red", "red",
                             "red"], start=2)
    s = g.state
    s.supply_w[2] -= 1
    c.picture.append(2)
    at(g, "Ann", "marseille", 0)
    auto(turn_of(g, "Ann"))
    assert "build" in texts(g)
    g.play("build")
    auto(g)
    assert sites(g, "marseille")[0] == "red"
    # all 12 sites occupied: nothing more is built or reopened there (W9)
    at(g, "Bob", "marseille", 1)
    auto(turn_of(g, "Bob"))
    assert "build" not in texts(g)
    with pytest.raises(referee.IllegalMove, match="rule W9"):
        g.play("build")


def test_two_player_hand_constraint_and_runs():
    # X9: with 3 main + 2 neutral a player must build neutral (2 + 2 is illegal).
    g = new(2)
    s = g.state
    s.front_w[0] = 3                  # Ann: red main; 3 left (3 more sit in the supply)
    s.supply_w[0] += 3
    at(g, "Ann", "valencia", 0)
    auto(turn_of(g, "Ann"))
    builds = [t for t in texts(g) if t.startswith("build")]
    assert builds and all("green" in t for t in builds)
    with pytest.raises(referee.IllegalMove, match="rule V3"):
        g.play("build red site 1")
    # V4: at most 4 of a player's warehouses (main + neutral) in a row
    g = new(2)
    put(g, "napoli", ["red", "red", "green", "red"])
    at(g, "Ann", "napoli", 0)
    auto(turn_of(g, "Ann"))
    assert not [t for t in texts(g) if t.startswith("build")]
    with pytest.raises(referee.IllegalMove, match="rule V4"):
        g.play("build green")


def test_site_1_is_never_a_shut_down_square(tmp_path, monkeypatch):
    # D5/W6: the k-th shut-down square lies beyond site k; a warehouse on site 1 could otherwise shut itself
    # (and the next one again, for ever). So the table is offered only "plain" for it.
    import referee

    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _ in range(4):
        g.play("napoli 2 2")
    for _ in range(6):
        g.play("marseille napoli 1")
    g.play("buy napoli 2s 2f")
    g.play("sail napoli 2s 2f")
    g.play("build site 1")
    g.play("3")
    assert [m.text for m in g.legal_moves()] == ["napoli site 1 plain"]
    with pytest.raises(referee.IllegalMove, match="Site 1 can only be plain.*W6, D5"):
        g.play("dark")


@pytest.mark.parametrize("option,shuts", [(False, False), (True, True)])
def test_backward_refill_of_a_dark_square(option, shuts):
    # O3b (default no): refilling a freed dark square during backward building does not shut the head
    g = new(4, backward_shuts=option)
    c = put(g, "marseille", ["blue", "yellow", "blue", "yellow"], start=1)
    put(g, "marseille", ["blue", "yellow", "blue", "yellow", "blue", "yellow", "blue"], start=6)
    s = g.state
    s.supply_w[2] -= 1
    c.picture.append(2)                # green's warehouse from site 5 (dark) was shut earlier
    assert c.full
    at(g, "Ann", "marseille", 0)
    auto(turn_of(g, "Ann"))
    g.play("build")                    # backwards: the highest freed site, 5 (dark on the test board)
    auto(g)
    v = sites(g, "marseille")
    assert v[4] == "red"
    assert (v[0] is None) == shuts
