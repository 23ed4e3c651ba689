"""The store's journal runs the club's corrections without importing the club (issue 21): the club registers
their steps (journal.register), and the command line loads them before it opens a store. A correction cut
short, found by code that has not loaded the club (a script using the store and the session alone), is
refused with a sentence and left in place, never set aside as a foreign journal; the next `referee`
command completes it."""

import json
import subprocess
import sys
import textwrap

import pytest

from referee.cli import main
from referee.store import Store, journal
from tests.club.conftest import make_doc

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def _cut_short_delete(db):
    """A store with one play and the journal of its move to the trash, as a crash after the journal's write
    leaves it."""
    store = Store(db)
    doc = make_doc("ab2345", "2024-03-01", [("Ann", 5, 1), ("Bob", 3, 2)])
    store.add_archived([doc])
    intent = {"op": "delete", "id": "ab2345", "entry": {"doc": doc, "deleted_at": "2024-03-02T10:00:00+00:00"}}
    journal.journal_path(store).write_text(json.dumps(intent), encoding="utf-8")
    return store


def test_the_store_alone_never_sets_a_correction_aside(tmp_path):
    db = tmp_path / "history.json"
    _cut_short_delete(db)
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from tests.core.toy import install
        install()
        from referee.core.errors import StoreError
        from referee.store import Store, journal
        try:
            journal.recover(Store({str(db)!r}))
        except StoreError as err:
            print("refused:", err)
        print("club loaded:", any(m.startswith("referee.club") for m in sys.modules))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr, out.stderr
    assert "refused: A change to the club log was cut short" in out.stdout
    assert "club loaded: False" in out.stdout
    store = Store(db)
    assert journal.journal_path(store).exists()                     # kept, not moved aside as damaged
    assert not list(tmp_path.glob("*.journal.damaged-*"))
    assert store.get_archived("ab2345") is not None                 # nothing was changed


def test_the_next_command_completes_it(tmp_path, capsys):
    db = tmp_path / "history.json"
    _cut_short_delete(db)
    with pytest.raises(SystemExit) as done:
        main(["--db", str(db), "history", "--json"])
    out = capsys.readouterr()
    assert not done.value.code, out.err
    assert "Game ab2345 was being moved to the trash when that was cut short; it is in the trash now." in out.err
    store = Store(db)
    assert not journal.journal_path(store).exists()
    assert store.get_archived("ab2345") is None
    assert json.loads(out.out) == []
