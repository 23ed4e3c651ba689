"""El Capitan at a real board (issue 13 item 8): the calculator reads the saved board file, `referee board`
keeps "?" for the cells only suggested, skips what the rulebook prints, corrects single values (--set),
dark squares count without the triangle ("none" is an answer), and piped play enters single answers."""

import json

import pytest
from click.testing import CliRunner

import referee
from referee.cli import cli
from referee.games.el_capitan.board import board_for, empty_file, save_board_file
from referee.games.el_capitan.wizard import board_command
from tests.el_capitan.test_board_file import ANSWERS_CITY, SUGGESTED_CELLS, board, wizard_input


def invoke(*args, input=None):
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:                # click >= 8.2 always keeps stderr apart
        runner = CliRunner()
    return runner.invoke(cli, list(args), input=input)


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """The default board file (as `referee board` saves it), with expansion row 5 read off the board."""
    path = tmp_path / "el-capitan-board.json"
    data = empty_file()
    data["expansion_table"]["5"] = 25
    save_board_file(path, data)
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(path))
    return path


PAYDAY = {"game": "el-capitan", "payday": 1,
          "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                      {"name": "Cal", "colour": "green"}],
          "cities": {c: {"chain": ["red"], "next_value": 4, "fortresses": []}
                     for c in ("marseille", "valencia", "tanger", "venezia", "napoli")}}


def test_score_uses_the_expansion_row_saved_by_referee_board(saved, tmp_path):
    # Ann has warehouses in 5 cities: row 5 is not printed in the rulebook; before, 'missing' (exit 2)
    path = tmp_path / "payday.json"
    path.write_text(json.dumps(PAYDAY))
    res = invoke("score", "el-capitan", str(path), "--json")
    assert res.exit_code == 0, res.stderr
    ann = next(e for e in json.loads(res.stdout)["ranking"] if e["player"] == "Ann")
    assert ann["breakdown"]["expansion"] == 25
    given = {**PAYDAY, "expansion_table": {"5": 30}}           # the input's own row wins
    path.write_text(json.dumps(given))
    res = invoke("score", "el-capitan", str(path), "--json")
    ann = next(e for e in json.loads(res.stdout)["ranking"] if e["player"] == "Ann")
    assert ann["breakdown"]["expansion"] == 30


def test_score_without_a_board_file_still_asks_for_the_row(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    path = tmp_path / "payday.json"
    path.write_text(json.dumps(PAYDAY))
    res = invoke("score", "el-capitan", str(path))
    assert res.exit_code == 2 and "expansion_table.5" in res.stderr


def test_enter_keeps_unknown_for_the_cells_only_suggested(tmp_path):
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=wizard_input(cells={}))
    assert res.exit_code == 0, res.output
    data = json.loads(path.read_text())
    assert all(data["cities"][c]["grid"] is None for c in SUGGESTED_CELLS)     # before: the guess was saved
    assert "the rulebook suggests 2 3" in res.output
    g = referee.new_game("el-capitan", ["Ann", "Bob"], {"board": str(path)})
    assert len(g.legal_moves()) > 1                      # the layout is asked at the table


def test_marseilles_printed_prices_are_not_asked(tmp_path):
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=wizard_input())
    assert res.exit_code == 0, res.output
    assert "Marseille: harbour prices (space 1" not in res.output
    assert "Marseille: harbour prices 4 5 (as the rulebook prints them; not asked)" in res.output
    assert "Valencia: harbour prices (space 1, space 2)" in res.output
    data = json.loads(path.read_text())
    assert data["cities"]["marseille"]["harbour_price"] == [4, 5]
    assert data["cities"]["marseille"]["fortress_price"] == [8, 10]
    assert data["cities"]["marseille"]["site_values"] == [int(v) for v in ANSWERS_CITY[2].split()]


def test_no_triangle_is_an_answer(tmp_path):
    path = tmp_path / "board.json"
    text = wizard_input().replace("5 8\n10\n", "5 8\nnone\n", 1)        # Marseille: no triangle
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=text)
    assert res.exit_code == 0, res.output
    data = json.loads(path.read_text())
    assert data["cities"]["marseille"]["triangle_site"] == 0
    b = board_for(str(path))
    assert [b.site_status("marseille", k) for k in (4, 5, 8, 10)] == ["plain", "dark", "dark", "plain"]


def test_dark_squares_count_when_the_triangle_is_unknown(tmp_path):
    data = board()
    data["cities"]["tunis"]["triangle_site"] = None
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    b = board_for(str(path))
    dark = data["cities"]["tunis"]["dark_sites"]
    assert all(b.site_status("tunis", k) == "dark" for k in dark)              # before: None (asked)
    other = next(k for k in range(2, 13) if k not in dark)
    assert b.site_status("tunis", other) is None                                # plain or the triangle


def test_a_question_not_dark_by_the_board_file_offers_plain_or_triangle(tmp_path):
    data = board()
    data["cities"]["marseille"]["triangle_site"] = None
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": str(path)})
    assert g.rules._question(g.state, ("dark", 0, 4))[0].text == "marseille site 4 plain"
    assert [m.action[2] for m in g.rules._question(g.state, ("dark", 0, 4))] == ["plain", "triangle"]
    assert [m.text for m in g.rules._question(g.state, ("dark", 0, 5))] == ["marseille site 5 dark"]


