"""With sync on, the club's commands sync by themselves (cli/base.py's open_store calls ``auto_sync``); its
own module so that `referee sync` (cli/sync.py) and the command line's base share it without a circle."""

from __future__ import annotations

from pathlib import Path

import click

from ..i18n import _, ngettext


def sync_folder() -> Path | None:
    from .. import settings

    value = settings.get("sync-folder")
    return Path(value) if value else None


def check_folder(store, folder: Path) -> None:
    """The folder must be there, and hold what laptops wrote, never the history store itself."""
    from ..core.errors import BadInput

    if not folder.is_dir():
        raise BadInput(_("The sync folder {folder} is not there (a disk not connected, a share not mounted?); "
                         "nothing was synced. `referee config sync-folder DIR` sets another.").format(folder=folder))
    home = Path(store.path).resolve().parent
    top = folder.resolve()
    if home == top or top in home.parents:
        raise BadInput(_("The history {store} is inside the sync folder {folder}; a file sync would make copies of "
                         "it. Keep the history outside (the default place) and only the sync folder shared; nothing "
                         "was synced.").format(store=store.path, folder=folder))


# Commands that read the club's history take in what other laptops wrote first; those that change it leave
# their change in the folder when they end. Games in progress do not travel, so the table's commands and
# `move` pay for a sync only when a game of theirs has finished (it then travels as they end).
READERS = {"history", "stats", "show", "export", "site", "trash", "players", "qr", "replay"}
WRITERS = {"record", "edit", "delete", "restore", "players", "rename", "merge", "import", "score"}
FINISHERS = {"move", "play", "serve", "undo", "new"}


def auto_sync(ctx, store) -> None:
    """With sync on (its folder beside the history exists): a quick sync before a reading command and after a
    writing one. Never fails the command: a folder that is not there is skipped (`referee sync` says why),
    any other trouble is one line on stderr."""
    name = ctx.info_name
    if name not in READERS and name not in WRITERS and name not in FINISHERS:
        return

    def once():
        from ..club.log import synced
        from ..core.errors import RefereeError

        try:
            folder = sync_folder()
            if folder is None:
                return
            check_folder(store, folder)
        except RefereeError:
            return
        try:
            report = synced.quick(store, folder)
        except (RefereeError, OSError) as err:
            click.echo(_("referee: the sync was skipped: {error}").format(error=err), err=True)
            return
        if report is not None and report.changed:
            click.echo(ngettext("referee: {n} play came from other laptops (`referee sync` says more).",
                                "referee: {n} plays came from other laptops (`referee sync` says more).",
                                report.changed).format(n=report.changed), err=True)

    if name in READERS:
        once()
    if name in WRITERS:
        ctx.call_on_close(once)
    elif name in FINISHERS:
        from .. import session

        armed = []

        def finished(_store, _gid):
            armed.append(True)

        def close():
            session.forget_finished(finished)
            if armed:
                once()
        session.when_finished(finished)
        ctx.call_on_close(close)


# Marks of a folder a file sync engine manages: a history inside one gets conflict copies of its files.
_SYNCED = ((".stfolder", "Syncthing"), (".dropbox", "Dropbox"), (".dropbox.cache", "Dropbox"), (".sync", "Resilio"))
_SYNCED_NAMES = (("dropbox", "Dropbox"), ("onedrive", "OneDrive"), ("google drive", "Google Drive"),
                 ("my drive", "Google Drive"), ("icloud drive", "iCloud"), ("mobile documents", "iCloud"),
                 ("nextcloud", "Nextcloud"))


def synced_by(path: Path) -> str | None:
    """The file sync engine whose folder holds ``path`` (by its marks), or None."""
    for folder in [path, *path.parents]:
        for mark, vendor in _SYNCED:
            if (folder / mark).exists():
                return vendor
        low = folder.name.lower()
        for name, vendor in _SYNCED_NAMES:
            if low.startswith(name):
                return vendor
    return None


def warn_if_synced(store) -> None:
    vendor = synced_by(Path(store.path).resolve().parent)
    if vendor:
        click.echo(_("referee: the history {store} is in a folder {vendor} syncs; a file sync makes conflict copies "
                     "of a history that two laptops write. Keep the history in its default place and share only "
                     "the sync folder (`referee config sync-folder DIR`).").format(store=store.path, vendor=vendor),
                   err=True)
