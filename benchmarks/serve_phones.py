"""`referee serve`'s other targets (issue 23), against a real server on 127.0.0.1 with SSE listeners that
reconnect as a browser's EventSource does (after the server's `retry:`):

- a move typed with the CLI (`referee move ID TEXT`) reaches the phones: <= 0.3 s, timed from the game
  file's write (its mtime: the move is stored) to the last stream's new version; the command's own run is shown too;
- phones back by themselves after `kill -9` and `referee serve ID` again on the same port: <= 2 s, timed from
  the new server's --json line (it listens) to every stream holding the move entered while it was down; the
  time from the kill is shown too (it includes Python's start of the new server);
- Ctrl-C with 10 streams open: exit within 3 s, exit code 0, no traceback.

    python benchmarks/serve_phones.py [--rounds 5] [--players 5] [--watchers 5]
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from serve_tap import NAMES, Streams, start_server  # noqa: E402

from referee import session  # noqa: E402
from referee.store import Store  # noqa: E402


def cli(db, *args):
    return subprocess.run([sys.executable, "-m", "referee", "--db", str(db), *args], capture_output=True,
                          text=True, env=dict(os.environ, REFEREE_LANG="en"))


def main(rounds=5, players=5, watchers=5):
    import referee
    from referee.serve.payload import version

    folder = tempfile.mkdtemp()
    store = Store(os.path.join(folder, "history.json"))
    names = NAMES[:players]
    tracked = session.create(store, "port-royal", names)
    game = referee.new_game("port-royal", names)
    proc, links = start_server(store.path, tracked.id)
    urls = [links["seats"][p] for p in names] + [links["watch"]] * watchers
    streams = Streams(urls)
    port = int(links["url"].split(":")[2].split("/")[0])
    assert streams.wait_all(version(game)) is not None

    def move_by_cli():
        text = game.legal_moves()[0].text
        start = time.time()
        done = cli(store.path, "move", tracked.id, text)
        assert done.returncode == 0, done.stderr
        game.play(text)
        stored = os.stat(store.live_path(tracked.id)).st_mtime_ns / 1e9    # the move is on disk
        return start, stored

    cli_after, cli_total, back_after, back_total = [], [], [], []
    try:
        for _ in range(rounds):
            start, stored = move_by_cli()
            reached = streams.wait_all(version(game))
            cli_after.append(reached - stored)
            cli_total.append(reached - start)
        for _ in range(rounds):
            proc.kill()
            proc.wait()
            move_by_cli()                          # entered while no server runs
            restarted = time.time()
            proc, again = start_server(store.path, tracked.id, port=port)
            listening = time.time()
            assert again == links, "the seat links changed across a restart"
            back = streams.wait_all(version(game))
            back_after.append(back - listening)
            back_total.append(back - restarted)
        streams.stop = True                        # no reconnecting after Ctrl-C; every stream is still open
        sent = time.time()
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
        stopped = time.time() - sent
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()

    def line(name, values, target):
        print(f"{name:<52} median {1000 * statistics.median(values):7.0f} ms   max {1000 * max(values):7.0f} ms"
              f"   target {target}")

    print(f"port-royal, {players} seats + {watchers} watchers, {rounds} rounds each")
    line("CLI move -> every stream (after it was stored)", cli_after, "<= 300 ms")
    line("CLI move -> every stream (whole command included)", cli_total, "-")
    line("restart -> every stream back (after serve listened)", back_after, "<= 2000 ms")
    line("restart -> every stream back (from serve's start)", back_total, "-")
    print(f"{'Ctrl-C with ' + str(len(urls)) + ' streams open -> exit':<52} {1000 * stopped:7.0f} ms   exit code "
          f"{code}, traceback: {'yes' if 'Traceback' in err else 'no'}   target <= 3000 ms, 0, no")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--watchers", type=int, default=5)
    a = parser.parse_args()
    main(a.rounds, a.players, a.watchers)
