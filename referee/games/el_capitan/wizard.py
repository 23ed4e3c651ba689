"""`referee board`: the guided entry of the numbers printed on the user's own El Capitan board (rule D3).

Walks city by city (grid cell, harbour prices, fortress prices, the 12 site values, the final field, the dark
squares, the triangle), then the expansion table and the back of a 10-florin loan card, shows a summary that
must be confirmed with "yes", and saves the user board file the engine reads (rule D4). Answer "?" to leave a
value unknown: the game will ask for it at the table when it matters (rule D6). On a terminal the questions
use prompt-toolkit (imported lazily); otherwise answers are read from standard input line by line.
"""

from __future__ import annotations

import sys

import click
from ...clitypes import FilePath

from referee.core.names import display
from referee.i18n import N_, _, ngettext

from .board import (CITIES, FIXED_CELLS, SITES, BoardError, board_warnings, default_board_path, empty_file,
                    grid_layout, read_board_file, save_board_file, tables_board, validate_board_file)

SUGGESTED = {"venezia": (1, 2), "athina": (2, 3), "tunis": (3, 2), "constantinople": (1, 3), "alexandria": (3, 3)}
UNKNOWN = ("?", "skip", "unknown")


class Abort(Exception):
    pass


class Invalid(ValueError):
    pass


def _numbers(text, count=None, lo=0, hi=999, allow_unknown=True):
    text = text.strip()
    if allow_unknown and text.lower() in UNKNOWN:
        return None
    words = text.replace(",", " ").split()
    out = []
    for w in words:
        if w in UNKNOWN and allow_unknown:
            out.append(None)
            continue
        try:
            v = int(w)
        except ValueError:
            raise Invalid(_("{word} is not a whole number; type the number printed on the board (or ? if "
                            "unreadable).").format(word=repr(w)))
        if not lo <= v <= hi:
            raise Invalid(_("{value} is outside {low}-{high}.").format(value=v, low=lo, high=hi))
        out.append(v)
    if count is not None and len(out) != count:
        raise Invalid(ngettext("Give {n} number, separated by spaces (you gave {got}).",
                               "Give {n} numbers, separated by spaces (you gave {got}).", count).format(
            n=count, got=len(out)))
    return out


YES = ("yes", "y", "ano")          # the confirmation, also in Czech


def _summary(data) -> list[str]:
    """The board file's values, one line a city, then the expansion table and the loan card."""
    lines = []
    for cid in CITIES:
        c = data["cities"][cid]
        lines.append(_("{city:15} grid {grid}; harbour {harbour}; fortress {fortress}; sites {sites}; final {final}; "
                       "dark {dark}; triangle {triangle}").format(
            city=display("el-capitan", "city", cid), grid=_show(c["grid"]), harbour=_show(c["harbour_price"]),
            fortress=_show(c["fortress_price"]), sites=_show(c["site_values"]), final=_show(c["final_value"]),
            dark=_show(c["dark_sites"]), triangle=_show_triangle(c["triangle_site"])))
    exp = data.get("expansion_table") or {}
    lines.append(_("Expansion table: {rows}").format(rows=", ".join(f"{n}:{_show(exp.get(n))}"
                                                                    for n in range(1, 10))))
    lines.append(_("Extended 10-florin loan: {value}").format(value=_show(data.get("loan_10_extended"))))
    return lines


def _show(v):
    if v is None:
        return "?"
    if isinstance(v, list):
        return " ".join(_show(x) for x in v) if v else "none"
    return str(v)


NO_TRIANGLE = ("none", "no", "no triangle", "-", "0", "zadny", "žádný", "nic")


def _triangle(text):
    """A triangle square's site number, "none" (0: the city has none), or ? (unknown)."""
    if text.strip().lower() in NO_TRIANGLE:
        return 0
    return (_numbers(text, 1, 1, SITES) or [None])[0]


def _show_triangle(v):
    return "none" if v == 0 else _show(v)


