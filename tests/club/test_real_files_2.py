"""Real files, second round: what BGG client libraries' fixtures and real BG Stats backups carry and the
first importers refused or misread. Each trait has its own small fixture in files/ (written here, in the
shapes those files have): an XML comment after the declaration, a byte-order mark, several <plays> pages
one after another, plays with win flags and no scores, quantity 0, a text seatOrder, a 400-digit
durationMin, scores as texts, winner flags that contradict the ranks. Through the CLI, in English and
Czech: what is imported, and each skip's reason."""

import json

import pytest

from referee.club.formats import bgg
from referee.store import Store

from .conftest import assert_refused, out_json, snapshot

FILES = __import__("pathlib").Path(__file__).parent / "files"
PAGES = FILES / "bgg_pages_comments_bom.xml"
ODD = FILES / "bgstats_odd_fields.json"


def consistent(result) -> None:
    """What every stored result must be: winners exactly the players ranked 1 (a co-op: all or none),
    competition ranks in order (1, 1, 3), a total that is a number."""
    ranking = result["ranking"]
    ranks = [e["rank"] for e in ranking]
    assert ranks == sorted(ranks) and ranks[0] == 1, ranks
    for pos, e in enumerate(ranking, 1):
        assert e["rank"] == pos or e["rank"] == ranking[pos - 2]["rank"], ranks
        assert isinstance(e["total"], int) and not isinstance(e["total"], bool)
    if result.get("cooperative"):
        assert result["winners"] == ([e["player"] for e in ranking] if result["won"] else [])
    else:
        assert result["winners"] == [e["player"] for e in ranking if e["rank"] == 1 and e.get("eligible", True)]


# --- BGG ------------------------------------------------------------------------------------------
def test_bgg_pages_with_comments_a_bom_and_win_flags_import_with_each_reason(cli, store):
    report = out_json(cli("import", PAGES, "--json"))
    assert len(report["imported"]) == 3
    reasons = sorted((s["reason"], s["detail"]) for s in report["skipped"])
    assert reasons == [("neither scores nor a winner", ""),           # Hanabi: no score, nobody flagged
                       ("several plays logged as one (quantity > 1)", "quantity 3"),  # once, though on 2 pages
                       ("the number of plays (quantity) is not a number", "quantity 'x'")]
    assert [(d["reason"], d["detail"]) for d in report["dropped"]] == [
        ("a length that cannot be true was left out", "length '99999'")]
    docs = {store.get_archived(g)["bgg_play_id"]: store.get_archived(g) for g in report["imported"]}
    flags = docs["92000001"]            # Port Royal, win flags and no scores: imported, no score made up
    assert flags["game"] == "port-royal" and flags["result"]["winners"] == ["Jana"]
    assert flags["result"]["no_points"] is True
    assert [(e["player"], e["rank"], e["total"], e["breakdown"]) for e in flags["result"]["ranking"]] == [
        ("Jana", 1, 0, {}), ("Petr", 2, 0, {}), ("Řehoř", 2, 0, {})]
    assert flags["players"] == ["Petr", "Jana", "Řehoř"] and flags["duration"] == 40
    zero = docs["92000002"]             # quantity="0": one play, as BGG lists it
    assert zero["result"]["winners"] == ["Petr"] and zero["result"]["ranking"][0]["total"] == 12
    azul = docs["92000004"]             # second page, after a BOM; CDATA and &amp; read as text
    assert azul["title"] == "Azul" and azul["notes"] == "Hra & pivo <b>ne tučně</b>" and azul["duration"] is None
    assert {d["bgg_user"]["username"] for d in docs.values()} == {"klub_ostrava"}
    for doc in docs.values():
        consistent(doc["result"])
    assert out_json(cli("stats", "--json"))["games"] == 3


def test_bgg_reasons_in_czech(cli, store):
    r = cli("--lang", "cs", "import", PAGES)
    assert r.exit_code == 0, r.stderr
    assert "ani body, ani vítěz" in r.stdout
    assert "více partií zapsaných jako jedna (quantity > 1)" in r.stdout
    assert "počet partií (quantity) není číslo" in r.stdout
    assert "V 1 importované partii: délka, která nemůže být pravdivá, byla vynechána" in r.stdout
    en = cli("import", PAGES, "--dry-run", "--verbose")
    assert "Skipped 1 play: neither scores nor a winner." in en.stdout and "Hanabi (2024-04-20, " in en.stdout
    assert "In 1 imported play: a length that cannot be true was left out." in en.stdout


