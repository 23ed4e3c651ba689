import pytest

from referee.core.errors import IllegalMove

from .helpers import give, new, texts


def test_role_already_taken_is_refused_and_state_unchanged():
    g = new(3)
    g.play("prospector") if "prospector" in texts(g) else g.play("builder")
    # builder: everyone passes (cannot afford nothing? they can afford small market) -> pass through
    while g.state.phase != "role":
        g.play("pass")
    before = g.view()
    with pytest.raises(IllegalMove, match=r"builder was already chosen this round by Ann.*rule 5.1 R1"):
        g.play("builder")
    assert g.view() == before


def test_no_prospector_with_three_players():
    g = new(3)
    with pytest.raises(IllegalMove, match="no prospector card with 3 players"):
        g.play("prospector")


def test_role_choice_is_compulsory():
    g = new(4)
    with pytest.raises(IllegalMove, match="compulsory"):
        g.play("pass")


def test_prospector_with_two_doubloons_gives_three():   # rules 8.11
    g = new(4)
    g.state.card_coins[6] = 2
    g.state.bank -= 2
    from .helpers import refresh
    refresh(g)
    g.play("prospector")
    assert g.view()["players"][0]["doubloons"] == 3 + 3
    g.check()


def test_doubloons_on_unchosen_roles_and_governor_rotation():
    g = new(3)
    # three prospector-free roles chosen quickly: trader, craftsman, captain (nobody has goods -> no decisions)
    g.play("trader")
    g.play("craftsman")   # Bob: Ann/Bob/Cal have no occupied plantations -> nothing produced
    g.play("captain")
    v = g.view()
    assert v["round"] == 2 and v["governor"] == "Bob"
    coins = {r["role"]: r["doubloons"] for r in v["roles"]}
    assert coins == {"settler": 1, "mayor": 1, "builder": 1, "trader": 0, "craftsman": 0, "captain": 0}
    assert g.to_move == "Bob"
    # a card keeps collecting doubloons while nobody chooses it
    g.play("trader"); g.play("craftsman"); g.play("captain")
    assert {r["role"]: r["doubloons"] for r in g.view()["roles"]}["settler"] == 2
    assert g.to_move == "Cal"
    g.play("settler")   # Cal takes the 2 doubloons
    assert g.view()["players"][2]["doubloons"] == 2 + 2
    g.check()


def test_two_player_role_order_and_single_leftover():
    g = new(2)
    order = []
    for _ in range(6):
        order.append(g.to_move)
        role = next(t for t in ("trader", "craftsman", "captain", "prospector", "builder", "mayor", "settler")
                    if t in texts(g))
        g.play(role)
        while g.state.phase not in ("role",) and not g.finished and g.state.round == 1:
            moves = texts(g)
            g.play("pass" if "pass" in moves else ("ok" if "ok" in moves else moves[0]))
    assert order == ["Ann", "Bob", "Ann", "Bob", "Ann", "Bob"]
    v = g.view()
    assert v["round"] == 2 and v["governor"] == "Bob"
    assert sum(r["doubloons"] for r in v["roles"]) == 1   # exactly one card left over
    g.check()


def test_two_player_phase_starts_with_chooser_then_other():
    g = new(2)
    g.play("prospector")     # Ann
    give(g, 0, doubloons=5)
    give(g, 1, doubloons=5)
    g.play("builder")        # Bob chooses: Bob builds first, then Ann
    assert g.to_move == "Bob"
    g.play("pass")
    assert g.to_move == "Ann"


def test_five_players_two_prospectors():
    from .helpers import refresh
    g = new(5)
    assert texts(g).count("prospector") == 1
    g.state.card_coins[7] = 2
    g.state.bank -= 2
    refresh(g)
    assert "prospector 2" in texts(g) and "prospector 0" in texts(g) and "prospector" not in texts(g)
    g.play("prospector")           # the richer card
    assert g.view()["players"][0]["doubloons"] == 4 + 3
    assert "prospector" in texts(g)
    g.play("prospector")
    assert g.view()["players"][1]["doubloons"] == 4 + 1
    assert not any(t.startswith("prospector") for t in texts(g))
    g.check()


def test_two_player_board_shows_every_role_a_player_holds():
    from rich.console import Console

    g = new(2)
    g.play("prospector")   # Ann
    g.play("trader")       # Bob: nobody has goods, the phase is over at once
    g.play("craftsman")    # Ann: nothing produced yet
    v = g.view()
    assert v["players"][0]["roles"] == ["craftsman", "prospector"]
    assert v["players"][1]["roles"] == ["trader"]
    console = Console(width=120, record=True)
    console.print(g.render())
    out = console.export_text()
    assert "(craftsman, prospector)" in out and "(trader)" in out


def _drain_bank(g):
    """Move every doubloon of the bank to Dan (the table's doubloons all in players' hands)."""
    s = g.state
    s.dbl[3] += s.bank
    s.bank = 0
    g.check()


def test_doubloon_bank_limit_option_pays_only_what_the_bank_holds():
    g = new(4, doubloon_bank_limit=True)
    _drain_bank(g)
    g.play("prospector")          # Ann: the empty bank pays nothing
    assert g.state.dbl[0] == 3
    for role in ("settler", "mayor", "builder"):
        while g.state.phase != "role":
            g.play("pass" if "pass" in texts(g) else "ok" if "ok" in texts(g) else texts(g)[0])
        g.play(role)
    while g.state.round == 1:
        g.play("pass" if "pass" in texts(g) else "ok" if "ok" in texts(g) else texts(g)[0])
    assert [r["doubloons"] for r in g.view()["roles"]] == [0] * 7   # no doubloon for the unchosen roles
    g.check()


def test_unlimited_bank_pays_on_with_a_warning():
    from rich.console import Console

    g = new(4)
    _drain_bank(g)
    g.play("prospector")
    assert g.state.dbl[0] == 4
    assert "1 doubloons more than the box" in g.view()["warning"]
    console = Console(width=120, record=True)
    console.print(g.render())
    assert "paid out 1 doubloon more than the box holds" in console.export_text()
    g.check()


def test_board_names_the_phase_and_who_chooses_next():
    from rich.console import Console

    g = new(3)
    g.play("trader")   # nobody has goods: the phase is over at once
    v = g.view()
    assert v["phase"] == "role" and v["role"] is None and v["to_move"] == "Bob"
    console = Console(width=120, record=True)
    console.print(g.render())
    assert "Phase: choosing roles (Bob chooses; pick 2 of 3 this round)" in console.export_text()
    g.play("settler")
    assert g.view()["role"] == "settler" and g.view()["chooser"] == "Bob"
