import pytest

from referee.core.errors import IllegalMove

from .helpers import give, new, texts


def test_settler_privilege_quarry_and_others_plantation_only():
    g = new(4, row=["corn", "indigo", "sugar", "tobacco", "coffee"])
    g.play("settler")
    assert "take quarry" in texts(g)
    g.play("take quarry")
    assert "take quarry" not in texts(g)
    before = g.view()
    with pytest.raises(IllegalMove, match="construction hut"):
        g.play("take quarry")
    assert g.view() == before
    g.play("take coffee")
    with pytest.raises(IllegalMove, match="No coffee plantation is face up"):
        g.play("take coffee")
    g.play("take sugar")
    g.play("pass")
    v = g.view()
    assert v["players"][0]["island"]["quarry"] == [1, 0]
    assert v["players"][1]["island"]["coffee"] == [1, 0]
    # the row was discarded and N+1 new tiles are to be turned up
    assert v["phase"] == "reveal" and v["plantation_row"] == {}
    assert v["plantation_discards"] == 3
    g.check()


def test_construction_hut_takes_quarry_settler_with_hut_takes_one():
    g = new(4)
    give(g, 1, buildings={"construction-hut": 1})
    give(g, 0, buildings={"construction-hut": 1})
    g.play("settler")
    g.play("take quarry")          # Ann, the settler: one tile only, even with a hut
    assert g.to_move == "Bob"
    g.play("take quarry")          # Bob with his occupied hut
    assert g.view()["quarries"] == 6
    assert "take quarry" not in texts(g)   # Cal has no hut


def test_unoccupied_hut_does_nothing():
    g = new(4)
    give(g, 1, buildings={"construction-hut": 0})
    g.play("settler")
    g.play("take corn")
    assert "take quarry" not in texts(g)


def test_hacienda_draw_then_normal_pick_and_hut():
    g = new(4)
    give(g, 0, buildings={"hacienda": 1, "construction-hut": 1})
    g.play("settler")
    assert "hacienda" in texts(g)
    g.play("hacienda")
    assert g.to_move is None and all(m.chance for m in g.legal_moves())
    assert all(m.text.startswith("draw ") for m in g.legal_moves())
    with pytest.raises(IllegalMove, match="Quarries are never"):
        g.play("draw quarry")
    g.play("draw tobacco")
    assert g.to_move == "Ann" and "hacienda" not in texts(g)
    g.play("take quarry")   # the normal tile may be the quarry; the drawn tile stays a plantation
    isl = g.view()["players"][0]["island"]
    assert isl["tobacco"] == [1, 0] and isl["quarry"] == [1, 0] and isl["indigo"] == [1, 0]
    g.check()


def test_hacienda_with_empty_stack_reshuffles_option():
    g = new(3)
    give(g, 0, buildings={"hacienda": 1})
    s = g.state
    for k in range(5):
        s.disc[k] += s.stack[k]
        s.stack[k] = 0
    g.play("settler")
    assert "hacienda" in texts(g)
    g2 = new(3, hacienda_reshuffle=False)
    give(g2, 0, buildings={"hacienda": 1})
    s = g2.state
    for k in range(5):
        s.disc[k] += s.stack[k]
        s.stack[k] = 0
    g2.play("settler")
    assert "hacienda" not in texts(g2)
    with pytest.raises(IllegalMove, match="5.2 S8"):
        g2.play("hacienda")


def test_hospice_colonist_from_supply_then_ship_then_none():
    g = new(4)
    give(g, 0, buildings={"hospice": 1})
    g.play("settler")
    assert "take corn no-hospice" in texts(g)
    sup = g.view()["colonist_supply"]
    g.play("take corn")
    assert g.view()["players"][0]["island"]["corn"] == [1, 1]
    assert g.view()["colonist_supply"] == sup - 1
    # supply empty: from the ship
    g = new(4)
    give(g, 0, buildings={"hospice": 1})
    s = g.state
    s.cgone += s.csup   # park the supply outside the game
    s.csup = 0
    g.play("settler")
    g.play("take sugar")
    assert g.view()["players"][0]["island"]["sugar"] == [1, 1]
    assert g.view()["colonist_ship"] == 3
    g.check()
    # both empty: no colonist, and no hospice variant listed
    g = new(4)
    give(g, 0, buildings={"hospice": 1})
    s = g.state
    s.cgone += s.csup + s.cship
    s.csup = s.cship = 0
    g.play("settler")
    assert "take sugar no-hospice" not in texts(g)
    g.play("take sugar")
    assert g.view()["players"][0]["island"]["sugar"] == [1, 0]


