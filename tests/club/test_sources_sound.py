"""Every source the code writes is a sound source: plays from BG Stats, BGG, a QR text ... are checked by
`repair` as sound, kept by `repair --set-aside`, and the club's JSON export holding them imports whole.
The sources are one list (store/shape.py SOURCES): a test finds every source the code writes."""

import json
import re
from pathlib import Path

import pytest

from referee.store import Store
from referee.store.shape import SOURCES

from .conftest import make_doc, out_json

FILES = Path(__file__).parent / "files"
CODE = Path(__file__).parents[2] / "referee"


def test_every_source_the_code_writes_is_in_the_one_list():
    written = set()
    for path in CODE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        written |= set(re.findall(r"""["']source["']\s*:\s*["']([a-z-]+)["']""", text))
        written |= set(re.findall(r"""\bsource\s*:\s*str\s*=\s*["']([a-z-]+)["']""", text))
    assert {"tracked", "recorded", "imported", "bgstats", "bgg"} <= written
    assert written <= set(SOURCES), written - set(SOURCES)
    # and nowhere else is a list of sources spelled out
    lists = [p for p in CODE.rglob("*.py") if p.name != "shape.py"
             and re.search(r"""\(\s*["']tracked["']\s*,\s*["']recorded["']""", p.read_text(encoding="utf-8"))]
    assert lists == []


@pytest.fixture
def foreign(cli, store, tmp_path):
    """A history of plays from the real BG Stats backup and BGG page of tests/club/files, and a recorded one."""
    for name in ("BGStatsExport.json", "bgg_plays_quirks.xml"):
        assert cli("import", FILES / name).exit_code == 0
    assert cli("record", "toy", "-p", "Ann=3", "-p", "Bob=1", "--date", "2025-01-02").exit_code == 0
    sources = {d["source"] for d in store.archived()}
    assert {"bgstats", "bgg", "recorded"} <= sources
    return store


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_repair_calls_a_history_of_bgstats_and_bgg_plays_sound(cli, foreign, lang):
    n = len(foreign.archived())
    r = cli("--lang", lang, "repair")
    assert r.exit_code == 0, r.stderr
    assert str(n) in r.stdout
    assert ("is sound" if lang == "en" else "v pořádku") in r.stdout, r.stdout


def test_set_aside_keeps_every_play_of_every_source(cli, foreign, db):
    before = {d["id"]: d for d in foreign.archived()}
    r = cli("repair", "--set-aside")
    assert r.exit_code == 0 and "nothing was moved" in r.stdout
    assert {d["id"]: d for d in Store(db).archived()} == before
    assert not list(db.parent.glob("*.games.damaged-*"))


def test_the_json_export_of_such_a_history_imports_whole_and_exports_the_same(cli, foreign, tmp_path):
    path, again = tmp_path / "club.json", tmp_path / "again.json"
    assert cli("export", path).exit_code == 0
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", path, "--json"))
    assert sorted(report["imported"]) == sorted(d["id"] for d in foreign.archived())
    assert cli("--db", target, "export", again).exit_code == 0
    strip = lambda p: {k: v for k, v in json.loads(p.read_text(encoding="utf-8")).items() if k != "exported_at"}
    assert strip(again) == strip(path)


@pytest.mark.parametrize("source", SOURCES)
def test_a_play_of_each_source_is_sound_and_imports(cli, store, tmp_path, source):
    from referee.club.export import export_json
    from referee.store.repair import damaged_finished_games

    doc = make_doc("ab2345", "2025-01-01", [("Ann", 3, 1), ("Bob", 1, 2)], source=source)
    assert damaged_finished_games(store, [doc]) == []
    path = tmp_path / "one.json"
    path.write_text(export_json([doc], {}), encoding="utf-8")
    assert out_json(cli("import", path, "--json"))["imported"] == ["ab2345"]


def test_an_unknown_source_is_still_refused_naming_the_sources(cli, store, tmp_path):
    from referee.club.export import export_json

    doc = make_doc("ab2345", "2025-01-01", [("Ann", 3, 1), ("Bob", 1, 2)], source="telepathy")
    path = tmp_path / "one.json"
    path.write_text(export_json([doc], {}), encoding="utf-8")
    r = cli("import", path)
    assert r.exit_code == 2 and "bgstats" in r.stderr and "telepathy" in r.stderr
