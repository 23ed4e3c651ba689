"""One writer at a time: an exclusive lock file that names its holder."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from ..core.errors import StoreError

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows has no fcntl; run without inter-process locking
    fcntl = None

DEFAULT_TIMEOUT = 5.0


def _timeout() -> float:
    try:
        return float(os.environ.get("REFEREE_LOCK_TIMEOUT", DEFAULT_TIMEOUT))
    except ValueError:
        return DEFAULT_TIMEOUT


class StoreLock:
    """Re-entrant within one process; exclusive across processes (flock on ``path``)."""

    def __init__(self, path: Path, store_name: str):
        self.path = Path(path)
        self.store_name = store_name
        self._fd = None
        self._depth = 0

    def acquire(self, timeout: float | None = None) -> None:
        if self._depth:
            self._depth += 1
            return
        timeout = _timeout() if timeout is None else timeout
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            deadline = time.monotonic() + timeout
            told = time.monotonic() + 0.3
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if told and time.monotonic() >= told:
                        told = 0  # say it once, so a person at a terminal knows why nothing happens
                        if sys.stderr.isatty():
                            print(f"referee: waiting up to {timeout:.0f} s for {self._holder()} to finish "
                                  f"writing the history...", file=sys.stderr, flush=True)
                    if time.monotonic() >= deadline:
                        holder = self._holder()
                        os.close(fd)
                        raise StoreError(
                            f"The history store {self.store_name} is busy: {holder} is writing to it; "
                            f"try again when it has finished (lock file {self.path})."
                        ) from None
                    time.sleep(0.02)
        who = " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(sys.argv[:4]))
        info = f"process {os.getpid()} ({who}) since {time.strftime('%H:%M:%S')}\n"
        os.ftruncate(fd, 0)
        os.pwrite(fd, info.encode(), 0)
        self._fd = fd
        self._depth = 1

    def _holder(self) -> str:
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            text = ""
        return text or "another referee process"

    def release(self) -> None:
        if not self._depth:
            return
        self._depth -= 1
        if self._depth:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
