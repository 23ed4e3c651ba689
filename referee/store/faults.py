"""Ordinary faults of the computer, said as one sentence naming the file and the way out (exit 2).

A read-only disk, a full one, a file the user may not write, a network share without locks, a name too
long for the file system, a file where a folder should be: none of these is a bug in referee, so none may
end as an "internal error".
"""

from __future__ import annotations

import errno
import os

from ..i18n import _


def advice(err: OSError, path=None, known_only: bool = False) -> str:
    """One sentence for ``err`` met on ``path`` (default: the file the error names); with ``known_only``,
    "" for a fault without a way out of its own to name."""
    where = str(path if path is not None else (err.filename or _("a file of the history store")))
    code = err.errno
    if code in (errno.EACCES, errno.EPERM):
        return _("referee may not use {file} (permission denied); give your user the right to read and write "
                 "it and its folder, or choose another history store with --db.").format(file=where)
    if code == errno.EROFS:
        return _("{file} is on a read-only disk; choose a history store on a writable disk with --db (or "
                 "REFEREE_DB).").format(file=where)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("The disk holding {file} is full; free some space and try again.").format(file=where)
    if code == errno.ENOLCK:
        return _("The disk holding {file} cannot lock files (a network share?); keep the history store on a "
                 "local disk (--db).").format(file=where)
    if code == errno.ENAMETOOLONG:
        return _("The name {file} is too long for the file system; use a shorter one.").format(file=where)
    if code == errno.ENOTDIR or (code == errno.EEXIST and os.path.isfile(where)):   # mkdir over a file
        return _("A part of the path {file} is a file where a folder is needed; move that file away or "
                 "choose another history store with --db.").format(file=where)
    if code == errno.EISDIR:
        return _("{file} is a folder where referee keeps a file; move the folder away (nothing in it is "
                 "referee's).").format(file=where)
    if code == errno.ELOOP:
        return _("{file} is a link that leads round in a circle; put the file itself there.").format(file=where)
    if known_only:
        return ""
    return _("referee cannot use {file} ({reason}); check it, or choose another history store with "
             "--db.").format(file=where, reason=err.strerror or err)
