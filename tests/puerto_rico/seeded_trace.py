"""What seeded random Puerto Rico games show, as one digest per game: every listing (texts, players, chance),
refusals and readings of typed entries, events and prompts in the game's language, views, the end's result
and the moves as the record holds them.

The engine's speed work (issue 25 item 2) must change none of it: tests/puerto_rico/test_seeded_identical.py
compares these digests with seeded_main.json, written by this module run against the engine before that
work. Run it against a tree to write the file again (only when a change of what the game says is meant):

    PYTHONPATH=/path/to/that/tree python tests/puerto_rico/seeded_trace.py > tests/puerto_rico/seeded_main.json

All the games run in one process, as they do in a server or an import, so the engine's caches (listings kept
by player name, shared between games) meet every player count and option set in turn.
"""

from __future__ import annotations

import hashlib
import json
import random

# Entries typed at every seventh position: legal or not, the reading or the refusal is part of the digest.
PROBES = ("build harbor", "place corn", "load coffee", "pass", "ok", "take quarry", "sell indigo", "mayor",
          "keep sugar", "refuse", "wharf corn", "extra corn", "hacienda", "reveal corn", "draw coffee",
          "place university", "prospector", "mayor no-privilege", "load corn 6", "build lg-market")

# (player counts, seeds per count, options)
GAMES = (
    ((2, 3, 4, 5), 3, {}),
    ((3, 5), 2, {"allow-decline-colonists": True, "doubloon-bank-limit": True, "hacienda-reshuffle": False}),
    ((4,), 2, {"mayor-privilege-optional": False, "show-running-vp": True, "customs-house-counts-overflow": False,
               "vp-pool-5p": 126}),
)


def game_key(lang: str, n: int, seed: int, options: dict) -> str:
    return f"{lang} {n}p seed {seed} " + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def digests() -> dict[str, str]:
    import referee
    from referee.core.errors import RefereeError
    from referee.i18n import using

    out = {}
    for lang in ("en", "cs"):
        with using(lang):
            for counts, seeds, options in GAMES:
                for n in counts:
                    for seed in range(seeds):
                        h = hashlib.sha256()
                        rng = random.Random(seed * 31 + n)
                        g = referee.new_game("puerto-rico", ["P%d" % i for i in range(1, n + 1)], options=options)
                        step = 0
                        while not g.finished:
                            listed = g.legal_moves()
                            h.update(repr([(m.text, m.player, m.chance) for m in listed]).encode())
                            if step % 7 == 0:
                                for text in PROBES:
                                    try:
                                        got = g.find(text).text
                                    except RefereeError as err:
                                        got = f"{type(err).__name__}: {err}"
                                    h.update(got.encode())
                            g.play(rng.choice(listed).text)
                            g.check()
                            step += 1
                            h.update(json.dumps([g.events(), "" if g.finished else g.prompt(), g.to_move],
                                                ensure_ascii=False).encode())
                            h.update(json.dumps(g.view(), sort_keys=True, default=str, ensure_ascii=False).encode())
                        h.update(repr(g.result().to_dict()).encode())
                        h.update(repr([(m.text, m.player, m.chance) for m in g.log]).encode())
                        out[game_key(lang, n, seed, options)] = h.hexdigest()
    return out


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1, sort_keys=True))
