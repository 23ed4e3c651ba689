"""A file name with a NUL character (possible through the Python API and CliRunner, where argv is not a C
string) is refused by every path option with one sentence and exit 2; os.stat's ValueError was a traceback
(found by tests/proof/test_fuzz.py::test_cli_never_tracebacks: `--db games --db '\\x00'`)."""

import pytest
from click.testing import CliRunner

from referee.cli import cli


@pytest.mark.parametrize("args", [
    ["--db", "\x00"],
    ["--db", "a\x00b", "history"],
    ["import", "x\x00.json"],
    ["export", "--format", "json", "x\x00"],
    ["site", "site\x00"],
    ["qr", "abc", "--png", "q\x00.png"],
])
def test_a_nul_in_a_file_name_is_one_sentence_and_exit_2(tmp_path, args):
    if args[0] != "--db":
        args = ["--db", str(tmp_path / "h.json"), *args]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert "NUL" in result.output and "Traceback" not in result.output
