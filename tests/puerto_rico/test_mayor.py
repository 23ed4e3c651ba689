import pytest

from referee.core.errors import IllegalMove

from .helpers import give, new, texts


def test_privilege_and_ship_shared_from_mayor():
    g = new(4)
    s = g.state
    s.cship += 3   # 7 on the ship: Ann 2, Bob 2, Cal 2, Dan 1 (from the mayor clockwise)
    s.csup -= 3
    g.play("mayor")
    v = g.view()
    # nobody has a choice (1 tile each): colonists placed automatically, rest in San Juan
    sj = [p["san_juan"] for p in v["players"]]
    on = [sum(o for _, o in p["island"].values()) for p in v["players"]]
    assert [a + b for a, b in zip(sj, on)] == [3, 2, 2, 1]
    assert on == [1, 1, 1, 1]
    g.check()


def test_mayor_no_privilege_variant():
    g = new(4)
    assert "mayor no-privilege" in texts(g)
    g.play("mayor no-privilege")
    assert sum(p["san_juan"] + sum(o for _, o in p["island"].values()) for p in g.view()["players"]) == 4
    g2 = new(4, mayor_privilege_optional=False)
    assert "mayor no-privilege" not in texts(g2)


def test_fill_rule_and_proposal():
    g = new(4)
    give(g, 0, tiles={"corn": 2, "sugar": 1}, buildings={"small-market": 0, "indigo-plant": 0}, san_juan=1)
    g.play("mayor")
    # Ann: 1 + 1 privilege + 1 ship = 3 colonists, 4 tiles + 4 building circles
    assert g.to_move == "Ann"
    assert "place indigo-plant" in texts(g) and "place corn" in texts(g) and "ok" in texts(g)
    before = g.view()
    with pytest.raises(IllegalMove, match=r"San Juan only when every circle is full \(rule 5.3 M4\)"):
        g.play("done")
    assert g.view() == before
    with pytest.raises(IllegalMove, match="no coffee tile"):
        g.play("place coffee")
    g.play("place small-market")
    with pytest.raises(IllegalMove, match="no empty circle"):
        g.play("place small-market")
    g.play("ok")
    ann = g.view()["players"][0]
    assert ann["san_juan"] == 0
    assert ann["city"]["small-market"] == 1
    placed = sum(o for _, o in ann["island"].values()) + sum(ann["city"].values())
    assert placed == 3
    g.check()


def test_step_by_step_placement_ends_when_all_placed():
    g = new(4)
    give(g, 0, tiles={"corn": 1, "sugar": 1}, buildings={"small-sugar-mill": 0})
    g.play("mayor no-privilege")
    # Ann has 1 colonist (the ship share), 4 circles
    g.play("place sugar")
    assert g.to_move != "Ann"
    assert g.view()["players"][0]["island"]["sugar"] == [1, 1]


def test_more_colonists_than_circles_fill_everything():
    g = new(4)
    give(g, 0, tiles={"corn": 1}, buildings={"small-market": 0}, san_juan=5)
    g.play("mayor")
    ann = g.view()["players"][0]
    assert ann["island"] == {"indigo": [1, 1], "corn": [1, 1]} and ann["city"] == {"small-market": 1}
    assert ann["san_juan"] == 7 - 3


def test_refill_counts_empty_building_circles_at_least_n():
    g = new(4)
    give(g, 1, buildings={"indigo-plant": 0, "sugar-mill": 0, "coffee-roaster": 0})
    g.play("mayor")
    while g.state.phase == "mayor":
        g.play("ok")
    # Bob had 1 colonist from the ship; the proposal puts it on... whichever; 8 building circles
    v = g.view()
    bob_on_buildings = sum(v["players"][1]["city"].values())
    assert v["colonist_ship"] == max(8 - bob_on_buildings, 4)
    g.check()


