import json

import pytest
from click.testing import CliRunner

from referee.store import Store


@pytest.fixture
def store(db, toy):
    return Store(db)


@pytest.fixture
def cli(db, toy):
    """run("record", "toy", ...) -> click Result (stdout/stderr apart), against the isolated store."""
    from referee.cli import cli as referee_cli

    runner = CliRunner()

    def run(*args, input=None):
        return runner.invoke(referee_cli, [str(a) for a in args], input=input, catch_exceptions=False)

    return run


def snapshot(path):
    """Everything the store holds on disk, to prove a refused command changed nothing."""
    out = {}
    base = path.parent
    for p in sorted(base.rglob("*")):
        if p.is_file() and not p.name.endswith(".lock"):
            out[str(p.relative_to(base))] = p.read_bytes()
    return out


def assert_refused(result, *fragments, code=2):
    """Exit code 2, one sentence on stderr naming the problem, nothing on stdout, no traceback."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    err = result.stderr.strip()
    assert err.startswith("referee: ") and "\n" not in err and "Traceback" not in err, err
    assert err.endswith((".", "?")), err
    for f in fragments:
        assert f in err, (f, err)
    assert result.stdout == ""
    return err


def make_doc(gid, date, rows, game="toy", location=None, winners=None, source="recorded", players=None):
    """rows: [(name, total, rank)] best first; winners default: everyone ranked 1."""
    ranking = [{"player": n, "total": t, "rank": r, "breakdown": {"score": t}, "tiebreak": None} for n, t, r in rows]
    return {"schema_version": 1, "id": gid, "game": game, "players": players or [n for n, _, _ in rows],
            "options": {}, "date": date, "location": location, "notes": None, "created": f"{date}T20:00:00+00:00",
            "finished_at": f"{date}T21:00:00+00:00", "source": source, "moves": 0, "has_record": False,
            "result": {"game": game, "ranking": ranking,
                       "winners": winners if winners is not None else [n for n, _, r in rows if r == 1]}}


def play_tracked(store, players=("Ann", "Bob"), moves=("roll 3", "keep"), target=3, location=None, date=None):
    """A finished tracked toy game (3 points end it): returns its id."""
    from referee import session

    t = session.create(store, "toy", list(players), {"target": target}, location=location, date=date)
    for m in moves:
        session.play(store, t, m)
    assert t.game.finished
    return t.id


def out_json(result):
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)
