import pytest

import referee
from referee.core.errors import IllegalMove
from referee.games.puerto_rico import setup_checklist

from .helpers import NAMES, new, refresh, texts


@pytest.mark.parametrize("n,dbl,start,pool,sup,ship,caps,roles", [
    (2, 3, ["indigo", "corn"], 65, 40, 2, [4, 6], 7),
    (3, 2, ["indigo", "indigo", "corn"], 75, 55, 3, [4, 5, 6], 6),
    (4, 3, ["indigo", "indigo", "corn", "corn"], 100, 75, 4, [5, 6, 7], 7),
    (5, 4, ["indigo", "indigo", "indigo", "corn", "corn"], 122, 95, 5, [6, 7, 8], 8),
])
def test_setup_by_player_count(n, dbl, start, pool, sup, ship, caps, roles):
    g = referee.new_game("puerto-rico", NAMES[:n])
    v = g.view()
    assert [p["doubloons"] for p in v["players"]] == [dbl] * n
    assert [list(p["island"]) for p in v["players"]] == [[k] for k in start]
    assert all(p["island"][k] == [1, 0] for p, k in zip(v["players"], start))  # unoccupied
    assert v["vp_chips_left"] == pool
    assert (v["colonist_supply"], v["colonist_ship"]) == (sup, ship)
    assert [sh["capacity"] for sh in v["ships"]] == caps
    assert len(v["roles"]) == roles
    assert v["quarries"] == (5 if n == 2 else 8)
    # the face-up row: N+1 chance moves, one tile at a time
    for i in range(n + 1):
        moves = g.legal_moves()
        assert all(m.chance and m.player is None for m in moves)
        assert g.to_move is None
        g.play(moves[i % len(moves)].text)
    assert sum(g.view()["plantation_row"].values()) == n + 1
    assert not g.legal_moves()[0].chance
    assert g.to_move == NAMES[0]
    g.check()


def test_two_player_box():
    g = referee.new_game("puerto-rico", ["Ann", "Bob"])
    v = g.view()
    assert v["buildings_left"]["small-indigo-plant"] == 2 and v["buildings_left"]["indigo-plant"] == 2
    assert v["buildings_left"]["harbor"] == 1 and v["buildings_left"]["guild-hall"] == 1
    assert v["goods_supply"] == {"corn": 8, "indigo": 9, "sugar": 9, "tobacco": 7, "coffee": 7}
    assert v["plantation_stack"] == 35 - 2
    assert [r["role"] for r in v["roles"]].count("prospector") == 1


def test_five_player_pool_option():
    g = referee.new_game("puerto-rico", NAMES, {"vp-pool-5p": "126"})
    assert g.view()["vp_chips_left"] == 126
    with pytest.raises(referee.BadInput):
        referee.new_game("puerto-rico", NAMES, {"vp-pool-5p": "100"})


def test_checklist_for_each_count_and_shown_at_start():
    for n in (2, 3, 4, 5):
        text = setup_checklist(n)
        assert f"for {n} players" in text
        assert f"turn up {n + 1}" in text
    assert "official 2-player variant" in setup_checklist(2)
    assert "alternate" in setup_checklist(2)
    assert "3 doubloons" in setup_checklist(4) and "100" in setup_checklist(4)
    g = referee.new_game("puerto-rico", NAMES[:3])
    assert g.view()["setup_checklist"] == setup_checklist(3)
    assert "setup" in g.prompt().lower()
    from rich.console import Console
    con = Console(width=120, record=True)
    con.print(g.render())
    assert "Setup checklist" in con.export_text()


def test_reveal_only_tiles_left_in_stack():
    g = referee.new_game("puerto-rico", ["Ann", "Bob"])
    s = g.state
    s.stack[4] = 0   # pretend all coffee is out of the stack (moved to the discards)
    s.disc[4] = 5
    refresh(g)
    assert "reveal coffee" not in texts(g)
    before = g.view()
    with pytest.raises(IllegalMove, match="No coffee plantation is left in the face-down stack"):
        g.play("reveal coffee")
    assert g.view() == before
    with pytest.raises(IllegalMove, match="Quarries are never"):
        g.play("reveal quarry")


def test_reshuffle_when_stack_runs_out():
    g = new(3)
    s = g.state
    # move the whole stack to the discards except 1 sugar
    for k in range(5):
        s.disc[k] += s.stack[k]
        s.stack[k] = 0
    s.disc[2] -= 1
    s.stack[2] = 1
    g.play("settler")
    g.play("take corn")
    g.play("pass")
    g.play("pass")
    # the last tile of the stack (sugar) is turned up without asking; then the discards (including the row
    # just discarded) become the new stack
    assert "A sugar plantation is turned up (the only kind left in the stack)." in g.view()["events"]
    assert g.view()["plantation_row"] == {"sugar": 1}
    assert g.view()["plantation_discards"] == 0
    assert len(texts(g)) == 5
    g.check()
