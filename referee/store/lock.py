"""One writer at a time: a cross-platform exclusive lock (filelock) with its holder named beside it.

``history.json.lock`` is the lock itself (flock on POSIX, LockFileEx on Windows, through filelock);
``history.json.lock.holder`` says who holds it ("process 123 (referee move abc) since 12:00:01"), so a
second writer can tell the person at the keyboard what it is waiting for. The holder file is only
informative: a holder left by a killed process is never trusted, the lock is.
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
        from filelock import FileLock, Timeout   # lazy: `referee --help` needs no lock

        timeout = _timeout() if timeout is None else timeout
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.path), thread_local=False)
            try:
                lock.acquire(timeout=min(0.3, timeout))
            except Timeout:
                if timeout > 0.3 and sys.stderr.isatty():  # say it once, so a person at a terminal knows why nothing happens
                    print(f"referee: waiting up to {timeout:.0f} s for {self._holder()} to finish writing "
                          f"the history...", file=sys.stderr, flush=True)
                try:
                    lock.acquire(timeout=max(0.0, timeout - 0.3))
                except Timeout:
                    raise StoreError(
                        f"The history store {self.store_name} is busy: {self._holder()} is writing to it; "
                        f"try again when it has finished (lock file {self.path}).") from None
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
        return text or "another referee process"

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
