"""Fixtures shared by every test, and the simulated platforms.

`REFEREE_SIMULATE=windows python -m pytest -q` runs the whole suite with what Windows lacks taken away
from referee's code (tests/platform/windows.py). It is installed here, before any test module imports
referee. Tests marked `posix_only` (they drive a pty, or need what only POSIX has) skip in that mode and on
a real Windows, with the reason given in the mark.
"""

import os
import sys
import tempfile

import pytest

SIMULATE = os.environ.get("REFEREE_SIMULATE", "")
if SIMULATE == "windows":
    from tests.platform import windows as _windows

    _windows.install()
elif SIMULATE:
    raise pytest.UsageError(f"REFEREE_SIMULATE={SIMULATE!r}: the simulated platforms are: windows.")

ON_WINDOWS = SIMULATE == "windows" or sys.platform == "win32"

# No test reads the settings file of the person running the suite (a club's `location` would change what
# `new` stores): REFEREE_CONFIG names a file that does not exist, in this process and in its children.
# A test that writes settings points REFEREE_CONFIG at its own tmp_path (the `settings_file` fixture).
os.environ["REFEREE_CONFIG"] = os.path.join(tempfile.mkdtemp(prefix="referee-tests-"), "none", "settings.toml")


def pytest_configure(config):
    config.addinivalue_line("markers", "posix_only(reason): needs POSIX (a pty, fork, signals); skipped on "
                                       "Windows and in REFEREE_SIMULATE=windows")


def pytest_report_header(config):
    if SIMULATE:
        return f"referee: simulated {SIMULATE} (REFEREE_SIMULATE={SIMULATE})"


# Proofs that take minutes each (a fault or a kill at every file operation of many commands, property tests
# over whole histories, whole games typed at the table): .ci/run runs them once, in the browser run, and
# sets REFEREE_HEAVY=0 in its other runs (other Pythons, simulated Windows). Run by default everywhere else.
HEAVY = {"tests/store/test_faults_every_step.py", "tests/club/test_corrections_journal.py",
         "tests/club/test_roundtrip_property.py", "tests/club/test_sources_sound.py",
         "tests/club/test_rename_moves.py", "tests/ui/test_czech_moves.py", "tests/store/test_true_messages.py",
         "tests/sync/test_sync_faults.py", "tests/sync/test_convergence_heavy.py", "tests/sync/test_syncthing.py",
         "tests/sync/test_sync_state_faults.py"}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def slow_tests() -> set[str]:
    """The node ids of tests/slow_tests.txt (tools/slowtests.py writes it from a full run's timings)."""
    try:
        with open(os.path.join(ROOT, "tests", "slow_tests.txt"), encoding="utf-8") as listed:
            return {line.strip() for line in listed if line.strip() and not line.startswith("#")}
    except FileNotFoundError:
        return set()


def pytest_collection_modifyitems(config, items):
    # REFEREE_QUICK=1 (CI's runs beside its full one: the other Pythons, simulated Windows): every test file
    # still runs, but not its slowest tests (tests/slow_tests.txt, written by tools/slowtests.py) nor the
    # heavy proofs; the full run runs them all.
    if os.environ.get("REFEREE_QUICK") == "1":
        slow = slow_tests()
        kept, dropped = [], []
        for item in items:
            path = os.path.relpath(str(item.path), ROOT).replace(os.sep, "/")
            # simulated Windows keeps every store and platform test: they are what it is there to prove
            keep_all = SIMULATE and path.startswith(("tests/store/", "tests/platform/"))
            (dropped if path in HEAVY or (item.nodeid in slow and not keep_all) else kept).append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    if os.environ.get("REFEREE_HEAVY", "1") == "0":
        skip = pytest.mark.skip(reason="heavy: run once per CI run, in its browser run (REFEREE_HEAVY=0 here)")
        for item in items:
            if os.path.relpath(str(item.path), ROOT).replace(os.sep, "/") in HEAVY:
                item.add_marker(skip)
    if not ON_WINDOWS:
        return
    for item in items:
        mark = item.get_closest_marker("posix_only")
        if mark is not None:
            reason = mark.kwargs.get("reason") or (mark.args[0] if mark.args else "needs POSIX")
            item.add_marker(pytest.mark.skip(reason=f"POSIX only: {reason}"))


def pytest_runtest_logreport(report):
    # REFEREE_TIMINGS=FILE: each test's time (setup, call and teardown) appended as it finishes, so that an
    # interrupted run still tells which tests are slow (tools/slowtests.py reads it; --junitxml writes only at
    # the end).
    path = os.environ.get("REFEREE_TIMINGS")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"{report.nodeid}\t{report.when}\t{report.duration:.3f}\t{report.outcome}\n")


@pytest.fixture
def toy():
    from tests.core.toy import install

    install()
    return "toy"


@pytest.fixture
def db(tmp_path, monkeypatch):
    """An isolated history store; REFEREE_DB points at it so nothing touches the user's data."""
    path = tmp_path / "history.json"
    monkeypatch.setenv("REFEREE_DB", str(path))
    monkeypatch.setenv("REFEREE_LOCK_TIMEOUT", "0.3")
    return path


@pytest.fixture
def settings_file(tmp_path, monkeypatch):
    """An isolated settings file (not created): REFEREE_CONFIG points at it."""
    path = tmp_path / "config" / "settings.toml"
    monkeypatch.setenv("REFEREE_CONFIG", str(path))
    return path


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test starts in English whatever the machine's locale, and a test that switches the language
    (`--lang cs` through CliRunner, i18n.set_language) does not leak it into the next one."""
    from referee import i18n

    monkeypatch.setenv("REFEREE_LANG", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
