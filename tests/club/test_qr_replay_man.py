"""QR payloads and images, replay, shell completion, man pages in sync with the CLI."""

import xml.etree.ElementTree as ET

import pytest

from referee.club.formats import qr
from referee.core.errors import BadInput
from referee.store import Store

from .conftest import assert_refused, out_json, play_tracked, snapshot


def test_qr_payload_round_trips_into_another_store(cli, store, tmp_path):
    gid = out_json(cli("record", "toy", "-p", "Ann=10", "-p", "Bob Smith 2=10", "-p", "Cal=3", "--location",
                       "Club; Hall", "--duration", "70", "--date", "2025-03-01", "--json"))["id"]
    text = cli("qr", gid, "--text").stdout.strip()
    assert text.splitlines()[0] == "referee result v1"
    assert "1. Bob Smith 2 10 *" in text and "3. Cal 3" in text
    doc = qr.decode(text)
    original = store.get_archived(gid)
    assert doc["id"] == gid and doc["result"] == original["result"] and doc["location"] == "Club; Hall"
    assert doc["duration"] == 70 and doc["date"] == "2025-03-01"
    target = tmp_path / "other.json"
    report = out_json(cli("--db", target, "import", "--qr-text", text, "--json"))
    assert report["imported"] == [gid]
    imported = Store(target).get_archived(gid)
    assert imported["result"] == original["result"] and imported["source"] == "imported"
    # twice: nothing added; as a .txt file: nothing added either
    assert out_json(cli("--db", target, "import", "--qr-text", text, "--json"))["imported"] == []
    (tmp_path / "scan.txt").write_text(text + "\n")
    assert out_json(cli("--db", target, "import", tmp_path / "scan.txt", "--json"))["imported"] == []


def test_qr_of_tie_break_and_ineligible_results():
    doc = {"id": "abc234", "game": "toy", "date": "2025-01-01",
           "result": {"game": "toy", "winners": ["Bob"], "ranking": [
               {"player": "Ann", "total": 12, "rank": 1, "breakdown": {}, "tiebreak": None, "eligible": False,
                "note": "not eligible to win"},
               {"player": "Bob", "total": 10, "rank": 1, "breakdown": {}, "tiebreak": None}]}}
    # Port Royal's expedition end can leave an ineligible player first and an eligible one ranked 1 too
    text = qr.encode(doc)
    assert "1. Ann 12 x" in text and "1. Bob 10 *" in text
    back = qr.decode(text)
    assert back["result"]["winners"] == ["Bob"] and back["result"]["ranking"][0]["eligible"] is False


def test_qr_png_and_svg_are_written(cli, store, tmp_path):
    import png     # pypng: the reader of the writer the install ships (no Pillow)

    gid = play_tracked(store)
    png_path, svg = tmp_path / "r.png", tmp_path / "r.svg"
    r = cli("qr", gid, "--png", png_path, "--svg", svg)
    assert r.exit_code == 0
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, rows, info = png.Reader(filename=str(png_path)).asDirect()
    rows = [list(row) for row in rows]
    assert width == height and width >= 21 * 10 and info["greyscale"]
    white = 2 ** info["bitdepth"] - 1
    # a light quiet zone: the corner pixel is white, the finder pattern's corner is black
    assert rows[1][1] == white and rows[4 * 10 + 1][4 * 10 + 1] == 0
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and any(el.tag.endswith("path") for el in root.iter())


def test_qr_terminal_rendering_has_a_quiet_zone_and_matches_the_matrix(cli, store):
    gid = play_tracked(store)
    payload = cli("qr", gid, "--text").stdout.strip()
    code = qr.make_qr(payload)
    matrix = code.get_matrix()
    plain = qr.render_text(code, ansi=False).split("\n")
    assert len(plain) == (len(matrix) + 1) // 2 and all(len(line) == len(matrix) for line in plain)
    assert set(plain[0]) == {" "} and set(plain[1]) == {" "}          # 4 light rows = 2 text lines
    assert plain[2][4] in "█▀"                                        # the finder pattern starts at (4, 4)
    ansi = qr.render_text(code, ansi=True)
    assert "\x1b[30" in ansi and "\x1b[97;107m▀" in ansi              # black modules on a white field
    out = cli("qr", gid).stdout                                       # not a terminal: plain blocks
    assert "\x1b[" not in out and "█" in out


def test_qr_of_unfinished_game_is_refused(cli, store, db):
    from referee import session

    t = session.create(store, "toy", ["Ann", "Bob"])
    before = snapshot(db)
    assert_refused(cli("qr", t.id), t.id, "not finished")
    assert_refused(cli("qr", "zzzzzz"), "No game with id")
    assert snapshot(db) == before


