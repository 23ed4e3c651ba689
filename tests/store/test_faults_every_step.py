"""Every "nothing was changed" is true, and so is every "saved" (issue 26 item 8).

Each command is run once per file operation it makes, with a fault at that operation (a full disk, an I/O
error, a kill: tests/faultharness.py). After each run the store, as the next command sees it, must be:
- exactly as after the command, when it succeeded (exit 0);
- exactly as before, when its sentence says nothing was changed / imported / saved;
- either, when it was killed (every change is all-or-nothing, settled by the next command), or when its
  sentence says the change was stored in part and the next command completes it.
"""

import json

import pytest

from tests.faultharness import copy_store, every_fault, repaired_state, run_child, says_nothing_changed, state

pytestmark = pytest.mark.posix_only(reason="kills and counts a child process's file operations")

KINDS = ("ENOSPC", "EIO", "kill")


def _prepare(tmp_path, *commands, toy=True):
    """A store made by the given CLI commands (in a child, as a person would), in tmp_path/prepared."""
    folder = tmp_path / "prepared"
    folder.mkdir()
    db = folder / "history.json"
    out = []
    for argv in commands:
        run = run_child(db, [a(out) if callable(a) else a for a in argv], "ENOSPC", 10 ** 9, toy=toy, seed=7)
        assert run.code == 0, run.err
        out.append(run.out)
    return folder, out


def _check(tmp_path, folder, argv, toy=True, kinds=KINDS):
    """Run ``argv`` with every fault; return the runs (for more checks by the caller)."""
    before_copy = tmp_path / "before"
    copy_store(folder, before_copy)
    before = state(before_copy / "history.json", toy=toy)
    clean = tmp_path / "clean"
    copy_store(folder, clean)
    ok = run_child(clean / "history.json", argv, "ENOSPC", 10 ** 9, toy=toy)
    assert ok.code == 0, ok.err
    after = state(clean / "history.json", toy=toy)
    assert after != before
    runs, said_nothing = [], 0
    for run in every_fault(folder, argv, tmp_path / "runs", kinds=kinds, toy=toy):
        where = f"{run.kind} at operation {run.at} ({run.op}): exit {run.code}, {run.err.strip()!r}"
        if run.code == 0:
            assert run.state == after, where
        elif run.kind == "kill":      # (a finishing move stored, the game not yet entered: repair enters it)
            if run.state not in (before, after):
                assert repaired_state(tmp_path / "runs" / f"{run.kind}-{run.at}" / "history.json") == after, where
        elif says_nothing_changed(run):
            said_nothing += 1
            assert run.state == before, "said nothing changed, but something did: " + where
        else:       # stored in part, said so: the next command or `repair` completes it
            assert run.code in (1, 2) and run.err.count("\n") == 1, where
            assert "repair" in run.err or "next referee command" in run.err or "next one" in run.err, where
            if run.state not in (before, after):
                assert repaired_state(tmp_path / "runs" / f"{run.kind}-{run.at}" / "history.json") == after, where
        runs.append(run)
    assert said_nothing, "no fault was met with 'nothing was changed': the faults did not reach the command"
    return runs


def _gid(outs, n=0):
    return outs[n].strip().split()[-1] if not outs[n].strip().startswith("{") else json.loads(outs[n])["id"]


def test_move(tmp_path):
    folder, outs = _prepare(tmp_path, ["new", "toy", "-p", "Ann", "-p", "Bob", "--json"],
                            ["move", lambda o: _gid(o), "roll 2"])
    _check(tmp_path, folder, ["move", _gid(outs), "keep"])


def test_the_move_that_finishes_a_game(tmp_path):
    folder, outs = _prepare(tmp_path, ["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"],
                            ["move", lambda o: _gid(o), "roll 2"])
    _check(tmp_path, folder, ["move", _gid(outs), "keep"])


def test_undo(tmp_path):
    folder, outs = _prepare(tmp_path, ["new", "toy", "-p", "Ann", "-p", "Bob", "--json"],
                            ["move", lambda o: _gid(o), "roll 2", "keep"])
    _check(tmp_path, folder, ["undo", _gid(outs)])


def test_undo_reopen(tmp_path):
    folder, outs = _prepare(tmp_path, ["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"],
                            ["move", lambda o: _gid(o), "roll 2", "keep"])
    _check(tmp_path, folder, ["undo", _gid(outs), "--reopen"])


def test_new(tmp_path):
    folder, _outs = _prepare(tmp_path, ["record", "port-royal", "-p", "Ann=3", "-p", "Bob=2"])
    _check(tmp_path, folder, ["new", "toy", "-p", "Ann", "-p", "Bob"])


def test_record(tmp_path):
    folder, _outs = _prepare(tmp_path, ["record", "port-royal", "-p", "Ann=3", "-p", "Bob=2"])
    _check(tmp_path, folder, ["record", "port-royal", "-p", "Cy=5", "-p", "Di=4", "--date", "2026-01-02"])


def test_import(tmp_path):
    source, outs = _prepare(tmp_path, ["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"],
                            ["move", lambda o: _gid(o), "roll 2", "keep"],
                            ["record", "port-royal", "-p", "Cy=5", "-p", "Di=4"],
                            ["new", "toy", "-p", "Eve", "-p", "Fay", "--json"])
    file = tmp_path / "club.json"
    run = run_child(source / "history.json", ["export", file], "ENOSPC", 10 ** 9)
    assert run.code == 0, run.err
    target = tmp_path / "target"
    target.mkdir()
    (tmp_path / "prepared").rename(tmp_path / "source")
    folder, _ = _prepare(tmp_path, ["record", "port-royal", "-p", "Gil=1", "-p", "Hal=2"])
    _check(tmp_path, folder, ["import", file])


# --- the corrections (journaled: club/log/corrections_journal.py), held to the same standard -----------------
def _two_plays(tmp_path):
    return _prepare(tmp_path, ["record", "port-royal", "-p", "Ann=3", "-p", "Bob=2", "--json"],
                    ["record", "port-royal", "-p", "Cy=5", "-p", "Di=4", "--json"])


@pytest.mark.parametrize("argv", [["delete", 0], ["edit", 0, "--location", "Klub"],
                                  ["players", "rename", "Ann", "Anna"]], ids=["delete", "edit", "rename"])
def test_corrections(tmp_path, argv):
    folder, outs = _two_plays(tmp_path)
    argv = [_gid(outs, a) if isinstance(a, int) else a for a in argv]
    _check(tmp_path, folder, argv, toy=False)


def test_restore(tmp_path):
    folder, outs = _two_plays(tmp_path)
    gid = _gid(outs)
    assert run_child(folder / "history.json", ["delete", gid], "ENOSPC", 10 ** 9, toy=False).code == 0
    _check(tmp_path, folder, ["restore", gid], toy=False)
