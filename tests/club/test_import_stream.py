"""A referee export is imported game by game (club/formats/jsonstream.py): it must read every file exactly as the
whole-file reader does, refuse the same files with the same sentence (line and column in the whole file),
and a window cut anywhere (a number, a string, an escape split between two reads) changes nothing."""

import json

import pytest

from referee.club.formats import jsonstream
from referee.club.formats.export import export_json
from referee.club.log.importer import parse_json, parse_json_file
from referee.club.log.record import recorded_doc
from referee.core.errors import BadInput


def _export(tmp_path, n=3):
    import referee

    game = referee.new_game("port-royal", ["Ann", "Bob"])
    import random

    r = random.Random(3)
    while not game.finished:
        game.play(r.choice(game.legal_moves()).text)
    from referee.session import archive_doc

    docs = [archive_doc("abc234", game, {"location": "Klub Č"})]
    records = {"abc234": game.to_record(id="abc234", location="Klub Č")}
    from referee.store.ids import ALPHABET

    docs += [dict(recorded_doc("Azul", [("Ann", 10 + i), ("Bob", 7.5)], date=f"2025-01-{i % 28 + 1:02d}"),
                  id="xyz2" + ALPHABET[i // 20] + ALPHABET[i % 20 + 2]) for i in range(n)]
    return export_json(docs, records)


def _both(tmp_path, text):
    """(outcome of the whole-file reader, outcome of the streaming one): docs, records, or the refusal."""
    path = tmp_path / "h.json"
    path.write_text(text, encoding="utf-8")

    def run(f):
        try:
            p = f()
        except BadInput as err:
            return "refused: " + str(err)
        return json.dumps(p.docs, sort_keys=True), {k: p.records[k] for k in p.records}, p.live

    whole = run(lambda: parse_json(text, str(path)))
    streamed = run(lambda: parse_json_file(str(path), str(path)))
    return whole, streamed


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_an_export_reads_the_same_whatever_the_window(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    text = _export(tmp_path).replace('"Klub Č"', '"Klub \\u010c"', 1)     # an escape to cut in two, too
    whole, streamed = _both(tmp_path, text)
    assert not str(whole).startswith("refused") and whole == streamed
    assert "port-royal" in whole[0] and len(whole[1]) == 1
    assert whole[0].count("\"game\": \"Azul\"") == 6     # another title's plays come back in (they were refused): game and result.game


@pytest.mark.parametrize("chunk", [3, 1 << 20])
@pytest.mark.parametrize("change", [
    lambda t: t[:-40],                                        # cut short
    lambda t: t.replace('"total": 10', '"total": NaN', 1),    # not JSON
    lambda t: t.replace('"total": 11', '"total": 1e999', 1),
    lambda t: t.replace('"version": 1', '"version": 9', 1),   # newer
    lambda t: t.replace('"version": 1', '"version": true', 1),
    lambda t: t.replace('"games": [', '"games": [[],', 1),    # a game that is no object
    lambda t: t.replace('"games": [', '"games": 7, "x": [', 1),
    lambda t: t.replace('"id": "xyz225"', '"id": "abc234"', 1),   # twice
    lambda t: t.replace(', "players"', ' "players"', 1),      # a missing comma
    lambda t: t.rstrip() + " []",                             # extra data
    lambda t: t.replace('"games"', '"gam\\u0065s"', 1),       # the key written with an escape
    lambda t: t.replace('"exported_at"', '"in_progress": 3, "exported_at"', 1),
    lambda t: t + "\n\n   ",
])
def test_a_bad_export_is_refused_alike(tmp_path, monkeypatch, change, chunk):
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    whole, streamed = _both(tmp_path, change(_export(tmp_path)))
    assert whole == streamed


def test_a_syntax_error_is_named_by_its_line_and_column_in_the_whole_file(tmp_path, monkeypatch):
    monkeypatch.setattr(jsonstream, "CHUNK", 5)
    text = _export(tmp_path, n=5)
    lines = text.split("\n")
    lines[-4] = lines[-4].replace('"game":', '"game" ', 1)
    whole, streamed = _both(tmp_path, "\n".join(lines))
    assert whole == streamed and f"line {len(lines) - 3}, column" in whole


def test_a_file_that_does_not_start_as_an_export_is_read_whole(tmp_path):
    text = _export(tmp_path)
    data = json.loads(text)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"games": data["games"], "version": 1, "format": "referee-history"}))
    assert parse_json_file(str(path), "odd.json") is None          # format not first: the old reader
    path.write_text(text.replace('"referee-history"', '"referee-history", "format": "other"', 1))
    assert parse_json_file(str(path), "odd.json") is None          # json.loads takes the last: so does import
    assert parse_json_file(str(tmp_path / "missing.json"), "x") is None


def test_the_cli_imports_a_big_export_game_by_game(tmp_path, monkeypatch):
    monkeypatch.setattr(jsonstream, "CHUNK", 64)
    path = tmp_path / "h.json"
    path.write_text(_export(tmp_path, n=40), encoding="utf-8")
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path / "db.json"
    out = CliRunner().invoke(cli, ["--db", str(db), "import", str(path)], catch_exceptions=False)
    assert out.exit_code == 0 and "Imported 41 games" in out.output
    out = CliRunner().invoke(cli, ["--db", str(db), "import", str(path)], catch_exceptions=False)
    assert out.exit_code == 0 and "41 already in the history" in out.output
    from referee.store import Store

    store = Store(db)
    assert "Location: Klub Č" in store.read_record("abc234") and len(store.archived_ids()) == 41


def _tracked_export(n, bad=(), field_bad=()):
    """An export of n tracked Port Royal games (two real games repeated, new ids); the records of the
    games in ``bad`` start with an illegal move, the games in ``field_bad`` a location with a terminal escape."""
    import random

    import referee
    from referee.session import archive_doc
    from referee.store.ids import ALPHABET

    games = []
    for seed in range(2):
        game = referee.new_game("port-royal", ["Ann", "Bob"])
        r = random.Random(seed)
        while not game.finished:
            game.play(r.choice(game.legal_moves()).text)
        games.append(game)
    docs, records = [], {}
    for i in range(n):
        gid = "trk" + ALPHABET[i // 31] + ALPHABET[i % 31] + "2"
        game = games[i % 2]
        doc = archive_doc(gid, game, {})
        doc["date"] = f"2025-{1 + i // 28:02d}-{i % 28 + 1:02d}"     # the export lists games by date
        if i in field_bad:
            doc["location"] = "Klub\x1b[2J"
        docs.append(doc)
        text = game.to_record(id=gid)
        records[gid] = text.replace("\n1. ", "\n1. stop ;", 1) if i in bad else text
    return export_json(docs, records)


@pytest.mark.parametrize("bad, field_bad, named", [
    ((), (), None), ((30,), (), "games[30].record"), ((9, 30), (), "games[9].record"),
    ((30,), (33,), "games[30].record"), ((30,), (12,), "games[12].location"), ((), (31,), "games[31].location"),
])
def test_records_replayed_by_worker_processes_are_refused_in_file_order(tmp_path, monkeypatch, bad, field_bad,
                                                                      named):
    # past INLINE records the replays go to other processes: the refusal is still the first in the file,
    # word for word the one a replay in this process gives
    from referee.club.log.importer import _Native

    path = tmp_path / "h.json"
    path.write_text(_tracked_export(40, bad, field_bad), encoding="utf-8")

    def outcome():
        try:
            parsed = parse_json_file(str(path), "h.json")
        except BadInput as err:
            return str(err)
        return [d["id"] for d in parsed.docs]

    monkeypatch.setattr(_Native, "INLINE", 10 ** 9)
    alone = outcome()
    monkeypatch.setattr(_Native, "INLINE", 2)
    monkeypatch.setattr(_Native, "BATCH", 3)
    shared = outcome()
    assert shared == alone
    if named is None:
        assert len(alone) == 40
    else:
        assert f"h.json: {named}" in alone and "nothing was imported" in alone
        if "record" in named:
            assert "stop" in alone


def test_worker_processes_refuse_in_the_language_of_the_command(tmp_path, monkeypatch):
    from referee.club.log.importer import _Native
    from referee.i18n import using

    path = tmp_path / "h.json"
    path.write_text(_tracked_export(12, bad=(10,)), encoding="utf-8")
    with using("cs"):
        monkeypatch.setattr(_Native, "INLINE", 10 ** 9)
        with pytest.raises(BadInput) as alone:
            parse_json_file(str(path), "h.json")
        monkeypatch.setattr(_Native, "INLINE", 1)
        monkeypatch.setattr(_Native, "BATCH", 2)
        with pytest.raises(BadInput) as shared:
            parse_json_file(str(path), "h.json")
    assert str(shared.value) == str(alone.value)
    assert "Tah 1" in str(alone.value) or "tah 1" in str(alone.value), str(alone.value)
