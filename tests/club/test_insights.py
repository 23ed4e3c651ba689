"""Skill ratings with uncertainty, nemesis and partner, seats, months, the year in review and the charts, on
constructed histories with known answers."""

import json

from referee.club.stats import insights
from referee.club.stats.stats import elo, plays_from_docs

from .conftest import assert_refused, make_doc


def plays(*docs):
    return plays_from_docs(list(docs))


def test_a_steady_record_ranks_above_a_lucky_single_win():
    docs = [make_doc(f"s{i}", f"2025-01-{i + 1:02d}", [("Ann", 10, 1), ("Bob", 5, 2)]) for i in range(4)]
    docs.append(make_doc("s9", "2025-01-09", [("Bob", 9, 1), ("Ann", 5, 2)]))
    docs.append(make_doc("l1", "2025-01-10", [("Lucky", 9, 1), ("Bob", 5, 2)]))
    sk = insights.skill(plays(*docs))
    assert list(sk) == ["Ann", "Lucky", "Bob"] or list(sk)[0] == "Ann"
    assert sk["Ann"]["rating"] > sk["Lucky"]["rating"]
    assert sk["Lucky"]["sigma"] > sk["Ann"]["sigma"]     # one play: less certain


def test_two_wins_in_three_rank_above_one_in_three_where_elo_does_not():
    # Cal wins 1 of 3 but beats the strong Ann; Dan wins 2 of 3 against the weak Eve. Elo with few plays
    # rewards Cal's single upset; the skill rating keeps the uncertainty and the record.
    docs = [make_doc("a1", "2025-02-01", [("Ann", 9, 1), ("Eve", 1, 2)]),
            make_doc("a2", "2025-02-02", [("Ann", 9, 1), ("Eve", 1, 2)]),
            make_doc("c1", "2025-02-03", [("Cal", 9, 1), ("Ann", 5, 2)]),
            make_doc("c2", "2025-02-04", [("Eve", 9, 1), ("Cal", 5, 2)]),
            make_doc("c3", "2025-02-05", [("Eve", 9, 1), ("Cal", 5, 2)]),
            make_doc("d1", "2025-02-06", [("Dan", 9, 1), ("Eve", 5, 2)]),
            make_doc("d2", "2025-02-07", [("Dan", 9, 1), ("Eve", 5, 2)]),
            make_doc("d3", "2025-02-08", [("Eve", 9, 1), ("Dan", 5, 2)])]
    p = plays(*docs)
    sk = insights.skill(p)
    assert sk["Dan"]["rating"] > sk["Cal"]["rating"]
    assert list(sk).index("Dan") < list(sk).index("Cal")


def test_tied_players_move_alike():
    sk = insights.skill(plays(make_doc("t1", "2025-01-01", [("Ann", 9, 1), ("Bob", 9, 1), ("Cal", 1, 3)])))
    assert sk["Ann"]["mu"] == sk["Bob"]["mu"] > sk["Cal"]["mu"]


def test_skill_history_has_a_point_per_play_ending_at_the_rating():
    p = plays(*[make_doc(f"h{i}", f"2025-03-{i + 1:02d}", [("Ann", 10, 1), ("Bob", 5, 2)]) for i in range(3)])
    hist = insights.skill_history(p)
    assert [h["id"] for h in hist["Ann"]] == ["h0", "h1", "h2"]
    assert hist["Ann"][-1]["rating"] == insights.skill(p)["Ann"]["rating"]
    assert hist["Ann"][0]["rating"] < hist["Ann"][-1]["rating"]


def test_nemesis_best_partner_and_favourite_games():
    docs = [make_doc("n1", "2025-01-01", [("Bob", 9, 1), ("Ann", 5, 2), ("Cal", 1, 3)]),
            make_doc("n2", "2025-01-02", [("Bob", 9, 1), ("Ann", 5, 2), ("Cal", 1, 3)]),
            make_doc("n3", "2025-01-03", [("Ann", 9, 1), ("Cal", 5, 2)], game="port-royal"),
            make_doc("n4", "2025-01-04", [("Ann", 9, 1), ("Cal", 5, 2)], game="port-royal"),
            make_doc("n5", "2025-01-05", [("Ann", 9, 1), ("Cal", 5, 2)], game="port-royal")]
    ex = insights.player_extras(plays(*docs), "ann")
    assert ex["nemesis"] == {"player": "Bob", "count": 2, "of": 2}
    assert ex["best_partner"] == {"player": "Cal", "count": 3, "of": 5}
    assert ex["favourite_games"][0] == {"game": "port-royal", "plays": 3}
    assert insights.player_extras(plays(docs[2]), "ann")["nemesis"] is None   # one meeting is not enough