def test_the_parser_reads_the_same_plays_whatever_the_chunks(monkeypatch):
    """expat is fed CHUNK bytes at a time: a page, a comment or a BOM cut anywhere reads the same."""
    text = PAGES.read_text(encoding="utf-8")
    whole = [(u, p.attrib["id"], p.line, p.find("comments").text if p.find("comments") else None)
             for u, p in bgg.read_plays(text, "f.xml")]
    for size in (1, 7, 64, 1000):
        monkeypatch.setattr(bgg, "CHUNK", size)
        assert [(u, p.attrib["id"], p.line, p.find("comments").text if p.find("comments") else None)
                for u, p in bgg.read_plays(text, "f.xml")] == whole
    assert [w[1] for w in whole] == ["92000001", "92000002", "92000003", "92000003", "92000004", "92000005",
                                     "92000006"]
    assert [w[2] for w in whole][-1] == 79          # line numbers count from the top of the file


@pytest.mark.parametrize("text, fragment", [
    # billion laughs: refused at the first declaration, nothing expanded
    ('<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
     '<plays><play id="1"><players><player name="&b;" score="1"/></players></play></plays>', "declares entities"),
    ('<plays><play id="1"></play></plays>\ngarbage after the page', "not well-formed"),
    ('<?xml version="1.0"?>\n<!-- only a comment -->\n', "not well-formed"),
    ('<items><item id="1"/></items>', "not <plays>"),
    ("<plays><play></plays>", "line 1"),
])
def test_files_that_are_no_play_pages_are_refused_whole(cli, store, text, fragment, tmp_path):
    path = tmp_path / "plays.xml"
    path.write_text(text, encoding="utf-8")
    cli("record", "toy", "-p", "Ann=3", "-p", "Bob=1")
    before = snapshot(store.path)
    assert_refused(cli("import", path), fragment, "nothing was imported")
    assert snapshot(store.path) == before


def test_pages_saved_again_read_each_play_once(cli, store, tmp_path):
    page = PAGES.read_text(encoding="utf-8").split("\ufeff")[1]
    path = tmp_path / "three.xml"
    path.write_text(page + page + page.replace('score="12"', 'score="twelve"', 1), encoding="utf-8")
    report = out_json(cli("import", path, "--json", "--dry-run"))
    # the second and third pages hold the first page's plays (same BGG ids): the first reading counts
    assert [s["reason"] for s in report["skipped"]] == ["several plays logged as one (quantity > 1)"]
    assert len(report["imported"]) == 2


