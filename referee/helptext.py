"""The commands' --help in the chosen language, without touching the decorators that define them.

Click reads a command's help from its docstring and an option's help from ``help=`` when the module is
imported, in English. Those English texts are the msgids: ``TranslatingContext.get_help`` swaps in the
translations just while the page is formatted, and ``short_help`` does the same for the command lists.
``referee/_help_texts.py`` lists every such text with ``N_()`` so extraction finds them; it is generated
(``python tools/catalogs.py update``) and a test checks it is complete.
"""

from __future__ import annotations

import inspect
from contextlib import contextmanager

import click

from .i18n import _

# Click builds these two helps once, in the language of that moment; their msgids are fixed here.
_FIXED = {"--help": "Show this message and exit.", "--version": "Show the version and exit."}


def msgid(text: str | None) -> str:
    """The text as click shows it (cleaned, cut at a form feed): the msgid of a help text."""
    return inspect.cleandoc(text or "").partition("\f")[0]


def english(param: click.Parameter) -> str | None:
    for opt, text in _FIXED.items():
        if opt in getattr(param, "opts", ()):
            return text
    return getattr(param, "help", None)


def short_help(cmd: click.Command, limit: int = 45) -> str:
    """The one-line help of a command, translated."""
    if cmd.short_help:
        return _(msgid(cmd.short_help))
    saved = cmd.help
    if saved:
        cmd.help = _(msgid(saved))
    try:
        return cmd.get_short_help_str(limit=limit)       # click's own cut, of the translated text
    finally:
        cmd.help = saved


@contextmanager
def translated(cmd: click.Command, ctx: click.Context):
    """While inside, the command's and its parameters' help texts are in the chosen language."""
    saved = [(cmd, "help", cmd.help)]
    if cmd.help:
        cmd.help = _(msgid(cmd.help))
    for param in cmd.get_params(ctx):
        text = english(param)
        if text:
            # Restored in English: click may have built its help option while another language was chosen.
            saved.append((param, "help", text))
            param.help = _(msgid(text))
    try:
        yield
    finally:
        for obj, attr, value in saved:
            setattr(obj, attr, value)


class TranslatingContext(click.Context):
    def make_formatter(self) -> click.HelpFormatter:
        # click's formatter imports shutil for the terminal's width, a twentieth of `referee --help`; the
        # same width, computed as click computes it, without it (issue 25)
        width = self.terminal_width
        if width is None and click.formatting.FORCED_WIDTH is None:
            from .core.console import terminal_size

            width = max(min(terminal_size().columns, self.max_content_width or 80) - 2, 50)
        return self.formatter_class(width=width, max_width=self.max_content_width)

    def get_help(self) -> str:
        with translated(self.command, self):
            return super().get_help()


class TranslatingCommand(click.Command):
    context_class = TranslatingContext


def texts(cli: click.Group) -> list[str]:
    """Every help text of the CLI (commands, their options and arguments), as msgids, in CLI order.
    A group that loads commands lazily lists their short help through ``lazy_short_helps()`` (so this
    module, which the CLI imports, never imports the CLI back)."""
    found: list[str] = []

    def add(text):
        text = msgid(text)
        if text and text not in found:
            found.append(text)

    ctx = click.Context(cli, info_name="referee", **cli.context_settings)

    def walk(cmd, ctx):
        add(cmd.help)
        add(cmd.short_help)
        for p in cmd.get_params(ctx):
            if not any(o in getattr(p, "opts", ()) for o in _FIXED):
                add(getattr(p, "help", None))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub, click.Context(sub, info_name=name, parent=ctx))

    walk(cli, ctx)
    for text in getattr(cli, "lazy_short_helps", tuple)():
        add(text)
    return found
