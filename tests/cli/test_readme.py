"""The README's 'A first game' works as printed (with the id the tool hands out)."""

import json
import re
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def test_first_game_from_the_readme(db):
    block = README.read_text().split("## A first game", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [re.sub(r"\s+#.*$", "", ln).strip() for ln in block.strip().splitlines()]
    assert [ln.split()[1] for ln in lines] == ["games", "new", "play", "move", "show"]
    runner = CliRunner()
    gid = None
    for line in lines:
        args = line.split()[1:]
        if args[0] == "new":
            args.append("--json")
        if gid:
            args = [gid if a == "ab3k7q" else a for a in args]
        result = runner.invoke(cli, args, input="", catch_exceptions=False)
        assert result.exit_code == 0, (line, result.output)
        if args[0] == "new":
            gid = json.loads(result.stdout)["id"]
    shown = json.loads(runner.invoke(cli, ["show", gid, "--json"]).stdout)
    assert shown["moves"] == ["flip", "sailor-3-1", "stop"]
