"""The four games' boards as SVG pictures, drawn from the engine's public view (``game.view()``: the same
state the terminal board is drawn from).

A board is a set of keyed pieces (``frame(view) -> {key: svg fragment}``); keys sort in drawing order. The
replay page ships the first frame whole and then only the pieces that change at each step, so a 700-move
game stays a small page; ``board_svg`` joins a frame into a whole picture (tests, static pages).
Pieces are built as XML elements and cached by their content: a tile or a card drawn once is reused.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.names import display
from ...i18n import _, language
from .svg import PALETTE, el, to_text

W = 720   # every board is this wide (viewBox units); its height depends on the game and the players

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#111111")
NAMED_COLOURS = {"red": "#d62728", "yellow": "#e6b800", "green": "#2ca02c", "blue": "#1f77b4",
                 "purple": "#9467bd", "black": "#222222", "white": "#f4f4f4", "gray": "#888888",
                 "grey": "#888888"}


@lru_cache(maxsize=65536)
def _text(x: float, y: float, text: str, cls: str = "t", anchor: str = "start") -> str:
    return to_text(el("text", text, x=x, y=y, class_=cls, text_anchor=anchor if anchor != "start" else None))


@lru_cache(maxsize=65536)
def _rect(x: float, y: float, w: float, h: float, fill: str, label: str = "", cls: str = "piece") -> str:
    kids = [el("title", label)] if label else []
    return to_text(el("rect", x=x, y=y, width=w, height=h, fill=fill, class_=cls, rx=3, children=kids))


@lru_cache(maxsize=65536)
def _dot(x: float, y: float, r: float, fill: str, label: str = "") -> str:
    kids = [el("title", label)] if label else []
    return to_text(el("circle", cx=x, cy=y, r=r, fill=fill, stroke="#000", stroke_width=0.6, children=kids))


def _k(*parts) -> str:
    return "/".join(f"{p:04d}" if isinstance(p, int) else str(p) for p in parts)


# --- Port Royal ---------------------------------------------------------------------------------
_PR_CARD = {"expedition": "#c9b38a", "tax": "#999999", "pinnace": "#7fb3d5", "flute": "#76d7c4",
            "skiff": "#aed6f1", "frigate": "#f5b041", "galleon": "#ec7063"}


def _port_royal_card_colour(card: str) -> str:
    head = card.split("-")[0]
    if head in _PR_CARD:
        return _PR_CARD[head]
    return "#f7f1e1"


def port_royal(view: dict, memo: dict | None = None) -> dict:
    lang = language()
    parts = dict(_prr_head(view.get("turn"), view.get("phase"), view.get("active") or "-", view.get("draw_pile"),
                           view.get("discard_pile"), lang))
    parts.update(_prr_harbour(tuple(view.get("display") or ()), lang))
    parts[_k(2, "exp")] = _prr_expeditions(tuple(view.get("expedition_area") or ()), lang)
    for p, pl in enumerate(view.get("players") or []):
        parts.update(_prr_player(p, pl.get("name"), pl.get("coins"), pl.get("influence"), pl.get("swords"),
                                 tuple((pl.get("persons") or {}).items()), len(pl.get("expeditions") or []), lang))
    return parts


# A replay draws a board at every step, and a step changes one or two parts of it: each part is cached by
# what it shows (and the language it is written in), so only the changed part is drawn again.
@lru_cache(maxsize=4096)
def _prr_head(turn, phase, active, draw, discards, lang) -> tuple:
    return ((_k(0, "head"), _text(8, 18, _("Turn {turn} · {phase} · active: {active} · draw pile {draw} · discards "
                                          "{discards}").format(turn=turn, phase=phase, active=active, draw=draw,
                                                               discards=discards), "h")),
            (_k(1, "harbour"), _text(8, 42, _("Harbour"), "s")))


def _prr_card(card: str, lang: str) -> str:
    """A card as the page's language names it ('černý obchodník 3 1'; English: its id)."""
    from ...games.port_royal.labels import card as card_label

    try:
        return card_label(card, lang)
    except (KeyError, ValueError):      # a card this version does not know: its id, as recorded
        return card