def test_g1_when_supply_cannot_refill_and_exact_cover_does_not_fire():
    g = new(4)
    s = g.state
    s.cgone += s.csup - 5   # supply 5: privilege takes 1 -> 4 left = exactly N
    s.csup = 5
    g.play("mayor")
    while g.state.phase == "mayor":
        g.play("ok")
    assert g.view()["end_triggers"] == [] and g.view()["colonist_supply"] == 0
    g = new(4)
    s = g.state
    s.cgone += s.csup - 4
    s.csup = 4
    g.play("mayor")   # privilege -> 3 left < 4 needed
    while g.state.phase == "mayor":
        g.play("ok")
    v = g.view()
    assert v["end_triggers"] == ["G1"] and v["colonist_ship"] == 3 and v["colonist_supply"] == 0
    g.check()


def test_privilege_none_when_supply_empty():
    g = new(4)
    s = g.state
    s.cgone += s.csup
    s.csup = 0
    from .helpers import refresh
    refresh(g)
    assert "mayor no-privilege" not in texts(g)
    g.play("mayor")
    assert sum(p["san_juan"] + sum(o for _, o in p["island"].values()) for p in g.view()["players"]) == 4


def test_decline_colonists_option():
    g = new(4)
    with pytest.raises(IllegalMove, match="5.3 M2"):
        give(g, 0, tiles={"corn": 3})
        g.play("mayor")
        g.play("refuse")
    g = new(4, allow_decline_colonists=True)
    g.play("mayor no-privilege")
    assert "refuse" in texts(g)
    g.play("refuse")
    v = g.view()
    assert v["players"][0]["san_juan"] == 0 and v["players"][0]["island"]["indigo"] == [1, 0]
    g.check()


def test_proposal_is_shown_and_ok_gives_it():
    g = new(4)
    give(g, 0, tiles={"corn": 2, "sugar": 1}, buildings={"small-market": 0, "indigo-plant": 0}, san_juan=1)
    g.play("mayor")
    shown = g.view()["placing"]["proposal"]
    assert shown in g.prompt()
    g.play("ok")
    ann = g.view()["players"][0]
    parts = dict(p.rsplit(" ", 1) for p in shown.split(", "))
    got = {k: str(v[1]) for k, v in ann["island"].items() if v[1]}
    got.update({k: str(v) for k, v in ann["city"].items() if v})
    assert parts == got


def test_ok_keeps_the_previous_arrangement():
    g = new(4)
    give(g, 0, tiles={"sugar": (1, 1), "corn": (2, 0)}, buildings={"sugar-mill": 1, "small-market": 0})
    g.play("mayor no-privilege")
    g.play("ok")
    ann = g.view()["players"][0]
    assert ann["island"]["sugar"] == [1, 1] and ann["city"]["sugar-mill"] == 1   # kept where they were
    assert ann["city"]["small-market"] == 1     # the new colonist goes to the empty violet building


def test_place_can_move_colonists_away_from_previous_places():
    g = new(4)
    give(g, 0, tiles={"sugar": (1, 1), "corn": (2, 0)}, buildings={"sugar-mill": 1})
    g.play("mayor no-privilege")
    # 3 colonists (2 before + 1 from the ship), 7 circles: put all three on corn and indigo
    g.play("place corn")
    g.play("place corn")
    g.play("place indigo")
    ann = g.view()["players"][0]
    assert ann["island"] == {"indigo": [1, 1], "sugar": [1, 0], "corn": [2, 2]}
    assert ann["city"] == {"sugar-mill": 0} and ann["san_juan"] == 0
    g.check()


