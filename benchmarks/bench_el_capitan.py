"""Benchmark: random legal El Capitan games through the public API (legal_moves + play(text), every rule
check on, result() at the end), optionally with the conservation audit check() after every move.

Run by hand:  python benchmarks/bench_el_capitan.py [--games N] [--players 4] [--board PATH]
              [--repeat N] [--no-check] [--profile] [--parts] [--floor]
Target: at least 100 complete 4-player games per second on one core. It is measured the way every game's
target is (benchmarks/bench_playouts.py): play(text) does the contract's "parse, check, apply", all rule
checks on; the audit is reported beside it, not part of the target. The random player is the `table` policy
below; the uniform one is reported too. Why:

Uniformly random games are degenerate (measured, 4 players, no board file, 10-30 games): a random player
rarely builds. Of ~1,040 turns per game ~91% are loans: every face-up card is a listed move at every step,
so a random player spends his florins on sailing cards (~1,100 purchases a game), cannot pay for a
warehouse, and T12 then sends him to the bank for a loan; the 30 loan cards run out early and the bank
then lends without a card (O12, flagged: ~880 such loans a game); after each payday the repayments push cash
below zero (O10; average cash at the action -187), so building stays unaffordable. A phase ends only when
one player has built all 7 pieces (P1), so phases drag on. All of this is legal. With strictly finite loan
cards (no loan once both stacks are empty) uniformly random games never end: every player is broke and
passes for ever. At ~4,500 moves a game, 100 games/s leaves 2.2 us a move; `--floor` plays games of that
length on an engine that does no work at all behind the same API and reaches ~160 games/s (1.4 us a move
of pure API and random-player cost), so the engine's whole rule work would have to fit in 0.8 us a move.

Policies (all choose only among legal_moves() and play through play(text)):
  uniform  every listed move equally likely (~4,200-4,500 moves, ~1,040 turns a game).
  kind     first a decision kind (the first word: buy, sail, bank, build, loan, end, ...), then a move of that
           kind: what a uniformly random player would do if each step listed decision kinds first
           (~1,300-1,450 moves, ~380 turns; a kinds-first notation would add one entry per purchase and
           per sail, ~+300 moves, and cost people a second entry for each).
  table    uniform, but half the time an action (build/reopen/fortress/loan) or 'end' when one is listed
           (~950 moves, ~320 turns a game). The target's player: still random and legal at every step,
           and its games are still longer than real ones (a game played by people takes some 100-150
           turns, a phase ending after about 8-12 rounds: some 500-750 moves with the reveals).

Where a move's time goes (--parts, 4 players, 60 games, 2026-11-20, us per move; policy time not included):
  table    apply 1.9, legal 4.2, check 6.8, core 2.0 = 14.9
  uniform  apply 1.3, legal 4.4, check 6.8, core 1.6 = 14.1
(--parts records the games first, so its listing meets caches the recording filled.) The audit recounts
every piece, card and florin after every move; it is not part of the target.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import referee  # noqa: E402

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]
# the turn's action (T11) or the end of a turn, by the first word of the canonical text
ACTION_WORDS = ("build", "reopen", "fortress", "loan", "end")
_CHANCE_ONLY = ["chance"]


def table_choices(legal, rng):
    """The `table` player's choice set: half the time the turn's action or 'end', when one is listed (the
    caller then picks uniformly among what this returns). bench_playouts.py plays El Capitan with it."""
    if rng.random() < 0.5 and not legal[0].chance:
        acts = [m for m in legal if m.text.startswith(ACTION_WORDS)]
        if acts:
            return acts
    return legal


def play_one(n: int, seed: int, options: dict, policy: str = "uniform", check: bool = True, log=None) -> int:
    rng = random.Random(seed)
    g = referee.new_game("el-capitan", NAMES[:n], options)
    moves = 0
    while not g.finished:
        legal = g.legal_moves()
        # A listing is all chance moves or all player moves; a chance step has one kind ("chance") and no
        # action, so the policies skip sorting it (same random draws, same games, less policy time).
        if policy == "kind" and len(legal) > 1:
            if legal[0].chance:
                rng.choice(_CHANCE_ONLY)
            else:
                kinds = {}
                for m in legal:
                    kinds.setdefault(m.text.split(" ", 1)[0], []).append(m)
                legal = kinds[rng.choice(sorted(kinds))]
        elif policy == "table":
            legal = table_choices(legal, rng)
        g.play(legal[int(rng.random() * len(legal))].text)    # uniform; cheaper than rng.choice
        if check:
            g.check()
        moves += 1
    g.result()
    if log is not None:
        log.extend(g.log)
    return moves


def run(n: int, games: int, options: dict, policy: str, check: bool = True, repeat: int = 1) -> dict:
    dt, moves = float("inf"), 0
    for r in range(repeat):      # the fastest of several runs: this VM's CPU time varies by 10-20% run to run
        # each run plays new games: replaying the same ones would find every listing already cached
        t = time.process_time()      # CPU time of this process: one core, robust against other load
        played = sum(play_one(n, seed, options, policy, check) for seed in range(r * games, (r + 1) * games))
        took = time.process_time() - t
        if took < dt:
            dt, moves = took, played
    return {"players": n, "games": games, "policy": policy, "moves": moves, "seconds": dt,
            "moves/game": moves / games, "ms/game": 1000 * dt / games, "games/s": games / dt,
            "us/move": 1e6 * dt / moves}


def parts(n: int, games: int, options: dict, policy: str) -> dict:
    """Where a move's time goes: the games are recorded once, then replayed on the engine alone (apply; apply
    and legal; apply and check) and through the public API; the rest of the API time is the core's own work
    (the legal-move dict, find, the log). The policy's own time is not in any of these."""
    from referee.games.el_capitan import RULES

    logs = []
    for seed in range(games):
        rec = []
        _record(n, seed, options, policy, rec)
        logs.append(rec)
    moves = sum(len(rec) for rec in logs)
    players = NAMES[:n]

    def replay(legal=False, check=False, api=False):
        t = time.process_time()
        for rec in logs:
            if api:
                g = referee.new_game("el-capitan", players, options)
                for m in rec:
                    g.legal_moves()
                    g.play(m.text)
                    g.check()
                continue
            g = referee.new_game("el-capitan", players, options)
            s = g.state
            for m in rec:
                if legal:
                    RULES.legal(s)
                RULES.apply(s, m)
                if check:
                    RULES.check(s)
        return 1e6 * (time.process_time() - t) / moves

    a = replay()
    out = {"apply": a, "legal": replay(legal=True) - a, "check": replay(check=True) - a, "api": replay(api=True)}
    out["core"] = out["api"] - out["apply"] - out["legal"] - out["check"]
    return out


