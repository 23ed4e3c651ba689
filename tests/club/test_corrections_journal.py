"""Every correction is all or nothing (issue 26, item 5): rename, merge, delete, restore and edit, killed or
Ctrl-C'd after any one of their file operations.

A child process runs the command (through the installed entry point, main()) and is killed (os._exit: a
power cut) or interrupted (KeyboardInterrupt: Ctrl-C) right after its k-th file operation, for every k
until it gets through (the machinery of tests/store/test_integrity_crash.py). Then the next command of any
kind (here `history`) must find the store as it was before or as it is after the whole change, never in
between; `repair` calls it sound; and what Ctrl-C said is true: "saved whole or not at all" only when the
store is whole as it stands, "the next referee command completes it" only when the next command does.
"""

import json
import random
import shutil
import subprocess
import sys
import textwrap

import pytest

from referee import session
from referee.cli import main
from referee.store import Store, journal
from referee.club.log.repair import repair
from tests.store.test_integrity_crash import CHILD, ROOT

from .conftest import make_doc


def _child(db, argv, kill_at, interrupt):
    action = textwrap.dedent(f"""
        from referee.cli import main
        try:
            main({['--db', str(db)] + argv!r})
        except SystemExit as e:
            print("exit", e.code, flush=True)
    """)
    script = CHILD.format(root=ROOT, db=str(db), action=action.strip())
    if interrupt:
        script = script.replace("os._exit(9)", "raise KeyboardInterrupt")
    out = subprocess.run([sys.executable, "-c", script, str(kill_at)], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "REFEREE_DB": str(db)})
    assert "Traceback" not in out.stderr, out.stderr
    return out


