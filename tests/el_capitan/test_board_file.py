"""The board data in tables/ (only confirmed values), the user board file (validation naming the city and
field), and the guided entry `referee board`."""

import json

import pytest
from click.testing import CliRunner

import referee
from referee.core.tables import load_json
from referee.games.el_capitan.board import BoardError, validate_board_file
from referee.games.el_capitan.wizard import board_command
from tests.el_capitan.helpers import BOARD


def test_tables_hold_only_confirmed_values_and_nulls():
    data = load_json("el-capitan/board.json")
    m = data["cities"]["marseille"]
    assert [v["value"] for v in m["harbour_price"]] == [4, 5]
    assert [v["value"] for v in m["fortress_price"]] == [8, 10]
    assert {n: v["value"] for n, v in data["expansion_table"].items() if v["value"] is not None} == \
        {"0": 0, "3": 5, "4": 10, "9": 60}
    for n in ("1", "2", "5", "6", "7", "8"):
        assert data["expansion_table"][n]["status"] == "unknown"
    for cid, c in data["cities"].items():
        if cid != "marseille":
            assert "harbour_price" not in c and "site_values" not in c     # nothing invented
    assert data["connection_prices"] == [{"pair": ["venezia", "tanger"], "value": 3, "status": "confirmed"}]


def board():
    return json.load(open(BOARD))


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["cities"]["tunis"].pop("final_value"), "tunis.final_value is missing"),
    (lambda d: d["cities"]["napoli"]["harbour_price"].__setitem__(1, "five"), "napoli.harbour_price space 2"),
    (lambda d: d["cities"]["athina"]["site_values"].__setitem__(4, "x"), "athina.site_values site 5"),
    (lambda d: d["cities"]["marseille"].update(fortress_price=[8]), "marseille.fortress_price"),
    (lambda d: d["cities"].pop("valencia"), "city valencia is missing"),
    (lambda d: d["cities"]["tanger"].update(dark_sites=[4, "nine"]), "tanger.dark_sites"),
    (lambda d: d["cities"]["venezia"].update(triangle_site=13), "venezia.triangle_site"),
    (lambda d: d["expansion_table"].update({"5": "many"}), "expansion_table row 5"),
    (lambda d: d.update(schema_version=7), "schema_version"),
    (lambda d: d["connection_cards"][0].update(cities=["tunis", "tunis"]), "connection_cards[0]"),
])
def test_bad_board_file_names_city_and_field(mutate, message):
    data = board()
    mutate(data)
    with pytest.raises(BoardError) as err:
        validate_board_file(data)
    assert message in str(err.value)


def test_board_file_warnings_never_correct_silently():
    data = board()
    data["cities"]["marseille"]["harbour_price"] = [6, 5]
    clean, warnings = validate_board_file(data)
    assert clean["cities"]["marseille"]["harbour_price"] == [6, 5]
    assert any("cheaper" in w for w in warnings)
    assert any("different edition" in w for w in warnings)


def test_a_game_refuses_a_broken_board_file(tmp_path):
    data = board()
    data["cities"]["tunis"]["final_value"] = "thirty"
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    with pytest.raises(referee.BadInput, match="tunis.final_value"):
        referee.new_game("el-capitan", ["Ann", "Bob"], {"board": str(path)})


def test_a_game_in_progress_goes_on_when_the_saved_board_file_breaks(tmp_path, monkeypatch):
    # board=auto (the default) uses the saved file; once it breaks, a game in progress must still resume (its
    # moves hold every value used so far) and ask each value from then on, saying why
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(board()))
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(path))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    assert len(g.legal_moves()) == 1                  # the layout is in the file: one value, played by itself
    g.play(g.legal_moves()[0].text)
    path.write_text('{"broken')
    again = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])    # as a game in progress is set up again
    for text in g.moves:
        again.play(text)
    assert again.moves == g.moves
    assert len(again.legal_moves()) > 1                # a card the file's deck narrowed is asked in full
    warning = again.state.setup_warnings[0]
    assert "not valid JSON" in warning and "referee board --check" in warning
    assert again.view() is not None
    with pytest.raises(referee.BadInput, match="not valid JSON"):     # a file named on purpose is refused
        referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": str(path)})


