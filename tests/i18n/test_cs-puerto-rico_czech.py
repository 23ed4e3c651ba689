"""Puerto Rico in Czech (issue 14): the table's events, prompts and refusals come out in Czech with the Czech
edition's names (tables/puerto-rico/names.json), while moves, records and view() stay canonical, and English
is unchanged.

The Czech texts arrive through referee/locale/cs/fragments/cs-puerto-rico.po, which the integrator folds into
the catalog (tools/catalogs.py fold): the Czech tests are skipped until then."""

import pytest
from click.testing import CliRunner

import referee
from referee import i18n
from referee.cli import cli
from referee.core.errors import IllegalMove


def _folded() -> bool:
    with i18n.using("cs"):
        return i18n._("{who} sells {good} for {amount}.") != "{who} sells {good} for {amount}."


needs_czech = pytest.mark.skipif(not _folded(), reason="fragment not folded yet")

ROW = ["corn", "indigo", "sugar", "tobacco", "coffee"]


def _game():
    g = referee.new_game("puerto-rico", ["Ann", "Bob", "Cid", "Dan"], {})
    for kind in ROW:
        g.play("reveal " + kind)
    return g


def _refusal(g, text) -> str:
    with pytest.raises(IllegalMove) as err:
        g.play(text)
    return str(err.value)


@needs_czech
def test_a_short_game_in_czech():
    i18n.set_language("cs")
    g = _game()
    # the moves as a Czech table says them (issue 22: core/labels.py), typed back as the same moves
    assert g.prompt().startswith("Kolo 1, guvernér Ann. Ann: zvolte roli: osadník, starosta, stavitel")
    assert _refusal(g, "pass").startswith("Volba role je povinná (pravidlo 5.1 R1); Ann může zvolit: osadník, ")
    assert g.play("stavitel").text == "builder"          # the move itself stays canonical
    assert g.events() == ["Ann volí roli Stavitel."]
    assert g.prompt().startswith("Kolo 1, guvernér Ann. Fáze: Stavitel (Ann). Ann: postavte jednu budovu, "
                                 "nebo pasujte: postav malou zpracovatelnu indiga, ")
    # a refusal names the building by its Czech name, mid-sentence as printed, and keeps the rule label
    assert _refusal(g, "postav přístav") == (
        "Budova přístav by vás stála 7 dublonů: 8 natištěno, -1 výsada stavitele; máte 3 (pravidlo 5.4 B3), "
        "postavte tedy něco levnějšího, nebo pasujte.")
    assert g.play("postav malý cukrovar").text == "build small-sugar-mill"
    assert g.events() == ["Ann staví budovu malý cukrovar za 1 dublon."]
    g.play("malý cukrovar")                               # Bob pays 2: the Czech plural for 2-4
    assert g.events() == ["Bob staví budovu malý cukrovar za 2 dublony."]
    assert _refusal(g, "postav radnici") == (
        "Budova radnice by vás stála 10 dublonů: 10 natištěno; máte 3 (pravidlo 5.4 B3), postavte tedy něco "
        "levnějšího, nebo pasujte.")
    g.play("nic")
    g.play("nic")
    g.play("obchodník")
    assert g.events()[0] == "Bob volí roli Obchodník."
    # view() values stay language-neutral for programs reading --json
    view = g.view()
    assert view["players"][1]["roles"] == ["trader"] and view["players"][0]["city"] == {"small-sugar-mill": 0}


@needs_czech
def test_the_setup_checklist_is_czech_on_screen_and_english_in_view():
    from referee.games.puerto_rico.checklist import setup_checklist

    i18n.set_language("cs")
    text = setup_checklist(2)
    assert text.splitlines()[0] == "Příprava Puerto Rica pro 2 hráče (oficiální varianta pro 2 hráče):"
    assert " 11. Budovy: 2 malá zpracovatelna indiga, 2 malý cukrovar," in text
    g = referee.new_game("puerto-rico", ["Ann", "Bob"], {})
    assert g.view()["setup_checklist"].startswith("Puerto Rico setup for 2 players (official 2-player variant):")


@needs_czech
def test_the_cli_in_czech(db):
    runner = CliRunner()
    made = runner.invoke(cli, ["--lang", "cs", "new", "puerto-rico", "-p", "Ann", "-p", "Bob", "-p", "Cid"])
    assert made.exit_code == 0, made.output
    gid = made.output.strip().splitlines()[-1]
    for kind in ("corn", "indigo", "sugar", "corn"):
        assert runner.invoke(cli, ["--lang", "cs", "move", gid, "reveal " + kind]).exit_code == 0
    said = runner.invoke(cli, ["--lang", "cs", "move", gid, "vezmi kukuřici"])
    assert said.exit_code == 1
    assert ("Probíhá krok volby role: Ann musí zvolit roli; povolené tahy jsou: osadník, starosta, stavitel, "
            "dozorce, obchodník, kapitán, starosta bez privilegia.") in said.output
    said = runner.invoke(cli, ["--lang", "cs", "move", gid, "osadník"])
    assert said.exit_code == 0, said.output
    assert "Ann volí roli Osadník." in said.output
    assert "Fáze: Osadník (Ann). Ann: vezměte dílek, nebo pasujte:" in said.output
    said = runner.invoke(cli, ["--lang", "cs", "move", gid, "vezmi kukuřici"])
    assert "Ann bere dílek: kukuřice." in said.output


def test_english_is_unchanged():
    g = _game()
    assert g.prompt().startswith("Round 1, governor Ann. Ann: choose a role: settler, mayor, builder")
    assert _refusal(g, "pass").startswith("Choosing a role is compulsory (rule 5.1 R1); Ann may choose: settler, ")
    g.play("builder")
    assert g.events() == ["Ann chooses the builder."]
    assert g.prompt().startswith("Round 1, governor Ann. Builder phase (Ann). Ann: build one building, or pass: ")
    assert _refusal(g, "build harbor") == (
        "A harbor would cost you 7 doubloons: 8 printed, -1 builder's privilege; you have 3 (rule 5.4 B3), so "
        "build something cheaper or pass.")
    g.play("build small-sugar-mill")
    assert g.events() == ["Ann builds a small sugar mill for 1 doubloon."]
    g.play("build small-sugar-mill")
    assert g.events() == ["Bob builds a small sugar mill for 2 doubloons."]
    assert _refusal(g, "build city-hall") == (
        "A city hall would cost you 10 doubloons: 10 printed; you have 3 (rule 5.4 B3), so build something "
        "cheaper or pass.")
    g.play("pass")
    g.play("pass")
    assert g.prompt().startswith("Round 1, governor Ann. Bob: choose a role: ")
