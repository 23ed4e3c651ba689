"""The four games' boards as SVG pictures, drawn from the engine's public view (``game.view()``: the same
state the terminal board is drawn from).

A board is a set of keyed pieces (``frame(view) -> {key: svg fragment}``); keys sort in drawing order. The
replay page ships the first frame whole and then only the pieces that change at each step, so a 700-move
game stays a small page; ``board_svg`` joins a frame into a whole picture (tests, static pages).
Pieces are built as XML elements and cached by their content: a tile or a card drawn once is reused.

Legible on a phone (issue 23): one board serves the club site's replays and the phone page of `referee
serve`, and both show it at its own size, one viewBox unit to one CSS pixel, never scaled down (the page
only scales it up on a wide screen; site.css, serve.css). So a text's size in units is its size on the
phone, and no text is smaller than 12 units (SIZES). Port Royal, Puerto Rico and El Capitan are laid out
for a phone's width (W = 360: a 390 px phone less the page's margins) as a column of rows that flow down:
harbour cards two to a row, role cards three, one building a line, long lines wrapped (by an estimate of
the text's width, on the wide side) rather than cut. Carcassonne's map is inherently as large as the game
made it (a tile 24 units, big enough to see its cities and roads): it is drawn at the same scale and the
page lets it scroll and pan inside its box, with the scores wrapped above the map at the phone's width.
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

from ..core.names import display
from ..i18n import N_, _, language
from .svg import _ATTRIB, _CDATA, PALETTE, _escape, _fmt, el, leaf, node, to_text

W = 360   # the width of every board but Carcassonne's (viewBox units = CSS px on the page)
PAD = 8
SIZES = {"h": 15, "t": 14, "s": 14, "small": 12}     # px; site.css and serve.css give each class this size
# A character's width as a share of the font size, on the wide side for the fonts a phone has (DejaVu Sans,
# Roboto, San Francisco): a wrapped line never runs out of the picture.
CHAR = {"h": 0.66, "t": 0.6, "s": 0.62, "small": 0.6}

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#111111")
NAMED_COLOURS = {"red": "#d62728", "yellow": "#e6b800", "green": "#2ca02c", "blue": "#1f77b4",
                 "purple": "#9467bd", "black": "#222222", "white": "#f4f4f4", "gray": "#888888",
                 "grey": "#888888"}


@lru_cache(maxsize=65536)
def _text(x: float, y: float, text: str, cls: str = "t", anchor: str = "start") -> str:
    """``leaf("text", text, x=x, y=y, class_=cls, text_anchor=anchor if anchor != "start" else None)``, the same
    text, written out here: a replay writes a changed line of text at most of its steps (issue 25); a test holds
    the two equal on hostile and odd values."""
    head = "<text"
    for name, value in (("x", x), ("y", y), ("class", cls), ("text-anchor", anchor if anchor != "start" else None)):
        if value is not None:
            head += f' {name}="{_escape(_fmt(value), _ATTRIB)}"'
    text = None if text is None else str(text)
    if not text:
        return head + " />"
    return head + ">" + _escape(text, _CDATA) + "</text>"


@lru_cache(maxsize=65536)
def _rect(x: float, y: float, w: float, h: float, fill: str, label: str = "", cls: str = "piece") -> str:
    kids = [leaf("title", label)] if label else ()
    return node("rect", kids, x=x, y=y, width=w, height=h, fill=fill, class_=cls, rx=3)


@lru_cache(maxsize=65536)
def _dot(x: float, y: float, r: float, fill: str, label: str = "") -> str:
    kids = [leaf("title", label)] if label else ()
    return node("circle", kids, cx=x, cy=y, r=r, fill=fill, stroke="#000", stroke_width=0.6)


@lru_cache(maxsize=4096)       # a replay asks for the same few keys at every step
def _k(*parts) -> str:
    return "/".join(f"{p:04d}" if isinstance(p, int) else str(p) for p in parts)


def _fits(cls: str, width: float) -> int:
    """How many characters of class ``cls`` fit in ``width`` units."""
    return max(4, int(width / (SIZES[cls] * CHAR[cls])))


def _line_height(cls: str) -> int:
    return round(SIZES[cls] * 1.35)


def _cut(text: str, cls: str, width: float) -> str:
    """One line that fits ``width``: a longer text ends with an ellipsis (its whole text is in a title)."""
    most = _fits(cls, width)
    return text if len(text) <= most else text[:most - 1] + "…"


_SPACES = frozenset("\t\n\x0b\x0c\r")      # the whitespace textwrap turns into spaces, other than a space


def _wrap(text: str, width: int) -> list[str]:
    """``textwrap.wrap(text, width, break_on_hyphens=False)``, the same lines: a text of words between single
    spaces is filled greedily here, in a tenth of textwrap's time (a replay wraps a changed line at most of
    its steps: issue 25); anything else (other whitespace, a word longer than a line) is textwrap's own."""
    words = text.split(" ")
    # a word of whitespace alone (none, or a no-break space) is one textwrap drops at a line's ends
    if not all(map(str.strip, words)) or not _SPACES.isdisjoint(text) or max(map(len, words)) > width:
        return textwrap.wrap(text, width, break_on_hyphens=False)
    lines, line = [], words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


