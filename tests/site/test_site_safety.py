"""`referee site DIR` and `referee export FILE` never delete or overwrite what they did not write: the history
store (wherever it lives), a folder of someone's files, a symlink; and the site is readable by a web server
(its folder keeps the mode it had, or gets the umask's)."""

import os
import stat
from pathlib import Path

import pytest

from referee.cli import main


def _tree(root: Path) -> dict:
    """Every file under ``root`` with its bytes (what must be exactly the same after a refused command)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def referee(capsys):
    def run(*args):
        with pytest.raises(SystemExit) as done:
            main([str(a) for a in args])
        out = capsys.readouterr()
        assert "Traceback" not in out.err and "internal error" not in out.err, out.err
        code = done.value.code
        return (0 if code is None else code), out.out, out.err
    return run


def _club(referee, db: Path) -> None:
    assert referee("--db", db, "record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-01-05")[0] == 0
    assert referee("--db", db, "record", "port-royal", "-p", "Ann=7", "-p", "Cal=11", "--date", "2026-01-06")[0] == 0


def _plays(referee, db: Path) -> int:
    import json

    code, out, _err = referee("--db", db, "history", "--json")
    assert code == 0
    return len(json.loads(out))


def test_a_site_over_the_store_folder_is_refused_even_with_force(referee, tmp_path):
    db = tmp_path / "club" / "history.json"
    _club(referee, db)
    before = _tree(tmp_path)
    for args in ((db.parent,), (db.parent, "--force"), (tmp_path,), (tmp_path, "--force")):
        code, _out, err = referee("--db", db, "site", *args)
        assert code == 2 and "holds the history store" in err and err.count("\n") == 1, err
    assert _tree(tmp_path) == before
    assert _plays(referee, db) == 2


def test_a_store_living_in_an_earlier_site_is_not_replaced(referee, tmp_path):
    # The history was put in the site's folder (a synced folder, say): the marker says "an earlier site",
    # but the folder holds the history, so it is never swapped out.
    site = tmp_path / "site"
    other = tmp_path / "other" / "history.json"
    _club(referee, other)
    assert referee("--db", other, "site", site)[0] == 0
    db = site / "history.json"
    _club(referee, db)
    before = _tree(tmp_path)
    code, _out, err = referee("--db", db, "site", site)
    assert code == 2 and "holds the history store" in err
    assert _tree(tmp_path) == before and _plays(referee, db) == 2


@pytest.mark.parametrize("inside", ["history.json.d", "history.json.d/site", "history.json.records",
                                    "history.json.trash", "history.json.journal", "history.json.live/x",
                                    "history.json"])
def test_a_site_inside_the_stores_own_folders_is_refused(referee, tmp_path, inside):
    db = tmp_path / "history.json"
    _club(referee, db)
    before = _tree(tmp_path)
    code, _out, err = referee("--db", db, "site", tmp_path / inside, "--force")
    assert code == 2 and err.count("\n") == 1, err
    assert _tree(tmp_path) == before and _plays(referee, db) == 2


def test_a_symlink_to_the_store_folder_is_refused(referee, tmp_path):
    db = tmp_path / "club" / "history.json"
    _club(referee, db)
    (tmp_path / "web").symlink_to(db.parent, target_is_directory=True)
    code, _out, err = referee("--db", db, "site", tmp_path / "web", "--force")
    assert code == 2 and "holds the history store" in err
    assert _plays(referee, db) == 2 and (tmp_path / "web").is_symlink()


def test_a_folder_of_someones_files_is_never_replaced(referee, tmp_path):
    db = tmp_path / "history.json"
    _club(referee, db)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("keep me", encoding="utf-8")
    for force in ((), ("--force",)):
        code, _out, err = referee("--db", db, "site", mine, *force)
        assert code == 2 and "not a referee site" in err and err.count("\n") == 1, err
        assert (mine / "thesis.txt").read_text(encoding="utf-8") == "keep me"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert referee("--db", db, "site", empty)[0] == 0 and (empty / "index.html").is_file()


def test_the_refusal_is_in_czech_too(referee, tmp_path):
    db = tmp_path / "club" / "history.json"
    _club(referee, db)
    code, _out, err = referee("--lang", "cs", "--db", db, "site", db.parent, "--force")
    assert code == 2 and "holds the history store" not in err and str(db.parent) in err


@pytest.mark.posix_only(reason="folder modes and the umask are POSIX")
def test_the_site_folder_is_readable_by_a_web_server(referee, tmp_path):
    db = tmp_path / "history.json"
    _club(referee, db)
    old = os.umask(0o022)
    try:
        assert referee("--db", db, "site", tmp_path / "site")[0] == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "site").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "site" / "index.html").stat().st_mode) == 0o644
    # a mode the club chose is kept by the next build
    os.chmod(tmp_path / "site", 0o750)
    assert referee("--db", db, "site", tmp_path / "site")[0] == 0
    assert stat.S_IMODE((tmp_path / "site").stat().st_mode) == 0o750


def test_a_symlinked_site_folder_stays_a_link(referee, tmp_path):
    db = tmp_path / "history.json"
    _club(referee, db)
    real = tmp_path / "srv" / "www"
    assert referee("--db", db, "site", real)[0] == 0
    link = tmp_path / "public"
    link.symlink_to(real, target_is_directory=True)
    assert referee("--db", db, "site", link, "--title", "Linked")[0] == 0
    assert link.is_symlink() and Path(os.readlink(link)) == real
    assert "Linked" in (real / "index.html").read_text(encoding="utf-8")


# --- export FILE -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["history.json", "history.json.bak", "history.json.journal", "history.json.trash",
                                  "history.json.d/ab.json", "history.json.d", "history.json.records/x.txt",
                                  "history.json.live/new.json", "history.json.lock", ".history.json.1.tmp"])
@pytest.mark.parametrize("fmt", ["json", "csv", "bgg", "bgstats"])
def test_export_never_writes_onto_a_store_file(referee, tmp_path, name, fmt):
    db = tmp_path / "history.json"
    _club(referee, db)
    assert referee("--db", db, "trash")[0] == 0
    before = _tree(tmp_path)
    code, _out, err = referee("--db", db, "export", tmp_path / name, "--format", fmt)
    assert code == 2 and err.count("\n") == 1, err
    assert _tree(tmp_path) == before and _plays(referee, db) == 2


def test_export_through_a_link_onto_the_store_is_refused(referee, tmp_path):
    db = tmp_path / "club" / "history.json"
    _club(referee, db)
    (tmp_path / "backup.json").symlink_to(db)
    (tmp_path / "shards").symlink_to(db.parent / "history.json.d", target_is_directory=True)
    before = _tree(db.parent)
    for target in (tmp_path / "backup.json", tmp_path / "shards" / "new.json"):
        code, _out, err = referee("--db", db, "export", target)
        assert code == 2, err
    assert _tree(db.parent) == before and _plays(referee, db) == 2
    assert referee("--db", db, "export", tmp_path / "fine.json")[0] == 0
