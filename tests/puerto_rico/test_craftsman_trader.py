import pytest

from referee.core.errors import IllegalMove

from .helpers import give, new, texts


def test_production_is_min_of_plantations_and_building_circles():
    g = new(4)
    give(g, 0, tiles={"corn": (3, 2), "sugar": (4, 3), "tobacco": (1, 1)},
         buildings={"sugar-mill": 3, "small-sugar-mill": 1, "tobacco-storage": 1})
    g.play("craftsman")
    # 2 corn (third corn unoccupied), 3 sugar (fourth plantation unoccupied), 1 tobacco; indigo unoccupied
    assert g.view()["players"][0]["goods"] == {"corn": 2, "sugar": 3, "tobacco": 1}
    assert sorted(texts(g)) == ["extra corn", "extra sugar", "extra tobacco", "pass"]
    g.play("extra tobacco")
    assert g.view()["players"][0]["goods"]["tobacco"] == 2
    g.check()


def test_factory_example_short_supply():   # rules 8.8
    g = new(4)
    give(g, 0, tiles={"corn": (3, 3), "sugar": (3, 3), "tobacco": (1, 1)},
         buildings={"sugar-mill": 3, "tobacco-storage": 1, "factory": 1}, doubloons=0)
    s = g.state
    s.cgone += 0
    # the supply has no corn and only 2 sugar left: park the rest with Dan
    give(g, 3, goods={"corn": s.gsup[0], "sugar": s.gsup[2] - 2})
    g.play("craftsman")
    v = g.view()
    assert v["players"][0]["goods"] == {"sugar": 2, "tobacco": 1}
    assert v["players"][0]["doubloons"] == 1
    # privilege: sugar is gone, tobacco remains
    assert texts(g) == ["extra tobacco", "pass"]