@lru_cache(maxsize=16384)
def _lines(text: str, width: int) -> tuple:
    """A text's wrapped lines (at least one), cached: a line that moved is drawn again at its new place from
    the same lines."""
    return tuple(_wrap(text, width)) or ("",)


@lru_cache(maxsize=16384)
def _para(key: str, x: float, y: float, text: str, cls: str = "t", width: float = W - 2 * PAD,
          reserve: int = 1) -> tuple:
    """A text wrapped to ``width`` as lines of its own (``key``/0, /1 …) from the top ``y``: (pairs, height).
    ``reserve``: the lines its place keeps however few it takes, so that what is drawn under a text that
    changes at every move (the head) stays where it was and a replay step sends only what changed."""
    lines = _lines(text, _fits(cls, width))
    step = _line_height(cls)
    pairs = tuple((f"{key}/{i:02d}", _text(x, y + step * i + SIZES[cls], line, cls)) for i, line in enumerate(lines))
    return pairs, step * max(reserve, len(lines)) + 4


def _para_height(text: str, cls: str = "t", width: float = W - 2 * PAD, reserve: int = 1) -> int:
    """The height ``_para`` gives the text, without drawing its lines."""
    return _line_height(cls) * max(reserve, len(_lines(text, _fits(cls, width)))) + 4


class _Flow:
    """A column of rows laid out downwards: each block is placed at the current y and moves it on."""

    def __init__(self, y: float = PAD):
        self.y = y
        self.parts: dict = {}

    def add(self, block) -> None:
        pairs, height = block
        self.parts.update(pairs)
        self.y += height


# --- Port Royal ---------------------------------------------------------------------------------
_PR_CARD = {"expedition": "#c9b38a", "tax": "#999999", "pinnace": "#7fb3d5", "flute": "#76d7c4",
            "skiff": "#aed6f1", "frigate": "#f5b041", "galleon": "#ec7063"}


def _port_royal_card_colour(card: str) -> str:
    head = card.split("-")[0]
    if head in _PR_CARD:
        return _PR_CARD[head]
    return "#f7f1e1"


# The view's phase (the engine's word) as the rulebook names the turn's two phases (seed: 1. Objevování,
# 2. Obchodování a najímání postav): a flip, the card it turned up and a ship to repel are all phase 1.
_PR_PHASE = {"flip": N_("phase 1, discover"), "reveal": N_("phase 1, discover"), "ship": N_("phase 1, discover"),
             "take": N_("phase 2, trade and hire"), "close": N_("phase 2, trade and hire"), "over": N_("game over")}


def _port_royal(view: dict) -> _Flow:
    lang = language()
    flow = _Flow()
    flow.add(_prr_head(flow.y, view.get("turn"), view.get("phase"), view.get("active") or "-", view.get("draw_pile"),
                       view.get("discard_pile"), lang))
    # the players before the harbour: the harbour grows and empties at every turn, and what is under it
    # would move with it (a replay step would send every player's part again)
    rows = view.get("player rows")      # the site's light view (games/port_royal/site_view.py) gives them as read
    if rows is None:
        rows = [(pl.get("name"), pl.get("coins"), pl.get("influence"), pl.get("swords"),
                 tuple((pl.get("persons") or {}).items()), len(pl.get("expeditions") or []))
                for pl in view.get("players") or []]
    for p, (name, coins, influence, swords, persons, expeditions) in enumerate(rows):
        flow.add(_prr_player(flow.y, p, name, coins, influence, swords, persons, expeditions, lang))
    flow.add(_prr_expeditions(flow.y, tuple(view.get("expedition_area") or ()), lang))
    flow.add(_para(_k(1, "harbour"), PAD, flow.y, _("Harbour"), "s"))
    flow.add(_prr_harbour(flow.y, tuple(view.get("display") or ()), lang))
    return flow


