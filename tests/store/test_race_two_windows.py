"""Two windows on one game never apply an entry to a position it was not typed at (issue 13 item 4).

Two processes play the same game as fast as they can, each typing at the position it last saw (and each
choosing its own moves, so an entry applied at the wrong position would show in the game's moves). Every
entry that was applied must have been applied exactly at the position it was typed at; the others are
refused with MovedOn, and nothing else."""

import json
import os
import subprocess
import sys
import textwrap
import time

from referee import session
from referee.store import Store

ROOT = os.getcwd()

WINDOW = textwrap.dedent("""
    import json, os, random, sys, time
    sys.path.insert(0, {root!r})
    from tests.core.toy import install
    install()
    from referee import session
    from referee.core.errors import IllegalMove, MovedOn
    from referee.store import Store

    me, go = int(sys.argv[1]), {go!r}
    store = Store({db!r})
    rng = random.Random(me)
    while not os.path.exists(go):
        time.sleep(0.001)
    applied, moved_on = [], 0
    for _ in range(40):
        t = session.open_game(store, {gid!r})
        seen = list(t.game.moves)
        legal = [m.text for m in t.game.legal_moves()]
        text = legal[me % len(legal)]          # window 0 rolls 1 and keeps; window 1 rolls 2 and gives
        time.sleep(rng.random() * 0.004)       # a person reading the board
        try:
            session.enter(store, t, text, typed_at=len(seen))
            applied.append({{"seen": seen, "text": text}})
        except MovedOn:
            moved_on += 1
    print(json.dumps({{"applied": applied, "moved_on": moved_on}}))
""")


def test_two_windows_typing_at_once(db, toy, tmp_path):
    store = Store(db)
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 10 ** 6})
    go = tmp_path / "go"
    script = WINDOW.format(root=ROOT, db=str(db), gid=t.id, go=str(go))
    windows = [subprocess.Popen([sys.executable, "-c", script, str(me)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env={**os.environ, "REFEREE_LOCK_TIMEOUT": "30"})
               for me in (0, 1)]
    time.sleep(0.5)
    go.write_text("go")
    results = []
    for w in windows:
        out, err = w.communicate(timeout=120)
        assert w.returncode == 0 and "Traceback" not in err, err
        results.append(json.loads(out))
    moves = store.read_live(t.id)["moves"]
    applied = [a for r in results for a in r["applied"]]
    assert len(applied) == len(moves) and len(moves) >= 40
    for a in applied:
        n = len(a["seen"])
        assert moves[:n] == a["seen"] and moves[n] == a["text"], "an entry was applied at another position"
    assert sum(r["moved_on"] for r in results) + len(applied) == 80
