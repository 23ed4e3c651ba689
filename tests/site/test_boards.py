"""The SVG boards against the engine's state: what the picture shows is what the view says."""

import re
import xml.etree.ElementTree as ET

import referee
from referee.drawing.boards import board_svg, frame

from .conftest import HOSTILE, finished_game

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)     # well-formed XML: a stored text cannot break out of it


def titles(root):
    return [t.text for t in root.iter(f"{NS}title")]


def test_carcassonne_map_has_every_tile_at_its_place_and_every_figure():
    game = finished_game("carcassonne", ["Ann", "Bob"], seed=3)
    half = referee.new_game("carcassonne", ["Ann", "Bob"])
    for text in game.moves[:90]:
        half.play(text)
    view = half.view()
    root = parse(board_svg("carcassonne", view))
    tile_titles = [t for t in titles(root) if re.search(r" at -?\d+,-?\d+$", t)]
    expected = sorted(f"{t['tile']} at {t['x']},{t['y']}" for t in view["board"])
    assert sorted(tile_titles) == expected
    figures = [t for t in view["board"] if t["figure"]]
    dots = root.findall(f".//{NS}circle")
    assert len(dots) == len(figures) > 0
    owners = sorted(t.findtext(f"{NS}title").split(":")[0] for t in dots)
    assert owners == sorted(t["figure"]["player"] for t in figures)


def test_carcassonne_map_grows_by_pieces_not_by_redrawing():
    game = finished_game("carcassonne", ["Ann", "Bob"], seed=4)
    replay = referee.new_game("carcassonne", ["Ann", "Bob"])
    before = frame("carcassonne", replay.view())
    for text in game.moves[:40]:
        replay.play(text)
        after = frame("carcassonne", replay.view())
        moved = [k for k in before if k in after and before[k] != after[k] and k.startswith("1/")]
        # a placed tile's piece never changes (figures are separate pieces)
        assert all(k.endswith("/f") for k in moved), moved
        before = after


def test_puerto_rico_city_shows_each_building_with_its_colonists_and_each_island_tile():
    game = finished_game("puerto-rico", ["Ann", "Bob", HOSTILE], seed=5)
    view = game.view()
    svg = board_svg("puerto-rico", view)
    root = parse(svg)
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    from referee.core.names import display

    for player in view["players"]:
        for building, colonists in player["city"].items():
            shown = f"{display('puerto-rico', 'building', building)} {'●' * colonists}".strip()
            assert shown in [t.strip() for t in texts], building
    kinds = {k for p in view["players"] for k in p["island"]}
    assert sum(1 for t in titles(root) if t in kinds) == sum(n for p in view["players"]
                                                             for n, _ in p["island"].values())
    assert sum(1 for t in titles(root) if t == "colonist") == sum(
        m for p in view["players"] for _, m in p["island"].values())
    assert HOSTILE in "".join(texts) and "<script>" not in svg.replace("&lt;script&gt;", "")


