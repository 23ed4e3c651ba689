"""Notation: canonical texts, synonyms, abbreviations, did-you-mean, ambiguity and rule-naming refusals."""

import pytest

from referee import AmbiguousMove, IllegalMove, InvalidMove
from referee.games.port_royal import RULES
from referee.games.port_royal import cards as C

from .helpers import flip, give, new, play, set_coins, texts


def test_canonical_texts_are_lowercase_single_spaced_and_unique():
    g = new(5)
    give(g, "Ann", "captain-4-1", "priest-4-1", "jack-6-1", "settler-4-1")
    for seq in ([], ["flip"], ["flip", "sailor-3-1"], ["flip", "sailor-3-1", "stop"]):
        h = new(5)
        for m in seq:
            h.play(m)
        ts = [m.text for m in h.legal_moves()]
        assert len(ts) == len(set(ts))
        assert all(t == " ".join(t.lower().split()) for t in ts)


@pytest.mark.parametrize("typed,canonical", [
    ("blue-2-3", "flute-2-3"), ("FLUTE-2-3", "flute-2-3"), ("flute 2 3", "flute-2-3"),
    ("flip flute-2-3", "flute-2-3"), ("card blue 2 3", "flute-2-3"), ("gov", "governor-8-0"),
    ("trader-flute-3-1", "trader-blue-3-1"), ("yellow trader 5 2", "trader-yellow-5-2"),
    ("monk", "priest-4-1"), ("joker", "jack-6-1"), ("red-skull-4", "frigate-skull-4"),
    ("galleon-s-3", "galleon-skull-3"), ("tax sword", "tax-swords"), ("exp aah", "expedition-aah"),
    ("black 7", "galleon-7-3"), ("blu 2 3", "flute-2-3"), ("yel-4-4", "pinnace-4-4"),
])
def test_chance_synonyms(typed, canonical):
    g = new()
    play(g, "flip")
    m = g.play(typed)
    assert m.text == canonical and m.chance


def test_chance_ambiguous_and_typos():
    g = new()
    play(g, "flip")
    with pytest.raises(AmbiguousMove, match=r"sailor-3-1, sailor-5-2, sailor-7-3"):
        g.play("sailor")
    with pytest.raises(InvalidMove, match=r"Did you mean governor-8-0\?"):
        g.play("govrnor-8-0")
    with pytest.raises(InvalidMove):
        g.play("banana")
    with pytest.raises(IllegalMove, match=r"Ann is flipping: enter the card shown"):
        g.play("flip")
    with pytest.raises(IllegalMove, match=r"enter it first \(D1\)"):
        g.play("stop")


@pytest.mark.parametrize("typed", ["f", "draw", "next", "FLIP", "ann flip", "Ann: flip"])
def test_flip_synonyms(typed):
    g = new()
    assert g.play(typed).text == "flip"


@pytest.mark.parametrize("typed", ["s", "done", "trade", "enough", "pass", "ann stop"])
def test_stop_synonyms(typed):
    g = new()
    flip(g, "flute-1-1")
    assert g.play(typed).text == "stop"


@pytest.mark.parametrize("typed,canonical", [
    ("r", "repel"), ("fight", "repel"), ("d", "dock"), ("let", "dock"), ("ann dock", "dock")])
def test_ship_synonyms(typed, canonical):
    g = new()
    give(g, "Ann", "sailor-3-1")
    flip(g, "flute-1-1")
    assert g.play(typed).text == canonical


@pytest.mark.parametrize("typed,canonical", [
    ("hire sailor", "take sailor-3-1"), ("sailor-3-1", "take sailor-3-1"), ("trade blue", "take flute-1-1"),
    ("take flute", "take flute-1-1"), ("t sail", "take sailor-3-1"), ("done", "pass"), ("no", "pass"),
    ("skip", "pass"), ("p", "pass"), ("ann pass", "pass")])
def test_phase_2_synonyms(typed, canonical):
    g = new()
    flip(g, "sailor-3-1", "flute-1-1")
    play(g, "stop")
    assert g.play(typed).text == canonical


def test_take_ambiguous_in_the_harbour():
    g = new()
    set_coins(g, "Ann", 10)
    flip(g, "sailor-3-1", "sailor-5-2")
    play(g, "stop")
    with pytest.raises(AmbiguousMove, match="sailor-3-1, sailor-5-2"):
        g.play("take sailor")


