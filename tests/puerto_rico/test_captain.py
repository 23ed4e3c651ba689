import pytest

from referee.core.errors import AmbiguousMove, IllegalMove

from .helpers import give, new, texts


def vp(g):
    return [p["vp"] for p in g.view()["players"]] if "vp" in g.view()["players"][0] else [
        x for x in g.state.vp]


def set_ship(g, i, good, load):
    from referee.games.puerto_rico.state import GOODS
    s = g.state
    gi = GOODS.index(good)
    s.ships[i][1] = gi
    s.ships[i][2] = load
    s.gsup[gi] -= load


def test_four_player_captain_phase():
    g = new(4)
    give(g, 0, goods={"corn": 3, "sugar": 2})
    give(g, 1, goods={"indigo": 6})
    give(g, 2, goods={"sugar": 6, "coffee": 1})
    give(g, 3, goods={"corn": 2, "indigo": 1})
    g.play("captain")
    # Ann: corn and sugar fit wholly on any of the three empty ships: the choice is free
    assert texts(g) == ["load corn 5", "load corn 6", "load corn 7", "load sugar 5", "load sugar 6",
                        "load sugar 7"]
    with pytest.raises(IllegalMove, match=r"must load when you can \(rule 5.7 K4\)"):
        g.play("pass")
    with pytest.raises(AmbiguousMove, match="say which"):
        g.play("load corn")
    g.play("load corn 5")
    assert g.state.vp[0] == 4   # 3 + the captain's 1
    # Bob: 6 indigo fit wholly on the 6- and the 7-ship
    assert texts(g) == ["load indigo 6", "load indigo 7"]
    g.play("load indigo 7")
    # Cal: sugar only on the 6-ship (the 7-ship carries indigo)
    before = g.view()
    with pytest.raises(IllegalMove, match=r"it carries indigo \(one kind per ship, rule 5.7 K2\)"):
        g.play("load sugar 7")
    assert g.view() == before
    assert texts(g) == ["load coffee", "load sugar"]
    g.play("sugar")   # short form in the captain phase
    # Dan: corn goes on the corn ship only
    assert texts(g) == ["load corn", "load indigo"]
    with pytest.raises(IllegalMove, match="load corn"):
        g.play("load corn 6")
    g.play("load corn")
    # Ann's sugar cannot go anywhere (the sugar ship is full), Bob is empty, Cal's coffee has no empty ship;
    # Dan's indigo has one load open and he has no wharf, so it is made for him (no choice, rule 5.7 K4);
    # then loading ends by itself; Ann keeps 1 sugar, Cal 1 coffee
    v = g.view()
    assert "Dan loads 1 indigo on the 7-ship (the only load open) for 1 VP." in v["events"]
    assert v["phase"] == "role" and g.to_move == "Bob"
    assert g.state.vp == [4, 6, 6, 3]
    assert v["players"][0]["goods"] == {"sugar": 1} and v["players"][2]["goods"] == {"coffee": 1}
    # the full ships (corn 5/5, sugar 6/6, indigo 7/7) were emptied
    assert v["ships"] == [{"capacity": 5, "good": None, "load": 0}, {"capacity": 6, "good": None, "load": 0},
                          {"capacity": 7, "good": None, "load": 0}]
    g.check()


def test_a_part_filled_ship_keeps_its_cargo():   # 5.7 K11
    g = new(4)
    give(g, 0, goods={"indigo": 2})
    give(g, 1, goods={"corn": 1, "sugar": 1})
    g.play("captain")
    g.play("load indigo 5")
    g.play("load corn 6")   # Bob's sugar then has one load open in his second lap: made for him
    v = g.view()
    assert "Bob loads 1 sugar on the 7-ship (the only load open) for 1 VP." in v["events"]
    assert v["phase"] == "role"
    assert [(sh["good"], sh["load"]) for sh in v["ships"]] == [("indigo", 2), ("corn", 1), ("sugar", 1)]


def test_must_load_most_that_fits_ship_where_most_fits():
    g = new(4)
    give(g, 1, goods={"indigo": 7, "corn": 1})
    g.play("prospector")
    g.play("captain")   # Bob
    # 7 indigo: the 7-ship takes all, so only the 7-ship is allowed
    assert texts(g) == ["load corn 5", "load corn 6", "load corn 7", "load indigo"]
    with pytest.raises(IllegalMove, match=r"most of your barrels fit \(rule 5.7 K3c\)"):
        g.play("load indigo 6")
    g.play("load indigo 7")
    assert g.state.vp[1] == 7 + 1


