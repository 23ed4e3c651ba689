"""The final-scoring calculator (scoring/carcassonne.py): examples, refusals, properties."""

import copy

import pytest
from hypothesis import given, settings, strategies as st

import referee
from scoring import ScoringError
from scoring.carcassonne import CHOICES, TEMPLATE, score


def base(players=("Red", "Blue"), **extra):
    d = {"game": "carcassonne", "expansions": ["traders-builders"], "players": list(players),
         "points_so_far": {p: 0 for p in players}, "features": []}
    d.update(extra)
    return d


def pts(result):
    return {e.player: e.total for e in result.ranking}


def test_template_and_choices():
    r = score(copy.deepcopy(TEMPLATE))
    assert pts(r) == {"Ann": 54 + 6 + 6 + 12 + 20, "Bob": 61 + 3 + 6 + 20}
    assert r.entry("Ann").breakdown == {"so_far": 54, "roads": 0, "cities": 6, "cloisters": 6, "farms": 12,
                                        "goods": 20}
    assert CHOICES == {"feature": ["road", "city", "cloister", "farm"], "good": ["wine", "grain", "cloth"]}
    assert referee.score("carcassonne", copy.deepcopy(TEMPLATE)).winners == ["Ann"]


# --- worked examples (§8) -------------------------------------------------------------------------
def test_w2_goods_two_players():
    d = base(goods={"Red": {"wine": 2, "grain": 1, "cloth": 0}, "Blue": {"wine": 2, "grain": 1, "cloth": 3}})
    r = score(d)
    assert r.entry("Red").breakdown["goods"] == 20 and r.entry("Blue").breakdown["goods"] == 30


def test_w4_pig_with_sole_majority():
    d = base(features=[{"type": "farm", "completed_cities": 2, "followers": {"Red": 2, "Blue": 1},
                        "pigs": ["Red"]}])
    assert pts(score(d)) == {"Red": 8, "Blue": 0}


def test_w5_pig_three_way_tie():
    d = base(("Red", "Blue", "Green"), features=[
        {"type": "farm", "completed_cities": 2, "followers": {"Red": 1, "Blue": 1, "Green": 1},
         "pigs": ["Red", "Blue"]}])
    assert pts(score(d)) == {"Red": 8, "Blue": 8, "Green": 6}


def test_w6_fields_with_ties():
    d = base(("Yellow", "Red"), features=[
        {"type": "farm", "completed_cities": 2, "followers": {"Yellow": 1}},
        {"type": "farm", "completed_cities": 2, "followers": {"Yellow": 1, "Red": 1}}])
    assert pts(score(d)) == {"Yellow": 12, "Red": 6}
    d = base(("Yellow", "Red"), features=[
        {"type": "farm", "completed_cities": 2, "followers": {"Yellow": 2, "Red": 1}}])
    assert pts(score(d)) == {"Yellow": 6, "Red": 0}


def test_w7_incomplete_road_tie_and_majority():
    d = base(features=[{"type": "road", "tiles": 4, "followers": {"Red": 1, "Blue": 1}}])
    assert pts(score(d)) == {"Red": 4, "Blue": 4}
    d = base(features=[{"type": "road", "tiles": 4, "followers": {"Red": 2, "Blue": 1}}])
    assert pts(score(d)) == {"Red": 4, "Blue": 0}


# --- formulas (§5.6, §5.8) ------------------------------------------------------------------------
def test_incomplete_city_and_cloister():
    d = base(features=[{"type": "city", "tiles": 5, "pennants": 2, "followers": {"Red": 1}},
                       {"type": "cloister", "neighbours": 6, "followers": {"Blue": 1}},
                       {"type": "road", "tiles": 3, "followers": {}}])
    r = score(d)
    assert r.entry("Red").breakdown["cities"] == 7 and r.entry("Blue").breakdown["cloisters"] == 7
    assert r.entry("Red").breakdown["roads"] == r.entry("Blue").breakdown["roads"] == 0


