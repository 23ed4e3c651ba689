"""Port Royal in Czech (issue 14): what the table says, a refusal, a prompt and an event, comes out in Czech
with the Czech edition's card names; English stays as it was; the record is the same ids in both languages.

The Czech texts come from referee/locale/cs/fragments/cs-port-royal.po until the integrator folds it into the
catalog: until then the Czech tests are skipped (the English ones always run)."""

import re

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli import cli

from tests.port_royal.helpers import new, play


def _folded() -> bool:
    with i18n.using("cs"):
        return i18n._("{name} flips {card}.") != "{name} flips {card}."


czech = pytest.mark.skipif(not _folded(), reason="fragment not folded yet")


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def _new_game(lang):
    r = run("--lang", lang, "new", "port-royal", "-p", "Ann", "-p", "Bob")
    assert r.exit_code == 0, r.output
    return r.output.strip().splitlines()[-1]


@czech
def test_a_czech_table_speaks_czech(db):
    gid = _new_game("cs")
    r = run("--lang", "cs", "move", gid, "flip")
    assert r.exit_code == 0, r.output
    assert "Náhoda: kterou kartu otočil(a) Ann? (v dobíracím balíčku: 113)" in r.output      # a prompt
    r = run("--lang", "cs", "move", gid, "flauta 2 3")
    assert r.exit_code == 0, r.output
    # the event, with the ship by the name printed on the Czech card (Flauta, modrá), counted in Czech
    assert "Ann otáčí: Flauta (modrá), 2 šavle, 3 mince." in r.output
    assert "Loď Flauta (modrá) zakotví v přístavu." in r.output
    assert "Ann: otočit, nebo stačí (1 karta v přístavu, 1 barva)" in r.output      # issue 22: Czech move words
    # a refusal: one Czech sentence, exit 1, the game unchanged
    r = run("--lang", "cs", "move", gid, "take flute-2-3")
    assert r.exit_code == 1
    assert "Karty se berou jen ve fázi 2, až Ann skončí s otáčením (T2)." in r.output
    r = run("--lang", "cs", "move", gid, "repel")
    assert r.exit_code == 1
    assert ("Ann má 0 šavlí, ale loď Flauta (modrá) potřebuje k odražení 2, takže zakotvila (D4a)."
            in r.output)
    r = run("--lang", "cs", "move", gid, "stop")
    assert r.exit_code == 0, r.output
    assert "Fáze 2: Ann, nárok na karty: 1 karta (1 barva, T1)." in r.output
    assert "Ann si vezme kartu (1 z 1, mince: 3), nebo nic" in r.output


@czech
def test_czech_plurals_and_no_english_left_in_a_turn():
    i18n.set_language("cs")
    g = new(2)
    play(g, "flip", "flute-2-3", "flip", "sailor-3-1", "stop")
    assert g.events() == ["Ann končí s otáčením.", "Fáze 2: Ann, nárok na karty: 1 karta (1 barva, T1)."]
    assert g.preview("take flute-2-3") == "→ vezmi flautu 2 3: Ann si dobere 3 mince"   # the label (issue 22)
    assert g.preview("take sailor-3-1") == "→ vezmi námořníka 3 1: Ann zaplatí 3 mince za kartu Námořník, cena 3, vliv 1"
    play(g, "take flute-2-3")
    assert g.events()[:2] == ["Ann obchoduje s lodí Flauta (modrá), 2 šavle, 3 mince.",
                              "Ann si dobere 3 mince (3 za loď, T6)."]
    for text in g.events() + [g.prompt()]:
        assert not re.search(r"\b(the|and|coins?|cards?|harbour|takes|passes)\b", text), text
    # 1 / 2-4 / 5+: "1 minci", "2 mince", "5 mincí" (coins drawn)
    from referee.games.port_royal.rules import plural

    assert [plural(n, "coin") for n in (1, 2, 5)] == ["1 minci", "2 mince", "5 mincí"]
    assert [plural(n, "card") for n in (1, 3, 7)] == ["1 karta", "3 karty", "7 karet"]


@czech
def test_the_notation_help_is_czech():
    i18n.set_language("cs")
    from referee.games.port_royal import RULES

    assert RULES.notation.startswith("Zápis tahů Port Royal")
    i18n.set_language("en")
    assert RULES.notation.startswith("Port Royal notation (case-insensitive;")


def test_english_is_unchanged(db):
    gid = _new_game("en")
    r = run("move", gid, "flip", "flute-2-3")
    assert "Ann flips Flute (blue), 2 swords, 3 coins." in r.output
    assert "The Flute (blue) docks in the harbour." in r.output
    assert "Ann: flip, or stop (1 card in the harbour, 1 colour)" in r.output
    r = run("move", gid, "take flute-2-3")
    assert r.exit_code == 1
    assert "Cards are taken only in phase 2, after Ann stops (T2)." in r.output
    g = new(2)
    play(g, "flip", "flute-2-3", "flip", "sailor-3-1", "stop")
    assert g.events() == ["Ann stops.", "Phase 2: Ann may take 1 card (1 colour, T1)."]
    assert g.preview("take sailor-3-1") == "→ take sailor-3-1: Ann pays 3 coins for the Sailor, cost 3, 1 influence"


def test_the_record_is_the_same_in_both_languages():
    moves = ("flip", "flute-2-3", "flip", "sailor-3-1", "stop", "take sailor-3-1", "pass")
    records = []
    for lang in ("cs", "en"):
        i18n.set_language(lang)
        g = new(2)
        play(g, *moves)
        records.append((list(g.moves), g.view()["display"], g.view()["players"]))
    assert records[0] == records[1]