@lru_cache(maxsize=4096)
def _prr_harbour(cards: tuple, lang: str) -> tuple:
    out = []
    for i, card in enumerate(cards):
        x, y = 8 + (i % 7) * 100, 50 + (i // 7) * 46
        name = _prr_card(card, lang)
        out.append((_k(1, i, "c"), _rect(x, y, 94, 38, _port_royal_card_colour(card), name)))
        out.append((_k(1, i, "t"), _text(x + 4, y + 23, name if len(name) <= 15 else name[:14] + "…", "small")))
    return tuple(out)


@lru_cache(maxsize=4096)
def _prr_expeditions(cards: tuple, lang) -> str:
    names = [_prr_card(c, lang) for c in cards]
    return _text(8, 160, _("Expeditions: {cards}").format(cards=", ".join(names) or "-"), "s")


@lru_cache(maxsize=8192)
def _prr_player(p, name, coins, influence, swords, persons: tuple, expeditions: int, lang) -> tuple:
    y = 186 + p * 40
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    return ((_k(3, p, "n"), _dot(14, y - 5, 6, colour, name if name is not None else "")),
            (_k(3, p, "t"), _text(26, y, _("{name}: {coins} coins · {influence} influence · {swords} swords · "
                                           "{persons} persons · {expeditions} expeditions").format(
                name=name, coins=coins, influence=influence, swords=swords, persons=sum(n for _p, n in persons),
                expeditions=expeditions))),
            (_k(3, p, "p"), _text(26, y + 16, ", ".join(sorted(k for k, _n in persons))[:110], "small")))


def _port_royal_height(view: dict) -> int:
    return 186 + len(view.get("players") or []) * 40 + 6


# --- Puerto Rico --------------------------------------------------------------------------------
_GOOD = {"corn": "#f4d03f", "indigo": "#2e4053", "sugar": "#f2f3f4", "tobacco": "#a0522d", "coffee": "#4a2c0f",
         "quarry": "#95a5a6"}


def puerto_rico(view: dict, memo: dict | None = None) -> dict:
    lang = language()
    parts = {_k(0, "head"): _pr_head(view.get("round"), view.get("governor"), view.get("role"),
                                     view.get("colonist_ship"), view.get("colonist_supply"), view.get("vp_chips_left"),
                                     lang)}
    roles = view.get("roles") or []
    last = memo.get("roles") if memo is not None else None
    if last is not None and last[0] == roles and last[1] == lang:
        pairs = last[2]
    else:
        pairs = _pr_roles(tuple((r.get("role"), r.get("doubloons"), r.get("taken_by")) for r in roles), lang)
        if memo is not None:
            memo["roles"] = (roles, lang, pairs)
    parts.update(pairs)
    ships = (view.get("ships") or [], view.get("trading_house") or [])
    last = memo.get("ships") if memo is not None else None
    if last is not None and last[0] == ships and last[1] == lang:
        pairs = last[2]
    else:
        pairs = _pr_ships(tuple((ship.get("capacity"), ship.get("load"), ship.get("good")) for ship in ships[0]),
                          tuple(ships[1]), lang)
        if memo is not None:
            memo["ships"] = (ships, lang, pairs)
    parts.update(pairs)
    for p, pl in enumerate(view.get("players") or []):
        last = memo.get(("player", p)) if memo is not None else None
        if last is not None and last[0] == pl and last[1] == lang:
            parts.update(last[2])
            continue
        head = _pr_player_head(p, str(pl.get("name")), bool(pl.get("governor")), pl.get("doubloons"),
                               tuple(sorted((pl.get("goods") or {}).items())), pl.get("san_juan"), lang)
        island = pl.get("island") or {}
        if last is not None and last[3] == island:     # a step that changes a player's money or goods
            island_pairs = last[4]
        else:
            island_pairs = _pr_island(p, tuple((k, tuple(v) if isinstance(v, list) else v)
                                               for k, v in sorted(island.items())))
        city = pl.get("city") or {}
        if last is not None and last[5] == city and last[1] == lang:
            city_pairs = last[6]
        else:
            city_pairs = _pr_city(p, tuple(sorted(city.items())), lang)
        pairs = (head, *island_pairs, *city_pairs)
        if memo is not None:
            memo[("player", p)] = (pl, lang, pairs, island, island_pairs, city, city_pairs)
        parts.update(pairs)
    return parts


@lru_cache(maxsize=4096)
def _pr_head(round_, governor, role, ship, supply, vp, lang) -> str:
    return _text(8, 18, _("Round {round} · governor {governor} · role {role} · colonists {ship} on the ship, "
                          "{supply} in supply · VP chips left {vp}").format(
        round=round_, governor=governor, role=display("puerto-rico", "role", role) if role else "-",
        ship=ship, supply=supply, vp=vp), "h")


@lru_cache(maxsize=4096)
def _pr_roles(roles: tuple, lang) -> tuple:
    out = []
    for i, (role, doubloons, taken) in enumerate(roles):
        x = 8 + i * 88
        role_name = display("puerto-rico", "role", role)
        out.append((_k(1, i, "r"), _rect(x, 28, 84, 26, "#dddddd" if taken else "#f7f1e1",
                                         _("{role}: {n} doubloons").format(role=role_name, n=doubloons) +
                                         (_(", taken by {player}").format(player=taken) if taken else ""))))
        out.append((_k(1, i, "t"), _text(x + 4, 45, f"{role_name} {doubloons or ''}".strip(), "small")))
    return tuple(out)


@lru_cache(maxsize=4096)
def _pr_ships(ships: tuple, trading_house: tuple, lang) -> tuple:
    out = []
    for i, (capacity, load, good) in enumerate(ships):
        out.append((_k(2, i), _text(8 + i * 120, 72, _("ship {capacity}: {load} {good}").format(
            capacity=capacity, load=load, good=display("puerto-rico", "good", good) if good else "").strip(),
            "small")))
    out.append((_k(2, "th"), _text(370, 72, _("trading house: {goods}").format(
        goods=", ".join(display("puerto-rico", "good", g) for g in trading_house) or "-"), "small")))
    return tuple(out)


# One player's part of the Puerto Rico board, in three parts cached by what each shows: a step mostly changes
# one player's doubloons or goods, and the same island and city are drawn again at every step.
@lru_cache(maxsize=8192)
def _pr_player_head(p, name, governor, doubloons, goods, san_juan, lang) -> tuple:
    y = 86 + p * 94
    goods_text = ", ".join(f"{n} {display('puerto-rico', 'good', g)}" for g, n in goods if n) or _("no goods")
    who = _("{name} (governor)").format(name=name) if governor else name
    return (f"3/{p:02d}/n", _text(8, y + 12, _("{who}: {doubloons} doubloons · {goods} · San Juan {colonists}")
                                  .format(who=who, doubloons=doubloons, goods=goods_text, colonists=san_juan), "s"))


@lru_cache(maxsize=8192)
def _pr_island(p, island) -> tuple:
    out = []
    y = 86 + p * 94
    slot = 0
    for kind, occupied in island:
        total, manned = (list(occupied) + [0, 0])[:2] if isinstance(occupied, tuple) else (occupied, 0)
        for j in range(int(total or 0)):
            x = 8 + slot * 26
            out.append((f"3/{p:02d}/i/{slot:03d}", _rect(x, y + 18, 22, 22, _GOOD.get(kind, "#ccc"), kind)))
            if j < int(manned or 0):
                out.append((f"3/{p:02d}/ic/{slot:03d}", _dot(x + 11, y + 29, 4, "#6e2c00", "colonist")))
            slot += 1
    return tuple(out)


@lru_cache(maxsize=8192)
def _pr_city(p, city, lang) -> tuple:
    out = []
    y = 86 + p * 94
    for b, (building, colonists) in enumerate(city):
        x = 8 + (b % 4) * 178
        yy = y + 44 + (b // 4) * 15
        dots = "●" * int(colonists or 0)
        out.append((f"3/{p:02d}/b/{b:03d}", _text(x, yy + 10, f"{display('puerto-rico', 'building', building)} {dots}",
                                                  "small")))
    return tuple(out)


def _puerto_rico_height(view: dict) -> int:
    return 86 + len(view.get("players") or []) * 94 + 6


# --- Carcassonne --------------------------------------------------------------------------------
_EDGE = {"C": "#b5651d", "R": "#f4f4f4", "F": "#7dcea0"}
CELL = 24


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
    x0, y0, _x1, _y1 = _bounds(view)
    names = tuple(p.get("name") for p in view.get("players") or [])
    head = " · ".join(f"{p.get('name')} {p.get('score')}" for p in view.get("players") or [])
    parts = {_k(0, "head"): _text(x0 * CELL - 16, y0 * CELL - 16, _("{scores} · tiles left {n}").format(scores=head, n=view.get("bag_total")), "h")}
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
    if memo is not None:
        memo["board"] = (board, names, tiles, flat)
    parts.update(flat)
    return parts


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


def _carcassonne_box(view: dict) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = _bounds(view)
    return (x0 * CELL - 24, y0 * CELL - 36, max(W, (x1 - x0 + 1) * CELL + 48), (y1 - y0 + 1) * CELL + 48)


# --- El Capitan ---------------------------------------------------------------------------------
@lru_cache(maxsize=16384)
def _city_row(c: int, city: str, sites: tuple, forts: tuple, lang: str) -> str:
    """One city's row: its name, a square per site in the owner's colour, its fortresses (one piece)."""
    y = 32 + c * 26
    kids = [el("text", display("el-capitan", "city", city), x=8, y=y + 15, class_="small")]
    for s, owner in enumerate(sites):
        fill = NAMED_COLOURS.get(str(owner), "#eeeeee") if owner else "#eeeeee"
        kids.append(el("rect", x=100 + s * 30, y=y + 2, width=26, height=20, fill=fill, class_="piece", rx=3,
                       children=[el("title", _("{city} site {n}: {owner}").format(
                           city=display("el-capitan", "city", city), n=s + 1,
                           owner=display("el-capitan", "colour", str(owner)) if owner else _("empty")))]))
    if forts:
        colours = ", ".join(display("el-capitan", "colour", str(f)) for f in forts)
        kids.append(el("text", _("fortress {colours}").format(colours=colours), x=470, y=y + 15, class_="small"))
    return to_text(el("g", children=kids))


def el_capitan(view: dict, memo: dict | None = None) -> dict:
    lang = language()
    parts = {"0/head": _ec_head(view.get("phase"), view.get("paydays"), view.get("current") or "-", lang)}
    cities = view.get("cities") or {}
    last = memo.get("cities") if memo is not None else None
    if last is not None and last[0] == cities and last[1] == lang:     # most moves change no city
        parts.update(last[2])
    else:
        rows = _ec_cities(cities, lang, memo)
        if memo is not None:
            memo["cities"] = (cities, lang, rows)
        parts.update(rows)
    base = 32 + len(cities) * 26 + 8
    for p, pl in enumerate(view.get("players") or []):
        parts.update(_ec_player(p, base, pl.get("name"), pl.get("colour"), pl.get("money"), pl.get("ship"),
                                len(pl.get("hand") or []), len(pl.get("loans") or []), lang))
    return parts


def _ec_cities(cities: dict, lang: str, memo: dict | None) -> tuple:
    rows = []
    for c, city in enumerate(sorted(cities)):
        info = cities[city]
        last = memo.get(("city", c)) if memo is not None else None
        if last is not None and last[0] == city and last[1] == info and last[2] == lang:
            rows.append((f"1/{c:03d}", last[3]))
            continue
        sites = info.get("sites") or ()
        try:
            sites = tuple(sites)
            hash(sites)
        except TypeError:   # a site given as {"colour": ...}
            sites = tuple((s.get("colour") if isinstance(s, dict) else s) for s in sites)
        forts = tuple(f for f in info.get("fortresses") or () if f)
        rows.append((f"1/{c:03d}", _city_row(c, city, sites, forts, lang)))
        if memo is not None:
            memo[("city", c)] = (city, info, lang, rows[-1][1])
    return tuple(rows)


@lru_cache(maxsize=4096)
def _ec_head(phase, paydays, current, lang) -> str:
    return _text(8, 18, _("Phase {phase} · paydays {paydays} · current {player}").format(
        phase=phase, paydays=paydays, player=current), "h")


@lru_cache(maxsize=8192)
def _ec_player(p, base, name, colour, money, place, cards, loans, lang) -> tuple:
    y = base + p * 22
    return ((f"2/{p}/d", _dot(14, y - 5, 6, NAMED_COLOURS.get(str(colour), "#888"), str(colour))),
            (f"2/{p}/t", _text(26, y, _("{name}: {money} florins · ship at {place} · {cards} cards · {loans} loans")
                         .format(name=name, money=money, place=place, cards=cards, loans=loans))))


def _el_capitan_height(view: dict) -> int:
    return 32 + len(view.get("cities") or {}) * 26 + 8 + len(view.get("players") or []) * 22 + 6


FRAMES = {"port-royal": port_royal, "puerto-rico": puerto_rico, "carcassonne": carcassonne,
          "el-capitan": el_capitan}


def size(game: str, view: dict) -> tuple[int, int, int, int]:
    """The picture's viewBox: (x, y, width, height)."""
    if game == "carcassonne":
        return _carcassonne_box(view)
    height = {"port-royal": _port_royal_height, "puerto-rico": _puerto_rico_height,
              "el-capitan": _el_capitan_height}[game](view)
    return 0, 0, W, height


def frame(game: str, view: dict, memo: dict | None = None) -> dict:
    """The board's pieces. ``memo``: a dict kept from one step of a game to the next (a replay): a part whose
    data is equal to the previous step's (compared whole, which is quick) keeps the previous step's piece."""
    return FRAMES[game](view, memo)


def board_svg(game: str, view: dict, title: str = "Board") -> str:
    """The whole board as one <svg> (the pieces of ``frame`` in key order)."""
    x, y, w, h = size(game, view)
    pieces = frame(game, view)
    inner = "".join(pieces[k] for k in sorted(pieces))
    root = to_text(el("svg", xmlns="http://www.w3.org/2000/svg", viewBox=f"{x} {y} {w} {h}", role="img",
                      class_="board", children=[el("title", title)]))
    # Pieces are already-serialized, escaped XML: splice them inside the root element.
    return root.replace("</svg>", inner + "</svg>")


__all__ = ["frame", "board_svg", "size", "PALETTE"]
