"""Fuzzing the move parsers of every game: random text and near-misses of legal moves never raise
anything but the referee's own errors, and a refused move leaves the game exactly as it was."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import referee
from referee.core.errors import RefereeError
from referee.core.registry import GAMES, get_rules

REAL_GAMES = [g for g in GAMES if g != "toy"]


def positions(game_id: str, count: int = 6, seed: int = 7):
    """Games at several points of a random playout (start, early, middle, late)."""
    rng = random.Random(seed)
    out = []
    rules = get_rules(game_id)
    for n_players in (rules.min_players, rules.max_players):
        game = referee.new_game(game_id, [f"P{i}" for i in range(n_players)])
        for step in range(400):
            if step % 60 == 0:
                out.append(referee.load_record(game.to_record()))
            if game.finished or len(out) >= count:
                break
            game.play(rng.choice(game.legal_moves()).text)
    return out


def near_misses(text: str, rng: random.Random):
    yield text.upper()
    yield text + "x"
    yield text[:-1]
    yield text.replace(" ", "")
    yield " ".join(reversed(text.split()))
    yield text + " " + text
    i = rng.randrange(len(text))
    yield text[:i] + text[i + 1:]
    yield text[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") + text[i:]


def _try(game, text):
    before = (game.view(), game.moves)
    try:
        game.play(text)
    except RefereeError as err:
        assert str(err).strip(), "an error without a sentence"
        assert "\n" not in str(err).strip(), f"more than one line: {err}"
        assert (game.view(), game.moves) == before, f"refused {text!r} but the game changed"
        return False
    return True


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_near_misses_of_legal_moves(game_id):
    rng = random.Random(1)
    for game in positions(game_id):
        legal = game.legal_moves()
        for move in rng.sample(legal, min(len(legal), 8)):
            for text in near_misses(move.text, rng):
                g = referee.load_record(game.to_record())
                _try(g, text)


@pytest.mark.parametrize("game_id", REAL_GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_random_text(game_id, text):
    game = _start(game_id)
    _try(game, text)


_starts = {}


def _start(game_id):
    if game_id not in _starts:
        _starts[game_id] = positions(game_id, count=3)
    return referee.load_record(random.choice(_starts[game_id]).to_record())


WORDS = ["games", "new", "play", "move", "moves", "show", "undo", "score", "repair", "--json", "-p", "-o",
         "-n", "--db", "--template", "port-royal", "puerto-rico", "carcassonne", "el-capitan", "Ann", "Bob",
         "x=1", "-", "0", "-1", "abc", "flip", "stop", "--help"]


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=8)), max_size=7))
def test_cli_never_tracebacks(argv, tmp_path_factory):
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path_factory.mktemp("fuzz") / "h.json"
    result = CliRunner().invoke(cli, ["--db", str(db), *argv], input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{argv!r} raised {result.exception!r}")
    assert result.exit_code in (0, 1, 2), (argv, result.exit_code, result.output)