# --- BG Stats ---------------------------------------------------------------------------------------
def test_bg_stats_fields_of_any_json_type(cli, store):
    report = out_json(cli("import", ODD, "--json"))
    skipped = sorted((s["reason"], s["play"].split(",")[0]) for s in report["skipped"])
    assert skipped == [("a score is not a number or arithmetic", "Azul (2024-06-06"),     # a list
                       ("a score is not a whole number", "Azul (2024-06-08"),            # 17.5
                       ("a winner flag is neither true nor false", "Azul (2024-06-07"),  # "maybe"
                       ("no players", "Azul (2024-06-13"),                               # a dict of scores
                       ("the play names no game of the backup", "? (2024-06-10")]       # gameRefId [1]
    dropped = sorted((d["reason"], d["play"].split(",")[0]) for d in report["dropped"])
    assert dropped == [("a length that cannot be true was left out", "Azul (2024-06-02"),    # 400 digits
                       ("a length that cannot be true was left out", "Azul (2024-06-11"),    # 1e400
                       ("a length that cannot be true was left out", "Hanabi (2024-06-14"),  # -5
                       ("comments that are not a text were left out", "Azul (2024-06-11")]
    plays = {store.get_archived(g)["bgstats_uuid"]: store.get_archived(g) for g in report["imported"]}
    assert sorted(plays) == ["odd-01", "odd-02", "odd-03", "odd-04", "odd-05", "odd-09", "odd-11", "odd-12",
                             "odd-14"]
    for doc in plays.values():
        consistent(doc["result"])
        assert doc["duration"] is None or 0 < doc["duration"] <= 10080
    ranks = {u: [(e["player"], e["rank"]) for e in d["result"]["ranking"]] for u, d in plays.items()}
    # a text seatOrder: the seats that are numbers order the players; the play is not called seated
    assert plays["odd-01"]["players"][:2] == ["Jana", "Petr"] and plays["odd-01"]["seating"] is False
    # a tie broken by BG Stats' winner flag: the flagged player alone is first
    assert ranks["odd-01"] == [("Jana", 1), ("Petr", 2), ("Řehoř Čech", 3)]
    assert plays["odd-02"]["duration"] is None and plays["odd-03"]["duration"] == 45   # "45" is 45 minutes
    assert ranks["odd-03"] == [("Jana", 1), ("Petr", 2)]          # scores as texts: " 19 " and "15"
    # no rank 1 and no winner in the backup (ranks 2, 3, 3 of a game without points): ranks close up
    assert ranks["odd-04"] == [("Petr", 1), ("Jana", 2), ("Řehoř Čech", 2)]
    assert plays["odd-04"]["result"]["no_points"] is True
    # a winner at rank 2 in the backup, with the lower score: the club's flag wins, the ranks follow it
    assert ranks["odd-05"] == [("Petr", 1), ("Jana", 2)] and plays["odd-05"]["result"]["winners"] == ["Petr"]
    assert plays["odd-09"]["players"] == ["42", "Jana"] and "no_stats" not in plays["odd-09"]   # "false"
    assert ranks["odd-12"] == [("Jana", 1), ("Petr", 2)] and plays["odd-12"]["result"]["lowest_wins"] is True
    coop = plays["odd-14"]["result"]
    assert coop["cooperative"] and coop["won"] and coop["no_points"]
    for command in (("stats", "--json"), ("history", "--json"), ("stats", "--game", "Azul", "--json")):
        out_json(cli(*command))         # every reader takes what was stored


def test_bg_stats_reasons_in_czech(cli, store):
    r = cli("--lang", "cs", "import", ODD)
    assert r.exit_code == 0, r.stderr
    for text in ("příznak vítěze není ani true, ani false", "body nejsou celé číslo",
                 "délka, která nemůže být pravdivá, byla vynechána", "poznámky, které nejsou text, byly vynechány"):
        assert text in r.stdout, (text, r.stdout)


def test_a_number_longer_than_python_reads_is_one_sentence(cli, store, tmp_path):
    data = json.loads(ODD.read_text(encoding="utf-8"))
    text = json.dumps(data).replace('"durationMin": 35', '"durationMin": ' + "9" * 5000)
    path = tmp_path / "BGStatsExport.json"
    path.write_text(text, encoding="utf-8")
    before = snapshot(store.path)
    assert_refused(cli("import", path), "too long", "nothing was imported")
    assert snapshot(store.path) == before


# --- QR -----------------------------------------------------------------------------------------------
def _through_qr(cli, store, gid, tmp_path):
    text = cli("qr", gid, "--text").stdout.strip()
    other = tmp_path / "other.json"
    report = out_json(cli("--db", other, "import", "--qr-text", text, "--json"))
    assert report["imported"] == [gid], report
    return text, store.get_archived(gid), Store(other).get_archived(gid)


def test_qr_of_another_title_with_teams(cli, store, tmp_path):
    gid = out_json(cli("record", "Ticket to Ride", "-p", "Ann=10", "-p", "Bob=8", "-p", "Cal=7", "-p", "Dan=3",
                       "--team", "Red=Ann,Dan", "--team", "Blue Sky=Bob,Cal", "--json"))["id"]
    text, here, there = _through_qr(cli, store, gid, tmp_path)
    assert text.splitlines()[0] == "referee result v2" and "game: Ticket to Ride" in text
    assert "[Blue Sky]" in text
    assert there["result"]["ranking"] == here["result"]["ranking"] and there["teams"] == here["teams"]
    assert there["result"]["winners"] == here["result"]["winners"] == ["Bob", "Cal"]       # 15 against 13
    assert there["title"] == "Ticket to Ride"


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_qr_of_a_cooperative_play(cli, store, tmp_path, outcome):
    gid = out_json(cli("record", "Pandemic", "-p", "Ann", "-p", "Bob", "--coop", outcome, "--json"))["id"]
    text, here, there = _through_qr(cli, store, gid, tmp_path)
    assert f"coop: {outcome}" in text
    for key in ("cooperative", "won", "winners", "ranking"):
        assert there["result"][key] == here["result"][key], key


