"""The `referee` command line (contracts §1), one module per command group, each a thin layer over the
functions below it (ARCHITECTURE.md):

- base.py: the group, its options, error handling and exit codes, and the helpers the groups share;
- table.py: games, rules, new, play, move, moves, show, undo;   calc.py: score;   repair.py: repair;
- loaded only when invoked (base.LAZY_COMMANDS): log.py (record, history, replay, abandon), stats.py,
  transfer.py (export, import, qr), corrections.py (edit, delete, trash, restore, players), site.py,
  settings.py (config); clubbase.py is what the club's groups share.

``referee.cli:main`` and ``referee.cli:cli`` are the entry points; the helpers keep their old names here.
"""

from __future__ import annotations

from .base import (EXIT_INTERNAL, EXIT_USAGE, LAZY_COMMANDS, OneLineError, OneLineUsageError,  # noqa: F401
                   RefereeGroup, _check_date, _one_player_per_p, _open, cli, console, default_location, echo_text,
                   fail, interactive_terminal, interrupted, main, open_store, out_json, parse_options)
from . import calc, repair, table  # noqa: F401,E402  (their commands join the group when it is loaded)