def test_port_royal_and_el_capitan_boards_name_every_player_and_the_harbour():
    game = finished_game("port-royal", ["Ann", "Bob", HOSTILE], seed=2)
    mid = referee.new_game("port-royal", ["Ann", "Bob", HOSTILE])
    for text in game.moves[: len(game.moves) // 2]:
        mid.play(text)
    view = mid.view()
    root = parse(board_svg("port-royal", view))
    text = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    for p in view["players"]:
        assert f"{p['name']}: coins {p['coins']}" in text
    assert sorted(t for t in titles(root) if t in view["display"]) == sorted(view["display"])
    cap = finished_game("el-capitan", ["Ann", "Bob", "Cal"], seed=2)
    view = cap.view()
    root = parse(board_svg("el-capitan", view))
    sites = [t for t in titles(root) if " site " in t]
    assert len(sites) == sum(len(c["sites"]) for c in view["cities"].values())
    owned = sorted(t.split(": ")[1] for t in sites if not t.endswith("empty"))
    assert owned == sorted(s for c in view["cities"].values() for s in c["sites"] if s)


def test_svg_pieces_are_serialized_exactly_as_elementtree_writes_them():
    from referee.drawing.svg import el, to_text

    nasty = [HOSTILE, 'a "quoted" & \'single\' <b>', "tab\there\r\nnew line", "", "  ", "Žluťoučký kůň ✓",
             "]]> <!-- --> &amp;", "\x7f\u2028"]
    for text in nasty:
        for node in (el("text", text, x=1.5, y=2, class_="t", text_anchor=text or None),
                     el("g", children=[el("title", text), el("rect", x=0, y=0, width=3, height=4, fill=text)]),
                     el("circle", cx=1, cy=2, r=3, children=[el("title", text)]),
                     el("line", x1=0, y1=0, x2=1, y2=1, stroke_width=0.6)):
            node.tail = None
            assert to_text(node) == ET.tostring(node, encoding="unicode")
            child = el("title", "x")
            child.tail = text
            wrapper = el("g", text, children=[child])
            assert to_text(wrapper) == ET.tostring(wrapper, encoding="unicode")
    comment = el("g", children=[ET.Comment("a <comment>")])     # left to ElementTree itself
    assert to_text(comment) == ET.tostring(comment, encoding="unicode")


def test_a_replay_keeping_parts_from_step_to_step_draws_every_board_as_drawn_from_scratch(four_games):
    """The replay reuses a part when its data equals the previous step's: every step of a whole game of each
    title must still give the pieces the view gives on its own (a part that changed is never kept)."""
    from referee.core.game import Game

    for gid, game in four_games.items():
        fresh = Game(game.rules, game.players, game.options)
        memo = {}
        assert list(frame(gid, fresh.view(), memo).items()) == list(frame(gid, fresh.view()).items())
        for text in game.moves:
            fresh.play(text)
            view = fresh.view()
            assert list(frame(gid, view, memo).items()) == list(frame(gid, view).items()), (gid, text)


def test_a_board_drawn_in_one_language_and_then_another_is_drawn_in_the_second(four_games):
    """Parts are cached by what they show: the language is part of it (a site in Czech built after one in
    English in the same process must not keep English city names or labels)."""
    from referee import i18n
    from referee.drawing import boards

    def every_cache_cleared():
        for value in vars(boards).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()

    for gid, game in four_games.items():
        view = game.view()
        with i18n.using("en"):
            frame(gid, view)
        with i18n.using("cs"):
            after_english = frame(gid, view)
            every_cache_cleared()
            assert after_english == frame(gid, view), gid


def test_el_capitans_ships_are_said_in_the_boards_language():
    """The view keeps a ship's place in English ('valencia (harbour 1)'); a Czech board says 'Valencie
    (přístav 1)', and an English one counts as its Czech does ('florins 1', never '1 florins')."""
    from referee import i18n

    game = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"])
    while not any("(" in p["ship"] for p in game.view()["players"]):
        game.play(game.legal_moves()[0].text)
    view = game.view()
    for lang, words in (("cs", ("přístav", "pluje", "florinů", "loď:")), ("en", ("harbour", "sailing", "florins",
                                                                                 "ship:"))):
        with i18n.using(lang):
            root = parse(board_svg("el-capitan", view))
        text = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
        assert any(w in text for w in words[:2]), (lang, text)
        assert words[2] in text and words[3] in text
        if lang == "cs":
            assert not re.search(r"\b(harbour|sailing|bank|florins|ship at)\b", text), text
        else:
            assert not re.search(r"\b1 (florins|cards|loans)\b", text), text


def test_port_royals_phase_is_the_rulebooks_and_counts_follow_their_names():
    """The view's phase is the engine's word ('flip'); the board names the rulebook's phase in its language."""
    from referee import i18n

    game = referee.new_game("port-royal", ["Ann", "Bob"])
    for lang, phase, coins in (("cs", "fáze 1, objevování", "Ann: mince 3"),
                               ("en", "phase 1, discover", "Ann: coins 3")):
        with i18n.using(lang):
            root = parse(board_svg("port-royal", game.view()))
        text = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
        assert phase in text and coins in text and " flip " not in text, text
