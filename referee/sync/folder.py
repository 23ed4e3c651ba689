"""The shared folder's files: each device writes only under ``devices/<device>/``; everybody reads all.

    devices/<device>/<seq:08d>-<random>.jsonl   events, one a line; written once (temporary name, rename)
    devices/<device>/HEAD.json                  how many files that device has written, and its nonce

A file-sync engine does things to files that are normal, not errors: it makes conflict copies (Syncthing's
``.sync-conflict-…``, Dropbox's ``(… conflicted copy …)``, OneDrive's ``-LAPTOP``, Google Drive's ``(1)``):
any ``*.jsonl`` under a device is read as an ordinary file and its events count once (by event id). It leaves
partial and temporary files (``.syncthing.*.tmp``, ``~$…``, ``*.part``) and the desktop's own files
(``desktop.ini``, ``.DS_Store``, ``Thumbs.db``): ignored. A line cut short fails its checksum: the file is
read again on the next sync. A file that is not there is never a deletion: only a delete event deletes.

Two laptops cloned from one disk have the same device id: each file name has a random part, so they never
overwrite each other's files, and the nonce in HEAD.json (one per installation) tells them apart: the laptop
that finds another nonce under its device id takes a new id (``Device.renew``).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _
from .events import read_lines

DEVICES = "devices"
HEAD = "HEAD.json"
_JUNK = re.compile(r"^(?:\.|~)|\.(?:tmp|part|partial|crdownload|download)$|^(?:desktop\.ini|thumbs\.db|icon\r?)$",
                   re.IGNORECASE)
_SEGMENT = re.compile(r"\.jsonl$", re.IGNORECASE)
_DEVICE_ID = re.compile(r"^[a-z0-9]{6,40}$")
_SEQ = re.compile(r"^(\d{8})-")
READ_LIMIT = 64 * 1024 * 1024      # a segment bigger than this is not one of ours: named and skipped


def is_junk(name: str) -> bool:
    return bool(_JUNK.search(name))


def new_device_id() -> str:
    return secrets.token_hex(8)          # 64 bits: [a-f0-9]{16}


def segment_name(seq: int) -> str:
    return f"{seq:08d}-{secrets.token_hex(4)}.jsonl"


def write_segment(folder: Path, device: str, seq: int, lines: list[str]) -> Path:
    """Write one new file of events for ``device`` (temporary name, fsync, rename): another laptop's sync
    sees the whole file or none of it, and a crash leaves at most a temporary file that readers ignore."""
    from ..store.atomic import atomic_write

    target = Path(folder) / DEVICES / device / segment_name(seq)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, ("".join(line + "\n" for line in lines)).encode("utf-8"))
    return target


def write_head(folder: Path, device: str, nonce: str, seq: int) -> None:
    from ..store.atomic import atomic_write

    path = Path(folder) / DEVICES / device / HEAD
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"schema_version": 1, "device": device, "nonce": nonce, "files": seq}
    atomic_write(path, (json.dumps(body, sort_keys=True) + "\n").encode("utf-8"))


@dataclass
class Scan:
    """What one look at the folder found: new events, and what it could not take in yet (named)."""
    events: list = field(default_factory=list)
    waiting: list = field(default_factory=list)     # (path, reason): torn lines, unreadable; read again later
    skipped: list = field(default_factory=list)     # (path, reason): not ours (foreign, too big)
    heads: dict = field(default_factory=dict)       # device -> [(nonce, files), ...] (conflict copies too)
    counts: dict = field(default_factory=dict)      # device -> number of segment files present
    partial: dict = field(default_factory=dict)     # rel -> [ids of its whole lines]: a file still arriving


def _text(name: str) -> bool:
    """Whether a file's name is text: a name whose bytes are not UTF-8 (a disk or an engine of another
    encoding) reads with surrogates here, is never one of ours, and could be neither said nor kept."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(path: str) -> str:
    """A path as it can be said: each byte of a name that is not UTF-8 as "?"."""
    return path.encode("utf-8", "replace").decode("utf-8")


