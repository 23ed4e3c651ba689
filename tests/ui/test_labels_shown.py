"""Issue 22, item 1: where a move is shown outside the whole-game screens: `referee moves` (plain: labels;
--json: `label` beside the canonical `text`), Tab completion in both languages, the preview, the record."""

import json
import random

from click.testing import CliRunner
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

import referee
from referee import i18n, session
from referee.cli import cli
from referee.core import labels
from referee.store import Store
from referee.ui.table import _completer, _preview


def _at_take(seed=0):
    """A Port Royal game in phase 2 with a person to take (its moves, the game)."""
    rng = random.Random(seed)
    for attempt in range(200):
        game = referee.new_game("port-royal", ["Ann", "Bob", "Cid"], {})
        for _ in range(200):
            legal = game.legal_moves()
            if any(m.text.startswith("take admiral") for m in legal):
                return game
            game.play(rng.choice(legal).text)
            if game.finished:
                break
    raise AssertionError("no position with an admiral to take")


def _completions(tracked, typed):
    return [c.text for c in _completer(tracked).get_completions(Document(typed), CompleteEvent(completion_requested=True))]


def test_tab_completes_czech_labels_and_english_texts(db):
    store = Store(db)
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cid"])
    game = _at_take()
    for text in game.moves:
        session.play(store, tracked, text)
    take = next(m for m in tracked.game.legal_moves() if m.text.startswith("take admiral"))
    with i18n.using("cs"):
        said = labels.of(tracked.game, take)
        assert said.startswith("vezmi admirála ")
        assert said in _completions(tracked, "vezmi adm")
        assert said in _completions(tracked, "VEZMI ADMI")           # any case, with or without accents
        assert said in _completions(tracked, "vezmi admira")
        assert take.text in _completions(tracked, "take adm")         # the English notation completes too
        assert "nic" in _completions(tracked, "ni")
        assert f"{take.player} {said}" in _completions(tracked, f"{take.player} vezmi adm")
        assert _preview(tracked.game, said).startswith("→ " + said)
        assert _preview(tracked.game, take.text).startswith("→ " + said)   # the preview names it in Czech
    with i18n.using("en"):
        assert labels.of(tracked.game, take) == take.text
        assert take.text in _completions(tracked, "take adm")
        assert not any("vezmi" in c for c in _completions(tracked, "ta"))


def test_referee_moves_shows_labels_and_json_has_both(db):
    store = Store(db)
    tracked = session.create(store, "port-royal", ["Ann", "Bob", "Cid"])
    game = _at_take()
    for text in game.moves:
        session.play(store, tracked, text)
    runner = CliRunner()
    out = runner.invoke(cli, ["--lang", "cs", "moves", tracked.id, "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)
    take = next(r for r in rows if r["text"].startswith("take admiral"))
    assert take["label"].startswith("vezmi admirála ") and take["player"] and take["chance"] is False
    assert set(take) == {"text", "label", "player", "chance"}
    plain = runner.invoke(cli, ["--lang", "cs", "moves", tracked.id], catch_exceptions=False).stdout
    assert take["label"] in plain and "take admiral" not in plain
    english = json.loads(runner.invoke(cli, ["--lang", "en", "moves", tracked.id, "--json"]).stdout)
    assert all(r["label"] == r["text"] for r in english)
    # the record stays canonical whatever the language
    assert store.read_live(tracked.id)["moves"] == game.moves
