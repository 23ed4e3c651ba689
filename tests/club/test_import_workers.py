"""An import's worker processes end with it, however it ends (issue 26 item 10): killed, they used to wait
for tasks forever. Tried with the platform's way of starting them and with spawn (Windows, macOS)."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.faultharness import ROOT, run_child

pytestmark = pytest.mark.posix_only(reason="kills a process and watches its children")

CHILD = textwrap.dedent("""
    import json, os, signal, sys
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee.club.log import importer
    importer._Native.INLINE = 0          # workers from the first record on
    importer._Native.BATCH = 1
    importer._Native.START = {start!r}
    real = importer._Native._hand_out

    def hand_out(self):
        real(self)
        pids = list(getattr(self.pool, "_processes", None) or {{}})
        if pids:
            print(json.dumps(pids), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)       # the import killed, its workers started

    importer._Native._hand_out = hand_out
    from referee.cli import main
    main(["--db", {db!r}, "import", {file!r}])
""")


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"      # a zombie has ended
    except FileNotFoundError:
        return False
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture(scope="module")
def export_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("source")
    db = folder / "history.json"
    for _ in range(3):
        run = run_child(db, ["new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=2", "--json"], "ENOSPC", 10 ** 9)
        gid = json.loads(run.out)["id"]
        assert run_child(db, ["move", gid, "roll 2", "keep"], "ENOSPC", 10 ** 9).code == 0
    file = folder / "club.json"
    assert run_child(db, ["export", file], "ENOSPC", 10 ** 9).code == 0
    return file


@pytest.mark.parametrize("start", [None, "spawn"])
def test_workers_end_when_the_import_is_killed(tmp_path, export_file, start):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: the import replays every record itself, with no workers")
    script = CHILD.format(root=ROOT, start=start, db=str(tmp_path / "history.json"), file=str(export_file))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = json.loads(done.stdout.strip().splitlines()[-1])
    assert pids
    deadline = time.monotonic() + 60        # generous: a loaded machine; they end within a second or two
    while any(_running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = [p for p in pids if _running(p)]
    for p in alive:
        os.kill(p, signal.SIGKILL)
    assert not alive, "workers of a killed import are still running"
