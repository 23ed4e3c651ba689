"""Reading calculator input: JSON and TOML, from a file and from standard input; every malformed case."""

import io
import json

import pytest

from referee.calculator.load import load, parse_text
from referee.core.errors import BadInput

DATA = {"game": "port-royal", "variant": "standard",
        "players": [{"name": "Ann", "coins": 5, "influence": 3, "expeditions": 0}]}
TOML = '''game = "port-royal"
variant = "standard"

[[players]]
name = "Ann"
coins = 5
influence = 3
expeditions = 0
'''


def test_json_from_file(tmp_path):
    f = tmp_path / "end.json"
    f.write_text(json.dumps(DATA), encoding="utf-8")
    assert load(str(f)) == (DATA, str(f))


def test_toml_from_file(tmp_path):
    f = tmp_path / "end.toml"
    f.write_text(TOML, encoding="utf-8")
    assert load(str(f))[0] == DATA


def test_json_and_toml_from_stdin():
    assert load("-", io.StringIO(json.dumps(DATA)))[0] == DATA
    assert load("-", io.StringIO(TOML))[0] == DATA
    assert load(None, io.StringIO(TOML))[1] == "standard input"


def test_toml_starting_with_a_table_header_on_stdin():
    text = '[[players]]\nname = "Ann"\ncoins = 5\n'
    assert load("-", io.StringIO(text))[0] == {"players": [{"name": "Ann", "coins": 5}]}
    assert load("-", io.StringIO("# end of game\n[options]\nx = 1\n"))[0] == {"options": {"x": 1}}


def test_file_without_suffix_is_sniffed(tmp_path):
    f = tmp_path / "end"
    f.write_text(TOML, encoding="utf-8")
    assert load(str(f))[0] == DATA


def test_utf8_bom_is_accepted(tmp_path):
    f = tmp_path / "end.json"
    f.write_bytes(b"\xef\xbb\xbf" + json.dumps(DATA).encode())
    assert load(str(f))[0] == DATA


def bad(text, name="end.json"):
    with pytest.raises(BadInput) as info:
        parse_text(text, name)
    return str(info.value)


def test_malformed_json_names_file_line_and_column():
    msg = bad('{"game": "port-royal",\n "players": [\n   {"name": "Ann" "coins": 5}]}')
    assert msg == "File end.json, line 3, column 19: not valid JSON (expecting ',' delimiter)."


def test_malformed_json_on_stdin_names_standard_input():
    msg = bad('{"game": }', "standard input")
    assert msg.startswith("Standard input, line 1, column 10: not valid JSON")


def test_truncated_json():
    assert bad('{"game": "port-royal",\n').startswith("File end.json, line 2, column 1: not valid JSON")


def test_malformed_toml_names_file_line_and_column():
    msg = bad('game = "port-royal"\nvariant standard\n', "end.toml")
    assert msg.startswith("File end.toml, line 2, column 9: not valid TOML (")
    assert msg.endswith(").") and "Traceback" not in msg


def test_toml_error_at_end_of_document():
    msg = bad('game = "port-royal"\nvariant = ', "end.toml")
    assert msg.startswith("File end.toml")
    assert "not valid TOML" in msg


def test_duplicate_json_key_is_refused():
    msg = bad('{"game": "port-royal", "game": "carcassonne"}')
    assert msg == ("File end.json: the key 'game' appears twice in one object; give each key once.")


def test_nan_is_refused():
    assert "not valid JSON" in bad('{"coins": NaN}')


def test_top_level_must_be_an_object():
    assert bad("[1, 2]").startswith("File end.json holds a list; the input must be one object")
    assert "holds a single int value" in bad("3")


def test_empty_input():
    assert bad("  \n").startswith("File end.json is empty;")
    assert bad("", "standard input").startswith("Standard input is empty;")


def test_missing_file_folder_and_binary(tmp_path):
    with pytest.raises(BadInput, match=r"^File .*nope.json does not exist; give the path"):
        load(str(tmp_path / "nope.json"))
    with pytest.raises(BadInput, match="is a folder, not a file"):
        load(str(tmp_path))
    f = tmp_path / "bin.json"
    f.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(BadInput, match="is not UTF-8 text"):
        load(str(f))
