"""The board view: tiles as 3x3 glyphs in an 80-column terminal, then scores, supplies, goods and the bag.

Glyphs: ``#`` city, ``|``/``-`` road (``┐`` ``┘`` ``└`` ``┌`` where it bends), ``.`` field, ``+`` a road junction
or end, ``^`` cloister; a figure
shows in the tile centre as the player's number (follower), ``B`` (builder) or ``P`` (pig), and the
feature it stands on is drawn in the player's colour. ``?`` marks where the drawn tile fits.
rich is imported only inside render().
"""

from __future__ import annotations

from ...core.names import display
from ...core.said import said
from ...i18n import _, ngettext

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
MAX_COLS = 25   # tiles across: 4 + 25 * 3 = 79 characters
MAX_ROWS = 12   # tiles down
_BEND = {(0, 1): "└", (1, 2): "┌", (2, 3): "┐", (0, 3): "┘"}   # a road bending between two board edges


def _glyph(st, idx):
    """3 rows of 3 (char, style) cells for placed tile ``idx``."""
    b = st.board
    rot = b.rot[idx]
    base = b.base[idx]
    fig = None
    for s in range(len(rot.tile.segments)):
        got = b.figs.get(base + s)
        if got:
            fig = (s, got[0], got[1])
    return glyph(rot, fig)


def glyph(rot, fig=None):
    """3 rows of 3 (char, style) cells for a tile in one rotation; fig = (segment, player, figure)."""
    tile = rot.tile
    fig_seg = fig[0] if fig else None
    fig_style = f"bold {COLOURS[fig[1] % len(COLOURS)]}" if fig else ""

    def edge(e, vertical):
        t = rot.edges[e]
        seg = rot.edge_seg[e] if t != "F" else rot.half_seg[2 * e]
        style = fig_style if seg == fig_seg and fig else {"C": "yellow", "R": "white", "F": "green"}[t]
        ch = {"C": "#", "R": "|" if vertical else "-", "F": "."}[t]
        return ch, style

    def corner(e1, e2):
        s1, s2 = rot.edge_seg[e1], rot.edge_seg[e2]
        if rot.edges[e1] == "C" and rot.edges[e2] == "C" and s1 == s2:
            return "#", fig_style if s1 == fig_seg and fig else "yellow"
        h = {(0, 3): 0, (0, 1): 1, (2, 1): 4, (2, 3): 5}[(e1, e2)]
        hs = rot.half_seg[h] if rot.edges[e1] != "C" else rot.half_seg[{0: 7, 1: 2, 4: 3, 5: 6}[h]]
        return ".", fig_style if hs == fig_seg and hs >= 0 and fig else "green"

    if fig:
        centre = (str(fig[1] + 1) if fig[2] == "f" else fig[2].upper(), fig_style + " reverse")
    elif tile.cloister:
        centre = ("^", "bold white")
    elif any(s.kind == "field" and not s.halves for s in tile.segments):
        centre = (".", "green")   # T&B M, N, P, X: the middle field keeps their city parts apart
    else:
        roads = [s for s in tile.segments if s.kind == "road"]
        cities = [s for s in tile.segments if s.kind == "city" and len(s.edges) > 1]
        if any(len(s.edges) == 1 for s in roads):
            centre = ("+", "white")
        elif roads:
            es = rot.seg_edges[roads[0].index]
            if len(roads) == 1 and es in _BEND:
                centre = (_BEND[es], "white")   # a bend runs on; + would say the road ends here
            else:
                centre = ("|" if es == (0, 2) else "-" if es == (1, 3) else "+", "white")
        elif cities:
            centre = ("#", "yellow")
        else:
            centre = (".", "green")
    return [
        [corner(0, 3), edge(0, True), corner(0, 1)],
        [edge(3, False), centre, edge(1, False)],
        [corner(2, 3), edge(2, True), corner(2, 1)],
    ]


