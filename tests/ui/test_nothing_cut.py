"""Issue 22 item 3, nothing cut without a sign, at 80x24 in both languages: the rows above the prompt (what is
asked now) and the log break between words only; a text longer than its rows ends with "… F2 shows all", and
F2 opens the moves pane with all of it; Carcassonne's placement prompt keeps all four rotations' edges (the
issue measured 31 of 80 placement prompts losing r270, Puerto Rico's builder list losing lines)."""

from __future__ import annotations

import random
import re

import pytest

import referee
from referee import i18n, session
from referee.store import Store
from referee.ui import wrap

from .screen import Driver
from .test_whole_games import NAMES, table_choice

SCREENS: list = []      # the F2 panes seen (printed with -s for a look)


def _position(game_id, n, wanted, seed=5, limit=400):
    """The moves of a table-like game up to the first position where ``wanted(game)`` holds."""
    rng = random.Random(seed)
    game = referee.new_game(game_id, NAMES[:n], {})
    while not game.finished and len(game.moves) < limit:
        if wanted(game):
            return list(game.moves)
        game.play(table_choice(game.legal_moves(), rng).text)
    raise AssertionError(f"no such position in {game_id}")


def _rows_needed(game, lang):
    with i18n.using(lang):
        return len(wrap.lines(game.prompt(), 79))


def _words(text):
    return text.split()


def _check_area(d, lang):
    """The rows above the prompt hold the game's prompt from its start, whole words only; cut only with the
    sign at the end of the last row. Returns whether it was cut."""
    table = d.table
    area = table.area_rows()
    rows = d.rows[23 - area:23]
    with i18n.using(lang):
        asked = d.tracked.game.prompt()
        sign = wrap.more_sign()
    shown = " ".join(rows).split()
    cut = " ".join(rows).rstrip().endswith(sign)
    if cut:
        shown = shown[:-len(sign.split())]
    full = _words(asked)
    assert shown == full[:len(shown)], (rows, asked)          # every word whole, in order, from the start
    if not cut:
        assert shown == full, (rows, asked)                   # all of it, or the sign says it goes on
    assert all(len(r) <= 80 for r in d.rows)
    return cut, asked


def _check_log(d):
    """Every word on the log's rows is a whole word of a log entry (or of the sign)."""
    table = d.table
    area, logh = table.area_rows(), len(table.log_rows())
    rows = d.rows[23 - area - logh:23 - area]
    words = set(" ".join(text for _s, text in table.log).split()) | set(wrap.more_sign().split())
    for row in rows:
        for w in row.split():
            assert w in words, (w, rows)


