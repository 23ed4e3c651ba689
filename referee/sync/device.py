"""This laptop's identity in the shared folder, kept OUTSIDE the folder (beside the history:
``<store>.sync/device.json``), so a folder copied to another laptop does not copy who wrote it.

    {"schema_version": 1, "device": "3f9c…", "nonce": "…", "files": 12, "clock": "<last stamp>"}

``device`` names the laptop's folder ``devices/<device>/``; ``nonce`` is one per installation: two laptops
cloned from one disk start with the same device id and nonce, and the first file either writes after the
other has written shows a HEAD.json whose nonce is not its own; that laptop then takes a new device id and
nonce (``renew``) and goes on under it (its earlier files stay: their events are good, and count once).
``files`` is how many files this device has written (the next one is ``files + 1``); ``clock`` the latest
stamp it has made or seen, so the clock never goes back across restarts.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path

from .clock import Clock, Stamp
from .folder import new_device_id


def device_path(store) -> Path:
    return Path(store.path).with_name(Path(store.path).name + ".sync") / "device.json"


@dataclass
class Device:
    path: Path
    device: str
    nonce: str
    files: int = 0
    clock_text: str | None = None

    @classmethod
    def load(cls, path: Path) -> "Device":
        """This laptop's device, created (and written) on first use. A damaged file gets a new identity: the
        old files in the folder keep their events; only the name of this laptop's folder changes."""
        from ..store.atomic import read_regular

        try:
            raw = read_regular(Path(path))
            body = json.loads(raw.decode("utf-8")) if raw is not None else None
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            body = None
        if (isinstance(body, dict) and isinstance(body.get("device"), str) and isinstance(body.get("nonce"), str)
                and isinstance(body.get("files"), int) and body["files"] >= 0):
            return cls(Path(path), body["device"], body["nonce"], body["files"], body.get("clock"))
        device = cls(Path(path), new_device_id(), secrets.token_hex(8))
        device.save()
        return device

    def clock(self, now=None) -> Clock:
        last = None
        if self.clock_text:
            try:
                last = Stamp.parse(self.clock_text)
            except ValueError:
                last = None
        return Clock(self.device, last=last, now=now)

    def remember(self, clock: Clock) -> None:
        self.clock_text = Stamp(clock.ms, clock.counter, self.device).text()

    def renew(self) -> None:
        """Another laptop writes under this device id (a cloned disk): take a new id and nonce."""
        self.device, self.nonce, self.files = new_device_id(), secrets.token_hex(8), 0
        self.save()

    def cloned(self, heads: dict) -> bool:
        """Whether the folder's HEAD files under this device id show another installation's nonce."""
        return any(nonce != self.nonce for nonce, _files in heads.get(self.device, ()))

    def save(self) -> None:
        from ..store.atomic import atomic_write

        self.path.parent.mkdir(parents=True, exist_ok=True)
        body = {"schema_version": 1, "device": self.device, "nonce": self.nonce, "files": self.files,
                "clock": self.clock_text}
        atomic_write(self.path, (json.dumps(body, sort_keys=True) + "\n").encode("utf-8"))
