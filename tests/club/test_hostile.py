"""Issue 12, findings 1-4: nothing a club types or imports can break the history or the terminal.

Hostile strings go through every entry path (new, record, score --record, import JSON/CSV/BGG/QR) and
every display path (history, show, stats, replay, export, qr): the exit code is 0 or 2, there is no
traceback, nothing raw reaches the terminal, and what was stored shows as the text it is.
"""

import json
import re

import pytest

from tests.club.conftest import assert_refused, make_doc, out_json, snapshot

HOSTILE = {
    "close-tag": "[/]",
    "bold": "[bold]x",
    "link": "[link=http://e]x[/link]",
    "hall": "Club [main hall]",
    "emoji-code": ":smile:",
    "osc-title": "\x1b]0;t\x07",
    "clear": "\x1b[2J",
    "osc8": "\x1b]8;;http://e\x1b\\x\x1b]8;;\x1b\\",
    "c1-csi": "a\x9b2Jb",
    "newline": "a\nb",
    "cr": "a\rb",
    "u2028": "a\u2028b",
    "nel": "a\x85b",
    "rtl": "\u202eabc",
    "long": "x" * 5000,
    "zero-width": "A\u200bnn",
    "homoglyph": "\u0410nn",
}
# What a terminal would act on, or what would reorder or hide text: never in any output.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def clean(result, codes=(0, 2)):
    """The command ended as the contract says, and printed nothing a terminal would act on."""
    assert result.exit_code in codes, (result.exit_code, result.stdout[-300:], result.stderr[-300:])
    for stream in (result.stdout, result.stderr):
        assert "Traceback" not in stream and "internal error" not in stream, stream[-500:]
        m = RAW.search(stream)
        assert m is None, (hex(ord(m.group())), stream[max(0, m.start() - 40):m.start() + 40])
    return result


def flat(text):
    return "".join(text.split())


def shows(result, text):
    """The stored text appears as the text it is (wrapping aside)."""
    assert flat(text) in flat(result.stdout), (text, result.stdout[-800:])


# Texts the validation lets in (no hidden character, short enough) and must then show literally.
SHOWN = ("[/]", "[bold]x", "[link=http://e]x[/link]", "Club [main hall]", ":smile:", "\u0410nn")
ONE_LINE_REFUSED = ("newline", "cr", "u2028", "nel")


# --- entry: record ------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(HOSTILE))
def test_record_location_is_stored_as_text_or_refused(cli, db, key):
    text = HOSTILE[key]
    r = clean(cli("record", "toy", "-p", "Ann=7", "-p", "Bob=3", "--location", text, "--json"))
    if text not in SHOWN:
        assert r.exit_code == 2 and not db.exists()
        err = assert_refused(r)
        assert "location" in err.lower()
        if key in ONE_LINE_REFUSED:
            assert "one line" in err
        return
    gid = out_json(r)["id"]
    for args in (("history",), ("show", gid), ("history", "--json"), ("show", gid, "--json"), ("stats",),
                 ("export", "--format", "csv"), ("export", "--format", "bgg"), ("export", "--format", "json"),
                 ("qr", gid, "--text"), ("history", "--location", text)):
        res = clean(cli(*args), codes=(0,))
        if args[0] in ("history", "show", "qr") or args[-1] in ("csv", "json"):
            shows(res, text if "--json" not in args else json.dumps(text, ensure_ascii=False)[1:-1])


@pytest.mark.parametrize("key", list(HOSTILE))
def test_record_player_names_are_checked_like_new(cli, db, key):
    text = HOSTILE[key]
    r = clean(cli("record", "toy", "-p", f"{text}=7", "-p", "Bob=3", "--json"))
    if key == "emoji-code":      # an odd name, but only visible characters of one alphabet
        gid = out_json(r)["id"]
        for args in (("history",), ("show", gid), ("stats",), ("stats", "--player", text)):
            shows(clean(cli(*args), codes=(0,)), text)
        return
    assert_refused(r, "Player name")       # -p [link=http... names the player "[link": refused too
    assert not db.exists()


