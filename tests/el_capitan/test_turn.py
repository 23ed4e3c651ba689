"""The turn (T1-T14, F1-F5): cards, sailing, harbour spaces, the action, loans, and refused input."""

import pytest

import referee
from referee.games.el_capitan.board import CITY_INDEX
from tests.el_capitan.helpers import at, auto, new, texts, turn_of


def give(g, player, card):
    g.state.hands[g.state.players.index(player)].append(card)
    s = g.state
    s.in_hand[card[0]] += 1
    if card in s.face[card[0]]:
        s.face[card[0]].remove(card)
    elif card in s.file_deck[card[0]]:          # still face down: take it from the pile
        s.file_deck[card[0]].remove(card)
        s.draw_unknown[card[0]] -= 1
    else:
        raise AssertionError(f"{card} is neither face down nor face up")
    g._legal = None


def dest(city, seals, price):
    return ("d", CITY_INDEX[city], seals, price)


def test_first_turn_buy_a_destination_card_sail_and_build_no_loan():
    g = new(3)
    assert g.to_move == "Ann"
    ts = texts(g)
    assert all(t.startswith("buy") for t in ts)         # off the board: only buying helps
    with pytest.raises(referee.IllegalMove, match="first turn.*rule T13"):
        g.play("loan 10")
    card = next(t for t in ts if t.startswith("buy marseille ") and t.endswith("f") and "-" not in t)
    g.play(card)
    g.play("sail " + card[4:])
    auto(g)
    ts = texts(g)
    assert "bank" not in ts and not any(t.startswith("loan") for t in ts)
    assert "build site 1" in ts
    g.play("build site 1")
    auto(g)
    assert g.view()["cities"]["marseille"]["harbour"][0] == "Ann"
    g.check()


def test_sea_route_reaches_cities_within_the_seals():
    # D: a 3-seal card used from Valencia reaches every city.
    g = new(4)
    card = dest("marseille", 3, 2)
    give(g, "Ann", card)
    at(g, "Ann", "valencia")
    auto(turn_of(g, "Ann"))
    reach = {t.split(" to ")[1] for t in texts(g) if t.startswith("sail marseille 3s 2f to ")}
    assert reach == {"venezia", "constantinople", "napoli", "athina", "tanger", "tunis", "alexandria"}
    # From Tanger, Constantinople is 4 steps away: beyond 3 seals.
    at(g, "Ann", "tanger")
    auto(turn_of(g, "Ann"))
    before = g.view()
    with pytest.raises(referee.IllegalMove, match="3 seals.*rule T5b"):
        g.play("sail marseille 3s 2f to constantinople")
    assert g.view() == before
    g.play("sail marseille 3s 2f to alexandria")         # distance 2: fine, and the route may turn
    assert g.view()["players"][0]["ship"] == "alexandria (sailing)"


def test_connection_card_and_several_legs_then_build():
    # T7: a destination card to Tanger, then the Tanger-Venezia connection.
    g = new(4)
    give(g, "Ann", dest("tanger", 2, 3))
    give(g, "Ann", ("c", CITY_INDEX["tanger"], CITY_INDEX["venezia"], 3))
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("sail tanger 2s 3f")
    auto(g)
    g.play("sail tanger-venezia 3f")
    auto(g)
    assert "build site 1" in texts(g)
    assert g.view()["cities"]["marseille"]["harbour"][0] is None    # the ship left Marseille


def test_full_harbour_cannot_be_the_stop():
    g = new(4)
    give(g, "Ann", dest("napoli", 2, 3))
    at(g, "Bob", "napoli", 0)
    at(g, "Cal", "napoli", 1)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("sail napoli 2s 3f")
    auto(g)
    ts = texts(g)
    assert not [t for t in ts if t.startswith(("build", "fortress"))]
    assert "bank" in ts
    with pytest.raises(referee.IllegalMove, match="Both harbour spaces of Napoli are taken.*rule T8"):
        g.play("build")


def test_space_2_ship_keeps_its_space():
    # T9: a ship on space 2 does not move to space 1 when it frees up; it keeps paying space 2's price.
    g = new(4)
    at(g, "Bob", "marseille", 0)
    at(g, "Ann", "marseille", 1)
    at(g, "Bob", "valencia", 0)
    auto(turn_of(g, "Ann"))
    g.play("build site 1")
    assert g.state.money[0] == 15 and g.view()["cities"]["marseille"]["harbour"] == [None, "Ann"]


