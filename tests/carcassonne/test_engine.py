"""Rulebook scenarios for the engine (shared/rules/carcassonne.md §5, §6), played through the public API."""

import pytest

import referee
from referee import AmbiguousMove, IllegalMove, InvalidMove

from .helpers import final, new, player, score_of, turn


# --- setup (R1, R2, P6) ------------------------------------------------------------------------------
def test_setup_start_tile_and_bag():
    g = new()
    v = g.view()
    assert v["board"] == [{"x": 0, "y": 0, "tile": "B:D", "rotation": 0, "edges": "CRFR", "figure": None}]
    assert v["bag_total"] == 95 and v["bag"]["B:D"] == 3 and v["bag"]["TB:K"] == 1
    assert all(p["followers"] == 7 and p["builder_in_supply"] and p["pig_in_supply"] for p in v["players"])
    assert g.to_move is None and all(m.chance and m.player is None for m in g.legal_moves())
    assert len(g.legal_moves()) == 48


def test_base_only_option():
    g = new(traders_builders=False)
    v = g.view()
    assert v["bag_total"] == 71 and not any(k.startswith("TB:") for k in v["bag"])
    assert not v["players"][0]["builder_in_supply"]
    with pytest.raises(IllegalMove, match="traders-builders is off"):
        g.play("draw tb:k")


def test_player_counts():
    # R1: 2 to 5 players; a sixth colour from another set is a setting, never the default
    for n in (2, 3, 4, 5):
        new([f"P{i}" for i in range(n)])
    with pytest.raises(referee.BadInput, match=r"2 to 5 players.*rule R1.*-o six_players=on"):
        new([f"P{i}" for i in range(6)])
    g = new([f"P{i}" for i in range(6)], six_players=True)
    assert len(g.view()["players"]) == 6 and g.view()["players"][5]["followers"] == 7
    for n in (1, 7):
        with pytest.raises(referee.BadInput, match="2 to 6"):
            new([f"P{i}" for i in range(n)], six_players=True)


def test_draw_lists_only_tiles_in_bag():
    g = new()
    turn(g, "b:c", 0, -1, 0)                    # base C is a single tile
    assert "draw b:c" not in [m.text for m in g.legal_moves()]
    with pytest.raises(IllegalMove, match=r"No B:C tile is left in the bag \(rule P6\)"):
        g.play("draw b:c")


# --- placement (P1-P4) -------------------------------------------------------------------------------
def test_placement_needs_contact_and_matching_edges():
    g = new()
    g.play("draw b:e")
    texts = {m.text for m in g.legal_moves()}
    assert "place 0,-1 r180" in texts          # city faces the start tile's city
    assert "place 0,-1 r0" not in texts         # field would face a city
    assert all(m.player == "Ann" and not m.chance for m in g.legal_moves())
    before = g.view()
    with pytest.raises(IllegalMove, match=r"does not touch the board.*rule P1"):
        g.play("place 5,5 r0")
    with pytest.raises(IllegalMove, match=r"already holds a tile.*rule P1"):
        g.play("place 0,0 r0")
    with pytest.raises(IllegalMove, match=r"At 0,-1 r0 \(N=C E=F S=F W=F\) the south edge is a "
                                          r"field facing a city at 0,0; touching edges must match \(rule P2\)\.$"):
        g.play("place 0,-1 r0")
    with pytest.raises(IllegalMove, match=r"1,1 does not touch"):  # a corner is not enough (P1)
        g.play("place 1,1 r0")
    assert g.view() == before
    g.play("place 0,-1 r180")


def test_every_touching_edge_must_match():
    g = new()
    turn(g, "b:u", 1, 0, 0)                     # road W-E east of the start tile
    turn(g, "b:b", 0, 1, 0)                     # cloister south of the start tile
    g.play("draw b:e")
    # at 1,1: north faces U's south (field), west faces the cloister's east (field)
    texts = {m.text for m in g.legal_moves() if m.text.startswith("place 1,1 ")}
    assert texts == {"place 1,1 r90", "place 1,1 r180"}  # city east or south, never north/west


