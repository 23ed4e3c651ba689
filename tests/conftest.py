import pytest


@pytest.fixture
def toy():
    from tests.core.toy import install

    install()
    return "toy"


@pytest.fixture
def db(tmp_path, monkeypatch):
    """An isolated history store; REFEREE_DB points at it so nothing touches the user's data."""
    path = tmp_path / "history.json"
    monkeypatch.setenv("REFEREE_DB", str(path))
    monkeypatch.setenv("REFEREE_LOCK_TIMEOUT", "0.3")
    return path