def test_goods_zero_tokens_score_nothing_and_ties():
    d = base(goods={"Red": {"wine": 0, "grain": 0, "cloth": 0}, "Blue": {"wine": 0}})
    assert pts(score(d)) == {"Red": 0, "Blue": 0}
    d = base(goods={"Red": {"cloth": 1}, "Blue": {"cloth": 1}})
    assert pts(score(d)) == {"Red": 10, "Blue": 10}


def test_shared_win_no_tiebreak():
    r = score(base(points_so_far={"Red": 30, "Blue": 30}))
    assert [e.rank for e in r.ranking] == [1, 1] and r.winners == ["Red", "Blue"]


def test_farm_rules_options():
    farms = [{"type": "farm", "cities": ["a", "b"], "followers": {"Red": 1}},
             {"type": "farm", "cities": ["a"], "followers": {"Red": 1, "Blue": 2}, "pigs": ["Blue"]},
             {"type": "farm", "cities": ["b"], "followers": {"Red": 1}, "pigs": ["Red"]}]
    cur = score(base(features=farms))
    assert cur.entry("Red").breakdown["farms"] == 6 + 4 and cur.entry("Blue").breakdown["farms"] == 4
    once = score(base(features=farms, options={"farm_rule": "once-per-city"}))
    # Red earns a (farm 1) and b (farms 1 and 3, pig in 3): 3 + 4; Blue earns a with pig: 4
    assert once.entry("Red").breakdown["farms"] == 7 and once.entry("Blue").breakdown["farms"] == 4
    by_city = score(base(features=farms, options={"farm_rule": "by-city"}))
    # city a: Red 2 vs Blue 2 -> both 4 (+1 Blue's pig); city b: Red 2 -> 4 + 1 (pig in farm 3)
    assert by_city.entry("Red").breakdown["farms"] == 4 + 5 and by_city.entry("Blue").breakdown["farms"] == 5
    assert by_city.notes