def test_symmetric_rotations_are_one_placement():
    g = new()
    g.play("draw b:b")
    assert [m.text for m in g.legal_moves() if m.text.startswith("place 0,1 ")] == ["place 0,1 r0"]
    g.play("place 0,1 r180")                    # the same picture: accepted as r0
    assert g.moves[-1] == "place 0,1 r0"


def test_unplaceable_tile_is_discarded_and_redrawn():
    g = new()
    turn(g, "b:e", 0, -1, 180)                  # close the start city; C (all city) now fits nowhere
    v = g.view()
    g.play("draw b:c")
    v2 = g.view()
    assert v2["discarded"] == ["B:C"] and v2["phase"] == "draw" and v2["bag_total"] == v["bag_total"] - 1
    assert "rule P5" in v2["events"][-1]["text"]
    assert g.to_move is None                    # Bob draws again
    g.play("draw b:b")
    assert g.to_move == "Bob"
    g.check()


# --- followers (F1-F7) -------------------------------------------------------------------------------
def test_follower_names_features_of_the_tile_just_placed():
    g = new()
    g.play("draw b:d")
    g.play("place 1,0 r0")
    assert {m.text for m in g.legal_moves()} == {"city n", "road e-w", "farm n", "farm s", "none"}


def test_occupied_feature_refused_and_says_who_holds_it():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann's highwayman
    g.play("draw b:u")
    g.play("place 2,0 r0")
    assert "road e-w" not in {m.text for m in g.legal_moves()}
    with pytest.raises(IllegalMove, match=r"already held by Ann \(1 highwayman\).*rule F3"):
        g.play("road e-w")


def test_road_tie_both_score_full():
    # W7: two roads with one follower each are joined and completed: both score the full value
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann: road W-E through the start tile
    turn(g, "b:v", 1, 1, 270, "road e-s")       # Bob: a separate road below it
    turn(g, "b:w", -1, 0, 0)                    # Ann closes the west end of her road
    turn(g, "b:w", 1, 2, 180)                   # Bob closes the south end of his
    turn(g, "b:v", 2, 0, 0)                     # Ann turns her road south
    assert score_of(g, "Ann") == score_of(g, "Bob") == 0
    turn(g, "b:v", 2, 1, 90)                    # Bob joins both: W D U V V V W = 7 tiles, complete
    assert score_of(g, "Ann") == 7 and score_of(g, "Bob") == 7
    assert player(g, "Ann")["followers"] == 7 and player(g, "Bob")["followers"] == 7


def test_follower_supply_runs_out():
    g = new()
    monks = [("b:b", 0, 1, 0), ("b:b", 0, 2, 0), ("b:b", 0, 3, 0), ("b:b", 0, 4, 0), ("b:a", 0, 5, 0),
             ("b:a", 0, 6, 180), ("tb:j", 0, 7, 0)]
    for i, (t, x, y, r) in enumerate(monks):
        turn(g, t, x, y, r, "cloister")         # Ann: seven separate cloisters, seven monks
        turn(g, "b:u", i + 1, 0, 0)             # Bob
    assert player(g, "Ann")["followers"] == 0
    g.play("draw b:e")
    g.play("place 1,1 r180")
    assert [m.text for m in g.legal_moves()] == ["none"]
    with pytest.raises(IllegalMove, match=r"Ann has no follower left in supply.*rule F5"):
        g.play("city s")


# --- completion and scoring (S1-S7, C2-C6) -----------------------------------------------------------
def test_two_tile_city_scores_4():
    g = new()
    turn(g, "b:e", 0, -1, 180, "city s")
    assert score_of(g, "Ann") == 4
    assert player(g, "Ann")["followers"] == 7


def test_two_tile_city_old_rule_scores_2():
    g = new(old_small_city=True)
    turn(g, "b:e", 0, -1, 180, "city s")
    assert score_of(g, "Ann") == 2


def test_city_with_two_pennants():
    g = new()
    turn(g, "b:m", 0, -1, 180, "city e-s")      # pennant city bending east
    turn(g, "b:f", 1, -1, 0)                    # Bob: pennant city W-E
    turn(g, "b:e", 2, -1, 270)                  # Ann closes with a cap: 4 tiles, 2 pennants
    assert score_of(g, "Ann") == 2 * 4 + 2 * 2
    assert score_of(g, "Bob") == 0