def test_full_ship_blocks_its_kind():
    g = new(4)
    set_ship(g, 0, "sugar", 5)
    give(g, 0, goods={"sugar": 3, "corn": 1})
    g.play("captain")
    assert texts(g) == ["load corn 6", "load corn 7"]
    with pytest.raises(IllegalMove, match=r"is full, so sugar cannot be loaded on another ship \(rule 5.7 K3b\); "
                                          r"you may: load corn 6, load corn 7\.$"):
        g.play("load sugar")


def test_no_empty_ship_says_what_is_left():
    g = new(4)
    set_ship(g, 0, "corn", 2)
    set_ship(g, 1, "indigo", 2)
    set_ship(g, 2, "sugar", 2)
    give(g, 0, goods={"coffee": 2})
    give(g, 1, goods={"coffee": 2, "corn": 1}, buildings={"wharf": 1})
    g.play("prospector")
    g.play("captain")   # Bob: coffee has no empty ship; corn goes on the corn ship, or the wharf
    with pytest.raises(IllegalMove, match=r"No empty ship is left for coffee \(one kind per ship, rule 5.7 K2\); "
                                          r"you may: load corn, wharf <good>\.$"):
        g.play("load coffee")
    g.play("load corn")
    # Cal and Dan hold nothing; Ann cannot load coffee and has no wharf: her turn passes by itself
    assert g.to_move == "Bob" and texts(g) == ["pass", "wharf coffee"]


def test_harbor_and_wharf_example():   # rules 8.7
    g = new(4)
    set_ship(g, 0, "tobacco", 2)   # 5-ship: 3 places left
    set_ship(g, 1, "sugar", 1)     # 6-ship
    set_ship(g, 2, "corn", 1)
    give(g, 1, goods={"tobacco": 5, "sugar": 2}, buildings={"harbor": 1, "wharf": 1})
    g.play("captain")   # Ann, nothing to load
    assert g.to_move == "Bob"
    assert texts(g) == ["load sugar", "load tobacco", "wharf sugar", "wharf tobacco"]
    g.play("load tobacco")
    assert g.state.vp[1] == 3 + 1
    g.play("load sugar")
    assert g.state.vp[1] == 4 + 2 + 1
    assert texts(g) == ["pass", "wharf tobacco"]   # the tobacco ship is full; the wharf is optional
    g.play("wharf tobacco")
    assert g.state.vp[1] == 7 + 2 + 1
    assert g.view()["players"][1]["goods"] == {}
    g.check()


def test_wharf_once_per_phase_any_kind():
    g = new(4)
    set_ship(g, 0, "corn", 1)
    give(g, 0, goods={"corn": 2, "coffee": 3}, buildings={"wharf": 1})
    g.play("captain")
    g.play("wharf corn")     # corn is on a cargo ship: the wharf takes it anyway
    assert g.state.vp[0] == 2 + 1
    # next lap: coffee must go on a cargo ship now; no second wharf
    assert texts(g) == ["load coffee 6", "load coffee 7"]
    with pytest.raises(IllegalMove, match="once per captain phase"):
        g.play("wharf coffee")
    g.play("load coffee 6")
    assert g.state.vp[0] == 3 + 3   # captain's +1 only once (rules 8.14)


def test_captain_gets_nothing_without_loading():
    g = new(4)
    give(g, 1, goods={"corn": 2})
    g.play("captain")
    g.play("load corn 5")
    assert g.state.vp == [0, 2, 0, 0]


def test_storage_one_warehouse_player_chooses():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 3)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 2, "coffee": 2}, buildings={"small-warehouse": 1})
    g.play("captain")
    assert g.state.phase == "storage" and g.to_move == "Ann"
    assert texts(g) == ["keep coffee", "keep corn", "keep sugar", "ok"]
    g.play("keep corn")       # the warehouse keeps all corn
    assert texts(g) == ["keep coffee", "keep sugar", "ok"]
    g.play("keep sugar")      # the single barrel
    v = g.view()
    assert v["players"][0]["goods"] == {"corn": 3, "sugar": 1}
    # the full indigo and coffee ships are emptied, the part-filled tobacco ship stays
    assert [sh["good"] for sh in v["ships"]] == [None, "tobacco", None]
    g.check()


