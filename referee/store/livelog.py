"""A game in progress on disk: its document, then one appended line per entry.

    {"schema_version":1,"kind":"live-game","id":"abc234",...,"moves":["roll 2"]}
    {"at":1,"moves":["keep"],"updated":"2026-11-25T12:00:00+00:00"}
    {"at":2,"moves":["roll 3","give"],"updated":"..."}

A move appends one short line and fsyncs it, so what a move writes does not grow with the game (a rewrite
of the whole document did: 8 MB over a 656-move game). The document alone is valid JSON (a compacted game
file reads as before); ``at`` is the number of moves before the line, so a line that does not follow on
from the ones before is damage, never a silently different game. A last line without its newline is a
write torn by a crash before it was acknowledged: it is dropped.
"""

from __future__ import annotations

import json


class Damaged(ValueError):
    """The file is not a game document followed by move lines; str() says why."""


def encode_document(doc: dict) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def encode_entry(at: int, moves: list[str], updated: str) -> bytes:
    line = json.dumps({"at": at, "moves": list(moves), "updated": updated}, ensure_ascii=False,
                      separators=(",", ":"))
    return (line + "\n").encode("utf-8")


def decode(raw: bytes) -> tuple[object, bool]:
    """(the document with every appended move in ``moves``, whether a torn last line was dropped)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Damaged(str(err)) from None
    try:
        return json.loads(text), False          # a compacted file (or one written by an older referee)
    except json.JSONDecodeError as err:
        if err.msg != "Extra data":
            raise Damaged(str(err)) from None
    doc, end = json.JSONDecoder().raw_decode(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("moves"), list):
        return doc, False                        # the caller names a file of the wrong shape
    lines = text[end:].split("\n")
    if lines[0].strip():
        from ..i18n import _

        raise Damaged(_("unexpected text after the game document: {text}").format(text=repr(lines[0].strip()[:40])))
    torn = bool(lines[-1].strip())               # no newline yet: never acknowledged
    moves = list(doc["moves"])
    for number, line in enumerate(lines[1:-1], 2):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as err:
            from ..i18n import _

            raise Damaged(_("line {number} is not a move entry ({error})").format(number=number, error=err)) from None
        if (not isinstance(entry, dict) or entry.get("at") != len(moves) or not isinstance(entry.get("moves"), list)
                or not all(isinstance(m, str) for m in entry["moves"])):
            from ..i18n import _

            raise Damaged(_("line {number} does not follow on from the moves before it").format(number=number))
        moves.extend(entry["moves"])
        if isinstance(entry.get("updated"), str):
            doc["updated"] = entry["updated"]
    doc["moves"] = moves
    return doc, torn
