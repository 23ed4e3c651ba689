"""CI runs exactly the README's test command: .ci/run on this machine, the workflow on hosted runners."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def readme_test_command() -> str:
    block = (ROOT / "README.md").read_text(encoding="utf-8").split("## Test", 1)[1].split("```sh", 1)[1]
    return block.split("```", 1)[0].strip()


def test_the_readme_test_command_is_what_ci_runs():
    command = readme_test_command()
    assert command == "python -m pytest -q"
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r'"\$venv/bin/python" -m pytest -q \)', run)       # every Python, and simulated Windows
    assert "REFEREE_SIMULATE=windows" in run and "pip install --quiet --disable-pip-version-check -e '.[test]'" in run
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert workflow.count(f"run: {command}") == 2 and "REFEREE_SIMULATE: windows" in workflow
    for os_name in ("ubuntu-latest", "macos-latest", "windows-latest"):
        assert os_name in workflow
    for version in ("3.10", "3.11", "3.12", "3.13"):
        assert f'"{version}"' in workflow


def test_ci_run_refuses_a_run_without_tests():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"5\) line=\"FAILED: it ran no test", run)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_ci_run_is_valid_bash():
    done = subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
