"""The `referee` program's entry point: the only code that runs before the command line is imported.

A Ctrl-C while Python is still importing the command line (the first tens of milliseconds) must end like
any other interrupt (exit 130, one sentence), never with a traceback.
"""

import sys

from . import _collector


def run() -> None:
    _collector.pause()          # until the command line is read (_collector.py)
    try:
        from .cli import main
    except KeyboardInterrupt:
        try:
            from .i18n import _
        except BaseException:       # interrupted again, or too early even for that: say it in English
            def _(text):
                return text
        sys.stderr.write("\nreferee: " + _("Interrupted before anything was done; nothing was changed.") + "\n")
        sys.exit(130)
    main()