def test_forced_loan_and_loan_only_at_the_bank():
    g = new(4)
    at(g, "Ann", "marseille")
    g.state.money[0], g.state.bank = 0, g.state.bank + 20
    auto(turn_of(g, "Ann"))
    assert texts(g) == ["bank"]                        # T12: cannot build, so to the bank for a loan
    with pytest.raises(referee.IllegalMove, match="bank harbour.*rule T13"):
        g.play("loan 10")
    g.play("bank")
    assert sorted(texts(g)) == ["loan 10", "loan 16"]
    with pytest.raises(referee.IllegalMove, match="rule W1"):
        g.play("build")
    g.play("loan 16")
    auto(g)
    v = g.view()
    assert v["players"][0]["money"] == 16 and v["loan_stacks"]["16"] == 11
    assert v["current"] == "Bob"                       # O7: nothing else in a loan turn
    g.check()


def test_build_only_where_the_ship_is_and_one_fortress_per_city():
    g = new(4)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    with pytest.raises(referee.IllegalMove, match="Your ship is in Marseille, not Valencia.*rule W1"):
        g.play("build valencia")
    g.play("fortress")
    assert g.state.money[0] == 12                      # fortress space 1 costs 8
    s = g.state
    s.front_f[0] += 1
    s.supply_f[0] -= 1
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    before = g.view()
    with pytest.raises(referee.IllegalMove, match="one fortress in each city.*rule F3"):
        g.play("fortress")
    assert g.view() == before
    # the second fortress space costs 10 for the next player
    at(g, "Bob", "marseille", 1)
    auto(turn_of(g, "Bob"))
    g.play("fortress")
    assert g.state.money[1] == 10


def test_one_action_per_turn_then_buy_or_end():
    g = new(4)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    g.play("build site 1")
    auto(g)
    assert "end" in texts(g)
    with pytest.raises(referee.IllegalMove, match="one action.*rule T11"):
        g.play("build")
    g.play("end")
    auto(g)
    assert g.to_move == "Bob"


def test_abbreviations_and_notation_errors():
    g = new(4)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    # a city's first warehouse: "build" means site 1 (W3a lets the builder name site 2 instead)
    assert g.find("build").text == "build site 1"
    with pytest.raises(referee.AmbiguousMove):
        g.play("bu")
    with pytest.raises(referee.InvalidMove, match="not El Capitan notation"):
        g.play("xyzzy")
    g.play("bu site 2")
    assert g.view()["cities"]["marseille"]["sites"][1] == "red"


def test_refill_reveals_are_chance_moves_from_the_pile():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    assert all(m.chance for m in g.legal_moves()) and len(g.legal_moves()) == 12   # grid layouts
    g.play("layout venezia athina tunis constantinople")
    assert g.prompt().startswith("Chance: a destination/sea-route card")
    # one entry per card, as the table reads it out: every plausible city, seals and price is offered
    assert len(g.legal_moves()) == 9 * 4 * 15
    g.play("destination card marseille 3s 4f")
    assert g.view()["display"]["destination"] == ["marseille 3s 4f"]
    assert g.play("tanger 2 3").text == "destination card tanger 2s 3f"
    assert g.play("destination card tanger 2 seals price 3").text == "destination card tanger 2s 3f"
    with pytest.raises(referee.IllegalMove, match="seals 1-4, price 1-15"):
        g.play("tanger 2 30")
    with pytest.raises(referee.IllegalMove, match="destination/sea-route pile.*city, seals and price"):
        g.play("tanger venezia 3")
    g.play("dest tang 2s 3f")
    assert g.prompt().startswith("Chance: a connection card")
    with pytest.raises(referee.IllegalMove, match="connection pile.*two cities"):
        g.play("tanger 2 3")
    # confirmed: Venezia-Tanger costs 3, so no other price is offered for it
    assert [m.text for m in g.legal_moves() if "tanger-venezia" in m.text] == ["connection card tanger-venezia 3f"]
    with pytest.raises(referee.IllegalMove, match="Venezia-Tanger costs 3"):
        g.play("venezia tanger 4")
    assert g.play("venezia-tanger 3").text == "connection card tanger-venezia 3f"