@pytest.mark.parametrize("key", list(HOSTILE))
def test_record_notes_keep_lines_but_no_controls(cli, db, key):
    text = HOSTILE[key]
    r = clean(cli("record", "toy", "-p", "Ann=7", "-p", "Bob=3", "--notes", text, "--json"))
    if key in ("osc-title", "clear", "osc8", "c1-csi", "rtl", "zero-width"):
        assert_refused(r, "notes")
        return
    gid = out_json(r)["id"]
    stored = out_json(cli("show", gid, "--json"))["notes"]
    assert stored == text.replace("\r", "\n").replace("\u2028", "\n").replace("\x85", "\n")


@pytest.mark.parametrize("score", ["nan", "inf", "1e308", "9" * 400, "1000001", "-5"])
def test_record_scores_are_finite_and_sane(cli, db, score):
    assert_refused(clean(cli("record", "toy", "-p", f"Ann={score}", "-p", "Bob=3")))
    assert not db.exists()


def test_look_alike_names_cannot_make_one_person_two(cli, db):
    out_json(cli("record", "toy", "-p", "Ann=7", "-p", "Bob=3", "--json"))
    for twin in ("\u0410nn", "A\u200bnn", "\u202eAnn", "Ann\u2060"):
        assert_refused(clean(cli("record", "toy", "-p", f"{twin}=7", "-p", "Bob=3")), "Player name")
    # full-width letters (a phone keyboard) and a decomposed accent are the same person, not a new one
    out_json(cli("record", "toy", "-p", "\uff21nn=5", "-p", "Zdene\u030ck=3", "--json"))
    out_json(cli("record", "toy", "-p", "Ann=1", "-p", "Zden\u011bk=3", "--json"))
    players = out_json(cli("stats", "--json"))["players"]
    assert sorted(players) == ["Ann", "Bob", "Zden\u011bk"]
    assert players["Ann"]["plays"] == 3 and players["Zden\u011bk"]["plays"] == 2


# --- entry: new -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(HOSTILE))
def test_new_location_never_reaches_the_record_header_raw(cli, db, key):
    text = HOSTILE[key]
    r = clean(cli("new", "toy", "-p", "Ann", "-p", "Bob", "-o", "target=3", "--location", text, "--json"))
    if text not in SHOWN:
        assert_refused(r, "location")
        assert not db.exists() or not list(db.parent.glob("**/*.json.live*/*.json"))
        return
    gid = out_json(r)["id"]
    shows(clean(cli("history", "--unfinished"), codes=(0,)), "Ann, Bob")
    assert out_json(cli("show", gid, "--json"))["location"] == text
    for m in ("roll 3", "keep"):
        clean(cli("move", gid, m), codes=(0,))
    clean(cli("show", gid, "--record"), codes=(0,))
    from referee.store import Store

    assert f"\nLocation: {text}\n" in Store(db).read_record(gid)
    shows(clean(cli("show", gid), codes=(0,)), "Ann")
    shows(clean(cli("history"), codes=(0,)), text)
    clean(cli("replay", gid), codes=(0,))
    clean(cli("undo", gid, "--reopen"), codes=(0,))


@pytest.mark.parametrize("key", list(HOSTILE))
def test_new_player_names(cli, db, key):
    r = clean(cli("new", "toy", "-p", HOSTILE[key], "-p", "Bob", "--json"))
    if key == "emoji-code":
        gid = out_json(r)["id"]
        shows(clean(cli("show", gid), codes=(0,)), ":smile:")
        return
    assert_refused(r, "Player name")


# --- entry: score --record ----------------------------------------------------------------------------------
def _port_royal_input(tmp_path, name):
    from click.testing import CliRunner

    from referee.cli import cli as referee_cli

    data = json.loads(CliRunner().invoke(referee_cli, ["score", "port-royal", "--template"]).stdout)
    data["players"][0]["name"] = name
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("key", ["close-tag", "clear", "rtl", "homoglyph", "zero-width", "long"])
def test_score_record_checks_names_like_new(cli, db, tmp_path, key):
    r = clean(cli("score", "port-royal", _port_royal_input(tmp_path, HOSTILE[key]), "--record"))
    assert r.exit_code == 2 and "Player name" in r.stderr
    assert not db.exists() or not out_json(cli("history", "--json"))


