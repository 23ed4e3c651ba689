"""A player renamed in a game's moves and move record, through the game's own notation.

A move text may name a player (El Capitan: `start bob`, the poorest player naming the next start player),
and only the game knows where and how (lowercase, whole words...). A game whose moves name players has a
module ``referee/games/<game>/rename.py`` with

    written(name) -> str                    how a move writes a player's name ('Ann Lee' -> 'ann lee')
    named_in_move(text) -> str | None       the player a canonical move names, as the move writes it
    rename_move(text, old, new) -> text     the canonical move ``text`` with player ``old`` called ``new``
                                            (the same text when it does not name ``old``); doing it twice
                                            changes nothing more

Games without one name no player in their moves. Everything here is plain text in, text out: the store's
corrections (club/log/corrections_journal.py) and `repair` (club/log/rename_check.py) call it.
"""

from __future__ import annotations

import importlib
import re

from .record_text import _MOVE_LINE

# a move line of a record: its number, the move, the spaces that align the comments, the comment
_LINE = re.compile(r"(\s*\d+\.\s*)([^;]*?)(\s*)(;.*)?").fullmatch

_hooks: dict = {}


def hook(game: str):
    """The game's rename module, or None when its moves name no player (and for a title referee does not
    referee)."""
    if game not in _hooks:
        from .registry import GAMES

        module = None
        if game in GAMES:
            try:
                module = importlib.import_module(GAMES[game][0] + ".rename")
            except ModuleNotFoundError:
                module = None
        _hooks[game] = module
    return _hooks[game]


def same(name, old: str) -> bool:
    return str(name).casefold() == old.casefold()


def rename_moves(game: str, moves: list, old: str, new: str) -> list:
    """The move texts of a game (a game in progress: its file's list) with ``old`` renamed ``new``."""
    module = hook(game)
    if module is None:
        return list(moves)
    return [module.rename_move(m, old, new) if isinstance(m, str) else m for m in moves]


def rename_record(text: str, old: str, new: str) -> str:
    """A move record with player ``old`` called ``new`` everywhere it names players: the Players and Result
    headers, each move's comment (who made it) and the moves themselves (the game's hook)."""
    from .record import parse_header

    try:
        game = parse_header(text)[0].get("game", "")
    except Exception:       # a record that cannot be read is left as it is: repair names it
        return text
    module = hook(game.strip())
    lines = text.split("\n")
    seated = next(([n.strip() for n in line[len("Players: "):].split(",")] for line in lines
                   if line.startswith("Players: ")), [])
    spelled = next((n for n in seated if same(n, old)), None)
    if spelled is None:         # not a player of this game (or renamed already: the record is written whole)
        return text
    for i, line in enumerate(lines):
        if line.startswith("Players: "):
            lines[i] = "Players: " + ", ".join(new if n == spelled else n for n in seated)
        elif line.startswith("Result: "):
            places = []
            for place in line[len("Result: "):].split("; "):
                head, _sp, rest = place.partition(". ")
                who, _sp2, total = rest.rpartition(" ")
                places.append(f"{head}. {new} {total}" if who == spelled else place)
            lines[i] = "Result: " + "; ".join(places)
        else:
            m = _LINE(line)
            if m is not None and _MOVE_LINE(line):
                lead, move, gap, comment = m.groups()
                if module is not None:
                    renamed = module.rename_move(move, old, new)
                    if renamed != move:
                        gap = " " * max(len(move) + len(gap) - len(renamed), 1 if comment else 0)
                        move = renamed
                if comment and comment[1:].strip() == spelled:     # "; chance" is no player "Chance"
                    comment = f"; {new}"
                lines[i] = f"{lead}{move}{gap}{comment or ''}"
    return "\n".join(lines)


def strays(game: str, players: list, moves: list) -> list[tuple[int, str]]:
    """(move number, name) of every move that names a player who is not one of ``players`` (a rename cut
    short, or a record edited by hand)."""
    module = hook(game)
    if module is None:
        return []
    known = {module.written(p) for p in players}
    out = []
    for n, move in enumerate(moves, 1):
        named = module.named_in_move(move) if isinstance(move, str) else None
        if named is not None and named not in known:
            out.append((n, named))
    return out