def test_unknown_values_are_asked_when_they_matter_and_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _ in range(4):
        g.play("destination card napoli 2s 2f")
    for _ in range(6):
        g.play("connection card marseille-napoli 1f")
    g.play("buy napoli 2s 2f")
    g.play("sail napoli 2s 2f")
    # nothing is asked while the ship may still sail on: the price matters once Ann announces the build
    assert g.to_move == "Ann" and {"build site 1", "build site 2", "fortress"} <= {m.text for m in g.legal_moves()}
    g.play("build site 2")
    assert g.to_move is None and "napoli harbour space 1" in g.prompt().lower()
    assert len(g.legal_moves()) == 20
    g.play("napoli harbour 1 price 3")
    assert "napoli fortress 1" not in g.view()["board_values"]      # never needed, never asked
    moves = [m.text for m in g.legal_moves()]
    assert moves == ["napoli site 2 plain", "napoli site 2 dark", "napoli site 2 triangle"]
    g.play("napoli site 2 plain")
    assert g.view()["board_values"]["napoli harbour 1"] == 3
    text = g.to_record()
    assert "napoli harbour 1 price 3" in text
    assert referee.load_record(text).view() == g.view()


def test_known_values_come_from_the_file_as_single_chance_moves():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD})
    assert [m.text for m in g.legal_moves()] == ["layout venezia athina tunis constantinople"]


ANSWERS_CITY = ["4 5", "8 10", "0 4 8 10 12 14 16 18 20 22 24 26", "30", "5 8", "10"]


SUGGESTED_CELLS = {"venezia": "1 2", "athina": "2 3", "tunis": "3 2", "constantinople": "1 3", "alexandria": "3 3"}


def wizard_input(confirm="yes", cells=SUGGESTED_CELLS):
    lines = []
    for cid in ("marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis",
                "athina"):
        if cid in SUGGESTED_CELLS:
            lines.append(cells.get(cid, ""))      # the cell read off the board (Enter keeps "?")
        # Marseille's prices are printed in the rulebook: not asked
        lines += ANSWERS_CITY[2:] if cid == "marseille" else ANSWERS_CITY
    lines += ["1 2 5 10 15 20 30 40 60", "20", confirm]
    return "\n".join(lines) + "\n"


def test_board_command_guided_entry_saves_a_usable_file(tmp_path):
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=wizard_input())
    assert res.exit_code == 0, res.output
    data = json.loads(path.read_text())
    assert data["cities"]["athina"]["grid"] == [2, 3]
    assert data["cities"]["tunis"]["dark_sites"] == [5, 8]
    g = referee.new_game("el-capitan", ["Ann", "Bob"], {"board": str(path)})
    assert [m.text for m in g.legal_moves()] == ["layout venezia athina tunis constantinople"]
    res = CliRunner().invoke(board_command, ["--file", str(path), "--show"])
    assert res.exit_code == 0 and "Athina" in res.output
    res = CliRunner().invoke(board_command, ["--file", str(path), "--check"])
    assert res.exit_code == 0


def test_board_command_needs_confirmation_and_reasks_bad_answers(tmp_path):
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=wizard_input("no"))
    assert res.exit_code == 1 and not path.exists()
    text = wizard_input().replace("4 5\n", "four five\n4 5\n", 1)
    res = CliRunner().invoke(board_command, ["--file", str(path)], input=text)
    assert res.exit_code == 0 and "not a whole number" in res.output
    res = CliRunner().invoke(board_command, ["--file", str(tmp_path / "x.json")], input="4 5\n")
    assert res.exit_code == 2 and "nothing was saved" in res.output


def test_board_command_check_names_the_field(tmp_path):
    data = board()
    data["cities"]["tanger"]["harbour_price"] = [3, None]
    data["cities"]["tanger"].pop("final_value")
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(board_command, ["--file", str(path), "--check"])
    assert res.exit_code == 2 and "tanger.final_value is missing" in res.output


