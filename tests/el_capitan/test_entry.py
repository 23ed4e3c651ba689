"""One entry per thing that happens (issue 13 item 2) and Czech input (issue 14 item 3) in El Capitan: several
moves on one line, a single-answer board question answered by itself, Enter ends the turn, and the cities,
colours and actions by their Czech names."""

import pytest

import referee
from referee.core.entry import play_entry
from referee.games.el_capitan.board import CITY_INDEX
from tests.el_capitan.helpers import BOARD, at, auto, new, texts, turn_of
from tests.el_capitan.test_turn import dest, give


def enter(g, text):
    """An entry as the table plays it (core/entry.play_entry, which reads it through the game's own
    split_entry): the texts of the moves it played, all or nothing."""
    before = len(g.moves)
    played = [m.text for m in play_entry(g, text)]
    assert played == g.moves[before:]
    return played


@pytest.fixture
def g():
    """Ann in Tanger holding Marseille 3s 2f and Tanger-Venezia 3f, her first turn done."""
    g = new(4)
    give(g, "Ann", dest("marseille", 3, 2))
    give(g, "Ann", ("c", CITY_INDEX["tanger"], CITY_INDEX["venezia"], 3))
    at(g, "Ann", "tanger")
    return auto(turn_of(g, "Ann"))


def test_a_turn_on_one_line_with_its_board_question_answered_by_itself(g):
    # sail, build (the harbour price is a question the test board answers), end: one entry
    moves = enter(g, "sail tanger-venezia 3f build end")
    assert moves[0] == "sail tanger-venezia 3f" and moves[-1] == "end"
    assert any(m.startswith("build") for m in moves)
    assert auto(g).to_move == "Bob"


def first_card(g):
    """The cheapest face-up Marseille destination card Ann can buy in her first turn, as '3s 2f'."""
    card = next(t for t in texts(g) if t.startswith("buy marseille ") and "-" not in t)
    return card.split(" ", 2)[2]


def logged(n=3):
    """A game on the test board with every board value in its log (undo replays it exactly)."""
    return auto(referee.new_game("el-capitan", ["Ann", "Bob", "Cal", "Dan"][:n], {"board": BOARD}))


def test_a_first_turn_on_one_line_and_all_or_nothing():
    g = logged()
    card = first_card(g)
    before = (g.moves, g.view())
    with pytest.raises(referee.IllegalMove, match=r"already made this turn's action.*rule T11"):
        enter(g, f"buy marseille {card} sail marseille {card} build fortress")
    assert (g.moves, g.view()) == before                       # nothing of the line was kept
    moves = enter(g, f"koupit marseille {card} plout marseille {card} postavit konec")
    assert moves[:2] == [f"buy marseille {card}", f"sail marseille {card}"] and moves[-1] == "end"
    assert auto(g).to_move == "Bob"


def test_enter_ends_the_turn_once_the_action_is_done(g):
    assert g.default_move() is None                   # before the action nothing is obvious
    enter(g, "build")
    auto(g)
    assert g.default_move().text == "end"
    g.play(g.default_move().text)
    assert auto(g).to_move == "Bob"


@pytest.mark.parametrize("czech, move", [
    ("plout benátky tanger", "sail tanger-venezia 3f"),
    ("PLOUT Tanger-Benátky 3f", "sail tanger-venezia 3f"),
    ("pluj venezie tanger", "sail tanger-venezia 3f"),
    ("plout marseille 3s 2f do Neapole", "sail marseille 3s 2f to napoli"),
    ("pluj do Atén", "sail marseille 3s 2f to athina"),
    ("plout do banky", "bank"), ("banka", "bank"),
    ("postavit sklad", "build site 1"), ("postavit", "build site 1"), ("postavit místo 2", "build site 2"),
    ("pevnost", "fortress"),
    ("koupit Marseille 2s 3f", "buy marseille 2s 3f"), ("koupit marseille-valencie", "buy marseille-valencia 1f"),
    ("kup marseille konstantinopol", "buy marseille-constantinople 3f"),
])
def test_czech_cities_and_actions(g, czech, move):
    assert g.find(czech).text == move


def test_czech_colours_and_the_end_of_a_turn():
    g = new(2)
    s = g.state
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    builds = [t for t in texts(g) if t.startswith("build")]
    assert "build red site 1" in builds and "build green site 1" in builds
    assert g.find("postavit zelený místo 1").text == "build green site 1"
    assert g.find("postav červená 1").text == "build red site 1"
    g.play("build red site 1")
    auto(g)
    assert g.find("konec").text == g.find("konec tahu").text == "end"
    assert s.players[s.cur] == "Ann"


def test_a_czech_sail_refused_like_an_english_one(g):
    with pytest.raises(referee.IllegalMove, match=r"rule T5b"):
        g.play("plout marseille 3s 2f do konstantinopole")   # 4 steps from Tanger
    with pytest.raises(referee.AmbiguousMove, match=r"could be"):
        g.play("plout do benátek")                            # Marseille 3s 2f and Tanger-Venezia both go


