"""Shell completion scripts, generated from the click CLI into completions/ and installed with the wheel.

    python -m referee.completion_scripts            # writes completions/ (bash, zsh, fish)
    python -m referee.completion_scripts --check    # exit 1 when completions/ is out of date

The scripts only call back into `referee` (click's completion protocol), so they change only with click's
own script format; the test suite regenerates and compares them, as it does the man pages. The wheel
installs them where each shell looks beside a venv's bin/ or a prefix (see hatch_build.py):
share/bash-completion/completions/referee, share/zsh/site-functions/_referee,
share/fish/vendor_completions.d/referee.fish.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRECTORY = ROOT / "completions"
FILES = {"bash": "referee.bash", "zsh": "_referee", "fish": "referee.fish"}
COMPLETE_VAR = "_REFEREE_COMPLETE"


def generate() -> dict[str, str]:
    """file name -> script text."""
    from click.shell_completion import get_completion_class

    from .cli import cli

    return {name: get_completion_class(shell)(cli, {}, "referee", COMPLETE_VAR).source()
            for shell, name in FILES.items()}


def check(directory: Path = DIRECTORY) -> list[str]:
    problems = []
    for name, text in generate().items():
        path = directory / name
        if not path.is_file():
            problems.append(f"{name} is missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{name} differs from what click generates")
    return problems


def write(directory: Path = DIRECTORY) -> list[str]:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in generate().items():
        # newline="\n": the scripts are for POSIX shells, also when generated on Windows
        with open(directory / name, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    return sorted(FILES.values())


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--check"]:
        problems = check()
        for p in problems:
            print(p)
        if problems:
            print("Run `python -m referee.completion_scripts` to regenerate completions/.")
        return 1 if problems else 0
    if argv:
        print("usage: python -m referee.completion_scripts [--check]", file=sys.stderr)
        return 2
    print(f"Wrote {len(write())} completion scripts to {DIRECTORY}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