def _read_head(path: Path):
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        return str(body["nonce"]), int(body["files"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):     # (RecursionError: nested too deep)
        return None


def scan(folder: Path, done: dict) -> Scan:
    """Read every device's files that changed since ``done`` ({relative path: (size, mtime_ns)} of files
    read whole and valid before; updated in place). Events of every file, in no particular order: the merge
    does not care about order, and counts an event once by its id."""
    found = Scan()
    root = Path(folder) / DEVICES
    try:
        devices = sorted(os.scandir(root), key=lambda e: e.name)
    except FileNotFoundError:
        return found
    except OSError as err:
        found.waiting.append((str(root), err.strerror or str(err)))
        return found
    for entry in devices:
        if is_junk(entry.name):
            continue
        if not _text(entry.name) or not entry.is_dir(follow_symlinks=False):
            found.skipped.append((shown(entry.path), _("not a laptop's folder")))
            continue
        device = entry.name
        try:
            files = sorted(os.scandir(entry.path), key=lambda e: e.name)
        except OSError as err:
            found.waiting.append((entry.path, err.strerror or str(err)))
            continue
        for item in files:
            name = item.name
            if is_junk(name):
                continue
            if name == HEAD or (name.startswith("HEAD") and name.lower().endswith(".json")):
                head = _read_head(Path(item.path))
                if head:
                    found.heads.setdefault(device, []).append(head)
                continue
            if not _SEGMENT.search(name) or not _text(name) or not item.is_file(follow_symlinks=False):
                found.skipped.append((shown(item.path), _("not a file of changes")))
                continue
            found.counts[device] = found.counts.get(device, 0) + 1
            _read_segment(item, root, done, found)
    return found


def _read_segment(item, root: Path, done: dict, found: Scan) -> None:
    rel = os.path.relpath(item.path, root).replace(os.sep, "/")
    try:
        info = item.stat(follow_symlinks=False)
    except OSError as err:
        found.waiting.append((item.path, err.strerror or str(err)))
        return
    key = [info.st_size, info.st_mtime_ns]      # a list: as it comes back from the state file's JSON
    if done.get(rel) == key:
        return
    if info.st_size > READ_LIMIT:
        found.skipped.append((item.path, _("too big to be a file of changes")))
        return
    try:
        with open(item.path, "rb") as handle:
            raw = handle.read(READ_LIMIT + 1)
    except OSError as err:
        found.waiting.append((item.path, err.strerror or str(err)))
        return
    # each copy of a file let go as soon as the next is made: a new laptop reads a club's history, 15 MB a
    # copy, and the memory of the copies held was most of its page faults
    text = raw.decode("utf-8", "replace")
    del raw
    ends_whole = text.endswith("\n")
    lines = text.split("\n")
    del text
    start = len(found.events)
    events, number = read_lines(lines)
    found.events.extend(events)
    bad = None if number is None else _("line {n} is incomplete or changed").format(n=number)
    if bad is None and ends_whole:
        done[rel] = key
    else:
        found.waiting.append((item.path, bad or _("its last line is cut short")))
        found.partial[rel] = [event.id for event in found.events[start:]]


def read_files(root: Path, rels) -> list:
    """The events of the files ``rels`` (paths relative to ``root``, as ``scan`` names them in ``done``):
    what rebuilding the base needs, the events of exactly the files already taken in. A line that no longer
    reads (the file changed since) is left out, as ``scan`` would."""
    events = []
    root = Path(root)
    for rel in sorted(rels):
        if not isinstance(rel, str) or ".." in rel.split("/"):
            continue
        try:
            with open(root / rel, "rb") as handle:
                raw = handle.read(READ_LIMIT + 1)
        except OSError:
            continue
        events.extend(read_lines(raw.decode("utf-8", "replace").split("\n"))[0])
    return events


def own_files(out: Path) -> list:
    """Every file of events this laptop wrote (``out/devices/<device>/``, any device id it ever had), as
    paths relative to ``out/devices``: all of them are in the history already (they were made from it)."""
    root = Path(out) / DEVICES
    found = []
    try:
        for device in os.scandir(root):
            if device.is_dir(follow_symlinks=False):
                found.extend(f"{device.name}/{item.name}" for item in os.scandir(device.path)
                             if _SEGMENT.search(item.name) and not is_junk(item.name))
    except OSError:
        pass
    return found
