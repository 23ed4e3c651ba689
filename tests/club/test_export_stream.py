"""The JSON export written as it is read (club/formats/export_stream.py) is byte for byte what export_json writes from
every document at once: tracked games with their move records, recorded ones, games in progress, hidden
characters escaped, filters; and it never holds every document (it reads them one shard at a time)."""

import json

import pytest

from referee import session
from referee.club.formats.export import export_json
from referee.club.formats.export_stream import json_lines, write_json
from referee.club.log.history import Filters, select
from referee.store import Store


@pytest.fixture
def store(db, toy):
    store = Store(db)
    for i in range(30):
        t = session.create(store, "toy", ["Ann", "Bob\u200bX" if i == 3 else "Bob"], {"target": 1},
                           location="Club\x1b[2J" if i == 5 else "Klub Řehoř")
        session.play(store, t, "roll 1")
        session.play(store, t, "keep")
    store.add_archived([{"game": "toy", "players": ["Cyril", "Dana"], "source": "recorded", "date": "2024-05-01",
                         "result": {"game": "toy", "winners": ["Dana"],
                                    "ranking": [{"player": "Dana", "total": 5, "rank": 1},
                                                {"player": "Cyril", "total": 2, "rank": 2}]}}])
    playing = session.create(store, "toy", ["Eve", "Fay"], {"target": 5})
    session.play(store, playing, "roll 1")
    return store


def _at_once(store, docs, live):
    return export_json(docs, {d["id"]: store.read_record(d["id"]) for d in docs if d.get("has_record")},
                       exported_at="2026-01-01T00:00:00+00:00", live=live)


def test_the_streamed_export_is_byte_for_byte_the_export_of_every_document(store, tmp_path):
    docs = store.archived()
    live = store.live_docs()
    streamed = "\n".join(json_lines(store, store.archived_summaries(), live, "2026-01-01T00:00:00+00:00")) + "\n"
    assert streamed == _at_once(store, docs, live)
    data = json.loads(streamed)
    assert len(data["games"]) == 31 and data["in_progress"][0]["players"] == ["Eve", "Fay"]
    assert sum(1 for g in data["games"] if g["record"]) == 30
    assert "\x1b" not in streamed and "\\u001b" in streamed


def test_a_selection_and_an_empty_one_stream_as_they_export(store):
    summaries = store.archived_summaries()
    some = select(summaries, Filters(player="Cyril"), newest_first=False)
    docs = select(store.archived(), Filters(player="Cyril"), newest_first=False)
    assert len(some) == 1
    at = "2026-01-01T00:00:00+00:00"
    assert "\n".join(json_lines(store, some, (), at)) + "\n" == _at_once(store, docs, ())
    assert "\n".join(json_lines(store, [], (), at)) + "\n" == _at_once(store, [], ())
    assert "\n".join(json_lines(store, [], store.live_docs(), at)) + "\n" == _at_once(store, [], store.live_docs())


def test_the_export_reads_no_more_than_one_shard_at_a_time(store, tmp_path, monkeypatch):
    monkeypatch.setattr(Store, "archived", lambda self: pytest.fail("the export read every game at once"))
    seen = []
    real = Store.archived_by_shard

    def one_by_one(self):
        for docs in real(self):
            seen.append(len(docs))
            yield docs

    monkeypatch.setattr(Store, "archived_by_shard", one_by_one)
    write_json(store, store.archived_summaries(), tmp_path / "out.json", store.live_docs())
    assert len(json.loads((tmp_path / "out.json").read_text())["games"]) == 31
    assert len(seen) > 1 and max(seen) < 31


def test_the_cli_export_streams_to_a_file_and_to_stdout(store, tmp_path):
    from click.testing import CliRunner

    from referee.cli import cli

    out = tmp_path / "club.json"
    r = CliRunner().invoke(cli, ["export", str(out)])
    assert r.exit_code == 0 and "Exported 31 games" in r.stderr
    piped = CliRunner().invoke(cli, ["export", "-"])
    assert piped.exit_code == 0
    stamp = lambda data: {**data, "exported_at": None}     # the two exports may fall in two seconds
    assert stamp(json.loads(piped.stdout)) == stamp(json.loads(out.read_text()))


@pytest.mark.parametrize("excel", [False, True])
def test_the_streamed_csv_is_byte_for_byte_the_csv_of_every_document(store, tmp_path, excel):
    from click.testing import CliRunner

    from referee.cli import cli
    from referee.club.formats.export import export_csv
    from referee.club.formats.export_stream import csv_chunks

    assert "".join(csv_chunks(store, store.archived_summaries(), excel)) == export_csv(store.archived(), excel)
    out = tmp_path / "club.csv"
    r = CliRunner().invoke(cli, ["export", str(out), "--player", "Cyril"] + (["--excel"] if excel else []))
    assert r.exit_code == 0 and "Exported 1 game" in r.stderr
    only = select(store.archived(), Filters(player="Cyril"), newest_first=False)
    assert out.read_bytes() == export_csv(only, excel).encode("utf-8")


def test_the_csv_to_stdout_streams_the_same_bytes(store):
    from click.testing import CliRunner

    from referee.cli import cli
    from referee.club.formats.export import export_csv

    import click

    r = CliRunner().invoke(cli, ["export", "-", "--format", "csv"])
    assert r.exit_code == 0 and r.stdout == click.unstyle(export_csv(store.archived()))   # as click.echo writes it