def run_wizard(ask, tell, data: dict | None = None) -> dict | None:
    """The guided entry. ``ask(question, default) -> str`` (raises Abort at end of input); ``tell(text)``.
    Returns the validated board file data, or None if the user did not confirm."""
    data = data or empty_file()
    cities = data["cities"]
    confirmed = tables_board()      # values the rules text confirms are offered as the answer to keep

    def known(value, fallback):
        if isinstance(value, list):
            return [v if v is not None else f for v, f in zip(value, fallback)]
        return fallback if value is None else value

    def get(question, parse, default=""):
        while True:
            answer = ask(question, default)
            if answer.strip() == "" and default != "":
                answer = default
            try:
                return parse(answer)
            except Invalid as err:
                tell(f"  {err}")

    tell(_("El Capitan board entry: read the numbers printed on your own board. Answer ? to leave one unknown "
           "(the referee asks for it at the table when it matters)."))
    for cid in CITIES:
        c = cities[cid]
        name = display("el-capitan", "city", cid)
        tell(f"-- {name}")
        if cid not in FIXED_CELLS:
            # only suggested by the rulebook: Enter keeps what the file holds ("?" if nothing), never the guess
            row, col = SUGGESTED[cid]
            c["grid"] = get(_("{city}: grid cell (row col; row 1 is the top; the rulebook suggests {row} {col})")
                            .format(city=name, row=row, col=col), lambda t: _numbers(t, 2, 1, 3), _show(c.get("grid")))
        for key, ask_text, told_text, rule_says in (
                ("harbour_price", N_("{city}: harbour prices (space 1, space 2)"),
                 N_("{city}: harbour prices {prices} (as the rulebook prints them; not asked)"),
                 confirmed.harbour[cid]),
                ("fortress_price", N_("{city}: fortress prices (space 1, space 2)"),
                 N_("{city}: fortress prices {prices} (as the rulebook prints them; not asked)"),
                 confirmed.fortress[cid])):
            if None not in rule_says:       # confirmed by the rulebook (Marseille): not asked, --set corrects it
                c[key] = known(c[key], rule_says)
                tell(_(told_text).format(city=name, prices=_show(c[key])))
                continue
            c[key] = get(_(ask_text).format(city=name), lambda t: _numbers(t, 2, 1) or [None, None], _show(c[key]))
        c["site_values"] = get(_("{city}: the 12 building-site values, from site 1 (printed 0)").format(city=name),
                               lambda t: _numbers(t, SITES) or [0] + [None] * (SITES - 1), _show(c["site_values"]))
        c["final_value"] = get(_("{city}: the value on the final field (never built on)").format(city=name),
                               lambda t: (_numbers(t, 1) or [None])[0], _show(c["final_value"]))
        c["dark_sites"] = get(_("{city}: site numbers of the dark (shut-down) squares (none if there are none)")
                              .format(city=name),
                              _dark, _show(c["dark_sites"]))
        c["triangle_site"] = get(_("{city}: site number of the triangle square (none if there is none)")
                                 .format(city=name),
                                 _triangle, _show_triangle(c["triangle_site"]))
    if grid_layout({k: v["grid"] for k, v in cities.items() if v["grid"]}) is None:
        tell("  " + _("The grid cells do not form the board's layout (the left column is Marseille, Valencia, "
                      "Tanger; Napoli is in the centre; Constantinople and Alexandria take the right-hand corners); "
                      "the grid is left unknown."))
        for cid in SUGGESTED:
            cities[cid]["grid"] = None
    tell("-- " + _("Expansion table"))
    exp = data.get("expansion_table") or {}
    rows = known([exp.get(str(n)) for n in range(1, 10)], [confirmed.expansion.get(n) for n in range(1, 10)])
    got = get(_("Expansion table: florins for 1 to 9 cities (9 numbers)"), lambda t: _numbers(t, 9) or [None] * 9,
              _show(rows))
    data["expansion_table"] = {str(n): v for n, v in zip(range(1, 10), got)}
    data["loan_10_extended"] = get(_("Back of a 10-florin loan card: repayment after extending (16 or 20)"),
                                   lambda t: _loan(t), _show(data.get("loan_10_extended")))
    clean, warnings = validate_board_file(data)
    tell("-- " + _("Summary"))
    for line in _summary(clean):
        tell(line)
    for w in warnings:
        tell(_("Warning: {warning}").format(warning=w))
    answer = ask(_("Save this board? Type yes to confirm"), "")
    if answer.strip().lower() not in YES:
        return None
    return clean


