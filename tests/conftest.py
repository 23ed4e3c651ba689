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


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test starts in English whatever the machine's locale, and a test that switches the language
    (`--lang cs` through CliRunner, i18n.set_language) does not leak it into the next one."""
    from referee import i18n

    monkeypatch.setenv("REFEREE_LANG", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
