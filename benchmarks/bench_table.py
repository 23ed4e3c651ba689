"""The full-screen table's own costs at 80x24, per game: opening (build + warm-up before the first key),
the first entry after opening (checked, stored, board redrawn), and the board redraw after a move along a
random game (median and worst, ms). Run by hand: python benchmarks/bench_table.py [--moves 300]."""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time

GAMES = ("port-royal", "puerto-rico", "carcassonne", "el-capitan")
NAMES = ["Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"]


class _Out(io.StringIO):
    encoding = "utf-8"


def measure(game_id: str, moves: int) -> dict:
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from referee import session
    from referee.store import Store
    from referee.ui import fit
    from referee.ui.table import Table

    store = Store(None)
    tracked = session.create(store, game_id, NAMES)
    out = Vt100_Output(_Out(), get_size=lambda: Size(rows=24, columns=80), term="xterm", enable_cpr=False)
    with create_pipe_input() as pipe:
        t0 = time.perf_counter()
        table = Table(store, tracked, input=pipe, output=out)
        table.warm()
        opened = time.perf_counter() - t0
        legal = tracked.game.legal_moves()
        table.buffer.text = random.Random(0).choice(legal).text
        t0 = time.perf_counter()
        table.accept(table.buffer)
        table.board_lines(80, table.board_room())
        first = time.perf_counter() - t0
    rng = random.Random(1)
    game = tracked.game
    redraw = []
    for _ in range(moves):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()).text)
        t0 = time.perf_counter()
        fit.board_text(game, 80, 19)
        redraw.append(time.perf_counter() - t0)
    return {"open": opened * 1000, "first": first * 1000, "median": statistics.median(redraw) * 1000,
            "worst": max(redraw) * 1000, "n": len(redraw)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args(argv)
    os.environ.setdefault("REFEREE_DB", os.path.join(tempfile.mkdtemp(), "history.json"))
    print(f"{'game':<12} {'open ms':>8} {'1st entry ms':>13} {'redraw med ms':>14} {'redraw max ms':>14} {'positions':>10}")
    for game_id in GAMES:
        r = measure(game_id, args.moves)
        print(f"{game_id:<12} {r['open']:>8.0f} {r['first']:>13.1f} {r['median']:>14.1f} {r['worst']:>14.1f} "
              f"{r['n']:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