@pytest.mark.parametrize("key", list(HOSTILE))
def test_score_record_location(cli, db, tmp_path, key):
    text = HOSTILE[key]
    r = clean(cli("score", "port-royal", _port_royal_input(tmp_path, "Ann"), "--record", "--location", text))
    if text not in SHOWN:
        assert r.exit_code == 2 and "location" in r.stderr.lower()
        return
    assert r.exit_code == 0
    shows(clean(cli("history"), codes=(0,)), text)


def test_the_calculator_shows_names_as_text(cli, tmp_path):
    from scoring.result import Entry, Result
    from io import StringIO

    from referee.calculator.output import make_console, render

    out = StringIO()
    res = Result("port-royal", [Entry("[/]\x1b[2J", 9, 1, {"co[bold]ins": 9}, None), Entry("Bob", 3, 2, {}, None)],
                 notes=["[link=http://e]x[/link]"])
    render(res, make_console(out, 80))
    text = out.getvalue()
    assert "\x1b" not in text and "[/]\\x1b[2J" in text and "[link=http://e]x[/link]" in text


# --- entry: importers --------------------------------------------------------------------------------------
def _export(games):
    return json.dumps({"format": "referee-history", "version": 1, "games": games})


def _game(**change):
    doc = make_doc("abc234", "2025-01-01", [("Ann", 7, 1), ("Bob", 3, 2)])
    doc["record"] = None
    doc.update(change)
    return doc


@pytest.mark.parametrize("key", list(HOSTILE))
def test_json_import_player_names(cli, db, tmp_path, key):
    text = HOSTILE[key]
    doc = make_doc("abc234", "2025-01-01", [(text, 7, 1), ("Bob", 3, 2)])
    path = tmp_path / "in.json"
    path.write_text(_export([dict(doc, record=None)]))
    r = clean(cli("import", path))
    if key == "emoji-code":
        assert r.exit_code == 0
        shows(clean(cli("stats"), codes=(0,)), text)
        return
    assert_refused(r, "players[0]", "nothing was imported")
    assert not db.exists()


@pytest.mark.parametrize("field, value, fragment", [
    ("location", "\x1b]0;t\x07", "location"),
    ("location", "\u202eabc", "location"),
    ("location", "x" * 5000, "keep it to 200"),
    ("notes", "\x1b[2J", "notes"),
    ("notes", "x" * 10_001, "keep them to 10000"),
    ("id", "ABC234", "not a game id"),
    ("id", "../x", "not a game id"),
    ("colours", {"Ann": "\x1b[31mred"}, "colours.Ann"),
])
def test_json_import_refuses_hostile_fields(cli, db, tmp_path, field, value, fragment):
    path = tmp_path / "in.json"
    path.write_text(_export([_game(**{field: value})]))
    assert_refused(clean(cli("import", path)), fragment, "nothing was imported")
    assert not db.exists()


@pytest.mark.parametrize("total", ["NaN", "Infinity", "-Infinity", "1e308", "9" * 400, "1000001"])
def test_json_import_refuses_scores_that_are_not_scores(cli, db, tmp_path, total):
    path = tmp_path / "in.json"
    path.write_text(_export([_game()]).replace('"total": 7', f'"total": {total}'))
    assert_refused(clean(cli("import", path)), "nothing was imported")
    assert not db.exists()          # never a bare NaN in the store


def test_json_import_refuses_hostile_breakdown_keys_and_values(cli, db, tmp_path):
    for ranking in ([{"player": "Ann", "total": 7, "rank": 1, "breakdown": {"\x1b[2J": 7}}],
                    [{"player": "Ann", "total": 7, "rank": 1, "breakdown": {"score": 10 ** 400}}]):
        game = _game()
        game["result"]["ranking"] = ranking + game["result"]["ranking"][1:]
        path = tmp_path / "in.json"
        path.write_text(_export([game]))
        assert_refused(clean(cli("import", path)), "nothing was imported")
    assert not db.exists()