def _next_command(db, capsys):
    """`referee history --json`, in this process: like every command, it first settles a change cut short."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main(["--db", str(db), "history", "--json"])
    out = capsys.readouterr()
    assert not done.value.code, out.err
    assert not journal.journal_path(Store(db)).exists()
    return out


# --- the store every correction starts from ----------------------------------------------------------------
def _el_capitan(store, players):
    import referee

    g = referee.new_game("el-capitan", players)
    rng = random.Random(3)
    texts = []
    while not g.finished:
        legal = [m.text for m in g.legal_moves()]
        text = "start ann" if "start ann" in legal else rng.choice(legal)
        g.play(text)
        texts.append(text)
    t = session.create(store, "el-capitan", players)
    doc = store.read_live(t.id)
    doc["moves"] = texts[:-1]
    store.write_live(doc)
    session.play(store, session.open_game(store, t.id), texts[-1])
    assert "start ann" in store.read_record(t.id)
    return t.id


def _prepare(folder):
    """Ann in recorded plays (several shards), a finished tracked toy game, a finished El Capitan game whose
    moves name her, a toy game in progress and a play in the trash; Bob never with her."""
    from tests.core.toy import install

    install()
    db = folder / "history.json"
    store = Store(db)
    ids = {}
    for i, gid in enumerate(["aa2345", "cc2345", "kk2345", "mm2345"]):
        store.add_archived([make_doc(gid, f"2025-03-0{i + 1}", [("Ann", 9 - i, 1), ("Cal", 3, 2)])])
    store.add_archived([make_doc("pp2345", "2025-03-09", [("Bob", 4, 1), ("Cal", 3, 2)])])
    store.add_archived([make_doc("gg2345", "2025-04-01", [("Ann", 38, 1), ("Cal", 42, 2)], game="Golf")])
    t = session.create(store, "toy", ["Ann", "Cal"], {"target": 3})
    for m in ("roll 3", "keep"):
        session.play(store, t, m)
    ids["toy"] = t.id
    ids["el"] = _el_capitan(store, ["Ann", "Cal", "Dan"])
    live = session.create(store, "toy", ["Cal", "Ann"], {"target": 9})
    session.play(store, live, "roll 2")
    ids["live"] = live.id
    from referee.club.log.corrections import delete

    delete(store, "mm2345")
    return db, ids


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    folder = tmp_path_factory.mktemp("template")
    db, ids = _prepare(folder)
    return folder, ids


def _fresh(template, folder):
    shutil.copytree(template[0], folder)
    return folder / "history.json", template[1]


def _view(db) -> str:
    """Everything a correction may change, as the next command sees it (times of writing left out)."""
    from referee.club.log.corrections import read_trash

    store = Store(db)
    archive = {d["id"]: (d["players"], d["result"]) for d in store.archived()}
    records = {p.stem: p.read_text() for p in sorted(store.records_dir.glob("*.txt"))}
    live = {d["id"]: (d["players"], d["moves"]) for d in store.live_docs()}
    trash = sorted((e["doc"]["id"], e["doc"]["players"], e["doc"]["result"]) for e in read_trash(store))
    return json.dumps([archive, records, live, trash], sort_keys=True, ensure_ascii=False)


CHANGES = {
    "rename": ["players", "rename", "ann", "Zoe Ann"],
    "merge": ["players", "merge", "Ann", "bob"],     # the rename's steps again, to another player: -m slow
    "delete": ["delete", "kk2345"],
    "restore": ["restore", "mm2345"],
    "edit": ["edit", "gg2345", "-p", "Cal=40"],
}


def _before_and_after(template, tmp_path, argv):
    db, _ids = _fresh(template, tmp_path / "reference")
    before = _view(db)
    with pytest.raises(SystemExit) as done:
        main(["--db", str(db)] + argv)
    assert not done.value.code
    after = _view(db)
    assert after != before
    return before, after


PARAMS = [pytest.param(c, marks=pytest.mark.slow) if c == "merge" else c for c in CHANGES]


@pytest.mark.parametrize("change", PARAMS)
def test_a_correction_killed_anywhere_is_whole_or_not_there_after_the_next_command(template, tmp_path, capsys,
                                                                                   change):
    argv = CHANGES[change]
    before, after = _before_and_after(template, tmp_path, argv)
    for kill_at in range(1, 200):
        db, _ids = _fresh(template, tmp_path / f"k{kill_at}")
        out = _child(db, argv, kill_at, interrupt=False)
        _next_command(db, capsys)
        now = _view(db)
        assert now in (before, after), f"{change} killed at file operation {kill_at}: half done"
        assert "is sound" in repair(Store(db)), f"kill at {kill_at}"
        if out.returncode == 0:
            assert "exit" not in out.stdout or "exit 0" in out.stdout or "exit None" in out.stdout, out.stdout
            assert now == after
            assert kill_at > 2          # there were file operations to kill it at
            return
        assert out.returncode == 9, out.stderr
    raise AssertionError("the change never got through")


@pytest.mark.parametrize("change", PARAMS)
def test_ctrl_c_anywhere_says_what_is_true(template, tmp_path, capsys, change):
    argv = CHANGES[change]
    before, after = _before_and_after(template, tmp_path, argv)
    for kill_at in range(1, 200):
        db, _ids = _fresh(template, tmp_path / f"k{kill_at}")
        out = _child(db, argv, kill_at, interrupt=True)
        if "exit 130" not in out.stdout:
            assert "done" in out.stdout, (out.stdout, out.stderr)
            _next_command(db, capsys)
            assert _view(db) == after
            return
        said = out.stderr
        if "saved whole or not at all" in said:
            # true as the store stands, before any other command has run
            assert not journal.journal_path(Store(db)).exists(), f"interrupt at {kill_at}: {said}"
            assert _view(db) in (before, after), f"interrupt at {kill_at}: half saved, yet '{said.strip()}'"
        else:
            assert "the next referee command completes it" in said, said
            _next_command(db, capsys)
            assert _view(db) == after, f"interrupt at {kill_at}: not completed"
        assert "is sound" in repair(Store(db))
    raise AssertionError("the change never got through")


def test_repair_completes_a_move_to_the_trash_an_older_referee_left_half_done(cli, store):
    """Before the journal, a delete wrote its trash entry as "deleting" and then changed the archive; cut
    between the two, the play was in both. `repair` notices and completes it."""
    from referee.club.log import corrections

    store.add_archived([make_doc("aa2345", "2025-03-01", [("Ann", 5, 1), ("Bob", 3, 2)])])
    corrections._write_trash(store, [{"doc": store.get_archived("aa2345"), "deleted_at": "2025-03-04T10:00:00+00:00",
                                      "state": "deleting"}])
    res = cli("repair")
    assert res.exit_code == 0, res.stderr
    assert "cut short (aa2345)" in res.stdout and "is sound" in res.stdout
    assert store.get_archived("aa2345") is None
    assert [e["doc"]["id"] for e in corrections.read_trash(store)] == ["aa2345"]


@pytest.mark.parametrize("change", ["rename", "delete", "restore", "edit"])
def test_a_full_disk_anywhere_says_what_is_true(template, tmp_path, capsys, monkeypatch, change):
    """The disk fills at the k-th file replaced: one sentence, exit 2; "nothing was changed" only when the
    store is as it was, else the next command completes the change."""
    import errno
    import os

    argv = CHANGES[change]
    before, after = _before_and_after(template, tmp_path, argv)
    real = os.replace
    for fail_at in range(1, 200):
        db, _ids = _fresh(template, tmp_path / f"f{fail_at}")
        count = [0]

        def replace(*a, **k):
            count[0] += 1
            if count[0] == fail_at:
                raise OSError(errno.ENOSPC, "No space left on device", str(a[1]))
            return real(*a, **k)

        monkeypatch.setattr(os, "replace", replace)
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(["--db", str(db)] + argv)
        monkeypatch.setattr(os, "replace", real)
        err = capsys.readouterr().err
        if not done.value.code:
            assert _view(db) == after
            return
        assert done.value.code == 2 and "Traceback" not in err, err
        assert err.startswith("referee: ") and err.strip().count("\n") == 0, err
        if "othing was changed" in err:
            assert not journal.journal_path(Store(db)).exists()
            assert _view(db) == before, f"disk full at {fail_at}: '{err.strip()}' but the store changed"
        else:
            assert "next referee command" in err, err
            _next_command(db, capsys)
            assert _view(db) == after, f"disk full at {fail_at}: not completed"
    raise AssertionError("never got through")