@pytest.mark.parametrize("kinds,pay", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_factory_pays_by_kinds(kinds, pay):
    g = new(4)
    goods = ["corn", "indigo", "sugar", "tobacco", "coffee"][:kinds]
    bld = {"small-indigo-plant": 1, "small-sugar-mill": 1, "tobacco-storage": 1, "coffee-roaster": 1}
    tiles = {k: (1, 1) for k in goods if k != "indigo"}
    give(g, 1, tiles=tiles, buildings={**bld, "factory": 1}, doubloons=0)
    if "indigo" in goods:
        g.state.tocc[1][1] = 1   # occupy the starting indigo
        g.state.csup -= 1
    g.play("prospector")
    g.play("craftsman")
    assert g.view()["players"][1]["doubloons"] == pay
    g.check()


def test_no_production_no_privilege():
    g = new(4)
    g.play("craftsman")
    assert g.state.phase == "role" and g.to_move == "Bob"


def test_small_market_corn_sale_and_trader_privilege():   # rules 8.9
    g = new(4)
    give(g, 1, goods={"corn": 1}, buildings={"small-market": 1}, doubloons=0)
    give(g, 0, goods={"coffee": 1}, doubloons=0)
    g.play("trader")
    g.play("sell coffee")
    assert g.view()["players"][0]["doubloons"] == 4 + 1
    g.play("sell corn")
    assert g.view()["players"][1]["doubloons"] == 1


def test_trader_privilege_only_when_selling_and_kind_rule():
    g = new(4)
    give(g, 0, goods={"sugar": 1}, doubloons=0)
    give(g, 1, goods={"sugar": 2}, doubloons=0)
    g.play("trader")
    g.play("pass")
    assert g.view()["players"][0]["doubloons"] == 0
    g.play("sell sugar")
    assert g.view()["players"][1]["doubloons"] == 2


def test_office_example():   # rules 8.10
    g = new(4)
    give(g, 1, goods={"tobacco": 1, "corn": 1})
    give(g, 2, goods={"tobacco": 1}, buildings={"office": 1})
    give(g, 3, goods={"tobacco": 1}, buildings={"office": 1})
    give(g, 0, goods={"tobacco": 1})
    g.play("trader")
    g.play("sell tobacco")   # Ann
    before = g.view()
    with pytest.raises(IllegalMove, match=r"only the owner of an occupied office.*5.6 T2"):
        g.play("sell tobacco")   # Bob, no office
    assert g.view() == before
    g.play("pass")
    g.play("sell tobacco")   # Cal, office
    g.play("sell tobacco")   # Dan, second office
    assert g.view()["trading_house"] == ["tobacco", "tobacco", "tobacco"]   # not full: stays


def test_full_house_ends_phase_and_is_emptied_partial_stays():
    g = new(4)
    for seat, good in enumerate(["corn", "indigo", "sugar", "tobacco"]):
        give(g, seat, goods={good: 1, "coffee": 1})
    g.play("trader")
    for good in ["corn", "indigo", "sugar", "tobacco"]:
        g.play("sell " + good)
    v = g.view()
    assert v["trading_house"] == [] and v["phase"] == "role"
    assert v["goods_supply"]["corn"] == 10
    g.check()


def test_full_house_stops_sales():
    g = new(4)
    g.state.house = [0, 1, 2, 3]
    for k in range(4):
        g.state.gsup[k] -= 1
    give(g, 0, goods={"coffee": 1})
    give(g, 1, goods={"coffee": 1})
    give(g, 1, goods={"coffee": 0})
    g.play("trader")
    # nobody can sell; the phase ended and the full house was emptied
    assert g.view()["trading_house"] == []


def test_large_market_and_both_markets():
    g = new(4)
    give(g, 1, goods={"indigo": 1}, buildings={"large-market": 1}, doubloons=0)
    give(g, 2, goods={"sugar": 1}, buildings={"large-market": 1, "small-market": 1}, doubloons=0)
    give(g, 3, goods={"coffee": 1}, buildings={"small-market": 0}, doubloons=0)
    g.play("trader")    # Ann has nothing to sell
    g.play("sell indigo")
    assert g.view()["players"][1]["doubloons"] == 1 + 2
    g.play("sell sugar")
    assert g.view()["players"][2]["doubloons"] == 2 + 3
    g.play("sell coffee")   # unoccupied: no bonus
    assert g.view()["players"][3]["doubloons"] == 4


def test_all_bonuses_stack_to_eight():
    g = new(4)
    give(g, 0, goods={"coffee": 1}, buildings={"large-market": 1, "small-market": 1}, doubloons=0)
    g.play("trader")
    g.play("sell coffee")
    assert g.view()["players"][0]["doubloons"] == 8


def test_seed_production_example():
    # seed p.8: 2 corn (the third corn plantation is unoccupied), 1 tobacco (the second circle of the tobacco
    # storage is empty), 3 sugar (the fourth sugar plantation is unoccupied)
    g = new(4)
    give(g, 1, tiles={"corn": (3, 2), "tobacco": (2, 2), "sugar": (4, 3)},
         buildings={"tobacco-storage": 1, "sugar-mill": 3})
    g.play("prospector")
    g.play("craftsman")
    assert g.view()["players"][1]["goods"] == {"corn": 2, "sugar": 3, "tobacco": 1}


def test_production_limits_faq():   # rules 8.13
    g = new(4)
    give(g, 0, tiles={"coffee": (3, 3), "tobacco": (4, 4), "sugar": (4, 4)},   # 12 with the starting indigo
         buildings={"coffee-roaster": 2, "tobacco-storage": 3, "sugar-mill": 3, "small-sugar-mill": 1})
    give(g, 1, tiles={"indigo": (4, 4)}, buildings={"indigo-plant": 3, "small-indigo-plant": 1})
    g.play("craftsman")
    assert g.view()["players"][0]["goods"] == {"sugar": 4, "tobacco": 3, "coffee": 2}
    assert g.view()["players"][1]["goods"] == {"indigo": 4}
    g.play("extra coffee")
    assert g.view()["players"][0]["goods"]["coffee"] == 3
    g.check()


def test_phase_ends_at_once_when_house_fills():
    g = new(4)
    g.state.house = [0, 1, 2]
    for k in range(3):
        g.state.gsup[k] -= 1
    give(g, 0, goods={"coffee": 1})
    give(g, 1, goods={"tobacco": 1})
    g.play("trader")
    g.play("sell coffee")
    v = g.view()
    assert v["phase"] == "role" and v["trading_house"] == []   # Bob never got a turn; the full house emptied
    assert v["players"][1]["goods"] == {"tobacco": 1}


def test_short_supply_goes_in_turn_order_from_the_craftsman():
    """5.5 C2: the craftsman takes first, then clockwise; a kind running short leaves the later players with less."""
    from .helpers import turn_to

    g = new(4)
    for seat in (0, 2):   # Ann and Cal each make 2 sugar
        give(g, seat, tiles={"sugar": (2, 2)}, buildings={"sugar-mill": 2})
    s = g.state
    give(g, 3, goods={"sugar": s.gsup[2] - 3})   # 3 sugar left in the supply
    turn_to(g, 1)
    g.play("craftsman")   # Bob: then Cal, Dan, Ann
    v = g.view()
    assert v["players"][2]["goods"] == {"sugar": 2} and v["players"][0]["goods"] == {"sugar": 1}
    g.check()


def test_unoccupied_factory_pays_nothing():
    """Rules 3: a building works only while occupied; an empty factory pays nothing for 3 kinds (5.5 C3)."""
    g = new(4)
    give(g, 0, tiles={"corn": (1, 1), "sugar": (1, 1), "indigo": (0, 1)},
         buildings={"small-sugar-mill": 1, "small-indigo-plant": 1, "factory": 0}, doubloons=0)
    g.play("craftsman")
    assert g.view()["players"][0]["goods"] == {"corn": 1, "indigo": 1, "sugar": 1}
    assert g.view()["players"][0]["doubloons"] == 0


def test_unoccupied_office_does_not_sell_a_kind_already_there():
    """5.6 T2: only an occupied office lets a player sell a kind already in the trading house."""
    g = new(4)
    give(g, 0, goods={"tobacco": 1})
    give(g, 1, goods={"tobacco": 1}, buildings={"office": 0})
    g.play("trader")
    g.play("sell tobacco")
    v = g.view()
    assert v["phase"] == "role" and v["players"][1]["goods"] == {"tobacco": 1}   # Bob could not sell
    g = new(4)
    give(g, 0, goods={"tobacco": 1})
    give(g, 1, goods={"tobacco": 1}, buildings={"office": 1})
    g.play("trader")
    g.play("sell tobacco")
    assert g.to_move == "Bob" and "sell tobacco" in texts(g)