def test_json_import_of_an_older_export_with_a_line_break_in_a_location(cli, db, tmp_path):
    path = tmp_path / "in.json"
    path.write_text(_export([_game(location="Club\nHall\u2028B")]))
    out_json(cli("import", path, "--json"))
    assert out_json(cli("history", "--json"))[0]["location"] == "Club Hall B"


@pytest.mark.parametrize("key", list(HOSTILE))
def test_csv_import(cli, db, tmp_path, key):
    import csv
    import io

    text = HOSTILE[key]
    for column in ("player", "location", "notes"):
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["date", "game", "player", "score", "location", "notes"])
        row = {"player": "Ann", "location": "Hall", "notes": ""}
        row[column] = text
        w.writerow(["2025-01-01", "toy", row["player"], 7, row["location"], row["notes"]])
        w.writerow(["2025-01-01", "toy", "Bob", 3, row["location"], row["notes"]])
        path = tmp_path / "in.csv"
        path.write_text(buf.getvalue())
        before = snapshot(db)
        r = clean(cli("import", path))
        if r.exit_code == 2:
            assert snapshot(db) == before
        else:
            shows(clean(cli("history"), codes=(0,)), "Bob")


@pytest.mark.parametrize("key", ["close-tag", "link", "rtl", "homoglyph", "zero-width", "long", "u2028"])
def test_bgg_import(cli, db, tmp_path, key):
    from xml.sax.saxutils import quoteattr

    text = HOSTILE[key]
    for name, where in ((text, "Hall"), ("Ann", text)):
        xml = (f'<plays><play date="2025-01-01" location={quoteattr(where)}><item name="Port Royal" objectid="156009"/>'
               f'<players><player name={quoteattr(name)} score="7" win="1"/><player name="Bob" score="3" win="0"/>'
               f'</players></play></plays>')
        path = tmp_path / "in.xml"
        path.write_text(xml)
        r = clean(cli("import", path, "--verbose"))
        assert r.exit_code == 0
        if "Imported 1 game" in r.stdout:
            shows(clean(cli("history"), codes=(0,)), where)
        else:       # a real play log is never refused whole: the play is skipped with its reason
            assert "Skipped 1 play" in r.stdout and "Port Royal (2025-01-01" in r.stdout


@pytest.mark.parametrize("key", list(HOSTILE))
def test_qr_text_import(cli, db, key):
    text = HOSTILE[key]
    for name, where in ((text, "Hall"), ("Ann", text)):
        payload = f"referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\nwhere: {where}\n1. {name} 7 *\n2. Bob 3"
        r = clean(cli("import", "--qr-text", payload))
        if r.exit_code == 0:
            shows(clean(cli("history"), codes=(0,)), "Bob 3")


def test_qr_text_with_a_huge_score_or_duration_is_refused(cli, db):
    for extra, line in (("", f"1. Ann {'9' * 5000} *"), (f"minutes: {'9' * 5000}\n", "1. Ann 7 *")):
        payload = f"referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\n{extra}{line}\n2. Bob 3"
        assert_refused(clean(cli("import", "--qr-text", payload)))
    assert not db.exists()


# --- display of what is already stored -----------------------------------------------------------------------
def test_hostile_text_already_in_the_store_shows_as_text(cli, store):
    """Games stored before the validation existed (or by hand): every display path neutralises them."""
    docs = []
    names = ["[/]", "\x1b[2J", "\u202eabc", "a\x9bb"]
    for i, name in enumerate(names):
        doc = make_doc(f"abc23{i + 4}", "2025-01-0" + str(i + 1), [(name, 7, 1), ("Bob", 3, 2)],
                       location=["[/]", "\x1b]0;t\x07", "[link=http://e]x[/link]", "a\nb"][i])
        doc["notes"] = "\x1b]8;;http://e\x1b\\x"
        doc["result"]["ranking"][0]["breakdown"] = {"[bold]x": 7}
        docs.append(doc)
    store.add_archived(docs)
    for fmt in ("csv", "bgg"):      # to a pipe, an export is the data as stored (escaped on a terminal)
        assert cli("export", "--format", fmt).exit_code == 0
    for args in (("history",), ("history", "--json"), ("stats",), ("stats", "--json"),
                 ("stats", "--player", "Bob"), ("stats", "--player", "Bob", "--vs", "[/]"),
                 ("export", "--format", "json"),
                 *[("show", d["id"]) for d in docs], *[("show", d["id"], "--json") for d in docs],
                 *[("qr", d["id"], "--text") for d in docs]):
        res = clean(cli(*args), codes=(0,))
        if args == ("history",):
            for text in ("[/]", "[link=http://e]x[/link]", "\\x1b[2J", "\\u202eabc"):
                shows(res, text)
        if args[0] == "show" and "--json" not in args:
            shows(res, "[bold]x")
    exported = cli("export", "--format", "json").stdout
    assert json.loads(exported)["games"][0]["notes"] == "\x1b]8;;http://e\x1b\\x"   # same value, escaped text


