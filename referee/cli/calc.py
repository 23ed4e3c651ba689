"""`referee score`: the final-scoring calculator on the command line."""

from __future__ import annotations

import sys

import click

from ..club.complete import complete_game, complete_location
from ..clitypes import FilePath
from ..i18n import _
from .base import _check_date, cli, default_location, open_store


@cli.command("score")
@click.argument("game", shell_complete=complete_game)
@click.argument("source", required=False, metavar="[FILE or -]", type=FilePath(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="The result as JSON on stdout.")
@click.option("--template", is_flag=True, help="Print a filled-in example input for GAME.")
@click.option("--record", "record", is_flag=True,
              help="Also log the result in the history, with its breakdown (El Capitan: the third payday, "
                   "with money).")
@click.option("--date", default=None, metavar="YYYY-MM-DD", help="With --record: the day played; default today.")
@click.option("--location", default=None, shell_complete=complete_location,
              help="With --record: where it was played (default: the settings' location).")
@click.option("--notes", default=None, help="With --record: a free-text note.")
@click.pass_context
def score_command(ctx, game, source, as_json, template, record, date, location, notes):
    """Final-scoring calculator: from a JSON/TOML file, stdin (-), or guided prompts on a terminal.

    With --record the result also enters the club's history (as `referee record` would log it, but with
    the whole breakdown and tie-break), and the id is told on stderr."""
    from ..calculator import run
    from ..core.errors import BadInput

    if not record and (date or location or notes):
        raise BadInput(_("--date, --location and --notes describe the game --record logs; add --record."))
    if record and template:
        raise BadInput(_("--template prints an example input; it has no result to --record."))
    date = _check_date(date)
    keep = None
    if record:
        from ..core import validate

        location, notes = validate.location(default_location(location)), validate.notes(notes)
        store = open_store(ctx)
        # What the write will touch is checked before the questions, not after them, and nothing more (reading
        # every game cost seconds at 100,000): the store's root, and the one shard of the id the game takes.
        planned = store.new_id()
        store.get_archived(planned)

        def keep(data, result):
            from ..club.log.record import scored_doc

            doc = scored_doc(result.game, data, result, date=date, location=location, notes=notes)
            gid = planned if store.get_archived(planned) is None else None   # taken meanwhile: a new one
            gid = store.add_archived([{**doc, "id": gid} if gid else doc])[0]
            return _("Recorded game {id} in the history (`referee show {id}`).").format(id=gid)

    sys.exit(run(game, source, as_json=as_json, template=template, keep=keep) or 0)