# --- refusals: one sentence naming the field ---------------------------------------------------------
BAD = [
    (lambda d: d.update(colour=1), r"Unknown key colour"),
    (lambda d: d.update(game="port-royal"), r"game must be 'carcassonne'"),
    (lambda d: d.update(expansions=["inns"]), r"expansions\[0\]: unknown expansion 'inns'"),
    (lambda d: d.pop("players"), r"players is missing"),
    (lambda d: d.update(players=["Red"], points_so_far={"Red": 0}), r"players must list 2 to 6 players"),
    (lambda d: d.update(players=["Red", "red"]), r"player red is listed twice"),
    (lambda d: d.pop("points_so_far"), r"points_so_far is missing"),
    (lambda d: d.update(points_so_far={"Red": 1}), r"points_so_far has no entry for Blue"),
    (lambda d: d.update(points_so_far={"Red": -1, "Blue": 0}), r"points_so_far.Red cannot be negative"),
    (lambda d: d.update(points_so_far={"Red": 1, "Blue": 0, "Cyan": 3}), r"points_so_far.Cyan: 'Cyan' is not a player"),
    (lambda d: d.update(features=[{"type": "castle"}]), r"features\[0\].type: unknown feature type 'castle'"),
    (lambda d: d.update(features=[{"tiles": 3}]), r"features\[0\].type is missing"),
    (lambda d: d.update(features=[{"type": "road", "followers": {}}]), r"features\[0\].tiles is missing"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 0, "followers": {}}]), r"features\[0\].tiles must be at least 1"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 3, "pennants": 1}]), r"Unknown key features\[0\].pennants"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 3, "followers": {"Cyan": 1}}]),
     r"features\[0\].followers: 'Cyan' is not a player"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 3, "followers": {"Red": -1}}]),
     r"features\[0\].followers.Red cannot be negative"),
    (lambda d: d.update(features=[{"type": "city", "tiles": 2, "pennants": 3, "followers": {}}]),
     r"features\[0\].pennants \(3\) cannot exceed its tiles"),
    (lambda d: d.update(features=[{"type": "cloister", "neighbours": 9, "followers": {}}]),
     r"features\[0\].neighbours must be at most 8"),
    (lambda d: d.update(features=[{"type": "cloister", "followers": {"Red": 1}}]), r"neighbours is missing"),
    (lambda d: d.update(features=[{"type": "cloister", "neighbours": 3, "followers": {"Red": 1, "Blue": 1}}]),
     r"a cloister holds at most one monk"),
    (lambda d: d.update(features=[{"type": "farm", "followers": {"Red": 1}}]), r"completed_cities is missing"),
    (lambda d: d.update(features=[{"type": "farm", "completed_cities": 2, "cities": ["a"], "followers": {}}]),
     r"completed_cities is 2 but features\[0\].cities lists 1"),
    (lambda d: d.update(features=[{"type": "farm", "cities": ["a", "a"], "followers": {}}]), r"lists city a twice"),
    (lambda d: d.update(features=[{"type": "farm", "completed_cities": 1, "followers": {"Red": 1}, "pigs": ["Blue"]}]),
     r"features\[0\].pigs: Blue has no farmer in this farm.*PG2"),
    (lambda d: d.update(features=[{"type": "farm", "completed_cities": 1, "followers": {"Red": 1}, "pigs": ["Red"]},
                                  {"type": "farm", "completed_cities": 1, "followers": {"Red": 1}, "pigs": ["Red"]}]),
     r"features\[1\].pigs: Red has only one pig.*PG1"),
    (lambda d: d.update(expansions=[], features=[{"type": "farm", "completed_cities": 1, "followers": {"Red": 1},
                                                  "pigs": ["Red"]}]),
     r"pigs come with Traders & Builders"),
    (lambda d: d.update(features=[{"type": "farm", "completed_cities": 1, "followers": {"Red": 1}}],
                        options={"farm_rule": "by-city"}), r"features\[0\].cities is needed with farm_rule by-city"),
    (lambda d: d.update(options={"farm_rule": "old"}), r"options.farm_rule: unknown farm rule 'old'"),
    (lambda d: d.update(options={"small": 1}), r"Unknown key options.small"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 2, "followers": {"Red": 4}},
                                  {"type": "city", "tiles": 2, "followers": {"Red": 4}}]),
     r"Red has 8 followers on the board but each player has 7"),
    (lambda d: d.update(goods={"Red": {"wine": 5}, "Blue": {"wine": 5}}), r"10 wine tokens in all, but the game has only 9"),
    (lambda d: d.update(goods={"Red": {"grain": 7}}), r"goods.Red.grain must be at most 6"),
    (lambda d: d.update(goods={"Red": {"beer": 1}}), r"Unknown key goods.Red.beer"),
    (lambda d: d.update(goods={"Cyan": {"wine": 1}}), r"goods: 'Cyan' is not a player"),
    (lambda d: d.update(expansions=[], goods={"Red": {"wine": 1}}), r"goods tokens come with Traders & Builders"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 97, "followers": {}}]), r"tiles must be at most 96"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 2.5, "followers": {}}]), r"tiles must be a whole number"),
    (lambda d: d.update(features="road"), r"features must be a list"),
    (lambda d: d.update(features=[{"type": "city", "tiles": 6, "pennants": 6, "followers": {}},
                                  {"type": "city", "tiles": 6, "pennants": 5, "followers": {}}]),
     r"11 pennants in incomplete cities but the game has only 10"),
    (lambda d: d.update(features=[{"type": "cloister", "neighbours": 1, "followers": {}}] * 8),
     r"8 cloisters but the game has only 7"),
    (lambda d: d.update(expansions=[], features=[{"type": "cloister", "neighbours": 1, "followers": {}}] * 7),
     r"7 cloisters but the game has only 6"),
    (lambda d: d.update(features=[{"type": "farm", "cities": [True], "followers": {}}]),
     r"features\[0\].cities\[0\] must be a city id"),
    (lambda d: d.update(goods=["wine"]), r"goods must be an object"),
    (lambda d: d.update(players="Red"), r"players must be a list"),
    (lambda d: d.update(players=["Red", ""]), r"players\[1\] must be a non-empty text"),
    (lambda d: d.update(expansions="traders-builders"), r"expansions must be a list"),
    (lambda d: d.update(options="by-city"), r"options must be an object"),
    (lambda d: d.update(points_so_far=[1, 2]), r"points_so_far must be an object"),
    (lambda d: d.update(points_so_far={"Red": "ten", "Blue": 0}), r"points_so_far.Red must be a whole number"),
    (lambda d: d.update(features=["road"]), r"features\[0\] must be an object"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 2, "followers": ["Red"]}]),
     r"features\[0\].followers must be an object"),
    (lambda d: d.update(features=[{"type": "road", "tiles": 2, "followers": {"Red": 8}}]),
     r"features\[0\].followers.Red must be at most 7"),
    (lambda d: d.update(features=[{"type": "farm", "cities": "a", "followers": {}}]),
     r"features\[0\].cities must be a list"),
    (lambda d: d.update(features=[{"type": "farm", "completed_cities": 1, "followers": {"Red": 1}, "pigs": "Red"}]),
     r"features\[0\].pigs must be a list"),
    (lambda d: d.update(goods={"Red": 3}), r"goods.Red must be an object"),
]


