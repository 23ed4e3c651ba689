import pytest

from referee.core.errors import AmbiguousMove, IllegalMove, InvalidMove

from .helpers import give, new


def test_role_synonyms():
    for typed in ("Settler", "siedler", "osadník", "SETTLER"):
        g = new(4)
        g.play(typed)
        assert g.view()["role"] == "settler"
    g = new(4)
    g.play("Bürgermeister decline")
    assert g.view()["roles"][1]["taken_by"] == "Ann"


def test_typo_did_you_mean():
    g = new(4)
    with pytest.raises(InvalidMove, match="Did you mean builder"):
        g.play("buidler")


def test_building_short_forms_and_hyphens():
    for typed in ("build sm-indigo", "build small indigo plant", "build smallindigoplant", "sm-indigo",
                  "build Small_Indigo_Plant", "build kleine indigokuperei"):
        g = new(4)
        g.play("builder")
        g.play(typed)
        assert "small-indigo-plant" in g.view()["players"][0]["city"], typed


def test_which_production_building():
    g = new(4)
    g.play("builder")
    with pytest.raises(InvalidMove, match="Which sugar building"):
        g.play("build sugar")


def test_goods_synonyms_in_phases():
    g = new(4)
    g.play("settler")
    g.play("take corn plantation")
    g.play("Indigo")
    assert g.view()["players"][1]["island"]["indigo"] == [2, 0]


def test_wrong_phase_explained():
    g = new(4)
    g.play("settler")
    with pytest.raises(IllegalMove, match="It is the settler phase: Ann must take a plantation"):
        g.play("build harbor")


def test_ambiguous_load_lists_candidates():
    g = new(4)
    give(g, 0, goods={"corn": 2})
    g.play("captain")
    with pytest.raises(AmbiguousMove, match="load corn 5, load corn 6, load corn 7"):
        g.play("load corn")
    g.play("ship corn 6")
    assert g.view()["ships"][1]["good"] == "corn"


def test_ok_synonyms_in_mayor():
    g = new(4)
    give(g, 0, tiles={"corn": 2}, buildings={"small-market": 0})
    g.play("mayor")
    g.play("accept")
    assert g.to_move != "Ann" or g.state.phase != "mayor"


def test_prompts_say_who_and_what():
    g = new(4)
    assert g.prompt().startswith("Round 1, governor Ann. Ann: choose a role:")
    g.play("builder")
    assert "Builder phase (Ann). Ann: build one building, or pass: build small-indigo-plant" in g.prompt()
    # the captain phase says that loading is compulsory, and when only the optional wharf is left
    from .helpers import give
    g = new(4)
    give(g, 0, goods={"corn": 2, "sugar": 1}, buildings={"wharf": 1})
    g.play("captain")
    assert "Captain phase (Ann). Ann must load one kind (rule 5.7 K4): load corn 5" in g.prompt()
    g.play("load corn 5")
    g.state.ships[1][1], g.state.ships[1][2] = 3, 6        # fill the other ships: no load open for sugar
    g.state.ships[2][1], g.state.ships[2][2] = 4, 7
    g.state.gsup[3] -= 6
    g.state.gsup[4] -= 7
    from .helpers import refresh
    refresh(g)
    assert "Ann may ship one kind with the wharf, or pass: wharf sugar, pass" in g.prompt()
    from .helpers import NAMES
    import referee
    g = referee.new_game("puerto-rico", NAMES[:2])
    assert g.prompt().startswith("Chance (setup): turn up face-up plantation 1 of 3")


def test_unknown_word():
    g = new(4)
    with pytest.raises(InvalidMove, match="not a word"):
        g.play("xyzzy")


def test_man_page_example_plays():
    import referee
    g = referee.new_game("puerto-rico", ["Ann", "Bob", "Cal", "Dan"])
    for m in ("reveal corn", "reveal indigo", "reveal sugar", "reveal coffee", "reveal corn", "settler",
              "take quarry", "take coffee", "pass", "take corn"):
        g.play(m)
    assert g.prompt().startswith("Chance (settler phase over)")
    g.play("reveal tobacco")


