"""`python -m referee.install_man`: the man pages pipx does not link (the Czech ones; all of them with a
pipx older than 1.3) linked where `man` finds them, nothing of anyone else's touched, all or nothing.

An install is faked as a folder laid out as the wheel installs it (<prefix>/share/man/...), with pipx's
own English links and its pipx_metadata.json where a test needs them; tests/platform/test_install_pipx.py
does it with the real wheel and the real pipx.
"""

import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from referee import install_man
from referee.i18n import using

pytestmark = pytest.mark.posix_only(reason="symbolic links and man pages are POSIX's (Windows has no man)")

PAGES = ["man1/referee.1", "man1/referee-new.1", "man7/referee-port-royal.7",
         "cs/man1/referee.1", "cs/man1/referee-new.1", "cs/man7/referee-port-royal.7"]
ENGLISH = [p for p in PAGES if not p.startswith("cs/")]
CZECH = [p for p in PAGES if p.startswith("cs/")]


@pytest.fixture
def prefix(tmp_path):
    root = tmp_path / "venvs" / "referee"
    for rel in PAGES:
        page = root / "share" / "man" / rel
        page.parent.mkdir(parents=True, exist_ok=True)
        lang = "cs" if rel.startswith("cs/") else "en"
        page.write_text(f'.TH {page.stem.upper()} {page.suffix[1:]}\n.SH NAME\n{page.stem} \\- {lang}\n',
                        encoding="utf-8")
    return root


