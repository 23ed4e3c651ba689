"""The game's clock while phones play it: the table's rule (referee/ui/clock.py, which serve may not import:
the front ends are independent layers) with seat requests as the key presses. A gap over IDLE between two
requests is a break, not play; ``take()`` hands over the time not yet stored, for session.add_table_time."""

from __future__ import annotations

import time

IDLE = 600.0      # seconds, as the table's


class Clock:
    def __init__(self, now=time.monotonic):
        self.pending = 0.0
        self._now = now
        self._last = now()

    def tick(self) -> None:
        now = self._now()
        gap, self._last = now - self._last, now
        if 0 < gap <= IDLE:
            self.pending += gap

    def take(self) -> float:
        self.tick()
        seconds, self.pending = self.pending, 0.0
        return seconds
