"""Every source the code writes is a sound source: plays from BG Stats, BGG, a QR text ... are checked by
`repair` as sound, kept by `repair --set-aside`, and the club's JSON export holding them imports whole.
The sources are one list (store/shape.py SOURCES): a test finds every source the code writes."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

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
    from referee.club.formats.export import export_json
    from referee.club.log.repair import damaged_finished_games

    doc = make_doc("ab2345", "2025-01-01", [("Ann", 3, 1), ("Bob", 1, 2)], source=source)
    assert damaged_finished_games(store, [doc]) == []
    path = tmp_path / "one.json"
    path.write_text(export_json([doc], {}), encoding="utf-8")
    assert out_json(cli("import", path, "--json"))["imported"] == ["ab2345"]


def test_an_unknown_source_is_still_refused_naming_the_sources(cli, store, tmp_path):
    from referee.club.formats.export import export_json

    doc = make_doc("ab2345", "2025-01-01", [("Ann", 3, 1), ("Bob", 1, 2)], source="telepathy")
    path = tmp_path / "one.json"
    path.write_text(export_json([doc], {}), encoding="utf-8")
    r = cli("import", path)
    assert r.exit_code == 2 and "bgstats" in r.stderr and "telepathy" in r.stderr


# --- any play a BG Stats backup can hold, imported, is sound --------------------------------------------------
_NAMES = ["Petr", "Jana", "Řehoř Čech", "Greg", "Ann", "Bob", "Cal", "Dan", "Eva", "Fred", "Gus", "Hana", "Ivo",
          "Jiří", "Karel", "Lída", "Marek", "Nora", "Olga", "Pavel", "Quido", "Radka", "Sára", "Tom", "Uršula"]


@st.composite
def bgstats_backups(draw):
    games = [{"id": 1, "name": "Golf", "bggId": 0, "cooperative": False, "highestWins": False, "noPoints": False},
             {"id": 2, "name": "Codenames", "bggId": 178900, "cooperative": False, "highestWins": True,
              "noPoints": True, "usesTeams": True},
             {"id": 3, "name": "Pandemic", "bggId": 30549, "cooperative": True, "highestWins": True,
              "noPoints": False},
             {"id": 4, "name": "Carcassonne", "bggId": 822, "cooperative": False, "highestWins": True,
              "noPoints": False},
             {"id": 5, "name": "Werewolf", "bggId": 925, "cooperative": False, "highestWins": True,
              "noPoints": True}]
    players = [{"id": i + 1, "name": n, "isAnonymous": False, "uuid": f"p{i}"} for i, n in enumerate(_NAMES)]
    plays = []
    for k in range(draw(st.integers(1, 6))):
        g = draw(st.sampled_from(games))
        n = draw(st.integers(1, 25 if g["name"] == "Werewolf" else 5))
        who = draw(st.permutations(range(1, len(_NAMES) + 1)))[:n]
        scores = []
        for seat, ref in enumerate(who):
            score = {"playerRefId": ref, "winner": draw(st.booleans()), "seatOrder": seat,
                     "startPlayer": seat == 0, "newPlayer": draw(st.booleans()),
                     "score": "" if g["noPoints"] else str(draw(st.integers(-5 if g["id"] == 1 else 0, 99)))}
            if draw(st.booleans()):
                score["rank"] = draw(st.integers(0, n + 1))
            if g.get("usesTeams"):
                score["team"] = draw(st.sampled_from(["Červení", "Modří"]))
            scores.append(score)
        plays.append({"uuid": f"u-{k}-{draw(st.integers(0, 10 ** 6))}", "gameRefId": g["id"],
                      "playDate": f"2024-0{draw(st.integers(1, 9))}-1{draw(st.integers(0, 9))} 19:30:00",
                      "durationMin": draw(st.sampled_from([0, 30, 95])), "ignored": draw(st.booleans()),
                      "usesTeams": bool(g.get("usesTeams")), "comments": draw(st.sampled_from(["", "s kupci"])),
                      "bggId": draw(st.sampled_from([0, 81234599 + k])), "playerScores": scores})
    return {"userInfo": {"meRefId": 1}, "games": games, "players": players, "locations": [], "plays": plays}


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(bgstats_backups())
def test_any_play_a_bg_stats_backup_holds_is_sound_once_imported(tmp_path_factory, backup):
    from click.testing import CliRunner

    from referee.cli import cli as referee_cli

    base = tmp_path_factory.mktemp("bgstats")
    runner = CliRunner()

    def run(*args, db=base / "history.json"):
        r = runner.invoke(referee_cli, ["--db", str(db), *map(str, args)], catch_exceptions=False)
        assert "Traceback" not in r.stderr
        return r

    path = base / "BGStatsExport.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    r = run("import", path, "--json")
    assert r.exit_code == 0, r.stderr
    if not json.loads(r.stdout)["imported"]:
        return
    repaired = run("repair")
    assert repaired.exit_code == 0, repaired.stderr             # no play it took is called damaged
    export, again = base / "club.json", base / "again.json"
    assert run("export", export).exit_code == 0
    assert run("import", export, db=base / "copy.json").exit_code == 0
    assert run("export", again, db=base / "copy.json").exit_code == 0
    strip = lambda p: {k: v for k, v in json.loads(p.read_text(encoding="utf-8")).items() if k != "exported_at"}
    assert strip(again) == strip(export)
    for ext in ("csv", "xml"):          # its CSV and BGG XML import whole too (what they carry is checked in
        out = base / f"club.{ext}"      # test_roundtrip_property.py)
        assert run("export", out).exit_code == 0
        r = run("import", out, "--json", db=base / f"copy-{ext}.json")
        assert r.exit_code == 0, (ext, r.stderr)
        assert json.loads(r.stdout)["skipped"] == [], ext


@st.composite
def bgg_pages(draw):
    from xml.sax.saxutils import quoteattr

    plays = []
    for k in range(draw(st.integers(1, 5))):
        game = draw(st.sampled_from([("Carcassonne", 822), ("Werewolf", 925), ("Golf", 0), ("Port Royal", 156009)]))
        n = draw(st.integers(2, 22 if game[0] == "Werewolf" else 4))
        names = draw(st.permutations(_NAMES))[:n]
        scored = draw(st.booleans())
        players = []
        for seat, name in enumerate(names, 1):
            attrs = {"username": "", "userid": "0", "name": name,
                     "startposition": str(seat) if draw(st.booleans()) else "", "color": "",
                     "score": str(draw(st.integers(0, 99))) if scored else "", "new": "0", "rating": "0",
                     "win": "1" if draw(st.booleans()) else "0"}
            players.append("<player " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items()) + "/>")
        pid = draw(st.sampled_from([str(81234500 + k), ""]))
        plays.append(f'<play {"id=" + quoteattr(pid) if pid else ""} date="2024-03-{10 + k}" quantity="1" '
                     f'length="{draw(st.sampled_from([0, 45]))}" incomplete="0" nowinstats="0" location="">'
                     f'<item name={quoteattr(game[0])} objecttype="thing" objectid="{game[1]}"/>'
                     f'<players>{"".join(players)}</players></play>')
    return ('<?xml version="1.0" encoding="utf-8"?><plays username="klub" userid="1" total="9" page="1">'
            + "".join(plays) + "</plays>")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(bgg_pages())
def test_any_play_a_bgg_page_holds_is_sound_once_imported(tmp_path_factory, page):
    from click.testing import CliRunner

    from referee.cli import cli as referee_cli

    base = tmp_path_factory.mktemp("bgg")
    runner = CliRunner()

    def run(*args, db=base / "history.json"):
        r = runner.invoke(referee_cli, ["--db", str(db), *map(str, args)], catch_exceptions=False)
        assert "Traceback" not in r.stderr
        return r

    path = base / "plays.xml"
    path.write_text(page, encoding="utf-8")
    r = run("import", path, "--json")
    assert r.exit_code == 0, r.stderr
    if not json.loads(r.stdout)["imported"]:
        return
    assert run("repair").exit_code == 0
    export, again = base / "club.json", base / "again.json"
    assert run("export", export).exit_code == 0
    assert run("import", export, db=base / "copy.json").exit_code == 0
    assert run("export", again, db=base / "copy.json").exit_code == 0
    strip = lambda p: {k: v for k, v in json.loads(p.read_text(encoding="utf-8")).items() if k != "exported_at"}
    assert strip(again) == strip(export)
    for ext in ("csv", "xml"):
        out = base / f"club.{ext}"
        assert run("export", out).exit_code == 0
        r = run("import", out, "--json", db=base / f"copy-{ext}.json")
        assert r.exit_code == 0, (ext, r.stderr)
        assert json.loads(r.stdout)["skipped"] == [], ext
