"""The conservation audit (check()): every florin, loan card, warehouse, fortress, ship, sailing card and bonus
card is accounted for, recomputed from the pieces themselves. Each test takes a game in the middle of play,
breaks one thing the way a faulty apply could, and expects the audit to name it."""

import random

import pytest

import referee
from referee.games.el_capitan.chain import EMPTY, FREE
from tests.el_capitan.helpers import BOARD, NAMES


def _mid_game(n, seed=7, moves=400):
    """A game some moves in, with warehouses, a fortress, a ship in a harbour, cards in hands and a loan."""
    rng = random.Random(seed)
    g = referee.new_game("el-capitan", NAMES[:n], {"board": BOARD})
    s = g.state
    for _ in range(20000):
        legal = g.legal_moves()
        acts = [m for m in legal if m.action[0] in ("build", "fortress", "loan", "end")]
        g.play(rng.choice(acts if acts and rng.random() < 0.6 else legal).text)
        built = sum(c.top > 0 for c in s.cities)
        if (len(g.moves) >= moves and built >= 2 and any(f != EMPTY for c in s.cities for f in c.fort)
                and any(s.loans) and any(s.hands) and any(sp >= 0 for sp in s.ship_space) and s.stage == "turn"):
            break
    g.check()
    return g


@pytest.fixture(params=[2, 4])
def g(request):
    return _mid_game(request.param)


def _broken(g, match):
    with pytest.raises(AssertionError, match=match):
        g.check()


def test_the_audit_passes_a_correct_game(g):
    g.check()


def test_a_florin_out_of_nowhere(g):
    g.state.money[0] += 1
    _broken(g, "money")


def test_a_loan_card_lost(g):
    g.state.stack[10] -= 1
    _broken(g, "loan cards")


def test_a_loan_held_without_its_card(g):
    s = g.state
    s.loans[0][(16, False, False)] = s.loans[0].get((16, False, False), 0) + 1
    _broken(g, "loan cards")


def _built_city(s):
    return next(c for c in s.cities if c.top > 0)


def test_a_warehouse_vanishes_from_a_site(g):
    s = g.state
    city = _built_city(s)
    k = next(k for k in range(1, 13) if city.sites[k] != FREE)
    city.sites[k] = FREE
    _broken(g, "warehouses not conserved")


def test_a_warehouse_changes_colour(g):
    s = g.state
    city = _built_city(s)
    k = next(k for k in range(1, 13) if city.sites[k] != FREE)
    city.sites[k] = next(c for c in s.in_play if c != city.sites[k])
    _broken(g, "warehouses not conserved")


def test_a_shut_warehouse_counted_twice(g):
    s = g.state
    city = _built_city(s)
    city.picture.append(city.sites[next(k for k in range(1, 13) if city.sites[k] != FREE)])
    _broken(g, "warehouses not conserved")


def test_a_warehouse_in_front_of_a_player_and_on_the_board(g):
    s = g.state
    s.front_w[s.main[0]] += 1
    _broken(g, "warehouses not conserved")


def test_a_negative_supply(g):
    s = g.state
    c = s.main[1]
    s.front_w[c] += s.supply_w[c] + 1
    s.supply_w[c] = -1
    _broken(g, "warehouses not conserved")


def test_two_fortresses_of_one_colour_in_a_city(g):
    s = g.state
    city = next(c for c in s.cities if c.fort[0] != EMPTY or c.fort[1] != EMPTY)
    col = city.fort[0] if city.fort[0] != EMPTY else city.fort[1]
    city.fort[:] = [col, col]
    _broken(g, "fortress")


def test_a_fortress_out_of_nowhere(g):
    s = g.state
    city = next(c for c in s.cities if c.fort[0] == EMPTY)
    city.fort[0] = s.main[0] if s.main[0] not in city.fort else s.main[1]
    _broken(g, "fortress")


def test_a_ship_not_in_its_harbour_space(g):
    s = g.state
    p = next(p for p in range(s.n) if s.ship_space[p] >= 0)
    s.cities[s.ship_city[p]].harbour[s.ship_space[p]] = EMPTY
    _broken(g, "harbour")


def test_a_harbour_space_holding_a_ship_that_is_elsewhere(g):
    s = g.state
    city = next(c for c in s.cities if c.harbour[0] == EMPTY and c.harbour[1] == EMPTY)
    city.harbour[1] = 0
    _broken(g, "harbour")


def test_a_sailing_card_lost_from_a_hand(g):
    s = g.state
    p = next(p for p in range(s.n) if s.hands[p])
    s.hands[p].pop()
    _broken(g, "hand cards")


def test_a_face_up_card_out_of_nowhere(g):
    s = g.state
    s.face["c"].append(("c", 0, 1, 9))
    _broken(g, "sailing cards")


def test_a_card_discarded_and_kept(g):
    s = g.state
    s.discard["d"].append(("d", 0, 3, 4))
    _broken(g, "sailing cards")


def test_a_bonus_card_taken_twice(g):
    s = g.state
    s.bonus[0] = 15
    _broken(g, "bonus")


def test_payday_bookkeeping(g):
    g.state.paydays += 1
    _broken(g, "payday")


def test_phase_out_of_range(g):
    g.state.phase = 4
    _broken(g, "phase")


def test_a_warehouse_of_a_colour_nobody_plays():
    # 4 players use red, yellow, green and blue: a purple warehouse on the board came from nowhere
    g = _mid_game(4)
    s = g.state
    city = next(c for c in s.cities if c.top < 12)
    city.sites[12] = 4
    _broken(g, "not in play")


def test_a_harbour_space_too_many(g):
    city = g.state.cities[0]
    city.harbour.append(EMPTY)
    _broken(g, "harbour space too many")


def test_reused_moves_give_the_same_listing_as_fresh_ones():
    # the engine reuses Move lists (per player, hand, display of a pile): at every position of a game the listing
    # must be exactly what an engine with nothing cached lists
    from referee.games.el_capitan import rules as r

    caches = [r._CACHE, r._PLAYER_MOVES, r._REVEAL_MOVES, r._PER_PLAYER, r._KNOWN_REVEAL]
    rng = random.Random(11)
    for n, board in ((2, BOARD), (4, "none")):
        g = referee.new_game("el-capitan", NAMES[:n], {"board": board})
        for _ in range(1500):
            if g.finished:
                break
            warm = [(m.text, m.player, m.chance, m.action) for m in g.rules.legal(g.state)]
            saved = [dict(c) for c in caches]          # the warm caches, kept for the next positions
            for c in caches:
                c.clear()
            cold = [(m.text, m.player, m.chance, m.action) for m in g.rules.legal(g.state)]
            for c, kept in zip(caches, saved):
                c.clear()
                c.update(kept)
            assert warm == cold, f"position {len(g.moves)}"
            g._legal = None
            legal = g.legal_moves()
            acts = [m for m in legal if m.action[0] in ("build", "fortress", "loan", "end")]
            g.play(rng.choice(acts if acts and rng.random() < 0.5 else legal).text)