def floor(moves_per_game: int = 4500, games: int = 20, width: int = 12) -> float:
    """The API's own cost: a game whose engine does no work (a fixed list of ``width`` moves, apply adds one
    to a counter) played to ``moves_per_game`` moves by the uniform player, exactly as play_one does.
    Returns games/s: no El Capitan engine, however fast, can exceed it at that game length."""
    from referee.core import Move, Rules
    from referee.core.game import Game

    class Counter:
        k = 0

    listed = [Move(f"move {i}", "Ann", False, ("move", i)) for i in range(width)]

    class Nothing(Rules):
        def __init__(self):
            super().__init__(id="nothing", name="Nothing", min_players=2, max_players=5, options=())

        def setup(self, players, options):
            return Counter()

        def legal(self, s):
            return listed

        def apply(self, s, move):
            s.k += 1

        def finished(self, s):
            return s.k >= moves_per_game

        def check(self, s):
            pass

    rules = Nothing()
    rng = random.Random(1)
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        for _ in range(games):
            g = Game(rules, NAMES[:4])
            while not g.finished:
                g.play(rng.choice(g.legal_moves()).text)
                g.check()
        best = min(best, time.process_time() - t)
    return games / best


def _record(n, seed, options, policy, rec):
    play_one(n, seed, options, policy, check=False, log=rec)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--board", default="none", help="none (no board file: every value asked), or a board file")
    ap.add_argument("--policy", nargs="*", default=["uniform", "kind", "table"])
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="report the fastest of N runs")
    ap.add_argument("--parts", action="store_true", help="split a move's time: apply, legal, check, core")
    ap.add_argument("--floor", action="store_true",
                    help="the API's own ceiling: games/s of an engine that does no work, at uniform game length")
    args = ap.parse_args(argv)
    if args.floor:
        for length in (4500, 950):
            print(f"an engine doing no work, {length} moves a game: {floor(length):.0f} games/s")
        return
    os.environ["REFEREE_EL_CAPITAN_BOARD"] = os.path.join(tempfile.gettempdir(), "no-such-el-capitan-board.json")
    options = {"board": args.board}
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run(4, args.games, options, args.policy[0], not args.no_check)", globals(),
                        {"args": args, "run": run, "options": options}, "/tmp/bench_el_capitan.prof")
        pstats.Stats("/tmp/bench_el_capitan.prof").sort_stats("tottime").print_stats(25)
        return
    if args.parts:
        print(f"{'players':>7} {'policy':>8}   us/move:  {'apply':>6} {'legal':>6} {'check':>6} {'core':>6} {'API':>6}")
        for policy in args.policy:
            for n in args.players:
                r = parts(n, args.games, options, policy)
                print(f"{n:>7} {policy:>8}             {r['apply']:>6.2f} {r['legal']:>6.2f} {r['check']:>6.2f} "
                      f"{r['core']:>6.2f} {r['api']:>6.2f}")
        return
    print(f"{'players':>7} {'policy':>8} {'games':>6} {'moves/game':>10} {'us/move':>8} {'ms/game':>8} "
          f"{'games/s':>8}")
    for policy in args.policy:
        for n in args.players:
            r = run(n, args.games, options, policy, not args.no_check, args.repeat)
            print(f"{r['players']:>7} {policy:>8} {r['games']:>6} {r['moves/game']:>10.0f} {r['us/move']:>8.1f} "
                  f"{r['ms/game']:>8.1f} {r['games/s']:>8.1f}")


if __name__ == "__main__":
    main()
