"""Drive the full-screen table as a person sees it: keys through prompt-toolkit's pipe input, the output
through a VT100 writer into pyte's terminal emulator, assertions on the screen's rows."""

from __future__ import annotations

import asyncio
import io

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from referee.ui.table import Table


class _Out(io.StringIO):
    encoding = "utf-8"


class Screen:
    """A pyte screen fed by everything the table writes; ``rows`` are its lines as shown."""

    def __init__(self, columns=80, lines=24):
        self.size = Size(rows=lines, columns=columns)
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.Stream(self.screen)
        self.buf = _Out()
        self.output = Vt100_Output(self.buf, get_size=lambda: self.size, term="xterm", enable_cpr=False)

    def pump(self):
        data = self.buf.getvalue()
        self.buf.seek(0)
        self.buf.truncate()
        self.stream.feed(data)

    def resize(self, columns, lines):
        self.size = Size(rows=lines, columns=columns)
        self.screen.resize(lines, columns)

    @property
    def rows(self) -> list[str]:
        self.pump()
        return [row.rstrip() for row in self.screen.display]

    @property
    def text(self) -> str:
        return "\n".join(self.rows)


class Driver:
    """Runs a Table in an event loop; ``type`` sends keys and waits for the redraw."""

    def __init__(self, store, tracked, columns=80, lines=24):
        self.screen = Screen(columns, lines)
        self.store, self.tracked = store, tracked

    def run(self, script):
        """script(driver) is an async function using ``await self.keys(...)``; returns the table's exit code."""
        with create_pipe_input() as pipe:
            self.pipe = pipe
            self.table = Table(self.store, self.tracked, input=pipe, output=self.screen.output)
            self.renders = 0

            def counted(_app):
                self.renders += 1

            self.table.app.after_render += counted

            async def main():
                self.table.warm()
                task = asyncio.ensure_future(self.table.app.run_async(
                    pre_run=lambda: self.table.app.create_background_task(self.table._background())))
                await self.keys("")
                try:
                    await script(self)
                finally:
                    if not task.done():
                        self.table.app.exit(result=0)
                return await task

            self.code = asyncio.run(main())
            self.table._store_time()
        return self.code

    async def keys(self, text, quiet=0.12, limit=10.0):
        """Send keys, then wait until the table has drawn them and gone quiet (no redraw for ``quiet``
        seconds): robust on a loaded machine, where a fixed sleep is not."""
        loop = asyncio.get_running_loop()
        before = self.renders
        self.pipe.send_text(text)
        start = last_change = loop.time()
        seen = self.screen.text
        while loop.time() - start < limit:
            await asyncio.sleep(0.02)
            now = self.screen.text          # what is shown (the clock's second may tick: rarely)
            if now != seen:
                seen, last_change = now, loop.time()
            drawn = self.renders > before or not text
            if drawn and not self.table.app.invalidated and loop.time() - last_change >= quiet:
                break

    async def resize(self, columns, lines):
        self.screen.resize(columns, lines)
        self.table.app._on_resize()
        await self.keys("")

    @property
    def rows(self):
        return self.screen.rows
