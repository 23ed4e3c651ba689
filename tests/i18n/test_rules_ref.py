"""`referee rules GAME [LABEL or WORDS]` and referee.rules_ref: the reference a refusal's citation opens."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import rules_ref
from referee.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"port_royal": "port-royal", "puerto_rico": "puerto-rico", "el_capitan": "el-capitan",
            "carcassonne": "carcassonne"}


def run(*args):
    return CliRunner().invoke(cli, list(args))


def languages_of(game):
    return [lang for lang in ("en", "cs") if (ROOT / "tables" / "rules" / lang / f"{game}.md").is_file()]


def test_a_label_shows_that_rule_with_its_rulebook_section():
    r = run("rules", "port-royal", "T8")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "[T8] 4.3 Phase 2: Trade & Hire"
    assert "pays 1 coin to the active player for **each** card taken" in r.output
    assert lines[-1] == "(Czech rulebook: 2. OBCHODOVÁNÍ A NAJÍMÁNÍ POSTAV)"
    assert "T9" not in r.output                       # that rule only


@pytest.mark.parametrize("game,label,expected", [
    ("puerto-rico", "5.7 K4", ["5.7 K4"]),
    ("puerto-rico", "5.7 k4", ["5.7 K4"]),
    ("puerto-rico", "K4", ["5.7 K4"]),                 # unique without its section
    ("puerto-rico", "rule 5.7 K4-K6", ["5.7 K4", "5.7 K5", "5.7 K6"]),
    ("puerto-rico", "6.3", ["6.3"]),                   # an item of a section without a letter
    ("port-royal", "D4c/R10", ["D4", "R10"]),          # a sub-item shows its rule; two citations
    ("port-royal", "5.2", ["5.2"]),                    # a whole section
    ("el-capitan", "T14/O12", ["T14", "O12"]),
    ("carcassonne", "F3", ["F3"]),
])
def test_find(game, label, expected):
    assert [r.label for r in rules_ref.find(game, label, "en")] == expected


def test_find_refuses_a_citation_with_an_unknown_part():
    assert rules_ref.find("port-royal", "T8/T99", "en") == []


def test_unknown_label_names_the_nearest_exit_2():
    r = run("rules", "port-royal", "T99")
    assert r.exit_code == 2
    assert r.output.strip() == ("referee: The Port Royal rules have no rule T99; the nearest labels are "
                                "T9, T8, T7, T6.")


def test_words_find_rules_in_either_language_without_diacritics():
    for words in (["kapitán"], ["kapitan"], ["captain"]):
        r = run("rules", "puerto-rico", *words)
        assert r.exit_code == 0, r.output
        assert "[5.7 K4]" in r.output, words


def test_words_that_match_nothing_exit_2():
    r = run("rules", "el-capitan", "zzzz")
    assert r.exit_code == 2
    assert "mentions 'zzzz'" in r.output


def test_without_label_the_whole_reference():
    r = run("rules", "carcassonne")
    assert r.exit_code == 0
    assert r.output.startswith("# Carcassonne")
    assert "F3." in r.output and "M6." in r.output


def test_unknown_game_exit_2():
    assert run("rules", "chess", "T8").exit_code == 2


@pytest.mark.parametrize("game", rules_ref.GAMES)
def test_labels_are_unique(game):
    for lang in languages_of(game):
        labels = [r.label for r in rules_ref.rules(game, lang)]
        assert len(labels) == len(set(labels)), lang


@pytest.mark.parametrize("game", rules_ref.GAMES)
def test_both_languages_carry_the_same_labels_and_sources(game):
    langs = languages_of(game)
    assert "en" in langs
    if "cs" in langs:
        assert rules_ref.labels(game, "cs") == rules_ref.labels(game, "en")
        for en, cs in zip(rules_ref.rules(game, "en"), rules_ref.rules(game, "cs")):
            assert bool(en.source) == bool(cs.source), en.label


@pytest.mark.parametrize("package,game", PACKAGES.items())
def test_every_label_the_code_cites_exists_in_the_reference(package, game):
    cited = set()
    sources = list((ROOT / "referee" / "games" / package).rglob("*.py")) + [ROOT / "scoring" / f"{package}.py"]
    for path in sources:                        # the engine and its calculator
        cited |= set(rules_ref.citations(path.read_text(encoding="utf-8")))
    assert cited, "the scan must find the engine's citations"
    for lang in languages_of(game):
        missing = sorted(c for c in cited if not rules_ref.find(game, c, lang))
        assert missing == [], f"{game} ({lang}) cites rules the reference lacks: {missing}"


def test_the_citation_scan_sees_the_forms_messages_use():
    text = 'raise IllegalMove("x (rule 5.7 K4): y"); f"(D4c/R10)"; "rules T14/O12"; "(rule 6.3)"'
    assert rules_ref.citations(text) == ["5.7 K4", "D4c/R10", "T14/O12", "6.3"]


def test_every_section_names_its_czech_rulebook_source():
    for game in rules_ref.GAMES:
        for lang in languages_of(game):
            sections = [r for r in rules_ref.rules(game, lang) if re.fullmatch(r"\d+(\.\d+)?", r.label)
                        and "." not in r.label or r.label.count(".") == 1 and " " not in r.label]
            assert all(r.source for r in sections), (game, lang, [r.label for r in sections if not r.source])


@pytest.mark.parametrize("game", rules_ref.GAMES)
def test_every_game_has_a_czech_reference(game):
    assert languages_of(game) == ["en", "cs"]
    r = run("--lang", "cs", "rules", game)
    assert r.exit_code == 0 and "*Pravidla:*" in r.output and "*Czech rulebook:*" not in r.output


def test_czech_output_for_a_label():
    r = run("--lang", "cs", "rules", "puerto-rico", "5.7", "K4")
    assert r.exit_code == 0
    assert r.output.splitlines()[0] == "[5.7 K4] 5.7 Kapitán (K)"
    assert "Povinnost nakládat" in r.output
    assert r.output.splitlines()[-1] == ("(Pravidla: KAPITÁN (Fáze kapitána): Dodací podmínky, Vítězné body, "
                                         "Skladování)")


def test_cited_by_a_refusal():
    message = "Only Ann, the active player, may claim an expedition (E1/R3)."
    assert [r.label for r in rules_ref.cited_by("port-royal", message, "en")] == ["E1", "R3"]
    assert rules_ref.cited_by("port-royal", message, "cs")[0].text.startswith("- **E1** Jen aktivní hráč")
    assert rules_ref.cited_by("puerto-rico", "You must load when you can (rule 5.7 K4): corn.", "en")[0].label \
        == "5.7 K4"
    assert rules_ref.cited_by("port-royal", "No rule here.", "en") == []
