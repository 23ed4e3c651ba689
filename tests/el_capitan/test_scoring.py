"""The payday calculator (contracts §3 el-capitan): rulebook examples, rejected input, properties."""

import copy

import pytest
from hypothesis import given, settings, strategies as st

import referee
from scoring import ScoringError
from scoring.el_capitan import CHOICES, TEMPLATE, score

P3 = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}, {"name": "Cal", "colour": "green"},
      {"name": "Dan", "colour": "yellow"}]


def run(cities, players=P3, payday=1, **extra):
    return score({"game": "el-capitan", "payday": payday, "players": players, "cities": cities, **extra})


def parts(result, name):
    return result.entry(name).breakdown


def test_x1_expansion_table_confirmed_rows():
    one = {"chain": ["red"], "next_value": 0}
    r = run({c: one for c in CHOICES["city"][:4]})
    assert parts(r, "Ann")["expansion"] == 10            # 4 cities pay 10 (also the seed's example)
    r = run({c: one for c in CHOICES["city"][:3]})
    assert parts(r, "Ann")["expansion"] == 5
    r = run({c: one for c in CHOICES["city"]}, payday=2)
    assert parts(r, "Ann")["expansion"] == 60
    assert parts(r, "Bob")["expansion"] == 0             # no city pays nothing


def test_unknown_expansion_row_is_an_error_naming_the_row_or_comes_from_the_board():
    one = {"chain": ["red"], "next_value": 0}
    with pytest.raises(ScoringError, match=r"expansion_table\.5.*Ann"):
        run({c: one for c in CHOICES["city"][:5]})
    r = run({c: one for c in CHOICES["city"][:5]}, expansion_table={"5": 25})
    assert parts(r, "Ann")["expansion"] == 25


def test_x2_second_place_gets_half_rounded_down():
    r = run({"marseille": {"chain": ["red", "red", "blue"], "next_value": 15}}, expansion_table={"1": 0})
    assert parts(r, "Ann")["majority"] == 15 and parts(r, "Bob")["majority"] == 7


def test_x3_tie_goes_to_the_earlier_first_warehouse():
    r = run({"marseille": {"chain": ["red", "green", "blue", "green", "blue"], "next_value": 20}},
            expansion_table={"1": 0})
    assert (parts(r, "Cal")["majority"], parts(r, "Bob")["majority"], parts(r, "Ann")["majority"]) == (20, 10, 0)
    # Red builds the next warehouse: three-way tie, Red's first warehouse is earliest: Red first, Green second.
    r = run({"marseille": {"chain": ["red", "green", "blue", "green", "blue", "red"], "next_value": 22}},
            expansion_table={"1": 0})
    assert (parts(r, "Ann")["majority"], parts(r, "Cal")["majority"], parts(r, "Bob")["majority"]) == (22, 11, 0)


def test_x4_three_way_tie_shut_warehouse_left_out():
    # A shut Blue warehouse is not in the chain. Red 16, Blue 8 (the Czech text's "16" is a typo), Yellow 0.
    r = run({"marseille": {"chain": ["red", "blue", "yellow", "yellow", "red", "blue"], "next_value": 16}},
            expansion_table={"1": 0})
    assert (parts(r, "Ann")["majority"], parts(r, "Bob")["majority"], parts(r, "Dan")["majority"]) == (16, 8, 0)


def test_x5_fortresses_half_or_full_in_the_most_built_city():
    cities = {"valencia": {"chain": ["green", "red", "green"], "next_value": 20, "fortresses": ["green", "red"]},
              "marseille": {"chain": ["blue"] * 3 + ["yellow"] * 3 + ["blue"] * 3 + ["yellow"], "next_value": 16,
                            "fortresses": ["green", "red"]}}
    r = run(cities, expansion_table={"1": 0, "2": 1}, payday=2)
    assert parts(r, "Cal")["fortresses"] == 10 + 16 and parts(r, "Ann")["fortresses"] == 10 + 16
    # several cities tied for the most: every one pays fortresses the first-place amount
    cities["valencia"]["chain"] = ["green", "red"] * 5
    r = run(cities, expansion_table={"1": 0, "2": 1}, payday=2)
    assert parts(r, "Cal")["fortresses"] == 20 + 16


