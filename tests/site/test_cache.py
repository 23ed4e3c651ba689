"""A second `referee site` into the same folder reuses the pages of plays that did not change, and only
those: an edited play, a renamed player, a damaged cache or a killed build never leave a wrong page."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.club.site import build
from referee.club.site.cache import MANIFEST

from .conftest import store_with

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory, four_games):
    """A store with the four tracked games and two recorded plays, made once and copied for each test."""
    folder = tmp_path_factory.mktemp("pristine")
    recorded = [{"game": "port-royal", "date": f"2026-04-0{i}", "players": ["Ann", "Dan"], "source": "recorded",
                 "result": {"game": "port-royal", "winners": ["Ann"],
                            "ranking": [{"player": "Ann", "total": 9 + i, "rank": 1, "breakdown": {}},
                                        {"player": "Dan", "total": 4, "rank": 2, "breakdown": {}}]}}
                for i in (1, 2)]
    store_with(folder / "history.json", four_games.values(), recorded)
    return folder


@pytest.fixture
def db(pristine, tmp_path, monkeypatch):
    folder = tmp_path / "store"
    shutil.copytree(pristine, folder)
    monkeypatch.setenv("REFEREE_DB", str(folder / "history.json"))
    monkeypatch.setenv("REFEREE_LOCK_TIMEOUT", "0.3")
    return folder / "history.json"


@pytest.fixture
def replays(monkeypatch):
    """The records replayed by each build (the work a reused page saves)."""
    seen = []
    real = build._replay_text

    def counting(text):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(build, "_replay_text", counting)
    return seen


def run(*args):
    from referee.cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def files(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def play_pages(root: Path, text: str) -> list[str]:
    return sorted(p.name for p in (root / "plays").glob("*.html") if text in p.read_text(encoding="utf-8"))


def test_a_second_build_replays_nothing_and_writes_the_same_site(db, tmp_path, replays):
    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    assert len(replays) == 4
    first = files(out)
    assert run("site", out).exit_code == 0
    assert len(replays) == 4                       # every play page came from the earlier site
    assert files(out) == first


def test_an_edited_play_and_a_renamed_player_change_their_pages_and_only_theirs(db, tmp_path, replays):
    from referee.club.log import corrections
    from referee.store import Store

    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    first = files(out)
    store = Store(db)
    tracked = [d for d in store.archived() if d.get("has_record")]
    edited = next(d for d in tracked if d["game"] == "puerto-rico")
    corrections.edit(store, edited["id"], location="Garden <shed>")
    replays.clear()
    assert run("site", out).exit_code == 0
    assert len(replays) == 1                        # the edited tracked play, no other
    assert len(play_pages(out, "Garden &lt;shed&gt;")) == 1
    changed = {rel for rel, data in files(out).items() if first.get(rel) != data}
    assert {rel for rel in changed if rel.startswith("plays/")} == {f"plays/{play_pages(out, 'Garden')[0]}"}

    corrections.rename(store, "Dan", "Daniel")
    replays.clear()
    assert run("site", out).exit_code == 0
    assert replays == []                            # Dan played no tracked game
    assert len(play_pages(out, ">Daniel</a>")) == 2 and play_pages(out, ">Dan</a>") == []

    corrections.rename(store, "Cal", "Calla")
    replays.clear()
    assert run("site", out).exit_code == 0
    assert len(replays) == 4                        # Cal's name is in every tracked game's record
    assert len(play_pages(out, ">Calla</a>")) == 4 and play_pages(out, ">Cal</a>") == []
    assert run("site", tmp_path / "fresh").exit_code == 0
    assert files(out) == files(tmp_path / "fresh")  # the same as a site built from nothing


def test_a_damaged_cache_is_ignored_and_the_pages_made_again(db, tmp_path, replays):
    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    first = files(out)

    (out / MANIFEST).write_text('{"format": 1, "renderer": "x", "pages": {"plays/', encoding="utf-8")
    replays.clear()
    assert run("site", out).exit_code == 0
    assert len(replays) == 4 and files(out) == first

    page = next(p for p in (out / "plays").glob("*.html") if "replay-data" in p.read_text(encoding="utf-8"))
    page.write_bytes(page.read_bytes()[:-200] + b"<p>edited by hand</p>")
    other = next(p for p in (out / "plays").glob("*.html") if "replay-data" not in p.read_text(encoding="utf-8"))
    other.unlink()
    replays.clear()
    assert run("site", out).exit_code == 0
    assert len(replays) == 1 and files(out) == first  # the edited page and the missing one are made again

    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    manifest["renderer"] = "an older referee"
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    replays.clear()
    assert run("site", out).exit_code == 0
    assert len(replays) == 4 and files(out) == first


def test_a_page_is_reused_only_in_the_same_language_and_title(db, tmp_path, replays, monkeypatch):
    from referee import i18n

    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    replays.clear()
    assert run("site", out, "--title", "Friday club").exit_code == 0
    assert len(replays) == 4
    monkeypatch.setenv("REFEREE_LANG", "cs")
    i18n.set_language(None)
    try:
        replays.clear()
        assert run("site", out, "--title", "Friday club").exit_code == 0
    finally:
        i18n.set_language("en")
    assert len(replays) == 4
    assert all('<html lang="cs">' in p.read_text(encoding="utf-8") for p in (out / "plays").glob("*.html"))


KILLED_BUILD = """
import os, sys
from referee.club.site import build
from referee.cli import cli
where = sys.argv[2]
if where == "writing":                  # killed while the pages are written
    real = build._render
    count = [0]
    def render(*a, **k):
        count[0] += 1
        if count[0] == 4:
            os._exit(137)
        return real(*a, **k)
    build._render = render