def test_city_counts_a_tile_once_even_with_two_segments():
    # C6: H has two separate caps; a city using both counts H once
    g = new()
    turn(g, "b:h", 0, -1, 0, "city s")          # caps N and S; S closes with the start city: 2 tiles
    assert score_of(g, "Ann") == 4


def test_road_loop_completes():
    g = new()
    turn(g, "b:v", 0, 1, 270, "road e-s")
    turn(g, "b:v", 1, 1, 0)
    turn(g, "b:v", 1, 2, 90)
    assert score_of(g, "Ann") == 0
    turn(g, "b:v", 0, 2, 180)                   # closes the loop: 4 tiles, no terminus needed (C2)
    assert score_of(g, "Ann") == 4 and player(g, "Ann")["followers"] == 7


def test_road_through_a_tile_twice_counts_once():
    # C6: the bridge TB:B carries two roads; a road using both counts the tile once
    g = new()
    turn(g, "tb:b", 1, 0, 0, "road e-w")        # Ann: bridge east of start, on the W-E road
    turn(g, "b:w", -1, 0, 0)                    # Bob closes the west end
    turn(g, "b:v", 2, 0, 0)                     # Ann: curve from bridge's east edge turning south (W-S)
    turn(g, "b:v", 2, 1, 90)                    # Bob: N-W curve
    turn(g, "b:v", 1, 1, 180)                   # Ann: N-E curve: now into the bridge's south edge
    turn(g, "b:u", 1, -1, 90)                   # Bob: N-S road north of the bridge, open north
    turn(g, "b:w", 1, -2, 0)                    # Ann closes north: tiles W D B V V V U W = 8
    assert score_of(g, "Ann") == 8


def test_cloister_with_eight_neighbours_scores_9():
    g = new()
    turn(g, "b:b", 0, 1, 0, "cloister")         # Ann's monk south of the start tile
    steps = [("b:u", -1, 0, 0), ("b:u", 1, 0, 0), ("b:b", -1, 1, 0), ("b:b", 1, 1, 0), ("b:b", 0, 2, 0),
             ("b:e", -1, 2, 180), ("b:e", 1, 2, 180)]
    for i, (t, x, y, r) in enumerate(steps):
        assert score_of(g, "Ann") == 0
        turn(g, t, x, y, r)
    assert score_of(g, "Ann") == 9 and player(g, "Ann")["followers"] == 7


def test_incomplete_features_at_the_end():
    g = new()
    turn(g, "b:b", 0, 1, 0, "cloister")         # Ann's monk with 1 neighbour (start tile)
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Bob: road of 2 tiles
    turn(g, "b:q", 0, -1, 180, "city e-s-w")    # Ann: pennant city of 2 tiles, still open E and W
    r = final(g)
    assert r.entry("Ann").breakdown["cloisters"] == 1 + 2   # start tile and U at 1,0 are neighbours
    assert r.entry("Ann").breakdown["cities"] == 2 + 1
    assert r.entry("Bob").breakdown["roads"] == 2


# --- farms (M1-M6, PG5-PG7) --------------------------------------------------------------------------
def _city_closed_with_field(g):
    turn(g, "b:e", 0, -1, 180)                  # closes the start city; E's field touches it


def test_farm_scores_3_per_completed_city_and_one_city_counts_for_two_fields():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann: farmer in E's field (touches the 2-tile city)
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob: farmer in the start tile's north field, same city
    r = final(g)
    assert r.entry("Ann").breakdown["farms"] == 3
    assert r.entry("Bob").breakdown["farms"] == 3   # one city pays in both fields (M5)


def test_farm_same_player_in_two_fields_of_one_city():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann: field of E
    turn(g, "b:u", -1, 0, 0)                    # Bob
    turn(g, "b:u", 1, 0, 0, "farm n")           # Ann: start tile's north field
    data = g.rules.final_input(g.state)
    assert referee.score("carcassonne", data).entry("Ann").breakdown["farms"] == 6     # O1a: 3 per field
    data["options"] = {"farm_rule": "once-per-city"}
    assert referee.score("carcassonne", data).entry("Ann").breakdown["farms"] == 3     # O1c: once per city
    data["options"] = {"farm_rule": "by-city"}
    assert referee.score("carcassonne", data).entry("Ann").breakdown["farms"] == 4     # O1b: 4 per city


