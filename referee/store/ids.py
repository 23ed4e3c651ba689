"""Short, stable game ids. Never TinyDB doc ids: those are reused after deletes."""

from __future__ import annotations

import secrets

# No 0/o, 1/l/i: ids are read aloud across a table and typed on phones.
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
LENGTH = 6


def new_id(taken) -> str:
    for _ in range(1000):
        gid = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if gid not in taken:
            return gid
    raise RuntimeError("could not find a free game id")  # 31**6 ids: unreachable in practice


def looks_like_id(text: str) -> bool:
    return 1 <= len(text) <= 32 and all(c in ALPHABET or c.isalnum() or c == "-" for c in text)