else:                                   # killed between taking the old site away and putting the new in
    real_replace = os.replace
    def replace(a, b):
        real_replace(a, b)
        os._exit(137)
    build.os.replace = replace
cli(["site", sys.argv[1]])
"""


def kill_a_build(out: Path, where: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", KILLED_BUILD, str(out), where], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 137, done.stderr


def age(folder: Path, seconds: float) -> None:
    then = time.time() - seconds
    for d in (folder, *(p for p in folder.rglob("*") if p.is_dir())):
        os.utime(d, (then, then))


def test_a_build_killed_while_writing_leaves_the_site_and_the_next_build_clears_up(db, tmp_path, replays):
    out = tmp_path / "site"
    assert run("site", out, "--title", "First").exit_code == 0
    first = files(out)
    kill_a_build(out, "writing")
    assert files(out) == first                     # the published site is untouched
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".site.new-")]
    assert len(left) == 1 and not (left[0] / ".referee-site").exists()   # unfinished

    assert run("site", out, "--title", "First").exit_code == 0
    assert files(out) == first
    assert left[0].exists()                        # too young: it could be a build still running
    age(left[0], 3600)
    assert run("site", out, "--title", "First").exit_code == 0
    assert not left[0].exists() and files(out) == first


def test_a_build_killed_while_swapping_is_recovered_by_the_next(db, tmp_path, replays):
    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    first = files(out)
    kill_a_build(out, "swapping")
    assert not out.exists()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(".site.old-")]
    assert len(aside) == 1 and files(aside[0]) == first
    replays.clear()
    assert run("site", out).exit_code == 0
    assert replays == []                           # every play page came from the site left aside
    assert files(out) == first
    assert not aside[0].exists()


@pytest.mark.parametrize("start", [None, "spawn"])
def test_replays_in_worker_processes_write_the_same_pages_in_the_chosen_language(db, tmp_path, monkeypatch,
                                                                                 start):
    """A club with many tracked games replays them in other processes (one per core); a worker started
    afresh (spawn: Windows, macOS) must write its pages in the build's language like this process does."""
    from referee import i18n

    monkeypatch.setenv("REFEREE_LANG", "en")      # what a worker started afresh would choose by itself
    try:
        assert run("--lang", "cs", "site", tmp_path / "here").exit_code == 0
        monkeypatch.setattr(build._Replays, "FROM", 2)
        monkeypatch.setattr(build._Replays, "START", start)
        monkeypatch.setattr(build.os, "cpu_count", lambda: 2)
        assert run("--lang", "cs", "site", tmp_path / "workers").exit_code == 0
    finally:
        i18n.set_language("en")
    assert files(tmp_path / "workers") == files(tmp_path / "here")
    assert len(play_pages(tmp_path / "workers", "replay-data")) == 4
    assert all('<html lang="cs">' in p.read_text(encoding="utf-8") for p in (tmp_path / "workers").rglob("*.html"))
