"""`referee repair`: check the store and put it right (club/log/repair.py)."""

from __future__ import annotations

import click

from .base import cli, open_store


@cli.command("repair")
@click.option("--restore", is_flag=True, help="Put the last good backup back in place (of a damaged file of the "
                                               "finished games: that file's own last good copy).")
@click.option("--reset", is_flag=True, help="Move a damaged store aside and start an empty one; the files of the "
                                             "finished games that are sound are kept (a damaged one alone is set "
                                             "aside).")
@click.option("--set-aside", "set_aside", is_flag=True,
              help="Move damaged games aside: games in progress that cannot be opened (their files are kept) "
                   "and finished games with damaged fields (kept in a file `referee import` reads).")
@click.pass_context
def repair_command(ctx, restore, reset, set_aside):
    """Check the history store and the games in progress; restore the backup, start afresh, or set
    damaged games aside. Nothing is deleted: a damaged file is kept next to where it was.

    A finished tracked game whose move record is kept but which the history has lost (a backup is one
    write behind) is replayed from its record and entered again, by every form of repair."""
    from ..club.log.repair import repair

    click.echo(repair(open_store(ctx, recover=False), restore=restore, reset=reset, set_aside=set_aside))
