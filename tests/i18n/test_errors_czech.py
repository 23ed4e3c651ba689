"""The errors a person meets at the club table come out in Czech when Czech is chosen: an unknown game id,
a game finished or changed in another window, a damaged game file or history, a finished game played on.
They were English f-strings that never went through the translator (issue: `REFEREE_LANG=cs referee show
zzzzzz` answered in English). Driven through the CLI (`--lang cs`) where a command reaches them, through the
session (what the table calls) where only a second window does.

The Czech strings are the translations in referee/locale/cs/fragments/czerrors.po; until that fragment is
folded into the catalog the Czech checks are skipped (the English ones always run)."""

import json
import re

import pytest
from click.testing import CliRunner

from referee import i18n, session
from referee.cli import cli
from referee.core.errors import IllegalMove, StoreError
from referee.i18n import _, using
from referee.store import Store


def _folded() -> bool:
    with using("cs"):
        msgid = "No game with id {text} in {path}; `referee history` lists the games."
        return _(msgid) != msgid


needs_czech = pytest.mark.skipif(not _folded(), reason="fragment czerrors.po not folded into the catalog yet")

# English words that give an untranslated sentence away (commands in backticks, paths and ids are removed
# before looking: they are the same in every language).
ENGLISH = re.compile(r"\b(game|games|nothing|changed|history|store|lists|moves|aside|file|window|finished|"
                     r"the|is|was|it|no|and|of|in|with|not|over|reopens|repair|damaged)\b", re.I)


def english_left(text: str, *data: str) -> list[str]:
    for item in data:                                   # paths, ids: data, shown as they are
        text = text.replace(str(item), " ")
    text = re.sub(r"\S*/\S*", " ", text)                # a path, or one built from it
    text = re.sub(r"`[^`]*`", " ", text)                # commands are typed as they are
    text = re.sub(r"'[^']*'", " ", text)                # a quoted id as typed
    return ENGLISH.findall(text)


def czech(text: str, *data: str) -> None:
    assert text.startswith("referee: ") or text.strip(), text
    assert english_left(text, *data) == [], text
    assert "Traceback" not in text


@pytest.fixture
def run(db, toy):
    runner = CliRunner()

    def invoke(*args):
        result = runner.invoke(cli, ["--lang", "cs", *args], catch_exceptions=False)
        i18n.set_language("cs")        # --lang set it for the command; keep it for the session-level checks
        return result

    return invoke


def new(db, target=10) -> str:
    return session.create(Store(db), "toy", ["Ann", "Bob"], {"target": target}).id


# --- through the CLI ---------------------------------------------------------------------------------------

@needs_czech
@pytest.mark.parametrize("command", [["show"], ["move"], ["undo"]])
def test_an_unknown_game_id_in_czech(run, db, command):
    args = command + ["zzzzzz"] + (["keep"] if command == ["move"] else [])
    r = run(*args)
    assert r.exit_code == 2
    assert "není žádná hra s id 'zzzzzz'" in r.stderr and "`referee history`" in r.stderr
    czech(r.stderr, db)


@needs_czech
def test_a_game_title_given_for_an_id_in_czech(run, db):
    r = run("show", "toy")
    assert r.exit_code == 2 and "je název hry, ne id partie" in r.stderr and "žádná partie toy" in r.stderr
    czech(r.stderr, db, "toy")


@needs_czech
def test_an_empty_game_id_in_czech(run, db):
    r = run("show", " ")
    assert r.exit_code == 2 and r.stderr == "referee: Zadejte id hry; vypíše je `referee history`.\n"


@needs_czech
def test_a_finished_game_played_on_in_czech(run, db):
    gid = new(db, target=2)
    assert run("move", gid, "roll 2", "keep").exit_code == 0
    r = run("move", gid, "roll 1")
    assert r.exit_code in (1, 2), r.output
    assert f"Hra {gid} skončila; `referee undo {gid}` ji znovu otevře." in r.stderr
    assert json.loads(run("show", gid, "--json").stdout)["moves"] == ["roll 2", "keep"]   # nothing changed


@needs_czech
def test_a_damaged_game_file_in_czech(run, db):
    gid = new(db)
    path = Store(db).live_path(gid)
    path.write_bytes(b"not a game at all\n")
    r = run("show", gid)
    assert r.exit_code == 2 and "Soubor hry" in r.stderr and "je poškozený" in r.stderr
    assert "nic se nezměnilo" in r.stderr
    reason = re.sub(r"\([^)]*\)", " ", r.stderr, count=1)     # the parser's own reason, in parentheses
    czech(reason, path)
    assert path.read_bytes() == b"not a game at all\n"


@needs_czech
def test_a_game_file_with_a_line_out_of_step_in_czech(run, db):
    gid = new(db)
    assert run("move", gid, "roll 1").exit_code == 0
    path = Store(db).live_path(gid)
    with path.open("ab") as f:
        f.write(b'{"at":7,"moves":["keep"]}\n')
    before = path.read_bytes()
    r = run("move", gid, "keep")
    assert r.exit_code == 2 and "nenavazuje na tahy před ním" in r.stderr and "nic se nezměnilo" in r.stderr
    czech(r.stderr, path)
    assert path.read_bytes() == before


