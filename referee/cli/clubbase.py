"""What the club's command groups share (cli/log.py, stats.py, transfer.py, corrections.py, site.py): the
filters of history, stats, export and site, printing stored text safely, and reading the selection.

Imported lazily with them (LAZY_COMMANDS). Only click at module level.
"""

from __future__ import annotations

import click

from ..club.complete import complete_game, complete_location, complete_player

_FORMATS = click.Choice(["json", "csv", "bgg", "bgstats"], case_sensitive=False)


def _cli():
    """The command line's shared helpers, looked up when called (tests put their own in their place)."""
    from .. import cli

    return cli


def _filter_options(f=None, *, player_help="Only games this player took part in (ignoring case)."):
    """--game, --player, --since, --until, --location (shared by history, stats, export)."""
    if f is None:
        return lambda fn: _filter_options(fn, player_help=player_help)
    f = click.option("--location", "-l", default=None, shell_complete=complete_location,
                     help="Only games whose location contains this text (ignoring case).")(f)
    f = click.option("--until", default=None, metavar="YYYY-MM-DD", help="Only games played on or before this day.")(f)
    f = click.option("--since", default=None, metavar="YYYY-MM-DD", help="Only games played on or after this day.")(f)
    f = click.option("--player", "-p", default=None, shell_complete=complete_player,
                     help=player_help)(f)
    f = click.option("--game", "-g", default=None, shell_complete=complete_game,
                     help="Only games of this game (an id such as puerto-rico, or its name).")(f)
    return f


def _echo(text: str, **kw) -> None:
    """A sentence that quotes stored or imported text, on the terminal: no control character gets through."""
    from ..core.format import safe

    click.echo(safe(text, multiline=True), **kw)


def _out(data, depth: int) -> None:
    from ..club.common import dumps

    click.echo(dumps(data, depth))


def _load(ctx, game, player, since, until, location, newest_first=True, full=True):
    """(store, every finished game, the filters, the games they select). Counting and exporting take the
    selection oldest first: reversing a newest-first list would put games logged in the same second in the
    wrong order (a sort by time keeps equal games as it finds them). ``full=False``: the games' summaries
    (what `history` and `stats` show), read without loading every document."""
    from ..club.common import read_archive
    from ..club.log.history import make_filters, select

    store = _cli().open_store(ctx)
    docs = read_archive(store) if full else store.archived_summaries()
    filters = make_filters(docs, game=game, player=player, since=since, until=until, location=location)
    return store, docs, filters, select(docs, filters, newest_first=newest_first)


# --- record -----------------------------------------------------------------------------------------


def _bad(message):
    from ..core.errors import BadInput

    return BadInput(message)
