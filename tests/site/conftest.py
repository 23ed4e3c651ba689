import random

import pytest

import referee

HOSTILE = "<script>alert(1)</script>"


def finished_game(game_id: str, players, seed: int = 1):
    """A whole game played by random legal moves (El Capitan by the benchmark's table player, whose games
    are of a real table's length rather than thousands of loans)."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, players)
    if game_id == "el-capitan":
        from benchmarks.bench_el_capitan import table_choices
    else:
        table_choices = None
    while not game.finished:
        legal = game.legal_moves()
        if table_choices is not None:
            legal = table_choices(legal, rng)
        game.play(legal[int(rng.random() * len(legal))].text)
    return game


@pytest.fixture(scope="session")
def four_games():
    """One finished game of each title, a hostile player name in each."""
    return {gid: finished_game(gid, ["Ann", HOSTILE, "Cal"], seed=7)
            for gid in ("port-royal", "puerto-rico", "carcassonne", "el-capitan")}


def store_with(db_path, games, recorded=()):
    """A store holding the given finished games as tracked plays (their records too) and recorded plays."""
    from referee import session
    from referee.store import Store

    store = Store(db_path)
    for game in games:
        t = session.create(store, game.game, game.players, game.options, location="Club [main hall]",
                           notes="Line one\n<b>not bold</b>")
        for text in game.moves:
            session.play(store, t, text)
        assert t.archived
    for doc in recorded:
        store.add_archived([doc])
    return store
