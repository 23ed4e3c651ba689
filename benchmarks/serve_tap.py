"""A tap reaches every screen (issue 23 target: p50 <= 50 ms, p95 <= 150 ms): real uvicorn on 127.0.0.1,
5 seats + 1 watcher listening on /events, a Port Royal game played by POSTs of the seat whose move it is;
the time from sending a POST until all 6 streams have the new version.

    python benchmarks/serve_tap.py [MOVES]
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import httpx

from referee import session
from referee.store import Store

SERVER = """
import sys
from referee import session
from referee.store import Store
from referee.serve.run import serve
store = Store(sys.argv[1])
raise SystemExit(serve(store, session.open_game(store, sys.argv[2]), host="127.0.0.1", port=0, json_out=True))
"""


def main(moves=60):
    folder = tempfile.mkdtemp()
    store = Store(os.path.join(folder, "history.json"))
    players = ["Ann", "Bob", "Cal", "Dan", "Eve"]
    tracked = session.create(store, "port-royal", players)
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(store.path), tracked.id], stdout=subprocess.PIPE,
                            text=True)
    links = json.loads(proc.stdout.readline())
    seen = {}
    cond = threading.Condition()

    def listen(n, url):
        with httpx.Client(timeout=None) as c, c.stream("GET", url + "/events") as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    v = json.loads(line[6:])["v"]
                    with cond:
                        seen.setdefault(v, {})[n] = time.perf_counter()
                        cond.notify_all()

    urls = list(links["seats"].values()) + [links["watch"]]
    for n, url in enumerate(urls):
        threading.Thread(target=listen, args=(n, url), daemon=True).start()
    times = []
    with httpx.Client(timeout=30) as client:
        time.sleep(0.5)
        for _ in range(moves):
            states = {p: client.get(u + "/state").json() for p, u in links["seats"].items()}
            owner = next((p for p, s in states.items() if s["legal"]), None)
            if owner is None:
                break
            s = states[owner]
            start = time.perf_counter()
            r = client.post(links["seats"][owner] + "/entry", json={"text": s["legal"][0]["text"], "v": s["v"],
                                                                     "entry_id": str(start)})
            v = r.json()["v"]
            with cond:
                cond.wait_for(lambda: len(seen.get(v, {})) == len(urls), timeout=10)
                times.append(max(seen[v].values()) - start)
            time.sleep(0.2)      # the rate limit: 5 requests a second per seat
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    times.sort()
    print(f"{len(times)} taps, 6 screens: p50 {1000 * statistics.median(times):.1f} ms, "
          f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
