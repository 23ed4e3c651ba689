import pytest

from referee import session
from referee.serve.app import build_app
from referee.serve.seats import load_or_create
from referee.store import Store


@pytest.fixture
def served(tmp_path):
    """(client, store, tracked, seats) for a fresh Port Royal game of Ann, Bob, Cal."""
    from starlette.testclient import TestClient

    def make(game="port-royal", players=("Ann", "Bob", "Cal")):
        store = Store(tmp_path / "history.json")
        tracked = session.create(store, game, list(players))
        seats = load_or_create(store, tracked.id, tracked.game.players)
        app = build_app(store, tracked, seats, hosts=("testserver", "127.0.0.1", "localhost"))
        return TestClient(app), store, tracked, seats

    return make