def test_a_game_entered_in_czech_replays_identically_in_english():
    g = logged()
    card = first_card(g)
    enter(g, f"koupit marseille {card} plout marseille {card} postavit konec")
    record = g.to_record()
    assert "koupit" not in record and f"sail marseille {card}" in record
    again = referee.load_record(record)
    assert again.moves == g.moves and again.view() == g.view()


def test_czech_for_every_kind_of_move_in_a_game():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    assert g.play("rozložení benátky atény tunis konstantinopol").text == \
        "layout venezia athina tunis constantinople"
    for _ in range(4):
        assert g.play("cíl neapol 2 pečetě 2 floriny").text == "destination card napoli 2s 2f"
    for _ in range(6):
        assert g.play("karta propojených měst Marseille Neapol 1").text == "connection card marseille-napoli 1f"
    assert g.play("koupit neapol 2s 2f").text == "buy napoli 2s 2f"
    assert g.play("plout neapol 2s 2f").text == "sail napoli 2s 2f"
    assert g.play("postavit místo 1").text == "build site 1"
    assert g.play("cena 7").text == "napoli harbour 1 price 7"
    assert g.play("světlé").text == "napoli site 1 plain"
    assert g.play("konec").text == "end"
    assert g.play("cíl tunis 1 3").text == "destination card tunis 1s 3f"


def test_czech_loans_and_settling(g):
    g.state.turns = [1] * 4
    at(g, "Ann", "tanger")
    assert g.find("plout do banky").text == g.find("banka").text == "bank"
    g.play("banka")
    assert g.find("úvěr 10").text == "loan 10" and g.find("půjčka 16").text == "loan 16"
    from referee.games.el_capitan.words import canonical_words
    assert canonical_words("splatit vše") == "repay all" and canonical_words("Prodloužit") == "extend"
    assert canonical_words("začíná Bob") == "start Bob"


def test_a_czech_word_that_fits_two_moves_is_ambiguous():
    g = new(2)
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    with pytest.raises(referee.AmbiguousMove, match=r"build red site 1.*build green site 1|could mean"):
        g.find("postavit")                      # which colour: red (main) or green (neutral)


@pytest.mark.parametrize("seed", range(3))
def test_a_players_moves_said_on_one_line_play_exactly_those_moves(seed):
    # random games on the test board: each run of one player's decisions (with the board questions the
    # board file answers between them) said on one line is read back as exactly those moves
    import random

    rng = random.Random(seed)
    g = logged()
    runs = 0
    while not g.finished and len(g.moves) < 400:
        legal = g.legal_moves()
        if legal[0].chance:
            g.play(rng.choice(legal).text)
            continue
        probe = referee.load_record(g.to_record())
        said, played = [], []
        while not probe.finished:
            legal = probe.legal_moves()
            if legal[0].chance:
                if len(legal) > 1 or not said or legal[0].action[0] != "learn":
                    break                      # a reveal or an open question: the table looks first
                played.append(legal[0].text)
                probe.play(legal[0].text)
                continue
            if said and legal[0].player != played[0] and probe.to_move != g.to_move:
                break
            if said and said[-1] == "end":
                break
            move = rng.choice(legal).text
            said.append(move)
            played.append(move)
            probe.play(move)
        if not said:
            g.play(rng.choice(g.legal_moves()).text)
            continue
        while played[-1] != said[-1]:
            played.pop()                       # a question after the last move: the table answers it next
        assert enter(g, " ".join(said)) == played
        runs += 1
    assert runs > 10


def test_a_line_led_by_the_players_name():
    g = logged()
    card = first_card(g)
    moves = enter(g, f"Ann buy marseille {card} sail marseille {card} build")
    assert moves[:3] == [f"buy marseille {card}", f"sail marseille {card}", "build site 1"]
    before = list(g.moves)
    with pytest.raises(referee.IllegalMove, match="It is Ann's turn, not Bob's"):
        enter(g, "Bob end")
    assert g.moves == before


def test_czech_settling_a_loan_and_naming_the_start_player():
    from tests.el_capitan.test_payday import end_phase

    g = new(3)
    s = g.state
    s.loans[0][(10, False, False)] = 1; s.stack[10] -= 1; s.money[0] += 10; s.bank -= 10
    end_phase(g, "Cal")
    assert g.find("prodloužit").text == "extend" and g.find("splatit").text == "repay"
    g.play("prodloužit")
    assert g.find("začíná bob").text == "start bob"


def test_czech_reopen_in_the_two_player_game():
    from tests.el_capitan.helpers import put

    g = new(2)
    c = put(g, "marseille", ["yellow", "blue"], start=2)
    g.state.supply_w[2] -= 1
    c.picture.append(2)                      # A's neutral green was shut from site 1
    c.need1 = False
    at(g, "Ann", "marseille")
    auto(turn_of(g, "Ann"))
    assert g.find("znovuotevřít zelená").text == g.find("znovu otevřít zelený").text == "reopen green"