# A block of the board drawn from the view's values (with the language: the words are translated) is cached by
# them: a replay draws the same head or row at many steps, and a step that shows what an earlier one showed is
# made without formatting and wrapping its text again (issue 25).
@lru_cache(maxsize=4096)
def _prr_head(y, turn, phase, active, draw, discards, lang) -> tuple:
    return _para(_k(0, "head"), PAD, y, _("Turn {turn} · {phase} · active: {active} · draw pile {draw} · "
                                          "discards {discards}").format(
        turn=turn, phase=_(_PR_PHASE[phase]) if phase in _PR_PHASE else phase, active=active,
        draw=draw, discards=discards), "h", reserve=3)


@lru_cache(maxsize=4096)
def _prr_expeditions(y, cards: tuple, lang) -> tuple:
    names = [_prr_card(c, lang) for c in cards]
    return _para(_k(2, "exp"), PAD, y, _("Expeditions: {cards}").format(cards=", ".join(names) or "-"), "s",
                 reserve=2)


@lru_cache(maxsize=1024)
def _prr_card(card: str, lang: str) -> str:
    """A card as the page's language names it ('černý obchodník 3 1'; English: its id)."""
    from ..games.port_royal.labels import card as card_label

    try:
        return card_label(card, lang)
    except (KeyError, ValueError):      # a card this version does not know: its id, as recorded
        return card


