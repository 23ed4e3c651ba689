"""`referee site DIR`: the pages, their links, escaping, and the atomic swap."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest
from click.testing import CliRunner

from .conftest import HOSTILE, store_with


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.refs.append(value)


def every_link(root: Path):
    for page in root.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for ref in parser.refs:
            yield page, ref


@pytest.fixture(scope="module")
def site_db(tmp_path_factory, four_games):
    """One store for the module (tests only read it): the four tracked games and three recorded plays."""
    db = tmp_path_factory.mktemp("club") / "history.json"
    recorded = [{"game": "port-royal", "date": "2026-03-0%d" % i, "players": ["Ann", "Dan"], "source": "recorded",
                 "result": {"game": "port-royal", "winners": ["Ann"],
                            "ranking": [{"player": "Ann", "total": 9 + i, "rank": 1, "breakdown": {}},
                                        {"player": "Dan", "total": 4, "rank": 2, "breakdown": {}}]}}
                for i in range(1, 4)]
    store_with(db, four_games.values(), recorded)
    return db


@pytest.fixture
def site_store(site_db, monkeypatch):
    monkeypatch.setenv("REFEREE_DB", str(site_db))
    monkeypatch.setenv("REFEREE_LOCK_TIMEOUT", "0.3")
    return site_db


def run(*args):
    from referee.cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_site_has_every_page_and_every_link_resolves_inside_the_folder(site_store, tmp_path):
    out = tmp_path / "site"
    result = run("site", out)
    assert result.exit_code == 0, result.output
    assert str(out / "index.html") in result.output
    pages = {p.relative_to(out).as_posix() for p in out.rglob("*.html")}
    assert "index.html" in pages
    assert len([p for p in pages if p.startswith("plays/")]) == 7
    assert len([p for p in pages if p.startswith("players/")]) == 4       # Ann, <script>, Cal, Dan
    assert len([p for p in pages if p.startswith("games/")]) == 4
    for page, ref in every_link(out):
        assert not re.match(r"^[a-z]+:", ref), f"{page}: {ref} leaves the site"
        target = urldefrag(ref)[0]
        if target:
            assert (page.parent / unquote(target)).resolve().is_file(), f"{page}: broken link {ref}"
    assert (out / "index.html").stat().st_size < 300_000


def test_stored_text_is_text_on_every_page(site_store, tmp_path):
    out = tmp_path / "site"
    run("site", out)
    html = "".join(p.read_text(encoding="utf-8") for p in out.rglob("*.html"))
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>not bold</b>" not in html and "&lt;b&gt;not bold&lt;/b&gt;" in html
    assert "Club [main hall]" in html


def test_a_tracked_play_page_carries_its_whole_replay(site_store, tmp_path, four_games):
    import json

    out = tmp_path / "site"
    run("site", out)
    found = 0
    for page in (out / "plays").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S)
        if not m:
            continue
        data = json.loads(m.group(1))
        game = next(g for g in four_games.values() if g.moves == data["moves"])
        assert len(data["frames"]) == len(game.moves) + 1 == len(data["events"])
        found += 1
    assert found == 4


def test_a_folder_that_is_not_a_site_is_refused_even_forced(site_store, tmp_path):
    # --force used to replace it (deleting the thesis): a folder referee did not write is never replaced
    # (tests/site/test_site_safety.py has the store's own folders, links and modes).
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.txt").write_text("keep me", encoding="utf-8")
    for force in ((), ("--force",)):
        result = run("site", out, *force)
        assert result.exit_code == 2
        assert "not a referee site" in result.output
        assert (out / "thesis.txt").read_text(encoding="utf-8") == "keep me"


def test_an_earlier_site_is_replaced_whole_and_a_failed_build_leaves_it(site_store, tmp_path, monkeypatch):
    out = tmp_path / "site"
    assert run("site", out).exit_code == 0
    (out / "stale.html").write_text("old", encoding="utf-8")
    assert run("site", out, "--title", "Second").exit_code == 0
    assert not (out / "stale.html").exists()
    assert "Second" in (out / "index.html").read_text(encoding="utf-8")

    from referee.club.site import build

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(build, "_swap", boom)
    before = (out / "index.html").read_text(encoding="utf-8")
    result = run("site", out, "--title", "Third")
    assert result.exit_code == 2
    assert (out / "index.html").read_text(encoding="utf-8") == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site.new-")]


def test_filters_select_the_plays_as_history_does(site_store, tmp_path):
    out = tmp_path / "site"
    assert run("site", out, "--game", "port-royal").exit_code == 0
    assert len(list((out / "plays").glob("*.html"))) == 4
    assert len(list((out / "games").glob("*.html"))) == 1


def test_site_in_czech_has_czech_language_attribute(site_store, tmp_path, monkeypatch):
    from referee import i18n

    out = tmp_path / "site"
    monkeypatch.setenv("REFEREE_LANG", "cs")
    i18n.set_language(None)
    try:
        assert run("site", out).exit_code == 0
    finally:
        i18n.set_language("en")
    assert '<html lang="cs">' in (out / "index.html").read_text(encoding="utf-8")


def test_czech_site_shows_moves_as_czech_players_say_them(site_store, tmp_path, monkeypatch, four_games):
    """Issue 22: the replay's move list and step captions in the site's language; the record stays canonical."""
    import html
    import json

    from referee import i18n
    from referee.core.labels import label

    out = tmp_path / "site"
    monkeypatch.setenv("REFEREE_LANG", "cs")
    i18n.set_language(None)
    try:
        assert run("site", out).exit_code == 0
        seen = set()
        for page in (out / "plays").glob("*.html"):
            text = page.read_text(encoding="utf-8")
            found = re.search(r'<script[^>]*id="replay-data"[^>]*>(.*?)</script>', text, re.S)
            if not found:
                continue
            data = json.loads(found.group(1))
            game = next((g for g in four_games.values() if g.moves == data["moves"]), None)
            if game is None:
                continue
            seen.add(game.game)
            assert data["labels"] == [label(game.game, m, "cs") for m in game.moves]
            listed = re.findall(r'data-goto="\d+">(.*?)</a>', text)
            assert [html.unescape(x) for x in listed] == data["labels"]
            assert sum(a != b for a, b in zip(data["labels"], data["moves"])) > len(data["moves"]) // 2
    finally:
        i18n.set_language("en")
    assert seen == set(four_games)


def test_czech_site_boards_name_cards_and_colours_in_czech():
    """Issue 22: the replay's boards name components as the page's language does (no 'trader-black-3-1',
    no 'pevnost green' on a Czech page); the English page keeps the ids."""
    from referee import i18n
    from referee.drawing import boards
    from referee.games.port_royal.labels import card

    harbour = ("trader-black-3-1", "admiral-7-2")
    i18n.set_language("cs")
    try:
        cs = "".join(part for _k, part in boards._prr_harbour(0, harbour, "cs")[0])
        row = boards._city_row(0, "valencia", ("green", None), ("green",), "cs")
    finally:
        i18n.set_language("en")
    assert "trader-black-3-1" not in cs and card("admiral-7-2", "cs") in cs
    assert "green" not in row and "pevnost" in row
    en = "".join(part for _k, part in boards._prr_harbour(0, harbour, "en")[0])
    assert "admiral-7-2" in en
