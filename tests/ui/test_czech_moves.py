"""Issue 22, item 1: a whole game of each title played at the full-screen table (80x24) in Czech, every move
typed as the table shows it (its Czech label), and no English move word on any screen: not in the prompt and
its [Enter: ...], the echoes, the log, the board's ids, the moves pane or the help. The English move words are
the notation's own vocabulary: every word of every legal move text met in the game."""

import asyncio
import random
import re

import pytest

import referee
from referee import i18n, session
from referee.core import labels
from referee.store import Store

from .screen import Driver
from .test_whole_games import EC_SEED, table_choice

NAMES = ["Alexandra", "Bartholomew", "Cecilie", "Dominik", "Eleonora"]
# Letters of move texts that are no English word a Czech reader would stumble on (symbol codes), or that are
# Czech words too.
NOT_WORDS = {
    "port-royal": {"aa", "cc", "hh", "aah", "cch", "ach"},     # expedition symbol codes, shown as on the card
    "puerto-rico": {"indigo", "hacienda"},                      # the same word in Czech
    # the tile sets' codes (b: base, tb: Traders & Builders), as printed in the tile list; and the compass
    # letters naming a field by a corner or half-edges (labels.py says why they stay)
    "carcassonne": {"tb", "ne", "se", "sw", "nw", "en", "es", "ws", "wn"},
    # city names the Czech seed spells as English does (Marseille, Tanger, Tunis); 's'/'f' of '3s 4f' are
    # single letters (not counted)
    "el-capitan": {"marseille", "tanger", "tunis"},
}
# El Capitan as a table plays it (test_whole_games.table_choice), so that it ends in about 1,000 moves
CASES = [("port-royal", 5, 5000, 0), ("puerto-rico", 4, 5000, 2), ("carcassonne", 4, 5000, 0),
         ("el-capitan", 5, 10_000, EC_SEED)]


def _folded() -> bool:
    """This branch's Czech texts (fragment czech.po) are in the compiled catalog."""
    with i18n.using("cs"):
        return i18n._("{stop} (not with an empty harbour, R2)") != "{stop} (not with an empty harbour, R2)"


def playout(game_id, n, limit, seed):
    """A random game: the entries typed (Czech labels; the chance events the table enters itself left out)
    and the English vocabulary of its notation (every word of every legal move text met)."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, NAMES[:n], {})
    typed, vocabulary = [], set()
    while not game.finished and len(game.moves) < limit:
        legal = game.legal_moves()
        for m in legal:
            vocabulary.update(w for w in re.findall(r"[a-z]+", m.text) if len(w) > 1)
        move = table_choice(legal, rng) if game_id == "el-capitan" else rng.choice(legal)
        if not (len(legal) == 1 and move.chance):
            typed.append((len(game.moves), labels.label(game_id, move.text, "cs")))
        game.play(move.text)
    names = {w for name in NAMES for w in name.lower().split()}      # 'start eleonora': a name is data
    return typed, len(game.moves), vocabulary - NOT_WORDS.get(game_id, set()) - names


def english_words(rows, vocabulary, names):
    text = "\n".join(rows)
    for name in names:
        text = text.replace(name, " ")
    words = set(re.findall(r"(?<![^\W\d_])[a-z]+(?![^\W\d_])", text))     # whole words of letters
    return sorted(words & vocabulary)


def test_the_check_sees_english_move_words():
    _typed, _n, vocabulary = playout("port-royal", 3, 300, 1)
    assert {"flip", "take", "stop", "sailor"} <= vocabulary
    assert english_words(["✓ take sailor-3-1 (Ann)", "Ann [Enter: flip]>"], vocabulary, []) == ["flip", "sailor",
                                                                                                   "take"]
    assert english_words(["✓ vezmi námořníka 3 1 (Ann)", "Ann [Enter: otočit]>"], vocabulary, []) == []


@pytest.mark.skipif(not _folded(), reason="fragment czech.po not folded into the catalog yet")
@pytest.mark.parametrize("game_id,n,limit,seed", CASES)
def test_a_whole_game_in_czech_shows_no_english_move_word(db, game_id, n, limit, seed):
    with i18n.using("cs"):
        store = Store(db)
        tracked = session.create(store, game_id, NAMES[:n])
        typed, total, vocabulary = playout(game_id, n, limit, seed)
        d = Driver(store, tracked)
        screens = []

        def check(what):
            rows = d.rows
            leaked = english_words(rows, vocabulary, NAMES[:n])
            assert not leaked, f"English move words {leaked} on a Czech screen ({what}):\n" + "\n".join(rows)
            screens.append(rows)

        async def script(d):
            check("start")
            for number, start in enumerate(range(0, len(typed), 25)):
                chunk = typed[start:start + 25]
                d.pipe.send_text("".join(said + "\r" for _at, said in chunk))
                want = chunk[-1][0] + 1
                for _ in range(500):
                    await asyncio.sleep(0.02)
                    if len(tracked.game.moves) >= want and not d.table.app.invalidated:
                        break
                assert d.table.message[1] == "", (chunk, d.table.message)
                await d.keys("")
                check(f"after {chunk[-1][1]!r}")
                if tracked.game.finished:
                    break
                if number % 4 == 1:                      # the panes: the legal moves, the help
                    for pane in ("moves", "help"):
                        await d.keys(pane + "\r")
                        check(pane)
                        await d.keys("\x1b")
                if number % 4 == 2 and not tracked.game.finished:   # undo and its echo, then the move again
                    last = tracked.game.log[-1]
                    await d.keys("undo\r")
                    check("undo")
                    assert "Vzato zpět: " + labels.of(tracked.game, last) in d.screen.text
                    await d.keys(labels.of(tracked.game, last) + "\r")
                    assert tracked.game.log[-1] == last

        d.run(script)
        assert len(tracked.game.moves) >= total and tracked.game.finished
        assert len(screens) > 10