@lru_cache(maxsize=4096)
def _prr_harbour(y: float, cards: tuple, lang: str) -> tuple:
    """The harbour's cards two to a row (a card's name and numbers, 'červený obchodník 3 1', fit at 12 px)."""
    out = []
    width = (W - 2 * PAD - 6) / 2
    for i, card in enumerate(cards):
        x, yy = PAD + (i % 2) * (width + 6), y + (i // 2) * 36
        name = _prr_card(card, lang)
        out.append((_k(1, i, "c"), _rect(x, yy, width, 32, _port_royal_card_colour(card), name)))
        out.append((_k(1, i, "t"), _text(x + 5, yy + 21, _cut(name, "small", width - 8), "small")))
    return tuple(out), ((len(cards) + 1) // 2) * 36 + 6


@lru_cache(maxsize=8192)
def _prr_player(y, p, name, coins, influence, swords, persons: tuple, expeditions: int, lang) -> tuple:
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    stats, h1 = _para(_k(3, p, "t"), PAD + 18, y, _(
        "{name}: coins {coins} · influence {influence} · swords {swords} · persons {persons} · "
        "expeditions {expeditions}").format(name=name, coins=coins, influence=influence, swords=swords,
                                            persons=sum(n for _p, n in persons), expeditions=expeditions),
        "t", W - 2 * PAD - 18, 2)
    kinds = ", ".join(f"{n}× {_prr_card(k, lang)}" if n > 1 else _prr_card(k, lang)
                      for k, n in sorted(persons))
    listed, h2 = _para(_k(3, p, "p"), PAD + 18, y + h1 - 2, kinds, "small", W - 2 * PAD - 18, 2)
    return ((_k(3, p, "n"), _dot(PAD + 6, y + 9, 6, colour, name if name is not None else "")),
            *stats, *listed), h1 + h2 + 6


# --- Puerto Rico --------------------------------------------------------------------------------
_GOOD = {"corn": "#f4d03f", "indigo": "#2e4053", "sugar": "#f2f3f4", "tobacco": "#a0522d", "coffee": "#4a2c0f",
         "quarry": "#95a5a6"}


def _puerto_rico(view: dict) -> _Flow:
    lang = language()
    flow = _Flow()
    flow.add(_pr_head(flow.y, view.get("round"), view.get("governor"), view.get("role"), view.get("colonist_ship"),
                      view.get("colonist_supply"), view.get("vp_chips_left"), lang))
    roles = view.get("roles") or []
    flow.add(_pr_roles(flow.y, tuple((r.get("role"), r.get("doubloons"), r.get("taken_by")) for r in roles), lang))
    ships = tuple((ship.get("capacity"), ship.get("load"), ship.get("good")) for ship in view.get("ships") or [])
    flow.add(_pr_ships(flow.y, ships, tuple(view.get("trading_house") or []), lang))
    rows = view.get("player rows")      # the site's light view (games/puerto_rico/site_view.py) gives them as read
    if rows is None:
        rows = [(str(pl.get("name")), bool(pl.get("governor")), pl.get("doubloons"),
                 tuple(sorted((pl.get("goods") or {}).items())), pl.get("san_juan"),
                 tuple((k, tuple(v) if isinstance(v, list) else v)
                       for k, v in sorted((pl.get("island") or {}).items())),
                 tuple(sorted((pl.get("city") or {}).items()))) for pl in view.get("players") or []]
    for p, (name, governor, doubloons, goods, san_juan, island, city) in enumerate(rows):
        flow.add(_pr_player_head(flow.y, p, name, governor, doubloons, goods, san_juan, lang))
        flow.add(_pr_island(flow.y, p, island))
        flow.add(_pr_city(flow.y, p, city, lang))
    return flow


@lru_cache(maxsize=4096)
def _pr_head(y, round_, governor, role, ship, supply, vp, lang) -> tuple:
    return _para(_k(0, "head"), PAD, y, _(
        "Round {round} · governor {governor} · role {role} · colonists {ship} on the ship, {supply} in supply · "
        "VP chips left {vp}").format(round=round_, governor=governor,
                                     role=display("puerto-rico", "role", role) if role else "-",
                                     ship=ship, supply=supply, vp=vp), "h", reserve=4)


@lru_cache(maxsize=4096)
def _pr_roles(y, roles: tuple, lang) -> tuple:
    """The role cards three to a row."""
    out = []
    width = (W - 2 * PAD - 8) / 3
    for i, (role, doubloons, taken) in enumerate(roles):
        x, yy = PAD + (i % 3) * (width + 4), y + (i // 3) * 30
        role_name = display("puerto-rico", "role", role)
        out.append((_k(1, i, "r"), _rect(x, yy, width, 26, "#dddddd" if taken else "#f7f1e1",
                                         _("{role}: {n} doubloons").format(role=role_name, n=doubloons) +
                                         (_(", taken by {player}").format(player=taken) if taken else ""))))
        out.append((_k(1, i, "t"), _text(x + 4, yy + 18, _cut(f"{role_name} {doubloons or ''}".strip(), "small",
                                                                width - 6), "small")))
    return tuple(out), ((len(roles) + 2) // 3) * 30 + 4


@lru_cache(maxsize=4096)
def _pr_ships(y, ships: tuple, trading_house: tuple, lang) -> tuple:
    out, height = [], 0
    for i, (capacity, load, good) in enumerate(ships):
        pairs, h = _para(_k(2, i), PAD, y + height, _("ship {capacity}: {load} {good}").format(
            capacity=capacity, load=load, good=display("puerto-rico", "good", good) if good else "").strip(),
            "small")
        out.extend(pairs)
        height += h - 4
    pairs, h = _para(_k(2, "th"), PAD, y + height, _("trading house: {goods}").format(
        goods=", ".join(display("puerto-rico", "good", g) for g in trading_house) or "-"), "small")
    return (*out, *pairs), height + h + 4


# One player's part of the Puerto Rico board, in three parts cached by what each shows: a step mostly changes
# one player's doubloons or goods, and the same island and city are drawn again at every step.
@lru_cache(maxsize=8192)
def _pr_player_head(y, p, name, governor, doubloons, goods, san_juan, lang) -> tuple:
    goods_text = ", ".join(f"{n} {display('puerto-rico', 'good', g)}" for g, n in goods if n) or _("no goods")
    who = _("{name} (governor)").format(name=name) if governor else name
    return _para(f"3/{p:02d}/n", PAD, y, _("{who}: {doubloons} doubloons · {goods} · San Juan {colonists}").format(
        who=who, doubloons=doubloons, goods=goods_text, colonists=san_juan), "s", reserve=3)


@lru_cache(maxsize=8192)
def _pr_island(y, p, island) -> tuple:
    """The island's plantations and quarries in a row (12 squares fit the phone's width)."""
    out = []
    slot = 0
    for kind, occupied in island:
        total, manned = (list(occupied) + [0, 0])[:2] if isinstance(occupied, tuple) else (occupied, 0)
        for j in range(int(total or 0)):
            x, yy = PAD + (slot % 12) * 28, y + (slot // 12) * 28
            out.append((f"3/{p:02d}/i/{slot:03d}", _rect(x, yy, 24, 24, _GOOD.get(kind, "#ccc"), kind)))
            if j < int(manned or 0):
                out.append((f"3/{p:02d}/ic/{slot:03d}", _dot(x + 12, yy + 12, 5, "#6e2c00", "colonist")))
            slot += 1
    return tuple(out), (-(-slot // 12)) * 28 + 2 if slot else 0


@lru_cache(maxsize=8192)
def _pr_city(y, p, city, lang) -> tuple:
    """One building a line: the longest Czech name ('malá zpracovatelna indiga') and its colonists fit."""
    out = []
    step = _line_height("small")
    for b, (building, colonists) in enumerate(city):
        dots = "●" * int(colonists or 0)
        out.append((f"3/{p:02d}/b/{b:03d}", _text(PAD + 10, y + b * step + SIZES["small"],
                                                  f"{display('puerto-rico', 'building', building)} {dots}",
                                                  "small")))
    return tuple(out), len(city) * step + 10


# --- Carcassonne --------------------------------------------------------------------------------
_EDGE = {"C": "#b5651d", "R": "#f4f4f4", "F": "#7dcea0"}
CELL = 28
MARGIN = 32     # left of the map: the rows' numbers


@lru_cache(maxsize=65536)
def _tile(px: float, py: float, edges: str, label: str) -> str:
    c = CELL
    cx, cy = px + c / 2, py + c / 2
    corners = [(px, py), (px + c, py), (px + c, py + c), (px, py + c)]
    kids = [el("title", label), el("rect", x=px, y=py, width=c, height=c, fill="#7dcea0")]
    for i, kind in enumerate(edges[:4]):
        a, b = corners[i], corners[(i + 1) % 4]
        if kind == "C":
            kids.append(el("polygon", points=f"{a[0]},{a[1]} {b[0]},{b[1]} {cx},{cy}", fill=_EDGE["C"]))
        elif kind == "R":
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            kids.append(el("line", x1=mx, y1=my, x2=cx, y2=cy, stroke="#fff", stroke_width=3))
    kids.append(el("rect", x=px, y=py, width=c, height=c, fill="none", stroke="#335", stroke_width=0.5))
    return to_text(el("g", children=kids))


def _bounds(view: dict) -> tuple[int, int, int, int]:
    board = view.get("board") or []
    xs = [t["x"] for t in board] or [0]
    ys = [t["y"] for t in board] or [0]
    return min(xs), min(ys), max(xs), max(ys)


def carcassonne(view: dict, memo: dict | None = None) -> dict:
    """Tiles keyed and placed by their board coordinates (x east, y south, as in the terminal view), so a
    growing map only adds pieces; the picture's viewBox follows the map (see size)."""
    return _carcassonne(view, memo)[0]


def _carcassonne(view: dict, memo: dict | None = None) -> tuple:
    """The map's pieces and its box, the head laid out once for both (issue 25). A replay (``memo``) keeps
    the step before's tiles and the map's bounds: a step adds a tile at most, so only it is drawn and the
    bounds grow by it."""
    names = tuple(p.get("name") for p in view.get("players") or [])
    board = view.get("board") or []
    last = memo.get("board") if memo is not None else None
    tiles, start = [], 0
    if last is not None and last[1] == names:
        n = len(last[0])
        if n <= len(board) and board[:n] == last[0]:     # the usual step: the same tiles, perhaps one more
            tiles, start = list(last[2]), n
    flat = list(last[3]) if start else []
    for i in range(start, len(board)):
        t = board[i]
        if last is not None and i < len(last[0]) and last[0][i] == t and last[1] == names:
            tile = last[2][i]     # the same tile as at the last step (tiles are listed as placed)
        else:
            fig = t.get("figure")
            if fig:
                fig = tuple(fig.items()) if isinstance(fig, dict) else fig
            tile = _cc_tile(t["x"], t["y"], t.get("tile"), t.get("edges") or "FFFF", fig or None,
                            names if fig else ())
        tiles.append(tile)
        flat.extend(tile)
    if start:       # the bounds of the tiles kept, grown by the new ones (as _bounds finds them)
        x0, y0, x1, y1 = last[4]
        for t in board[start:]:
            x, y = t["x"], t["y"]
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        bounds = (x0, y0, x1, y1)
    else:
        bounds = _bounds(view)
    if memo is not None:
        memo["board"] = (board, names, tiles, flat, bounds)
    head, box = _cc_head(view, bounds)
    parts = dict(head)
    parts.update(flat)
    return parts, box


@lru_cache(maxsize=16384)
def _cc_tile(x: int, y: int, tile, edges: str, fig, names: tuple) -> tuple:
    """A placed tile and its figure (fig: the view's figure as pairs, or as it came when it is not a dict)."""
    px, py = x * CELL, y * CELL
    key = f"1/{y:+05d}/{x:+05d}"
    out = [(key, _tile(px, py, edges, f"{tile} at {x},{y}"))]
    if fig:
        info = dict(fig) if isinstance(fig, tuple) else None
        owner = info.get("player") if info is not None else None
        p = names.index(owner) if owner in names else 0
        out.append((key + "/f", _dot(px + CELL / 2, py + CELL / 2, 5, PLAYER_COLOURS[p % 6],
                                     f"{owner}: {info.get('figure', '') if info is not None else fig} "
                                     f"{info.get('feature', '') if info is not None else ''}".strip())))
    return tuple(out)


def _cc_head(view: dict, bounds=None) -> tuple:
    """The scores and the tiles left, wrapped above the map at the picture's width, and the map's column
    and row numbers (a placement is typed by them: `place 2,-1 r90`): (pairs, (x, y, w, h) of the whole).
    ``bounds``: the map's, when the caller has them (else found from the view)."""
    scores = tuple((p.get("name"), p.get("score")) for p in view.get("players") or [])
    return _cc_head_at(bounds or _bounds(view), scores, view.get("bag_total"), language())


@lru_cache(maxsize=4096)
def _cc_head_at(bounds, scores: tuple, n, lang) -> tuple:
    x0, y0, x1, y1 = bounds
    width = max(W, (x1 - x0 + 1) * CELL + MARGIN + 16)
    text = _("{scores} · tiles left {n}").format(scores=" · ".join(f"{name} {score}" for name, score in scores), n=n)
    left = x0 * CELL - MARGIN
    height = _para_height(text, "h", width - 2 * PAD)
    top = y0 * CELL - 22 - height
    pairs, _h = _para(_k(0, "head"), left + PAD, top, text, "h", width - 2 * PAD)
    return pairs + _cc_axes(x0, y0, x1, y1), (left, top - PAD, width, (y1 - y0 + 1) * CELL + 30 + height + PAD)


@lru_cache(maxsize=1024)
def _cc_axes(x0: int, y0: int, x1: int, y1: int) -> tuple:
    cols = tuple((f"0/ax/{x:+05d}", _text(x * CELL + CELL / 2, y0 * CELL - 6, str(x), "small", "middle"))
                 for x in range(x0, x1 + 1))
    rows = tuple((f"0/ay/{y:+05d}", _text(x0 * CELL - 4, y * CELL + CELL / 2 + 4, str(y), "small", "end"))
                 for y in range(y0, y1 + 1))
    return cols + rows


def _carcassonne_box(view: dict) -> tuple[int, int, int, int]:
    return _cc_head(view)[1]


# --- El Capitan ---------------------------------------------------------------------------------
@lru_cache(maxsize=16384)
def _city_row(y: float, city: str, sites: tuple, forts: tuple, lang: str) -> str:
    """One city: its name (and fortresses) on a line, then a square per site in the owner's colour (12 fit)."""
    name = display("el-capitan", "city", city)
    line = name
    if forts:
        colours = ", ".join(display("el-capitan", "colour", str(f)) for f in forts)
        line = f"{name} · " + _("fortress {colours}").format(colours=colours)
    kids = [leaf("text", _cut(line, "small", W - 2 * PAD), x=PAD, y=y + SIZES["small"], class_="small")]
    kids.extend(_city_site(y, city, s, owner, lang) for s, owner in enumerate(sites))
    return node("g", kids)


@lru_cache(maxsize=65536)
def _city_site(y: float, city: str, s: int, owner, lang: str) -> str:
    """One building site of a city row: a row changes when one of its sites does, and its other sites are
    drawn again as they were (issue 25)."""
    fill = NAMED_COLOURS.get(str(owner), "#eeeeee") if owner else "#eeeeee"
    x, yy = PAD + (s % 12) * 28, y + 18 + (s // 12) * 26
    return node("rect", [leaf("title", _("{city} site {n}: {owner}").format(
        city=display("el-capitan", "city", city), n=s + 1,
        owner=display("el-capitan", "colour", str(owner)) if owner else _("empty")))],
        x=x, y=yy, width=24, height=22, fill=fill, class_="piece", rx=3)


def _city_height(sites) -> int:
    return 18 + max(1, -(-len(sites) // 12)) * 26 + 4


def _sites(info) -> tuple:
    sites = info.get("sites") or ()
    try:
        sites = tuple(sites)
        hash(sites)
    except TypeError:   # a site given as {"colour": ...}
        sites = tuple((s.get("colour") if isinstance(s, dict) else s) for s in sites)
    return sites


def _el_capitan(view: dict, memo: dict | None = None) -> _Flow:
    lang = language()
    flow = _Flow()
    flow.add(_ec_head(flow.y, view.get("phase"), view.get("paydays"), view.get("current") or "-", lang))
    cities = view.get("cities") or {}
    # A replay (``memo``) keeps the cities' rows from the step before: at most steps no city is built on, and
    # the cities that show the same at the same place are the same rows (compared as the view gives them).
    section = memo.get("el-capitan section") if memo is not None else None
    if section is not None and section[0] == (flow.y, lang) and section[1] == cities:
        flow.parts.update(section[2])
        flow.y = section[3]
    else:
        top, pairs = flow.y, []
        # ... and each city's row: a city is built on at a few steps of a game
        last = memo.get("el-capitan cities") if memo is not None else None
        rows = {}
        for c, city in enumerate(sorted(cities)):
            info = cities[city]
            kept = last.get(city) if last is not None else None
            if kept is not None and kept[0] == (c, flow.y, lang) and kept[1] == info:
                info, block = kept[1], kept[2]      # the copy taken when it was drawn, never the view's own lists
            else:
                sites = _sites(info)
                forts = tuple(f for f in info.get("fortresses") or () if f)
                block = ((((f"1/{c:03d}", _city_row(flow.y, city, sites, forts, lang)),)), _city_height(sites))
                if memo is not None:
                    info = {k: list(v) if isinstance(v, list) else v for k, v in info.items()}   # as it was now
            rows[city] = ((c, flow.y, lang), info, block)
            pairs.extend(block[0])
            flow.add(block)
        if memo is not None:
            memo["el-capitan cities"] = rows
            memo["el-capitan section"] = ((top, lang), {city: row[1] for city, row in rows.items()}, pairs, flow.y)
    rows = view.get("player rows")      # the site's light view (games/el_capitan/picture.py) gives them as read
    if rows is None:
        rows = [(pl.get("name"), pl.get("colour"), pl.get("money"), pl.get("ship"), len(pl.get("hand") or []),
                 len(pl.get("loans") or [])) for pl in view.get("players") or []]
    for p, (name, colour, money, ship, cards, loans) in enumerate(rows):
        flow.add(_ec_player(flow.y, p, name, colour, money, ship, cards, loans, lang))
    return flow


@lru_cache(maxsize=4096)
def _ec_head(y, phase, paydays, current, lang) -> tuple:
    return _para("0/head", PAD, y, _("Phase {phase} · paydays {paydays} · current {player}").format(
        phase=phase, paydays=paydays, player=current), "h", reserve=2)


_AT = re.compile(r"^(?P<city>[a-z]+) \((?:harbour (?P<space>\d+)|sailing)\)$")


def _ship_at(place) -> str:
    """Where a ship is, in the page's language: the view stores it in English ('valencia (harbour 1)',
    'marseille (sailing)', 'bank'), a Czech page says 'Valencie (přístav 1)'."""
    place = str(place or "")
    if place in ("bank", "off the board"):
        return _(place)
    found = _AT.match(place)
    if found is None:
        return place
    city = display("el-capitan", "city", found["city"])
    if found["space"] is not None:
        return _("{city} (harbour {space})").format(city=city, space=found["space"])
    return _("{city} (sailing)").format(city=city)


@lru_cache(maxsize=8192)
def _ec_player(y, p, name, colour, money, place, cards, loans, lang) -> tuple:
    # counts after their names ('florins 1'), as the Czech says them: no '1 florins' on an English page
    pairs, height = _para(f"2/{p}/t", PAD + 18, y, _(
        "{name}: florins {money} · ship: {place} · cards {cards} · loans {loans}").format(
        name=name, money=money, place=_ship_at(place), cards=cards, loans=loans), "t", W - 2 * PAD - 18, 3)
    return ((f"2/{p}/d", _dot(PAD + 6, y + 9, 6, NAMED_COLOURS.get(str(colour), "#888"), str(colour))),
            *pairs), height + 4


_FLOWS = {"port-royal": _port_royal, "puerto-rico": _puerto_rico, "el-capitan": _el_capitan}


def size(game: str, view: dict) -> tuple[int, int, int, int]:
    """The picture's viewBox: (x, y, width, height)."""
    if game == "carcassonne":
        return _carcassonne_box(view)
    return 0, 0, W, round(_FLOWS[game](view).y + PAD)


def frame(game: str, view: dict, memo: dict | None = None) -> dict:
    """The board's pieces. ``memo``: a dict kept from one step of a game to the next (a replay): Carcassonne
    keeps the previous step's tiles, El Capitan its cities' rows; the other games' parts are cached by what
    they show."""
    if game == "carcassonne":
        return carcassonne(view, memo)
    if game == "el-capitan":
        return _el_capitan(view, memo).parts
    return _FLOWS[game](view).parts


def picture(game: str, view: dict, memo: dict | None = None) -> tuple[dict, tuple[int, int, int, int]]:
    """``frame`` and ``size`` of one view, the board laid out once: a replay asks for both at every step, and
    laying the board out twice was a third of a site's first build (issue 25)."""
    if game == "carcassonne":
        return _carcassonne(view, memo)
    flow = _el_capitan(view, memo) if game == "el-capitan" else _FLOWS[game](view)
    return flow.parts, (0, 0, W, round(flow.y + PAD))


def board_svg(game: str, view: dict, title: str = "Board") -> str:
    """The whole board as one <svg> (the pieces of ``frame`` in key order), at its own size (width, height)."""
    x, y, w, h = size(game, view)
    pieces = frame(game, view)
    inner = "".join(pieces[k] for k in sorted(pieces))
    root = to_text(el("svg", xmlns="http://www.w3.org/2000/svg", viewBox=f"{x} {y} {w} {h}", width=w, height=h,
                      role="img", class_="board", children=[el("title", title)]))
    # Pieces are already-serialized, escaped XML: splice them inside the root element.
    return root.replace("</svg>", inner + "</svg>")


__all__ = ["frame", "board_svg", "picture", "size", "PALETTE", "SIZES"]


# --- a drawn tile on a phone's button -----------------------------------------------------------
ICON = 40       # CSS px of a tile's picture on a button: the roads and cities read at a glance


@lru_cache(maxsize=1024)
def tile_icon(key: str, q: int = 0) -> str:
    """The Carcassonne tile ``key`` ('B:D') turned ``q`` quarter turns clockwise (as `place X,Y r90` turns
    it), for the button that says it was drawn (a physical tile has no letter printed on it: the player
    matches the picture) or that lays it (the player sees which way round). A viewBox of 0 0 40 40:
    field green, a city a brown wedge from each of its sides (a pennant a blue dot in it), a road a white
    line from its side to the middle (a road's end there a dark dot), a cloister a red square."""
    from ..games.carcassonne.tiles import tile_types

    tile = tile_types()[key]
    rot = tile.rotations[q % 4]
    c, mid = ICON, ICON / 2
    corners = [(0, 0), (c, 0), (c, c), (0, c)]
    sides = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(corners, corners[1:] + corners[:1])]
    kids = [el("rect", x=0, y=0, width=c, height=c, fill=_EDGE["F"])]
    ends = []
    for seg in tile.segments:
        edges = rot.seg_edges[seg.index]
        if seg.kind == "city":
            # a city of one side is a cap short of the middle, so two such cities (north and south) stand
            # apart with field between; a city of several sides fills to the middle and joins there
            deep = 0.5 if len(edges) > 1 else 0.32
            for e in edges:
                a, b = corners[e], corners[(e + 1) % 4]
                sx, sy = sides[e]
                tip = (sx + (mid - sx) * deep / 0.5, sy + (mid - sy) * deep / 0.5)
                kids.append(el("polygon", points=f"{a[0]},{a[1]} {b[0]},{b[1]} {tip[0]:g},{tip[1]:g}",
                               fill=_EDGE["C"]))
            if len(edges) > 1:
                kids.append(el("circle", cx=mid, cy=mid, r=9, fill=_EDGE["C"]))
            if seg.pennant and edges:
                sx, sy = sides[edges[0]]
                kids.append(el("circle", cx=(sx * 3 + mid) / 4, cy=(sy * 3 + mid) / 4, r=3.5, fill="#1f4e9c"))
        elif seg.kind == "road":
            for e in edges:
                sx, sy = sides[e]
                kids.append(el("line", x1=sx, y1=sy, x2=mid, y2=mid, stroke="#ffffff", stroke_width=4))
            if len(edges) == 1:
                ends.append(edges[0])
        elif seg.kind == "cloister":
            kids.append(el("rect", x=mid - 7, y=mid - 7, width=14, height=14, fill="#a93226"))
    if ends and not any(s.kind == "cloister" for s in tile.segments):
        kids.append(el("circle", cx=mid, cy=mid, r=4, fill="#4d3b2a"))
    kids.append(el("rect", x=0.5, y=0.5, width=c - 1, height=c - 1, fill="none", stroke="#335", stroke_width=1))
    return to_text(el("g", children=kids))