def test_farm_tie_all_score_then_majority():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann: farmer in E's field (touches the completed city)
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob: farmer north of the road (touches it too)
    turn(g, "b:b", 0, 1, 0, "farm")             # Ann: farmer south of the road (no city)
    turn(g, "b:b", 1, -1, 0)                    # Bob: joins E's field with Bob's: 1-1
    r = final(g)
    assert r.entry("Ann").breakdown["farms"] == 3 and r.entry("Bob").breakdown["farms"] == 3   # tie (M4)
    turn(g, "b:a", 2, 0, 90)                    # Ann: the cloister tile ends the road; fields join: 2-1
    r = final(g)
    assert r.entry("Ann").breakdown["farms"] == 3 and r.entry("Bob").breakdown["farms"] == 0


def test_incomplete_city_gives_farms_nothing():
    g = new()
    turn(g, "b:u", 1, 0, 0, "farm n")           # Ann: north field touches the start city (open)
    assert final(g).entry("Ann").breakdown["farms"] == 0


def test_pig_four_per_city_and_other_pig_does_not_stack():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann farmer: field touches the completed start city
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob farmer in a separate field touching the same city
    g.play("draw b:b")
    g.play("place 1,-1 r0")                     # joins both fields
    assert {"pig farm", "none", "cloister"} == {m.text for m in g.legal_moves()}
    g.play("pig farm")                          # Ann's pig
    g.check()
    g.play("draw b:b")
    g.play("place 2,-1 r0")
    g.play("pig farm")                          # Bob's pig may join a field with another pig (PG2)
    r = final(g)
    # tied on farmers, each with their own pig: 4 per completed city, not 5 (PG6, PG7)
    assert r.entry("Ann").breakdown["farms"] == 4 and r.entry("Bob").breakdown["farms"] == 4
    assert not player(g, "Ann")["pig_in_supply"]
    g.play("draw b:b")
    g.play("place 3,-1 r0")
    with pytest.raises(IllegalMove, match=r"Ann's pig is already on the board.*PG1"):
        g.play("pig farm")


def test_pig_needs_own_farmer():
    g = new()
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann farmer
    g.play("draw b:e")
    g.play("place 1,-1 r180")
    assert "pig farm" not in {m.text for m in g.legal_moves()}
    with pytest.raises(IllegalMove, match=r"Bob has no farmer in that field.*rule PG2"):
        g.play("pig farm")
    with pytest.raises(IllegalMove, match=r"pig goes only on a field.*PG2"):
        g.play("pig city s")


# --- Traders & Builders: goods (G1-G7) ---------------------------------------------------------------
def test_goods_go_to_the_player_who_completes_the_city():
    # W1: Bob completes a goods city where Ann holds the knight: Ann scores, Bob takes the tokens
    g = new()
    turn(g, "tb:g", 0, -1, 180, "city e-s")     # Ann: grain city N+W turned to E+S, joined to start city
    turn(g, "b:e", 1, -1, 270)                  # Bob closes it with a cap: 3 tiles
    assert score_of(g, "Ann") == 6 and score_of(g, "Bob") == 0
    assert player(g, "Bob")["goods"] == {"wine": 0, "grain": 1, "cloth": 0}
    assert player(g, "Ann")["goods"] == {"wine": 0, "grain": 0, "cloth": 0}


def test_goods_from_a_city_without_knights():
    g = new()
    turn(g, "tb:t", 0, -1, 180)                 # Ann: wine city, no knight
    turn(g, "b:e", 1, -1, 270)                  # Bob completes it
    assert player(g, "Bob")["goods"]["wine"] == 1
    assert score_of(g, "Ann") == score_of(g, "Bob") == 0


def test_incomplete_goods_city_gives_nothing():
    g = new()
    turn(g, "tb:t", 0, -1, 180, "city e-s")
    r = final(g)
    assert all(e.breakdown["goods"] == 0 for e in r.ranking)


# --- Traders & Builders: builder (B1-B13) -------------------------------------------------------------
def _builder_setup():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")         # Ann: highwayman on the start road
    turn(g, "b:w", -1, 0, 0)                    # Bob closes the west end
    return g