def test_x10_two_player_neutral_first_pays_nobody_and_no_second_place():
    two = [{"name": "A", "colour": "red", "neutral": "green"}, {"name": "B", "colour": "yellow", "neutral": "blue"}]
    r = run({"marseille": {"chain": ["green", "yellow"], "next_value": 12}}, players=two,
            expansion_table={"1": 0})
    assert parts(r, "A")["majority"] == 0 and parts(r, "B")["majority"] == 0
    r = run({"marseille": {"chain": ["green", "red"], "next_value": 12}}, players=two, expansion_table={"1": 0})
    assert parts(r, "A")["majority"] == 0
    r = run({"marseille": {"chain": ["red", "yellow", "red"], "next_value": 12, "fortresses": ["yellow"]},
             "valencia": {"chain": ["blue"], "next_value": 8, "fortresses": ["red"]}},
            players=two, expansion_table={"1": 0})
    assert parts(r, "A")["majority"] == 12 and parts(r, "B")["majority"] == 0     # no second place (V5)
    assert parts(r, "B")["fortresses"] == 12 and parts(r, "A")["fortresses"] == 4   # O4 printed basis
    r = run({"valencia": {"chain": ["blue"], "next_value": 8, "fortresses": ["red"]},
             "marseille": {"chain": ["red", "yellow", "red"], "next_value": 12}},
            players=two, expansion_table={"1": 0}, options={"fortress_basis": "paid"})
    assert parts(r, "A")["fortresses"] == 0


def test_money_bonus_and_loans_on_payday_3():
    r = score(TEMPLATE)
    ann = r.entry("Ann").breakdown
    assert ann["bonus_cards"] == 15 and ann["money_before"] == 31 and ann["loans"] == -12
    assert r.entry("Ann").total == sum(ann.values())
    t = copy.deepcopy(TEMPLATE)
    t["payday"] = 2
    assert score(t).entry("Ann").breakdown["bonus_cards"] == 0       # paid at the third payday only


def test_referee_score_api():
    assert referee.score("el-capitan", TEMPLATE).to_dict()["game"] == "el-capitan"


def bad(mutate, field):
    data = copy.deepcopy(TEMPLATE)
    mutate(data)
    with pytest.raises(ScoringError) as err:
        score(data)
    assert field in str(err.value), str(err.value)


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d.pop("payday"), "payday"),
    (lambda d: d.update(payday=4), "payday"),
    (lambda d: d.update(players=d["players"][:1]), "players"),
    (lambda d: d["players"][0].update(colour="pink"), "players[0].colour"),
    (lambda d: d["players"][1].update(colour="red"), "players[1]"),
    (lambda d: d["players"][0].update(neutral="yellow"), "players[0].neutral"),
    (lambda d: d["players"][0].pop("name"), "players[0].name"),
    (lambda d: d["cities"].update(paris={"chain": []}), "paris"),
    (lambda d: d["cities"]["marseille"]["chain"].append("yellow"), "cities.marseille.chain[4]"),
    (lambda d: d["cities"]["marseille"].update(chain=["red"] * 13), "cities.marseille.chain"),
    (lambda d: d["cities"]["marseille"].pop("next_value"), "cities.marseille.next_value"),
    (lambda d: d["cities"]["marseille"].update(next_value=-3), "cities.marseille.next_value"),
    (lambda d: d["cities"]["marseille"].update(next_value="x"), "cities.marseille.next_value"),
    (lambda d: d["cities"]["marseille"].update(fortresses=["red", "red"]), "cities.marseille.fortresses"),
    (lambda d: d["cities"]["marseille"].update(fortresses=["red", "blue", "green"]), "cities.marseille.fortresses"),
    (lambda d: d["cities"]["marseille"].update(colour="red"), "cities.marseille.colour"),
    (lambda d: d["bonus_cards"].update(red=20), "bonus_cards.red"),
    (lambda d: d["bonus_cards"].update(blue=15), "bonus_cards.blue"),
    (lambda d: d["bonus_cards"].update(yellow=10), "bonus_cards.yellow"),
    (lambda d: d["money"].pop("blue"), "money.blue"),
    (lambda d: d["money"].update(blue=-1), "money.blue"),
    (lambda d: d["loans"].update(red=[13]), "loans.red[0]"),
    (lambda d: d.pop("money"), "loans"),
    (lambda d: d["expansion_table"].update({"12": 4}), "expansion_table.12"),
    (lambda d: d["expansion_table"].update({"2": -4}), "expansion_table.2"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(options={"fortress_basis": "x"}), "options.fortress_basis"),
])
def test_rejected_input_names_the_field(mutate, field):
    bad(mutate, field)


