"""The full-screen table's model: what is shown (the status line, the board or a pane, the log, the preview,
the prompt) and what an entry does; the screen itself (prompt-toolkit's Application, its layout and keys) is
ui/app.py, built from this model and reading it at every frame. `run_table` opens the table for a terminal:
this full screen, or the line mode of ui/linemode.py on a terminal smaller than 80x24.

Every accepted entry is on disk (session.enter) before the screen is redrawn. Stored text (names, moves)
is shown as plain (style, text) fragments, never as markup.
"""

from __future__ import annotations

import os
from collections import deque

from .. import session
from ..core import labels
from ..core.errors import BadInput, MovedOn, RefereeError
from ..i18n import N_, _
from . import fit, wrap
from .clock import Clock, shown
from .commands import COMMANDS, SYNONYMS, has_secrets, is_move, secret_of, undo_count, undo_reopening
from ..core.format import group_moves, result_table, safe
from .linemode import _Sink, _say, run_line_table
from .preview import _preview
from .serving import TABLE_ONLY

# Names that cli.py (run_table, secret_of) and tests import from here, where they were before the split.
from .commands import find_player  # noqa: F401
from .complete import completer as _completer  # noqa: F401

POLL = 0.25         # seconds between looks at the live file (another window, or a phone, may play on it)
REDRAW_EVERY = 4    # looks between redraws when nothing changed (the clock on the status line: once a second)
STORE_TIME_EVERY = 30.0   # seconds of play the clock gathers before an entry stores them
AFTER_THE_END = ("undo", "board", "record", "help", "secret", "moves", "quit")   # what a finished game takes
AREA_ROWS = 5       # the most rows above the prompt at 80x24 (a Carcassonne placement prompt needs 4)
PANE_LOG = 12       # log entries the moves pane repeats in full
LOG_LINES = 3       # the log at 80x24; a taller terminal shows more

SERVE_ELSEWHERE = N_("Phones are served beside the full-screen table only; type `referee serve {id}` in another "
                     "window for them (this table takes in their moves at each entry).")
HELP_KEYS = N_("Keys: Tab completes, Enter alone plays the move shown in the prompt, PgUp/PgDn scroll the "
               "board, Esc or Ctrl-C closes a pane or clears the line, Ctrl-D on an empty line leaves.")
HELP_MORE = N_("F1 opens this help, F2 the moves pane: the legal moves, and in full what the rows under the "
               "board cut short (they end with \"… F2 shows all\").")


def run_table(store, tracked, *, input=None, output=None, serve: bool = False) -> int:
    """The table for a terminal: full screen (ui/app.py) when the terminal holds 80x24, else the line mode
    below, after a sentence saying how big the full table needs it. ``input``/``output`` are for tests."""
    from prompt_toolkit.output import create_output

    out = output if output is not None else create_output()
    size = out.get_size()
    if size.columns < fit.MIN_WIDTH or size.rows < fit.MIN_HEIGHT:
        _say(out, _("The full-screen table needs a terminal of at least {w}x{h} (this one is {cols}x{rows}); "
                    "using line mode. Enlarge the window and type `referee play {id}` again for the full "
                    "table.").format(w=fit.MIN_WIDTH, h=fit.MIN_HEIGHT, cols=size.columns, rows=size.rows,
                                     id=tracked.id))
        if serve:
            _say(out, _(SERVE_ELSEWHERE).format(id=tracked.id))
        return run_line_table(store, tracked, input=input, output=output)
    code = Table(store, tracked, input=input, output=output, serve=serve).run()
    game = tracked.game
    if tracked.archived or game.finished:
        from rich.console import Console

        console = Console(highlight=False, file=None if output is None else _Sink(output))
        if game.result() is not None:
            console.print(result_table(game.result(), title=_("Final result")))
        _say(out, _("Game {id} is in the history.").format(id=tracked.id))
    else:
        _say(out, _("Saved. Resume with `referee play {id}`.").format(id=tracked.id))
    return code