def test_hacienda_tile_gets_no_hospice_colonist():
    g = new(4)
    give(g, 0, buildings={"hospice": 1, "hacienda": 1})
    g.play("settler")
    g.play("hacienda")
    g.play("draw coffee")
    g.play("take quarry")
    isl = g.view()["players"][0]["island"]
    assert isl["coffee"] == [1, 0] and isl["quarry"] == [1, 1]


def test_full_island_takes_nothing():
    g = new(4)
    give(g, 1, tiles={"corn": 5, "indigo": 3, "quarry": 3})   # 12 with the starting indigo
    g.play("settler")
    g.play("take corn")
    assert g.to_move == "Cal"   # Bob skipped
    with pytest.raises(IllegalMove):
        g.play("take quarry")


def test_hacienda_fills_last_space_then_turn_ends():
    g = new(4)
    give(g, 1, tiles={"corn": 5, "indigo": 3, "quarry": 2}, buildings={"hacienda": 1})
    g.play("settler")
    g.play("take corn")
    g.play("hacienda")
    g.play("draw sugar")
    assert g.to_move == "Cal"


def test_row_stays_short_when_tiles_run_out():
    g = new(3, row=["corn", "indigo", "sugar", "tobacco"])
    s = g.state
    # only 1 tile left in the stack and none discarded (the others parked outside the game: this test
    # looks at the flow, so check() is not called)
    for k in range(5):
        s.stack[k] = 0
        s.disc[k] = 0
    s.stack[0] = 1
    g.play("settler")
    g.play("take corn")
    g.play("take indigo")
    g.play("take sugar")
    # the tobacco left in the row is discarded; the stack's corn is turned up, then the tobacco reshuffled and
    # turned up: one kind left each time, so nothing for the table to enter
    v = g.view()
    assert v["events"][-4:] == [
        "A corn plantation is turned up (the only kind left in the stack).",
        "The plantation stack ran out: the discards are shuffled into a new stack.",
        "A tobacco plantation is turned up (the only kind left in the stack).",
        "No plantation tiles are left: the row stays short (5.2 S7)."]
    # no tiles anywhere: the row stays short and the game goes on
    assert g.state.phase == "role" and v["plantation_row"] == {"corn": 1, "tobacco": 1}


def test_hut_quarry_of_another_player_gets_the_hospice_colonist():
    """5.2 S2 + S4: a non-settler with an occupied construction hut takes a quarry, and his hospice staffs it."""
    g = new(4)
    give(g, 1, buildings={"construction-hut": 1, "hospice": 1})
    g.play("settler")
    g.play("take corn")              # Ann, the settler
    assert "take quarry" in texts(g) and "take quarry no-hospice" in texts(g)
    g.play("take quarry")            # Bob
    assert g.view()["players"][1]["island"]["quarry"] == [1, 1]
    assert g.view()["quarries"] == 7
    g.check()


def test_hacienda_draw_with_one_kind_left_needs_no_entry():
    g = new(3)
    give(g, 0, buildings={"hacienda": 1})
    s = g.state
    for k in range(4):        # only coffee left face down
        s.disc[k] += s.stack[k]
        s.stack[k] = 0
    g.play("settler")
    g.play("hacienda")
    v = g.view()
    assert v["phase"] == "settler" and g.to_move == "Ann"       # straight on to her normal pick
    assert v["players"][0]["island"]["coffee"] == [1, 0]
    assert "Ann draws a coffee plantation with the hacienda." in v["events"]
    g.check()


def test_unoccupied_hacienda_draws_nothing():
    """A building works only while occupied (rules 3): an empty hacienda gives no extra plantation (5.2 S3)."""
    g = new(4)
    give(g, 0, buildings={"hacienda": 0})
    g.play("settler")
    assert "hacienda" not in texts(g)
    before = g.view()
    with pytest.raises(IllegalMove, match="occupied hacienda"):
        g.play("hacienda")
    assert g.view() == before


@pytest.mark.parametrize("n", [2, 3, 5])
def test_after_the_settler_phase_n_plus_one_tiles_are_turned_up(n):
    """5.2 S7: the settler discards the row and turns up N+1 new tiles (one chance move each)."""
    g = new(n)
    g.play("settler")
    while g.state.phase == "settler":
        g.play("pass")
    turned = 0
    while g.state.phase == "reveal":
        g.play(g.legal_moves()[0].text)
        turned += 1
    assert turned == n + 1 and sum(g.view()["plantation_row"].values()) == n + 1


def test_unoccupied_hospice_gives_no_colonist():
    """Rules 3: an empty hospice does nothing (5.2 S4)."""
    g = new(4)
    give(g, 0, buildings={"hospice": 0})
    g.play("settler")
    assert "take corn no-hospice" not in texts(g)
    g.play("take corn")
    assert g.view()["players"][0]["island"]["corn"] == [1, 0]