def test_a_deck_in_the_board_file_narrows_the_reveal_questions():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD})
    g.play("layout venezia athina tunis constantinople")
    texts = [m.text for m in g.legal_moves()]
    # only the test deck's cards: its two Marseille cards among them
    assert len(texts) == len(set(texts)) <= 18 and all(t.startswith("destination card ") for t in texts)
    assert [t for t in texts if "marseille" in t] == ["destination card marseille 2s 3f",
                                                      "destination card marseille 3s 2f"]
    with pytest.raises(referee.IllegalMove, match="not in the face-down pile"):
        g.play("marseille 4 4")
    assert g.play("mars 3 2").text == "destination card marseille 3s 2f"


def test_values_learned_in_a_game_can_be_saved_to_the_board_file(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _ in range(4):
        g.play("destination card napoli 2s 2f")
    for _ in range(6):
        g.play("connection card marseille-napoli 1f")
    g.play("buy napoli 2s 2f")
    g.play("sail napoli 2s 2f")
    g.play("fortress")
    g.play("napoli fortress 1 price 7")
    record = tmp_path / "game.txt"
    record.write_text(g.to_record())
    path = tmp_path / "board.json"
    res = CliRunner().invoke(board_command, ["--file", str(path), "--from-record", str(record)], input="yes\n")
    assert res.exit_code == 0, res.output
    data = json.loads(path.read_text())
    assert data["cities"]["napoli"]["harbour_price"] == [None, None]
    assert data["cities"]["napoli"]["fortress_price"] == [7, None]
    assert data["cities"]["tunis"]["grid"] == [3, 2]


def test_an_answer_contradicting_the_board_file_is_refused_with_the_reason():
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": BOARD})
    with pytest.raises(referee.IllegalMove, match="board data says 'layout venezia athina tunis constantinople'"):
        g.play("layout athina venezia tunis constantinople")


def test_a_price_read_at_the_build_that_is_too_high_leaves_the_turn_open(tmp_path, monkeypatch):
    # D6: asked when it matters; W1/F2: the player must pay the printed price, so with too little money the
    # build does not happen, the value is remembered, and the player chooses again (sail on, or the bank).
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _ in range(4):
        g.play("napoli 2 2")
    for _ in range(6):
        g.play("marseille napoli 1")
    g.play("buy napoli 2s 2f")
    g.play("buy marseille-napoli 1f")
    g.play("sail napoli 2s 2f")
    g.play("build site 1")
    g.play("napoli harbour 1 price 18")               # Ann has 17
    assert g.to_move == "Ann" and g.view()["players"][0]["money"] == 17
    assert "cannot pay 18 florins for a warehouse in Napoli" in g.prompt()
    assert not any(m.text.startswith("build") for m in g.legal_moves())   # known now: not affordable
    g.play("sail marseille-napoli 1f")
    g.play("build site 1")
    # Marseille's price is confirmed by the rules text: the table's only possible answer
    assert [m.text for m in g.legal_moves()] == ["marseille harbour 1 price 4"]
    g.play("marseille harbour 1 price 4")
    assert g.view()["players"][0]["money"] == 13
    assert g.view()["board_values"]["napoli harbour 1"] == 18


def test_a_board_question_is_answered_with_just_the_value(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_EL_CAPITAN_BOARD", str(tmp_path / "none.json"))
    g = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    g.play("layout venezia athina tunis constantinople")
    for _ in range(4):
        g.play("napoli 2 2")
    for _ in range(6):
        g.play("marseille napoli 1")
    g.play("buy napoli 2s 2f")
    g.play("sail napoli 2s 2f")
    g.play("build site 2")
    with pytest.raises(referee.IllegalMove, match="1 to 20"):
        g.play("25")
    assert g.play("3").text == "napoli harbour 1 price 3"
    assert g.play("plain").text == "napoli site 2 plain"