def test_impossible_piece_counts_for_the_payday_are_rejected():
    with pytest.raises(ScoringError, match="by payday 1 a colour has had only 6"):
        run({"marseille": {"chain": ["red"] * 7, "next_value": 20}})
    with pytest.raises(ScoringError, match="red has 2 fortresses, but by payday 1"):
        run({"marseille": {"chain": [], "next_value": 4, "fortresses": ["red"]},
             "valencia": {"chain": [], "next_value": 4, "fortresses": ["red"]}})
    two = [{"name": "A", "colour": "red", "neutral": "green"}, {"name": "B", "colour": "yellow", "neutral": "blue"}]
    with pytest.raises(ScoringError, match="neutral colour has had only 2"):
        run({"marseille": {"chain": ["green"] * 3, "next_value": 4}}, players=two)


def test_two_player_input_needs_neutral_and_no_neutral_fortress():
    two = [{"name": "A", "colour": "red", "neutral": "green"}, {"name": "B", "colour": "yellow"}]
    with pytest.raises(ScoringError, match=r"players\[1\]\.neutral"):
        run({}, players=two)
    two[1]["neutral"] = "blue"
    with pytest.raises(ScoringError, match=r"cities\.marseille\.fortresses\[0\].*neutral"):
        run({"marseille": {"chain": ["green"], "next_value": 4, "fortresses": ["green"]}}, players=two)


COLOURS = CHOICES["colour"]
CITIES = CHOICES["city"]


@st.composite
def paydays(draw):
    n = draw(st.integers(3, 5))
    colours = draw(st.permutations(COLOURS))[:n]
    players = [{"name": f"P{i}", "colour": c} for i, c in enumerate(colours)]
    cities = {}
    for city in draw(st.lists(st.sampled_from(CITIES), unique=True, max_size=9)):
        chain = draw(st.lists(st.sampled_from(colours), max_size=8))
        forts = draw(st.lists(st.sampled_from(colours), unique=True, max_size=2))
        cities[city] = {"chain": chain, "next_value": draw(st.integers(0, 40)), "fortresses": forts}
    money = {c: draw(st.integers(0, 100)) for c in colours}
    payday = draw(st.integers(1, 3))
    data = {"game": "el-capitan", "payday": payday, "players": players, "cities": cities,
            "expansion_table": {str(k): 3 * k for k in (1, 2, 5, 6, 7, 8)}, "money": money}
    return data


@settings(max_examples=150, deadline=None)
@given(paydays())
def test_properties_parts_sum_ranking_order_and_player_order(data):
    try:
        r = score(data)
    except ScoringError as err:     # too many warehouses/fortresses of one colour drawn
        assert "only" in str(err)
        return
    totals = [e.total for e in r.ranking]
    assert totals == sorted(totals, reverse=True)
    for e in r.ranking:
        assert sum(e.breakdown.values()) == e.total
    for a, b in zip(r.ranking, r.ranking[1:]):
        assert (a.rank == b.rank) == (a.total == b.total)
    flipped = copy.deepcopy(data)
    flipped["players"].reverse()
    r2 = score(flipped)
    assert {e.player: (e.total, e.breakdown, e.rank) for e in r.ranking} == \
        {e.player: (e.total, e.breakdown, e.rank) for e in r2.ranking}