def _open(db, game_id, n, moves):
    store = Store(db)
    t = session.create(store, game_id, NAMES[:n], {})
    for text in moves:
        session.play(store, t, text)
    return store, t


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_carcassonne_placement_shows_every_rotation_whole(db, lang):
    """The longest placement prompts of a game (four rows at 79 columns): all four rotations' edges on screen."""
    with i18n.using(lang):
        moves = _position("carcassonne", 2, lambda g: "r270" in g.prompt() and _rows_needed(g, lang) >= 4)
    store, t = _open(db, "carcassonne", 2, moves)
    d = Driver(store, t)

    async def script(d):
        with i18n.using(lang):
            cut, asked = _check_area(d, lang)
            assert not cut
            area = " ".join(" ".join(d.rows[23 - d.table.area_rows():23]).split())
            edges = re.findall(r"r(?:0|90|180|270) N=\w E=\w S=\w W=\w", asked)
            assert len(edges) == 4 and all(e in area for e in edges), (edges, d.rows)
    with i18n.using(lang):
        d.run(script)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_puerto_rico_builder_list_is_cut_with_a_sign_and_f2_shows_it_all(db, lang):
    with i18n.using(lang):
        moves = _position("puerto-rico", 5, lambda g: _rows_needed(g, lang) >= 7, seed=5)
    store, t = _open(db, "puerto-rico", 5, moves)
    d = Driver(store, t)

    async def script(d):
        with i18n.using(lang):
            cut, asked = _check_area(d, lang)
            assert cut and wrap.more_sign() in d.screen.text
            await d.keys("\x1bOQ")                      # F2: the moves pane, the prompt in full
            body = " ".join(r for r in d.rows[1:23])
            assert " ".join(asked.split()[-5:]) in " ".join(body.split()), d.rows
            SCREENS.append(d.screen.text)
            await d.keys("\x1b")                        # Esc: the board again, the sign still there
            assert wrap.more_sign() in d.screen.text
    with i18n.using(lang):
        d.run(script)


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("game_id,n,count", [("carcassonne", 3, 14), ("puerto-rico", 4, 14)])
def test_a_game_typed_at_80x24_never_cuts_a_word(db, lang, game_id, n, count):
    """Entries typed at the table: after each, the prompt's rows and the log's hold whole words only, cut
    only with the sign; a Carcassonne placement always shows r270."""
    store = Store(db)
    t = session.create(store, game_id, NAMES[:n], {})
    d = Driver(store, t)
    rng = random.Random(7)
    seen = {"cut": 0, "placements": 0}

    async def script(d):
        with i18n.using(lang):
            for _ in range(count):
                game = d.tracked.game
                if game.finished:
                    break
                cut, asked = _check_area(d, lang)
                _check_log(d)
                seen["cut"] += cut
                if "r270" in asked:
                    seen["placements"] += 1
                    area = " ".join(" ".join(d.rows[23 - d.table.area_rows():23]).split())
                    assert re.search(r"r270 N=\w E=\w S=\w W=\w", area), d.rows
                move = table_choice(game.legal_moves(), rng)
                await d.keys("\x15" + move.text + "\r")
    with i18n.using(lang):
        d.run(script)
    if game_id == "carcassonne":
        assert seen["placements"] >= 3


@pytest.mark.posix_only(reason="drives referee through a pseudo-terminal (pty), which Windows lacks")
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_in_a_real_terminal_the_placement_is_whole_and_the_builder_list_says_f2(db, lang):
    """`referee play` in a pty of 80x24 (as tests/ui/test_pty.py): Carcassonne's placement prompt with all four
    rotations, then Puerto Rico's long list cut with the sign and shown whole by F2."""
    import os
    import struct
    import subprocess
    import sys

    fcntl = pytest.importorskip("fcntl")
    pty = pytest.importorskip("pty")
    termios = pytest.importorskip("termios")
    import pyte

    from .test_pty import _read

    with i18n.using(lang):
        carc = _position("carcassonne", 2, lambda g: "r270" in g.prompt() and _rows_needed(g, lang) >= 4)
        pr = _position("puerto-rico", 5, lambda g: _rows_needed(g, lang) >= 7)
        sign = wrap.more_sign()
    for game_id, n, moves in (("carcassonne", 2, carc), ("puerto-rico", 5, pr)):
        store, t = _open(db, game_id, n, moves)
        with i18n.using(lang):
            asked = " ".join(t.game.prompt().split())
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm", REFEREE_DB=str(db), REFEREE_LANG=lang, COLUMNS="80", LINES="24")
        proc = subprocess.Popen([sys.executable, "-m", "referee", "play", t.id], stdin=slave, stdout=slave,
                                stderr=slave, env=env, close_fds=True)
        os.close(slave)
        screen = pyte.Screen(80, 24)
        stream = pyte.Stream(screen)
        try:
            shown = _read(master, stream, lambda s: ">" in s.splitlines()[-1])
            rows = [r.rstrip() for r in shown.splitlines()]
            above = " ".join(" ".join(rows[16:23]).split())
            if game_id == "carcassonne":
                edges = re.findall(r"r(?:0|90|180|270) N=\w E=\w S=\w W=\w", asked)
                assert len(edges) == 4 and all(e in above for e in edges), rows
                assert sign not in shown
            else:
                assert above.endswith(sign), rows
                kept = above[:-len(sign)].split()[-4:]          # the words before the sign: whole words
                assert " ".join(kept) in asked, rows
                os.write(master, b"\x1bOQ")                       # F2
                tail = " ".join(asked.split()[-5:])
                shown = _read(master, stream, lambda s: tail in " ".join(s.split()), timeout=10)
                assert tail in " ".join(shown.split()), shown
            os.write(master, b"\x1b\x04")
            proc.wait(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            os.close(master)
