import pytest

from referee.core.errors import IllegalMove
from referee.games.puerto_rico.builder import cost
from referee.games.puerto_rico.state import BINDEX

from .helpers import give, new, texts


def test_costs_with_three_quarries_by_column():   # rules 8.6
    g = new(4)
    give(g, 1, tiles={"quarry": (3, 3)})
    g.play("builder")   # Ann is the builder; Bob is not
    s = g.state
    assert [cost(s, 1, BINDEX[b]) for b in ("construction-hut", "office", "harbor", "city-hall")] == [1, 3, 5, 7]
    # the builder's privilege adds 1 more
    give(g, 0, tiles={"quarry": (3, 3)})
    assert cost(s, 0, BINDEX["harbor"]) == 4
    # unoccupied quarries do not count
    give(g, 2, tiles={"quarry": (2, 0)})
    assert cost(s, 2, BINDEX["harbor"]) == 8


def test_cannot_afford_says_what_and_why():
    g = new(4)
    give(g, 0, tiles={"quarry": (1, 1)}, doubloons=4)
    g.play("builder")
    before = g.view()
    with pytest.raises(IllegalMove, match=r"harbor would cost you 6 doubloons: 8 printed, -1 builder's privilege, "
                                          r"-1 for your 1 occupied quarry \(up to 3 count in column 3\); you have 4 "
                                          r"\(rule 5.4 B3\)"):
        g.play("build harbor")
    assert g.view() == before
    g.play("build large-market")   # 5 - 1 - 1 = 3
    assert g.view()["players"][0]["doubloons"] == 1
    # a player with more quarries than the column allows: only the column's number count
    give(g, 1, tiles={"quarry": (3, 3)}, doubloons=0)
    from referee.games.puerto_rico.notation import explain_cost
    assert explain_cost(g.state, 1, BINDEX["small-market"]) == (
        "0 doubloons: 1 printed, -1 for 1 of your 3 occupied quarries (up to 1 count in column 1)")


def test_second_copy_and_none_left_and_space():
    g = new(4)
    give(g, 0, buildings={"small-market": 1}, doubloons=20)
    g.play("builder")
    with pytest.raises(IllegalMove, match="only one building of each type"):
        g.play("build small-market")
    give(g, 1, buildings={"harbor": 0})
    give(g, 2, buildings={"harbor": 1})
    with pytest.raises(IllegalMove, match="No harbor is left"):
        g.play("build harbor")


def test_large_building_needs_two_spaces_and_g2():
    g = new(4)
    give(g, 0, buildings={b: 0 for b in ("small-market", "hacienda", "construction-hut", "small-warehouse",
                                         "hospice", "office", "large-market", "large-warehouse", "factory",
                                         "university", "harbor")}, doubloons=30)
    g.play("builder")
    with pytest.raises(IllegalMove, match="needs 2 free city spaces"):
        g.play("build guild-hall")
    assert not any(t.startswith("build guild") for t in texts(g))
    g.play("build wharf")
    assert g.view()["end_triggers"] == ["G2"]
    assert g.view()["players"][0]["city_spaces"] == 12


def test_builder_gets_no_discount_when_not_building_and_one_each():
    g = new(4)
    d0 = g.view()["players"][0]["doubloons"]
    g.play("builder")
    g.play("pass")
    assert g.view()["players"][0]["doubloons"] == d0
    g.play("build small-market")
    assert g.to_move == "Cal"


def test_university_colonist_from_supply_then_ship():
    g = new(4)
    give(g, 0, buildings={"university": 1}, doubloons=10)
    g.play("builder")
    assert "build indigo-plant no-university" in texts(g)
    g.play("build indigo-plant")
    assert g.view()["players"][0]["city"]["indigo-plant"] == 1   # one colonist only
    g = new(4)
    give(g, 0, buildings={"university": 1}, doubloons=10)
    s = g.state
    s.cgone += s.csup
    s.csup = 0
    g.play("builder")
    g.play("build factory")
    assert g.view()["players"][0]["city"]["factory"] == 1 and g.view()["colonist_ship"] == 3
    g.check()
    g = new(4)
    give(g, 0, buildings={"university": 1}, doubloons=10)
    g.play("builder")
    g.play("build factory no-university")
    assert g.view()["players"][0]["city"]["factory"] == 0


def test_listed_builds_are_exactly_those_the_player_can_pay():
    """5.4 B2-B3: what the builder phase offers agrees with the price rule, for the builder (privilege) and for
    another player (occupied quarries up to the column), with the price in hand or one doubloon short."""
    from referee.games.puerto_rico.state import BIDS, COL, COST, NB

    for quarries in ((0, 0), (1, 1), (2, 1), (3, 3), (4, 2)):
        g = new(4)
        give(g, 0, tiles={"quarry": quarries})
        give(g, 1, tiles={"quarry": quarries})
        g.play("builder")
        s = g.state
        for seat in (0, 1):
            if seat == 1:
                give(g, 0, doubloons=0)
                g.play("pass")
            assert s.actor == seat
            for b in range(NB):
                price = max(0, COST[b] - (1 if seat == 0 else 0) - min(quarries[1], COL[b]))
                assert cost(s, seat, b) == price
                for money in {max(price - 1, 0), price}:
                    give(g, seat, doubloons=money)
                    assert (f"build {BIDS[b]}" in texts(g)) == (money >= price), (BIDS[b], quarries, seat, money)


def test_unoccupied_university_gives_no_colonist():
    """Rules 3: an empty university does nothing (5.4 B5): no colonist, no 'no-university' choice."""
    g = new(4)
    give(g, 0, buildings={"university": 0}, doubloons=10)
    g.play("builder")
    assert "build indigo-plant no-university" not in texts(g)
    g.play("build indigo-plant")
    assert g.view()["players"][0]["city"]["indigo-plant"] == 0
