"""The slow tests of a run, from its timings: CI's quick runs skip them.

    REFEREE_TIMINGS=run.tsv python -m pytest -q      (tests/conftest.py appends each test's time)
    python tools/slowtests.py run.tsv [more.tsv ...] [--over SECONDS] [--write]

(A JUnit XML from `pytest --junitxml=run.xml` works too, from a run that finished.)

Prints the time per test file and what a quick run would take; with --write, replaces tests/slow_tests.txt
(one node id per line, the tests that took more than SECONDS, 1.0 by default). CI's full run still runs
every one of them (REFEREE_QUICK is unset there); the list only chooses what the other runs leave out.
"""

from __future__ import annotations

import argparse
import collections
import os
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "tests", "slow_tests.txt")


def node_id(case: ET.Element) -> str:
    """pytest's node id from a testcase's classname (tests.club.test_x.TestY) and name."""
    parts = case.get("classname", "").split(".")
    # the module is the longest prefix that is a file under tests/
    for cut in range(len(parts), 0, -1):
        path = os.path.join(ROOT, *parts[:cut]) + ".py"
        if os.path.exists(path):
            return "::".join(["/".join(parts[:cut]) + ".py", *parts[cut:], case.get("name", "")])
    return "::".join(parts + [case.get("name", "")])


def read_xml(path: str) -> list[tuple[str, float, bool]]:
    return [(node_id(c), float(c.get("time") or 0), c.find("skipped") is not None)
            for c in ET.parse(path).iter("testcase")]


def read_tsv(path: str) -> list[tuple[str, float, bool]]:
    """Lines of `nodeid, phase, seconds, outcome` (tests/conftest.py's REFEREE_TIMINGS)."""
    seconds: dict[str, float] = collections.defaultdict(float)
    skipped: set[str] = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            nid, _phase, took, outcome = line.rstrip("\n").split("\t")
            seconds[nid] += float(took)
            if outcome == "skipped":
                skipped.add(nid)
    return [(nid, took, nid in skipped) for nid, took in seconds.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="REFEREE_TIMINGS files (.tsv) or JUnit XMLs (a test's time is "
                                                  "its longest in them)")
    parser.add_argument("--over", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    longest: dict[str, tuple[float, bool]] = {}
    for run in args.runs:
        for nid, seconds, skipped in read_xml(run) if run.endswith(".xml") else read_tsv(run):
            before = longest.get(nid)
            if skipped and before is not None:
                continue
            if before is None or before[1] or seconds > before[0]:
                longest[nid] = (seconds, skipped)
    cases = [(nid, seconds, skipped) for nid, (seconds, skipped) in longest.items()]
    per_file = collections.Counter()
    for nid, seconds, _skipped in cases:
        per_file[nid.split("::")[0]] += seconds
    total = sum(s for _n, s, _k in cases)
    slow = sorted(n for n, s, skipped in cases if s > args.over and not skipped)
    quick = sum(s for n, s, _k in cases if s <= args.over)
    for path, seconds in per_file.most_common(40):
        print(f"{seconds:8.1f} s  {path}")
    print(f"{len(cases)} tests, {total:.0f} s; {len(slow)} over {args.over} s; the rest takes {quick:.0f} s")
    if args.write:
        with open(LIST, "w", encoding="utf-8") as out:
            out.write("# Tests over %.1f s in a full run (tools/slowtests.py): CI's quick runs skip them.\n"
                      % args.over)
            out.writelines(n + "\n" for n in slow)


if __name__ == "__main__":
    main()