def test_wins_by_seat_scores_and_duration_per_game():
    docs = [make_doc("w1", "2025-01-01", [("Ann", 9, 1), ("Bob", 5, 2)]),
            make_doc("w2", "2025-01-02", [("Ann", 3, 2), ("Bob", 7, 1)]),
            make_doc("w3", "2025-01-03", [("Ann", 8, 1), ("Bob", 5, 2)])]
    docs[0]["duration"], docs[1]["duration"] = 60, 30      # minutes
    ex = insights.game_extras(plays(*docs), docs)["toy"]
    assert ex["seats"] == {1: {"wins": 2, "plays": 3, "win_pct": 66.7}, 2: {"wins": 1, "plays": 3, "win_pct": 33.3}}
    assert ex["scores"] == {"min": 3, "median": 6.0, "max": 9}
    assert ex["average_duration"] == 45


def test_year_review_and_months():
    docs = [make_doc("y1", "2024-12-30", [("Ann", 9, 1), ("Bob", 5, 2)]),
            make_doc("y2", "2025-03-02", [("Ann", 9, 1), ("Bob", 5, 2)]),
            make_doc("y3", "2025-03-09", [("Cal", 9, 1), ("Bob", 5, 2)]),
            make_doc("y4", "2025-07-01", [("Bob", 9, 1), ("Cal", 5, 2)])]
    p = plays(*docs)
    assert insights.per_month(p) == {"2024-12": 1, "2025-03": 2, "2025-07": 1}
    y = insights.year_review(p, 2025)
    assert (y["plays"], y["players"], y["busiest_month"], y["most_active"]) == (3, 3, "2025-03", "Bob")


def _log(cli, *plays_):
    for date, scores in plays_:
        args = ["record", "toy", "--date", date]
        for name, score in scores:
            args += ["-p", f"{name}={score}"]
        assert cli(*args).exit_code == 0


def test_stats_cli_rating_models_year_and_json(cli):
    _log(cli, ("2025-01-01", [("Ann", 9), ("Bob", 5)]), ("2025-02-01", [("Ann", 9), ("Bob", 5)]),
         ("2024-05-01", [("Bob", 9), ("Ann", 5)]))
    data = json.loads(cli("stats", "--json").stdout)
    assert data["rating_model"] == "openskill" and set(data["skill"]) == {"Ann", "Bob"}
    assert data["players"]["Ann"]["skill"]["rating"] > data["players"]["Bob"]["skill"]["rating"]
    assert data["ratings"]["Ann"] > 1500          # Elo stays in the JSON
    table = cli("stats").stdout
    assert "±" in table
    assert "±" not in cli("stats", "--rating", "elo").stdout.split("Games")[0]
    year = json.loads(cli("stats", "--year", "2025", "--json").stdout)
    assert year["year"]["plays"] == 2 and year["games"] == 2
    assert_refused(cli("stats", "--year", "2025", "--since", "2025-01-01"), "--year")


def test_charts_draw_in_the_terminal_and_refuse_mixed_scores(cli):
    _log(cli, ("2025-01-01", [("Ann", 9), ("Bob", 5)]), ("2025-02-01", [("Ann", 9), ("Bob", 5)]))
    for kind, title in (("rating", "Rating over time"), ("plays", "Plays per month"), ("wins", "Wins per player"),
                        ("scores", "Scores in")):
        out = cli("stats", "--chart", kind).stdout
        assert title in out and "┤" in out, kind
        assert "\x1b" not in out
    assert "Elo rating over time" in cli("stats", "--chart", "rating", "--rating", "elo").stdout
    assert cli("record", "port-royal", "-p", "Ann=5", "-p", "Bob=3").exit_code == 0
    assert_refused(cli("stats", "--chart", "scores"), "--game")
    assert "Scores in" in cli("stats", "--chart", "scores", "--game", "toy").stdout
