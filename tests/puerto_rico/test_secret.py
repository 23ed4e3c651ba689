"""Rules 6.7: VP chips lie face down. `secret` tells a player his own chips (option show-running-vp off: the
board shows nobody's until the end); the board and the JSON view keep them out."""

from rich.console import Console

from referee.core.rules import Rules

from .helpers import give, new


def board_text(g) -> str:
    console = Console(width=160, record=True, file=open("/dev/null", "w"))
    console.print(g.render())
    return console.export_text()


def ship_phase():
    """Ann (captain) ships 3 corn for 3 + 1 VP; Bob 2 sugar for 2."""
    g = new(3)
    give(g, 0, goods={"corn": 3})
    give(g, 1, goods={"sugar": 2})
    g.play("captain")
    g.play("load corn 4")
    g.play("load sugar 5")
    return g


def test_a_player_is_told_his_chips_after_a_captain_phase():
    g = ship_phase()
    assert g.state.phase == "role"   # the captain phase is over
    assert g.rules.secret(g.state, "Ann") == "Ann has 4 VP in chips."
    assert g.rules.secret(g.state, "Bob") == "Bob has 2 VP in chips."
    assert g.rules.secret(g.state, "Cal") == "Cal has no VP chips yet."


def test_the_chips_stay_out_of_the_board_and_the_view_with_the_option_off():
    g = ship_phase()
    g.play("settler")   # a later move: the load announcements ("... for 4 VP") are gone from the events
    board = board_text(g)
    assert "VP chips left" in board                        # the public pool is on the board
    assert "4 VP" not in board and "Ann has" not in board
    assert " VP " not in board.replace("VP chips left", "")   # no VP column
    assert all("vp" not in p for p in g.view()["players"])
    assert "4" not in str(g.view()["events"])


def test_with_the_option_on_the_board_shows_them_and_secret_says_so():
    g = new(3, show_running_vp=True)
    give(g, 0, goods={"corn": 3})
    g.play("captain")
    g.play("load corn 4")
    assert g.view()["players"][0]["vp"] == 4
    assert "VP" in board_text(g).replace("VP chips left", "")
    assert g.rules.secret(g.state, "Ann") == ("Ann has 4 VP in chips. The option show-running-vp is on, so the "
                                              "board shows every player's VP.")


def test_chips_earned_after_the_pool_ran_out_are_told_apart():   # rule 6.3
    g = new(3)
    g.state.pool = g.state.pool0 = 2
    give(g, 0, goods={"corn": 3})
    g.play("captain")
    g.play("load corn 4")
    assert g.rules.secret(g.state, "Ann") == ("Ann has 4 VP from shipping: 2 in chips and 2 noted after the "
                                              "chips ran out (rule 6.3).")


def test_the_customs_house_bonus_is_as_secret_as_the_chips():   # rules 6.5: 1 per 4 VP in chips
    g = new(3)
    give(g, 0, goods={"corn": 3}, buildings={"customs-house": 1})
    g.play("captain")
    g.play("load corn 4")
    assert g.rules.secret(g.state, "Ann") == ("Ann has 4 VP in chips. The customs house gives +1 for them at "
                                              "the end (1 per 4 VP in chips).")
    assert g.rules.secret(g.state, "Bob") == "Bob has no VP chips yet."
    g = new(3)   # the box has one customs house (3-5 players)
    give(g, 0, goods={"corn": 3})
    give(g, 1, goods={"sugar": 2}, buildings={"customs-house": 0})
    g.play("captain")
    g.play("load corn 4")
    g.play("load sugar 5")
    assert g.rules.secret(g.state, "Bob") == ("Bob has 2 VP in chips. The customs house would give, if "
                                              "occupied, +0 for them at the end (1 per 4 VP in chips).")


def test_the_customs_house_counts_overflow_only_with_the_option():
    for counts, bonus in ((False, 1), (True, 2)):
        g = new(4, customs_house_counts_overflow=counts)
        g.state.pool = g.state.pool0 = 4
        give(g, 0, goods={"corn": 7}, buildings={"customs-house": 1})
        g.play("captain")   # 7 corn fit only the 7-ship: loaded for Ann, 7 + 1 = 8 VP: 4 in chips, 4 noted
        assert g.state.vp[0] == 8 and g.state.vpo[0] == 4
        assert f"The customs house gives +{bonus} for them" in g.rules.secret(g.state, "Ann")


def test_other_games_keep_nothing_secret_by_default():
    assert Rules().secret(None, "Ann") is None


def test_at_the_end_the_chips_are_public_and_match_the_score():
    from .test_end import finish_round

    g = new(3)
    g.state.pool = g.state.pool0 = 3
    give(g, 0, goods={"corn": 3})
    g.play("captain")
    g.play("load corn 4")   # 3 + 1 VP: the last chip goes (G3)
    finish_round(g)
    assert g.finished
    assert g.rules.secret(g.state, "Ann") == ("Ann has 4 VP from shipping: 3 in chips and 1 noted after the chips "
                                              "ran out (rule 6.3). The game is over, so every player's VP are "
                                              "shown.")
    assert g.result().entry("Ann").breakdown["vp_chips"] == 4
    assert [p["vp"] for p in g.view()["players"]] == [4, 0, 0]
