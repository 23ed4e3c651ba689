"""scoring/port_royal.py: the final-scoring calculator (G3, G5-G9, contracts §3)."""

import copy

import pytest
from hypothesis import given, settings, strategies as st

import referee
from scoring import ScoringError, score
from scoring import port_royal as PR


def _score(data):
    return score("port-royal", data)


def test_contract_example():
    res = _score({"game": "port-royal", "variant": "standard",
                  "players": [{"name": "Ann", "coins": 5, "cards": ["admiral-7-2", "sailor-3-1", "expedition-aa"]},
                              {"name": "Bob", "coins": 9, "influence": 12, "expeditions": 0}]})
    ann, bob = res.entry("Ann"), res.entry("Bob")
    assert ann.breakdown == {"persons": 3, "expeditions": 4} and ann.total == 7
    assert bob.total == 12 and bob.rank == 1 and res.winners == ["Bob"]
    assert res.to_dict()["ranking"][0]["player"] == "Bob"


def test_template_and_choices():
    res = _score(copy.deepcopy(PR.TEMPLATE))
    assert len(res.ranking) == len(PR.TEMPLATE["players"])
    assert "expedition-ach" in PR.CHOICES["card"] and "sailor-3-1" in PR.CHOICES["card"]
    assert PR.CHOICES["variant"] == ["standard", "expedition-end"]
    assert len(PR.CHOICES["card"]) == 26 + 6
    assert referee.score("port-royal", copy.deepcopy(PR.TEMPLATE)).to_dict() == res.to_dict()


def test_tie_decided_by_coins_and_shared_win_g3_g9():
    res = _score({"players": [{"name": "Ann", "coins": 4, "influence": 13},
                              {"name": "Bob", "coins": 6, "influence": 13},
                              {"name": "Cal", "coins": 6, "influence": 9},
                              {"name": "Dan", "coins": 6, "influence": 9}]})
    assert [(e.player, e.rank, e.note) for e in res.ranking] == [
        ("Bob", 1, "decided by coins"), ("Ann", 2, "decided by coins"), ("Cal", 3, "shared place"),
        ("Dan", 3, "shared place")]
    assert res.entry("Bob").tiebreak == 6
    res = _score({"players": [{"name": "Ann", "coins": 6, "influence": 13},
                              {"name": "Bob", "coins": 6, "influence": 13}]})
    assert res.winners == ["Ann", "Bob"] and {e.note for e in res.ranking} == {"shared win"}


def test_expedition_end_eligibility_g5_g7():
    res = _score({"variant": "expedition-end",
                  "players": [{"name": "Ann", "coins": 1, "influence": 16, "expeditions": 0},
                              {"name": "Bob", "coins": 0, "influence": 12, "expeditions": 1},
                              {"name": "Cal", "coins": 9, "influence": 5, "expeditions": 1}]})
    assert [e.player for e in res.ranking] == ["Bob", "Cal", "Ann"]
    assert res.winners == ["Bob"]
    assert not res.entry("Ann").eligible and res.entry("Ann").note == "not eligible to win"


def test_expedition_end_without_any_expedition_warns_and_ranks_by_g6():
    res = _score({"variant": "expedition-end",
                  "players": [{"name": "Ann", "coins": 1, "influence": 12}, {"name": "Bob", "coins": 0, "influence": 3}]})
    assert res.winners == ["Ann"]
    assert any("cannot be a finished game" in n for n in res.notes)


def test_five_player_expedition_with_five_players():
    players = [{"name": n, "coins": 0, "influence": 0} for n in "ABCD"]
    players.append({"name": "E", "coins": 0, "cards": ["expedition-ach"]})
    assert _score({"players": players}).entry("E").breakdown == {"persons": 0, "expeditions": 5}


def test_card_ids_are_case_insensitive():
    res = _score({"players": [{"name": "Ann", "coins": 0, "cards": ["Sailor-3-1"]},
                              {"name": "Bob", "coins": 0, "cards": []}]})
    assert res.entry("Ann").total == 1


