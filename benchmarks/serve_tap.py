"""A tap reaches every screen (issue 23 targets: p50 <= 50 ms, p95 <= 150 ms with 5 seats + 1 watcher; and
6 seats + 4 watchers at once): real uvicorn on 127.0.0.1, streams listening on /events, a game played by POSTs
of the seat whose move it is; the time from sending a POST until every stream has the new version.

    python benchmarks/serve_tap.py [MOVES] [--game port-royal] [--players 5] [--seat-streams 5] [--watchers 1]

The games have at most 5 players, so "6 seats" is 6 seat streams: every seat's phone plus a second page on
the first seat (a player's phone and tablet; the server allows 3 streams a token). `--seat-streams 6
--watchers 4` is the 6 + 4 target. Moves are chosen uniformly among the seat's own (seeded).
"""

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import httpx

import referee
from referee import session
from referee.serve.access import legal_for
from referee.serve.payload import version
from referee.store import Store

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]


def start_server(db, gid, port=0):
    """`referee serve ID --json` on 127.0.0.1; (process, links)."""
    proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(db), "serve", gid, "--json", "--host",
                             "127.0.0.1", "--port", str(port), "--no-qr"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, REFEREE_LANG="en"))
    return proc, json.loads(proc.stdout.readline())


class Streams:
    """SSE listeners; ``seen[v][n]`` the time stream n got version v. A listener reconnects after the
    server's `retry:` (1 s), as a browser's EventSource does."""

    def __init__(self, urls):
        self.urls, self.seen, self.cond = urls, {}, threading.Condition()
        self.stop = False
        for n, url in enumerate(urls):
            threading.Thread(target=self.listen, args=(n, url), daemon=True).start()

    def listen(self, n, url):
        retry = 1.0
        while not self.stop:
            try:
                with httpx.Client(timeout=None) as c, c.stream("GET", url + "/events") as r:
                    for line in r.iter_lines():
                        if line.startswith("retry: "):
                            retry = int(line[7:]) / 1000
                        if line.startswith("data: "):
                            v = json.loads(line[6:])["v"]
                            with self.cond:
                                self.seen.setdefault(v, {})[n] = time.time()    # wall clock: compared with a file's mtime too
                                self.cond.notify_all()
            except (httpx.HTTPError, OSError):
                pass
            time.sleep(retry)

    def wait_all(self, v, timeout=30.0):
        """The time the last stream got ``v`` (None: not within ``timeout``)."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.seen.get(v, {})) == len(self.urls), timeout=timeout):
                return None
            return max(self.seen[v].values())


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main(moves=60, game="port-royal", players=5, seat_streams=5, watchers=1, seed=1):
    folder = tempfile.mkdtemp()
    store = Store(os.path.join(folder, "history.json"))
    names = NAMES[:players]
    tracked = session.create(store, game, names)
    proc, links = start_server(store.path, tracked.id)
    seat_urls = [links["seats"][p] for p in names]
    urls = seat_urls + seat_urls[:max(0, seat_streams - len(seat_urls))] + [links["watch"]] * watchers
    streams = Streams(urls)
    rng = random.Random(seed)
    times, last = [], {}
    try:
        with httpx.Client(timeout=60) as client:
            first = client.get(links["watch"] + "/state").json()["v"]
            streams.wait_all(first)
            # who may enter what is the Python API's (serve/access.py), not a GET of every seat's state before
            # each tap: those count against each seat's rate (5 a second) and are not what a phone does
            local = referee.new_game(game, names)
            for _ in range(moves):
                mine = {p: legal_for(local, p) for p in names}
                owners = [p for p, legal in mine.items() if legal]
                if not owners or local.finished:
                    break
                owner = rng.choice(owners)
                s = {"v": version(local), "legal": [{"text": m.text} for m in mine[owner]]}
                wait = 0.21 - (time.perf_counter() - last.get(owner, 0))   # the limit: 5 requests/s a seat
                if wait > 0:
                    time.sleep(wait)
                start = time.time()
                r = client.post(links["seats"][owner] + "/entry", json={
                    "text": rng.choice(s["legal"])["text"], "v": s["v"], "entry_id": str(start)})
                last[owner] = time.perf_counter()
                if r.status_code != 200:
                    print("refused:", r.status_code, r.text[:200])
                    break
                for text in r.json()["moves"]:
                    local.play(text)
                done = streams.wait_all(r.json()["v"])
                if done is None:
                    print("a stream never got", r.json()["v"])
                    continue
                times.append(done - start)
    finally:
        streams.stop = True
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    print(f"{game}, {players} players: {len(times)} taps, {len(urls)} screens ({seat_streams} seat, {watchers} "
          f"watch): p50 {1000 * statistics.median(times):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms, "
          f"max {1000 * max(times):.1f} ms")
    return times


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("moves", nargs="?", type=int, default=60)
    parser.add_argument("--game", default="port-royal")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seat-streams", type=int, default=5)
    parser.add_argument("--watchers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    a = parser.parse_args()
    main(a.moves, a.game, a.players, a.seat_streams, a.watchers, a.seed)
