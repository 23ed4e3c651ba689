"""What the table is told after a move: every automatic step and every skipped turn is said, with its rule."""

from .helpers import give, new, turn_to


def test_skipped_sellers_and_builders_are_told_why():
    g = new(4)
    give(g, 0, goods={"corn": 1})
    give(g, 1, goods={"corn": 1})
    g.play("trader")
    g.play("sell corn")
    ev = g.view()["events"]
    assert "Bob has only kinds the trading house already holds, so cannot sell (rule 5.6 T2)." in ev
    assert "Cal has no goods to sell." in ev
    g = new(4)
    give(g, 1, doubloons=0)
    g.play("builder")
    g.play("pass")
    assert "Bob cannot pay for any building left to build (rule 5.4 B2-B3)." in g.view()["events"]


def test_prospector_and_craftsman_without_privilege_are_told():
    g = new(4)
    turn_to(g, 3)
    g.play("prospector")
    assert "Dan takes 1 doubloon from the supply (prospector, rule 5.8)." in g.view()["events"]
    g = new(4)
    g.play("craftsman")   # nobody has an occupied plantation at the start
    assert "Ann produced nothing, so there is no craftsman's extra barrel (rule 5.5 C4)." in g.view()["events"]


def test_vp_beyond_the_chips_are_said_in_the_load_event():
    g = new(4)
    give(g, 0, goods={"corn": 4})
    s = g.state
    s.pool = 2
    s.pool0 = 2
    g.play("captain")
    g.play("load corn 5")
    ev = g.view()["events"]
    assert ev[0] == ("Ann loads 4 corn on the 5-ship for 5 VP (3 of them noted beyond the chips, which have run out: "
                     "they count, rule 6.3).")
    assert "The last VP chip is gone (G3)" in ev[1]


def test_articles_in_events():
    g = new(4)
    give(g, 0, doubloons=10)
    g.play("builder")
    g.play("build office")
    assert "Ann builds an office for 4 doubloons." in g.view()["events"]
    g = new(4, row=["indigo", "corn", "sugar", "tobacco", "coffee"])
    g.play("settler")
    g.play("take indigo")
    assert "Ann takes an indigo tile." in g.view()["events"]
