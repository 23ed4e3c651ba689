"""The core's own texts (player lists, options, the prompt, empty and late moves, undo, records, unknown games)
and the shared scoring texts come out in Czech when Czech is chosen, and exactly as before in English. What
is data stays English in every language: move texts, records, the stored notes of a result.

The Czech strings below are the translations delivered in referee/locale/cs/fragments/cs-core.po; until that
fragment is folded into the catalog, the Czech checks are skipped (the English ones always run)."""

import pytest

import referee
from referee.core import BadInput, GameOver, IllegalMove, InvalidMove
from referee.core.game import Game
from referee.core.record import load_record
from referee.core.registry import GAMES
from referee.i18n import _, using
from scoring import ScoringError
from scoring.fields import need_choice, need_dict
from scoring.result import note_text, rank
from tests.core.toy import RULES as TOY


def _czech(msgid: str) -> bool:
    with using("cs"):
        return _(msgid) != msgid


needs_core = pytest.mark.skipif(not _czech("{move} is not a legal move now."),
                                reason="fragment cs-core.po not folded yet")
needs_scoring = pytest.mark.skipif(not _czech("decided by {tiebreak}"),
                                   reason="scoring/ texts not in the catalog yet (fragment not folded)")


def refusal(call, *args, exc=Exception):
    with pytest.raises(exc) as info:
        call(*args)
    return str(info.value)


def toy_game_to_the_end(lang: str) -> tuple[list[str], str, str]:
    """A short toy game (chance roll, then keep): the prompts on the way, the prompt at the end, and the
    refusal of a move entered after the end."""
    with using(lang):
        game = Game(TOY, ["Ann", "Bob"], {"target": 3})
        prompts = [game.prompt()]
        game.play("roll 3")
        prompts.append(game.prompt())
        game.play("keep")
        return prompts, game.prompt(), refusal(game.play, "roll 1", exc=GameOver)


# --- Czech ----------------------------------------------------------------------------------------------

@needs_core
def test_a_short_game_prompts_and_refuses_in_czech():
    prompts, end, late = toy_game_to_the_end("cs")
    assert prompts == ["Náhodná událost: zadejte, co se u stolu odkrylo", "Na tahu je Ann"]
    assert end == "Hra skončila."
    assert late == "Hra skončila; další tahy už zadat nelze (konec změníte vrácením tahů: undo)."


@needs_core
def test_port_royal_table_refusals_in_czech():
    with using("cs"):
        assert refusal(referee.new_game, "port-royal", ["Ann"], exc=BadInput) == \
            "Hru Port Royal hraje 2 až 5 hráčů, ne 1."
        assert refusal(referee.new_game, "port-royal", ["Ann", "ann"], exc=BadInput) == \
            "Hráč ann je uveden dvakrát; každý hráč potřebuje jiné jméno."
        assert refusal(referee.new_game, "port-royal", ["Ann", "Bob"], {"end": "x"}, exc=BadInput) == \
            "Volba end přijímá jednu z hodnot standard, expedition-end, ne 'x'."
        game = referee.new_game("port-royal", ["Ann", "Bob"])
        assert refusal(game.play, "   ", exc=InvalidMove) == \
            "Tah je prázdný; napište tah, nebo 'moves' pro seznam povolených tahů."
        game.play("flip")
        assert refusal(game.undo, 3, exc=BadInput) == "Zahraných tahů je jen 1; nelze jich vzít zpět 3."
        assert refusal(referee.new_game, "portugal", ["Ann", "Bob"], exc=BadInput) == \
            f"Neznámá hra 'portugal'; hry jsou: {', '.join(GAMES)}. Měli jste na mysli port-royal?"


