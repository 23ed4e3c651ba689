"""Issue 24's first target: 5 simulated laptops x 500 random histories. After every file has arrived, every
laptop holds the same history (the same plays with the same fields, the same trash), no recorded play is
lost and none is there twice, whatever order files arrived in.

Each history is tests/sync/test_reconcile.py's simulation (the sync itself, over an in-memory history): the
laptops' clocks skewed by up to ±10 years, random plays, edits, deletes, restores and renames, syncs at
random, and files delivered late, cut short, twice, as conflict copies and with junk beside them, until at
the end everything arrives. The test suite runs 25 such histories of 3 laptops; this runs the target's
count (minutes).

    python benchmarks/bench_sync_convergence.py [--histories 500] [--laptops 5] [--steps 60] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--histories", type=int, default=500)
    ap.add_argument("--laptops", type=int, default=5)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0, help="the first history's seed (then seed+1, ...)")
    args = ap.parse_args(argv)
    from tests.sync.test_reconcile import simulate

    start, failed, plays, trashed = time.perf_counter(), [], 0, 0
    for n in range(args.histories):
        seed = args.seed + n
        with tempfile.TemporaryDirectory() as tmp:
            table, recorded = simulate(Path(tmp), seed, laptops=args.laptops, steps=args.steps)
        first = table[0].local
        same = all(t.local.docs == first.docs and t.local.trash.keys() == first.trash.keys() for t in table[1:])
        kept = all(recorded <= set(t.local.docs) | set(t.local.trash) for t in table)
        twice = any(set(t.local.docs) & set(t.local.trash) for t in table)
        if not (same and kept) or twice:
            failed.append(seed)
            print(f"history {seed}: " + ", ".join(w for w, bad in (("laptops differ", not same),
                                                                     ("a recorded play lost", not kept),
                                                                     ("a play both kept and in the trash", twice))
                                                 if bad), flush=True)
        plays += len(first.docs)
        trashed += len(first.trash)
        if (n + 1) % 50 == 0:
            print(f"  {n + 1} histories, {time.perf_counter() - start:.0f} s", flush=True)
    took = time.perf_counter() - start
    print(f"{args.histories} random histories x {args.laptops} laptops ({args.steps} steps each): "
          f"{args.histories - len(failed)} converged, {len(failed)} did not"
          + (f" (seeds {failed[:10]})" if failed else "")
          + f"; {plays} plays and {trashed} in the trash at the end in all; {took:.0f} s "
          f"({took / max(args.histories, 1):.2f} s a history)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