def test_builder_needs_own_follower_in_the_feature():
    g = new()
    g.play("draw b:u")
    g.play("place 1,0 r0")
    assert not any(m.text.startswith("builder") for m in g.legal_moves())
    with pytest.raises(IllegalMove, match=r"Ann has no follower in that road.*rule B2"):
        g.play("builder road e-w")
    with pytest.raises(IllegalMove, match=r"never on a field or a cloister \(rule B2\)"):
        g.play("builder farm n")


def test_builder_double_turn_with_completion_in_part_one():
    # W3 (c): highwayman, builder, then part 1 completes the road (both return) and part 2 reuses the builder
    g = _builder_setup()
    turn(g, "b:u", 2, 0, 0, "builder road e-w")  # Ann's builder joins her road (no extra tile: B7)
    assert g.to_move is None and g.state.current == 1
    turn(g, "b:b", 0, 1, 0)                     # Bob
    g.play("draw b:l")                          # Ann part 1: a junction closes the road east
    g.play("place 3,0 r0")
    g.play("city n")                            # knight on the L's city cap
    v = g.view()
    assert score_of(g, "Ann") == 5               # W D U U L
    ann = player(g, "Ann")
    assert ann["builder_in_supply"] and ann["followers"] == 6
    assert v["part"] == 2 and g.state.current == 0 and v["phase"] == "draw"   # B9: part 2 although it left
    g.play("draw b:e")
    g.play("place 3,-1 r180")                   # part 2 extends the knight's city
    assert "builder city s" in {m.text for m in g.legal_moves()}
    g.play("builder city s")                    # the returned builder is placed again in part 2
    assert score_of(g, "Ann") == 5 + 4          # the city closes in part 2 too
    assert g.state.current == 1 and g.view()["part"] == 1   # no chain: Bob's turn
    g.check()


def test_builder_no_chain():
    g = _builder_setup()
    turn(g, "b:u", 2, 0, 0, "builder road e-w")
    turn(g, "b:b", 0, 1, 0)                     # Bob
    turn(g, "b:u", 3, 0, 0)                     # Ann part 1 extends the builder's road
    assert g.state.current == 0 and g.view()["part"] == 2
    turn(g, "b:u", 4, 0, 0)                     # part 2 extends it again: no third tile (B8)
    assert g.state.current == 1 and g.view()["part"] == 1


def test_builder_chain_option():
    g = _builder_setup()
    g2 = new(builder_chain=True)
    for m in g.moves:
        g2.play(m)
    turn(g2, "b:u", 2, 0, 0, "builder road e-w")
    turn(g2, "b:b", 0, 1, 0)
    turn(g2, "b:u", 3, 0, 0)
    turn(g2, "b:u", 4, 0, 0)                    # O3: the chain goes on
    assert g2.state.current == 0 and g2.view()["part"] == 3
    assert "no second tile" in {m.text for m in g2.legal_moves()}
    g2.play("no second tile")
    assert g2.state.current == 1


def test_other_players_builder_gives_no_extra_tile():
    g = _builder_setup()
    turn(g, "b:u", 2, 0, 0, "builder road e-w")  # Ann's builder
    turn(g, "b:u", 3, 0, 0)                     # Bob extends Ann's road: no extra tile for Bob (B7)
    assert g.state.current == 0 and g.view()["part"] == 1


def test_decline_second_tile_only_with_option():
    g = _builder_setup()
    turn(g, "b:u", 2, 0, 0, "builder road e-w")
    turn(g, "b:b", 0, 1, 0)
    turn(g, "b:u", 3, 0, 0)
    assert "no second tile" not in {m.text for m in g.legal_moves()}
    with pytest.raises(IllegalMove, match=r"expected \(rule B5\)"):
        g.play("no second tile")
    g2 = new(decline_second_tile=True)
    for m in g.moves:
        g2.play(m)
    bag = g2.view()["bag_total"]
    g2.play("no second tile")
    assert g2.state.current == 1 and g2.view()["bag_total"] == bag


def test_one_figure_per_tile():
    g = _builder_setup()
    g.play("draw b:u")
    g.play("place 2,0 r0")
    g.play("builder road e-w")
    assert g.state.phase == "draw"              # the figure step is over after one figure (T0)