BAD = [
    ([], r"^input must be an object"),
    ({"players": [], "colour": 1}, r"Unknown key colour"),
    ({"game": "carcassonne", "players": []}, r"^game must be 'port-royal'"),
    ({"variant": "short", "players": []}, r"^variant: unknown variant 'short'"),
    ({"variant": 3, "players": []}, r"^variant must be one of"),
    ({}, r"^players is missing"),
    ({"players": {"Ann": 3}}, r"^players must be a list"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 2}]}, r"^players must list 2 to 5 players, not 1"),
    ({"players": [{"name": f"P{i}", "coins": 1, "influence": 2} for i in range(6)]}, r"^players must list 2 to 5"),
    ({"players": ["Ann", "Bob"]}, r"^players\[0\] must be an object"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 2, "colour": "red"}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"Unknown key players\[0\]\.colour"),
    ({"players": [{"coins": 1, "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.name is missing"),
    ({"players": [{"name": " ", "coins": 1, "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.name must be"),
    ({"players": [{"name": "Ann", "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.coins is missing"),
    ({"players": [{"name": "Ann", "coins": -1, "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.coins cannot be negative"),
    ({"players": [{"name": "Ann", "coins": "3", "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.coins must be a whole number"),
    ({"players": [{"name": "Ann", "coins": 120, "influence": 2}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.coins must be at most 119"),
    ({"players": [{"name": "Ann", "coins": 60, "influence": 2}, {"name": "Bob", "coins": 60, "influence": 1}]}, r"^players\[\*\]\.coins add up to 120"),
    ({"players": [{"name": "Ann", "coins": 100, "cards": ["sailor-3-1"] * 7 + ["admiral-7-2"] * 3},
                  {"name": "Bob", "coins": 19, "cards": ["settler-4-1"] * 5}]},
     r"^players\[\*\]: 119 coins and 15 cards in the personal displays make 134 cards, but only 119 are in play "
     r"with 2 players\.$"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["sailor-3-1", "saylor-3-1"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[1\]: unknown card 'saylor-3-1'\. Did you mean sailor-3-1\?"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": [7]}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.cards\[0\] must be a card id"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["sailor"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[0\]: unknown card 'sailor'; it could be sailor-3-1, sailor-5-2 or sailor-7-3: write the full id\.$"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["aa"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[0\]: unknown card 'aa'; write the full id expedition-aa\.$"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": "sailor-3-1"}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]\.cards must be a list"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["flute-2-3"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[0\]: flute-2-3 is a ship card"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["tax-swords"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[0\]: tax-swords is a tax card"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["expedition-ach"]}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[0\]: expedition-ach is used only with 5 players, not 2"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["pirate-9-3"]}, {"name": "Bob", "coins": 1, "cards": ["pirate-9-3"]}]},
     r"^players\[1\]\.cards\[0\]: the deck has only 1 copy of pirate-9-3"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": ["governor-8-0"] * 5}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.cards\[4\]: the deck has only 4 copies of governor-8-0"),
    ({"players": [{"name": "Ann", "coins": 1, "cards": [], "influence": 3}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.influence: give either cards or influence"),
    ({"players": [{"name": "Ann", "coins": 1}, {"name": "Bob", "coins": 1, "influence": 1}]}, r"^players\[0\]: give either cards or influence"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 113}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.influence must be at most 112"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": -2}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.influence cannot be negative"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 12, "expeditions": 6}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.expeditions must be at most 5"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 7, "expeditions": 2}, {"name": "Bob", "coins": 1, "influence": 1}]},
     r"^players\[0\]\.influence: 7 is less than the 8"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 20, "expeditions": 3}, {"name": "Bob", "coins": 1, "influence": 20, "expeditions": 3}]},
     r"^players\[\*\]\.expeditions add up to 6"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 100}, {"name": "Bob", "coins": 1, "influence": 20}]},
     r"^players\[\*\]\.influence adds up to 120"),
    ({"players": [{"name": "Ann", "coins": 1, "influence": 1}, {"name": "ann", "coins": 1, "influence": 1}]},
     r"^players: player ann is listed twice"),
]


@pytest.mark.parametrize("data,message", BAD)
def test_rejected_inputs_name_the_field(data, message):
    with pytest.raises(ScoringError, match=message):
        _score(data)


def test_rejected_input_through_the_api_is_bad_input():
    with pytest.raises(referee.BadInput, match=r"players\[0\]\.coins"):
        referee.score("port-royal", {"players": [{"name": "A", "coins": -1, "influence": 0},
                                                 {"name": "B", "coins": 0, "influence": 0}]})


# --------------------------------------------------------------------------- properties
PERSON_IDS = [c for c in PR.CHOICES["card"] if not c.startswith("expedition-")]
EXP_IDS = [c for c in PR.CHOICES["card"] if c.startswith("expedition-") and c != "expedition-ach"]


@st.composite
def games(draw):
    n = draw(st.integers(2, 5))
    pool = [cid for cid in PERSON_IDS for _ in range(PR._CARDS[cid]["copies"])] + list(EXP_IDS)
    if n == 5:
        pool.append("expedition-ach")
    pool = draw(st.permutations(pool))
    players, pos = [], 0
    budget = 119
    for i in range(n):
        k = draw(st.integers(0, 8))
        coins = draw(st.integers(0, min(20, budget)))
        budget -= coins
        if draw(st.booleans()):
            players.append({"name": f"P{i}", "coins": coins, "cards": list(pool[pos:pos + k])})
        else:
            infl = draw(st.integers(0, 20))
            players.append({"name": f"P{i}", "coins": coins, "influence": infl, "expeditions": 0})
        pos += k
    return {"variant": draw(st.sampled_from(["standard", "expedition-end"])), "players": players}


@settings(max_examples=150, deadline=None)
@given(games())
def test_parts_sum_and_ranking_agrees_with_totals_and_coins(data):
    res = _score(data)
    coins = {p["name"]: p["coins"] for p in data["players"]}
    for e in res.ranking:
        assert sum(e.breakdown.values()) == e.total
        assert set(e.breakdown) == {"persons", "expeditions"}
    keys = [(e.eligible, e.total, coins[e.player]) for e in res.ranking]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(res.ranking, res.ranking[1:]):
        if (a.eligible, a.total, coins[a.player]) == (b.eligible, b.total, coins[b.player]):
            assert a.rank == b.rank
        else:
            assert b.rank > a.rank
    assert res.ranking[0].rank == 1


@settings(max_examples=100, deadline=None)
@given(games(), st.randoms())
def test_reordering_players_changes_nothing_but_order(data, rnd):
    res = _score(data)
    shuffled = dict(data, players=list(data["players"]))
    rnd.shuffle(shuffled["players"])
    res2 = _score(shuffled)
    by = lambda r: {e.player: (e.total, e.rank, e.breakdown, e.eligible, e.note, e.tiebreak) for e in r.ranking}
    assert by(res) == by(res2)
    assert sorted(res.winners) == sorted(res2.winners)


def test_output_names_every_players_coins_and_expedition_g9():
    res = _score({"players": [{"name": "Ann", "coins": 5, "cards": ["sailor-3-1", "expedition-aa"]},
                              {"name": "Bob", "coins": 9, "influence": 12, "expeditions": 0}]})
    facts = {e.player: e.facts for e in res.ranking}
    assert facts == {"Ann": {"coins": 5, "expedition": "yes"}, "Bob": {"coins": 9, "expedition": "no"}}
    assert res.to_dict()["ranking"][0]["facts"] == {"coins": 9, "expedition": "no"}     # Bob leads
    from referee.calculator.output import build_table, make_console
    import io

    out = io.StringIO()
    make_console(out, width=80).print(build_table(res))
    rows = {line.split()[0]: line.split()[1:] for line in out.getvalue().splitlines() if line.split()}
    assert rows["coins"] == ["9", "5"] and rows["expedition"] == ["no", "yes"]   # a row each, best first


def test_coins_and_held_cards_fit_the_deck_in_play_4_0_g8():
    # 5 players: all 120 cards can be out (the 5-player expedition has no coin side, but it is held);
    # 2 players: the 5-player expedition is in the box, so only 119.
    held = ["sailor-3-1"] * 7 + ["captain-4-1", "settler-4-1"]
    five = [{"name": f"P{i}", "coins": 22, "influence": 0} for i in range(5)]
    five[0] = {"name": "P0", "coins": 22, "cards": held + ["expedition-ach"]}
    assert PR.score({"game": "port-royal", "players": five}).winners == ["P0"]      # 110 coins + 10 cards = 120
    two = [{"name": "Ann", "coins": 100, "cards": held + ["priest-4-1"]}, {"name": "Bob", "coins": 10, "influence": 0}]
    with pytest.raises(ScoringError, match=r"110 coins and 10 cards .* make 120 cards, but only 119 are in play with "
                                           r"2 players"):
        PR.score({"game": "port-royal", "players": two})
    two[0]["coins"] = 99
    assert PR.score({"game": "port-royal", "players": two}).winners == ["Ann"]
