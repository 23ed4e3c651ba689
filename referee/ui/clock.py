"""The game clock: time the table is open on a game, without breaks between sittings or a table left idle.

The table ticks it on every key press; a gap longer than IDLE between two ticks (nobody touched the table)
is not counted. ``take()`` hands over the time not yet stored, for ``session.add_table_time``.
"""

from __future__ import annotations

import time

IDLE = 600.0      # seconds: a longer pause is a break, not play


class Clock:
    def __init__(self, stored: float = 0.0, now=time.monotonic):
        self.stored = float(stored or 0)
        self.pending = 0.0
        self._now = now
        self._last = now()

    def tick(self) -> None:
        now = self._now()
        gap = now - self._last
        self._last = now
        if 0 < gap <= IDLE:
            self.pending += gap

    def running(self) -> float:
        """The gap since the last tick, if it still counts as play."""
        gap = self._now() - self._last
        return gap if 0 < gap <= IDLE else 0.0

    def seconds(self) -> float:
        """What the status line shows: stored + not yet stored + the running gap (unless it is a break)."""
        gap = self._now() - self._last
        return self.stored + self.pending + (gap if 0 < gap <= IDLE else 0)

    def take(self) -> float:
        """The time not yet stored (counted as stored from now on)."""
        self.tick()
        taken, self.pending = self.pending, 0.0
        self.stored += taken
        return taken


def shown(seconds: float) -> str:
    """1:02:03 or 2:03 (minutes:seconds under an hour)."""
    s = int(seconds)
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
