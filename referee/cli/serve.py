"""The click command `referee serve [ID] [--host H] [--port P] [--no-qr] [--json]` (contracts §6), a thin
layer over referee.serve (loaded lazily: cli/base.py LAZY_COMMANDS)."""

from __future__ import annotations

import click

from ..i18n import _


@click.command("serve")
@click.argument("game_id", required=False)
@click.option("--host", default=None, metavar="H", help="Address to listen on (default: every interface; the "
                                                         "LAN address is shown).")
@click.option("--port", default=None, type=click.IntRange(0, 65535), metavar="P",
              help="Port to listen on (default 8023; 0: any free port).")
@click.option("--no-qr", "no_qr", is_flag=True, help="Do not draw the join address as a QR code.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON line with the join, seat and watch URLs.")
@click.pass_context
def serve_command(ctx, game_id, host, port, no_qr, as_json):
    """Let every player enter their own moves from their own phone, on the local network.

    Serves the tracked game ID (default: the latest unfinished one). Phones scan the QR code of the join
    address, pick a seat and enter that seat's moves; a watcher sees the board. Ctrl-C stops serving.

    On a terminal it says who takes which seat and reads commands: seats, release NAME (free a seat),
    allow [N] and deny [N] (a phone asking for a seat another phone holds), net (why phones cannot
    connect), qr and quit; in Czech too (místa, uvolni, povol, odmítni, síť, konec). The seat links
    survive a restart of serve; the `serve` command of `referee play` does the same beside the table."""
    from .. import session
    from .base import open_store
    from ..core.errors import BadInput
    from ..serve.run import serve

    store = open_store(ctx)
    tracked = session.open_game(store, game_id) if game_id else session.latest_unfinished(store)
    if tracked is None:
        raise BadInput(_("No game is in progress; start one with `referee new GAME -p NAME ...`."))
    try:
        code = serve(store, tracked, host=host, port=port, qr=not no_qr, json_out=as_json)
    except OSError as err:
        raise BadInput(_("Cannot listen on {host}:{port} ({reason}); choose another with --port.").format(
            host=host or "0.0.0.0", port=port if port is not None else 8023, reason=err.strerror or err)) from None
    ctx.exit(code)
