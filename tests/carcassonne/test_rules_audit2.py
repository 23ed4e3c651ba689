"""Second audit: rules a table can break that no earlier test pinned (each found by breaking the rule)."""

import pytest

from referee.core.errors import IllegalMove

from .helpers import new, player, score_of, turn


def test_w7_completed_road_majority_scores_and_the_minority_gets_nothing():
    # S5 / W7 on a completed road: Ann 2 highwaymen, Bob 1: Ann scores the road, Bob nothing; all return (S7)
    g = new()
    turn(g, "b:w", 1, 0, 0, "road s")            # Ann: highwayman on the junction's south arm
    turn(g, "b:u", 0, 1, 0, "road e-w")          # Bob: highwayman on a separate road below the start tile
    turn(g, "b:w", -1, 0, 0, "road s")           # Ann: a second separate road (the start road closes, empty)
    turn(g, "b:v", 1, 1, 90)                     # Bob joins Ann's east arm to his road
    g.play("draw b:v")
    assert "5 points to Ann)" in g.preview("place -1,1 r180")
    g.play("place -1,1 r180")                    # Ann closes the road: 5 tiles, both ends at junctions
    g.play("none")
    assert score_of(g, "Ann") == 5 and score_of(g, "Bob") == 0
    assert player(g, "Ann")["followers"] == 7 and player(g, "Bob")["followers"] == 7
    g.check()


def test_inner_field_scores_the_cities_of_its_own_tile():
    # M6, §4 N: the middle field of T&B N touches its two city parts only; both completed: 3 + 3
    from .helpers import final

    g = new()
    turn(g, "tb:n", 0, -1, 0, "farmer middle")  # Ann: S cap closes with the start city at once (nobody in it)
    assert g.view()["board"][-1]["figure"]["feature"] == "farm inner"
    turn(g, "b:e", -1, -1, 90)                  # Bob: a cap on the cloth city's west end
    turn(g, "b:e", 1, -1, 270)                  # Ann closes the cloth city: 3 tiles, nobody scores; 1 cloth
    assert player(g, "Ann")["goods"]["cloth"] == 1 and score_of(g, "Ann") == 0
    r = final(g)
    assert r.entry("Ann").breakdown["farms"] == 6 and r.entry("Bob").breakdown["farms"] == 0
    assert r.entry("Ann").breakdown["goods"] == 10


_AROUND = [("b:u", -1, 0, 0), ("b:u", 1, 0, 0), ("b:b", -1, 1, 0), ("b:b", 1, 1, 0), ("b:b", -1, 2, 0),
           ("b:e", 0, 2, 180)]


def test_completing_a_cloister_is_previewed_and_scores_9():
    # C4, S4: the eighth neighbour completes the cloister; the preview says so before Enter
    g = new()
    turn(g, "b:b", 0, 1, 0, "cloister")         # Ann's monk
    for tile, x, y, r in _AROUND:
        turn(g, tile, x, y, r)
    g.play("draw b:e")
    assert "the cloister at 0,1 (9 tiles, 9 points to Ann)" in g.preview("place 1,2 r180")
    g.play("place 1,2 r180")
    g.play("none")
    assert score_of(g, "Ann") == 9 and player(g, "Ann")["followers"] == 7


def test_a_cloister_placed_into_a_full_hole_scores_at_once():
    # C4, F6: a cloister whose 8 neighbours already lie is complete the moment its monk goes down
    g = new()
    for tile, x, y, r in _AROUND + [("b:e", 1, 2, 180)]:
        turn(g, tile, x, y, r)
    assert g.state.current == 1                 # Bob's turn
    g.play("draw b:b")
    assert "the cloister at 0,1 (9 tiles, 9 points, nobody on it yet)" in g.preview("place 0,1 r0")
    g.play("place 0,1 r0")
    g.play("cloister")
    assert score_of(g, "Bob") == 9 and player(g, "Bob")["followers"] == 7
    g.check()


def test_games_list_says_two_to_five_players(tmp_path):
    # R1: `referee games` shows the default range; six is only a setting
    import os
    import subprocess
    import sys

    env = dict(os.environ, REFEREE_DB=str(tmp_path / "h.json"))
    out = subprocess.run([sys.executable, "-m", "referee", "games"], capture_output=True, text=True, env=env).stdout
    line = next(l for l in out.splitlines() if l.startswith("carcassonne"))
    assert line.split()[-2:] == ["2-5", "players"]


@pytest.mark.parametrize("text,canon", [
    ("knight on city n", "city n"), ("knight in the city", "city n"), ("follower on the road", "road e-w"),
    ("highwayman on road", "road e-w"), ("robber road", "road e-w"), ("farmer on farm n", "farm n"),
    ("farmer n field", "farm n"), ("put a farmer on the south farm", "farm s"), ("put a knight on the city", "city n"),
])
def test_a_figure_said_as_at_the_table(text, canon):
    g = new()
    g.play("draw b:d")
    g.play("place 1,0 r0")
    assert g.play(text).text == canon


def test_put_with_a_position_is_still_a_placement():
    g = new()
    g.play("draw b:u")
    assert g.play("put 1 0").text == "place 1,0 r0"
    with pytest.raises(IllegalMove, match=r"rule F1"):
        g.play("put 2 0")


def test_a_pig_of_a_player_who_loses_the_field_pays_nothing():
    # PG5: the pig raises its owner's rate only where the owner scores the field
    data = {"game": "carcassonne", "expansions": ["traders-builders"], "players": ["Red", "Blue"],
            "points_so_far": {"Red": 0, "Blue": 0},
            "features": [{"type": "farm", "completed_cities": 2, "followers": {"Red": 2, "Blue": 1},
                          "pigs": ["Blue"]}]}
    import referee

    r = referee.score("carcassonne", data)
    assert r.entry("Red").total == 6 and r.entry("Blue").total == 0
