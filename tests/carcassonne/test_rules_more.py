"""More rulebook scenarios (shared/rules/carcassonne.md §5-§6) played through the public API."""

import pytest

from referee import IllegalMove

from .helpers import new, player, score_of, turn


def test_w1_goods_from_several_tiles_go_to_the_completing_player():
    # W1: Red completes a city with 2 grain and 1 wine symbols; Blue's knight scores it, Red takes the tokens
    g = new(("Red", "Blue"))
    turn(g, "tb:h", 0, -1, 180)                 # Red: grain city S+W+E on the start city
    turn(g, "tb:g", -1, -1, 180, "city e-s")    # Blue: knight on a second grain tile
    turn(g, "b:d", -1, 0, 0)                    # Red closes its south side
    turn(g, "tb:t", 1, -1, 270)                 # Blue: a wine tile W+S
    assert score_of(g, "Blue") == 0
    turn(g, "b:d", 1, 0, 0)                     # Red closes the city: 6 tiles
    assert score_of(g, "Blue") == 12 and score_of(g, "Red") == 0
    assert player(g, "Red")["goods"] == {"wine": 1, "grain": 2, "cloth": 0}
    assert player(g, "Blue")["goods"] == {"wine": 0, "grain": 0, "cloth": 0}
    assert player(g, "Blue")["followers"] == 7


def _two_builders_on_one_road():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann: highwayman on the start road
    turn(g, "b:u", 0, 1, 0, "road e-w")         # Bob: highwayman on a separate road below
    turn(g, "b:u", 2, 0, 0, "builder road e-w")  # Ann's builder (no extra tile for the tile it stands on: B7)
    turn(g, "b:u", 1, 1, 0, "builder road e-w")  # Bob's builder
    assert g.state.current == 0 and g.state.part == 1
    turn(g, "b:w", -1, 1, 0)                    # Ann closes Bob's west end: Bob's builder gives Ann nothing
    assert g.state.current == 1 and g.state.part == 1
    turn(g, "b:w", -1, 0, 180)                  # Bob closes Ann's west end
    return g


def test_builders_of_both_players_return_when_their_shared_road_scores():
    g = _two_builders_on_one_road()
    turn(g, "b:v", 3, 0, 0)                     # Ann extends her builder's road: part 2 (B5)
    assert g.state.current == 0 and g.state.part == 2
    turn(g, "b:v", 3, 1, 90)                    # part 2 extends it again: no third tile (B8)
    assert g.state.current == 1 and g.state.part == 1
    turn(g, "b:u", 2, 1, 0)                     # Bob joins and completes both roads: 10 tiles, a tie (S5)
    assert score_of(g, "Ann") == 10 and score_of(g, "Bob") == 10
    for name in ("Ann", "Bob"):                 # followers and both builders go back (S7, B3)
        assert player(g, name)["followers"] == 7 and player(g, name)["builder_in_supply"]
    # completing the feature of his own builder counts as extending it (B6): Bob draws again (B9)
    assert g.state.current == 1 and g.state.part == 2 and g.view()["phase"] == "draw"
    g.play("draw b:u")
    g.play("place 0,2 r0")                      # a new road, without Bob's follower
    assert "builder road e-w" not in {m.text for m in g.legal_moves()}   # no follower of Bob's there


def test_builder_in_a_city_gives_an_extra_tile():
    g = new()
    turn(g, "b:q", 0, -1, 180, "city e-s-w")    # Ann: knight in a pennant city open east and west
    turn(g, "b:u", 1, 0, 0)                     # Bob
    turn(g, "b:f", 1, -1, 0, "builder city e-w")  # Ann's builder joins her city
    turn(g, "b:u", -1, 0, 0)                    # Bob
    assert g.state.current == 0 and g.state.part == 1
    g.play("draw b:f")
    g.play("place -1,-1 r0")                    # Ann extends the city west: extra tile (B5)
    assert g.prompt().endswith("none; then the builder's extra tile (rule B5)")
    g.play("none")
    assert g.state.current == 0 and g.state.part == 2


def test_a_field_next_to_the_builders_city_is_not_an_extension():
    # B5: "extends" means a road or city segment of the tile joins the builder's feature
    g = new()
    turn(g, "b:n", 0, -1, 270, "city s-w")      # Ann: knight in a city S+W (the start city is its south part)
    turn(g, "b:u", 1, 0, 0)                     # Bob
    turn(g, "b:n", -1, -1, 90, "builder city n-e")  # Ann's builder; the city stays open to the north
    turn(g, "b:u", -1, 0, 0)                    # Bob
    g.play("draw b:b")
    g.play("place 1,-1 r0")                     # a cloister against the city tile's field edge
    assert "extra tile" not in g.prompt()
    g.play("none")
    assert g.state.current == 1 and g.state.part == 1   # no extra tile: the tile touches only a field


