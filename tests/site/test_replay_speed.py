"""The site's replay made faster (issue 25 item 4) draws what it drew: every shortcut is held equal to the
slow way it replaces, at every step of a whole game of each title, in both languages."""

import random
import textwrap

import pytest

from referee import i18n
from referee.club.site import build
from referee.core.game import Game
from referee.drawing import boards


def test_the_quick_wrap_gives_textwraps_lines():
    """Words between single spaces are wrapped without textwrap; anything else (tabs, newlines, runs of
    spaces, no-break and other Unicode spaces, words longer than a line) must still wrap as textwrap does."""
    rng = random.Random(25)
    pieces = ["a", "bc", "ř", "Žluťoučký", " ", " ", " ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\xa0", "\u2028",
              "\u3000", "\x1c", "\x85", "-", "—", "x" * 13, "<b>", "&"]
    for _ in range(60_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 24)))
        width = rng.randint(1, 30)
        assert boards._wrap(text, width) == textwrap.wrap(text, width, break_on_hyphens=False), (text, width)


def _positions(game):
    fresh = Game(game.rules, game.players, game.options)
    yield fresh
    for text in game.moves:
        fresh.play(text)
        yield fresh


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_picture_is_its_frame_and_its_size(four_games, lang):
    """`picture` lays a board out once for both: the same pieces in the same order, the same size."""
    with i18n.using(lang):
        for gid, game in four_games.items():
            memo_one, memo_two = {}, {}
            for position in _positions(game):
                view = build._picture_view(position)
                pieces, size = boards.picture(gid, view, memo_one)
                assert list(pieces.items()) == list(boards.frame(gid, view, memo_two).items()), gid
                assert size == boards.size(gid, view), gid


def test_pieces_written_without_elements_are_what_elementtree_writes():
    """`leaf` and `node` write a board piece as text without building it: the same text as
    `to_text(el(...))` (and so as ElementTree), stored text escaped, on hostile and odd values."""
    import xml.etree.ElementTree as ET

    from referee.drawing.svg import el, leaf, node, to_text

    nasty = ["<script>alert(1)</script>", 'a "quoted" & \'single\' <b>', "tab\there\r\nnew line", "", "  ",
             "Žluťoučký kůň ✓", "]]> <!-- --> &amp;", "\x7f\u2028", 0, 1.25, 3.0, -0.0]
    for value in nasty:
        attrs = {"x": 1.5, "y": value, "class_": "t", "text_anchor": value or None, "stroke_width": 0.6}
        assert leaf("text", value, **attrs) == to_text(el("text", value, **attrs)), value
        assert leaf("title", value) == ET.tostring(el("title", value), encoding="unicode"), value
        assert leaf("rect", **attrs) == to_text(el("rect", **attrs)), value
        kids = [leaf("title", value), leaf("text", "x", fill=value)]
        built = el("g", value if value != "" else None,
                   children=[el("title", value), el("text", "x", fill=value)], **attrs)
        assert node("g", kids, value if value != "" else None, **attrs) == ET.tostring(built, encoding="unicode")
        assert node("g", (), None, **attrs) == to_text(el("g", **attrs))


def test_a_line_of_text_is_written_as_leaf_writes_it():
    """The board's lines of text are written out without `leaf`'s general way: the same text, escaped the
    same, on hostile and odd values (None and empty texts, numbers, anchors)."""
    from referee.drawing.svg import leaf

    odd = ["<script>alert(1)</script>", 'a "quoted" & \'single\' <b>', "tab\there\r\nnew line", "", " ", None,
           "Žluťoučký kůň ✓", "]]> &amp;", 0, 7, -3, 1.25, 3.0, -0.0, 2.05, 1e-7, True]
    for text in odd:
        for x, y in ((8, 23), (8.5, 23.25), (-0.0, 1e20), (text, 0)):
            if not isinstance(x, (int, float)) and x is not None:
                x = str(x)
            for cls in ("t", "small", 'a"b<', None):
                for anchor in ("start", "middle", "end", '<">', None):
                    boards._text.cache_clear()
                    expected = leaf("text", text, x=x, y=y, class_=cls,
                                    text_anchor=anchor if anchor != "start" else None)
                    assert boards._text(x, y, text, cls, anchor) == expected, (x, y, text, cls, anchor)


