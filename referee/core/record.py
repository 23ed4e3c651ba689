"""The game record: a small header and one numbered move per line, like PGN.

    # referee game record
    Game: port-royal
    Players: Ann, Bob, Cal
    Options: {"end": "standard"}
    Date: 2026-11-20

    1. flip           ; Ann
    2. governor-8-0   ; chance
    3. stop           ; Ann

Everything after ';' on a line is a comment, except in the headers whose value may hold one (Options,
Location, Event, Result: the Result header separates places with it). Header keys are case-insensitive. Replaying a record
re-checks every move, so a hand-edited record is refereed like a live game.
"""

from __future__ import annotations

import json

from ..i18n import _
from .errors import BadInput, IllegalMove, RefereeError
from .record_text import MAGIC, header_value, parse_header, read_laid_out, write_record  # noqa: F401  (the record's API)


def load_record(text: str, on_position=None):
    """Rebuild a Game from its record, replaying and re-checking every move. ``on_position(game)``, when
    given, is called at the start and after each move (the club site draws every step in this one replay)."""
    from .registry import get_rules
    from .game import Game

    fast = read_laid_out(text)
    if fast is not None:        # laid out as written: the texts alone (each move's line and number is first + i)
        headers, first, texts = fast
        moves = None
    else:
        headers, moves = parse_header(text)
        first, texts = 0, [move for _, _, move in moves]
    if "game" not in headers:
        raise BadInput(_("The record has no 'Game:' header."))
    if "players" not in headers:
        raise BadInput(_("The record has no 'Players:' header."))
    rules = get_rules(headers["game"])
    players = [p.strip() for p in headers["players"].split(",")]
    options = {}
    if headers.get("options"):
        try:
            options = json.loads(headers["options"])
        except json.JSONDecodeError:
            raise BadInput(_("The record's 'Options:' header is not valid JSON.")) from None
        if not isinstance(options, dict):
            raise BadInput(_("The record's 'Options:' header must be a JSON object."))
    game = Game(rules, players, options, date=headers.get("date") or None)
    if moves is None:       # a move's (line, number, text), only where one is named: a refusal, a drawn step
        def where(at):
            return first + at, at + 1, texts[at]
    else:
        where = moves.__getitem__
    if on_position is None:
        def refused(at, err):
            _refuse(err, *where(at))
        game.replay(texts, refused)
        return game
    on_position(game)
    for at in range(len(texts)):
        _play(game, *where(at))
        on_position(game)
    return game


def _play(game, lineno: int, number: int, move: str) -> None:
    """Play a record's move, or say which move of the record (and line) is refused, and why."""
    try:
        game.play_listed(move)
    except RefereeError as err:
        _refuse(err, lineno, number, move)


def _refuse(err, lineno: int, number: int, move: str):
    kind = type(err) if isinstance(err, IllegalMove) else BadInput
    raise kind(_("Move {number} ({move}) on line {line}: {why}").format(
        number=number, move=move, line=lineno, why=err)) from None
