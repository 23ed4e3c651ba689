"""Wheel build hook: the man pages and the shell completion scripts go where a player's install finds them.

A wheel's data files land under the install prefix: <venv>/share/... for a venv or pipx, /usr/local/share
or ~/.local/share for other installs. `man referee` finds <venv>/share/man when <venv>/bin is on PATH (man-db
looks beside each PATH entry, the translated pages in share/man/LANG too); pipx 1.3 and later links the
share/man/man1 and man7 pages into ~/.local/share/man but not share/man/cs (nor does an older pipx link
any): `python -m referee.install_man` links what it leaves out (see the README's Install).
The pages are listed here, not in pyproject.toml, because every new command adds one: man/NAME.N goes to
share/man/manN/NAME.N, and a translated page man/LANG/NAME.N to share/man/LANG/manN/NAME.N.
"""

from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPLETIONS = {"referee.bash": "share/bash-completion/completions/referee",
               "_referee": "share/zsh/site-functions/_referee",
               "referee.fish": "share/fish/vendor_completions.d/referee.fish"}


def shared_data(root: Path) -> dict[str, str]:
    """source path (relative to the checkout) -> path under the install prefix."""
    out = {}
    man = root / "man"
    for page in sorted(man.glob("*.[1-8]")) + sorted(man.glob("*/*.[1-8]")):
        section = page.suffix[1:]
        lang = page.parent.relative_to(man).as_posix()
        where = f"share/man/man{section}" if lang == "." else f"share/man/{lang}/man{section}"
        out[page.relative_to(root).as_posix()] = f"{where}/{page.name}"
    for name, target in COMPLETIONS.items():
        if (root / "completions" / name).is_file():
            out[f"completions/{name}"] = target
    return out


class ManPagesAndCompletions(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        if self.target_name == "wheel":
            build_data["shared_data"].update(shared_data(Path(self.root)))
