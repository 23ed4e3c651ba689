"""Two laptops of a synced club hold the same plays stored in another order (each got them in its own
order) and with their fields in another order (a play that came by sync has them sorted): `referee export`
writes the same bytes on both. Plays of one day logged in the same second (an import's all carry its time)
are ordered by their id, not by where each laptop happened to store them."""

import json

from click.testing import CliRunner

from referee.cli import cli
from referee.store import Store

WHEN = "2026-03-01T20:00:00+00:00"


def _play(pid, first, total):
    return {"id": pid, "schema_version": 1, "game": "port-royal", "players": [first, "Bob"], "options": {},
            "date": "2026-03-01", "location": "Klub", "notes": None, "source": "imported", "created": WHEN,
            "finished_at": None, "moves": 0, "has_record": False,
            "result": {"game": "port-royal", "winners": [first],
                       "ranking": [{"player": first, "total": total, "rank": 1, "breakdown": {"score": total},
                                    "tiebreak": None},
                                   {"player": "Bob", "total": 1, "rank": 2, "breakdown": {"score": 1},
                                    "tiebreak": None}]}}


def _shuffled_fields(doc):
    """The same document with its fields (and its ranking entries' fields) in reverse order."""
    out = {k: doc[k] for k in reversed(list(doc))}
    out["result"] = dict(out["result"], ranking=[{k: e[k] for k in reversed(list(e))}
                                                 for e in out["result"]["ranking"]])
    return out


def _export(path, tmp_path, name):
    out = tmp_path / f"{name}.json"
    env = {"REFEREE_DB": str(path), "REFEREE_CONFIG": str(tmp_path / "settings.toml"), "REFEREE_LANG": "en"}
    done = CliRunner().invoke(cli, ["export", str(out)], env=env, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    lines = out.read_bytes().split(b"\n")
    return b"\n".join(line for line in lines if b'"exported_at"' not in line)


def test_two_laptops_with_the_same_plays_write_the_same_export(tmp_path):
    plays = [_play("zz1111", "Ann", 9), _play("aa2222", "Cyril", 7), _play("mm3333", "Dana", 8)]
    a, b = tmp_path / "a" / "history.json", tmp_path / "b" / "history.json"
    Store(a).add_archived([dict(p) for p in plays])
    Store(b).add_archived([_shuffled_fields(p) for p in reversed(plays)])
    first, second = _export(a, tmp_path, "a"), _export(b, tmp_path, "b")
    assert first == second
    order = [line for line in first.split(b"\n") if b'"id": ' in line]
    assert [json.loads(line.strip().rstrip(b","))["id"] for line in order] == ["aa2222", "mm3333", "zz1111"]

