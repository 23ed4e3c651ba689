import copy

import pytest
from hypothesis import given, settings, strategies as st

import referee
from scoring import ScoringError
from scoring.puerto_rico import BUILDING_IDS, CHOICES, TEMPLATE, score


def player(name="Ann", **kw):
    d = {"name": name, "vp_chips": 0, "doubloons": 0, "goods": 0, "island_spaces": 5, "colonists": 0,
         "buildings": {}}
    d.update(kw)
    return d


def two(p, q=None):
    return {"game": "puerto-rico", "players": [p, q or player("Bob")]}


# --- the worked examples of rules §8 / the seed --------------------------------------------------

def test_fortress_example():
    r = score(two(player(colonists=20, buildings={"fortress": 1})))
    assert r.entry("Ann").breakdown == {"vp_chips": 0, "buildings": 4, "fortress": 6}


def test_customs_house_example():
    r = score(two(player(vp_chips=23, colonists=1, buildings={"customs-house": 1})))
    assert r.entry("Ann").breakdown["customs-house"] == 5


def test_residence_example():
    r = score(two(player(island_spaces=10, colonists=1, buildings={"residence": 1})))
    assert r.entry("Ann").breakdown["residence"] == 5
    for n, b in [(0, 4), (9, 4), (11, 6), (12, 7)]:
        r = score(two(player(island_spaces=n, colonists=1, buildings={"residence": 1})))
        assert r.entry("Ann").breakdown["residence"] == b


def test_city_hall_example():
    blds = {"hacienda": 0, "construction-hut": 0, "office": 0, "large-warehouse": 0, "harbor": 0,
            "residence": 0, "city-hall": 1}
    r = score(two(player(colonists=1, buildings=blds)))
    assert r.entry("Ann").breakdown["city-hall"] == 7
    assert "residence" not in r.entry("Ann").breakdown   # unoccupied: printed VP only


def test_guild_hall_example_rule_wins_over_misprint():
    blds = {"small-sugar-mill": 0, "sugar-mill": 0, "small-indigo-plant": 0, "coffee-roaster": 0, "guild-hall": 1}
    r = score(two(player(colonists=1, buildings=blds)))
    assert r.entry("Ann").breakdown["guild-hall"] == 6
    assert r.entry("Ann").breakdown["buildings"] == 1 + 2 + 1 + 3 + 4


def test_unoccupied_large_building_gives_printed_vp_only():
    r = score(two(player(buildings={"fortress": 0}, colonists=30)))
    assert r.entry("Ann").breakdown == {"vp_chips": 0, "buildings": 4}


def test_tiebreak_and_shared_win():
    r = score(two(player("Ann", vp_chips=10, doubloons=3, goods=1), player("Bob", vp_chips=10, doubloons=2)))
    assert [e.player for e in r.ranking] == ["Ann", "Bob"] and r.ranking[0].tiebreak == 4
    assert r.ranking[1].rank == 2
    r = score(two(player("Ann", vp_chips=10, doubloons=3), player("Bob", vp_chips=10, goods=3)))
    assert r.winners == ["Ann", "Bob"] and r.ranking[0].note == "shared win"


def test_overflow_option_for_customs_house():
    p = player(vp_chips=24, vp_overflow=4, colonists=1, buildings={"customs-house": 1})
    assert score(two(p)).entry("Ann").breakdown["customs-house"] == 6
    data = two(p)
    data["options"] = {"customs-house-counts-overflow": False}
    assert score(data).entry("Ann").breakdown["customs-house"] == 5


def test_template_and_choices():
    r = score(copy.deepcopy(TEMPLATE))
    assert len(r.ranking) == 2
    assert CHOICES["building"] == list(BUILDING_IDS) and len(BUILDING_IDS) == 23
    assert referee.score("puerto-rico", copy.deepcopy(TEMPLATE)).to_dict()["game"] == "puerto-rico"


# --- rejected input: the message names the field --------------------------------------------------

@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["players"][0]["buildings"].update({"guildhal": 1}), r"players\[0\]\.buildings.*Did you mean guild-hall"),
    (lambda d: d["players"][0]["buildings"].update({"indigo-plant": 4}), r"players\[0\]\.buildings\.indigo-plant"),
    (lambda d: d["players"][0].update({"island_spaces": 13}), r"players\[0\]\.island_spaces"),
    (lambda d: d["players"][0].update({"island_spaces": -1}), r"players\[0\]\.island_spaces"),
    (lambda d: d["players"][0].update({"vp_chips": -3}), r"players\[0\]\.vp_chips"),
    (lambda d: d["players"][0].update({"doubloons": "x"}), r"players\[0\]\.doubloons"),
    (lambda d: d["players"][0].update({"goods": -1}), r"players\[0\]\.goods"),
    (lambda d: d["players"][0].update({"colonists": 0}), r"players\[0\]\.colonists"),
    (lambda d: d["players"][0].update({"vp_overflow": 99}), r"players\[0\]\.vp_overflow"),
    (lambda d: d["players"][0].update({"colour": "red"}), r"players\[0\]\.colour"),
    (lambda d: d["players"][0].pop("buildings"), r"players\[0\]\.buildings is missing"),
    (lambda d: d["players"][0].pop("name"), r"players\[0\]\.name is missing"),
    (lambda d: d["players"][1].update({"name": "ann"}), r"players: player ann is listed twice"),
    (lambda d: d.update({"players": d["players"][:1]}), r"players must list 2 to 5"),
    (lambda d: d.update({"extra": 1}), r"Unknown key extra"),
    (lambda d: d.update({"game": "carcassonne"}), r"game must be puerto-rico"),
    (lambda d: d.update({"options": {"x": 1}}), r"options\.x"),
    (lambda d: d["players"][0]["buildings"].update({"guild hall": 0}), r"players\[0\]\.buildings\.guild-hall is listed twice"),
    (lambda d: d["players"][0]["buildings"].update(
        {b: 0 for b in ("residence", "fortress", "customs-house", "city-hall", "small-market", "hacienda",
                        "construction-hut", "office", "harbor")}), r"players\[0\]\.buildings take 15 city spaces"),
    (lambda d: [p["buildings"].update({"harbor": 0}) for p in d["players"]] and d["players"].append(
        {**player("Cal"), "buildings": {"harbor": 0}}), r"buildings\.harbor: 3 players own one but the box has 2"),
    (lambda d: [p["buildings"].update({"harbor": 0}) for p in d["players"]], r"buildings\.harbor: 2 players own one but the box has 1 in the 2-player"),
])
def test_rejections_name_the_field(mutate, field):
    data = {"game": "puerto-rico", "players": [player("Ann", colonists=1, buildings={"guild-hall": 1}), player("Bob")]}
    mutate(data)
    with pytest.raises(ScoringError, match=field):
        score(data)


