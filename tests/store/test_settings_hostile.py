"""A hostile settings file or journal never stops referee with a traceback or a hang (issue 26 item 10).

Any settings file referee cannot use (a number of 5000 digits, nesting thousands deep, a fifo, a folder,
not UTF-8, megabytes long) is one sentence naming it and the way out (`referee config --reset`), for every
command that reads the settings; `--version` and `config` work whatever the file is. A journal of the wrong
shape or kind is set aside with one sentence and the next command works, `repair` included.
"""

import json
import os
import subprocess
import sys

import pytest

from referee.cli import main


@pytest.fixture
def run(capsys):
    """run(*argv) -> (exit code, stdout, stderr), in this process."""
    def go(*args):
        with pytest.raises(SystemExit) as done:
            main([str(a) for a in args])
        out = capsys.readouterr()
        assert "Traceback" not in out.err and "internal error" not in out.err, out.err
        code = done.value.code
        return (0 if code is None else code), out.out, out.err
    return go


def run_process(*args, env=None, timeout=60):
    """The installed program in a process of its own: a hang is a failure, not a stuck suite."""
    done = subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


HOSTILE = {
    "huge-number": "location = " + "9" * 5000 + "\n",
    "huge-float": "location = " + "1" * 5000 + ".5\n",
    "deep-array": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "deep-table": "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "not-utf8": b"location = \"Klub \xff\xfe\"\n",
    "not-toml": "location = = \"x\"\n",
    "megabytes": "# " + "x" * (3 << 20) + "\n",
    "nul": "location = \"a\x00b\"\n",
}
VALUE_LEVEL = {"huge-float"}     # TOML reads it (inf): the value is refused, naming the key


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_settings_file_is_one_sentence_with_the_way_out(run, settings_file, db, kind):
    settings_file.parent.mkdir(parents=True)
    data = HOSTILE[kind]
    settings_file.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    code, out, _err = run("--version")
    assert code == 0 and str(settings_file) in out
    # `record` reads the settings (the default location): stopped with one sentence naming the file
    code, _out, err = run("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")
    assert code == 2 and err.count("\n") == 1 and str(settings_file) in err and "config --reset" in err, err
    assert not db.exists()      # nothing was stored
    code, out, err = run("config")
    assert code == 2 and str(settings_file) in out and "config --reset" in err and err.count("\n") == 1
    if kind in VALUE_LEVEL:     # the file reads: setting the key again is a way out too
        assert run("config", "location", "Klub")[0] == 0
        return
    code, _out, err = run("config", "location", "Klub")
    assert code == 2 and "config --reset" in err
    assert settings_file.read_bytes() == (data if isinstance(data, bytes) else data.encode("utf-8"))
    # the way out: the file is set aside (kept), and referee works again
    code, out, _err = run("config", "--reset")
    assert code == 0 and "broken-" in out
    kept = [p for p in settings_file.parent.iterdir() if p.name.startswith("settings.toml.broken-")]
    assert len(kept) == 1 and not settings_file.exists()
    assert run("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")[0] == 0
    assert run("config", "location", "Klub")[0] == 0 and run("config", "location")[1].strip() == "Klub"


def test_the_sentence_is_in_czech_and_czech_still_works(run, settings_file, db):
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(HOSTILE["huge-number"], encoding="utf-8")
    code, _out, err = run("--lang", "cs", "record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")
    assert code == 2 and str(settings_file) in err and "config --reset" in err
    assert "The settings file" not in err


def test_a_folder_as_the_settings_file(run, settings_file, db):
    settings_file.mkdir(parents=True)
    assert run("--version")[0] == 0
    code, _out, err = run("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")
    assert code == 2 and "is a folder" in err and "config --reset" in err
    assert run("config", "--reset")[0] == 0 and not settings_file.exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a file of mode 000")
def test_an_unreadable_settings_file(run, settings_file, db):
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text('location = "Klub"\n', encoding="utf-8")
    settings_file.chmod(0)
    code, _out, err = run("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")
    assert code == 2 and "cannot be read" in err and "config --reset" in err
    assert run("--version")[0] == 0


@pytest.mark.posix_only(reason="a fifo")
def test_a_fifo_as_the_settings_file_never_hangs(settings_file, db):
    settings_file.parent.mkdir(parents=True)
    os.mkfifo(settings_file)
    env = {"REFEREE_CONFIG": str(settings_file), "REFEREE_DB": str(db)}
    code, out, _err = run_process("--version", env=env)
    assert code == 0 and str(settings_file) in out
    code, _out, err = run_process("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2", env=env)
    assert code == 2 and "not a regular file" in err and "config --reset" in err and err.count("\n") == 1
    code, out, err = run_process("config", env=env)
    assert code == 2 and str(settings_file) in out
    assert run_process("history", env=env)[0] == 0
    assert run_process("config", "--reset", env=env)[0] == 0 and not settings_file.exists()
    assert run_process("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2", env=env)[0] == 0


# --- the journal -----------------------------------------------------------------------------------------
WRONG = [
    {"op": "finish", "id": 5, "record": "x", "doc": {}},
    {"op": "finish", "id": "abcdef", "record": 5, "doc": {}},
    {"op": "finish", "id": "abcdef", "record": "x", "doc": []},
    {"op": "reopen", "id": "abcdef", "live": 5},
    {"op": "reopen", "id": "abcdef"},
    {"op": "abandon", "id": ["a"]},
    {"op": "abandon", "id": "abcdef", "live_kept": "../../etc/passwd"},
    {"op": "set-aside", "file": 5, "docs": []},
    {"op": "set-aside", "file": "x", "docs": 5},
    {"op": "import", "live": 5},
    {"op": "import", "archived": "abcdef"},
    {"op": "import", "records": [5]},
    {"op": 5},
    [1, 2],
    "finish",
]


@pytest.mark.parametrize("intent", WRONG, ids=[json.dumps(w)[:40] for w in WRONG])
@pytest.mark.parametrize("first", ["history", "repair", "repair --reset", "repair --restore", "repair --set-aside"])
def test_a_journal_of_the_wrong_shape_is_set_aside_never_a_crash(run, db, intent, first):
    assert run("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2")[0] == 0
    journal = db.with_name(db.name + ".journal")
    journal.write_text(json.dumps(intent), encoding="utf-8")
    code, _out, err = run(*first.split())
    assert code in (0, 2), err
    if code == 2:
        assert err.count("\n") == 1, err
    assert not journal.exists()
    assert any(p.name.startswith("history.json.journal.damaged-") for p in db.parent.iterdir())
    code, out, _err = run("history", "--json")
    assert code == 0 and len(json.loads(out)) == 1
    assert run("repair")[0] == 0


@pytest.mark.posix_only(reason="a fifo")
def test_a_fifo_as_the_journal_never_hangs(db):
    env = {"REFEREE_DB": str(db)}
    assert run_process("record", "port-royal", "-p", "Ann=3", "-p", "Bob=2", env=env)[0] == 0
    journal = db.with_name(db.name + ".journal")
    os.mkfifo(journal)
    code, _out, err = run_process("history", env=env)
    assert code == 2 and "journal" in err and err.count("\n") == 1
    assert not journal.exists()
    code, out, _err = run_process("history", "--json", env=env)
    assert code == 0 and len(json.loads(out)) == 1
