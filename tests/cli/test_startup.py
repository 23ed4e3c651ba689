"""Cold start (issue 25): what `referee move`, `moves` and `--help` import, proven in fresh interpreters, and
the folders found without platformdirs equal platformdirs' own. The times are benchmarks/compare.py's."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What the move path must not import again: each was a slice of its start-up (filelock 4.x brings logging and
# decimal, the settings bring platformdirs and TOML, secrets brings hmac and OpenSSL's hashlib).
HEAVY = ("filelock", "logging", "decimal", "platformdirs", "referee.settings", "tomllib", "rich", "hashlib",
         "hmac", "secrets", "tinydb", "csv", "sqlite3", "asyncio", "ssl", "referee.club.stats",
         "referee.club.site", "shutil")

RUN = """
import sys
sys.argv = ["referee"] + sys.argv[1:]
from referee.cli import main
try:
    main()
except SystemExit as exit:
    code = exit.code
else:
    code = 0
sys.stdout.flush()
print("\\n@@" + repr({"code": code, "modules": sorted(sys.modules)}))      # repr: json would be imported
"""


def fresh(tmp_path, *args, env=None):
    """Run the CLI in a new interpreter; its exit code, output and the modules it had imported at the end."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), REFEREE_DB=str(tmp_path / "h.json"),
                REFEREE_CONFIG=str(tmp_path / "settings.toml"), REFEREE_LANG="en")
    full.update(env or {})
    r = subprocess.run([sys.executable, "-c", RUN, *args], env=full, capture_output=True,
                       text=True, timeout=120)
    out, _sep, tail = r.stdout.rpartition("\n@@")
    data = ast.literal_eval(tail)
    return data["code"], out, r.stderr, set(data["modules"])


def heavy(modules) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.fixture
def game(tmp_path):
    """A tracked Port Royal game and its first move, made in fresh processes."""
    code, out, err, _m = fresh(tmp_path, "new", "port-royal", "-p", "Ann", "-p", "Bob", "--json")
    assert code == 0, err
    gid = json.loads(out)["id"]
    code, out, err, _m = fresh(tmp_path, "moves", gid, "--json")
    assert code == 0, err
    return gid, json.loads(out)[0]["text"]


def test_move_and_moves_import_nothing_heavy(tmp_path, game):
    gid, first = game
    code, out, err, modules = fresh(tmp_path, "moves", gid)
    assert code == 0, err
    assert heavy(modules) == []
    assert "tempfile" not in modules     # a command that only reads writes no temp file
    code, out, err, modules = fresh(tmp_path, "move", gid, first)
    assert code == 0, err
    assert heavy(modules) == []
    code, out, err, _m = fresh(tmp_path, "show", gid, "--json")
    assert json.loads(out)["moves"] == [first]          # the move was stored under the lightweight lock


def test_help_imports_no_store_and_no_settings(tmp_path):
    code, out, err, modules = fresh(tmp_path, "--help", env={"REFEREE_LANG": ""})
    assert code == 0 and "Commands" in out
    assert heavy(modules) == []
    assert not {"referee.store", "referee.session", "json", "pathlib"} & modules


def test_an_el_capitan_move_with_no_settings_file_imports_no_settings(tmp_path):
    code, out, err, _m = fresh(tmp_path, "new", "el-capitan", "-p", "Ann", "-p", "Bob", "-p", "Cal", "--json")
    assert code == 0, err
    gid = json.loads(out)["id"]
    code, out, err, modules = fresh(tmp_path, "move", gid, "layout venezia athina tunis constantinople")
    assert code == 0, err
    assert heavy(modules) == []


def test_a_settings_file_is_still_read_and_checked(tmp_path, game):
    """The settings are skipped only when there is no file: its language still applies to every message, and
    a broken file still stops the command with its one sentence."""
    gid, first = game
    settings = tmp_path / "settings.toml"
    settings.write_text('language = "cs"\n', encoding="utf-8")
    code, out, err, modules = fresh(tmp_path, "move", gid, "nonsense-move", env={"REFEREE_LANG": ""})
    assert code in (1, 2) and "referee.settings" in modules
    code_en, _o, err_en, _m = fresh(tmp_path, "move", gid, "nonsense-move")      # REFEREE_LANG=en wins
    assert code_en == code and err != err_en and err.startswith("referee: ") and err_en.startswith("referee: ")
    settings.write_text('language = \n', encoding="utf-8")
    code, out, err, _m = fresh(tmp_path, "new", "el-capitan", "-p", "Ann", "-p", "Bob", env={"REFEREE_LANG": ""})
    assert code == 2 and "settings.toml" in err and "Traceback" not in err
    code, out, err, _m = fresh(tmp_path, "history", "--json")
    assert [g["id"] for g in json.loads(out)] == []          # nothing was changed


