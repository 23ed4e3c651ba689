"""Reading a BGG play file (`referee import plays.xml`): parse time against the file's size.

    python benchmarks/bench_bgg_parse.py [--sizes 1.2 12] [--runs 3]

Generates play files of the given sizes (MB) in two shapes and times club.bgg.parse on each (best of
--runs, CPU of this process), with MB/s and plays/s. The time should grow with the size, not faster: the
same MB/s at every size.

- plays: what BGG's /xmlapi2/plays pages hold (a declaration, a comment, several <plays> pages of 100
  plays one after another, players with and without scores, win flags);
- notes: one play whose comments are the whole size, many short lines with entities (expat hands such
  text over in pieces; the first reader joined them one by one, quadratic: 1.76 MB took 7.6 s).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = [("Port Royal", 156009), ("Puerto Rico", 3076), ("Carcassonne", 822), ("Azul", 230802),
         ("Terraforming Mars", 167791)]
NAMES = ["Petr", "Jana", "Řehoř", "Ann", "Bob", "Cal", "Dana"]


def play_xml(rng: random.Random, pid: int) -> str:
    title, oid = rng.choice(GAMES)
    n = rng.randint(2, 4)
    names = rng.sample(NAMES, n)
    scored = rng.random() > 0.1
    scores = [rng.randint(0, 90) for _ in names]
    best = max(scores)
    players = "\n".join(
        f'\t\t\t<player username="" userid="0" name="{p}" startposition="{i + 1}" color="" '
        f'score="{s if scored else ""}" new="0" rating="0" win="{1 if s == best else 0}" />'
        for i, (p, s) in enumerate(zip(names, scores)))
    return (f'\t<play id="{pid}" date="2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" quantity="1" '
            f'length="{rng.randint(0, 120)}" incomplete="0" nowinstats="0" location="Klubovna">\n'
            f'\t\t<item name="{title}" objecttype="thing" objectid="{oid}">\n\t\t\t<subtypes>\n'
            f'\t\t\t\t<subtype value="boardgame" />\n\t\t\t</subtypes>\n\t\t</item>\n'
            f'\t\t<comments>večer v klubu &amp; pivo</comments>\n\t\t<players>\n{players}\n\t\t</players>\n\t</play>\n')


def generate(megabytes: float, seed: int = 1) -> str:
    rng = random.Random(seed)
    parts, size, pid, page = [], 0, 90000000, 0
    target = int(megabytes * 1_000_000)
    while size < target:
        page += 1
        head = ('<?xml version="1.0" encoding="utf-8"?>\n<!-- saved from boardgamegeek.com -->\n'
                f'<plays username="klub" userid="1" total="999999" page="{page}" '
                'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">\n')
        body = "".join(play_xml(rng, pid + i) for i in range(100))
        pid += 100
        chunk = head + body + "</plays>\n"
        parts.append(chunk)
        size += len(chunk.encode("utf-8"))
    return "".join(parts)


def generate_notes(megabytes: float) -> str:
    line = "dobrá hra &amp; pivo\n"
    n = max(1, int(megabytes * 1_000_000) // len(line.encode("utf-8")))
    return ('<?xml version="1.0" encoding="utf-8"?>\n<plays username="klub" userid="1">\n'
            '<play id="1" date="2024-01-01" quantity="1" length="30"><item name="Azul" objectid="230802"/>'
            f'<comments>{line * n}</comments><players><player name="Ann" score="1" win="1"/>'
            '<player name="Bob" score="0" win="0"/></players></play></plays>\n')


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=float, nargs="+", default=[1.2, 12.0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    from referee.club.formats import bgg

    print(f"{'shape':>6} {'size':>8} {'plays':>8} {'imported':>9} {'best CPU s':>11} {'MB/s':>7} {'plays/s':>9}")
    for shape, mb in [(s, mb) for s in ("plays", "notes") for mb in args.sizes]:
        text = generate(mb) if shape == "plays" else generate_notes(mb)
        size = len(text.encode("utf-8")) / 1e6
        best, parsed = None, None
        for _ in range(args.runs):
            t0 = time.process_time()
            parsed = bgg.parse(text, "bench.xml")
            t = time.process_time() - t0
            best = t if best is None else min(best, t)
        plays = len(parsed.docs) + len(parsed.skipped)
        print(f"{shape:>6} {size:>6.1f}MB {plays:>8} {len(parsed.docs):>9} {best:>11.2f} {size / best:>7.1f} {plays / best:>9.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
