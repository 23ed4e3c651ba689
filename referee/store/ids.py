"""Short, stable game ids. Never TinyDB doc ids: those are reused after deletes.

An id names files (the game in progress, its move record), so only ids of the id alphabet are ever
accepted, checked before any path is built: lower-case ASCII letters, digits and inner hyphens, at most
32 characters. Nothing else (a slash, a dot, a space, a letter that only looks ASCII) can reach a path.
"""

from __future__ import annotations

from ..core.limits import ID_ALPHABET as ALPHABET   # no 0/o, 1/l/i: ids are read aloud and typed on phones
LENGTH = 6
# What a stored id may hold: every id referee makes (ALPHABET) and the plainer ones an imported history
# brings ("i1", "game-7"). All of it is safe as a file name on Windows, macOS and Linux.
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")   # string.ascii_lowercase + digits
MAX_LENGTH = 32


# With sync on (issue 24), laptops make ids without seeing each other's: 6 characters give a club of 10,000
# plays on each of two laptops a 1-in-9 chance of two plays sharing an id; 10 give 1 in 10 million.
SYNC_LENGTH = 10


def new_id(taken, length: int = LENGTH) -> str:
    import secrets      # here: it brings hmac and OpenSSL's hashlib, which only a new game needs (issue 25)

    for _ in range(1000):
        gid = "".join(secrets.choice(ALPHABET) for _ in range(length))
        if gid not in taken:
            return gid
    raise RuntimeError("could not find a free game id")  # 31**6 ids: unreachable in practice


def is_id(text) -> bool:
    """Whether ``text`` is a game id of the id alphabet (and so safe to name a file)."""
    return (isinstance(text, str) and 1 <= len(text) <= MAX_LENGTH and set(text) <= ID_CHARS
            and not text.startswith("-") and not text.endswith("-"))


def looks_like_id(text: str) -> bool:
    return is_id(text)


def check_id(text) -> str:
    """``text`` as a game id, or BadInput naming what an id is; called before any path is built from it."""
    if is_id(text):
        return text
    from ..core.errors import BadInput
    from ..i18n import _

    shown = str(text)
    if len(shown) > 40:
        shown = shown[:40] + "…"
    raise BadInput(_("{text!r} is not a game id: an id is up to {n} lower-case letters, digits and hyphens "
                     "(`referee history` lists them).").format(text=shown, n=MAX_LENGTH))