# --- one value at a time: referee board --set CITY.FIELD=VALUE -------------------------------------------
# the field names a user types (the file's own names are accepted too); a number after the field picks one
# entry of a list: marseille.harbour.2=5, tunis.site.7=14, expansion.5=25
SET_FIELDS = {"grid": "grid", "harbour": "harbour_price", "harbour_price": "harbour_price",
              "fortress": "fortress_price", "fortress_price": "fortress_price", "site": "site_values",
              "sites": "site_values", "site_values": "site_values", "final": "final_value",
              "final_value": "final_value", "dark": "dark_sites", "dark_sites": "dark_sites",
              "triangle": "triangle_site", "triangle_site": "triangle_site"}
SET_HELP = N_("CITY.grid=ROW COL, CITY.harbour=A B (or CITY.harbour.2=B), CITY.fortress=A B, CITY.site.N=V "
              "(or CITY.sites=12 values), CITY.final=V, CITY.dark=5 8 (or none), CITY.triangle=N (or none), "
              "expansion.N=V, loan10=16|20; ? makes a value unknown")


def _city_id(word: str) -> str:
    from referee.core.names import lookup

    hits = sorted({cid for _kind, cid in lookup("el-capitan", word, kinds=("city",))})
    if not hits:
        starts = [c for c in CITIES if c.startswith(word.strip().lower())] if word.strip() else []
        hits = starts
    if len(hits) != 1:
        raise Invalid(_("{word!r} is not one city; the cities are {cities}.").format(word=word,
                                                                                     cities=", ".join(CITIES)))
    return hits[0]


def set_values(data: dict, assignments) -> list[str]:
    """Apply ``KEY=VALUE`` corrections to board file data (in place); returns what changed, one line each.
    Raises Invalid naming the assignment that cannot be read."""
    changed = []
    for raw in assignments:
        key, eq, value = raw.partition("=")
        if not eq or not key.strip():
            raise Invalid(_("--set {raw!r}: write KEY=VALUE, e.g. venezia.grid=1 2 ({help}).").format(
                raw=raw, help=_(SET_HELP)))
        parts = [p.strip() for p in key.strip().lower().split(".")]
        try:
            changed.append(_set_one(data, parts, value.strip()))
        except Invalid as err:
            raise Invalid(_("--set {raw!r}: {why}").format(raw=raw, why=err)) from None
    return changed