def _reference_replay(game) -> dict:
    """A replay's data the plain way the site first made it: the whole view at every step, the board drawn
    from scratch, and every piece compared with the step before's."""
    frames, events, prev, last_size = [], [], None, None
    for position in _positions(game):
        view = position.view()
        cur, size = boards.frame(game.game, view), boards.size(game.game, view)
        if prev is None:
            frames.append({"set": sorted(cur.items()), "size": size})
            events.append([])
        else:
            step = {"set": [[k, v] for k, v in cur.items() if prev.get(k) != v]}
            gone = [k for k in prev if k not in cur]
            if gone:
                step["del"] = gone
            if size != last_size:
                step["size"] = size
            frames.append(step)
            events.append(list(position.events()))
        prev, last_size = cur, size
    return {"frames": frames, "events": events}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_replay_sends_what_the_plain_way_sends(four_games, lang):
    """Every shortcut of the replay together (light views kept from step to step, boards drawn from what
    changed, the changed pieces found by the sets' difference) gives the page the data the plain way gave:
    the same frames, events and JSON text, at every step of a whole game of each title."""
    with i18n.using(lang):
        for gid, game in four_games.items():
            boards._k.cache_clear()
            quick = build.replay_data(game)
            plain = _reference_replay(game)
            assert quick["frames"] == plain["frames"], gid
            assert quick["events"] == plain["events"], gid
            assert build.replay_json(quick) == build.replay_json({**quick, **plain}), gid
            assert any("del" in frame for frame in quick["frames"]) or gid != "port-royal"


def _plain_replay_text(text):
    """`_replay_text` the plain way (see _reference_replay)."""
    from referee.core.errors import RefereeError
    from referee.core.record import load_record

    try:
        game = load_record(text)
    except RefereeError:
        return None
    steps = build._Steps()
    steps.game_id = game.game
    plain = _reference_replay(game)
    steps.frames, steps.events = plain["frames"], plain["events"]
    return steps.data(game.moves)


@pytest.fixture(scope="module")
def club_store(tmp_path_factory, four_games):
    """The four games stored as tracked plays with their records, written as the benchmark writes them (in
    one batch, not move by move: the store's own path is tested elsewhere)."""
    from referee.session import archive_doc
    from referee.store import Store

    store = Store(tmp_path_factory.mktemp("club") / "history.json")
    batch = []
    for i, game in enumerate(four_games.values()):
        gid = f"g{i}site"
        store.write_record(gid, game.to_record(id=gid))
        batch.append(archive_doc(gid, game, {"created": None}))
    store.add_archived(batch)
    return store


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_site_is_the_same_to_the_byte_as_made_the_plain_way(tmp_path, club_store, lang, monkeypatch):
    """A whole site (four tracked plays, one of each title) built with every shortcut is the site built with
    the plain replay, file for file and byte for byte, in both languages."""
    store = club_store
    with i18n.using(lang):
        build.build_site(store, tmp_path / "quick")
        monkeypatch.setattr(build, "_replay_text", _plain_replay_text)
        build.build_site(store, tmp_path / "plain")
    quick = {p.relative_to(tmp_path / "quick"): p.read_bytes() for p in (tmp_path / "quick").rglob("*") if p.is_file()}
    plain = {p.relative_to(tmp_path / "plain"): p.read_bytes() for p in (tmp_path / "plain").rglob("*") if p.is_file()}
    assert quick.keys() == plain.keys()
    tracked = [rel for rel, data in quick.items() if b'id="replay-data"' in data]
    assert len(tracked) == 4
    assert [rel for rel in quick if quick[rel] != plain[rel]] == []


@pytest.mark.parametrize("enabled", [True, False])
def test_a_tracked_page_is_made_with_the_collector_paused_and_leaves_it_as_it_was(tmp_path, four_games, monkeypatch,
                                                                                   enabled):
    """The collector stays off from the replay until its page is made (its passes over every step's pieces
    were a tenth of a replay), and is on again after only if it was on before."""
    import gc

    game = four_games["port-royal"]
    seen = []
    render = build._render
    monkeypatch.setattr(build, "_render", lambda *a, **k: seen.append(gc.isenabled()) or render(*a, **k))
    ctx = {"lang": "en", "club_title": "Club", "player_slug": {}, "play": None, "doc": {}, "game_slug": "x"}
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        rel, _key, _digest = build._tracked_page((str(tmp_path), "page.html", "k", game.to_record(id="g1"), ctx))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False]
    assert b'id="replay-data"' in (tmp_path / rel).read_bytes()
