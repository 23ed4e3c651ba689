"""A shape fuzzer over the history store and a game file (issue 12 finding 9): any JSON at any place in
them gives exit 0, 1 or 2 and one sentence from every reading command and from `repair` in all its forms,
never exit 3 or a traceback; and `repair --set-aside` leaves a store every command can read."""

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee import session
from referee.cli import main
from referee.store import Store, livelog

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10 ** 30, max_value=10 ** 30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)

# Keys a referee document has, so the fuzzer hits the fields the code reads, not only unknown ones.
KEYS = ["id", "game", "players", "options", "date", "location", "notes", "result", "ranking", "winners", "player",
        "total", "rank", "breakdown", "tiebreak", "moves", "schema_version", "source", "has_record", "duration",
        "finished_at", "created", "kind", "played_seconds", "games", "_meta", "1", "2"]


def _paths(value, path=()):
    """Every place in a JSON value (as a path of keys/indexes), the root included."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    value = json.loads(json.dumps(value))
    target = value
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return value


def _add(value, path, key, new):
    value = json.loads(json.dumps(value))
    target = value
    for k in path:
        target = target[k]
    if isinstance(target, dict):
        target[key] = new
    return value


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """A store with a finished tracked game, a recorded one and a game in progress, built once."""
    from tests.core.toy import install

    install()
    folder = tmp_path_factory.mktemp("sample")
    store = Store(folder / "history.json")
    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 2}, location="Club")
    session.play(store, t, "roll 2")
    session.play(store, t, "keep")
    store.add_archived([{"game": "toy", "players": ["Cy", "Di"], "date": "2024-05-01", "source": "recorded",
                         "has_record": False,
                         "result": {"game": "toy", "winners": ["Cy"], "ranking": [
                             {"player": "Cy", "total": 5, "rank": 1, "breakdown": {"points": 5}, "tiebreak": None},
                             {"player": "Di", "total": 3, "rank": 2, "breakdown": {"points": 3}, "tiebreak": None}]}}])
    live = session.create(store, "toy", ["Ann", "Bob"], {"target": 5})
    session.play(store, live, "roll 1")
    return folder, t.id, live.id


def _referee(db, *args):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(["--db", str(db), *args])
            code = 0
        except SystemExit as done:
            code = 0 if done.code is None else done.code
    return code, out.getvalue(), err.getvalue()


def _check(code, out, err, args):
    assert code in (0, 1, 2), f"referee {' '.join(args)}: exit {code}: {err}"
    assert "Traceback" not in err and "internal error" not in err, f"referee {' '.join(args)}: {err}"
    if code:
        assert err.startswith("referee: ") and err.strip(), f"referee {' '.join(args)}: no sentence"


def _commands(finished, live):
    return [["history"], ["history", "--json"], ["history", "--unfinished"], ["stats"], ["stats", "--json"],
            ["show", finished], ["show", live], ["show", live, "--json"], ["export", "-"],
            ["record", "toy", "-p", "Ann=3", "-p", "Bob=1"], ["repair"]]


def _run_all(folder, finished, live):
    db = folder / "history.json"
    for args in _commands(finished, live):
        _check(*_referee(db, *args), args)
    for args in (["repair", "--set-aside"], ["repair", "--restore"], ["repair", "--reset"]):
        work = folder.with_name(folder.name + "-" + args[-1].lstrip("-"))
        shutil.copytree(folder, work)
        code, out, err = _referee(work / "history.json", *args)
        _check(code, out, err, args)
        if args[-1] == "--set-aside" and code == 0:
            # the way out works: after it, every command reads the store (0, or a refusal of its own)
            for again in _commands(finished, live):
                code, out, err = _referee(work / "history.json", *again)
                _check(code, out, err, again)
                assert "repair" not in err or again[0] in ("show", "repair"), f"{again}: still damaged: {err}"
        shutil.rmtree(work)


def _store_files(folder):
    """The store's JSON files: its root (history.json) and every shard of finished games."""
    return [folder / "history.json"] + sorted(p for p in (folder / "history.json.d").glob("*.json")
                                              if not p.name.endswith(".sum.json"))


def _mutated(tmp_path, sample, which, data):
    folder, finished, live = sample
    work = tmp_path / "store"
    shutil.copytree(folder, work)
    if which == "store":
        path = data.draw(st.sampled_from(_store_files(work)), label="file")
        value = json.loads(path.read_text())
    else:   # the document with its appended move lines folded in: the compacted form of the same game
        path = work / "history.json.live" / f"{live}.json"
        value = livelog.decode(path.read_bytes())[0]
    places = list(_paths(value))
    place = data.draw(st.sampled_from(places), label="place")
    if data.draw(st.booleans(), label="add a key"):
        value = _add(value, place, data.draw(st.sampled_from(KEYS), label="key"), data.draw(JSON, label="value"))
    else:
        value = _replace(value, place, data.draw(JSON, label="value"))
    path.write_text(json.dumps(value))
    return work, finished, live


@pytest.mark.parametrize("which", ["store", "game file"])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_json_shape_gives_a_sentence_never_a_crash(tmp_path_factory, sample, which, data):
    tmp_path = tmp_path_factory.mktemp("fuzz")
    _run_all(*_mutated(tmp_path, sample, which, data))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_fast_shape_check_never_passes_what_the_full_check_refuses(sample, data):
    """Every read of the history checks each game with a fast test; the full check (which names what is wrong)
    must refuse nothing the fast one lets through."""
    from referee.store.shape import _looks_sound, why_damaged

    folder, finished, live = sample
    games = [d for p in _store_files(folder)[1:] for d in json.loads(p.read_text())["games"].values()]
    doc = data.draw(st.sampled_from(games), label="game")
    place = data.draw(st.sampled_from(list(_paths(doc))), label="place")
    if data.draw(st.booleans(), label="add a key"):
        doc = _add(doc, place, data.draw(st.sampled_from(KEYS), label="key"), data.draw(JSON, label="value"))
    else:
        doc = _replace(doc, place, data.draw(JSON, label="value"))
    if isinstance(doc, dict) and _looks_sound(doc):
        assert why_damaged(doc) is None


@pytest.mark.slow
@pytest.mark.parametrize("which", ["store", "game file"])
@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_json_shape_many_more(tmp_path_factory, sample, which, data):
    """The same proof at the scale of the audit that found 92 crashes in 10,200 runs (`pytest -m slow`)."""
    tmp_path = tmp_path_factory.mktemp("fuzz")
    _run_all(*_mutated(tmp_path, sample, which, data))
