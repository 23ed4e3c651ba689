"""Crash-safe file writing with calls every platform has (Windows, macOS, Linux).

A crash leaves the old file or the new one, never a torn one. Only os.replace, os.fsync, os.chmod and
os.link are used (no os.fchmod, os.pwrite or fcntl: Windows lacks them); a folder is fsynced only where the
platform allows opening one.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder; NTFS journals the rename itself
        return
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


def write_through(path: Path) -> Path:
    """The file a write to ``path`` must replace: a symlink's target (a synced file the link points at keeps
    receiving writes), else ``path`` itself."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _folder(path) -> str:
    from ..i18n import _

    return _("{path} is a folder, not a file; nothing was changed.").format(path=path)


def _cannot_read(path, err: OSError) -> str:
    from ..i18n import _
    from .faults import advice

    known = advice(err, path, known_only=True)      # permission denied, a file where a folder is...: the way out
    if known:
        return _("{advice} Nothing was changed.").format(advice=known)
    return _("Cannot read {path} ({reason}); nothing was changed.").format(path=path, reason=err.strerror or err)


def _not_regular(path) -> str:
    from ..i18n import _

    return _("{path} is not a regular file (a pipe or a device); referee keeps its history only in ordinary "
             "files, so nothing was read or changed.").format(path=path)


