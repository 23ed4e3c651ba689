"""Statistics on constructed histories with known answers: ties, shared wins, streaks, H-index, Elo."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from referee.club.stats import stats
from referee.club.stats.stats import club_h_index, elo, game_stats, h_index, head_to_head, player_stats, plays_from_docs, streaks

from .conftest import make_doc


def plays(*docs):
    return plays_from_docs(list(docs))


def test_shared_win_counts_as_a_win_for_each_and_plays_count_everyone():
    p = plays(make_doc("a1", "2025-01-01", [("Ann", 10, 1), ("Bob", 10, 1), ("Cal", 3, 3)]),
              make_doc("a2", "2025-01-02", [("Cal", 9, 1), ("Ann", 5, 2), ("Bob", 5, 2)]))
    s = player_stats(p)
    assert s["Ann"]["plays"] == 2 and s["Ann"]["wins"] == 1 and s["Ann"]["shared_wins"] == 1
    assert s["Bob"]["wins"] == 1 and s["Cal"]["wins"] == 1 and s["Cal"]["shared_wins"] == 0
    assert s["Ann"]["win_pct"] == 50.0
    assert s["Cal"]["last_played"] == "2025-01-02"


def test_ineligible_player_ranked_first_is_not_a_winner():
    # Port Royal's expedition end: ranked 1 by points, but the winners list leaves them out.
    doc = make_doc("b1", "2025-01-01", [("Ann", 12, 1), ("Bob", 10, 2)], winners=[])
    s = player_stats(plays(doc))
    assert s["Ann"]["wins"] == 0 and s["Bob"]["wins"] == 0


def test_average_and_best_score_are_per_game():
    p = plays(make_doc("c1", "2025-01-01", [("Ann", 50, 1), ("Bob", 40, 2)], game="puerto-rico"),
              make_doc("c2", "2025-01-02", [("Bob", 45, 1), ("Ann", 41, 2)], game="puerto-rico"),
              make_doc("c3", "2025-01-03", [("Ann", 120, 1), ("Bob", 90, 2)], game="carcassonne"))
    ann = player_stats(p)["Ann"]["games"]
    assert ann["puerto-rico"] == {"plays": 2, "wins": 1, "win_pct": 50.0, "average_score": 45.5, "best_score": 50}
    assert ann["carcassonne"]["average_score"] == 120.0


def test_names_match_ignoring_case_and_show_the_latest_spelling():
    p = plays(make_doc("d1", "2025-01-01", [("ann", 5, 1), ("Bob", 3, 2)]),
              make_doc("d2", "2025-01-02", [("Ann", 6, 1), ("Bob", 3, 2)]))
    s = player_stats(p)
    assert "Ann" in s and "ann" not in s and s["Ann"]["plays"] == 2


@pytest.mark.parametrize("outcomes, current, best", [
    ([True, True, True, False, True, True], {"kind": "W", "length": 2}, 3),
    ([True, False, False], {"kind": "L", "length": 2}, 1),
    ([False], {"kind": "L", "length": 1}, 0),
    ([], None, 0),
])
def test_streaks(outcomes, current, best):
    assert streaks(outcomes) == {"current": current, "best_win": best}


def test_streak_follows_date_order_not_storage_order_and_shared_wins_extend_it():
    docs = [make_doc("e3", "2025-03-01", [("Ann", 5, 1), ("Bob", 5, 1)]),   # shared win: a win
            make_doc("e1", "2025-01-01", [("Bob", 9, 1), ("Ann", 5, 2)]),
            make_doc("e2", "2025-02-01", [("Ann", 9, 1), ("Bob", 5, 2)])]
    s = player_stats(plays_from_docs(docs))
    assert s["Ann"]["streak"] == {"kind": "W", "length": 2}
    assert s["Bob"]["streak"] == {"kind": "W", "length": 1} and s["Bob"]["best_win_streak"] == 1


def test_game_stats_average_winning_score_highest_and_most_wins():
    p = plays(make_doc("f1", "2025-01-01", [("Ann", 50, 1), ("Bob", 40, 2)]),
              make_doc("f2", "2025-01-02", [("Bob", 60, 1), ("Cal", 60, 1), ("Ann", 10, 3)]),
              make_doc("f3", "2025-01-03", [("Ann", 40, 1), ("Cal", 30, 2)]),
              make_doc("f4", "2025-01-04", [("Bob", 44, 1), ("Ann", 30, 2)]))
    g = game_stats(p)["toy"]
    assert g["plays"] == 4
    assert g["average_winning_score"] == round((50 + 60 + 40 + 44) / 4, 1)
    assert g["highest_score"] == {"score": 60, "players": ["Bob", "Cal"]}
    assert g["most_wins"] == {"wins": 2, "players": ["Ann", "Bob"]}


def test_head_to_head_counts_ahead_level_and_wins_only_in_games_together():
    p = plays(make_doc("g1", "2025-01-01", [("Ann", 50, 1), ("Bob", 40, 2)]),
              make_doc("g2", "2025-01-02", [("Bob", 60, 1), ("Ann", 60, 1), ("Cal", 1, 3)]),
              make_doc("g3", "2025-01-03", [("Cal", 40, 1), ("Bob", 30, 2), ("Ann", 20, 3)]),
              make_doc("g4", "2025-01-04", [("Ann", 40, 1), ("Cal", 30, 2)]))
    h = head_to_head(p, "Ann", "Bob")
    assert h["games"] == 3
    assert h["ahead"] == {"Ann": 1, "Bob": 1} and h["level"] == 1
    assert h["wins"] == {"Ann": 2, "Bob": 1}


@pytest.mark.parametrize("counts, h", [([5, 5, 5, 5, 5, 1], 5), ([3, 3, 1], 2), ([10], 1), ([], 0),
                                       ([6, 6, 6, 6, 6, 5], 5), ([1, 1, 1], 1), ([4, 4, 4, 4], 4)])
def test_h_index_definition(counts, h):
    assert h_index(counts) == h


def test_club_h_index_counts_plays_per_player():
    docs = [make_doc(f"h{i}", f"2025-01-{i + 1:02d}", [("Ann", 5, 1), ("Bob", 3, 2)]) for i in range(3)]
    docs.append(make_doc("h9", "2025-02-01", [("Cal", 5, 1), ("Dan", 3, 2)]))
    assert club_h_index(plays_from_docs(docs)) == 2   # Ann 3, Bob 3, Cal 1, Dan 1: two players with >= 2


def test_elo_two_player_win_between_equals_moves_16():
    ratings, hist = elo(plays(make_doc("i1", "2025-01-01", [("Ann", 5, 1), ("Bob", 3, 2)])))
    assert ratings == {"Ann": 1516.0, "Bob": 1484.0}
    assert hist["Ann"] == [{"id": "i1", "date": "2025-01-01", "game": "toy", "rating": 1516.0, "change": 16.0}]


def test_elo_three_players_middle_player_breaks_even():
    ratings, _ = elo(plays(make_doc("j1", "2025-01-01", [("Ann", 9, 1), ("Bob", 5, 2), ("Cal", 1, 3)])))
    assert ratings == {"Ann": 1516.0, "Bob": 1500.0, "Cal": 1484.0}


def test_elo_tie_is_a_draw_between_the_tied_pair():
    ratings, _ = elo(plays(make_doc("k1", "2025-01-01", [("Ann", 9, 1), ("Bob", 9, 1), ("Cal", 1, 3)])))
    assert ratings == {"Ann": 1508.0, "Bob": 1508.0, "Cal": 1484.0}
    ratings, _ = elo(plays(make_doc("k2", "2025-01-01", [("Ann", 9, 1), ("Bob", 9, 1)])))
    assert ratings == {"Ann": 1500.0, "Bob": 1500.0}


def test_elo_uses_ratings_before_the_game_and_history_in_date_order():
    docs = [make_doc("l2", "2025-01-02", [("Bob", 9, 1), ("Ann", 5, 2)]),
            make_doc("l1", "2025-01-01", [("Ann", 9, 1), ("Bob", 5, 2)])]
    ratings, hist = elo(plays_from_docs(docs))
    expected_bob = 1.0 / (1.0 + 10 ** ((1516 - 1484) / 400))
    change = 32 * (1 - expected_bob)
    assert ratings["Bob"] == round(1484 + change, 1) == 1501.5
    assert ratings["Ann"] == round(1516 - change, 1) == 1498.5
    assert [h["id"] for h in hist["Ann"]] == ["l1", "l2"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 20), min_size=2, max_size=5), min_size=1, max_size=15))
def test_elo_is_zero_sum_per_game(games):
    names = ["Ann", "Bob", "Cal", "Dan", "Eve"]
    docs = []
    for i, scores in enumerate(games):
        order = sorted(range(len(scores)), key=lambda j: -scores[j])
        rows = []
        for pos, j in enumerate(order, 1):
            r = next(p for p, k in enumerate(order, 1) if scores[k] == scores[j])
            rows.append((names[j], scores[j], r))
        docs.append(make_doc(f"z{i:03d}", f"2025-01-{1 + i:02d}", rows))
    ratings, hist = elo(plays_from_docs(docs))
    raw, _ = stats.elo(plays_from_docs(docs))
    assert math.isclose(sum(ratings.values()), 1500 * len(ratings), abs_tol=0.1 * len(ratings))
    for i in range(len(docs)):
        changes = [h["change"] for hs in hist.values() for h in hs if h["id"] == f"z{i:03d}"]
        assert abs(sum(changes)) <= 0.05 * len(changes)


def test_summary_skips_games_without_result_and_defines_its_terms():
    docs = [make_doc("m1", "2025-01-01", [("Ann", 5, 1), ("Bob", 3, 2)])]
    broken = dict(docs[0], id="m2", result=None)
    s = stats.summary(plays_from_docs(docs + [broken]))
    assert s["games"] == 1 and s["players"]["Ann"]["rating"] == 1516.0
    assert "h_index" in s["definitions"] and s["h_index"] == 1


def test_games_logged_in_the_same_second_count_in_the_order_they_were_played(cli, monkeypatch, tmp_path):
    """stats and export take the games oldest first; a newest-first list reversed again put games with the
    same timestamp backwards (the last game's loser shown on a winning streak, ratings from the wrong order)."""
    import json as _json

    monkeypatch.setattr("referee.club.log.record.now_iso", lambda: "2026-01-01T20:00:00+00:00")
    for pairs in (["Ann=10", "Bob=5"], ["Ann=10", "Bob=12"], ["Ann=1", "Bob=30"]):   # Bob wins the last two
        assert cli("record", "toy", "-p", pairs[0], "-p", pairs[1], "--date", "2026-01-01").exit_code == 0
    data = _json.loads(cli("stats", "--json").stdout)
    assert data["players"]["Bob"]["streak"] == {"kind": "W", "length": 2}
    assert data["players"]["Ann"]["streak"] == {"kind": "L", "length": 2}
    assert data["ratings"]["Bob"] > data["ratings"]["Ann"]       # Bob won the last two, after losing the first
    # the export lists plays of one second by their id (issue 24: every laptop of a synced club stores them in
    # the order it got them, and must write the same file); stats counts them as they were played (above)
    import csv as _csv
    import io

    rows = [r for r in _csv.DictReader(io.StringIO(cli("export", "-", "-f", "csv").stdout)) if r["player"] == "Bob"]
    assert [r["id"] for r in rows] == sorted(r["id"] for r in rows)
    assert sorted(r["score"] for r in rows) == ["12", "30", "5"]
