"""Nothing misread (issue 22 item 6), in both languages: one city names a destination card, never a connection
card of that city ("Karta cíle: ... města na kartě", the seed; the man page); each loan is decided on its own
("rozhodnout, zda chtějí splatit své úvěry nebo je prodloužit", rule A1), so a repeated 'splatit' is a second
decision, not an echo; and a line of several moves is never refused as one move by a rule that does not
apply (the live preview said "card not face up" for a line Enter plays)."""

import json

import pytest
from click.testing import CliRunner

import referee
from referee.core.entry import play_entry, preview_entry
from referee.core.names import canonical_words
from referee.i18n import _, using
from tests.el_capitan.helpers import new, texts
from tests.el_capitan.test_payday import end_phase


def _translated(msgid: str) -> bool:
    """The Czech text of ``msgid`` is in the catalog (fragment elcap.po folded by the integrator)."""
    with using("cs"):
        return _(msgid) != msgid


NO_DESTINATION = ("No destination card of {city} is face up: one city names a destination card, and a connection "
                  "card is named by both its cities (rule T3).")
SEVERAL = ("'{text}' is several moves, not one: enter them as one line at the table, where they are played in "
           "turn, or one at a time.")
LOANS = "{name} has {n} loan left to settle, and '{text}' decides {k}: one 'repay' or 'extend' per loan (rule A1)."
czech_text = pytest.mark.skipif(not _translated(NO_DESTINATION), reason="fragment elcap.po not folded yet")


def refused(g, text, kind=referee.IllegalMove):
    """The entry (as the table plays it) is refused and the game is as it was; the refusal's text."""
    before = (list(g.moves), g.view())
    with pytest.raises(kind) as err:
        play_entry(g, text)
    assert (list(g.moves), g.view()) == before
    return str(err.value)


# --- one city names a destination card ----------------------------------------------------------------------
@pytest.fixture
def first_turn():
    """Ann's first turn on the test board: destination cards of Marseille and Valencia face up, connection
    cards Marseille-Valencia/Tanger/Venezia/Alexandria/Napoli/Constantinople; no Tanger or Napoli destination."""
    g = new(3)
    face = g.state.face
    assert {c[1] for c in face["d"]} == {0, 1} and {c[2] for c in face["c"]} == {1, 2, 3, 4, 5, 6}
    return g


@pytest.mark.parametrize("typed, city", [("koupit Tanger", "Tanger"), ("buy tanger", "Tanger"),
                                         ("buy napoli 2", "Napoli"), ("koupit Neapol 2", "Napoli"),
                                         ("kup tang", "Tanger")])
def test_one_city_with_no_destination_card_face_up_buys_nothing(first_turn, typed, city):
    # today's main bought the connection card Marseille-Tanger 2f (or Marseille-Napoli 2f) instead
    assert refused(first_turn, typed) == NO_DESTINATION.format(city=city)


@pytest.mark.parametrize("typed, city", [("koupit Tanger", "Tanger"), ("koupit Neapol 2", "Neapol")])
def test_one_city_refused_in_czech(first_turn, typed, city):
    with using("cs"):
        said = refused(first_turn, typed)
    if _translated(NO_DESTINATION):
        assert said == ("Žádná cílová karta s městem {city} neleží lícem nahoru: jedno město označuje cílovou kartu, "
                        "kartu propojených měst označují obě její města (pravidlo T3).").format(city=city)
    else:
        assert city in said


@pytest.mark.parametrize("typed, move", [("koupit Valencie", "buy valencia 2s 3f"),
                                         ("buy valencia 2", "buy valencia 2s 3f"),
                                         ("koupit Marseille Tanger", "buy marseille-tanger 2f"),
                                         ("buy tanger-marseille 2", "buy marseille-tanger 2f"),
                                         ("koupit Marseille 3 2", "buy marseille 3s 2f")])
def test_a_face_up_card_is_still_bought_by_its_print(first_turn, typed, move):
    assert [m.text for m in play_entry(first_turn, typed)] == [move]


def test_a_numbers_that_fit_no_destination_card_of_the_city_are_refused(first_turn):
    # Valencia 2s 3f is face up; 'valencia 1' is not it (nor a connection card with Valencia)
    said = refused(first_turn, "buy valencia 1")
    assert "not face up" in said


def test_the_cli_refuses_one_city_in_czech_and_keeps_the_game(db):
    from referee.cli import cli

    run = CliRunner()
    r = run.invoke(cli, ["new", "el-capitan", "-p", "Ann", "-p", "Bob", "-p", "Cal", "-o", "board=none", "--json"])
    assert r.exit_code == 0, r.output
    gid = json.loads(r.stdout)["id"]
    setup = ["layout venezia athina tunis constantinople"] + ["napoli 2 2"] * 4 + ["tanger venezia 3"] * 6
    r = run.invoke(cli, ["move", gid, *setup])
    assert r.exit_code == 0, r.output
    shown = run.invoke(cli, ["show", gid, "--json"]).stdout
    for lang, typed in (("en", "buy tanger"), ("cs", "koupit Tanger")):
        r = run.invoke(cli, ["--lang", lang, "move", gid, typed])
        assert r.exit_code == 1 and "Traceback" not in r.output
        said = r.output.strip()
        assert "Tanger" in said and ("T3" in said) and "tanger-venezia" not in said.lower()
        assert run.invoke(cli, ["show", gid, "--json"]).stdout == shown
    r = run.invoke(cli, ["move", gid, "koupit Tanger Benátky"])      # both cities: the connection card
    assert r.exit_code == 0 and "venezia" in r.output.lower()