@pytest.mark.parametrize("mutate,message", BAD)
def test_rejected_inputs(mutate, message):
    d = base()
    mutate(d)
    with pytest.raises(ScoringError, match=message) as info:
        score(d)
    text = str(info.value)
    assert text.endswith((".", "?")) and "\n" not in text
    with pytest.raises(referee.BadInput, match=message):
        referee.score("carcassonne", d)


# --- properties ---------------------------------------------------------------------------------------
NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve"]


@st.composite
def inputs(draw):
    n = draw(st.integers(2, 5))
    players = NAMES[:n]
    budget = {p: 7 for p in players}
    pig_left = set(players)
    pennants_left = [10]

    def followers():
        out = {}
        for p in players:
            k = draw(st.integers(0, min(2, budget[p])))
            if k:
                out[p] = k
                budget[p] -= k
        return out

    features = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(CHOICES["feature"]))
        fol = followers()
        if kind == "road":
            features.append({"type": "road", "tiles": draw(st.integers(1, 20)), "followers": fol})
        elif kind == "city":
            t = draw(st.integers(1, 20))
            k = draw(st.integers(0, min(t, pennants_left[0])))
            pennants_left[0] -= k
            features.append({"type": "city", "tiles": t, "pennants": k, "followers": fol})
        elif kind == "cloister" and sum(f["type"] == "cloister" for f in features) < 7:
            one = {p: 1 for p in list(fol)[:1]}
            features.append({"type": "cloister", "neighbours": draw(st.integers(0, 8)), "followers": one})
        elif kind == "farm":
            pigs = [p for p in fol if p in pig_left and draw(st.booleans())]
            pig_left.difference_update(pigs)
            features.append({"type": "farm", "completed_cities": draw(st.integers(0, 10)), "followers": fol,
                             "pigs": pigs})
    goods = {}
    left = {"wine": 9, "grain": 6, "cloth": 5}
    for p in players:
        row = {}
        for g in CHOICES["good"]:
            k = draw(st.integers(0, left[g]))
            left[g] -= k
            row[g] = k
        goods[p] = row
    return {"game": "carcassonne", "expansions": ["traders-builders"], "players": players,
            "points_so_far": {p: draw(st.integers(0, 150)) for p in players}, "features": features,
            "goods": goods}


@settings(max_examples=150, deadline=None)
@given(inputs(), st.randoms())
def test_properties(data, rnd):
    r = score(copy.deepcopy(data))
    totals = [e.total for e in r.ranking]
    assert totals == sorted(totals, reverse=True)
    for e in r.ranking:
        assert sum(e.breakdown.values()) == e.total
        assert set(e.breakdown) == {"so_far", "roads", "cities", "cloisters", "farms", "goods"}
        assert e.rank == 1 + sum(1 for o in r.ranking if o.total > e.total)
        assert all(v >= 0 for v in e.breakdown.values())
    shuffled = copy.deepcopy(data)
    rnd.shuffle(shuffled["players"])
    rnd.shuffle(shuffled["features"])
    r2 = score(shuffled)
    assert {e.player: (e.total, e.rank, e.breakdown) for e in r2.ranking} == \
        {e.player: (e.total, e.rank, e.breakdown) for e in r.ranking}
