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


def test_board_view_says_where_each_builder_and_pig_stands():
    # the glyph shows B or P in the owner's colour; the table below names the tile, so it reads without colour
    from referee.games.carcassonne.render import plain

    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    turn(g, "b:u", -1, 0, 0)
    turn(g, "b:u", 2, 0, 0, "builder road e-w")
    rows = {line.split()[1]: line.split() for line in plain(g.rules, g.state).splitlines()
            if line[1:2].isdigit()}
    assert rows["Ann"][4:6] == ["2,0", "supply"] and rows["Bob"][4:6] == ["supply", "supply"]


def test_bends_and_middle_fields_are_drawn_apart_from_junctions():
    from referee.games.carcassonne.render import glyph
    from referee.games.carcassonne.tiles import tile_types

    def centre(key, q=0):
        return glyph(tile_types()[key].rotations[q])[1][1][0]

    assert centre("B:V") == "┐" and centre("B:V", 1) == "┘" and centre("B:V", 2) == "└" and centre("B:V", 3) == "┌"
    assert centre("B:W") == "+" and centre("B:U") == "-"        # a junction still ends the roads
    assert centre("TB:M") == "." and centre("TB:X") == "."      # separate city parts, middle field between
    assert centre("B:N") == "#"                                  # one city over two edges


def test_goods_of_a_city_completed_in_part_two_go_to_the_active_player():
    # B10, G2: the double turn is one turn; the tokens go to the player whose builder gave the extra tile
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann's highwayman on the start road
    turn(g, "b:u", -1, 0, 0)                    # Bob
    turn(g, "b:u", 2, 0, 0, "builder road e-w")  # Ann's builder
    turn(g, "tb:t", 0, -1, 180)                 # Bob: a wine city open to the east
    turn(g, "b:u", 3, 0, 0)                     # Ann extends her builder's road: part 2
    assert g.state.part == 2 and g.to_move is None
    turn(g, "b:e", 1, -1, 270)                  # part 2 closes the wine city (nobody in it)
    assert player(g, "Ann")["goods"]["wine"] == 1 and player(g, "Bob")["goods"]["wine"] == 0
    assert g.state.current == 1


def test_a_pig_never_counts_for_the_farm_majority():
    # PG4: farmers tied 1-1; Ann's pig does not break the tie, it only raises Ann's rate (W5 on the board)
    from .helpers import final

    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann's farmer; the start city is complete
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob's farmer in a separate field touching that city
    turn(g, "b:b", 1, -1, 0, "pig farm")        # joins both fields; Ann's pig
    r = final(g)
    assert r.entry("Ann").breakdown["farms"] == 4 and r.entry("Bob").breakdown["farms"] == 3


def test_the_log_of_an_m_or_x_placement_says_where_the_goods_city_lies():
    # §2.7: CCCC says nothing about how M or X lies; the log line is what the table checks afterwards
    g = new()
    g.play("draw tb:m")
    g.play("place 0,-1 r0")
    assert g.events() == ["Ann placed TB:M at 0,-1 r0: cloth city n-w."]
    g.play("none")
    g.play("draw b:u")
    g.play("place 1,0 r0")
    assert g.events() == ["Bob placed B:U at 1,0 r0: N=F E=R S=F W=R."]


def test_column_numbers_stay_apart_beyond_minus_ten():
    from referee.games.carcassonne.render import plain

    g = new()
    # a road west to x = -10: the 8 U tiles, then the bridge and the crossroads
    tiles = ["b:u"] * 8 + ["tb:b", "b:x"]
    for i, t in enumerate(tiles):
        turn(g, t, -1 - i, 0, 0)
    head = plain(g.rules, g.state).splitlines()[0]
    assert "-10" in head and "-10 -9" not in head and "-10-9" not in head
    assert head.split() == [str(x) for x in range(-10, 1) if x % 2 == 0]


def test_figure_preview_on_a_feature_the_tile_completes_says_what_it_scores():
    g = new()
    g.play("draw b:e")
    g.play("place 0,-1 r180")
    assert g.preview("city s") == "→ city s: Ann's knight in a completed city of 2 tiles: it scores 4 now"
    g2 = new(old_small_city=True)
    g2.play("draw b:e")
    g2.play("place 0,-1 r180")
    assert g2.preview("knight").endswith("it scores 2 now")


def test_bare_pig_goes_to_the_one_field_holding_the_farmer():
    g = new()
    turn(g, "b:u", 1, 0, 0)
    turn(g, "b:u", -1, 0, 0, "farm n")          # Bob's farmer north of the road
    turn(g, "b:u", 2, 0, 0)
    g.play("draw b:u")
    g.play("place -2,0 r0")                     # two fields; only the north one holds Bob's farmer
    assert g.play("pig").text == "pig farm n"


def test_base_o_corner_field_is_named_by_its_direction_and_old_names_still_replay():
    # two fields of base O point south-east; the corner inside the bend clearly does: "farm se"
    g = new()
    g.play("draw b:o")
    g.play("place 0,-1 r270")                   # city s-w on the start city, road n-e
    assert [m.text for m in g.legal_moves() if m.text.startswith("farm")] == ["farm nw-es", "farm ne"]
    assert g.play("farm ne-en").text == "farm ne"   # the name an earlier version stored: same field
    g2 = new()
    g2.play("draw tb:o")
    g2.play("place 0,-1 r270")
    assert g2.play("farm en").text == "farm en"
