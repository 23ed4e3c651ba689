"""One writer at a time: a cross-platform exclusive lock (filelock) with its holder named beside it.

``history.json.lock`` is the lock itself (flock on POSIX, LockFileEx on Windows, through filelock);
``history.json.lock.holder`` says who holds it ("process 123 (referee move abc) since 12:00:01"), so a
second writer can tell the person at the keyboard what it is waiting for. The holder file is only
informative: a holder left by a killed process is never trusted, the lock is.

Where Python has fcntl (every POSIX system) the lock is taken here with flock, as filelock takes it (the same
lock on the same file, so referee versions exclude each other): importing filelock 4.x costs some thirty
modules (logging, decimal, traceback...), a fifth of a `referee move` (issue 25). Windows, or a file system
without flock, goes through filelock as before.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from ..core.errors import StoreError

DEFAULT_TIMEOUT = 5.0


def _timeout() -> float:
    try:
        return float(os.environ.get("REFEREE_LOCK_TIMEOUT", DEFAULT_TIMEOUT))
    except ValueError:
        return DEFAULT_TIMEOUT


POLL = 0.05        # seconds between tries while another process holds the lock (filelock's default too)


def _fcntl():
    """The fcntl module, or None where there is none (Windows): then filelock takes the lock."""
    try:
        import fcntl  # noqa: I001  (guarded: POSIX only; see test_portable)
    except ImportError:
        return None
    return fcntl


class _Busy(Exception):
    """The lock was not free within the time given."""


class _Flock:
    """flock(LOCK_EX) on the lock file, which stays in place (waiters share its inode), as filelock does on
    POSIX. ``None`` from ``open`` means this file system has no flock: filelock's fallback then."""

    def __init__(self, path: str, fcntl):
        self.path, self.fcntl, self.fd = path, fcntl, None

    def open(self) -> "_Flock | None":
        import errno

        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(self.path, flags, 0o644)
        try:
            self._try(fd)
        except OSError as err:
            os.close(fd)
            if err.errno == errno.ENOSYS:
                return None
            raise
        except _Busy:
            pass
        self.fd = fd
        return self

    def _try(self, fd: int) -> bool:
        import errno

        try:
            self.fcntl.flock(fd, self.fcntl.LOCK_EX | self.fcntl.LOCK_NB)
        except OSError as err:
            if err.errno in (errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK):
                raise _Busy from None
            raise
        self.locked = True
        return True

    locked = False

    def acquire(self, timeout: float) -> None:
        if self.locked:
            return
        end = time.monotonic() + timeout
        while True:
            try:
                self._try(self.fd)
                return
            except _Busy:
                if time.monotonic() >= end:
                    raise
            time.sleep(POLL)

    def release(self) -> None:
        fd, self.fd = self.fd, None
        try:
            if self.locked:
                self.fcntl.flock(fd, self.fcntl.LOCK_UN)
        finally:
            self.locked = False
            os.close(fd)

    def close_unlocked(self) -> None:
        if self.fd is not None and not self.locked:
            os.close(self.fd)
            self.fd = None


class StoreLock:
    """Re-entrant within one object; exclusive across processes and across Store objects."""

    def __init__(self, path: Path, store_name: str):
        self.path = Path(path)
        self.holder_path = self.path.with_name(self.path.name + ".holder")
        self.store_name = store_name
        self._lock = None
        self._depth = 0

    def _cannot(self, err: OSError) -> StoreError:
        from ..i18n import _

        return StoreError(_(
            "Cannot lock the history store {store}: {lock} gives \"{reason}\"; check that its folder exists and "
            "can be written, and that the lock is a file (a network drive without locking cannot hold a "
            "history). Nothing was changed.").format(store=self.store_name, lock=self.path,
                                                     reason=err.strerror or err))

    def acquire(self, timeout: float | None = None) -> None:
        if self._depth:
            self._depth += 1
            return
        timeout = _timeout() if timeout is None else timeout
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fcntl = _fcntl()
            lock = _Flock(str(self.path), fcntl).open() if fcntl is not None else None
            if lock is not None:
                busy = _Busy
            else:
                from filelock import FileLock, Timeout   # Windows, or no flock here: filelock's own ways

                lock, busy = FileLock(str(self.path), thread_local=False), Timeout
            try:
                try:
                    lock.acquire(timeout=min(0.3, timeout))
                except busy:
                    if timeout > 0.3 and sys.stderr.isatty():  # say it once, so a person at a terminal knows why nothing happens
                        print(f"referee: waiting up to {timeout:.0f} s for {self._holder()} to finish writing "
                              f"the history...", file=sys.stderr, flush=True)
                    try:
                        lock.acquire(timeout=max(0.0, timeout - 0.3))
                    except busy:
                        from ..i18n import _

                        raise StoreError(_(
                            "The history store {store} is busy: {holder} is writing to it; "
                            "try again when it has finished (lock file {lock}).").format(
                            store=self.store_name, holder=self._holder(), lock=self.path)) from None
            except BaseException:
                if isinstance(lock, _Flock):
                    lock.close_unlocked()       # the descriptor of a lock never taken is not kept open
                raise
        except OSError as err:
            raise self._cannot(err) from None
        self._lock = lock
        self._depth = 1
        who = " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(sys.argv[:4]))
        try:
            self.holder_path.write_text(f"process {os.getpid()} ({who}) since {time.strftime('%H:%M:%S')}\n",
                                        encoding="utf-8")
        except OSError:
            pass  # only informative: a full disk must not stop a writer that holds the lock

    def _holder(self) -> str:
        try:
            text = self.holder_path.read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            text = ""
        if text:
            return text     # the holder's own note (data, shown as written)
        from ..i18n import _

        return _("another referee process")

    def release(self) -> None:
        if not self._depth:
            return
        self._depth -= 1
        if self._depth:
            return
        lock, self._lock = self._lock, None
        try:
            os.unlink(self.holder_path)
        except OSError:
            pass
        lock.release()

    @property
    def held(self) -> bool:
        return bool(self._depth)

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