def test_storage_proposal_and_both_warehouses():   # rules 8.12
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 2, "indigo": 2, "tobacco": 2, "coffee": 1},
         buildings={"small-warehouse": 1, "large-warehouse": 1})
    g.play("captain")
    g.play("ok")
    # 3 kinds in any amount + 1 barrel of a fourth: corn 3, then sugar/indigo/tobacco 2 each -> tobacco,
    # sugar kept whole (most barrels, dearer first); single barrel: the dearest left (coffee)
    assert g.view()["players"][0]["goods"] == {"corn": 3, "sugar": 2, "tobacco": 2, "coffee": 1}


def test_storage_without_warehouse_keep_one():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 2})
    g.play("captain")
    assert texts(g) == ["keep corn", "keep sugar", "ok"]
    g.play("keep corn")
    assert g.view()["players"][0]["goods"] == {"corn": 1}


def test_warehouse_does_not_protect_from_loading():
    g = new(4)
    give(g, 0, goods={"corn": 2}, buildings={"large-warehouse": 1})
    g.play("captain")
    with pytest.raises(IllegalMove, match="must load"):
        g.play("pass")


def test_vp_pool_runs_out_g3_overflow_counts():
    g = new(4)
    s = g.state
    s.pool = 3
    s.pool0 = 3
    give(g, 0, goods={"corn": 4})
    give(g, 1, goods={"sugar": 2})
    g.play("captain")
    g.play("load corn 5")   # 4 + 1 = 5 VP, pool had 3
    assert g.view()["vp_chips_left"] == 0 and g.view()["end_triggers"] == ["G3"]
    g.play("load sugar 6")  # Bob still earns 2
    assert g.state.vp[:2] == [5, 2] and g.state.vpo[:2] == [2, 2]
    g.check()
    # the round is played to its end
    while not g.finished:
        moves = texts(g)
        g.play("pass" if "pass" in moves else "ok" if "ok" in moves else moves[0])
    res = g.result()
    assert res.entry("Ann").breakdown["vp_chips"] == 5
    assert g.view()["vp_overflow"]["Ann"] == 2


def test_storage_large_warehouse_two_kinds():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 2, "coffee": 2}, buildings={"large-warehouse": 1})
    g.play("captain")
    g.play("keep sugar")
    g.play("keep coffee")
    # two kinds whole; corn is the only kind left for the single barrel: chosen automatically
    assert g.view()["players"][0]["goods"] == {"corn": 1, "sugar": 2, "coffee": 2}
    assert g.state.phase == "role"


def test_storage_keeps_everything_without_asking_when_it_fits():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 1}, buildings={"small-warehouse": 1})
    g.play("captain")
    assert g.state.phase == "role"
    assert g.view()["players"][0]["goods"] == {"corn": 3, "sugar": 1}


def test_unoccupied_warehouse_keeps_one_barrel():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3}, buildings={"small-warehouse": 0})
    g.play("captain")
    assert g.view()["players"][0]["goods"] == {"corn": 1}


def test_storage_bare_good_and_already_kept():
    g = new(4)
    set_ship(g, 0, "indigo", 5)
    set_ship(g, 1, "tobacco", 6)
    set_ship(g, 2, "coffee", 7)
    give(g, 0, goods={"corn": 3, "sugar": 2, "coffee": 2}, buildings={"small-warehouse": 1})
    g.play("captain")
    g.play("sugar")
    with pytest.raises(IllegalMove, match="already keeps all your sugar"):
        g.play("keep sugar")
    g.play("coffee")
    assert g.view()["players"][0]["goods"] == {"sugar": 2, "coffee": 1}


def test_load_quantities_and_ship_names_as_players_say_them():
    g = new(4)
    give(g, 0, goods={"corn": 3, "sugar": 2})
    give(g, 1, goods={"indigo": 8}, buildings={"wharf": 1})
    g.play("captain")
    before = g.view()
    # holding back barrels that fit breaks the must-load rule: the refusal says so and what is allowed
    with pytest.raises(IllegalMove, match=r"cannot load 2 corn: you must load every corn barrel that fits, here 3 "
                                          r"\(rule 5.7 K4\); you may: load corn 5, load corn 6, load corn 7"):
        g.play("load 2 corn on the 5-ship")
    with pytest.raises(IllegalMove, match="you hold 3"):
        g.play("load 4 corn 5")
    assert g.view() == before
    g.play("load 3 corn on the 6-ship")
    assert g.view()["ships"][1] == {"capacity": 6, "good": "corn", "load": 3}
    # Bob: 8 indigo, the 7-ship takes the most; only 7 fit
    with pytest.raises(IllegalMove, match=r"cannot load 8 indigo: only 7 fit \(rule 5.7 K3\)"):
        g.play("load 8 indigo")
    with pytest.raises(IllegalMove, match=r"wharf ships all your barrels of one kind \(rule 5.7 K5\)"):
        g.play("wharf 3 indigo")
    g.play("load 7 indigo on the 7 ship")
    assert g.view()["ships"][2] == {"capacity": 7, "good": "indigo", "load": 7}


