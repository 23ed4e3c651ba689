"""A hybrid logical clock (Kulkarni et al.): wall-clock milliseconds that never go back, and a counter for
events in the same millisecond or after a clock that ran ahead. A stamp made after a device has read
another's events is later than all of them, whatever the two wall clocks say: an edit made after seeing
another wins, even on a laptop whose clock is wrong by years. Ties between devices are broken by the device
id, so every laptop orders every pair of events the same way.

A stamp is text that sorts as it orders: ``"<ms:013x>-<counter:04x>-<device>"`` (hex milliseconds: year
10889 before it needs a digit more).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

# A stamp further than this ahead of the local wall clock is worth a warning (a laptop with a wrong date):
# it still orders correctly, but its edits win over later ones made elsewhere until the clocks catch up.
AHEAD_WARNING_MS = 24 * 3600 * 1000
_WRITTEN = re.compile(r"[0-9a-f]{13}-[0-9a-f]{4}-.+", re.DOTALL)       # a stamp as Stamp.text writes it
COUNTER_MAX = 0xFFFF


@dataclass(frozen=True, order=True, slots=True)
class Stamp:
    ms: int
    counter: int
    device: str
    _text: str = field(default="", compare=False, repr=False, hash=False)

    def text(self) -> str:
        """(Kept once made: a put's stamp is compared with every later event of its play.)"""
        text = self._text
        if not text:
            text = f"{self.ms:013x}-{self.counter:04x}-{self.device}"
            object.__setattr__(self, "_text", text)
        return text

    @classmethod
    def parse(cls, text) -> "Stamp":
        """The stamp of ``text``; ValueError when it is not one."""
        if not isinstance(text, str):
            raise ValueError("a clock stamp is text")
        ms, counter, device = text.split("-", 2)
        if len(ms) != 13 or len(counter) != 4 or not device:
            raise ValueError(f"not a clock stamp: {text!r}")
        if _WRITTEN.fullmatch(text) is not None:      # as text() writes it: kept as its text (a put's is asked)
            return cls(int(ms, 16), int(counter, 16), device, text)
        return cls(int(ms, 16), int(counter, 16), device)


class Clock:
    """One device's clock. ``now`` gives the wall time in ms (tests pass a fake one)."""

    def __init__(self, device: str, last: Stamp | None = None, now=None):
        self.device = device
        self.now = now or (lambda: int(time.time() * 1000))
        self.ms, self.counter = (last.ms, last.counter) if last else (0, 0)

    def tick(self) -> Stamp:
        """A stamp for a new local event, later than every stamp this clock has made or seen."""
        wall = self.now()
        if wall > self.ms:
            self.ms, self.counter = wall, 0
        else:
            self._bump()
        return Stamp(self.ms, self.counter, self.device)

    def see(self, stamp: Stamp) -> None:
        """Take in a stamp read from another device: later local stamps come after it."""
        old = self.ms
        top = max(old, stamp.ms, self.now())
        if top == old == stamp.ms:
            self.counter = max(self.counter, stamp.counter)
        elif top == stamp.ms:
            self.ms, self.counter = stamp.ms, stamp.counter
        elif top != old:                      # the wall clock is ahead of both: a fresh millisecond
            self.ms, self.counter = top, 0
            return
        self._bump()

    def _bump(self) -> None:
        if self.counter >= COUNTER_MAX:       # 65,535 events in one millisecond: move the clock on instead
            self.ms, self.counter = self.ms + 1, 0
        else:
            self.counter += 1

    def ahead(self, stamp: Stamp) -> bool:
        """Whether ``stamp`` is far ahead of this laptop's wall clock (one of the two clocks is wrong)."""
        return stamp.ms - self.now() > AHEAD_WARNING_MS
