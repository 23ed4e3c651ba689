"""Choosing the language: --lang, REFEREE_LANG, the locale, English; dates and numbers follow it."""

import datetime

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli import cli


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_english_by_default(monkeypatch):
    for var in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.set_language(None) == "en"
    assert run("--help").output.startswith("Usage: ")


def test_lang_option_translates_clicks_own_texts():
    r = run("--lang", "cs", "--help")
    assert r.exit_code == 0
    assert r.output.startswith("Použití: ")
    assert "Volby:" in r.output


def test_lang_after_help_still_applies():
    assert run("--help", "--lang", "cs").output.startswith("Použití:")
    assert run("--lang=cs", "--help").output.startswith("Použití:")


def test_lang_after_db_and_help(tmp_path):
    out = run("--db", str(tmp_path / "h.json"), "--help", "--lang", "cs").output
    assert out.startswith("Použití:")


def test_referee_lang_variable():
    assert run("games", "--help", env={"REFEREE_LANG": "cs"}).output.startswith("Použití:")


def test_option_beats_variable():
    assert run("--lang", "en", "--help", env={"REFEREE_LANG": "cs"}).output.startswith("Usage:")


@pytest.mark.parametrize("var", ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
def test_locale_variables(monkeypatch, var):
    for v in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv(var, "cs_CZ.UTF-8")
    assert run("--help").output.startswith("Použití:")


def test_an_unsupported_locale_is_english(monkeypatch):
    for v in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert run("--help").output.startswith("Usage:")


@pytest.mark.parametrize("args,env", [(["--lang", "de", "games"], None), (["games"], {"REFEREE_LANG": "klingon"})])
def test_unknown_language_is_one_sentence_exit_2(args, env):
    r = CliRunner().invoke(cli, args, env=env)
    assert r.exit_code == 2
    text = r.output.strip()
    assert text.count("\n") == 0
    assert "cs, en" in text and "Unknown language" in text


def test_czech_error_from_click():
    r = run("--lang", "cs", "games", "--nope")
    assert r.exit_code == 2
    assert "Volba '--nope' neexistuje." in r.output


def test_the_language_does_not_leak_between_invocations():
    run("--lang", "cs", "--help")
    assert run("--help").output.startswith("Usage:")


@pytest.mark.parametrize("lang,date,number,fraction", [
    ("en", "2026-11-24", "1,234,567", "1,234.5"),
    ("cs", "24. 11. 2026", "1\u00a0234\u00a0567", "1\u00a0234,5"),
])
def test_dates_and_numbers_follow_the_language(lang, date, number, fraction):
    i18n.set_language(lang)
    assert i18n.format_date(datetime.date(2026, 11, 24)) == date
    assert i18n.format_date("2026-11-24T19:30:00") == date
    assert i18n.format_date(datetime.datetime(2026, 11, 24, 19, 30)) == date
    assert i18n.format_number(1234567) == number
    assert i18n.format_number(1234.5) == fraction
    assert i18n.format_number(7) == "7"


def test_a_date_that_is_not_one_is_shown_as_stored():
    i18n.set_language("cs")
    assert i18n.format_date("last tuesday") == "last tuesday"


def test_format_number_with_fixed_decimals():
    i18n.set_language("cs")
    assert i18n.format_number(2.5, decimals=2) == "2,50"
    assert i18n.format_number(2.5, decimals=0) == "2"