def test_captain_privilege_counts_a_wharf_shipment_as_his_first_load():
    """Rule 5.7 K7 and the seed's harbor example: using the wharf is a load ("nakládá"), so a captain whose first
    load is by wharf gets the +1 then, and no second +1 for a later cargo load. A non-captain gets no +1."""
    g = new(4)
    give(g, 0, goods={"coffee": 2, "corn": 1}, buildings={"wharf": 1})
    give(g, 1, goods={"sugar": 2}, buildings={"wharf": 1})
    g.play("captain")
    g.play("wharf coffee")
    assert g.state.vp[0] == 2 + 1
    g.play("wharf sugar")      # Bob is not the captain: no privilege
    assert g.state.vp[1] == 2
    g.play("load corn 5")      # Ann's later cargo load: no second privilege
    assert g.state.vp[0] == 3 + 1


def _storage_outcomes(held, w):
    """Every distinct result of storage by the rule (5.7 K9): w kinds kept whole, plus 1 barrel of another."""
    from itertools import combinations

    kinds = [g for g in range(5) if held[g]]
    out = set()
    for whole in combinations(kinds, min(w, len(kinds))):
        rest = [g for g in kinds if g not in whole] or [None]
        for single in rest:
            out.add(tuple(held[g] if g in whole else (1 if g == single else 0) for g in range(5)))
    return out


def _best(outcomes):
    """Keeping less than another result keeps is no real choice: the results no other one contains."""
    return {a for a in outcomes if not any(b != a and all(map(lambda x, y: x <= y, a, b)) for b in outcomes)}


def test_storage_never_skips_a_real_choice_and_offers_every_outcome():
    """Property over many hands: the referee asks exactly when storage has more than one possible result,
    every possible result is reachable through the moves it offers, and 'ok' gives one of them."""
    import copy
    import random

    from referee.games.puerto_rico.state import GOODS

    rng = random.Random(11)
    warehouses = [{}, {"small-warehouse": 1}, {"large-warehouse": 1}, {"small-warehouse": 1, "large-warehouse": 1},
                  {"small-warehouse": 0}]
    for case in range(150):
        held = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(5)]
        wh = warehouses[case % len(warehouses)]
        w = (1 if wh.get("small-warehouse") else 0) + (2 if wh.get("large-warehouse") else 0)
        g = new(4)
        set_ship(g, 0, "coffee", 5)   # three full ships and no empty one: nothing can be loaded
        set_ship(g, 1, "tobacco", 6)
        set_ship(g, 2, "indigo", 7)
        give(g, 0, goods={GOODS[k]: x for k, x in enumerate(held) if x}, buildings=wh or None)
        g.play("captain")
        legal = _storage_outcomes(held, w)
        expected = _best(legal)
        asked = g.state.phase == "storage" and g.to_move == "Ann"
        assert asked == (len(expected) > 1), (held, wh)
        if not asked:
            assert {tuple(g.state.goods[0])} == expected, (held, wh)
            continue
        reached = set()
        stack = [g]
        while stack:
            cur = stack.pop()
            if cur.state.phase == "storage" and cur.to_move == "Ann":
                for m in cur.legal_moves():
                    nxt = copy.deepcopy(cur)
                    nxt.play(m.text)
                    stack.append(nxt)
            else:
                reached.add(tuple(cur.state.goods[0]))
        assert expected <= reached <= legal, (held, wh, reached, expected)
        g.play("ok")
        assert tuple(g.state.goods[0]) in expected, (held, wh)


def test_unoccupied_wharf_and_harbor_do_nothing():
    """Rules 3: a building works only while occupied: no wharf shipment (5.7 K5), no harbor VP (K7)."""
    g = new(4)
    give(g, 0, goods={"coffee": 2}, buildings={"wharf": 0, "harbor": 0})
    g.play("captain")
    assert not any(t.startswith("wharf") for t in texts(g))
    before = g.view()
    with pytest.raises(IllegalMove, match="occupied wharf"):
        g.play("wharf coffee")
    assert g.view() == before
    g.play("load coffee 7")
    assert g.state.vp[0] == 2 + 1   # the captain's +1, no harbor +1