def test_abbreviations_may_skip_words():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    g.play("lay ven ath tun con")
    assert g.play("dest mars 3s 4f").text == "destination card marseille 3s 4f"
    g = new(4)
    give(g, "Ann", dest("marseille", 3, 2))
    at(g, "Ann", "valencia")
    auto(turn_of(g, "Ann"))
    assert g.rules.parse(g.state, "sail mars") == "sail marseille 3s 2f"        # the destination use
    assert g.rules.parse(g.state, "sail mars to nap") == "sail marseille 3s 2f to napoli"
    g.play("ba")
    with pytest.raises(referee.AmbiguousMove, match="loan 10, loan 16"):
        g.play("loan")


def test_typed_garbage_never_breaks_the_game():
    import random

    rng = random.Random(4)
    words = ["build", "reopen", "fortress", "loan", "10", "16", "bank", "sail", "buy", "to", "marseille", "napoli",
             "tanger-venezia", "3s", "2f", "site", "2", "end", "repay", "extend", "start", "ann", "price", "4",
             "seals", "destination", "card", "red", "green", "layout", "xyz", "", "pass", "all", "valencia"]
    g = new(3)
    for step in range(600):
        before = g.view()
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        try:
            g.play(text)
        except referee.RefereeError as err:
            assert str(err) and g.view() == before
        if g.finished:
            break
        g.play(rng.choice(g.legal_moves()).text)
        g.check()


def test_a_ship_sailed_to_the_bank_takes_its_loan_at_once():
    # Seed: a player who wants a loan sails to the bank "and in this turn takes a loan at once"; a loan turn
    # allows no other activity (T12, T13, O7 default).
    g = new(4)
    at(g, "Ann", "marseille")
    give(g, "Ann", dest("valencia", 2, 3))
    auto(turn_of(g, "Ann"))
    g.play("bank")
    assert sorted(texts(g)) == ["loan 10", "loan 16"]
    with pytest.raises(referee.IllegalMove, match="sailed to the bank this turn.*T12, T13"):
        g.play("sail valencia 2s 3f")
    face = g.state.face["d"][0]
    from referee.games.el_capitan.notation import card_label
    with pytest.raises(referee.IllegalMove, match="no card purchases.*O7"):
        g.play("buy " + card_label(face))
    assert "sailed to the bank" in g.prompt()



def test_loan_turn_committed_at_the_bank_but_earlier_purchases_stand():
    # O7 (default): once the ship is at the bank for the loan, nothing else; a purchase made earlier in the turn
    # does not stop the forced loan of T12 (the player could not know he would need it).
    from referee.games.el_capitan.notation import card_label

    g = new(4)
    at(g, "Ann", "marseille")
    s = g.state
    auto(turn_of(g, "Ann"))
    g.play("buy " + card_label(s.face["c"][0]))
    auto(g)
    g.play("bank")
    g.play("loan 10")
    auto(g)
    assert g.to_move == "Bob" and s.money[0] > 0
    g.check()


def test_naming_one_city_means_the_destination_card():
    from referee.games.el_capitan.notation import match

    legal = ["buy marseille 3s 2f", "buy marseille-napoli 2f", "buy marseille-venezia 2f", "end"]
    assert match("buy mars", legal) == "buy marseille 3s 2f"
    assert match("buy mars-nap", legal) == "buy marseille-napoli 2f"
    assert match("buy marseille-v", legal) == "buy marseille-venezia 2f"


def test_a_taken_fortress_space_is_named_in_the_refusal():
    g = new(4)
    at(g, "Bob", "marseille", 0)
    auto(turn_of(g, "Bob"))
    g.play("fortress")
    auto(g)
    if "end" in texts(g):
        g.play("end")
    at(g, "Cal", "marseille", 1)
    auto(turn_of(g, "Cal"))
    with pytest.raises(referee.IllegalMove, match="Fortress space 1 of Marseille is taken.*space 2 is free.*F2"):
        g.play("fortress 1")
    g.play("fortress")
    assert g.view()["cities"]["marseille"]["fortresses"] == ["yellow", "green"]
