"""The commands' --help in the chosen language, Click's own texts included, without leaking between runs."""

from click.testing import CliRunner

from referee.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_root_help_in_czech():
    out = run("--lang", "cs", "--help").output
    assert "Rozhodčí a počítadlo bodů" in out
    assert "Příkazy:" in out and "Volby:" in out
    assert "Vypíše podporované hry" in out           # a command defined in cli.py
    assert "Vypíše odehrané partie" in out           # a lazy command (club), listed without importing it
    assert "Ukáže tuto nápovědu a skončí." in out and "Ukáže verzi a skončí." in out


def test_command_help_in_czech_then_english_again():
    cs = run("--lang", "cs", "new", "--help").output
    assert "Založí sledovanou hru" in cs and "Volba hry." in cs and "Ukáže tuto nápovědu" in cs
    en = run("new", "--help").output
    assert "Start a tracked game" in en and "A game option." in en and "Show this message and exit." in en
    assert "Založí" not in en and "Ukáže" not in en


def test_lazy_command_help_in_czech():
    out = run("--lang", "cs", "stats", "--help").output
    assert out.startswith("Použití: ")
    assert "H-index klubu" in out


def test_usage_error_in_czech_is_one_sentence():
    r = run("--lang", "cs", "nosuch")
    assert r.exit_code == 2
    assert r.output.strip() == "referee: Příkaz 'nosuch' neexistuje. Viz `referee --help`."


def test_every_help_text_is_listed_for_translation():
    from referee import _help_texts, helptext

    assert set(helptext.texts(cli)) <= set(_help_texts.TEXTS)