@needs_core
def test_a_broken_record_is_refused_in_czech_and_the_record_itself_stays_english():
    with using("cs"):
        game = referee.new_game("port-royal", ["Ann", "Bob"], date="2026-11-25")
        game.play("flip")
        czech_record = game.to_record()
        bad = czech_record.replace("1. flip", "2. flip")
        assert refusal(load_record, bad, exc=BadInput) == \
            "Řádek záznamu 7: má tu být tah číslo 1, ne 2."
        assert refusal(load_record, "Players: Ann, Bob\n", exc=BadInput) == "Záznam nemá hlavičku 'Game:'."
        assert refusal(load_record, "Game: port-royal\nPlayers: Ann, Bob\nOptions: [1]\n", exc=BadInput) == \
            "Hlavička 'Options:' v záznamu musí být objekt JSON."
    with using("en"):
        assert load_record(czech_record).to_record() == czech_record    # the record is language-neutral
    assert "1. flip" in czech_record and "; Ann" in czech_record


@needs_scoring
def test_scoring_texts_in_czech():
    with using("cs"):
        assert note_text("decided by coins") == "rozhodlo: mince"
        assert note_text("shared win") == "sdílené vítězství"
        assert refusal(need_dict, [], "players[1]", exc=ScoringError) == \
            "players[1] musí být objekt (přiřazení hodnot k názvům)."
        assert refusal(need_choice, "gold", ["sailor"], "x", "card", exc=ScoringError) == \
            "x: karta 'gold' neexistuje."


# --- English stays as it was; stored data stays English in Czech -----------------------------------------

def test_english_is_unchanged():
    prompts, end, late = toy_game_to_the_end("en")
    assert prompts == ["Chance event: enter what the table revealed", "Ann to move"]
    assert end == "The game is over."
    assert late == "The game is over; no more moves can be entered (undo to change the end)."
    with using("en"):
        assert refusal(referee.new_game, "port-royal", ["Ann"], exc=BadInput) == \
            "Port Royal takes 2 to 5 players, not 1."
        assert refusal(referee.new_game, "carcassonne", list("ABCDEFG"), exc=BadInput) == \
            "Carcassonne takes 2 to 5 players, not 7; a sixth player needs a sixth colour from another set " \
            "(rule R1): -o six_players=on."
        assert refusal(referee.new_game, "port-royal", ["Ann", "Bob"], {"end": "z"}, exc=BadInput) == \
            "Option end takes one of standard, expedition-end, not 'z'."
        game = referee.new_game("port-royal", ["Ann", "Bob"])
        assert refusal(game.undo, 1, exc=BadInput) == "Only 0 moves have been played; cannot undo 1."
        assert refusal(referee.new_game, "p", ["Ann", "Bob"], exc=BadInput) == \
            f"Unknown game 'p'; the games are: {', '.join(GAMES)}."    # other tests may add a toy game
        assert refusal(load_record, "Game: port-royal\nPlayers: Ann, Bob\n\n1. stop\n", exc=IllegalMove) \
            .startswith("Move 1 (stop) on line 4: ")
        assert note_text("decided by coins") == "decided by coins"
        assert refusal(need_choice, "sailer", ["sailor"], "x", "card", exc=ScoringError) == \
            "x: unknown card 'sailer'. Did you mean sailor?"


def test_a_result_note_is_stored_in_english_whatever_the_language():
    with using("cs"):
        res = rank("toy", [("Ann", {"points": 3}, 1), ("Bob", {"points": 3}, 1), ("Cal", {"points": 3}, 0)],
                   tiebreak_name="coins")
    assert [e.note for e in res.ranking] == ["shared win", "shared win", "decided by coins"]
    assert note_text("a note from an imported file") == "a note from an imported file"
    assert note_text("decided by ") == "decided by "       # never gettext(""): that is the catalog's header


def test_the_score_limit_is_written_as_the_language_writes_numbers():
    from referee.core import validate

    with using("cs"):
        czech = refusal(validate.score, 10 ** 7, "Ann", exc=BadInput)
    with using("en"):
        english = refusal(validate.score, 10 ** 7, "Ann", exc=BadInput)
    assert "-1\u00a0000\u00a0000 a 1\u00a0000\u00a0000." in czech
    assert english == "Ann is 10000000; a score is between -1,000,000 and 1,000,000."