def test_qr_of_lowest_wins_and_of_a_play_without_points(cli, store, tmp_path):
    report = out_json(cli("import", ODD, "--json"))
    plays = {store.get_archived(g)["bgstats_uuid"]: g for g in report["imported"]}
    text, here, there = _through_qr(cli, store, plays["odd-12"], tmp_path)
    assert "wins: lowest" in text and "1. Jana 38 *" in text
    assert there["result"]["lowest_wins"] is True and there["result"]["ranking"] == here["result"]["ranking"]
    text, here, there = _through_qr(cli, store, plays["odd-04"], tmp_path)
    assert "1. Petr - *" in text and "2. Jana -" in text
    assert there["result"]["no_points"] is True and there["result"]["ranking"] == here["result"]["ranking"]


def test_a_plain_result_is_still_written_and_read_as_version_1(cli, store, tmp_path):
    gid = out_json(cli("record", "toy", "-p", "Ann=10", "-p", "Bob=8", "--json"))["id"]
    text, here, there = _through_qr(cli, store, gid, tmp_path)
    assert text.splitlines()[0] == "referee result v1" and there["result"] == here["result"]


@pytest.mark.parametrize("lines, fragment", [
    ("coop: maybe\n1. Ann 3 *", "coop: won"),
    ("coop: won\n1. Ann 3 *\n1. Bob 2", "cooperative play"),
    ("wins: most\n1. Ann 3 *", "wins: lowest"),
    ("1. Ann - *\n2. Bob 3", "no score"),
])
def test_qr_v2_mistakes_are_named(cli, store, lines, fragment):
    text = "referee result v2\nid: abc234\ngame: Pandemic\ndate: 2025-01-01\n" + lines
    assert_refused(cli("import", "--qr-text", text), fragment, "nothing was imported")
    cs = cli("--lang", "cs", "import", "--qr-text", "referee result v2\nid: abc234\ngame: Pandemic\n"
             "date: 2025-01-01\nwins: most\n1. Ann 3 *")
    assert cs.exit_code == 2 and "text QR kódu, řádek 5: wins je" in cs.stderr


def test_the_bgg_parse_benchmark_runs(tmp_path):
    """benchmarks/bench_bgg_parse.py still runs (its numbers are in benchmarks/README.md); tiny sizes."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_bgg_parse.py"), "--sizes", "0.02",
                           "--runs", "1"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == ["plays", "notes"]


def test_any_json_value_in_any_field_of_a_backup_is_read_or_skipped():
    """Every field of the two fixture backups replaced by values of other JSON types (seeded): no exception
    but a skip, and every play read has a sound shape and a consistent result."""
    import copy
    import random

    from referee.club.formats import bgstats
    from referee.store.shape import archive_problem

    backups = [json.loads((FILES / "BGStatsExport.json").read_text(encoding="utf-8")),
               json.loads(ODD.read_text(encoding="utf-8"))]
    values = [None, True, False, 0, 1, -1, 10 ** 400, 1.5, float("inf"), "", "x", "12", "false", [], [1], {},
              {"a": 1}, "1e9", 2 ** 63, "  3 "]
    rng = random.Random(26)

    def mutate(obj):
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
        for k, v in list(items):
            if rng.random() < 0.12:
                obj[k] = rng.choice(values)
            else:
                mutate(v)

    read = 0
    for _ in range(400):
        data = copy.deepcopy(rng.choice(backups))
        mutate(data)
        if not bgstats.looks_like(data):
            continue
        out = bgstats.parse(data, "BGStatsExport.json")
        for doc in out.docs:
            assert archive_problem({**doc, "id": "abc234"}) is None
            consistent(doc["result"])
            read += 1
    assert read > 100
