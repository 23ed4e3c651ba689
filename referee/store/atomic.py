"""Crash-safe file replacement: a crash leaves the old file or the new one, never a torn one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _mode_for(path: Path) -> int:
    try:
        return os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Write ``data`` to ``path`` via a temp file in the same folder, fsync, then os.replace.

    With ``backup``, the current file is first hard-linked (or copied) to ``backup``, so the last good
    version survives even if the new one is later damaged by something outside our control.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, _mode_for(path))  # mkstemp makes 0600; keep the file's mode, or honour the umask
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup is not None and path.exists():
            _keep_backup(path, Path(backup))
        os.replace(tmp, path)
    except BaseException as err:
        for leftover in (tmp, backup and Path(backup).with_name(f".{Path(backup).name}.tmp")):
            if leftover:
                try:
                    os.unlink(leftover)
                except OSError:
                    pass
        if isinstance(err, OSError):
            from ..core.errors import StoreError
            from ..i18n import _
            from .faults import advice

            known = advice(err, path, known_only=True)      # a full disk, a read-only one...: the way out
            if known:
                raise StoreError(_("{advice} Nothing was changed.").format(advice=known)) from None
            raise StoreError(_("Could not write {path} ({reason}); nothing was changed.").format(
                path=path, reason=err.strerror or err)) from None
        raise
    _fsync_dir(path.parent)


def _keep_backup(path: Path, backup: Path) -> None:
    tmp = backup.with_name(f".{backup.name}.tmp")
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    try:
        os.link(path, tmp)  # the old inode lives on under the backup name; no copy needed
    except OSError:
        import shutil

        shutil.copy2(path, tmp)
    os.replace(tmp, backup)
