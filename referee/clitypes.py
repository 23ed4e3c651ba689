"""Click parameter types shared by the commands.

``FilePath`` is ``click.Path`` that refuses a name the operating system cannot hold (an embedded NUL makes
``os.stat`` raise ValueError, which click does not catch: a traceback, exit 1, instead of a sentence and exit 2).
"""

from __future__ import annotations

import click

from .i18n import _


class FilePath(click.Path):
    def convert(self, value, param, ctx):
        if isinstance(value, str) and "\x00" in value:
            self.fail(_("{value!r} cannot be a file name: it contains a NUL character.").format(value=value),
                      param, ctx)
        return super().convert(value, param, ctx)