def board_lines(rules, st, max_cols=MAX_COLS, max_rows=MAX_ROWS):
    """The board as lines of (text, style) spans, cropped to max_cols x max_rows tiles around the last move."""
    MAX_COLS, MAX_ROWS = max(1, max_cols), max(1, max_rows)   # noqa: N806 (the module's limits, narrowed)
    b = st.board
    xs = [p[1] for p in b.placed]
    ys = [p[2] for p in b.placed]
    fits = set()
    if st.phase == "place" and st.hand:
        from .tiles import tile_types

        tile = tile_types()[st.hand]
        fits = {(x, y) for x, y, _ in b.placements(tile)}
        xs += [p[0] for p in fits]
        ys += [p[1] for p in fits]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lx, ly = b.placed[st.last][1], b.placed[st.last][2]
    if x1 - x0 + 1 > MAX_COLS:
        x0 = max(x0, min(lx - MAX_COLS // 2, x1 - MAX_COLS + 1))
        x1 = x0 + MAX_COLS - 1
    if y1 - y0 + 1 > MAX_ROWS:
        y0 = max(y0, min(ly - MAX_ROWS // 2, y1 - MAX_ROWS + 1))
        y1 = y0 + MAX_ROWS - 1
    # column numbers, 3 characters a tile; -10 and beyond fill all 3, so then only every other one is shown
    # (-12 -10 -8 rather than -12-11-10)
    wide = any(len(str(x)) > 2 for x in range(x0, x1 + 1))
    out = [[("    ", ""), ("".join(f"{x:>3}" if not wide or x % 2 == 0 else "   " for x in range(x0, x1 + 1)),
                           "dim")]]
    for y in range(y0, y1 + 1):
        rows = [[(f"{y:>3} ", "dim")], [("    ", "")], [("    ", "")]]
        for x in range(x0, x1 + 1):
            idx = b.at.get((x, y))
            if idx is None:
                mark = " ? " if (x, y) in fits else "   "
                rows[0].append(("   ", ""))
                rows[1].append((mark, "bold cyan"))
                rows[2].append(("   ", ""))
                continue
            g = _glyph(st, idx)
            last = idx == st.last
            for r in range(3):
                for ch, style in g[r]:
                    rows[r].append((ch, style + (" underline" if last and r == 2 else "")))
        out.extend(rows)
    return out


def _wrap(text, style, out, width=79):
    import textwrap

    for i, line in enumerate(textwrap.wrap(text, width=width, subsequent_indent="  ")):
        out.append([(line, style)])


def info_lines(rules, st):
    out = []
    tb = st.options.get("traders_builders", True)
    # the column headings in the language in force; a column widens to its heading (Czech words are longer)
    heads = [_("score"), _("followers")] + ([display("carcassonne", "figure", f) for f in ("builder", "pig")]
                                           + [display("carcassonne", "goods", g) for g in ("wine", "grain", "cloth")]
                                           if tb else [])
    w = [max(n, len(h)) for n, h in zip((5, 9, 7, 6, 5, 5, 5), heads)]
    player = _("player")
    head = f"   {player:<13}" + " ".join(f"{h:>{n}}" for h, n in zip(heads, w))
    out.append([(head, "dim")])
    where = {}   # (player, figure) -> "x,y" of a builder or pig on the board: whose B or P is whose without colour
    for g, (p, kind) in st.board.figs.items():
        if kind != "f":
            t, _seg = st.board.gid_location(g)
            where[(p, kind)] = "{},{}".format(*st.board.placed[t][1:3])
    for i, name in enumerate(st.players):
        mark = ">" if st.current == i and st.phase != "over" else " "
        row = f"{mark}{i + 1} {name[:13]:<13}{st.scores[i]:>{w[0]}} {st.supply[i]:>{w[1]}}"
        if tb:
            g = st.goods[i]
            # TRANSLATORS: where a builder or pig is: in its owner's supply, or on the board (no tile known)
            supply, board = _("supply"), _("board")
            row += (f" {supply if st.builder[i] else where.get((i, 'b'), board):>{w[2]}}"
                    f" {supply if st.pig[i] else where.get((i, 'p'), board):>{w[3]}}"
                    f" {g['wine']:>{w[4]}} {g['grain']:>{w[5]}} {g['cloth']:>{w[6]}}")
        out.append([(row, f"bold {COLOURS[i % len(COLOURS)]}")])
    bag = [f"{k}x{n}" if n > 1 else k for k, n in st.bag.items() if n]
    _wrap(_("Bag ({n}):").format(n=rules.left(st)) + " " + (" ".join(bag) if bag else _("empty")), "dim", out)
    if st.discarded:
        _wrap(_("Discarded (P5):") + " " + " ".join(st.discarded), "dim", out)
    for _when, ev in st.events[-4:]:
        _wrap(said(ev), "italic", out)
    if st.phase == "place" and st.hand:
        out.extend(drawn_lines(st))
    return out


def drawn_lines(st):
    """The drawn tile in each rotation, with the board edges it would show (to confirm before placing)."""
    from .notation import rotation_text
    from .tiles import tile_types

    tile = tile_types()[st.hand]
    if tile.edges_ambiguous:
        head = _("Drawn: {tile}. Rotations (clockwise) and where the goods city lies:").format(tile=tile.key)
    else:
        head = _("Drawn: {tile}. Rotations (clockwise) and the edges they show:").format(tile=tile.key)
    out = [[(head, "bold")]]
    qs = tile.distinct
    for start in range(0, len(qs), 3):
        chunk = qs[start:start + 3]
        cells = [glyph(tile.rotations[q]) for q in chunk]
        for r in range(3):
            line = []
            for i, q in enumerate(chunk):
                line.append(("  " + (f"r{q * 90}" if r == 1 else "").ljust(5), "bold"))
                line.extend(cells[i][r])
                # the edges, or for T&B M and X (all city) where the goods city lies
                label = rotation_text(tile, q).split(" ", 1)[1] if r == 1 else ""
                line.append((" " + label.ljust(15), ""))
            out.append(line)
    return out


def plain(rules, st) -> str:
    """The whole view as plain text (tests, logs)."""
    return "\n".join("".join(t for t, _ in line) for line in board_lines(rules, st) + info_lines(rules, st))


def render(rules, st):
    from rich.console import Group
    from rich.text import Text

    lines = []
    for line in board_lines(rules, st) + info_lines(rules, st):
        t = Text()
        for text, style in line:
            t.append(text, style=style or None)
        lines.append(t)
    return Group(*lines)


# --- fitting a terminal: the table picks the fullest tier whose lines fit its board area (ui/fit.py) ------

def _text(lines):
    from rich.text import Text

    out = []
    for line in lines:
        t = Text(no_wrap=True, overflow="crop")
        for text, style in line:
            t.append(text, style=style or None)
        out.append(t)
    return out


def _side_info(rules, st):
    """The right-hand column: a line a player (name whole), the bag, the drawn tile's rotations two a row."""
    from rich.text import Text

    from .tiles import tile_types

    tb = st.options.get("traders_builders", True)
    where = {}
    for g, (p, kind) in st.board.figs.items():
        if kind != "f":
            t, _seg = st.board.gid_location(g)
            where[(p, kind)] = "{},{}".format(*st.board.placed[t][1:3])
    out = []
    for i, name in enumerate(st.players):
        mark = ">" if st.current == i and st.phase != "over" else " "
        line = Text(f"{mark}{i + 1} ", style=f"bold {COLOURS[i % len(COLOURS)]}")
        line.append(name, style=f"bold {COLOURS[i % len(COLOURS)]}")
        # TRANSLATORS: a player's score (pt) and followers in supply (f), short to fit a narrow column
        line.append(" " + _("{score}pt {followers}f").format(score=st.scores[i], followers=st.supply[i]))
        if tb:
            g = st.goods[i]
            b = "" if st.builder[i] else f" B{where.get((i, 'b'), '')}"
            pig = "" if st.pig[i] else f" P{where.get((i, 'p'), '')}"
            # TRANSLATORS: goods tokens: wine (w), grain (g), cloth (c)
            line.append(b + pig + " " + _("w{wine} g{grain} c{cloth}").format(**g))
        out.append(line)
    bag = ngettext("Bag: {n} tile", "Bag: {n} tiles", rules.left(st)).format(n=rules.left(st))
    if st.discarded:
        bag += ", " + _("{n} discarded").format(n=len(st.discarded))
    out.append(Text(bag, style="dim"))
    if st.phase == "place" and st.hand:
        tile = tile_types()[st.hand]
        out.append(Text(_("Drawn: {tile}").format(tile=tile.key), style="bold"))
        qs = tile.distinct
        for start in range(0, len(qs), 2):
            chunk = qs[start:start + 2]
            cells = [glyph(tile.rotations[q]) for q in chunk]
            for r in range(3):
                line = Text()
                for i, q in enumerate(chunk):
                    line.append((f"r{q * 90}" if r == 1 else "").rjust(5) + " ", style="bold")
                    for ch, style in cells[i][r]:
                        line.append(ch, style=style or None)
                    line.append("  ")
                out.append(line)
    return out


def side_by_side(rules, st, width, height):
    """The map window on the left (as many tiles as fit, around the last tile), the players on the right."""
    from rich.console import Group
    from rich.table import Table

    info_width = 34
    map_width = max(10, width - info_width - 1)
    rows = max(1, ((height or 20) - 2) // 3)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=map_width, no_wrap=True)
    grid.add_column(width=info_width, overflow="fold")
    grid.add_row(Group(*_text(board_lines(rules, st, (map_width - 4) // 3, rows))), Group(*_side_info(rules, st)))
    return grid


def stacked(rules, st, width, height):
    """The full view with the map window cut to the rows the height leaves (at least two tile rows)."""
    from rich.console import Group

    info = info_lines(rules, st)
    rows = ((height or 40) - 1 - len(info) - 2) // 3
    if rows < 2:
        return None
    return Group(*_text(board_lines(rules, st, (width - 4) // 3, rows)), *_text(info))


def tiers(rules, s, width, height):
    """On a screen, the map beside the players first (a larger window shows more map), then the view with
    a short map window; printed without a height, the whole view."""
    if height is None:       # a printout (show into a pipe): the whole view, as before
        return [render(rules, s), side_by_side(rules, s, width, 40)]
    # a screen: the map beside the players, as large as the window allows, around the last tile
    found = [side_by_side(rules, s, width, height), stacked(rules, s, width, height)]
    return [t for t in found if t is not None]
