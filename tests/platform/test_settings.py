"""The settings file (referee/settings.py) and `referee config`: defaults a club sets once."""

import json

import pytest
from click.testing import CliRunner

from referee import settings
from referee.cli import cli
from referee.core.tomlparse import toml_parser


@pytest.fixture
def run(db, settings_file):
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    return invoke


def refused(result, *words):
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert err.startswith("referee: ") and "\n" not in err and "Traceback" not in result.output, err
    for w in words:
        assert w in err, (w, err)
    return err


def test_config_shows_every_setting_and_the_file(run, settings_file):
    out = run("config").stdout
    assert f"Settings file: {settings_file} (not created yet)" in out
    for key in ("language", "location", "colours", "el-capitan-board", "sync-folder"):
        assert key in out
    assert out.count("(not set)") == 5


def test_location_set_once_is_the_default_of_new_record_and_score(run, settings_file):
    assert run("config", "location", "Klub  Na Rohu").stdout.startswith("location = Klub Na Rohu")
    assert run("config", "location").stdout == "Klub Na Rohu\n"
    gid = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json").stdout)["id"]
    assert json.loads(run("show", gid, "--json").stdout)["location"] == "Klub Na Rohu"
    # an explicit --location wins
    gid = json.loads(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--location", "Doma", "--json").stdout)["id"]
    assert json.loads(run("show", gid, "--json").stdout)["location"] == "Doma"
    rec = json.loads(run("record", "port-royal", "-p", "Ann=7", "-p", "Bob=3", "--json").stdout)["id"]
    assert json.loads(run("show", rec, "--json").stdout)["location"] == "Klub Na Rohu"
    template = run("score", "port-royal", "--template").stdout
    scored = run("score", "port-royal", "-", "--record", input=template)
    assert scored.exit_code == 0, scored.output
    gid = scored.stderr.split("Recorded game ", 1)[1].split()[0]
    assert json.loads(run("show", gid, "--json").stdout)["location"] == "Klub Na Rohu"
    # without --record, the setting does not make score refuse its input
    assert run("score", "port-royal", "-", input=template).exit_code == 0


def test_the_file_is_utf8_toml_and_keeps_what_it_does_not_know(run, settings_file):
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text('future-key = 3\nwhen = 2026-01-02\n', encoding="utf-8")
    run("config", "colours.Řehoř", "Red")
    run("config", "language", "čeština")
    raw = settings_file.read_bytes()
    data = toml_parser().loads(raw.decode("utf-8"))
    assert data["colours"] == {"Řehoř": "red"} and data["language"] == "cs"
    assert data["future-key"] == 3 and str(data["when"]) == "2026-01-02"
    assert "future-key" in run("config").stdout      # shown as not known to this referee
    assert run("config", "colours.řehoř").stdout == "red\n"
    run("config", "--unset", "colours.ŘEHOŘ")
    assert "colours" not in toml_parser().loads(settings_file.read_text(encoding="utf-8"))
    assert [p.name for p in settings_file.parent.iterdir()] == ["settings.toml"]     # no temp file left


@pytest.mark.parametrize("args, words", [
    (("config", "colour", "red"), ["'colour' is not a setting", "language, location, colours, el-capitan-board"]),
    (("config", "location.x", "a"), ["is not a setting"]),
    (("config", "language", "klingon"), ["the languages are", "cs"]),
    (("config", "location", "a\x1b[2Jb"), ["control character"]),
    (("config", "location", "x" * 201), ["201 characters", "200"]),
    (("config", "location", "   "), ["empty"]),
    (("config", "colours.Ann", "red blue"), ["colour of Ann", "one word"]),
    (("config", "el-capitan-board", "/no/such/board.json"), ["is not a file"]),
    (("config", "--unset"), ["--unset takes one KEY"]),
])
def test_a_bad_key_or_value_is_one_sentence_and_changes_nothing(run, settings_file, args, words):
    run("config", "location", "Klub")
    before = settings_file.read_bytes()
    refused(run(*args), *words)
    assert settings_file.read_bytes() == before


def test_a_damaged_settings_file_is_named_by_every_command_that_reads_it(run, settings_file):
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text('location = "unterminated\n', encoding="utf-8")
    refused(run("new", "port-royal", "-p", "Ann", "-p", "Bob", "--json"), str(settings_file), "not valid TOML")
    refused(run("config"), str(settings_file), "config --reset")
    settings_file.write_text("location = 5\n", encoding="utf-8")
    refused(run("record", "port-royal", "-p", "Ann=7", "-p", "Bob=3"), "location in", "must be text")
    settings_file.write_bytes(b'location = "\xff"\n')
    refused(run("new", "port-royal", "-p", "Ann", "-p", "Bob"), "not UTF-8")


def test_el_capitan_board_setting_chooses_the_board_file(run, settings_file, tmp_path, monkeypatch):
    from referee.games.el_capitan.board import default_board_path

    monkeypatch.delenv("REFEREE_EL_CAPITAN_BOARD", raising=False)
    board = tmp_path / "my board.json"
    board.write_text("{}", encoding="utf-8")
    run("config", "el-capitan-board", board)
    assert default_board_path() == board.resolve()
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "env.json"))     # the environment wins
    assert default_board_path() == tmp_path / "env.json"


def test_settings_get_for_other_modules(settings_file):
    assert settings.get("language") is None and settings.get("language", "en") == "en"
    settings.set_value("language", "CS")
    assert settings.get("language") == "cs"
    with pytest.raises(KeyError):
        settings.get("no-such-key")


def test_version_says_where_the_history_and_the_settings_live(run, db, settings_file):
    out = run("--version").stdout.splitlines()
    assert out[0].startswith("referee 0.")
    assert out[1:] == [f"history: {db}", f"settings: {settings_file}"]


def test_the_language_setting_chooses_the_language_unless_referee_lang_does(settings_file, monkeypatch):
    from referee import i18n

    runner = CliRunner()
    monkeypatch.delenv("REFEREE_LANG")
    monkeypatch.setenv("LANGUAGE", "en_GB")         # the laptop's locale says English
    settings.set_value("language", "cs")
    try:
        i18n.set_language(None)
        assert i18n.language() == "cs"
        czech = runner.invoke(cli, ["config", "--help"]).stdout
        monkeypatch.setenv("REFEREE_LANG", "en")     # the environment wins over the settings
        i18n.set_language(None)
        assert i18n.language() == "en"
        english = runner.invoke(cli, ["config", "--help"]).stdout
        assert czech.startswith("Použití:") and english.startswith("Usage:")
        settings_file.write_text("language = [", encoding="utf-8")      # damaged: the locale decides
        monkeypatch.delenv("REFEREE_LANG")
        assert i18n.set_language(None) == "en"
    finally:
        i18n.set_language("en")