def test_a_line_break_in_a_stored_location_no_longer_breaks_the_finished_game(cli, store, tmp_path):
    """Finding 3: a game created (before the check, or through the Python API) with a multi-line location."""
    from referee import session

    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 3}, location="Hall\nB\u2028C\x85D")
    for m in ("roll 3", "keep"):
        session.play(store, t, m)
    record = store.read_record(t.id)
    assert "\nLocation: Hall B C D\nResult: " in record
    for args in (("show", t.id), ("show", t.id, "--record"), ("replay", t.id), ("history",), ("repair",)):
        clean(cli(*args), codes=(0,))
    exported = tmp_path / "club.json"
    clean(cli("export", exported), codes=(0,))
    other = tmp_path / "other.json"
    clean(cli("--db", other, "import", exported), codes=(0,))
    clean(cli("--db", other, "replay", t.id), codes=(0,))
    clean(cli("undo", t.id, "--reopen"), codes=(0,))


def test_a_record_header_never_carries_a_control_character(cli, store):
    """A stored escape in a location reaches the record file (printed by show --record) as its escape; repair
    names it (the game would not import), while every command still works."""
    from referee import session

    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 3}, location="Hall\x1b[2J\u202e")
    for m in ("roll 3", "keep"):
        session.play(store, t, m)
    assert "\nLocation: Hall\\x1b[2J\\u202e\n" in store.read_record(t.id)
    for args in (("show", t.id), ("show", t.id, "--record"), ("replay", t.id), ("history",)):
        clean(cli(*args), codes=(0,))
    assert "location contains a terminal escape" in clean(cli("repair"), codes=(2,)).stderr
    clean(cli("undo", t.id, "--reopen"), codes=(0,))


def test_a_record_header_split_by_u2028_is_read_whole():
    from referee.core.record import parse_header

    headers, moves = parse_header("# referee game record\nGame: toy\nPlayers: Ann, Bob\nLocation: a\u2028b\x85c\n\n"
                                  "1. roll 3 ; Ann\n")
    assert headers["location"] == "a\u2028b\x85c" and moves == [(6, 1, "roll 3")]


def test_errors_quoting_a_hostile_text_are_one_clean_sentence(cli, db):
    r = clean(cli("show", "\x1b]0;pwned\x07"))
    assert r.exit_code == 2 and "\\x1b" in r.stderr


def test_a_csv_export_never_hands_a_spreadsheet_a_formula(cli, db, tmp_path):
    import csv
    import io

    for where in ('=HYPERLINK("http://e","x")', "+1", "-2", "@SUM(A1)", "'=x", "'quoted"):
        out_json(cli("record", "toy", "-p", "Ann=7", "-p", "Bob=3", "--location", where, "--date", "2025-01-01",
                     "--json"))
    text = clean(cli("export", "--format", "csv"), codes=(0,)).stdout
    cells = [row["location"] for row in csv.DictReader(io.StringIO(text))]
    assert all(not c.startswith(("=", "+", "-", "@")) for c in cells), cells
    assert "'=HYPERLINK(\"http://e\",\"x\")" in cells and "''=x" in cells and "''quoted" in cells
    path = tmp_path / "club.csv"
    path.write_text(text)
    other = tmp_path / "other.json"
    out_json(cli("--db", other, "import", path, "--json"))
    back = sorted(d["location"] for d in out_json(cli("--db", other, "history", "--json")))
    assert back == sorted(['=HYPERLINK("http://e","x")', "+1", "-2", "@SUM(A1)", "'=x", "'quoted"])