def test_set_corrects_single_values_without_the_questions(tmp_path):
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path), "--set", "venezia.grid=1 2",
                                             "--set", "marseille.site.5=12", "--set", "expansion.5=25",
                                             "--set", "tunis.triangle=none", "--set", "Benátky.dark=5 8",
                                             "--set", "napoli.harbour.2=7"])
    assert res.exit_code == 0, res.output
    assert "Set venezia.grid = 1 2 (was ?)" in res.output
    data = json.loads(path.read_text())
    assert data["cities"]["venezia"]["grid"] == [1, 2] and data["cities"]["venezia"]["dark_sites"] == [5, 8]
    assert data["cities"]["marseille"]["site_values"][4] == 12
    assert data["cities"]["tunis"]["triangle_site"] == 0 and data["cities"]["napoli"]["harbour_price"] == [None, 7]
    assert data["expansion_table"]["5"] == 25
    res = CliRunner().invoke(board_command, ["--file", str(path), "--set", "venezia.grid=?"])
    assert res.exit_code == 0 and json.loads(path.read_text())["cities"]["venezia"]["grid"] is None


@pytest.mark.parametrize("assignment, message", [
    ("tunis.site=3", "name one site"), ("foo.grid=1 2", "not one city"), ("loan10=17", "16 or 20"),
    ("napoli.grid=1 2", "printed in the rulebook"), ("venezia.grid=4 4", "outside 1-3"),
    ("venezia", "KEY=VALUE"), ("expansion.12=3", "1 to 9"), ("tunis.site.13=3", "entries are 1 to 12"),
])
def test_set_refuses_what_it_cannot_read_and_saves_nothing(tmp_path, assignment, message):
    path = tmp_path / "board.json"
    save_board_file(path, empty_file())
    before = path.read_text()
    res = CliRunner().invoke(board_command, ["--file", str(path), "--set", "athina.grid=2 3", "--set", assignment])
    assert res.exit_code == 2 and message in res.output and "Nothing was saved" in res.output
    assert path.read_text() == before


def test_piped_play_enters_single_answer_questions_by_itself(tmp_path, monkeypatch):
    # with the board file, the layout is the only answer: the terminal plays it; so does a pipe now
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "db.json"))
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board()))
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(path))
    res = invoke("new", "el-capitan", "-p", "Ann", "-p", "Bob", "-p", "Cal", "--json")
    assert res.exit_code == 0, res.stderr
    gid = json.loads(res.stdout)["id"]
    res = invoke("play", gid, input="marseille 3 2\n")
    assert res.exit_code == 0, res.stderr
    assert "layout venezia athina tunis constantinople" in res.stdout
    assert "destination card marseille 3s 2f" in res.stdout
    # typing the single answer itself still works (it is not played twice)
    res = invoke("new", "el-capitan", "-p", "Ann", "-p", "Bob", "--json")
    gid = json.loads(res.stdout)["id"]
    res = invoke("play", gid, input="layout venezia athina tunis constantinople\nmarseille 3 2\n")
    assert res.exit_code == 0, res.stderr
    assert res.stdout.count("layout venezia athina tunis constantinople") == 1


def test_guided_score_does_not_ask_a_row_the_board_file_holds(tmp_path, monkeypatch):
    from referee.calculator.guided import guided_score
    from tests.calculator.conftest import ScriptedAsker

    path = tmp_path / "board.json"
    data = empty_file()
    data["expansion_table"]["2"] = 3
    save_board_file(path, data)
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(path))
    asker = ScriptedAsker([
        "1", "3", "Ann", "red", "Bob", "blue", "Cal", "green",
        "marseille", "red red blue", "20", "red",
        "valencia", "red", "8", "",
        "", "n",
        "1",                    # only the row for 1 city (Bob) is asked; Ann's 2 cities come from the file
    ])
    got, result = guided_score("el-capitan", asker=asker)
    assert asker.answers == []
    assert got["expansion_table"] == {"2": 3, "1": 1}
    assert result.entry("Ann").breakdown["expansion"] == 3
    assert not any("2 cities" in q for kind, q in asker.log if kind == "Q")


def test_a_board_file_that_cannot_be_written_is_one_sentence_and_exit_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    path = blocker / "board.json"                 # its folder is a file: cannot be created
    res = CliRunner().invoke(board_command, ["--file", str(path), "--set", "venezia.grid=1 2"])
    assert res.exit_code == 2 and "Cannot write the board file" in res.output
    assert "Traceback" not in res.output


KEYS = ["venezia.grid", "napoli.harbour", "napoli.harbour.2", "tunis.site.7", "tunis.sites", "tunis.final",
        "tunis.dark", "tunis.triangle", "expansion.5", "loan10", "benátky.grid", "x.y", "", "tunis", "a.b.c.d"]


def test_set_reads_any_assignment_or_refuses_it_in_one_sentence():
    from hypothesis import given, settings, strategies as st

    from referee.games.el_capitan.board import BoardError, validate_board_file
    from referee.games.el_capitan.wizard import Invalid, set_values

    @settings(max_examples=300, deadline=None)
    @given(key=st.one_of(st.sampled_from(KEYS), st.text(max_size=20)),
           value=st.one_of(st.sampled_from(["1 2", "?", "none", "5 8", "12", "-3", "0", "1 2 3", "x", "20"]),
                           st.text(max_size=20)))
    def check(key, value):
        data = empty_file()
        try:
            set_values(data, [f"{key}={value}"])
            validate_board_file(data)
        except (Invalid, BoardError) as err:
            assert str(err) and "\n" not in str(err)
    check()
