"""Link the man pages installed beside referee into a folder `man` searches: what pipx leaves out.

    python -m referee.install_man [--remove] [MAN_DIR]

The wheel puts the pages under the install prefix (hatch_build.py): <prefix>/share/man/man1, man7 and the
Czech ones in <prefix>/share/man/cs/man1, cs/man7. For a venv whose bin/ is on PATH, man-db finds all of
them there. pipx keeps its venvs off PATH and links pages into PIPX_MAN_DIR (default ~/.local/share/man,
which man-db searches because ~/.local/bin is on PATH) -- but only <prefix>/share/man/man[1-9]/*, so the
Czech pages are never linked, and a pipx older than 1.3 (Debian 12 ships 1.1, Ubuntu 22.04 ships 1.0)
links no page at all. Run with the Python of referee's own venv (that is how it knows which install's
pages to link), this links every page of that install that MAN_DIR lacks, in the same layout, so that
`man -L cs referee` (or a Czech locale) finds the Czech page.

What it may touch, so that it deletes nothing it did not make:
- a page already there as a link to this install's file (pipx's own links) is left as it is;
- a link to a referee page of another install (the same page path under some other share/man, e.g. a venv
  that was removed) is replaced;
- anything else already there (a file, a link elsewhere) is kept and named.
All or nothing: if one link cannot be made, the links made in this run are removed again. `--remove` takes
away the links this made (pipx_metadata.json names the ones pipx made; pipx removes those itself): run it
before `pipx uninstall referee`, while this install's Python is still there.

The integrator may expose this as a command; the function is ``main(argv)`` (exit status; messages on
stdout/stderr), ``link(man_dir, prefix)`` and ``unlink(man_dir, prefix)`` the parts a test calls.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .core.errors import BadInput
from .i18n import _, ngettext

TRANSLATED = ("cs",)        # the languages of man/<lang>/ (manpages.LANGUAGES without English)


def default_man_dir() -> Path:
    """Where pipx links man pages: PIPX_MAN_DIR, else ~/.local/share/man (pipx's default)."""
    chosen = os.environ.get("PIPX_MAN_DIR")
    return Path(chosen).expanduser() if chosen else Path.home() / ".local" / "share" / "man"


def pages(prefix) -> list[Path]:
    """The installed pages as paths relative to <prefix>/share/man: man1/referee.1, cs/man7/referee-….7."""
    share = Path(prefix) / "share" / "man"
    found = [p.relative_to(share) for p in share.glob("man[1-9]/referee*.[1-9]")]
    for lang in TRANSLATED:
        found += [p.relative_to(share) for p in share.glob(f"{lang}/man[1-9]/referee*.[1-9]")]
    return sorted(found)


def _is_ours(place: Path, rel: Path) -> bool:
    """A link whose target is the same page path under some share/man: a referee page of some install."""
    if not place.is_symlink():
        return False
    target = Path(os.readlink(place))
    return target.parts[-len(rel.parts) - 2:] == ("share", "man", *rel.parts)


def _same(place: Path, source: Path) -> bool:
    try:
        return place.exists() and os.path.samefile(place, source)
    except OSError:
        return False


def plan(man_dir, prefix) -> tuple[list[Path], list[Path], list[Path]]:
    """(pages to link, pages already linked to this install, places kept because they are not ours)."""
    share = Path(prefix) / "share" / "man"
    todo, there, kept = [], [], []
    for rel in pages(prefix):
        place = Path(man_dir) / rel
        if _same(place, share / rel):
            there.append(rel)
        elif place.is_symlink() and _is_ours(place, rel):
            todo.append(rel)
        elif place.exists() or place.is_symlink():
            kept.append(place)
        else:
            todo.append(rel)
    return todo, there, kept


def link(man_dir, prefix=None) -> tuple[list[Path], list[Path], list[Path]]:
    """Link the pages of the install at ``prefix`` (default: this Python's) that ``man_dir`` lacks.
    Returns (linked, already there, kept); raises BadInput (nothing changed) when a link cannot be made."""
    prefix = Path(prefix if prefix is not None else sys.prefix)
    man_dir = Path(man_dir)
    share = prefix / "share" / "man"
    if not pages(prefix):
        raise BadInput(_("No man pages are installed beside this referee ({folder} has none); install referee "
                         "from this repository (`pipx install .` or `pip install .`) and run this again.").format(
            folder=share))
    todo, there, kept = plan(man_dir, prefix)
    made: list[Path] = []           # links made in this run: the only things an undo may delete
    replaced: list[tuple[Path, str]] = []
    folders: list[Path] = []        # folders made in this run, innermost last
    try:
        for rel in todo:
            place = man_dir / rel
            for folder in reversed(place.parents):     # e.g. cs/man1, or the man folder itself
                if not folder.is_dir():
                    folder.mkdir()
                    folders.append(folder)
            if place.is_symlink():      # a referee page of another install (checked by plan())
                old = os.readlink(place)
                place.unlink()
                replaced.append((place, old))
            os.symlink(share / rel, place)
            made.append(place)
    except OSError as err:
        for place in reversed(made):
            place.unlink()
        for place, old in replaced:
            if not place.is_symlink():
                os.symlink(old, place)
        for folder in reversed(folders):
            try:
                folder.rmdir()
            except OSError:
                pass
        raise BadInput(_("Cannot link the man pages into {folder} ({reason}); nothing was changed. Give a folder "
                         "you can write to: python -m referee.install_man FOLDER.").format(
            folder=man_dir, reason=err.strerror or err)) from None
    return todo, there, kept


def pipx_pages(prefix) -> set[str]:
    """The pages pipx linked itself (its pipx_metadata.json in the venv), which pipx removes on uninstall:
    --remove leaves them to it."""
    import json

    try:
        meta = json.loads((Path(prefix) / "pipx_metadata.json").read_text(encoding="utf-8"))
        return {str(Path(p)) for p in meta["main_package"].get("man_pages") or []}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return set()


def _same_folder(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).absolute() == Path(b).absolute()


def unlink(man_dir, prefix=None) -> list[Path]:
    """Remove the links in ``man_dir`` to the pages of the install at ``prefix`` that pipx did not make
    (those this module made; in pipx's folder, pipx_metadata.json names pipx's); returns them."""
    prefix = Path(prefix if prefix is not None else sys.prefix)
    share = prefix / "share" / "man"
    # pipx linked its pages into its own folder only; elsewhere every link into this install is this module's
    theirs = pipx_pages(prefix) if _same_folder(man_dir, default_man_dir()) else set()
    gone = []
    for rel in pages(prefix):
        place = Path(man_dir) / rel
        if str(rel) in theirs:
            continue
        if place.is_symlink() and Path(os.readlink(place)) == share / rel:
            place.unlink()
            gone.append(place)
    return gone


USAGE = "usage: python -m referee.install_man [--remove] [MAN_DIR]"


def main(argv=None, out=None, err=None, prefix=None) -> int:
    """`python -m referee.install_man`: the exit status (0, or 2 for bad usage or a link that cannot be made).
    ``prefix``: the install whose pages are linked (default: this Python's, sys.prefix)."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in argv):
        out.write(USAGE + "\n" + _("Link the man pages of this referee (English and Czech) into MAN_DIR "
                                   "(default: $PIPX_MAN_DIR, else ~/.local/share/man); --remove takes the links "
                                   "away again.") + "\n")
        return 0
    remove = "--remove" in argv
    rest = [a for a in argv if a != "--remove"]
    if len(rest) > 1 or any(a.startswith("-") for a in rest):
        err.write("python -m referee.install_man: " + _("unexpected argument {arg!r}.").format(
            arg=(rest[1] if len(rest) > 1 else rest[0])) + " " + USAGE + "\n")
        return 2
    man_dir = Path(rest[0]).expanduser() if rest else default_man_dir()
    if remove:
        gone = unlink(man_dir, prefix)
        out.write((ngettext("Removed {n} link to referee's man pages from {folder}.",
                            "Removed {n} links to referee's man pages from {folder}.", len(gone))
                   if gone else _("{folder} holds no link to this referee's man pages; nothing was changed.")
                   ).format(n=len(gone), folder=man_dir) + "\n")
        return 0
    try:
        linked, there, kept = link(man_dir, prefix)
    except BadInput as problem:
        err.write(f"python -m referee.install_man: {problem}\n")
        return 2
    if linked:
        czech = sum(1 for rel in linked if rel.parts[0] in TRANSLATED)
        out.write(ngettext("Linked {n} man page into {folder} ({cs} in Czech): `man referee`, and "
                           "`man -L cs referee` in Czech.",
                           "Linked {n} man pages into {folder} ({cs} in Czech): `man referee`, and "
                           "`man -L cs referee` in Czech.", len(linked)).format(
            n=len(linked), folder=man_dir, cs=czech) + "\n")
    else:
        out.write(_("All {n} man pages are already in {folder}; nothing was changed.").format(
            n=len(there), folder=man_dir) + "\n")
    for place in kept:
        out.write(_("Kept {path}: it is not a link to one of referee's pages; remove it and run this again to "
                    "link referee's page there.").format(path=place) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
