import referee

from .helpers import give, new, texts


def finish_round(g):
    r = g.state.round
    while not g.finished and g.state.round == r:
        moves = texts(g)
        if g.state.phase == "role":
            g.play(next(t for t in ("trader", "prospector", "craftsman", "captain", "builder", "settler",
                                    "mayor") if t in moves))
        else:
            g.play("pass" if "pass" in moves else "ok" if "ok" in moves else moves[0])


def test_g2_game_ends_after_the_round_not_at_once():
    g = new(4)
    give(g, 1, buildings={b: 0 for b in ("small-market", "hacienda", "construction-hut", "small-warehouse",
                                         "hospice", "office", "large-market", "large-warehouse", "factory",
                                         "university", "harbor")}, doubloons=30)
    g.play("builder")
    g.play("pass")
    g.play("build wharf")    # Bob fills his 12th space
    assert g.view()["end_triggers"] == ["G2"]
    assert not g.finished
    # the other roles of the round are still chosen and played
    assert g.to_move == "Cal" and g.state.phase == "builder"
    finish_round(g)
    assert g.finished and g.legal_moves() == []
    res = g.result()
    assert res.entry("Bob").breakdown["buildings"] == 1 + 1 + 1 + 1 + 2 + 2 + 2 + 2 + 3 + 3 + 3 + 3
    assert res.entry("Bob").rank == 1
    assert "Result:" in g.to_record()


def test_g1_end():
    g = new(4)
    s = g.state
    s.cgone += s.csup - 2
    s.csup = 2
    g.play("mayor")
    while g.state.phase == "mayor":
        g.play("ok")
    assert g.view()["end_triggers"] == ["G1"]
    finish_round(g)
    assert g.finished and g.view()["round"] == 1


def test_vp_hidden_until_end_unless_option():
    g = new(4)
    assert "vp" not in g.view()["players"][0]
    g2 = new(4, show_running_vp=True)
    assert g2.view()["players"][0]["vp"] == 0


def test_record_roundtrip_with_corrections_replayed():
    g = new(3)
    g.play("settler")
    g.play("take quarry")
    rec = g.to_record()
    g2 = referee.load_record(rec)
    assert g2.view() == g.view()
    g.undo()
    assert g.to_move == "Ann" and "take quarry" in texts(g)


def test_last_round_settler_phase_asks_for_no_new_row():
    """After a trigger the round is the last one and has no other settler phase, so the table is not asked to
    turn up plantations nobody can take."""
    g = new(4)
    give(g, 1, buildings={b: 0 for b in ("small-market", "hacienda", "construction-hut", "small-warehouse",
                                         "hospice", "office", "large-market", "large-warehouse", "factory",
                                         "university", "harbor")}, doubloons=30)
    g.play("builder")
    g.play("pass")
    g.play("build wharf")    # G2
    finish_builder = ["pass", "pass"]
    for m in finish_builder:
        g.play(m)
    assert g.state.phase == "role" and g.to_move == "Bob"
    g.play("settler")
    while g.state.phase == "settler":
        g.play("pass")
    assert g.state.phase == "role" and g.to_move == "Cal"   # no 'reveal' step
    g.check()
    finish_round(g)
    assert g.finished
