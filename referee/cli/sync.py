"""`referee sync [--json]` (contracts §7): take in what the other laptops wrote to the shared folder, and
leave this laptop's changes there for them. A thin layer over referee.club.log.synced."""

from __future__ import annotations

import json

import click

from ..i18n import _, ngettext
from .autosync import check_folder, sync_folder, warn_if_synced


@click.command("sync")
@click.option("--json", "as_json", is_flag=True, help="Print what was done as one JSON object.")
@click.pass_context
def sync_command(ctx, as_json):
    """Take in what the other laptops wrote to the sync folder, and leave this laptop's changes there.

    The folder is one your club's file sync already shares (`referee config sync-folder DIR`). Each laptop
    keeps its own history; recorded plays, finished games with their moves, corrections, deletions and
    renames travel; games in progress stay on their laptop."""
    from ..club.log import synced
    from ..core.errors import BadInput
    from .base import open_store

    folder = sync_folder()
    if folder is None:
        raise BadInput(_("No sync folder is set; `referee config sync-folder DIR` names the folder your club's "
                         "file sync shares."))
    store = open_store(ctx)
    warn_if_synced(store)
    check_folder(store, folder)
    report = synced.run(store, folder, told=True)
    if as_json:
        click.echo(json.dumps({
            "folder": str(folder), "sent": report.sent, "received": report.received, "changed": report.changed,
            "waiting": [{"path": p, "why": w} for p, w in report.waiting],
            "skipped": [{"path": p, "why": w} for p, w in report.skipped],
            "missing": report.missing, "renewed": report.renewed, "clock_ahead": report.ahead,
            "possible_duplicates": [list(pair) for pair in report.alike],
            "new_ids": [{"id": pid, "now": second, "this_laptop": mine} for pid, second, mine in report.split],
            "refused": [{"id": pid, "why": why} for pid, why in report.refused],
        }, ensure_ascii=False))
        synced.forget_said(store, report.split)     # said: only now (a sync cut short says them again)
        return
    say = click.echo
    if report.renewed:
        say(_("Another laptop was writing under this laptop's name in the folder (a copied disk?); this laptop "
              "now writes as {device}.").format(device=report.renewed))
    say(ngettext("Sent {n} change of this laptop.", "Sent {n} changes of this laptop.", report.sent).format(
        n=report.sent) if report.sent else _("Nothing new from this laptop."))
    for device, n in sorted(report.received.items()):
        say(ngettext("Took in {n} change from laptop {device}.", "Took in {n} changes from laptop {device}.",
                     n).format(n=n, device=device))
    if report.changed:
        say(ngettext("{n} play of this history changed.", "{n} plays of this history changed.",
                     report.changed).format(n=report.changed))
    for device, n in sorted(report.missing.items()):
        say(ngettext("Laptop {device} has written {n} more file that is not here yet; the file sync is still "
                     "bringing it.", "Laptop {device} has written {n} more files that are not here yet; the file "
                     "sync is still bringing them.", n).format(device=device, n=n))
    for path, why in report.waiting:
        say(_("Waiting for {path} ({why}); it is read again at the next sync.").format(path=path, why=why))
    for path, why in report.skipped:
        say(_("Left alone, not a file of referee's: {path} ({why}).").format(path=path, why=why))
    for pid, why in report.refused:
        say(_("Play {id} from another laptop was not taken in: {why}; it is read again when that laptop changes "
              "it.").format(id=pid, why=why))
    for pid, second, mine in report.split:
        if mine:
            say(_("Play {id} of this laptop is now play {now}: a play on another laptop got the same id before sync "
                  "was on, and it keeps the id on every laptop.").format(id=pid, now=second))
        else:
            say(_("Two plays got the id {id} on two laptops before sync was on: one keeps it, the other is now play "
                  "{now} on every laptop.").format(id=pid, now=second))
    synced.forget_said(store, report.split)
    for a, b in report.alike:
        say(_("Possible duplicate: play {a} looks like play {b} from another laptop (same day, game, players and "
              "scores); if they are one play, `referee delete {b}`.").format(a=a, b=b))
    for device in report.ahead:
        say(_("The clock of laptop {device} is far ahead of this one's; check the date on both.").format(
            device=device))