def test_builder_placed_on_a_feature_the_tile_completes_returns_at_once():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann's highwayman
    turn(g, "b:w", -1, 0, 0)                    # Bob closes the west end
    g.play("draw b:w")
    g.play("place 2,0 r0")                      # Ann closes the east end: the road is complete now
    g.play("builder road w")                    # legal (her follower is there); scored at once (F6, S7)
    assert score_of(g, "Ann") == 4
    assert player(g, "Ann")["builder_in_supply"] and player(g, "Ann")["followers"] == 7
    assert g.state.current == 1 and g.state.part == 1   # the builder was not there when the tile went down


def test_follower_is_refused_on_a_feature_joined_to_an_occupied_one():
    # F3: occupancy counts the feature as connected after the new tile, any distance away
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann's highwayman
    turn(g, "b:u", 2, 0, 0)                     # Bob
    g.play("draw b:u")
    g.play("place 3,0 r0")
    with pytest.raises(IllegalMove, match=r"held by Ann \(1 highwayman\).*rule F3"):
        g.play("road e-w")
    with pytest.raises(IllegalMove, match=r"Ann has no farmer in that field.*rule PG2"):
        g.play("pig farm n")
    assert {m.text for m in g.legal_moves()} == {"farm n", "farm s", "builder road e-w", "none"}


def test_builder_and_pig_both_need_the_owner_in_supply_and_one_figure():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann farmer (the 2-tile city completes, nobody scores)
    turn(g, "b:u", 1, 0, 0)                     # Bob
    g.play("draw b:b")
    g.play("place 1,-1 r0")                     # Ann: joins her field
    assert {m.text for m in g.legal_moves()} == {"cloister", "pig farm", "none"}   # never the builder on a farm
    g.play("pig farm")
    assert not player(g, "Ann")["pig_in_supply"] and player(g, "Ann")["followers"] == 6
    assert g.state.current == 1                 # one figure per tile (T0)


def test_unplaceable_tile_in_part_two_is_discarded_and_redrawn():
    # B11 / P5: the extra tile fits nowhere: it leaves the game and the same player draws again
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann's highwayman
    turn(g, "b:w", -1, 0, 0)                    # Bob
    turn(g, "b:u", 2, 0, 0, "builder road e-w")  # Ann's builder
    turn(g, "b:e", 0, -1, 180)                  # Bob closes the start city: no open city edge is left
    turn(g, "b:u", 3, 0, 0)                     # Ann extends her builder's road: part 2
    assert g.state.current == 0 and g.state.part == 2
    left = g.view()["bag_total"]
    g.play("draw b:c")                          # all city: fits nowhere
    v = g.view()
    assert v["discarded"] == ["B:C"] and v["bag_total"] == left - 1 and v["part"] == 2 and v["phase"] == "draw"
    assert "draw" in g.prompt() and "Ann" in g.prompt()
    turn(g, "b:u", 4, 0, 0)                     # the replacement is part 2; it extends the road again: no chain
    assert g.state.current == 1 and g.state.part == 1


def test_game_ends_when_the_last_tile_is_discarded():
    from .helpers import short_bag

    g = short_bag(new(), {"B:E": 1, "B:C": 1})
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann closes the start city; her farmer touches it
    assert not g.finished
    g.play("draw b:c")                          # fits nowhere and is the last tile (P5, E1)
    assert g.finished and g.view()["discarded"] == ["B:C"]
    r = g.result()
    assert r.entry("Ann").total == 3            # the farm touching the completed city (M3); no knight in it


def test_one_tile_completes_a_road_and_a_city_at_once():
    # S1, S6: every feature the tile completes is scored; the tile counts for the road and for the city
    g = new()
    turn(g, "b:w", -1, 0, 0, "road e")          # Ann: highwayman; the junction ends the start road's west end
    turn(g, "b:e", 0, -1, 180)                  # Bob closes the start city (nobody scores)
    turn(g, "b:u", 0, 1, 0)                     # Ann
    turn(g, "b:e", 1, -1, 180, "city s")        # Bob: knight in a cap open to the south
    g.play("draw b:l")
    assert "completes city n (2 tiles, 4 points to Bob); road w (3 tiles, 3 points to Ann);" in g.preview("place 1,0 r0")
    g.play("place 1,0 r0")
    g.play("none")
    assert score_of(g, "Ann") == 3 and score_of(g, "Bob") == 4
    assert player(g, "Ann")["followers"] == 7 and player(g, "Bob")["followers"] == 7