def _set_one(data, parts, value) -> str:
    if parts[0] in ("loan10", "loan_10_extended", "loan"):
        if len(parts) != 1:
            raise Invalid(_("the loan card takes one value: loan10=16 or loan10=20."))
        old, data["loan_10_extended"] = data.get("loan_10_extended"), _loan(value)
        return _("{key} = {new} (was {old})").format(key="loan10", new=_show(data["loan_10_extended"]),
                                                    old=_show(old))
    if parts[0] in ("expansion", "expansion_table"):
        if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit()) or not 1 <= int(parts[1]) <= 9:
            raise Invalid(_("name the row: expansion.N=VALUE for N = 1 to 9 cities."))
        rows = data.setdefault("expansion_table", {})
        old = rows.get(parts[1], rows.get(int(parts[1])))
        rows.pop(int(parts[1]), None)
        rows[parts[1]] = (_numbers(value, 1) or [None])[0]
        return _("{key} = {new} (was {old})").format(key=f"expansion.{parts[1]}", new=_show(rows[parts[1]]),
                                                    old=_show(old))
    cid = _city_id(parts[0])
    if len(parts) < 2 or parts[1] not in SET_FIELDS:
        raise Invalid(_("name a field after the city: {help}.").format(help=_(SET_HELP)))
    field = SET_FIELDS[parts[1]]
    c = data["cities"][cid]
    index = None
    if len(parts) == 3:
        size = {"harbour_price": 2, "fortress_price": 2, "site_values": SITES}.get(field)
        if size is None or not (parts[2].isascii() and parts[2].isdigit()) or not 1 <= int(parts[2]) <= size:
            if size is None:
                raise Invalid(_("{field} has no entry {entry!r}.").format(field=parts[1], entry=parts[2]))
            raise Invalid(_("{field} has no entry {entry!r}; entries are 1 to {size}.").format(
                field=parts[1], entry=parts[2], size=size))
        index = int(parts[2]) - 1
    elif len(parts) > 3 or (field == "site_values" and parts[1] == "site"):
        raise Invalid(_("name one site: CITY.site.N=VALUE (N = 1 to 12)."))
    label = f"{cid}.{parts[1]}" + (f".{index + 1}" if index is not None else "")
    if index is not None:
        old = c[field][index]
        c[field] = list(c[field])
        c[field][index] = (_numbers(value, 1, 1 if field != "site_values" else 0) or [None])[0]
        new = c[field][index]
    else:
        old = c[field]
        if field == "grid":
            if cid in FIXED_CELLS:
                raise Invalid(_("{city}'s cell is printed in the rulebook ({cell}).").format(
                    city=cid, cell=" ".join(map(str, FIXED_CELLS[cid]))))
            new = _numbers(value, 2, 1, 3)
        elif field in ("harbour_price", "fortress_price"):
            new = _numbers(value, 2, 1) or [None, None]
        elif field == "site_values":
            new = _numbers(value, SITES) or [0] + [None] * (SITES - 1)
        elif field == "final_value":
            new = (_numbers(value, 1) or [None])[0]
        elif field == "dark_sites":
            new = _dark(value)
        else:
            new = _triangle(value)
        c[field] = new
    shown = _show_triangle if field == "triangle_site" else _show
    return _("{key} = {new} (was {old})").format(key=label, new=shown(new), old=shown(old))


def _dark(t):
    if t.strip().lower() in ("none", "0", "-"):
        return []
    got = _numbers(t, None, 1, SITES)
    if got is None:
        return None
    if None in got or len(set(got)) != len(got):
        raise Invalid(_("Give each dark square's site number once."))
    return sorted(got)


