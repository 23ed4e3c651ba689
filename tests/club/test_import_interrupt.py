"""Ctrl-C stops an import (issue 26 item 10): while its records are replayed by worker processes, and while
it stores its games. Exit 130, the all-or-nothing sentence, nothing of it kept, no worker left."""

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tests.faultharness import ROOT, run_child, state

pytestmark = pytest.mark.posix_only(reason="signals a process")

CHILD = textwrap.dedent("""
    import os, signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)     # as at a terminal
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee.club.log import importer
    from referee.store import store as store_module
    importer._Native.INLINE = 0
    importer._Native.BATCH = 1
    phase = {phase!r}
    if phase == "replaying":
        real = importer._Native._settle_one
        def settle(self):
            os.kill(os.getpid(), signal.SIGINT)         # Ctrl-C while workers replay the records
            return real(self)
        importer._Native._settle_one = settle
    else:
        real = store_module.Store.write_records
        def write_records(self, texts):
            real(self, texts)
            os.kill(os.getpid(), signal.SIGINT)         # Ctrl-C once the import has stored some files
        store_module.Store.write_records = write_records
    from referee.cli import main
    main(["--db", {db!r}, "import", {file!r}])
""")


@pytest.fixture(scope="module")
def export_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("source")
    db = folder / "history.json"
    for _ in range(4):
        run = run_child(db, ["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"], "ENOSPC", 10 ** 9)
        gid = json.loads(run.out)["id"]
        assert run_child(db, ["move", gid, "roll 2", "keep"], "ENOSPC", 10 ** 9).code == 0
    file = folder / "club.json"
    assert run_child(db, ["export", file], "ENOSPC", 10 ** 9).code == 0
    return file


@pytest.mark.parametrize("phase", ["replaying", "storing"])
def test_ctrl_c_stops_an_import_and_keeps_nothing_of_it(tmp_path, export_file, phase):
    db = tmp_path / "history.json"
    assert run_child(db, ["record", "port-royal", "-p", "Cy=3", "-p", "Di=2"], "ENOSPC", 10 ** 9).code == 0
    before = state(db)
    script = CHILD.format(root=ROOT, phase=phase, db=str(db), file=str(export_file))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          start_new_session=True)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr
    assert "Interrupted" in done.stderr and ("nothing of it is kept" in done.stderr
                                               or "whole or not at all" in done.stderr)
    assert state(db) == before          # the next command takes back what the import had stored
    assert not (db.parent / (db.name + ".journal")).exists()