@pytest.mark.parametrize("data,field", [
    ([1, 2], r"^input must be an object"),
    ({"game": "puerto-rico"}, r"^players is missing"),
    ({"players": {"Ann": 1}}, r"^players must be a list"),
    ({"players": ["Ann", "Bob"]}, r"^players\[0\] must be an object"),
    ({"players": [player(""), player("Bob")]}, r"^players\[0\]\.name must be a non-empty text"),
    ({"players": [player(buildings=[]), player("Bob")]}, r"^players\[0\]\.buildings must be an object"),
    ({"players": [player(buildings={"harbor": "yes"}), player("Bob")]}, r"^players\[0\]\.buildings\.harbor must be a whole"),
    ({"players": [player(buildings={"harbor": -1}), player("Bob")]}, r"^players\[0\]\.buildings\.harbor cannot be negative"),
    ({"players": [player(), player("Bob")], "options": []}, r"^options must be an object"),
    ({"players": [player(), player("Bob")], "options": {"customs-house-counts-overflow": "no"}},
     r"^options\.customs-house-counts-overflow must be true or false"),
    ({"players": [player(colonists=101), player("Bob")]}, r"^players\[0\]\.colonists must be at most 100"),
    ({"players": [player(goods=51), player("Bob")]}, r"^players\[0\]\.goods must be at most 50"),
])
def test_more_rejections_name_the_field(data, field):
    with pytest.raises(ScoringError, match=field):
        score(data)


def test_referee_score_turns_errors_into_bad_input():
    with pytest.raises(referee.BadInput, match="island_spaces"):
        referee.score("puerto-rico", two(player(island_spaces=20)))


def test_names_with_spaces_and_underscores_accepted():
    r = score(two(player(colonists=1, buildings={"Guild_Hall": 1, "small indigo plant": 0})))
    assert r.entry("Ann").breakdown["guild-hall"] == 1


# --- properties ----------------------------------------------------------------------------------

_BUILDINGS = st.lists(st.sampled_from([b for b in BUILDING_IDS if b not in (
    "guild-hall", "residence", "fortress", "customs-house", "city-hall")]), max_size=6, unique=True)


@st.composite
def players(draw):
    n = draw(st.integers(3, 5))
    out = []
    large = ["guild-hall", "residence", "fortress", "customs-house", "city-hall"]
    for i in range(n):
        blds = {b: 0 for b in draw(_BUILDINGS)}
        if draw(st.booleans()):
            blds[large[i]] = draw(st.integers(0, 1))
        from scoring.puerto_rico import _buildings
        info = _buildings()
        for b in list(blds):
            blds[b] = min(draw(st.integers(0, 3)), info[b]["circles"])
        on = sum(blds.values())
        out.append({"name": f"P{i}", "vp_chips": draw(st.integers(0, 60)), "doubloons": draw(st.integers(0, 20)),
                    "goods": draw(st.integers(0, 8)), "island_spaces": draw(st.integers(0, 12)),
                    "colonists": on + draw(st.integers(0, 10)), "buildings": blds})
    return out


@settings(max_examples=150, deadline=None)
@given(players(), st.randoms())
def test_properties(ps, rnd):
    try:
        r = score({"players": ps})
    except ScoringError as e:
        assert "box has" in str(e)   # random cities may exceed the copies in the box
        return
    for e in r.ranking:
        assert sum(e.breakdown.values()) == e.total
    key = {p["name"]: p["doubloons"] + p["goods"] for p in ps}
    for a, b in zip(r.ranking, r.ranking[1:]):
        assert (a.total, key[a.player]) >= (b.total, key[b.player])
        assert (a.rank == b.rank) == ((a.total, key[a.player]) == (b.total, key[b.player]))
    shuffled = list(ps)
    rnd.shuffle(shuffled)
    r2 = score({"players": shuffled})
    assert {e.player: (e.total, e.rank, e.breakdown) for e in r2.ranking} == {
        e.player: (e.total, e.rank, e.breakdown) for e in r.ranking}


def test_engine_counts_san_juan_and_every_island_tile_for_the_score():
    """6.5: the fortress counts colonists in San Juan too; the residence counts quarries as filled spaces."""
    from referee.games.puerto_rico.rules import scoring_input

    from .helpers import give, new

    g = new(4)
    give(g, 0, tiles={"corn": (2, 2), "quarry": (3, 1)}, buildings={"fortress": 1, "residence": 1}, san_juan=5)
    ann = scoring_input(g.state)["players"][0]
    assert ann["colonists"] == 2 + 1 + 1 + 1 + 5      # corn, quarry, fortress, residence, San Juan
    assert ann["island_spaces"] == 1 + 2 + 3           # the starting indigo, corn, quarries