def merge_learned(data: dict, learned: dict) -> tuple[dict, list[str], list[str]]:
    """Put the board values a game learned at the table (rule D6) into board file data. Returns (data, the
    values added, the conflicts kept as they were in the file)."""
    from .board import CITIES as _C, layout_grid

    added, conflicts = [], []
    cities = data["cities"]

    def put(cid, field, index, value, label):
        c = cities[cid]
        cur = c[field] if index is None else c[field][index]
        if cur is None:
            if index is None:
                c[field] = value
            else:
                c[field][index] = value
            added.append(f"{label} = {value}")
        elif cur != value:
            conflicts.append(_("{label}: the file says {file}, the game was told {value} (the file is kept)").format(
                label=label, file=cur, value=value))

    status: dict = {}
    for key, value in learned.items():
        if key == "layout":
            for cid, cell in layout_grid(value).items():
                if cid not in FIXED_CELLS:
                    put(cid, "grid", None, list(cell), f"{cid} grid")
            continue
        kind = key[0]
        if kind == "exp":
            if key[1] == 0:
                continue
            exp = data.setdefault("expansion_table", {})
            cur = exp.get(str(key[1]))
            if cur is None:
                exp[str(key[1])] = value
                added.append(f"expansion {key[1]} cities = {value}")
            elif cur != value:
                conflicts.append(_("{label}: the file says {file}, the game was told {value}").format(
                    label=f"expansion {key[1]} cities", file=cur, value=value))
            continue
        cid = _C[key[1]]
        if kind == "harbour":
            put(cid, "harbour_price", key[2], value, f"{cid} harbour {key[2] + 1}")
        elif kind == "fortress":
            put(cid, "fortress_price", key[2], value, f"{cid} fortress {key[2] + 1}")
        elif kind == "site":
            if key[2] == 13:
                put(cid, "final_value", None, value, f"{cid} final value")
            else:
                put(cid, "site_values", key[2] - 1, value, f"{cid} site {key[2]}")
        elif kind == "dark":
            status.setdefault(cid, {})[key[2]] = value
    for cid, known in status.items():
        if len(known) == SITES and cities[cid]["dark_sites"] is None:      # every site's status seen
            cities[cid]["dark_sites"] = sorted(k for k, v in known.items() if v == "dark")
            added.append(f"{cid} dark squares = {cities[cid]['dark_sites']}")
            tri = [k for k, v in known.items() if v == "triangle"]
            if tri and cities[cid]["triangle_site"] is None:
                cities[cid]["triangle_site"] = tri[0]
                added.append(f"{cid} triangle = {tri[0]}")
    return data, added, conflicts


def _loan(text):
    got = _numbers(text, 1, 1)
    if got is None:
        return None
    if got[0] not in (16, 20):
        raise Invalid(_("The extended 10-florin loan is repaid with 16 or 20 florins (option O1)."))
    return got[0]


def _stdin_asker(stream, echo):
    def ask(question, default):
        echo(f"{question}{f' [{default}]' if default else ''}: ")
        line = stream.readline()
        if not line:
            raise Abort()
        return line.rstrip("\n")
    return ask


def _tty_asker():
    def ask(question, default):
        from prompt_toolkit import prompt

        try:
            # the current value is shown, not pre-typed: typing replaces it, Enter keeps it
            return prompt(f"{question}{f' [{default}]' if default else ''}: ")
        except (EOFError, KeyboardInterrupt):
            raise Abort() from None
    return ask


@click.command("board")
@click.option("--file", "path", type=FilePath(dir_okay=False), default=None,
              help="The board file (default: the user data directory's el-capitan-board.json).")
@click.option("--show", is_flag=True, help="Show the saved board and its warnings; change nothing.")
@click.option("--check", "check_only", is_flag=True, help="Validate the board file and exit (2 if it is unusable).")
@click.option("--from-record", "record", type=FilePath(exists=True, dir_okay=False), default=None,
              help="Add the board values a recorded El Capitan game was told at the table.")
@click.option("--set", "assignments", multiple=True, metavar="CITY.FIELD=VALUE",
              help="Correct single values without the questions (repeatable): " + SET_HELP + ".")
