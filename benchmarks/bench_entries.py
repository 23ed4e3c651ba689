"""Benchmark: how many entries (and keystrokes) a whole game takes at the table, for all four games.

    python benchmarks/bench_entries.py [--games 5] [--titles port-royal puerto-rico ...] [--players N]

Games are played by a table-like player (Port Royal: flips until the harbour holds 2-5 cards, repels a
second ship of a colour, takes a card most of the time, claims when it can; the others: uniform over the
legal moves, El Capitan with bench_el_capitan's "table" policy). Each recorded game is then typed again the
shortest way the table accepts:

- every move by its shortest accepted abbreviation (a word cut to a prefix, the move word left out) that
  ``Game.find`` resolves to that same move; an empty entry (Enter) where it is ``Game.default_move()``;
- consecutive moves merged into one entry wherever ``play_entry`` accepts the joined text and plays exactly
  those moves (a move the next one implies, such as Port Royal's 'flip' before a card's name, is left out
  when the entry is accepted without it). An entry never continues past a chance move with a player's
  decision: whoever types must see a flipped card or drawn tile before deciding what follows. play_entry
  itself keeps one entry to one player's moves.

Reported per game (means over the games; "max" the most entries one game took): moves (one entry per
move, the table before issue 13) and the keystrokes that takes with each move's shortest spelling, then
entries and keystrokes now (each entry's characters plus Enter). Target (issue 13): a 3-player Port Royal
game in at most 260 entries.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import referee  # noqa: E402
from referee.core.entry import play_entry  # noqa: E402
from referee.core.errors import RefereeError  # noqa: E402

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve"]
DEFAULT_PLAYERS = {"port-royal": 3, "puerto-rico": 3, "carcassonne": 2, "el-capitan": 3}
TARGET = {("port-royal", 3): 260}


# ----------------------------------------------------------------------------- the players
def _port_royal_choice(g, legal, rng, stop_at):
    texts = [m.text for m in legal]
    if legal[0].chance:
        return rng.choice(legal)
    claims = [m for m in legal if m.text.startswith("claim")]
    if claims:
        return claims[0]
    if "repel" in texts:                                   # repel what would bust, else let it dock mostly
        return legal[texts.index("repel")] if "bust" in texts or rng.random() < 0.3 else \
            legal[texts.index("dock")]
    if "flip" in texts and "stop" in texts:
        return legal[texts.index("stop" if len(g.state.display) >= stop_at else "flip")]
    takes = [m for m in legal if m.text.startswith("take")]
    if takes and rng.random() < 0.85:
        return rng.choice(takes)
    for word in ("pass", "end", "flip"):
        if word in texts:
            return legal[texts.index(word)]
    return rng.choice(legal)


def play_game(title: str, players: int, seed: int) -> list[str]:
    """A whole game's move texts, chosen by the table-like player."""
    from bench_el_capitan import table_choices

    rng = random.Random(seed)
    g = referee.new_game(title, NAMES[:players])
    stop_at = rng.randint(2, 5)
    while not g.finished:
        legal = g.legal_moves()
        if title == "port-royal":
            if g.state.phase == "flip" and not g.state.flips:
                stop_at = rng.randint(2, 5)
            move = _port_royal_choice(g, legal, rng, stop_at)
        else:
            if title == "el-capitan":
                legal = table_choices(legal, rng)
            move = legal[int(rng.random() * len(legal))]
        g.play(move.text)
    return g.moves


# ----------------------------------------------------------------------------- the typist
def _candidates(text: str):
    """Shorter spellings of a canonical move text, shortest first: the move word left out, words cut."""
    words = text.split()
    forms = {text}
    bases = [words] + ([words[1:]] if len(words) > 1 else [])
    for base in bases:
        forms.add(" ".join(base))
        for k, w in enumerate(base):
            for n in range(1, len(w)):
                forms.add(" ".join(base[:k] + [w[:n]] + base[k + 1:]))
        forms.add(" ".join(w[:1] if k == 0 else w for k, w in enumerate(base)))
    return sorted(forms, key=lambda f: (len(f), f))


def shortest(g, move) -> str:
    """The shortest text the table reads as exactly this move here ('' when Enter plays it)."""
    default = g.default_move()
    if default is not None and default.text == move.text:
        return ""
    for form in _candidates(move.text):
        try:
            found = g.find(form)
        except RefereeError:
            continue
        if found.text == move.text:
            return form
    return move.text


