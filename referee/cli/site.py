"""The `referee site` command (registered lazily by referee.cli)."""

from __future__ import annotations

import click

from ..i18n import _
from .clubbase import _filter_options, _load
from ..clitypes import FilePath


@click.command("site")
@click.argument("folder", type=FilePath(file_okay=False, dir_okay=True, writable=True))
@_filter_options
@click.option("--title", default=None, help="The site's title (default: \"Our club's games\").")
@click.option("--force", is_flag=True, help="Accepted for older scripts: only an earlier site or an empty folder "
                                           "is ever replaced.")
@click.pass_context
def site_command(ctx, folder, game, player, since, until, location, title, force):
    """Publish the history as a static web site in FOLDER.

    Plain files that work opened from the disk (file://) or on any static web host, with no request
    outside the folder: the front page (latest plays, standings by a rating with uncertainty, most-played
    games, plays per month), a page per player (rating over time, results by game, head to head), per game
    (leaderboard, score distribution, wins by seat) and per play (result with its breakdown; a tracked
    game replayed move by move with its board at each step). The filters select the plays as in `referee
    history`. The site is built beside FOLDER and swapped in whole, so a half-written site is never
    published. Only a folder an earlier `referee site` wrote, or an empty one, is replaced: a folder with
    other files, and any folder holding the history store or inside it, is refused. The folder keeps its
    permissions; a symlinked FOLDER is written where the link points, and the link stays.
    """
    from ..club.site.build import build_site

    store, _docs, _filters, rows = _load(ctx, game, player, since, until, location, newest_first=False)
    index = build_site(store, folder, docs=rows, force=force, title=title)
    click.echo(_("The site is in {folder}; open {index}.").format(folder=index.parent, index=index))
