"""The laptop's side of `referee serve` (issue 23's targets): how soon a move reaches the other side, and
how soon Ctrl-C ends serving with streams open.

    python benchmarks/bench_table_serve.py [--runs 5]

- phone -> table: `referee play ID --serve` in a pty of 80x24 (read through pyte); a seat POSTs its move;
  the time until the table's status line shows the new position (target <= 0.3 s);
- table -> phones: a move typed at that table (Enter); the time until a watcher's open event stream gets
  the new state (target <= 0.3 s);
- other window -> table: `referee move` in another process; the time until a plain `referee play ID`
  (no --serve) shows it (it looks at the live file every 0.25 s);
- Ctrl-C: `referee serve --json` with 10 streams open (two pages of each of 5 seats), SIGINT, then a second
  one; the time until it has exited (target <= 3 s, exit 0, no traceback).
Figures: median and worst of --runs, in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _pty_play(db, gid, serve):
    import fcntl
    import pty
    import termios

    import pyte

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm", REFEREE_DB=str(db), REFEREE_LANG="en")
    args = [sys.executable, "-m", "referee", "play", gid] + (["--serve"] if serve else [])
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)

    def wait(until, timeout=30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = "\n".join(screen.display)
            if until(text):
                return text
            ready, _, _ = select.select([master], [], [], 0.005)
            if ready:
                stream.feed(os.read(master, 65536).decode("utf-8", "replace"))
        raise TimeoutError("\n".join(screen.display))

    return proc, master, screen, wait


def phone_and_table(runs):
    import httpx

    from referee import session
    from referee.serve.seats import seats_path
    from referee.store import Store

    to_table, to_phones = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            db = Path(d) / "history.json"
            store = Store(db)
            t = session.create(store, "port-royal", ["Ann", "Bob"])
            proc, fd, screen, wait = _pty_play(db, t.id, serve=True)
            try:
                shown = wait(lambda s: "/j/" in s)
                port = re.search(r"http://[0-9.]+:(\d+)/j", shown.replace("\n", "")).group(1)
                base = f"http://127.0.0.1:{port}"
                tokens = json.loads(seats_path(store, t.id).read_text())
                os.write(fd, b"\x1b")
                wait(lambda s: "Phones scan" not in s)
                status = lambda: screen.display[0].split("⏱")[0]  # noqa: E731
                before = status()
                seat = f"{base}/s/{tokens['seats']['Ann']}"
                with httpx.Client(timeout=30) as phone:
                    mine = phone.get(seat + "/state").json()
                    start = time.perf_counter()
                    phone.post(seat + "/entry", json={"text": mine["legal"][0]["text"], "v": mine["v"]})
                    wait(lambda s: status() != before)
                    to_table.append(time.perf_counter() - start)
                    chance = phone.get(seat + "/state").json()
                    events: queue.Queue = queue.Queue()

                    def listen():
                        with httpx.Client(timeout=None) as sse, sse.stream("GET", f"{base}/s/{tokens['watch']}/events") as r:
                            for line in r.iter_lines():
                                if line.startswith("data: "):
                                    events.put((time.perf_counter(), json.loads(line[6:])["v"]))

                    threading.Thread(target=listen, daemon=True).start()
                    events.get(timeout=30)
                    os.write(fd, (chance["legal"][0]["text"]).encode())
                    time.sleep(0.3)                      # the preview settles; Enter is what is timed
                    start = time.perf_counter()
                    os.write(fd, b"\r")
                    while True:
                        at, v = events.get(timeout=30)
                        if v != chance["v"]:
                            to_phones.append(at - start)
                            break
                os.write(fd, b"\x04")
                proc.wait(timeout=30)
            finally:
                if proc.poll() is None:
                    proc.kill()
                os.close(fd)
    return to_table, to_phones


def other_window(runs):
    from referee import session
    from referee.store import Store

    seen = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            db = Path(d) / "history.json"
            t = session.create(Store(db), "port-royal", ["Ann", "Bob"])
            proc, fd, screen, wait = _pty_play(db, t.id, serve=False)
            try:
                wait(lambda s: "Ann" in s and ">" in s.splitlines()[-1])
                before = screen.display[0].split("⏱")[0]
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "referee", "--db", str(db), "move", t.id, "flip"],
                               check=True, capture_output=True)
                done = time.perf_counter()
                wait(lambda s: screen.display[0].split("⏱")[0] != before)
                seen.append(time.perf_counter() - done)
                os.write(fd, b"\x04")
                proc.wait(timeout=30)
            finally:
                if proc.poll() is None:
                    proc.kill()
                os.close(fd)
    return seen


def ctrl_c(runs):
    import httpx

    from referee import session
    from referee.store import Store

    took = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            db = Path(d) / "history.json"
            t = session.create(Store(db), "puerto-rico", ["A", "B", "C", "D", "E"])
            proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(db), "serve", t.id, "--host",
                                     "127.0.0.1", "--port", "0", "--json"], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            links = json.loads(proc.stdout.readline())
            opened: queue.Queue = queue.Queue()
            urls = list(links["seats"].values()) * 2          # 10 streams (at most 3 per token)

            def listen(url):
                try:
                    with httpx.Client(timeout=None) as sse, sse.stream("GET", url + "/events") as r:
                        for line in r.iter_lines():
                            opened.put(line)
                except Exception:
                    pass

            for url in urls:
                threading.Thread(target=listen, args=(url,), daemon=True).start()
            try:
                got = 0
                while got < len(urls):
                    got += opened.get(timeout=30).startswith("data: ")
                start = time.perf_counter()
                proc.send_signal(signal.SIGINT)
                time.sleep(0.05)
                proc.send_signal(signal.SIGINT)
                code = proc.wait(timeout=30)
                took.append(time.perf_counter() - start)
                err = proc.stderr.read()
                assert code == 0 and "Traceback" not in err, err
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
    return took


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    to_table, to_phones = phone_and_table(runs)
    for name, values in (("phone -> table (play --serve)", to_table), ("table -> phones (SSE)", to_phones),
                         ("referee move -> plain play", other_window(runs)),
                         ("Ctrl-C twice, 10 streams open", ctrl_c(runs))):
        print(f"{name:<32} median {statistics.median(values):.3f} s, worst {max(values):.3f} s ({len(values)} runs)")


if __name__ == "__main__":
    main()