def type_game(title: str, players: int, moves: list[str], show=None) -> tuple[int, int]:
    """(entries, keystrokes) to enter the game's moves the shortest way the table accepts; ``show``: a list
    that receives each entry's text and the moves it played."""
    g = referee.new_game(title, NAMES[:players])
    probe = referee.new_game(title, NAMES[:players])      # walks ahead of g over the moves being merged
    i = 0
    entries = keys = 0
    while i < len(moves):
        move = g.find(moves[i])
        pieces = [shortest(g, move)]
        texts = [move.text]
        chance_seen = move.chance
        probe.play(move.text)
        j = i + 1
        while j < len(moves):
            nxt = probe.find(moves[j])
            if chance_seen and not nxt.chance:
                break                                  # a decision after a reveal: the typist looks first
            short = shortest(probe, nxt) or nxt.text
            tried = None
            for candidate in ([p for p in pieces[:-1]] + [short], pieces + [short]):
                text = " ".join(p for p in candidate if p)
                if not text:
                    continue
                before = len(g.moves)
                try:
                    played = play_entry(g, text)
                except RefereeError:
                    continue
                ok = [m.text for m in played] == texts + [nxt.text]
                g.undo(len(g.moves) - before)
                if ok:
                    tried = candidate
                    break
            if tried is None:
                break
            pieces = tried
            texts.append(nxt.text)
            chance_seen = chance_seen or nxt.chance
            probe.play(nxt.text)
            j += 1
        text = " ".join(p for p in pieces if p)
        played = play_entry(g, text) if text else [g.play(move.text)]
        assert [m.text for m in played] == texts == probe.moves[len(g.moves) - len(texts):], (text, texts)
        if show is not None:
            show.append((text, texts))
        entries += 1
        keys += len(text) + 1
        i = j
    return entries, keys


def one_per_move(title: str, players: int, moves: list[str]) -> int:
    """Keystrokes with one entry per move (the table before issue 13), each by its shortest spelling."""
    g = referee.new_game(title, NAMES[:players])
    keys = 0
    for text in moves:
        move = g.find(text)
        keys += len(shortest(g, move)) + 1
        g.play(move.text)
    return keys


def run(title: str, players: int, games: int) -> dict:
    t = time.perf_counter()
    rows = []
    for seed in range(games):
        moves = play_game(title, players, seed)
        entries, keys = type_game(title, players, moves)
        rows.append((len(moves), entries, keys, one_per_move(title, players, moves)))
    return {"title": title, "players": players, "games": games, "keys 1/move": statistics.mean(r[3] for r in rows),
            "moves": statistics.mean(r[0] for r in rows), "entries": statistics.mean(r[1] for r in rows),
            "max entries": max(r[1] for r in rows), "keys": statistics.mean(r[2] for r in rows),
            "keys/entry": sum(r[2] for r in rows) / sum(r[1] for r in rows),
            "seconds": time.perf_counter() - t}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--titles", nargs="*", default=list(DEFAULT_PLAYERS))
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--show", type=int, default=0, metavar="N", help="print the first N entries of a game")
    args = ap.parse_args(argv)
    for title in args.titles if args.show else ():
        n = args.players or DEFAULT_PLAYERS[title]
        shown: list = []
        type_game(title, n, play_game(title, n, 0), shown)
        for text, texts in shown[:args.show]:
            print(f"{title}: {text or '(Enter)':<28} -> {', '.join(texts)}")
    print(f"{'game':<12} {'pl':>2} {'games':>5} {'moves':>7} {'keys 1/move':>11} {'entries':>8} {'max':>5} "
          f"{'keys':>7} {'keys/entry':>10}  target")
    for title in args.titles:
        n = args.players or DEFAULT_PLAYERS[title]
        r = run(title, n, args.games)
        target = TARGET.get((title, n))
        verdict = "" if target is None else (f"<= {target}: " + ("met" if r["max entries"] <= target
                                                                  else "NOT met"))
        print(f"{title:<12} {n:>2} {args.games:>5} {r['moves']:>7.0f} {r['keys 1/move']:>11.0f} {r['entries']:>8.0f} "
              f"{r['max entries']:>5} {r['keys']:>7.0f} {r['keys/entry']:>10.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    main()