def read_regular(path: Path) -> bytes | None:
    """The bytes of a regular file, None when it does not exist. A fifo, a device or a folder is refused
    at once with one sentence (reading a fifo or /dev/zero would never end)."""
    from ..core.errors import StoreError

    # Looked at before it is opened: where os has no O_NONBLOCK (Windows), opening a fifo would wait forever
    # for a writer; the fstat below still catches a file swapped for one in between.
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        mode = None             # the open below says why, in one sentence
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise StoreError(_not_regular(path))
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise StoreError(_folder(path)) from None
    except OSError as err:
        raise StoreError(_cannot_read(path, err)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(_folder(path))
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(_not_regular(path))
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as err:
        raise StoreError(_cannot_read(path, err)) from None
    finally:
        os.close(fd)


def check_regular(path: Path) -> None:
    """Refuse (one sentence) a path that exists and is not a regular file; a missing one is fine."""
    from ..core.errors import StoreError

    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as err:
        from ..i18n import _

        raise StoreError(_("Cannot use {path} ({reason}); nothing was changed.").format(
            path=path, reason=err.strerror or err)) from None
    if not stat.S_ISREG(info.st_mode):
        from ..i18n import _

        if stat.S_ISDIR(info.st_mode):
            raise StoreError(_("{path} is a folder; referee keeps its history only in ordinary files, so nothing "
                               "was changed.").format(path=path))
        raise StoreError(_("{path} is not a regular file (a pipe or a device); referee keeps its history only in "
                           "ordinary files, so nothing was changed.").format(path=path))


# --- temp files a killed write left ---------------------------------------------------------------------
# A temp file is named .<file>.<pid>~<random>.tmp: a write killed between making it and renaming it into
# place leaves it, and the next write in that folder removes it, once it is sure no live writer owns it:
# its process is gone (POSIX, same machine), or nothing has written in it for STALE_SECONDS (any platform,
# a process on another machine sharing the folder, or a pid since reused).
STALE_SECONDS = 3600
DEAD_GRACE_SECONDS = 2      # a temp of a dead process, unless written this recently (the pid just reused)
_TEMP = re.compile(r"^\..+\.(\d+)~[A-Za-z0-9_]+\.tmp$")
_swept: set[str] = set()      # folders swept by this process: once each (a folder may hold 10,000 records)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (POSIX; elsewhere: assume it does, and go by age alone)."""
    if pid == os.getpid():
        return True
    if os.name != "posix" or pid <= 0:
        return True         # (os.kill(pid, 0) on Windows would terminate the process)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:         # another user's process: alive
        return True
    return True


def sweep_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temp files killed writes left in ``folder`` (see above); returns the ones removed. A
    failure to remove one is no reason to fail the write that asked: it is left for the next."""
    import time

    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith("."):      # most names (10,000 move records): no regex needed
            continue
        m = _TEMP.match(entry.name)
        if not m:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            age = now - info.st_mtime
            if age > STALE_SECONDS or (age > DEAD_GRACE_SECONDS and not _alive(int(m.group(1)))):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except (OSError, ValueError):
            continue
    return removed


def _sweep_once(folder: Path) -> None:
    key = os.path.abspath(folder)
    if key not in _swept:
        _swept.add(key)
        sweep_temps(folder)


def write_all(fd: int, data) -> None:
    """Every byte of ``data`` to the open file ``fd`` (os.write may write fewer than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_temp(path: Path, data, sync: bool = True) -> Path:
    """Write ``data`` (bytes, or an iterable of bytes written as they come: an export that must not be held
    whole) to a fresh temp file beside ``path`` and fsync it (unless the caller flushes many at once);
    returns the temp file's path."""
    path = Path(path)
    if not path.parent.is_dir():    # (looked at first: mkdir of a folder that is there raises, a first sync's
        path.parent.mkdir(parents=True, exist_ok=True)      # 750 files paid for 750 exceptions)
    _sweep_once(path.parent)
    import tempfile     # here, not at the top: it brings random, shutil and the compressors (12 modules)
                        # into commands that only read (`moves`, `show`: issue 25)

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}~", suffix=".tmp", dir=path.parent)
    try:
        if isinstance(data, (bytes, bytearray)):
            # written with os.write, not through a file object (which would stat the file, ask whether it is a
            # terminal and seek: three calls to the system of no use here, and a first sync writes 375 files)
            try:
                write_all(fd, data)
                if sync:
                    os.fsync(fd)
            finally:
                os.close(fd)
        else:
            with os.fdopen(fd, "wb") as fh:
                for chunk in data:
                    fh.write(chunk)
                fh.flush()
                if sync:
                    os.fsync(fh.fileno())
        # mkstemp makes 0600; keep the file's mode, or honour the umask (os.chmod: every platform has it)
        os.chmod(tmp, _mode_for(path))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return Path(tmp)


def replace_with(tmp: Path, path: Path) -> None:
    """Put the temp file ``tmp`` in place of ``path``; on failure the temp file is removed, never left."""
    try:
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write(path: Path, data: bytes, backup: Path | None = None) -> None:
    """Write ``data`` to ``path`` via a temp file in the same folder, fsync, then os.replace.

    With ``backup``, the current file is first hard-linked (or copied) to ``backup``, so the last good
    version survives even if the new one is later damaged by something outside our control. A symlink is
    written through: its target is replaced, the link stays.
    """
    path = write_through(path)
    tmp = None
    try:
        check_regular(path)
        tmp = write_temp(path, data)
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


class AppendUnsure(OSError):
    """An append failed and what it had written could not be taken back: the line may be in the file."""


def append_line(path: Path, line: bytes) -> None:
    """Append one whole line to an existing file and fsync it: a write of constant size, whatever the file's
    length. A crash leaves at worst a torn last line, which the reader drops (it was never acknowledged).

    Unbuffered (os.write): a buffered file that failed to flush (a full disk) writes its buffer again when
    it is closed, and a move said "not saved" was stored after all. A failed write or fsync is taken back
    (the file cut to its length before), so the caller's "nothing was changed" is true; if even that
    fails, AppendUnsure says the line may be there."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    try:
        start = os.fstat(fd).st_size
        try:
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError as err:
            try:
                os.ftruncate(fd, start)
                os.fsync(fd)
                cut = os.fstat(fd).st_size == start
            except OSError:
                cut = False
            if not cut:
                raise AppendUnsure(err.errno, err.strerror, str(path)) from err
            raise
    finally:
        try:
            os.close(fd)
        except OSError:
            pass        # written and fsynced (or taken back) already: a close error changes nothing
