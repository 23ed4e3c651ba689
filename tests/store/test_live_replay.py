"""A game in progress is replayed from its file by every command that opens it (session.game_from_live).
The replay takes a stored move as a record's move (Game.play_run / play_listed: an engine that finds a move
by its text, Port Royal, skips listing the position; issue 25's cold start). These tests hold that it is the
same game as move-by-move play() gives, and that a stored move no longer legal is refused as before, naming
its number, for an engine with Rules.listed and one without."""

from __future__ import annotations

import random

import pytest

from referee import session
from referee.core.game import Game
from referee.core.registry import get_rules
from referee.store import Store


def _played(game_id, n, seed, upto):
    rng = random.Random(seed)
    game = Game(get_rules(game_id), [f"P{i}" for i in range(1, n + 1)])
    texts = []
    while not game.finished and len(texts) < upto:
        move = rng.choice(game.legal_moves())
        game.play(move.text)
        texts.append(move.text)
    return game, texts


@pytest.mark.parametrize("game_id,n", [("port-royal", 3), ("el-capitan", 3), ("puerto-rico", 4),
                                       ("carcassonne", 2)])
def test_a_stored_game_replays_to_the_same_position(db, game_id, n):
    store = Store(db)
    game, texts = _played(game_id, n, 5, 150)
    t = session.create(store, game_id, game.players)
    doc = store.read_live(t.id)
    doc["moves"] = texts
    store.write_live(doc)
    again = session.open_game(store, t.id).game
    assert again.moves == texts
    assert [m.text for m in again.legal_moves()] == [m.text for m in game.legal_moves()]
    assert again.view() == game.view() and again.events() == game.events()
    assert [m.player for m in again.log] == [m.player for m in game.log]


@pytest.mark.parametrize("game_id,n", [("port-royal", 3), ("el-capitan", 3)])
def test_a_stored_move_no_longer_legal_is_named_by_its_number(db, referee, game_id, n):
    store = Store(db)
    _game, texts = _played(game_id, n, 9, 40)
    t = session.create(store, game_id, [f"P{i}" for i in range(1, n + 1)])
    doc = store.read_live(t.id)
    doc["moves"] = texts[:20] + ["no such move at all"] + texts[21:]
    store.write_live(doc)
    code, out, err = referee("moves", t.id)
    assert code != 0 and out == "" and err.count("\n") == 1
    assert "cannot be replayed: move 21 (no such move at all) is refused" in err
    assert store.read_live(t.id)["moves"] == doc["moves"]       # nothing was changed