def test_mayor_asks_exactly_when_placement_is_a_choice_and_every_placement_is_reachable():
    """Property over random boards (rule 5.3 M3-M4): with colonists for fewer than all circles on two or more
    places the player decides, every placement that fills min(colonists, circles) circles is reachable one
    colonist at a time, and 'ok' gives one of them; otherwise the placement is made for him."""
    import copy
    import random
    from itertools import product

    from referee.games.puerto_rico.state import BINDEX, CIRC, KINDS

    rng = random.Random(5)
    pool_of_buildings = ["small-market", "indigo-plant", "coffee-roaster", "hospice", "guild-hall"]
    for case in range(60):
        tiles = {k: rng.choice((0, 0, 1, 2)) for k in ("corn", "sugar", "quarry")}
        blds = {b: 0 for b in rng.sample(pool_of_buildings, rng.choice((0, 1, 2)))}
        sj = rng.choice((0, 1, 2, 3))
        g = new(4)
        give(g, 0, tiles={k: v for k, v in tiles.items() if v}, buildings=blds or None, san_juan=sj)
        s = g.state
        places = [(KINDS.index(k), v) for k, v in (("indigo", 1), *tiles.items()) if v]   # Ann starts with indigo
        places = [("t", k, v) for k, v in places] + [("b", BINDEX[b], CIRC[BINDEX[b]]) for b in blds]
        circles = sum(p[2] for p in places)
        pool = sj + 1 + 1    # San Juan + the privilege + her share of the 4 on the ship
        target = min(pool, circles)
        g.play("mayor")
        asked = s.phase == "mayor" and g.to_move == "Ann"
        assert asked == (pool < circles and len(places) > 1), (tiles, blds, sj)

        def placement(st):
            return tuple(st.tocc[0][p[1]] if p[0] == "t" else st.bld[0][p[1]] for p in places)

        every = {c for c in product(*(range(p[2] + 1) for p in places)) if sum(c) == target}
        if not asked:
            assert placement(s) in every and len(every) == 1, (tiles, blds, sj)
            continue
        reached = set()
        stack = [g]
        while stack:
            cur = stack.pop()
            if cur.state.phase == "mayor" and cur.to_move == "Ann":
                for m in cur.legal_moves():
                    if m.text != "ok":
                        nxt = copy.deepcopy(cur)
                        nxt.play(m.text)
                        stack.append(nxt)
            else:
                reached.add(placement(cur.state))
        assert reached == every, (tiles, blds, sj)
        g.play("ok")
        assert placement(g.state) in every
        assert g.state.sj[0] == pool - target


def test_prompt_says_what_ok_adds_when_it_keeps_the_arrangement():
    """With colonists already in place, the prompt names only what 'ok' adds, not the whole island again."""
    g = new(4)
    give(g, 0, tiles={"sugar": (1, 1), "corn": (2, 1)}, buildings={"sugar-mill": 1, "small-market": 0})
    g.play("mayor no-privilege")
    assert "Ann places 4 colonists" in g.prompt()
    assert "'ok' for everything as it is, plus small-market 1:" in g.prompt()
    g.play("place corn")
    assert "Ann: 3 more colonists to place one at a time, or 'ok' for corn 1, sugar 1, sugar-mill 1, small-market 1:" in g.prompt()


def test_refill_ignores_empty_plantation_and_quarry_circles():
    """5.3 M7: E counts empty circles on buildings only; empty plantations and quarries do not count."""
    g = new(4)
    give(g, 0, tiles={"corn": (6, 0), "sugar": (3, 0), "quarry": (2, 0)}, buildings={"small-market": 1})
    g.play("mayor")
    while g.state.phase == "mayor":
        g.play("ok")
    v = g.view()
    ann = v["players"][0]
    empty_plantations = sum(n - occ for n, occ in ann["island"].values())
    assert empty_plantations >= 8 and ann["city"]["small-market"] == 1
    assert v["colonist_ship"] == 4     # N, not N + the empty plantation circles
    g.check()


def test_moving_a_colonist_takes_the_least_useful_one():
    """5.3 M3: colonists may be moved freely. 'place university' then 'ok' moves one colonist: the proposal
    keeps the most useful of the previous places (here the harbor and the market) and frees the least useful
    (an indigo plantation without an indigo plant), not whichever building was built last."""
    g = new(4)
    give(g, 0, tiles={"indigo": (0, 1), "corn": (1, 1)},
         buildings={"small-market": 1, "harbor": 1, "university": 0})
    s = g.state
    s.cgone += s.cship      # an empty colonist ship: nobody gets a new colonist
    s.cship = 0
    g.play("mayor no-privilege")
    assert g.to_move == "Ann"
    g.play("place university")
    g.play("ok")
    ann = g.view()["players"][0]
    assert ann["city"] == {"small-market": 1, "harbor": 1, "university": 1}
    assert ann["island"]["corn"] == [1, 1] and ann["island"]["indigo"] == [1, 0]
    g.check()
