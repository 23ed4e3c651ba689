"""The speed work on the engine (issue 25 item 2) changes nothing a person or a program sees: seeded random
games of 2-5 players, with several option sets, in English and Czech, give the same listings, readings and
refusals of typed entries, events, prompts, views, results and moves as the engine before that work
(tests/puerto_rico/seeded_main.json, written by seeded_trace.py run against main at 29fb728)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.puerto_rico.seeded_trace import digests


def test_seeded_games_show_what_they_showed_before_the_speed_work():
    expected = json.loads((Path(__file__).parent / "seeded_main.json").read_text(encoding="utf-8"))
    got = digests()
    assert got.keys() == expected.keys()
    differ = sorted(k for k in expected if got[k] != expected[k])
    assert not differ, (f"{len(differ)} of {len(expected)} seeded games differ from the engine before the speed "
                        f"work, first {differ[0]!r} (see tests/puerto_rico/seeded_trace.py)")