@pytest.mark.parametrize("typed,bid", [
    ("sm-market", "small-market"), ("lg-warehouse", "large-warehouse"), ("sm-sugar", "small-sugar-mill"),
    ("lg-indigo", "indigo-plant"), ("hut", "construction-hut"), ("roaster", "coffee-roaster"),
    ("uni", "university"), ("guild", "guild-hall"), ("customs", "customs-house"), ("harbour", "harbor"),
    ("city hall", "city-hall"), ("wharf", "wharf"), ("Große Markthalle", "large-market")])
def test_short_forms_resolve(typed, bid):
    from referee.games.puerto_rico.words import tokens
    from referee.games.puerto_rico.state import BINDEX
    assert tokens(typed) == [("bld", BINDEX[bid])] or (typed == "wharf" and tokens(typed) == [("verb", "wharf")])


def test_build_wharf_outside_captain_phase():
    g = new(4)
    give(g, 0, doubloons=10)
    g.play("builder")
    g.play("wharf")
    assert "wharf" in g.view()["players"][0]["city"]


def test_filler_words_and_unique_production_buildings():
    g = new(4)
    give(g, 0, goods={"corn": 2}, doubloons=10)
    g.play("builder")
    g.play("build tobacco")
    assert "tobacco-storage" in g.view()["players"][0]["city"]
    g = new(4)
    give(g, 0, goods={"corn": 2})
    g.play("I choose the captain")
    g.play("load corn on the 6 ship")
    assert g.view()["ships"][1] == {"capacity": 6, "good": "corn", "load": 2}


def test_corn_building_explained():
    g = new(4)
    g.play("builder")
    with pytest.raises(InvalidMove, match="Corn needs no production building"):
        g.play("build corn")


def test_verb_of_another_phase():
    g = new(4)
    g.play("builder")
    with pytest.raises(IllegalMove, match="It is the builder phase: Ann must build"):
        g.play("sell corn")
    g = new(4)
    give(g, 0, goods={"corn": 1})
    g.play("captain")
    with pytest.raises(IllegalMove, match="It is the captain phase"):
        g.play("sell corn")


def test_craftsman_extra_short_forms_and_refusal():
    g = new(4)
    give(g, 0, tiles={"corn": (1, 1)})
    g.play("craftsman")
    with pytest.raises(IllegalMove, match="kind he produced"):
        g.play("extra sugar")
    g.play("corn")
    assert g.view()["players"][0]["goods"] == {"corn": 2}


def test_help_text_survives_rich_markup():
    """The table prints the notation through rich, which swallows '[...]' as markup: none may be used."""
    from rich.console import Console

    from referee.games.puerto_rico import RULES

    console = Console(width=130, record=True)
    console.print(RULES.notation)
    out = console.export_text()
    for word in ("no-hospice", "no-university", "load corn 6", "load 3 corn"):
        assert word in out


def test_action_words_choose_the_role_and_partial_names():
    """Said at a table: 'build' when choosing is the builder; a name may be cut short when only one fits;
    a name that fits several buildings is refused naming them."""
    from referee.core.errors import AmbiguousMove

    g = new(4)
    p = g.rules.parse
    assert [p(g.state, t) for t in ("build", "sell", "ship", "prosp", "craftsm")] == [
        "builder", "trader", "captain", "prospector", "craftsman"]
    give(g, 0, doubloons=10)
    g.play("builder")
    assert [p(g.state, t) for t in ("univ", "storage", "big market", "use the hut")] == [
        "build university", "build tobacco-storage", "build large-market", "build construction-hut"]
    for word, names in (("warehouse", "large-warehouse or small-warehouse"), ("hall", "city-hall or guild-hall")):
        with pytest.raises(AmbiguousMove, match=f"'{word}' could be {names}; say which"):
            p(g.state, "build " + word)