@needs_czech
def test_a_game_file_that_is_not_a_game_in_czech(run, db):
    gid = new(db)
    path = Store(db).live_path(gid)
    path.write_text("[1, 2]", encoding="utf-8")
    r = run("show", gid)
    assert r.exit_code == 2 and "není hra referee; nic se nezměnilo" in r.stderr
    czech(r.stderr, path)


def game_file_with(db, **changes):
    """A new game whose file says ``changes`` instead (its id and the file's path)."""
    gid = new(db)
    path = Store(db).live_path(gid)
    doc = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    doc.update(changes)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return gid, path


@needs_czech
def test_a_game_file_of_an_unknown_game_in_czech(run, db):
    gid, path = game_file_with(db, game="nosuchgame")
    r = run("move", gid, "roll 1")
    assert r.exit_code == 2 and "Hru ze souboru" in r.stderr and "nelze znovu připravit: Neznámá hra" in r.stderr
    czech(r.stderr.split(";")[0], path)


@needs_czech
def test_a_game_file_from_a_newer_referee_in_czech(run, db):
    gid, path = game_file_with(db, schema_version=99)
    r = run("show", gid)
    assert r.exit_code == 2 and "zapsal novější referee (schéma 99" in r.stderr and "Nic se nezměnilo" in r.stderr
    czech(r.stderr, path)


@needs_czech
def test_a_game_file_whose_move_is_refused_in_czech(run, db):
    gid, path = game_file_with(db, moves=["dance"])
    r = run("show", gid)
    assert r.exit_code == 2 and "nelze přehrát: tah 1 (dance)" in r.stderr and "Nic se nezměnilo" in r.stderr
    czech(re.sub(r"\([^)]*\)\. ", ". ", r.stderr), path)      # the rules' own reason, in parentheses


@needs_czech
def test_an_empty_history_file_in_czech(run, db):
    db.write_text("", encoding="utf-8")
    r = run("history")
    assert r.exit_code == 2
    assert "Historie" in r.stderr and "soubor je prázdný; nic se nezměnilo a záloha neexistuje" in r.stderr
    czech(r.stderr, db)


@needs_czech
def test_a_history_that_is_a_folder_in_czech(run, db):
    db.mkdir()
    r = run("history")
    assert r.exit_code == 2 and "je složka" in r.stderr
    czech(r.stderr, db)


# --- a second window (what the table meets) ------------------------------------------------------------------

@needs_czech
def test_a_game_finished_in_another_window_in_czech(db, toy):
    gid = new(db, target=2)
    here = session.open_game(Store(db), gid)
    there = session.open_game(Store(db), gid)
    session.play(Store(db), there, "roll 2")
    session.play(Store(db), there, "keep")
    with using("cs"), pytest.raises(IllegalMove) as info:
        session.play(Store(db), here, "roll 1")
    assert str(info.value) == f"Hra {gid} byla dohrána v jiném okně; teď už je v historii."


@needs_czech
def test_a_game_changed_in_another_window_says_so_in_czech(db, toy):
    gid = new(db)
    here = session.open_game(Store(db), gid)
    there = session.open_game(Store(db), gid)
    session.play(Store(db), there, "roll 1")
    with using("cs"):
        session.play(Store(db), here, "keep")
    assert here.notices == ["Tahle hra se mezitím změnila v jiném okně; pokračuje se od uložené verze."]


# --- English stays as it was ---------------------------------------------------------------------------------

def test_the_english_texts_are_unchanged(db, toy):
    runner = CliRunner()
    r = runner.invoke(cli, ["show", "zzzzzz"])
    assert r.exit_code == 2
    assert r.stderr == f"referee: No game with id 'zzzzzz' in {db}; `referee history` lists the games.\n"
    gid = new(db)
    here = session.open_game(Store(db), gid)
    session.play(Store(db), session.open_game(Store(db), gid), "roll 1")
    session.play(Store(db), here, "keep")
    assert here.notices == ["This game was changed in another window; continuing from the saved version."]


# --- a conversion of an old history that cannot be done (a full disk, no rights) -----------------------------

@needs_czech
@pytest.mark.parametrize("step", ["mkdir", "keep"])
def test_a_conversion_that_fails_is_said_in_czech_and_changes_nothing(db, toy, monkeypatch, step):
    from referee.store import store as store_module
    from tests.store.test_layout import recorded, v1_file

    store = Store(db)
    before = v1_file(store.path, [recorded(1, gid="aa2345")])
    if step == "mkdir":
        real_mkdir = store_module.Path.mkdir

        def mkdir(path, *args, **kwargs):
            if path == store.shards_dir:
                raise PermissionError(13, "Permission denied")
            return real_mkdir(path, *args, **kwargs)

        monkeypatch.setattr(store_module.Path, "mkdir", mkdir)
        expected = f"Složku {store.shards_dir} se nepodařilo vytvořit (Permission denied); nic se nezměnilo."
    else:
        def keep(path, kept):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(store_module, "_keep_backup", keep)
        expected = "Starý soubor historie se před převodem nepodařilo uschovat jako"
    with using("cs"), pytest.raises(StoreError) as info:
        store.add_archived([recorded(2)])
    assert expected in str(info.value) and "nic se nezměnilo" in str(info.value)
    assert english_left(str(info.value).replace("Permission denied", "").replace("No space left on device", ""),
                        store.path) == []
    monkeypatch.undo()
    assert store.path.read_bytes() == before and store.layout() == 1     # the old history as it was