CASES = [
    {"HOME": "/home/ann"},
    {"HOME": "/home/ann/", "XDG_CONFIG_HOME": "/x/conf", "XDG_DATA_HOME": "/x/data"},
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "relative/conf", "XDG_DATA_HOME": ""},
    {"HOME": "/"},
    {"HOME": "relative"},
]


@pytest.mark.parametrize("env", CASES)
def test_the_folders_are_platformdirs_own(monkeypatch, env):
    import platformdirs

    from referee import dirs

    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    try:
        want = (platformdirs.user_config_dir("referee", appauthor=False),
                platformdirs.user_data_dir("referee", appauthor=False), platformdirs.user_data_dir("referee"))
    except RuntimeError:            # a home platformdirs cannot resolve: then it must answer itself
        assert not dirs._plain_unix()
        return
    assert (dirs.user_config_dir("referee", appauthor=False), dirs.user_data_dir("referee", appauthor=False),
            dirs.user_data_dir("referee")) == want


@pytest.mark.parametrize("columns, lines", [(None, None), ("120", None), (None, "40"), ("0", "-3"), ("wide", "50"),
                                            ("33", "12")])
def test_the_terminal_size_is_shutils_own(monkeypatch, columns, lines):
    """--help and `moves` wrap at the width shutil would give, without importing it."""
    import shutil

    from referee.core.console import terminal_size

    for var, value in (("COLUMNS", columns), ("LINES", lines)):
        if value is None:
            monkeypatch.delenv(var, raising=False)
        else:
            monkeypatch.setenv(var, value)
    for fallback in ((80, 24), (100, 30)):
        assert terminal_size(fallback) == shutil.get_terminal_size(fallback)


def test_help_wraps_at_the_terminal_width_as_click_does(tmp_path):
    """The help's width computed without shutil is click's: 30 columns gives its minimum (50), 200 its
    maximum (78), 64 gives 62."""
    for columns, width in (("30", 50), ("64", 62), ("200", 78)):
        code, out, err, _m = fresh(tmp_path, "--help", env={"COLUMNS": columns})
        assert code == 0, err
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= width
        assert max(len(line) for line in lines) >= width - 12


@pytest.mark.parametrize("entry", ["program", "main"])
def test_the_collector_runs_for_the_command_itself(tmp_path, game, entry):
    """The program pauses the cyclic collector while it imports the command line and runs it again, the
    start-up's objects frozen, for the command itself (a long `play` or `serve` collects as ever); the CLI
    called from Python (the tests) neither pauses nor freezes anything."""
    gid, _first = game
    start = ("from referee._start import run as go" if entry == "program" else "from referee.cli import main as go")
    # frozen: more than the interpreter froze itself at start (Python 3.12 freezes a few hundred objects)
    code = f"""
import gc, sys
before = gc.get_freeze_count()
sys.argv = ["referee", "moves", {gid!r}]
import referee.cli.base as base
seen = []
original = base.RefereeGroup.invoke
def invoke(self, ctx):
    seen.append((gc.isenabled(), gc.get_freeze_count() > before))
    return original(self, ctx)
base.RefereeGroup.invoke = invoke
{start}
try:
    go()
except SystemExit:
    pass
print("@@", seen, gc.isenabled(), gc.get_freeze_count() > before)
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT), REFEREE_DB=str(tmp_path / "h.json"),
               REFEREE_CONFIG=str(tmp_path / "settings.toml"), REFEREE_LANG="en")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    tail = r.stdout.rpartition("@@ ")[2].strip()
    assert tail == ("[(True, True)] True True" if entry == "program" else "[(True, False)] True False")


def test_options_and_rules_written_out_copy_pickle_and_compare_as_the_dataclasses_did():
    """Option and Rules are no longer built by @dataclass at import: a frozen Option still copies, deep-copies
    (a game's state that holds its options is deep-copied) and pickles (worker processes), stays frozen and
    hashable, and equal values are equal."""
    import copy
    import pickle

    import pytest

    from referee.core.registry import get_rules
    from referee.core.rules import Option

    opt = Option("vp-pool-5p", 122, "help", choices=(100, 122), keep_case=True)
    for made in (copy.copy(opt), copy.deepcopy(opt), pickle.loads(pickle.dumps(opt)),
                 copy.deepcopy({"o": (opt, [opt])})["o"][0]):
        assert made == opt and hash(made) == hash(opt) and repr(made) == repr(opt)
    with pytest.raises(AttributeError):
        opt.name = "other"
    for gid in ("port-royal", "puerto-rico", "carcassonne", "el-capitan"):
        rules = get_rules(gid)
        assert copy.deepcopy(rules.options) == rules.options
        assert pickle.loads(pickle.dumps(rules.options)) == rules.options