def test_shell_completion_offers_only_typable_names(cli, store):
    from referee.club.complete import complete_location, complete_player

    store.add_archived([make_doc("abc234", "2025-01-01", [("A\x1b[2Jnn", 7, 1), ("Bob", 3, 2)],
                                 location="Hall\x1b]0;t\x07")])
    # no context: the store REFEREE_DB names (the test's)
    assert [i.value for i in complete_player(None, None, "")] == ["Bob"]
    assert complete_location(None, None, "") == []


def test_a_board_naming_a_player_stored_before_names_were_checked_reaches_the_terminal_escaped(cli, store):
    """The Python API (and `new` before this check) let a C1 control or a text-direction override into a
    name; a game's own board prints names as it likes, so the CLI's console guards its stream too."""
    from referee import session

    t = session.create(store, "toy", ["a\x9b2Jb", "\u202eBob"], {"target": 3})
    res = clean(cli("show", t.id), codes=(0,))
    assert "a\\x9b2Jb" in res.stdout and "\\u202eBob" in res.stdout
    for m in ("roll 3", "keep"):
        clean(cli("move", t.id, m), codes=(0,))
    for args in (("show", t.id), ("replay", t.id), ("history",), ("stats",), ("show", t.id, "--record")):
        clean(cli(*args), codes=(0,))


@pytest.mark.parametrize("total", [10 ** 400, float("nan"), float("inf")])
def test_a_score_stored_before_scores_were_checked_is_named_not_a_crash(cli, store, total):
    doc = make_doc("abc234", "2025-01-01", [("Ann", 7, 1), ("Bob", 3, 2)])
    doc["result"]["ranking"][0]["total"] = total
    store.add_archived([doc, make_doc("abc235", "2025-01-02", [("Ann", 5, 1), ("Bob", 3, 2)])])
    r = clean(cli("stats"))
    assert_refused(r, "Game abc234", "damaged result", "repair --set-aside")
    assert "abc234" in clean(cli("repair"), codes=(2,)).stderr
    clean(cli("repair", "--set-aside"), codes=(0,))
    assert out_json(cli("stats", "--json"))["games"] == 1


def test_a_usage_error_quoting_a_hostile_argument_is_clean(cli, db):
    for args in (("\x1b[2J",), ("history", "--\x1b]0;t\x07"), ("record", "toy", "\u202eAnn=3")):
        r = clean(cli(*args), codes=(2,))
        assert r.stderr.startswith("referee: ")


@pytest.mark.parametrize("change, fragment", [
    ({"players": ["\u0410nn", "Bob"]}, "in_progress[0].players[0]"),
    ({"players": ["A\u200bnn", "Bob"]}, "in_progress[0].players[0]"),
    ({"notes": "\x1b[2J"}, "in_progress[0]"),
    ({"id": "ABC234"}, "in_progress[0].id"),
    ({"location": "x" * 201}, "in_progress[0].location"),
])
def test_json_import_checks_games_in_progress_the_same_way(cli, db, tmp_path, change, fragment):
    game = {"id": "abc234", "game": "toy", "players": ["Ann", "Bob"], "options": {"target": 9}, "date": "2025-01-01",
            "location": None, "notes": None, "created": "2025-01-01T20:00:00+00:00", "updated": None, "moves": ["roll 3"]}
    game.update(change)
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"format": "referee-history", "version": 1, "games": [], "in_progress": [game]}))
    assert_refused(clean(cli("import", path)), fragment, "nothing was imported")
    assert not db.exists()


def test_json_import_of_a_game_in_progress_with_a_multi_line_location_folds_it(cli, db, tmp_path):
    game = {"id": "abc234", "game": "toy", "players": ["Ann", "Bob"], "options": {"target": 9}, "date": "2025-01-01",
            "location": "Club\nHall", "notes": None, "created": None, "updated": None, "moves": ["roll 3"]}
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"format": "referee-history", "version": 1, "games": [], "in_progress": [game]}))
    out_json(cli("import", path, "--json"))
    assert out_json(cli("show", "abc234", "--json"))["location"] == "Club Hall"
