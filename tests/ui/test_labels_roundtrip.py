"""Issue 22, item 1: every legal move's Czech label, typed back at the table, is the same move. Labels are
what the table shows (prompts, echoes, the moves pane, completion); a label the reader took for another move
(or refused) would make the screen lie. For many random positions of each title: every legal move's label is
read by the entry reader as exactly that move, and the labels of one position are distinct."""

import random

import pytest

import referee
from referee.core import labels
from referee.core.entry import play_entry
from referee.core.errors import RefereeError

PLAYERS = ["Ann", "Bob", "Cid", "Dana", "Eva"]
# (game, players, options, seeds, moves per playout): positions enough to meet every kind of move
CASES = {
    "port-royal": [(3, {}, range(6), 400), (5, {"coin-faces": True}, range(2), 300),
                   (2, {"reshuffle": "immediate"}, range(2), 400)],
    "puerto-rico": [(4, {}, range(2), 900), (3, {}, range(1), 900), (5, {}, range(1), 900)],
    "carcassonne": [(3, {}, range(3), 400), (2, {}, range(1), 400)],
    "el-capitan": [(3, {}, range(2), 500), (5, {}, range(1), 400), (2, {}, range(1), 400)],
}
# Positions checked: every STRIDE-th of a playout (El Capitan's positions list ~150 moves each, read through
# its Czech words one by one: every 9th keeps the test under a minute and still meets every kind of move).
STRIDE = {"el-capitan": 9}


def reads_back(game, move, text):
    """What the table's entry reader makes of ``text`` here, without keeping it: the moves it names (the
    game is left as it was)."""
    before = len(game.moves)
    try:
        moves = play_entry(game, text)
    except RefereeError as err:
        return f"refused: {err}"
    finally:
        extra = len(game.moves) - before
        if extra:
            game.undo(extra)
    return [m.text for m in moves]


def fast_reads_back(game, text):
    """The same reading for a one-move label without applying it (the entry reader plays a label the game's
    own split does not cut as game.find reads it): lets every legal move of a position be checked."""
    split = getattr(game.rules, "split_entry", None)
    if split is not None:
        pieces = split(game.state, text)
        if pieces and pieces != [text]:
            return None                       # several moves: read the slow way
    try:
        return [game.find(" ".join(text.split())).text]
    except RefereeError:
        return None


def check_position(game, rng, slow=1.0):
    legal = game.legal_moves()
    shown = {}
    for m in legal:
        said = labels.label(game.rules.id, m.text, "cs")
        assert said == said.strip() and ", " not in said and ";" not in said, said
        assert said not in shown, f"{m.text!r} and {shown[said]!r} are both shown as {said!r}"
        shown[said] = m.text
        got = fast_reads_back(game, said)
        if got is None or rng.random() < slow / max(1, len(legal)):
            got = reads_back(game, m, said)
        assert got == [m.text], f"{said!r} (for {m.text!r}) reads as {got}; position after {game.moves[-6:]}"
    return len(legal)


@pytest.mark.parametrize("game_id", list(CASES))
def test_every_czech_label_reads_back_as_its_move(game_id):
    checked = 0
    for n, options, seeds, limit in CASES[game_id]:
        for seed in seeds:
            rng = random.Random(seed)
            game = referee.new_game(game_id, PLAYERS[:n], options)
            while not game.finished and len(game.moves) < limit:
                if len(game.moves) % STRIDE.get(game_id, 1):
                    game.play(rng.choice(game.legal_moves()).text)
                    continue
                # the whole entry reader (which applies and takes back) at every 8th position; the rest
                # through the same reading without applying (fast_reads_back)
                checked += check_position(game, rng, slow=1.0 if len(game.moves) % (8 * STRIDE.get(game_id, 1)) == 0 else 0.0)
                game.play(rng.choice(game.legal_moves()).text)
    assert checked > 1000


@pytest.mark.parametrize("game_id", list(CASES))
def test_english_labels_are_the_texts(game_id):
    game = referee.new_game(game_id, PLAYERS[:3], {})
    for m in game.legal_moves():
        assert labels.label(game_id, m.text, "en") == m.text


def _first_position(game_id, n, wanted, seeds=range(40), limit=1500):
    """A random position (the game, its legal move) where a move text ``wanted(text)`` is legal."""
    for seed in seeds:
        rng = random.Random(seed)
        game = referee.new_game(game_id, PLAYERS[:n], {})
        while not game.finished and len(game.moves) < limit:
            hit = next((m for m in game.legal_moves() if wanted(m.text)), None)
            if hit is not None:
                return game, hit
            game.play(rng.choice(game.legal_moves()).text)
    pytest.skip("no such position in the playouts")


def test_puerto_rico_the_wharf_named_in_czech_ships_with_the_wharf():
    # the reader change for the label: in the captain phase the wharf building named with a good is the
    # wharf move (5.7 K5), never a ship load that drops the word
    game, wharf = _first_position("puerto-rico", 3, lambda t: t.startswith("wharf "))
    good = wharf.text.split()[1]
    said = labels.label("puerto-rico", wharf.text, "cs")
    assert said.endswith("na loděnici")
    assert reads_back(game, wharf, said) == [wharf.text]
    assert reads_back(game, wharf, said.replace("loděnici", "lodenici")) == [wharf.text]
    assert reads_back(game, wharf, f"wharf {good}") == [wharf.text]      # English as before