@pytest.mark.parametrize("text, fragment", [
    ("hello", "not a referee result"),
    ("referee result v7\nid: abc234", "newer referee"),
    ("referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\n1. Ann 5 *\n3. Bob 2", "rank 3"),
    ("referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\n1. Ann 5\n2. Bob 2", "winner"),
    ("referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\ncolour: red\n1. Ann 5 *", "line 5"),
    ("referee result v1\nid: abc234\ngame: puerto-rco\ndate: 2025-01-01\n1. Ann 5 *\n2. Bob 1", "line 3"),   # a typo of one of the games (any other title is a title)
])
def test_qr_text_errors(text, fragment):
    with pytest.raises(BadInput, match=fragment.replace("[", r"\[")):
        qr.decode(text)


def test_bad_qr_text_through_the_cli_imports_nothing(cli, db):
    assert_refused(cli("import", "--qr-text", "referee result v1\nid: abc234\ngame: toy\ndate: 2025-01-01\n"
                                              "1. Ann 5 *"), "2 to 3 players", "nothing was imported")
    assert not db.exists()


def test_replay_prints_every_step_with_the_board(cli, store):
    gid = play_tracked(store, ("Ann", "Bob"), moves=("roll 2", "give", "roll 3", "keep"))
    out = cli("replay", gid).stdout
    assert "Setup: Ann, Bob" in out and "1/4. roll 2  (chance)" in out and "2/4. give  (Ann)" in out
    boards = [line.strip() for line in out.splitlines() if line.strip().startswith("Ann=")]
    assert boards == ["Ann=0 Bob=0", "Ann=0 Bob=0", "Ann=0 Bob=2", "Ann=0 Bob=2", "Ann=0 Bob=5"]
    assert "Winner: Bob" in out
    to2 = cli("replay", gid, "--to", "3").stdout
    assert "3/4. roll 3" in to2 and "Ann=0 Bob=2" in to2 and "Bob=5" not in to2


def test_replay_interactive_steps_back_and_quits(store, monkeypatch):
    import io

    from rich.console import Console

    from referee.club.log.replay import replay

    gid = play_tracked(store, ("Ann", "Bob"), moves=("roll 2", "give", "roll 3", "keep"))
    answers = iter(["", "", "b", "", "", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    buf = io.StringIO()
    replay(store, gid, interactive=True, console=Console(file=buf, width=80))
    titles = [line.strip("─ ") for line in buf.getvalue().splitlines() if "─" in line]
    assert titles == ["Setup: Ann, Bob", "1/4. roll 2  (chance)", "2/4. give  (Ann)", "1/4. roll 2  (chance)",
                      "2/4. give  (Ann)", "3/4. roll 3  (chance)"]


def test_replay_of_a_logged_game_is_refused(cli, store, db):
    gid = out_json(cli("record", "toy", "-p", "Ann=1", "-p", "Bob=2", "--json"))["id"]
    before = snapshot(db)
    assert_refused(cli("replay", gid), gid, "without its moves")
    assert snapshot(db) == before
    assert_refused(cli("replay", play_tracked(store), "--to", "9"), "--to takes 0 to 2")


def test_completion_of_games_players_and_ids(cli, store, db):
    from click.shell_completion import ShellComplete

    from referee.cli import cli as referee_cli

    gid = play_tracked(store, ("Ann", "Bob"), location="Club Hall")
    out_json(cli("record", "toy", "-p", "Annika=3", "-p", "Cal=1", "--json"))

    def complete(args, incomplete):
        comp = ShellComplete(referee_cli, {}, "referee", "_REFEREE_COMPLETE")
        return [c.value for c in comp.get_completions(args, incomplete)]

    assert complete(["record"], "to") == ["toy"]
    assert complete(["history", "--player"], "an") == ["Ann", "Annika"]
    assert complete(["record", "toy", "-p"], "ca") == ["Cal="]
    assert complete(["stats", "--player", "Ann", "--vs"], "b") == ["Bob"]
    assert complete(["replay"], gid[:5]) == [gid]
    assert complete(["history", "--location"], "cl") == ["Club Hall"]
    assert complete(["--db", str(db.parent / "none.json"), "history", "--player"], "a") == []


def test_man_pages_are_in_sync_with_the_cli():
    from referee import manpages

    problems = manpages.check()
    assert problems == [], "man/ is out of date (run `python -m referee.manpages`): " + "; ".join(problems)


def test_man_pages_cover_every_command_and_option(tmp_path):
    from referee import manpages
    from referee.cli import cli

    import click

    pages = manpages.generate()
    ctx = click.Context(cli, info_name="referee")
    for name in cli.list_commands(ctx):
        cmd = cli.get_command(ctx, name)
        page = pages[f"referee-{name}.1"]
        for param in cmd.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert manpages.esc(opt) in page, (name, opt)
    assert "SHELL COMPLETION" in pages["referee.1"] and "_REFEREE_COMPLETE=bash_source" in pages["referee.1"]
    assert "H\\-index: the largest h such that" in pages["referee-stats.1"]
    manpages.write(tmp_path)
    assert manpages.check(tmp_path) == []
    (tmp_path / "referee-stats.1").write_text("stale")
    (tmp_path / "referee-gone.1").write_text("old")
    (tmp_path / "referee-toy.7").write_text("a game page: never touched")
    assert sorted(manpages.check(tmp_path)) == ["referee-gone.1 documents a command the CLI does not have",
                                                "referee-stats.1 differs from the CLI"]
    manpages.write(tmp_path)
    assert manpages.check(tmp_path) == [] and (tmp_path / "referee-toy.7").read_text() == "a game page: never touched"


def test_bgstats_link_carries_the_result(cli, store):
    import json
    from urllib.parse import unquote

    gid = out_json(cli("record", "puerto-rico", "-p", "Ann=52", "-p", "Bob=48", "-p", "Cal=48", "--date",
                       "2025-03-01", "--location", "Club", "--duration", "90", "--json"))["id"]
    link = cli("qr", gid, "--bgstats", "--text").stdout.strip()
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(link.split("data=", 1)[1]))
    assert data["game"] == {"name": "Puerto Rico", "highestWins": True, "noPoints": False, "cooperative": False,
                            "sourceGameId": "puerto-rico", "bggId": 3076}
    assert data["sourceName"] == "referee" and data["sourcePlayId"] == gid
    ids = [p["sourcePlayerId"] for p in data["players"]]
    assert len(set(ids)) == 3 and all(ids)
    assert data["playDate"].startswith("2025-03-01 ") and data["location"] == "Club" and data["durationMin"] == 90
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 52, 1, True, True), ("Bob", 48, 2, False, False), ("Cal", 48, 2, False, False)]
    assert cli("qr", gid, "--bgstats").exit_code == 0


