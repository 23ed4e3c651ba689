"""Issue 12, findings 1-2 on a real terminal (a pty): with stdout a terminal rich writes its own colours, so
the check is that none of the stored hostile sequences gets through, whatever rich adds."""

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.club.conftest import make_doc

pty = pytest.importorskip("pty")
ROOT = Path(__file__).resolve().parents[2]

# Stored before the check existed (or put there by hand): a title change, a screen clear, an OSC 8 link, a C1
# CSI, a text-direction override.
HOSTILE = ["\x1b]0;pwned\x07", "\x1b[2J", "\x1b]8;;http://e\x1b\\", "\x9b2J", "\u202e"]


def on_a_terminal(db, *args) -> str:
    master, slave = pty.openpty()
    env = dict(os.environ, REFEREE_DB=str(db), PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="100")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "referee", *args], stdin=subprocess.DEVNULL, stdout=slave,
                            stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:         # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    proc.wait(timeout=10)
    os.close(master)
    assert proc.returncode in (0, 2), out[-500:]
    return out.decode("utf-8", "replace")


def test_stored_hostile_text_never_reaches_a_real_terminal(tmp_path):
    from referee.store import Store

    db = tmp_path / "history.json"
    docs = []
    for i, bad in enumerate(HOSTILE):
        doc = make_doc(f"abc23{i + 4}", f"2025-01-0{i + 1}", [(f"Ann{bad}", 7, 1), ("Bob", 3, 2)],
                       location=f"Hall{bad}[/]", game="port-royal")
        doc["result"]["ranking"][0]["breakdown"] = {f"coins{bad}": 7}
        docs.append(doc)
    Store(db).add_archived(docs)
    for args in (["history"], ["show", "abc234"], ["show", "abc237"], ["stats"], ["stats", "--player", "Bob"],
                 ["export", "--format", "csv"], ["export", "--format", "json"], ["history", "--json"],
                 ["qr", "abc235", "--text"], ["show", "nosuch\x1b]0;pwned\x07"]):
        out = on_a_terminal(db, *args)
        assert "\x1b[" in out or args[0] in ("export", "qr", "show") or "--json" in args   # rich's own colours
        for bad in HOSTILE:
            assert bad not in out, (args, bad, out[-400:])
        assert "\x1b]0;" not in out and "\x1b]8;" not in out and "\x9b" not in out and "\u202e" not in out
        if args == ["history"]:
            assert "Hall\\x1b[2J[/]" in out and "Hall\\u202e[/]" in out
    exported = json.loads(on_a_terminal(db, "export", "--format", "json"))
    assert exported["games"][0]["location"] == f"Hall{HOSTILE[0]}[/]"      # the data is whole, only escaped