class Table:
    """The table's state (what is shown) and its handling of entries; the layout reads it at every frame."""

    def __init__(self, store, tracked, *, input=None, output=None, serve: bool = False):
        self.store, self.tracked = store, tracked
        from .serving import Serving

        self.serving = Serving(self, start=serve)     # phones at the table (`serve`, `play ID --serve`)
        self.log: deque = deque(maxlen=40)       # (style, text) lines, newest last
        self.message = ("", "")                  # (style, text) under the log, until the next entry
        self.pane: str | None = None             # "moves", "help" or "record" in the board's place
        self.secret: tuple[str, str] | None = None   # (player, text) in a float, closed by any key
        self.confirm = None                      # (question, action) answered by y / anything else
        self.typed_at: int | None = None         # moves in the game when typing of the entry began
        self.scroll = 0                          # board lines scrolled off the top (PgDn)
        self._cache = None
        self._foreseen = None                    # (key, the preview of the typed entry)
        self._asked = None                       # (key, the game's prompt)
        self.generation = 0                      # bumped by every entry: the board is drawn anew
        self._mtime = self._live_mtime()
        doc = tracked.doc or {}
        # a live game keeps seconds; a finished one its duration in minutes (as every logged play)
        self.clock = Clock(doc.get("played_seconds") or 60 * (doc.get("duration") or 0))
        from .app import build

        self.app, self.buffer = build(self, input, output)

    # --- what is shown ---------------------------------------------------------------------------
    @property
    def game(self):
        return self.tracked.game

    def over(self) -> bool:
        return self.tracked.archived or self.game.finished

    def status(self):
        game = self.game
        if self.over():
            turn = _("game over")
        elif game.to_move is None:
            turn = _("the table: enter what was turned up")
        else:
            turn = _("{player} to move").format(player=safe(game.to_move))
        from prompt_toolkit.utils import get_cwidth

        left = f" {safe(game.rules.name)} · {safe(self.tracked.id)} · {turn}"
        seconds = self.clock.seconds()
        if self.tracked.archived:     # stopped: the time the game took, as stored in the history (minutes)
            minutes = (self.tracked.doc or {}).get("duration")
            seconds = 60 * minutes if minutes else self.clock.stored
        right = f"⏱ {shown(seconds)} "
        phones = self.serving.status()
        if phones and get_cwidth(left + phones + right) < self._columns():
            left += phones
        pad = max(1, self._columns() - get_cwidth(left) - get_cwidth(right))   # the clock at the right edge
        return [("class:status", left), ("class:status", " " * pad), ("class:status.clock", right)]

    def _columns(self) -> int:
        try:
            return self.app.output.get_size().columns
        except Exception:     # before the app exists
            return 80

    def prompt_text(self):
        if self.confirm is not None:
            return [("class:warn", _("y/n")), ("", "> ")]
        if self.over():
            return [("class:who", _("game over")), ("", "> ")]
        game = self.game
        who = safe(game.to_move) or _("table")
        default = self._default()
        shown_default = labels.of(game, default) if default else None
        hint = ([("class:hint", " [" + _("Enter: {move}").format(move=safe(shown_default)) + "]")]
                if default else [])
        # the input keeps at least half the row: a long hint (a long default move) is left out rather
        # than squeezing what is typed
        from prompt_toolkit.utils import get_cwidth

        if hint and get_cwidth(who + hint[0][1] + "> ") > self._columns() // 2:
            hint = []
        return [("class:who", who)] + hint + [("", "> ")]

    def _default(self) -> str | None:
        """What an empty Enter plays: the game's obvious move, or the only legal one."""
        game = self.game
        if self.over():
            return None
        move = game.default_move()
        if move is None:
            legal = game.legal_moves()
            move = legal[0] if len(legal) == 1 else None
        return move.text if move is not None else None

    def preview(self):
        """The area above the prompt: a question, a message, what is asked now, or the preview of what is
        typed; broken between words into the area's rows, the last one saying "… F2 shows all" when more
        follows (the moves pane, F2, holds all of it)."""
        rows = self.area_rows()
        if self.confirm is not None:
            return [("class:warn", self._fitted(self.confirm[0], rows))]
        if self.message[1]:          # a refusal or notice stays on this row until the line is edited
            style, text = self.message
            return [(style, self._fitted(safe(text), rows))]
        text = " ".join(self.buffer.text.split())
        if not text:                 # what is asked now (the game's prompt), until something is typed
            return [("class:hint", self._fitted(self.asked(), rows))]
        kind, what = self.reading(text)
        if kind == "command":
            return [("class:hint", _("table command: {word}").format(word=what))]
        if kind == "over":
            return [("class:hint", _("The game is over: undo, board, record, or Enter to leave."))]
        line = self._fitted(safe(self.foresee(what)), rows)
        first = line.lstrip("\n")
        style = "class:bad" if first.startswith("✗") else "class:hint" if first.startswith("…") else "class:good"
        return [(style, line)]

    def asked(self) -> str:
        """What is asked now (the game's prompt, shown as plain text), once per position."""
        key = (len(self.game.moves), self.game.moves[-1:], id(self.game), self.generation, _("y/n"))
        if self._asked is None or self._asked[0] != key:
            self._asked = (key, safe(self.game.prompt()))
        return self._asked[1]

    def area_rows(self) -> int:
        """Rows of the area above the prompt: what is shown there needs, at most AREA_ROWS at 24 rows (more on a
        taller terminal), so that Carcassonne's placement prompt keeps all four rotations' edges. The board is
        fitted to the area's ``_base_rows`` (at least two), so a typed preview of up to two rows never makes
        the board jump while typing; a one-row area leaves the board its spare row."""
        base = self._base_rows()
        text = " ".join(self.buffer.text.split()) if getattr(self, "buffer", None) is not None else ""
        if text and self.confirm is None and not self.message[1] and base < 2:
            kind, what = self.reading(text)
            if kind == "entry":
                width = self._text_width(self._size()[0])
                return max(base, min(2, len(wrap.lines(safe(self.foresee(what)), width))))
        return base

    def _base_rows(self) -> int:
        """The area's rows for what is asked now, a message or a question (not what is typed)."""
        columns, rows = self._size()
        most = AREA_ROWS + max(0, rows - 24) // 4
        texts = [self.confirm[0]] if self.confirm is not None else []
        if self.message[1]:
            texts.append(safe(self.message[1]))
        if not self.over() or not texts:
            texts.append(self.asked())
        need = max(len(wrap.lines(t, self._text_width(columns))) for t in texts)
        area = max(1, min(most, need))
        # the board keeps its smallest drawing whole: the area gives back rows it would push off the screen
        # (Puerto Rico's 5-player board at 80x24), its text then cut with the sign
        while area > 2 and len(self.board_lines(columns, max(3, rows - 3 - area))) > rows - 3 - area:
            area -= 1
        return area

    def _fitted(self, text: str, rows: int) -> str:
        """``text`` in the area's rows, next to the prompt (a short text on the area's last rows)."""
        shown_rows, _cut = wrap.fit(text, self._text_width(self._size()[0]), rows)
        return "\n" * (rows - len(shown_rows)) + "\n".join(shown_rows)

    @staticmethod
    def _text_width(columns: int) -> int:
        return max(20, columns - 1)

    def _size(self) -> tuple[int, int]:
        try:
            size = self.app.output.get_size()
            return size.columns, size.rows
        except Exception:     # before the app exists
            return 80, 24

    def reading(self, text: str) -> tuple[str, str]:
        """What Enter does with a typed (non-empty, whitespace-normalised) line, for Enter and the preview
        alike: ("command", word) a table command; ("over", word) after the end (the commands that still
        apply, else a refusal); ("entry", text) moves for session.enter."""
        word = SYNONYMS.get(text.lower().split()[0], text.lower().split()[0])
        if self.over():
            return ("command", word) if word in AFTER_THE_END else ("over", word)
        if (word in COMMANDS or word in TABLE_ONLY) and not self._is_move(text):
            return ("command", word)
        return ("entry", text)

    def foresee(self, text: str) -> str:
        """The preview of an entry (ui/preview.py: what Enter will do), once per text and position: the
        screen asks at every frame, the clock's tick included."""
        key = (text, len(self.game.moves), self.game.moves[-1:], id(self.game), self.generation)
        if self._foreseen is None or self._foreseen[0] != key:
            self._foreseen = (key, _preview(self.game, text))
        return self._foreseen[1]

    def _log_room(self) -> int:
        """Log rows shown: what the board leaves of the screen (at least one), at most LOG_LINES at 24
        rows and more on a taller terminal."""
        columns, rows = self._size()
        most = LOG_LINES if rows <= 24 else LOG_LINES + (rows - 24) // 3
        board = len(self.board_lines(columns, self.board_room()))
        return max(1, min(most, rows - 2 - self.area_rows() - board))

    def board_room(self) -> int:
        """Rows the board is fitted to: the screen less the status line, the prompt, the area above it and
        one log row."""
        return max(3, self._size()[1] - 3 - max(2, self._base_rows()))

    def log_rows(self) -> list[tuple[str, str]]:
        """The newest log entries that fit the log's rows, each broken between words; only whole entries,
        except the newest when it alone is longer than the rows (then its last row says "… F2 shows all")."""
        room = self._log_room()
        width = self._text_width(self._size()[0])
        out: list[tuple[str, str]] = []
        for style, text in reversed(self.log):
            entry = wrap.lines(safe(text), width)       # moves, events and notes name players: stored text
            if len(out) + len(entry) > room:
                if not out:
                    entry, _cut = wrap.fit(safe(text), width, room)
                else:
                    break
            out[:0] = [(style, row) for row in entry]
        return out

    def log_height(self):
        from prompt_toolkit.layout import Dimension

        return Dimension.exact(len(self.log_rows()))

    def log_lines(self):
        out = []
        for i, (style, row) in enumerate(self.log_rows()):
            if i:
                out.append(("", "\n"))
            out.append((style, row))
        return out

    def _rows(self) -> int:
        try:
            return self.app.output.get_size().rows
        except Exception:     # before the app exists
            return 24

    def board_lines(self, width: int, height: int) -> list:
        """The board (or pane) as formatted lines for this size; cached per position and size."""
        from prompt_toolkit.formatted_text import ANSI, to_formatted_text
        from prompt_toolkit.formatted_text.utils import split_lines

        moves = self.game.moves
        key = (width, height, len(moves), moves[-1:], self.tracked.archived, self.pane, id(self.game),
               self.generation, self.message, self.buffer.text if self.pane == "moves" else None,
               self.serving.generation if self.pane == "serve" else None)
        if self._cache is None or self._cache[0] != key:
            if self.pane == "serve":
                lines = list(split_lines(to_formatted_text(ANSI(self.serving.pane_ansi(width, height)))))
            elif self.pane is not None:
                lines = [[("", line)] for line in self._pane_text(width)]
            else:
                renderable = None
                if self.over() and self.game.result() is not None:
                    from rich.console import Group

                    from .result import result_lines

                    result = fit.to_ansi(Group(*result_lines(self.game.result(), width)), width)
                    renderable = result + "\n" + fit.board_text(self.game, width, None)
                ansi = renderable if renderable is not None else fit.board_text(self.game, width, height)
                lines = list(split_lines(to_formatted_text(ANSI(ansi))))
            self._cache = (key, lines)
        return self._cache[1]

    def _pane_text(self, width: int) -> list[str]:
        import textwrap

        game = self.game
        if self.pane == "moves":
            return self._moves_pane(width - 1) + ["", _("Esc closes this list.")]
        if self.pane == "serve":
            return self.serving.pane_text(width)
        if self.pane == "record":
            return safe(game.to_record(id=self.tracked.id), multiline=True).splitlines() + ["", _("Esc closes the record.")]
        lines = []
        for name, what in COMMANDS.items():
            if name != "secret" or has_secrets(game):
                lines.extend(textwrap.wrap(f"{name:<7} {_(what)}", width=width - 1, subsequent_indent=" " * 8))
        for name, what in TABLE_ONLY.items():
            lines.extend(textwrap.wrap(f"{name:<7} {_(what)}", width=width - 1, subsequent_indent=" " * 8))
        lines.extend(textwrap.wrap(_(HELP_KEYS) + " " + _(HELP_MORE), width=width - 1, break_on_hyphens=False))
        notation = labels.help_text(game)
        if notation:
            for para in notation.splitlines():
                lines.extend(textwrap.wrap(para, width=width - 1, break_on_hyphens=False) or [""])
        return lines + ["", _("Esc closes the help.")]

    def _moves_pane(self, width: int) -> list[str]:
        """The moves pane (`moves`, F2): in full what the rows under the board may cut ("… F2 shows all"):
        what is asked now, the message or the preview of what is typed, the legal moves, the last entries."""
        game = self.game
        lines = wrap.lines(self.asked(), width)
        text = " ".join(self.buffer.text.split())
        if self.message[1]:
            lines += [""] + wrap.lines(safe(self.message[1]), width)
        elif text and not self.over() and self.reading(text)[0] == "entry":
            lines += [""] + wrap.lines(safe(self.foresee(text)), width)
        if not self.over():
            lines += [""] + group_moves(game.legal_moves(), width=width, game=game)
        if self.log:
            lines += ["", _("Last entries:")]
            for _style, entry in list(self.log)[-PANE_LOG:]:
                lines += wrap.lines(safe(entry), width)
        return lines

    # --- entries ----------------------------------------------------------------------------------
    def _is_move(self, text: str) -> bool:
        """Whether typed text names a move: then it is played even if it starts like a table command
        (Puerto Rico's 'q' at the settler takes the quarry; it does not leave the table)."""
        return not self.over() and is_move(self.game, text)

    def say(self, style: str, text: str) -> None:
        self.message = (style, text)

    def accept(self, buffer) -> bool:
        """Enter. Returns True to keep the text in the line (a refusal, to be corrected)."""
        text = " ".join(buffer.text.split())
        typed_at = self.typed_at
        self.message = ("", "")
        self.scroll = 0
        try:
            keep = self._handle(text, typed_at)
        except MovedOn:
            self.typed_at = len(self.game.moves)
            self._notices()
            self.say("class:warn", _("The game moved on in another window while this was typed; nothing was "
                                     "applied. Check the board: Enter applies it here."))
            keep = True
        except RefereeError as err:
            self._notices()
            self.say("class:bad", f"✗ {err}")
            keep = True
        if not keep:
            self.typed_at = None
        self.generation += 1
        return keep

    def _handle(self, text: str, typed_at) -> bool:
        game = self.game
        if self.pane is not None and not text:
            self.pane = None
            return False
        self.pane = None
        if not text:
            if self.over():
                return self._after_the_end("", "")
            text = self._default() or ""
            if not text:
                self.say("class:hint", _("Type a move (Tab completes, 'moves' lists them, 'help')."))
                return False
            typed_at = len(game.moves)
        else:
            kind, word = self.reading(text)       # as the preview read it
            if self.over():
                return self._after_the_end(word, text)
            if kind == "command":
                return self._command(word, text)
        self._store_time(at_least=STORE_TIME_EVERY)
        moves = session.enter(self.store, self.tracked, text, typed_at=typed_at)
        self._notices()
        self._played(moves)
        try:
            self._autoplay()
        except RefereeError as err:     # the entry itself is stored: it leaves the line all the same
            self.say("class:bad", f"✗ {err}")
        self._mtime = self._live_mtime()
        self.serving.poke()
        return False

    def _played(self, moves, elsewhere: bool = False) -> None:
        for move in moves:
            who = _("chance") if move.chance else move.player
            if elsewhere:
                who = _("{who}, entered elsewhere").format(who=who)
            self.log.append(("class:good", f"✓ {labels.of(self.game, move)} ({who})"))
        for event in self.game.events():
            self.log.append(("class:event", "  " + event))
        if self.game.finished:
            self.log.append(("class:who", _("Game over, in the history: Enter leaves, undo takes back.")))

    def _autoplay(self) -> None:
        """A chance event with a single possible outcome is not asked for: it is entered and logged."""
        game = self.game
        while not game.finished:
            legal = game.legal_moves()
            if len(legal) != 1 or not legal[0].chance:
                return
            moves = session.enter(self.store, self.tracked, legal[0].text, typed_at=len(game.moves))
            self.log.append(("class:hint", _("The only possible event: {move}").format(
                move=labels.of(game, moves[-1]))))
            game = self.game

    def _command(self, word: str, text: str) -> bool:
        if word == "quit":
            self.app.exit(result=0)
            return False
        if word in ("help", "moves", "record"):
            self.pane = word
            return False
        if word == "board":
            self.pane = None
            return False
        if word == "serve":
            self.serving.command(text.partition(" ")[2])
            return False
        if word == "secret":
            player, what = secret_of(self.game, text.partition(" ")[2])
            if player is None:
                self.say("class:hint", what)
            else:
                self.secret = (player, what)
            return False
        if word == "undo":
            n = undo_count(text.split())
            if self.over():
                self._ask(_("This reopens the finished game {id}: it leaves the history and the statistics "
                            "until it ends again. Undo? y/n").format(id=self.tracked.id), lambda: self._undo(n))
            else:
                self._undo(n)
            return False
        return False

    def _after_the_end(self, word: str, text: str) -> bool:
        if not text or word == "quit":
            self.app.exit(result=0)
            return False
        if word in AFTER_THE_END:
            return self._command(word, text)
        raise BadInput(_("The game is over: type undo, board, record, secret NAME, or press Enter to leave."))

    def _ask(self, question: str, action) -> None:
        self.confirm = (question, action)

    def answer(self, yes: bool) -> None:
        question, action = self.confirm
        self.confirm = None
        if not yes:
            self.say("class:hint", _("Nothing was taken back."))
            return
        try:
            action()
        except RefereeError as err:
            self._notices()
            self.say("class:bad", f"✗ {err}")

    def _undo(self, n: int) -> None:
        if self.tracked.archived:      # asked at the table just now
            dropped = undo_reopening(self.store, self.tracked, n)
        else:
            dropped = session.undo(self.store, self.tracked, n)
        self._notices()
        self.log.append(("class:warn", _("Took back: {moves}").format(
            moves=", ".join(labels.many(self.game, reversed(dropped))))))
        self._mtime = self._live_mtime()
        self.serving.poke()

    def _notices(self) -> None:
        for note in self.tracked.notices:
            self.log.append(("class:warn", note))
        self.tracked.notices.clear()

    # --- time and other windows -------------------------------------------------------------------
    def _store_time(self, at_least: float = 0.0) -> None:
        """Hand the clock's unstored time to the store (at exit; before an entry once it is ``at_least``
        seconds, so a quick run of entries does not write the game file twice each)."""
        if self.clock.pending + self.clock.running() < at_least:
            return
        seconds = self.clock.take()
        if seconds > 0 and not self.tracked.archived:
            try:
                session.add_table_time(self.store, self.tracked, seconds)
            except RefereeError:
                pass             # the time is a nicety; the entry itself reports a store that fails

    def _live_mtime(self):
        try:
            return os.stat(self.store.live_path(self.tracked.id)).st_mtime_ns
        except OSError:
            return None

    def poll(self) -> bool:
        """Whether another window changed this game since we last looked (then continue from the disk)."""
        mtime = self._live_mtime()
        if mtime == self._mtime:
            return False
        self._mtime = mtime
        try:
            doc = self.store.read_live(self.tracked.id)
        except RefereeError:
            return False
        if self.tracked.archived:
            if doc is None:
                return False
            self.tracked.game, self.tracked.doc, self.tracked.archived = (
                session.open_game(self.store, self.tracked.id).game, doc, False)
            self.log.append(("class:warn", _("This game was reopened in another window; continuing from the "
                                             "saved version.")))
            return True
        if doc is not None and doc.get("moves") == self.game.moves:
            return False
        before, said = list(self.game.moves), None
        try:
            with self.store.lock:
                session._refresh(self.store, self.tracked)
        except RefereeError as err:
            said = str(err)
        now = self.game.moves
        if len(now) > len(before) and now[:len(before)] == before:
            # moves added elsewhere (a phone, `referee move`): logged as the table logs its own, in its
            # language, instead of a bare "changed in another window"
            self.tracked.notices.clear()
            self._played(self.game.log[len(before):], elsewhere=True)
        if said:
            self.log.append(("class:warn", said))
        self._notices()
        self._cache = None
        return True

    async def _background(self) -> None:
        import asyncio

        looks = 0
        while True:
            await asyncio.sleep(POLL)
            looks += 1
            try:
                changed = self.poll()
            except Exception:    # a background look must never bring the table down
                changed = False
            if changed:
                self.generation += 1
            if changed or looks % REDRAW_EVERY == 0:
                self.app.invalidate()     # the new position; else the clock ticking on the status line

    def edited(self, text: str) -> None:
        """The input line changed: a message under it is dropped, and the entry's start is noted (the position
        it was typed at, so a move another window made meanwhile is caught before it is applied)."""
        self.message = ("", "")
        if not text:
            self.typed_at = None
        elif self.typed_at is None:
            self.typed_at = len(self.game.moves)

    def too_small(self) -> str:
        size = self.app.output.get_size()
        return _("The table needs a terminal of at least {w}x{h}; this one is {cols}x{rows}. Enlarge it, or press "
                 "Ctrl-D and type `referee play {id}` in a larger window.").format(
            w=fit.MIN_WIDTH, h=fit.MIN_HEIGHT, cols=size.columns, rows=size.rows, id=self.tracked.id)

    def warm(self) -> None:
        """Work the first entry would otherwise wait for: the legal moves, the preview, the board, the imports
        a key press needs (so the first move after opening the table is as quick as the others)."""
        game = self.game
        game.legal_moves()
        game.default_move()
        try:
            game.preview("x")
        except RefereeError:
            pass
        size = self.app.output.get_size()
        self.board_lines(size.columns, self.board_room())
        import prompt_toolkit.completion  # noqa: F401

    def run(self) -> int:
        self.warm()
        try:
            self._autoplay()
        except RefereeError as err:
            self.say("class:bad", f"✗ {err}")
        self.serving.begin()
        try:
            code = self.app.run(pre_run=lambda: self.app.create_background_task(self._background()))
        finally:
            self.serving.stop()
        self._store_time()
        return code or 0
