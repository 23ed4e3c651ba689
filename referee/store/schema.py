"""What every part of the store checks a game document and a failed write by: the documents' schema version,
the time stamp they carry, and the two refusals of a game file (gone, or not writable). Below store.py and
files.py, which both use them.
"""

from __future__ import annotations

import datetime as _dt

from ..core.errors import StoreError

SCHEMA_VERSION = 1      # of each game document (archived, live, exported)


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def N_(text: str) -> str:
    """Marks a text for the catalog (babel extracts N_) without importing the translator: it is looked up
    only when a message is shown."""
    return text


def check_schema(doc: dict, where: str, newest: int = SCHEMA_VERSION, **values) -> None:
    """``where``: which file or game (an English msgid marked N_, filled with ``values``), for the message."""
    version = doc.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version <= newest:
        return
    from ..i18n import _

    where = _(where).format(**values)
    if not isinstance(version, int) or isinstance(version, bool):
        raise StoreError(_("{where} has no schema_version; it was not written by referee and is left untouched.")
                         .format(where=where))
    raise StoreError(_("{where} was written by a newer referee (schema {version}, this one reads up to "
                       "{newest}); upgrade referee to use it. Nothing was changed.").format(
        where=where, version=version, newest=newest))


def _disappeared(gid, folder) -> StoreError:
    from ..i18n import _

    return StoreError(_("Game {id} has disappeared from {folder}; nothing was changed.").format(id=gid, folder=folder))


def _cannot_write(path, err: OSError) -> StoreError:
    """A write that failed (an appended move): a known fault with its way out, else the system's reason."""
    from ..i18n import _
    from .faults import advice

    known = advice(err, path, known_only=True)
    if known:
        return StoreError(_("{advice} Nothing was changed.").format(advice=known))
    return StoreError(_("Could not write {path} ({reason}); nothing was changed.").format(
        path=path, reason=err.strerror or err))