@pytest.mark.parametrize("typed", ["claim cc", "cc", "exp cc", "claim expedition cc", "expedition-cc",
                                   "claim cc using priest jack", "claim cc with jack priest",
                                   "claim cc using monk joker"])
def test_claim_synonyms(typed):
    g = new()
    give(g, "Ann", "priest-4-1", "jack-6-1")
    flip(g, "expedition-cc")
    assert g.play(typed).text == "claim expedition-cc"


def test_refusals_name_the_rule():
    g = new()
    with pytest.raises(IllegalMove, match=r"\(D1\)"):
        g.play("stop")
    with pytest.raises(IllegalMove, match=r"\(T2\)"):
        g.play("take sailor-3-1")
    with pytest.raises(IllegalMove, match=r"D4a"):
        g.play("repel")
    with pytest.raises(IllegalMove, match=r"\(D4\)"):
        g.play("dock")
    with pytest.raises(IllegalMove, match=r"C2"):
        g.play("reshuffle")
    with pytest.raises(IllegalMove, match=r"It is Ann's turn: only Ann may flip"):
        g.play("bob flip")


def test_every_refusal_leaves_the_game_unchanged():
    g = new()
    flip(g, "sailor-3-1")
    before = (g.view(), texts(g), list(g.moves))
    for bad in ("repel", "dock", "take pirate-9-3", "claim aa", "xyzzy", "bob stop", "reshuffle", "sailor"):
        with pytest.raises(IllegalMove):
            g.play(bad)
        assert (g.view(), texts(g), list(g.moves)) == before


def test_canonical_card_ids_round_trip():
    from referee.games.port_royal.notation import canon_card_text

    for cid in C.IDS:
        assert canon_card_text(cid) == cid


def test_help_text():
    assert "flip" in RULES.notation and "claim" in RULES.notation


def test_man_page_example_plays_as_printed():
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "man" / "referee-port-royal.7"
    text = page.read_text()
    block = text[text.index("A turn of Ann"):text.index("Refusals name the rule")]
    block = block[block.index(".nf") + 3:block.index(".fi")].replace("\\-", "-")
    g = new(3)
    for line in block.strip().splitlines():
        if line.startswith("> "):
            g.play(re.split(r"\s{2,}", line[2:])[0])
        else:
            assert g.prompt() == line.strip(), line
    assert g.view()["active"] == "Bob"
    assert g.view()["players"][0]["persons"] == {"sailor-3-1": 1}


def test_did_you_mean_and_prefixes_for_move_words():
    g = new()
    with pytest.raises(InvalidMove, match=r"'flipp' is not a move\. Did you mean flip\?"):
        g.play("flipp")
    assert g.play("fli").text == "flip"
    play(g, "sailor-3-1")
    with pytest.raises(InvalidMove, match=r"Did you mean stop\?"):
        g.play("stopp")
    with pytest.raises(AmbiguousMove, match=r"'re' could be repel or reshuffle"):
        g.play("re")
    with pytest.raises(InvalidMove, match=r"one at a time: 'flip', then the card shown \(e\.g\. flute-2-3\)"):
        g.play("flip blue 2 3")
    with pytest.raises(InvalidMove, match="neither a move nor a card"):
        g.play("qqqqqq")
    with pytest.raises(InvalidMove, match=r"'qiut' is not a move\. Did you mean quit\?"):
        g.play("qiut")


def test_players_named_like_cards_or_moves():
    import referee

    g = referee.new_game("port-royal", ["Jack", "Pass"])
    assert g.play("f").text == "flip"
    assert g.play("jack 6 1").text == "jack-6-1"         # the card, not the player Jack
    play(g, "flip")
    assert g.play("jack").text == "jack-6-1"
    assert g.play("pass").text == "stop"                  # a lone word is a move
    assert g.view()["active"] == "Pass"                   # nobody could afford a Jack: the turn is over
    assert g.play("pass flip").text == "flip"             # the player Pass flips
    g.undo()
    with pytest.raises(IllegalMove, match="only Pass may flip"):
        g.play("jack flip")


def test_help_text_has_no_square_brackets_that_rich_would_swallow_as_markup():
    assert "[" not in RULES.notation and "using priest jack" in RULES.notation