def pipx_links(prefix, man_dir) -> None:
    """What pipx 1.3+ does on install: link share/man/man[1-9]/* and record them in its metadata."""
    for rel in ENGLISH:
        (man_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(prefix / "share" / "man" / rel, man_dir / rel)
    (prefix / "pipx_metadata.json").write_text(json.dumps({"main_package": {"man_pages": ENGLISH}}),
                                               encoding="utf-8")


def tree(folder: Path) -> dict:
    """Every entry under ``folder``: a link's target, a file's text, a folder as None."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = (("->", os.readlink(path)) if path.is_symlink() else
                    path.read_text(encoding="utf-8") if path.is_file() else None)
    return out


def run(*argv, prefix):
    out, err = io.StringIO(), io.StringIO()
    code = install_man.main([str(a) for a in argv], out=out, err=err, prefix=prefix)
    return code, out.getvalue(), err.getvalue()


def test_links_the_czech_pages_beside_pipx_own_and_leaves_those(prefix, tmp_path):
    man_dir = tmp_path / "man"
    pipx_links(prefix, man_dir)
    before = {rel: os.readlink(man_dir / rel) for rel in ENGLISH}
    code, out, err = run(man_dir, prefix=prefix)
    assert (code, err) == (0, "")
    assert out == f"Linked 3 man pages into {man_dir} (3 in Czech): `man referee`, and `man -L cs referee` in Czech.\n"
    for rel in CZECH:
        assert os.readlink(man_dir / rel) == str(prefix / "share" / "man" / rel)
    assert {rel: os.readlink(man_dir / rel) for rel in ENGLISH} == before


def test_an_old_pipx_linked_nothing_so_all_pages_are_linked(prefix, tmp_path):
    man_dir = tmp_path / "share" / "man"          # not there yet: made, with its cs/man1 and man7
    code, out, _ = run(man_dir, prefix=prefix)
    assert code == 0 and out.startswith(f"Linked 6 man pages into {man_dir} (3 in Czech)")
    assert sorted(p for p, v in tree(man_dir).items() if v) == sorted(PAGES)


def test_twice_changes_nothing_the_second_time(prefix, tmp_path):
    man_dir = tmp_path / "man"
    run(man_dir, prefix=prefix)
    before = tree(man_dir)
    code, out, _ = run(man_dir, prefix=prefix)
    assert (code, out) == (0, f"All 6 man pages are already in {man_dir}; nothing was changed.\n")
    assert tree(man_dir) == before


def test_a_file_or_a_foreign_link_is_kept_and_named(prefix, tmp_path):
    man_dir = tmp_path / "man"
    (man_dir / "cs" / "man1").mkdir(parents=True)
    (man_dir / "cs" / "man1" / "referee.1").write_text("someone's own page\n", encoding="utf-8")
    (man_dir / "man1").mkdir()
    os.symlink(tmp_path / "elsewhere.1", man_dir / "man1" / "referee-new.1")
    code, out, _ = run(man_dir, prefix=prefix)
    assert code == 0
    assert f"Kept {man_dir / 'cs' / 'man1' / 'referee.1'}: it is not a link to one of referee's pages" in out
    assert f"Kept {man_dir / 'man1' / 'referee-new.1'}:" in out
    assert (man_dir / "cs" / "man1" / "referee.1").read_text(encoding="utf-8") == "someone's own page\n"
    assert os.readlink(man_dir / "man1" / "referee-new.1") == str(tmp_path / "elsewhere.1")
    assert out.startswith(f"Linked 4 man pages into {man_dir}")


def test_a_link_to_a_removed_install_of_referee_is_replaced(prefix, tmp_path):
    man_dir = tmp_path / "man"
    (man_dir / "cs" / "man1").mkdir(parents=True)
    os.symlink(tmp_path / "old-venv" / "share" / "man" / "cs" / "man1" / "referee.1", man_dir / "cs/man1/referee.1")
    code, _, _ = run(man_dir, prefix=prefix)
    assert code == 0
    assert os.readlink(man_dir / "cs/man1/referee.1") == str(prefix / "share" / "man" / "cs/man1/referee.1")


def test_remove_takes_away_only_its_own_links(prefix, tmp_path, monkeypatch):
    man_dir = tmp_path / "man"
    monkeypatch.setenv("PIPX_MAN_DIR", str(man_dir))       # pipx's folder: its metadata names its own links
    pipx_links(prefix, man_dir)
    run(man_dir, prefix=prefix)
    (man_dir / "man1" / "other.1").write_text("another program's page\n", encoding="utf-8")
    code, out, _ = run("--remove", man_dir, prefix=prefix)
    assert (code, out) == (0, f"Removed 3 links to referee's man pages from {man_dir}.\n")
    left = tree(man_dir)
    assert all(not (man_dir / rel).is_symlink() for rel in CZECH)
    assert all(left[rel] == ("->", str(prefix / "share" / "man" / rel)) for rel in ENGLISH)   # pipx's own
    assert left["man1/other.1"] == "another program's page\n"
    code, out, _ = run("--remove", man_dir, prefix=prefix)
    assert (code, out) == (0, f"{man_dir} holds no link to this referee's man pages; nothing was changed.\n")


def test_outside_pipx_folder_remove_takes_every_link_into_this_install(prefix, tmp_path, monkeypatch):
    """An old pipx (no man pages in its metadata) or a folder that is not pipx's: every link is this module's."""
    monkeypatch.setenv("PIPX_MAN_DIR", str(tmp_path / "pipx-man"))
    man_dir = tmp_path / "man"
    (prefix / "pipx_metadata.json").write_text(json.dumps({"main_package": {"man_pages": ENGLISH}}),
                                               encoding="utf-8")
    run(man_dir, prefix=prefix)
    code, out, _ = run("--remove", man_dir, prefix=prefix)
    assert code == 0 and out.startswith("Removed 6 links")
    assert not [p for p, v in tree(man_dir).items() if v]


@pytest.mark.parametrize("what", ["symlink", "mkdir"])
def test_a_failing_link_or_folder_leaves_everything_as_it_was(prefix, tmp_path, monkeypatch, what):
    """Fail the k-th file operation of the run, for every k until the run gets through: the man folder is
    exactly as before (the links made are taken away again, a replaced link put back), one sentence, exit 2."""
    real_symlink, real_mkdir = os.symlink, Path.mkdir
    k = 0
    while True:
        k += 1
        man_dir = tmp_path / f"man{what}{k}"
        pipx_links(prefix, man_dir)
        os.symlink(tmp_path / "old" / "share" / "man" / "man7" / "referee-port-royal.7",
                   man_dir / "man7" / "referee-port-royal.7.tmp")      # not a page path: kept as it is
        (man_dir / "cs").mkdir()
        os.symlink(tmp_path / "old" / "share" / "man" / "cs" / "man1" / "referee.1", man_dir / "cs" / "referee")
        before = tree(man_dir)
        calls = [0]

        def failing(real):
            def call(*a, **kw):
                calls[0] += 1
                if calls[0] == k:
                    raise OSError(28, "No space left on device")
                return real(*a, **kw)
            return call
        if what == "symlink":
            monkeypatch.setattr(install_man.os, "symlink", failing(real_symlink))
        else:
            monkeypatch.setattr(Path, "mkdir", failing(real_mkdir))
        code, out, err = run(man_dir, prefix=prefix)
        monkeypatch.undo()
        if code == 0:
            break
        assert (code, out) == (2, "")
        assert err == (f"python -m referee.install_man: Cannot link the man pages into {man_dir} (No space left on "
                       f"device); nothing was changed. Give a folder you can write to: python -m referee.install_man "
                       f"FOLDER.\n")
        assert tree(man_dir) == before, k
    assert k > 1


def test_a_replaced_link_is_put_back_when_a_later_one_fails(prefix, tmp_path, monkeypatch):
    man_dir = tmp_path / "man"
    (man_dir / "cs" / "man1").mkdir(parents=True)
    old = tmp_path / "old-venv" / "share" / "man" / "cs" / "man1" / "referee.1"
    os.symlink(old, man_dir / "cs/man1/referee.1")
    before = tree(man_dir)
    real, calls = os.symlink, [0]

    def failing(*a, **kw):
        calls[0] += 1
        if calls[0] == 5:
            raise PermissionError(13, "Permission denied")
        return real(*a, **kw)
    monkeypatch.setattr(install_man.os, "symlink", failing)
    code, _, err = run(man_dir, prefix=prefix)
    assert code == 2 and "(Permission denied); nothing was changed." in err
    monkeypatch.undo()
    assert tree(man_dir) == before


def test_no_pages_beside_this_referee(tmp_path):
    code, out, err = run(tmp_path / "man", prefix=tmp_path / "bare")
    assert (code, out) == (2, "")
    assert err.startswith(f"python -m referee.install_man: No man pages are installed beside this referee "
                          f"({tmp_path / 'bare' / 'share' / 'man'} has none)")
    assert not (tmp_path / "man").exists()


def test_bad_usage_is_exit_2_and_help_is_0(prefix, tmp_path):
    code, _, err = run("--force", prefix=prefix)
    assert code == 2 and err.startswith("python -m referee.install_man: unexpected argument '--force'.")
    code, _, err = run(tmp_path / "a", tmp_path / "b", prefix=prefix)
    assert code == 2 and "usage: python -m referee.install_man [--remove] [MAN_DIR]" in err
    code, out, _ = run("--help", prefix=prefix)
    assert code == 0 and out.startswith("usage: python -m referee.install_man")


def test_the_default_folder_is_pipx_one(monkeypatch, tmp_path):
    monkeypatch.setenv("PIPX_MAN_DIR", str(tmp_path / "pipxman"))
    assert install_man.default_man_dir() == tmp_path / "pipxman"
    monkeypatch.delenv("PIPX_MAN_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert install_man.default_man_dir() == tmp_path / ".local" / "share" / "man"


def test_messages_in_czech(prefix, tmp_path):
    man_dir = tmp_path / "man"
    with using("cs"):
        code, out, _ = run(man_dir, prefix=prefix)
        again = run(man_dir, prefix=prefix)[1]
        gone = run("--remove", man_dir, prefix=prefix)[1]
        failed = run(man_dir, prefix=tmp_path / "bare")[2]
    assert code == 0
    for text in (out, again, gone, failed):
        assert text.strip() and not any(w in text for w in ("Linked", "already", "Removed", "No man pages"))
    assert str(man_dir) in out and "man -L cs referee" in out


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed here")
def test_man_finds_the_linked_czech_page(prefix, tmp_path):
    """man-db searches <dir>/cs/man1 of each folder of its path for `-L cs` (MANPATH: `-M` skips the
    language folders)."""
    man_dir = tmp_path / "man"
    run(man_dir, prefix=prefix)
    env = {k: v for k, v in os.environ.items() if k not in ("MANPATH", "LANG", "LC_ALL", "LANGUAGE", "LC_MESSAGES")}
    env["MANPATH"] = str(man_dir)

    def where(*args):
        return subprocess.run(["man", *args], capture_output=True, text=True, env=env).stdout.strip()
    share = prefix / "share" / "man"        # man -w names the page the link leads to; MANPATH has only man_dir
    assert where("-L", "cs", "-w", "referee") == str(share / "cs" / "man1" / "referee.1")
    assert where("-L", "cs", "-w", "7", "referee-port-royal") == str(share / "cs" / "man7" / "referee-port-royal.7")
    assert where("-w", "referee") == str(share / "man1" / "referee.1")