def board_command(path, show, check_only, record, assignments):
    """Enter (or re-enter) the numbers printed on your El Capitan board, once."""
    from pathlib import Path

    target = Path(path) if path else default_board_path()
    if assignments and (show or check_only or record):
        click.echo(_("--set corrects values on its own; run --show, --check or --from-record separately."),
                   err=True)
        sys.exit(2)
    existing = None
    if target.exists():
        try:
            existing = read_board_file(target)
        except BoardError as err:
            if show or check_only or assignments:   # --set never overwrites a file it cannot read
                click.echo(str(err), err=True)
                sys.exit(2)
            click.echo(_("{why} Starting from an empty board.").format(why=err), err=True)
    if show or check_only:
        if existing is None:
            click.echo(_("No board file at {path}; create it with `referee board`.").format(path=target), err=True)
            sys.exit(2)
        if show:
            click.echo(_("Board file {path}").format(path=target))
            for line in _summary(existing):
                click.echo(line)
        for w in existing.get("_warnings", []):
            click.echo(_("Warning: {warning}").format(warning=w))
        if check_only:
            click.echo(_("{path}: the board file is usable.").format(path=target))
        return
    start = None
    if existing is not None:
        start = {k: v for k, v in existing.items() if not k.startswith("_")}
        start["expansion_table"] = {str(k): v for k, v in (start.get("expansion_table") or {}).items()}
        for c in start["cities"].values():
            c["site_values"] = list(c["site_values"])
    interactive = sys.stdin.isatty()
    if assignments:
        _set_command(target, start, assignments)
        return
    if record:
        _from_record(target, start, record, interactive)
        return
    ask = _tty_asker() if interactive else _stdin_asker(sys.stdin, lambda t: click.echo(t, nl=False, err=True))
    tell = (lambda t: click.echo(t)) if interactive else (lambda t: click.echo(t, err=True))
    try:
        data = run_wizard(ask, tell, start)
    except Abort:
        click.echo(_("The board entry ended before it was confirmed; nothing was saved."), err=True)
        sys.exit(2)
    if data is None:
        click.echo(_("Not confirmed; nothing was saved."), err=True)
        sys.exit(1)
    import datetime as _dt

    data["saved"] = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    _save(target, data)
    click.echo(_("Saved {path}. New games use it (option board=auto); board values it does not hold are asked "
                 "at the table.").format(path=target))


def _save(target, data) -> None:
    """Save the board file, or say in one sentence why it cannot be written (exit 2; the old file is kept)."""
    try:
        save_board_file(target, data)
    except OSError as err:
        click.echo(_("Cannot write the board file {path}: {why}; nothing was saved.").format(
            path=target, why=err.strerror or err), err=True)
        sys.exit(2)


def _set_command(target, start, assignments):
    """`referee board --set KEY=VALUE ...`: the corrections applied and saved at once (all or none)."""
    data = start or empty_file()
    try:
        changed = set_values(data, assignments)
        clean, warnings = validate_board_file(data)
    except (Invalid, BoardError) as err:
        click.echo(_("{why} Nothing was saved.").format(why=err), err=True)
        sys.exit(2)
    _save(target, clean)
    for line in changed:
        click.echo(_("Set {change}").format(change=line))
    for w in warnings:
        click.echo(_("Warning: {warning}").format(warning=w))
    click.echo(_("Saved {path}.").format(path=target))


def _from_record(target, start, record, interactive):
    from referee.core.errors import RefereeError
    from referee.core.record import load_record

    try:
        game = load_record(open(record, encoding="utf-8").read())
    except (OSError, UnicodeDecodeError) as err:
        click.echo(_("Cannot read {path}: {why}.").format(path=record, why=err), err=True)
        sys.exit(2)
    except RefereeError as err:
        click.echo(f"{record}: {err}", err=True)
        sys.exit(err.exit_code)
    if game.game != "el-capitan":
        click.echo(_("{path} is a {game} game, not El Capitan.").format(path=record, game=game.game), err=True)
        sys.exit(2)
    data, added, conflicts = merge_learned(start or empty_file(), game.state.learned)
    for line in conflicts:
        click.echo(_("Conflict: {conflict}").format(conflict=line), err=True)
    if not added:
        click.echo(_("The game learned nothing the board file does not already hold; nothing to save."))
        return
    click.echo(_("Values the game was told at the table:"))
    for line in added:
        click.echo("  " + line)
    ask = _tty_asker() if interactive else _stdin_asker(sys.stdin, lambda t: click.echo(t, nl=False, err=True))
    try:
        answer = ask(_("Save them in the board file? Type yes to confirm"), "")
    except Abort:
        answer = ""
    if answer.strip().lower() not in YES:
        click.echo(_("Not confirmed; nothing was saved."), err=True)
        sys.exit(1)
    _save(target, data)
    click.echo(_("Saved {path}.").format(path=target))



__all__ = ["board_command", "run_wizard", "merge_learned", "validate_board_file", "board_warnings"]
