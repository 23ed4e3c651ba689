"""El Capitan board data: what the rules text confirms (tables/el-capitan/board.json), what the user has read
off their own board (the user board file), and the plausible values offered for everything still unknown.

Nothing here invents a board number: an unknown value is ``None`` until the user supplies it, either in the
board file (``referee board``) or as a chance move at the moment the game needs it (rules D1, D6).
The plausible ranges below are input bounds for those chance moves, not board data.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from referee.core.errors import BadInput
from referee.core.tables import load_json
from referee.i18n import _, language

CITIES = ("marseille", "valencia", "tanger", "venezia", "alexandria", "napoli", "constantinople", "tunis",
          "athina")
CITY_NAMES = {c: c.capitalize() for c in CITIES}
CITY_INDEX = {c: i for i, c in enumerate(CITIES)}
# every unordered pair, in CITIES order (a connection card names two distinct cities)
PAIRS = tuple((a, b) for i, a in enumerate(CITIES) for b in CITIES[i + 1:])
SITES = 12

# The 3x3 grid (rule 3.4): the left column and the centre are confirmed; the three "?" cells and the two
# right-hand corners are not. A layout names the cities in OPEN_CELLS order plus the top-right corner.
FIXED_CELLS = {"marseille": (1, 1), "valencia": (2, 1), "tanger": (3, 1), "napoli": (2, 2)}
OPEN_CELLS = ((1, 2), (2, 3), (3, 2))          # top middle, middle right, bottom middle
CORNERS = ((1, 3), (3, 3))                     # top right, bottom right
MIDDLE_CITIES = ("venezia", "athina", "tunis")
CORNER_CITIES = ("constantinople", "alexandria")

# Input bounds for chance moves that ask for a printed number nobody has confirmed (not board data).
PLAUSIBLE = {
    "site": (0, 60),          # a building site's or the final field's printed payday value
    "harbour": (1, 20),       # harbour space price per warehouse (Marseille: 4 and 5)
    "fortress": (1, 30),      # fortress space price (Marseille: 8 and 10)
    "card_price": (1, 15),    # a sailing card's purchase price (Venezia-Tanger: 3)
    "seals": (1, 4),          # seals on a destination/sea-route card (4 = the grid's largest distance)
}

LOAN_REPAY = {10: 12, 16: 20}
LOAN_EXTENDED_16 = 30


class BoardError(BadInput):
    """A user board file that cannot be used: one sentence naming the city and field."""


def default_board_path() -> Path:
    env = os.environ.get("REFEREE_EL_CAPITAN_BOARD")
    if env:
        return Path(env)
    from ...core import preferences

    chosen = preferences.get("el-capitan-board")   # a club's own board file, set once with `referee config`
    if chosen:
        return Path(chosen)
    from ...dirs import user_data_dir       # platformdirs' folder, without importing it where it can

    # appauthor=False as for the history: on Windows the folder is %LOCALAPPDATA%\referee, not
    # referee\referee (where earlier versions wrote it: still read from there while it is only there).
    path = Path(user_data_dir("referee", appauthor=False)) / "el-capitan-board.json"
    earlier = Path(user_data_dir("referee")) / "el-capitan-board.json"
    return earlier if earlier != path and earlier.is_file() and not path.exists() else path


def layouts() -> list[tuple[str, str, str, str]]:
    """Every grid layout the confirmed cells allow: (top middle, middle right, bottom middle, top right)."""
    from itertools import permutations

    out = []
    for mids in permutations(MIDDLE_CITIES):
        for corner in CORNER_CITIES:
            out.append((*mids, corner))
    return out


def layout_grid(layout) -> dict[str, tuple[int, int]]:
    grid = dict(FIXED_CELLS)
    for city, cell in zip(layout[:3], OPEN_CELLS):
        grid[city] = cell
    top = layout[3]
    grid[top] = CORNERS[0]
    grid[[c for c in CORNER_CITIES if c != top][0]] = CORNERS[1]
    return grid


def grid_layout(grid: dict) -> tuple | None:
    """The layout tuple of a complete grid, or None if the grid is not one the confirmed cells allow."""
    for lay in layouts():
        if layout_grid(lay) == {c: tuple(v) for c, v in grid.items()}:
            return lay
    return None


class Board:
    """Everything known about the board before the game starts: tables/ plus the user's board file.

    ``None`` means unknown. Site values are indexed 1..12 (index 0 unused); the final field is separate.
    """

    def __init__(self):
        self.grid: dict[str, tuple] = {}
        self.harbour = {c: [None, None] for c in CITIES}
        self.fortress = {c: [None, None] for c in CITIES}
        self.sites = {c: [None] * (SITES + 1) for c in CITIES}
        self.final = {c: None for c in CITIES}
        self.dark: dict[str, tuple | None] = {c: None for c in CITIES}
        self.triangle: dict[str, int | None] = {c: None for c in CITIES}
        self.expansion: dict[int, int | None] = {n: None for n in range(10)}
        self.loan10_extended: int | None = None
        self.destination_cards: list | None = None   # [(city, seals, price)] when the whole deck is known
        self.connection_cards: list | None = None    # [(city_a, city_b, price)] (pair in CITIES order)
        self.connection_price: dict[tuple, int] = {}  # confirmed prices of single pairs
        self.destination_seals: dict[str, int] = {}
        self.source = "tables"
        self.warnings: list[str] = []
        self.problem: str | None = None              # why the saved board file could not be used

    @property
    def layout(self):
        return grid_layout(self.grid) if len(self.grid) == len(CITIES) else None

    def site_status(self, city: str, site: int) -> str | None:
        """'dark', 'triangle' or 'plain' when the board file says, else None. A dark square counts even when
        the triangle is not known yet; triangle 0 is "no triangle" (every other square is plain)."""
        dark, tri = self.dark[city], self.triangle[city]
        if dark is not None and site in dark:
            return "dark"
        if tri is not None and tri == site:
            return "triangle"
        if dark is None or tri is None:
            return None
        return "plain"


def tables_board() -> Board:
    data = load_json("el-capitan/board.json")
    b = Board()
    for cid, c in data["cities"].items():
        g = c.get("grid", {}).get("value")
        if g:
            b.grid[cid] = tuple(g)
        for key, target in (("harbour_price", b.harbour), ("fortress_price", b.fortress)):
            for i, v in enumerate(c.get(key, [])):
                target[cid][i] = v.get("value")
        s1 = c.get("site_value_1")
        b.sites[cid][1] = s1["value"] if s1 else 0
    for cid in CITIES:
        b.sites[cid][1] = 0  # site 1 is printed "0" in every city (confirmed)
    for n, v in data["expansion_table"].items():
        b.expansion[int(n)] = v.get("value")
    for entry in data.get("connection_prices", []):
        a, c = _pair(*entry["pair"])
        b.connection_price[(a, c)] = entry["value"]
    for entry in data.get("destination_seals", []):
        b.destination_seals[entry["city"]] = entry["value"]
    return b


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if CITY_INDEX[a] < CITY_INDEX[b] else (b, a)


# --- the user board file ---------------------------------------------------------------------------------

FILE_KEYS = ("schema_version", "game", "saved", "cities", "expansion_table", "loan_10_extended",
             "destination_cards", "connection_cards", "notes")
CITY_KEYS = ("grid", "harbour_price", "fortress_price", "site_values", "final_value", "dark_sites",
             "triangle_site")


def _num(value, where: str, lo: int = 0, hi: int | None = 999, allow_null: bool = True):
    if value is None and allow_null:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise BoardError(_("Board file: {where} is not a whole number ({value}); enter the number printed "
                               "on your board.").format(where=where, value=repr(value)))
    if value < lo or (hi is not None and value > hi):
        raise BoardError(_("Board file: {where} must be between {low} and {high}, not {value}.").format(
            where=where, low=lo, high=hi, value=value))
    return value


def _list(value, where: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise BoardError(_("Board file: {where} must be a list.").format(where=where))
    if length is not None and len(value) != length:
        raise BoardError(_("Board file: {where} must have {n} entries, not {got}.").format(
            where=where, n=length, got=len(value)))
    return value


def validate_board_file(data) -> tuple[dict, list[str]]:
    """Check a user board file. Returns (normalized data, warnings); raises BoardError naming the city and
    field of a missing or non-numeric value. ``null`` marks a value not read yet (it stays unknown)."""
    if not isinstance(data, dict):
        raise BoardError(_("Board file: the file must hold a JSON object."))
    for key in data:
        if key not in FILE_KEYS:
            raise BoardError(_("Board file: unknown key {key}; the keys are {keys}.").format(
                key=repr(key), keys=", ".join(FILE_KEYS)))
    version = data.get("schema_version")
    if version != 1:
        raise BoardError(_("Board file: schema_version must be 1, not {version}.").format(version=repr(version)))
    cities = data.get("cities")
    if not isinstance(cities, dict):
        raise BoardError(_("Board file: cities is missing; it maps each of the 9 city ids to its printed numbers."))
    for cid in cities:
        if cid not in CITY_INDEX:
            raise BoardError(_("Board file: unknown city {city}; the cities are {cities}.").format(
                city=repr(cid), cities=", ".join(CITIES)))
    out_cities = {}
    for cid in CITIES:
        if cid not in cities:
            raise BoardError(_("Board file: city {city} is missing.").format(city=cid))
        c = cities[cid]
        if not isinstance(c, dict):
            raise BoardError(_("Board file: {city} must be an object with {fields}.").format(
                city=cid, fields=", ".join(CITY_KEYS)))
        for key in c:
            if key not in CITY_KEYS:
                raise BoardError(_("Board file: {city} has an unknown field {field}; the fields are "
                                   "{fields}.").format(city=cid, field=repr(key), fields=", ".join(CITY_KEYS)))
        for key in CITY_KEYS:
            if key not in c:
                raise BoardError(_("Board file: {field} is missing.").format(field=f"{cid}.{key}"))
        o = {}
        g = c["grid"]
        if g is None:
            o["grid"] = None
        else:
            g = _list(g, f"{cid}.grid", 2)
            o["grid"] = [_num(g[0], f"{cid}.grid row", 1, 3, False), _num(g[1], f"{cid}.grid column", 1, 3, False)]
        for key in ("harbour_price", "fortress_price"):
            vals = _list(c[key], f"{cid}.{key}", 2)
            o[key] = [_num(v, f"{cid}.{key} space {i + 1}", 1) for i, v in enumerate(vals)]
        vals = _list(c["site_values"], f"{cid}.site_values", SITES)
        o["site_values"] = [_num(v, f"{cid}.site_values site {i + 1}") for i, v in enumerate(vals)]
        o["final_value"] = _num(c["final_value"], f"{cid}.final_value")
        if c["dark_sites"] is None:
            o["dark_sites"] = None
        else:
            vals = _list(c["dark_sites"], f"{cid}.dark_sites")
            ds = [_num(v, f"{cid}.dark_sites entry {i + 1}", 1, SITES, False) for i, v in enumerate(vals)]
            if len(set(ds)) != len(ds):
                raise BoardError(_("Board file: {field} names a site twice.").format(field=f"{cid}.dark_sites"))
            o["dark_sites"] = sorted(ds)
        o["triangle_site"] = _num(c["triangle_site"], f"{cid}.triangle_site", 0, SITES)   # 0: no triangle
        out_cities[cid] = o
    exp = data.get("expansion_table")
    out_exp = {}
    if exp is not None:
        if not isinstance(exp, dict):
            raise BoardError(_("Board file: expansion_table must map the number of cities (1-9) to florins."))
        for key, v in exp.items():
            if str(key) not in {str(n) for n in range(10)}:
                raise BoardError(_("Board file: expansion_table row {row} is not a number of cities 0-9.").format(
                    row=repr(key)))
            out_exp[int(key)] = _num(v, f"expansion_table row {key}")
    loan = _num(data.get("loan_10_extended"), "loan_10_extended", 1)
    out = {"schema_version": 1, "game": "el-capitan", "cities": out_cities, "expansion_table": out_exp,
           "loan_10_extended": loan}
    for key in ("saved", "notes"):
        if key in data:
            out[key] = data[key]
    if data.get("destination_cards") is not None:
        cards = _list(data["destination_cards"], "destination_cards", 18)
        out["destination_cards"] = []
        for i, card in enumerate(cards):
            where = f"destination_cards[{i}]"
            if not isinstance(card, dict) or set(card) != {"city", "seals", "price"}:
                raise BoardError(_("Board file: {where} must be an object with city, seals and price.").format(
                    where=where))
            if card["city"] not in CITY_INDEX:
                raise BoardError(_("Board file: {where}.city {city} is not a city id.").format(
                    where=where, city=repr(card["city"])))
            out["destination_cards"].append({"city": card["city"],
                                             "seals": _num(card["seals"], f"{where}.seals", 1, 8, False),
                                             "price": _num(card["price"], f"{where}.price", 0, 99, False)})
    if data.get("connection_cards") is not None:
        cards = _list(data["connection_cards"], "connection_cards", 36)
        out["connection_cards"] = []
        for i, card in enumerate(cards):
            where = f"connection_cards[{i}]"
            if not isinstance(card, dict) or set(card) != {"cities", "price"}:
                raise BoardError(_("Board file: {where} must be an object with cities and price.").format(
                    where=where))
            pair = card["cities"]
            if (not isinstance(pair, list) or len(pair) != 2 or any(p not in CITY_INDEX for p in pair)):
                raise BoardError(_("Board file: {where}.cities must name two city ids.").format(where=where))
            if pair[0] == pair[1]:
                raise BoardError(_("Board file: {where}.cities names {city} twice; a connection joins two "
                                   "different cities (rule D5).").format(where=where, city=pair[0]))
            out["connection_cards"].append({"cities": list(_pair(*pair)),
                                            "price": _num(card["price"], f"{where}.price", 0, 99, False)})
    return out, board_warnings(out)


def board_warnings(data: dict) -> list[str]:
    """The calibration checks of rule D5: warnings, never silent corrections."""
    warn = []
    tb = tables_board()
    cells = {}
    for cid, c in data["cities"].items():
        hp, fp = c["harbour_price"], c["fortress_price"]
        if None not in hp and hp[0] >= hp[1]:
            warn.append(_("{city}: harbour space 1 ({first}) should be cheaper than space 2 ({second}) "
                          "(rule D5).").format(city=cid, first=hp[0], second=hp[1]))
        if None not in fp and fp[0] >= fp[1]:
            warn.append(_("{city}: fortress space 1 ({first}) should be cheaper than space 2 ({second}) "
                          "(rule D5).").format(city=cid, first=fp[0], second=fp[1]))
        for key, known in (("harbour_price", tb.harbour[cid]), ("fortress_price", tb.fortress[cid])):
            for i, (mine, conf) in enumerate(zip(c[key], known)):
                if mine is not None and conf is not None and mine != conf:
                    if key == "harbour_price":
                        text = _("{city}: harbour price space {space} is {mine} but the rules text shows "
                                 "{confirmed}; your board may be a different edition (your value is kept).")
                    else:
                        text = _("{city}: fortress price space {space} is {mine} but the rules text shows "
                                 "{confirmed}; your board may be a different edition (your value is kept).")
                    warn.append(text.format(city=cid, space=i + 1, mine=mine, confirmed=conf))
        sv = c["site_values"]
        if sv[0] not in (None, 0):
            warn.append(_("{city}: site 1 is printed 0 on the rulebook's board, not {value} (rule D5).").format(
                city=cid, value=sv[0]))
        dark, tri = c["dark_sites"], c["triangle_site"]
        if dark is not None:
            active = sorted(dark + ([tri] if tri else []))
            for k, site in enumerate(active, 1):
                if site <= k:
                    warn.append(_("{city}: shut-down square {k} is on site {site}; it should lie beyond site {k} "
                                  "(rule D5).").format(city=cid, k=k, site=site))
                    break
            if tri is not None and tri in dark:
                warn.append(_("{city}: the triangle (site {site}) is also listed as a dark square (rule D5).").format(
                    city=cid, site=tri))
        if c["grid"] is not None:
            cells.setdefault(tuple(c["grid"]), []).append(cid)
            fixed = FIXED_CELLS.get(cid)
            if fixed and tuple(c["grid"]) != fixed:
                warn.append(_("{city}: the rules text puts it in row {row}, column {column}, not "
                              "{grid}; your board may be a different edition.").format(
                    city=cid, row=fixed[0], column=fixed[1], grid=c["grid"]))
    for cell, names in cells.items():
        if len(names) > 1:
            warn.append(_("grid cell {cell} holds {cities}; each city needs its own cell (rule D5).").format(
                cell=list(cell), cities=", ".join(names)))
    exp = data.get("expansion_table") or {}
    prev = None
    for n in range(10):
        v = exp.get(n)
        if v is None:
            continue
        if prev is not None and v < prev:
            warn.append(_("expansion table row {n} ({value}) is lower than an earlier row ({previous}) "
                          "(rule D5).").format(n=n, value=v, previous=prev))
        prev = v
        conf = tb.expansion.get(n)
        if conf is not None and v != conf:
            warn.append(_("expansion table row {n} is {value} but the rules text says {confirmed}; your board may "
                          "be a different edition (your value is kept).").format(n=n, value=v, confirmed=conf))
    return warn


_FILE_CACHE: dict = {}


def read_board_file(path) -> dict:
    """Read and validate a board file (cached by path and modification time)."""
    p = Path(path)
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        raise BoardError(_("Board file {path} does not exist; create it with `referee board --file {path}` (for a "
                           "record from another machine, set \"board\": \"none\" in its Options header: every board "
                           "value is in its moves).").format(path=p)) from None
    key = (str(p), language())        # the warnings kept with the data are in the language in force
    hit = _FILE_CACHE.get(key)
    if hit and hit[0] == stamp:
        return hit[1]
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BoardError(_("Board file {path} is not valid JSON ({error}).").format(path=p, error=err)) from None
    data, warnings = validate_board_file(raw)
    data["_warnings"] = warnings
    _FILE_CACHE[key] = (stamp, data)
    return data


def save_board_file(path, data: dict) -> None:
    """Write a validated board file atomically."""
    clean, _warnings = validate_board_file({k: v for k, v in data.items() if not k.startswith("_")})
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(clean, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, p)


def apply_file(board: Board, data: dict) -> Board:
    """Overlay a validated user board file on the tables' knowledge (the user's value wins, rule D4)."""
    for cid, c in data["cities"].items():
        if c["grid"] is not None:
            board.grid[cid] = tuple(c["grid"])
        for i in range(2):
            if c["harbour_price"][i] is not None:
                board.harbour[cid][i] = c["harbour_price"][i]
            if c["fortress_price"][i] is not None:
                board.fortress[cid][i] = c["fortress_price"][i]
        for i, v in enumerate(c["site_values"], 1):
            if v is not None:
                board.sites[cid][i] = v
        if c["final_value"] is not None:
            board.final[cid] = c["final_value"]
        if c["dark_sites"] is not None:
            board.dark[cid] = tuple(c["dark_sites"])
        if c["triangle_site"] is not None:
            board.triangle[cid] = c["triangle_site"]
    for n, v in (data.get("expansion_table") or {}).items():
        if v is not None:
            board.expansion[int(n)] = v
    if data.get("loan_10_extended") is not None:
        board.loan10_extended = data["loan_10_extended"]
    if data.get("destination_cards"):
        board.destination_cards = [(c["city"], c["seals"], c["price"]) for c in data["destination_cards"]]
    if data.get("connection_cards"):
        board.connection_cards = [(*_pair(*c["cities"]), c["price"]) for c in data["connection_cards"]]
    if board.layout is None:   # an incomplete or impossible grid is not used
        board.grid = {c: v for c, v in board.grid.items() if c in FIXED_CELLS}
    board.warnings = list(data.get("_warnings", []))
    return board


_BOARD_CACHE: dict = {}


def board_for(option: str) -> Board:
    """The board knowledge for a game: option 'none' (tables only), 'auto' (the default user board file if it
    exists) or a path to a board file."""
    option = (option or "auto").strip()
    if option.lower() in ("none", "auto"):  # keywords in any case; a path keeps its case
        option = option.lower()
    if option == "none":
        path = None
    elif option == "auto":
        path = default_board_path()
        if not path.exists():
            path = None
    else:
        path = Path(option).expanduser()
    key = data = None
    if path is not None:
        try:
            data = read_board_file(path)
        except BoardError as err:
            if option != "auto":
                raise
            # The saved board file, used by default, broke: a game (or one in progress, whose every value used
            # so far is in its moves) still goes on, asking each value; the board view carries the warning.
            board = tables_board()
            board.problem = _("{error} This game asks for every board value instead; `referee board --check` "
                              "shows what to fix.").format(error=err)

            return board
        key = (str(path), id(data))
    hit = _BOARD_CACHE.get(key)
    if hit is not None and hit[0] is data:      # the very file data it was made from (ids can be reused)
        return hit[1]
    board = tables_board()
    if path is not None:
        apply_file(board, data)
        board.source = str(path)
    _BOARD_CACHE[key] = (data, board)
    return board


def empty_file() -> dict:
    """A board file with every value unknown (the wizard's starting point)."""
    return {"schema_version": 1, "game": "el-capitan",
            "cities": {c: {"grid": list(FIXED_CELLS[c]) if c in FIXED_CELLS else None,
                           "harbour_price": [None, None], "fortress_price": [None, None],
                           "site_values": [0] + [None] * (SITES - 1), "final_value": None,
                           "dark_sites": None, "triangle_site": None} for c in CITIES},
            "expansion_table": {str(n): None for n in range(1, 10)}, "loan_10_extended": None}