# --- each loan decided on its own ---------------------------------------------------------------------------
def _with_loans(n10, n16=0):
    """Ann holds n10 10-florin and n16 16-florin loans and settles them after payday 1 (Bob one 10)."""
    g = new(3)
    s = g.state
    s.loans[0][(10, False, False)] = n10; s.stack[10] -= n10; s.money[0] += 10 * n10; s.bank -= 10 * n10
    if n16:
        s.loans[0][(16, False, False)] = n16; s.stack[16] -= n16; s.money[0] += 16 * n16; s.bank -= 16 * n16
    s.loans[1][(10, False, False)] = 1; s.stack[10] -= 1; s.money[1] += 10; s.bank -= 10
    end_phase(g, "Cal")
    assert g.view()["stage"] == "loans" and g.to_move == "Ann"
    return g


def test_repeated_words_that_are_moves_are_kept_and_other_repeats_said_once():
    assert canonical_words("el-capitan", "splatit splatit") == "repay repay"
    assert canonical_words("el-capitan", "repay repay repay") == "repay repay repay"
    assert canonical_words("el-capitan", "Splatit SPLATIT prodloužit") == "repay repay extend"
    assert canonical_words("el-capitan", "postavit sklad") == "build"          # two words for one build


@pytest.mark.parametrize("typed", ["splatit splatit", "repay repay"])
def test_two_repays_settle_two_loans(typed):
    g = _with_loans(2)
    money = g.state.money[0]
    played = play_entry(g, typed)
    assert [m.text for m in played] == ["repay", "repay"] and {m.player for m in played} == {"Ann"}
    assert g.state.money[0] == money - 2 * 12 and g.view()["players"][0]["loans"] == []
    assert g.to_move == "Bob"


def test_three_repays_and_a_repay_then_an_extend():
    g = _with_loans(2, 1)
    money = g.state.money[0]
    assert [m.text for m in play_entry(g, "repay repay repay")] == ["repay"] * 3
    assert g.state.money[0] == money - 12 - 12 - 20 and g.to_move == "Bob"
    g = _with_loans(2)
    money = g.state.money[0]
    assert [m.text for m in play_entry(g, "splatit prodloužit")] == ["repay", "extend"]
    assert g.state.money[0] == money - 12
    assert g.view()["players"][0]["loans"] == [{"amount": 10, "extended": True, "repay": 20}]


def test_more_decisions_than_loans_are_refused_never_given_to_the_next_player():
    g = _with_loans(1)
    assert refused(g, "repay repay") == LOANS.format(name="Ann", n=1, text="repay repay", k=2)
    assert refused(g, "Ann splatit splatit").startswith("Ann has 1 loan left to settle")
    g = _with_loans(2)
    assert refused(g, "repay repay repay") == (
        "Ann has 2 loans left to settle, and 'repay repay repay' decides 3: one 'repay' or 'extend' per loan "
        "(rule A1).")
    with using("cs"):
        said = refused(g, "splatit splatit splatit")
    if _translated(LOANS):
        assert said == ("Ann má k vyřízení ještě 2 úvěry, ale „splatit splatit splatit“ obsahuje 3 rozhodnutí: u "
                        "každého úvěru jedno „splatit“ nebo „prodloužit“ (pravidlo A1).")
    else:
        assert "splatit splatit splatit" in said


# --- a line of several moves: the engine gives one answer --------------------------------------------------
@pytest.fixture
def valencia():
    """Ann's first turn with Valencia 2s 1f face up (no board file: the table enters each card)."""
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": "none"})
    g.play("layout venezia athina tunis constantinople")
    for card in ["valencia 2 1"] + ["napoli 2 2"] * 3 + ["tanger venezia 3"] * 6:
        g.play(card)
    assert "buy valencia 2s 1f" in texts(g)
    return g


@pytest.mark.parametrize("lang, typed", [("en", "buy valencia 2 1 sail valencia 2 1"),
                                         ("cs", "koupit Valencie 2 1 plout Valencie 2 1")])
def test_a_line_of_several_moves_is_not_refused_by_a_rule_that_does_not_apply(valencia, lang, typed):
    g = valencia
    with using(lang):
        single = g.preview(typed)
        # the card is face up: no 'not face up' (rule T3) for the line read as one move
        assert single.startswith("✗") and "T3" not in single
        with pytest.raises(referee.InvalidMove):
            g.find(typed)
        assert preview_entry(g, typed).startswith("→")
        assert [m.text for m in play_entry(g, typed)] == ["buy valencia 2s 1f", "sail valencia 2s 1f"]


def test_several_moves_message_in_both_languages(valencia):
    typed = "koupit Valencie 2 1 plout Valencie 2 1"
    with pytest.raises(referee.InvalidMove) as err:
        valencia.find(typed)
    assert str(err.value) == SEVERAL.format(text=typed.lower())      # as the game reads it (any case)
    if _translated(SEVERAL):
        with using("cs"), pytest.raises(referee.InvalidMove) as err:
            valencia.find(typed)
        assert str(err.value) == ("„koupit valencie 2 1 plout valencie 2 1“ je několik tahů, ne jeden: zadejte je "
                                  "u stolu na jednom řádku, kde se zahrají postupně, nebo po jednom.")