# --- end of game (E1-E4) -----------------------------------------------------------------------------
def test_game_ends_when_the_bag_is_empty_and_result_through_calculator():
    from tests.playout import random_playout

    g = random_playout("carcassonne", ["Ann", "Bob"], seed=7)
    assert g.finished and g.view()["bag_total"] == 0
    r = g.result()
    data = g.rules.final_input(g.state)
    assert r.to_dict() == referee.score("carcassonne", data).to_dict()
    for e in r.ranking:
        assert e.breakdown["so_far"] == score_of(g, e.player)
        assert set(e.breakdown) == {"so_far", "roads", "cities", "cloisters", "farms", "goods"}
    with pytest.raises(referee.GameOver):
        g.play("draw b:d")


# --- check() catches broken invariants ---------------------------------------------------------------
def test_check_detects_broken_state():
    g = new()
    turn(g, "b:u", 1, 0, 0, "road e-w")
    g.state.supply[0] += 1
    with pytest.raises(AssertionError, match="followers"):
        g.check()
    g.state.supply[0] -= 1
    g.state.bag["B:U"] += 1
    with pytest.raises(AssertionError, match="tile"):
        g.check()
    g.state.bag["B:U"] -= 1
    g.state.scores[1] += 3
    with pytest.raises(AssertionError, match="scores"):
        g.check()


# --- short bags: the end of the game ------------------------------------------------------------------
def test_builder_extra_tile_with_empty_bag_ends_the_game():
    from .helpers import short_bag

    g = short_bag(new(), {"B:U": 3, "B:W": 1, "B:B": 1})
    turn(g, "b:u", 1, 0, 0, "road e-w")
    turn(g, "b:w", -1, 0, 0)
    turn(g, "b:u", 2, 0, 0, "builder road e-w")
    turn(g, "b:b", 0, 1, 0)
    turn(g, "b:u", 3, 0, 0)                     # extends the builder's road, but the bag is empty (B12)
    assert g.finished and "B12" in g.view()["events"][-2]["text"]
    r = g.result()
    assert r.entry("Ann").breakdown["roads"] == 5   # incomplete road W D U U U (E2)


def test_final_scoring_of_a_finished_game():
    from .helpers import short_bag

    g = short_bag(new(), {"B:E": 1, "B:U": 1, "B:B": 2, "TB:T": 1})
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann: farmer; the 2-tile city completes (nobody scores)
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob: farmer north of the road, touching the same city
    turn(g, "b:b", 0, 1, 0, "cloister")         # Ann: monk
    turn(g, "tb:t", 1, -1, 90, "city n-e")      # Bob: open wine city; its field joins both farms (1-1)
    assert not g.finished
    turn(g, "b:b", 1, 1, 0)                     # Ann: the last tile (E1)
    assert g.finished and g.legal_moves() == []
    r = g.result()
    ann, bob = r.entry("Ann").breakdown, r.entry("Bob").breakdown
    assert ann["cloisters"] == 1 + 3            # neighbours: D 0,0, U 1,0, B 1,1 (E2)
    assert bob["cities"] == 1                   # one tile, open: 1 per tile (E2)
    assert bob["goods"] == 0 and ann["goods"] == 0   # an incomplete city gives no goods (G4)
    assert ann["farms"] == 3 and bob["farms"] == 3   # tied farmers both score the completed city (M4)
    assert r.winners == ["Ann"] and r.entry("Ann").total == 7 and r.entry("Bob").total == 4


@pytest.mark.parametrize("rule,farms", [("current", 3), ("by-city", 4), ("once-per-city", 3)])
def test_farm_rule_option_reaches_the_result(rule, farms):
    from .helpers import short_bag

    g = short_bag(new(farm_rule=rule), {"B:E": 1, "B:U": 2})
    turn(g, "b:e", 0, -1, 180, "farm")          # Ann: E's field touches the completed start city
    turn(g, "b:u", 1, 0, 0, "farm n")           # Bob: the start tile's north field touches it too
    turn(g, "b:u", -1, 0, 0, "farm s")          # Ann: a farm with no city
    assert g.finished
    r = g.result()
    assert r.entry("Ann").breakdown["farms"] == farms and r.entry("Bob").breakdown["farms"] == farms
    assert bool(r.notes) == (rule != "current")
