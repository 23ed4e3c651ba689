"""A record's moves laid out as write_record writes them are read all at once (core/record_text.py, issue 25
item 4); any other layout line by line. Both must read every text alike: the same headers, the same (line,
number, move) and the same refusal word for word. Checked on real records and on records changed at random
(line ends, blank and comment lines, tabs, other spaces, numbers out of turn, empty moves, headers after
the moves, characters outside ASCII)."""

from __future__ import annotations

import random

import pytest

import referee
from referee.core.errors import RefereeError
from referee.core.record_text import _parse_lines, parse_header


def _read(parse, text):
    try:
        return ("ok", parse(text))
    except RefereeError as err:
        return (type(err).__name__, str(err))


def _records():
    out = []
    for title, n in [("port-royal", 2), ("carcassonne", 3), ("el-capitan", 2), ("puerto-rico", 3)]:
        game = referee.new_game(title, [f"P{i}" for i in range(1, n + 1)])
        rng = random.Random(3)
        while not game.finished and len(game.moves) < 80:
            game.play(rng.choice(game.legal_moves()).text)
        out.append(game.to_record(id="abc234", location="Hall; room 2"))
    return out


PIECES = ["\r", "\n", "\n\n", "\t", " ", "\u00a0", "\u2028", "; note", "# c", "0", "01. flip", "9. x", "x",
          "é", ".", "Game: port-royal", "Event: x", ";", "1.", "  ", "\x0b", "٣", "\n;only a comment\n"]


@pytest.mark.parametrize("seed", range(40))
def test_the_fast_reading_reads_as_the_line_by_line_one(seed):
    rng = random.Random(seed)
    for text in _records():
        assert _read(parse_header, text) == _read(_parse_lines, text)
        for _ in range(25):
            changed = text
            for _k in range(rng.randint(1, 3)):
                at = rng.randrange(len(changed) + 1)
                if rng.random() < 0.3 and at < len(changed):
                    changed = changed[:at] + changed[at + 1:]
                else:
                    changed = changed[:at] + rng.choice(PIECES) + changed[at:]
            assert _read(parse_header, changed) == _read(_parse_lines, changed), repr(changed)


def test_a_written_record_is_read_the_fast_way():
    """The layout write_record writes is the one read at once (else the speed-up is gone unseen)."""
    import referee.core.record_text as rt

    calls = []
    real = rt._parse_lines
    try:
        rt._parse_lines = lambda text: calls.append(text) or real(text)
        for text in _records():
            headers, moves = rt.parse_header(text)
            assert moves and calls[-1].count("\n") < 10        # only the headers went line by line
    finally:
        rt._parse_lines = real