def test_png_needs_no_pillow(cli, store, tmp_path, monkeypatch, db):
    import sys

    gid = play_tracked(store)
    monkeypatch.setitem(sys.modules, "PIL", None)     # a player's install: no Pillow
    r = cli("qr", gid, "--png", tmp_path / "x.png")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Pillow" not in r.output


def test_replay_of_a_game_in_progress_shows_the_moves_so_far(cli, store):
    from referee import session

    t = session.create(store, "toy", ["Ann", "Bob"], {"target": 9})
    for m in ("roll 2", "keep", "roll 1"):
        session.play(store, t, m)
    out = cli("replay", t.id).stdout
    assert "(3 moves)" in out and "3/3. roll 1  (chance)" in out and "Ann=2 Bob=0" in out
    assert store.read_live(t.id)["moves"] == ["roll 2", "keep", "roll 1"]


def test_a_text_file_of_several_scans_imports_each(cli, store, tmp_path):
    a = out_json(cli("record", "toy", "-p", "Ann=4", "-p", "Bob=2", "--date", "2025-01-01", "--json"))["id"]
    b = out_json(cli("record", "toy", "-p", "Ann=1", "-p", "Cal=2", "--date", "2025-01-02", "--json"))["id"]
    scans = tmp_path / "scans.txt"
    scans.write_text(cli("qr", a, "--text").stdout + "\n" + cli("qr", b, "--text").stdout)
    target = tmp_path / "other.json"
    assert sorted(out_json(cli("--db", target, "import", scans, "--json"))["imported"]) == sorted([a, b])
    broken = scans.read_text().replace("1. Cal 2 *", "1. Cal two *")
    scans.write_text(broken)
    target2 = tmp_path / "other2.json"
    assert_refused(cli("--db", target2, "import", scans), "result starting on line", "nothing was imported")
    assert not target2.exists()


def test_man_page_generator_refuses_an_option_instead_of_writing_into_a_folder_named_like_it(tmp_path, monkeypatch,
                                                                                             capsys):
    from referee import manpages

    monkeypatch.chdir(tmp_path)
    assert manpages.main(["--help"]) == 0 and "usage" in capsys.readouterr().out
    assert manpages.main(["--force"]) == 2 and "unexpected argument '--force'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []          # nothing written anywhere
    assert manpages.main([str(tmp_path / "out")]) == 0 and (tmp_path / "out" / "referee.1").exists()
