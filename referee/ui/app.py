"""The full-screen table's screen: one prompt-toolkit Application that redraws in place, built from the
table's model (ui/table.py), which it reads at every frame and tells about every key.

Rows, top to bottom: a status line (game, id, whose turn, the game clock); the board (or the moves/help
pane on demand), drawn at the window's size by the game's fitting tiers (ui/fit.py); a short log of what
the last entries did; one or two rows for what is asked now, the live preview of what is typed, or a
message (a refusal in red with its rule, a change from another window) until the line is edited; the
prompt with whose turn it is and what Enter alone plays.

This module knows no game and imports nothing of the table's model: the model imports it (one direction).
"""

from __future__ import annotations

import textwrap

from ..i18n import _
from . import fit
from .complete import completer, history
from ..core.format import safe


def build(table, input=None, output=None):
    """(the Application, its input Buffer) for ``table`` (a ui.table.Table)."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import (ConditionalContainer, DynamicContainer, Float, FloatContainer,
                                       HSplit, Layout, VSplit, Window)
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.layout.dimension import Dimension as D
    from prompt_toolkit.layout.menus import CompletionsMenu
    from prompt_toolkit.styles import Style
    from prompt_toolkit.widgets import Frame

    buffer = Buffer(multiline=False, completer=completer(table.tracked), history=history(table.store),
                    complete_while_typing=False, accept_handler=table.accept)
    buffer.on_text_changed += lambda buf: table.edited(buf.text)

    secret_shown = Condition(lambda: table.secret is not None)
    asking = Condition(lambda: table.confirm is not None)

    board = Window(_BoardControl(table), height=D(min=3, weight=1), wrap_lines=False)
    body = HSplit([
        Window(FormattedTextControl(table.status), height=1, style="class:status"),
        board,
        Window(FormattedTextControl(table.log_lines), height=table.log_height, wrap_lines=False),
        Window(FormattedTextControl(table.preview), height=lambda: D.exact(table.area_rows()), wrap_lines=False),
        # The prompt is a window of its own beside the input: a long entry scrolls inside the input
        # window and can never push the prompt off the row (with the prompt drawn as part of the input,
        # prompt-toolkit kept the horizontal scroll of a line that reached the last column, and every
        # later prompt was drawn off screen: issue 22).
        VSplit([
            Window(FormattedTextControl(table.prompt_text), height=1, dont_extend_width=True,
                   wrap_lines=False),
            Window(BufferControl(buffer), height=1, wrap_lines=False),
        ], height=1),
    ])
    secret = Frame(Window(FormattedTextControl(lambda: [
        ("class:who", _("Only {player} should look:").format(player=safe(table.secret[0])) + "\n\n"),
        ("", safe(table.secret[1], multiline=True) + "\n\n"), ("class:hint", _("Any key hides it."))]), wrap_lines=True),
        title=_("secret"))
    full = FloatContainer(body, floats=[
        Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=6, scroll_offset=1)),
        Float(content=ConditionalContainer(secret, filter=secret_shown), top=3, left=4, right=4),
    ])
    too_small = Window(FormattedTextControl(
        lambda: [("class:warn", textwrap.fill(table.too_small(), width=max(10, table._columns() - 1)))]),
        wrap_lines=True)
    built = []

    def root():
        if not built:                        # while the layout is being built
            return full
        size = built[0].output.get_size()
        return full if size.columns >= fit.MIN_WIDTH and size.rows >= fit.MIN_HEIGHT else too_small

    kb = KeyBindings()

    @kb.add(Keys.Any, filter=secret_shown, eager=True)
    @kb.add("enter", filter=secret_shown, eager=True)
    def _hide(event):
        table.secret = None

    @kb.add(Keys.Any, filter=asking & ~secret_shown, eager=True)
    @kb.add("enter", filter=asking & ~secret_shown, eager=True)
    def _answer(event):
        table.answer(event.data.lower() in ("y", "a"))     # y, or Czech 'ano'

    @kb.add("c-d", filter=~secret_shown & ~asking)
    def _leave(event):
        if not buffer.text:
            event.app.exit(result=0)
        else:
            buffer.delete()

    @kb.add("c-c", filter=~secret_shown & ~asking)
    @kb.add("escape", eager=True, filter=~secret_shown & ~asking)
    def _clear(event):
        if buffer.complete_state is not None:
            buffer.cancel_completion()
        elif table.pane is not None:
            table.pane = None
        else:
            buffer.reset()
            table.message = ("", "")

    @kb.add("pagedown")
    def _down(event):
        table.scroll += max(1, table._rows() // 2)

    @kb.add("pageup")
    def _up(event):
        table.scroll = max(0, table.scroll - max(1, table._rows() // 2))

    @kb.add("f1")
    def _help(event):
        table.pane = None if table.pane == "help" else "help"

    @kb.add("f2")
    def _moves(event):      # what "… F2 shows all" promises: the moves pane holds all the rows under the board cut
        table.pane = None if table.pane == "moves" else "moves"
        table.scroll = 0

    style = Style.from_dict({
        "status": "reverse", "status.clock": "reverse bold", "who": "bold", "hint": "#888888",
        "good": "ansigreen", "bad": "ansired bold", "warn": "ansiyellow", "event": "italic",
        "more": "reverse",
    })
    kwargs = {} if input is None else {"input": input, "output": output}
    app = Application(layout=Layout(DynamicContainer(root), focused_element=buffer), key_bindings=kb,
                      style=style, full_screen=True, enable_page_navigation_bindings=False, mouse_support=False,
                      **kwargs)
    app.ttimeoutlen = 0.05          # a lone Esc closes a pane at once
    app.key_processor.before_key_press += lambda _event: table.clock.tick()
    built.append(app)
    return app, buffer


def _BoardControl(table):
    """The board at the board area's size; PgDn scrolls what does not fit (a marker says so)."""
    from prompt_toolkit.layout.controls import UIContent, UIControl

    class BoardControl(UIControl):
        def preferred_width(self, max_available_width):
            return max_available_width

        def preferred_height(self, width, max_available_height, wrap_lines, get_line_prefix):
            return max_available_height

        def create_content(self, width, height):
            lines = table.board_lines(width, table.board_room())
            top = min(table.scroll, max(0, len(lines) - height))
            table.scroll = top
            shown_lines = lines[top:top + height]
            below = len(lines) - top - height
            if below > 0 and shown_lines:
                shown_lines[-1] = [("class:more", " " + _("▼ {n} more lines: PgDn").format(n=below + 1) + " ")]
            if top > 0 and shown_lines:
                shown_lines[0] = [("class:more", " " + _("▲ PgUp") + " ")]
            return UIContent(get_line=lambda i: shown_lines[i], line_count=len(shown_lines), show_cursor=False)

    return BoardControl()
