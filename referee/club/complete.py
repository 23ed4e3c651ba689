"""Shell-completion callbacks (Click's ``shell_complete=``): game ids, stored game ids, player names.

They read the store named by ``--db`` / REFEREE_DB quietly: a completion never prints an error (a damaged
store offers nothing; the command itself, once run, says what is wrong). The finished games are read through
their summaries (one short row each, what `history` reads), never as full documents: a Tab at 100,000 games
must answer at once.
"""

from __future__ import annotations


def _store(ctx):
    from ..store import Store

    root = ctx.find_root() if ctx is not None else None
    db = (root.params.get("db") if root is not None else None) or ((root.obj or {}).get("db") if root else None)
    return Store(db)


def read_archive(store):
    """The finished games as rows answering .get() for id, date, game, location and players."""
    return store.archived_summaries()


def _item(value, help=None):
    from click.shell_completion import CompletionItem

    from ..core.validate import visible

    # the shell prints the help, one item a line: a stored control character or line break stays escaped
    return CompletionItem(value, help=None if help is None else " ".join(visible(help).split()))


def _typable(value) -> bool:
    """A stored name or location worth offering: one a person could type (nothing hidden in it)."""
    from ..core.validate import first_hidden

    return isinstance(value, str) and first_hidden(value) is None


def complete_game(ctx, param, incomplete):
    """The registered game ids."""
    try:
        from ..core.registry import GAMES

        return [_item(gid, name) for gid, (_, name) in GAMES.items() if gid.startswith(incomplete.lower())]
    except Exception:  # noqa: BLE001 - completion must never fail loudly
        return []


def player_names(store) -> list[str]:
    names: dict = {}
    for doc in read_archive(store):
        for p in doc.get("players") or ():
            names.setdefault(str(p).casefold(), str(p))
    for doc in store.live_docs():
        for p in doc.get("players") or ():
            names.setdefault(str(p).casefold(), str(p))
    return sorted(names.values(), key=str.casefold)


def complete_player(ctx, param, incomplete):
    """Player names from the history and the games in progress."""
    try:
        low = incomplete.casefold()
        return [_item(n) for n in player_names(_store(ctx)) if _typable(n) and n.casefold().startswith(low)]
    except Exception:  # noqa: BLE001
        return []


def complete_player_score(ctx, param, incomplete):
    """For `record -p NAME=SCORE`: complete the name and add the '='."""
    if "=" in incomplete:
        return []
    return [_item(f"{c.value}=") for c in complete_player(ctx, param, incomplete)]


def complete_game_ref(ctx, param, incomplete):
    """Stored game ids (unfinished and finished), with the game and players as help."""
    try:
        store = _store(ctx)
        low = incomplete.lower()
        items = []
        for doc in store.live_docs():
            if doc["id"].startswith(low):
                items.append(_item(doc["id"], f"{doc.get('game')} {', '.join(doc.get('players') or [])} (in progress)"))
        for row in read_archive(store):
            gid = row.get("id")
            if isinstance(gid, str) and gid.startswith(low):
                items.append(_item(gid, f"{row.get('game')} {row.get('date') or ''} "
                                        f"{', '.join(row.get('players') or [])}"))
        return items
    except Exception:  # noqa: BLE001
        return []


def complete_finished_ref(ctx, param, incomplete):
    """Finished games only (for qr)."""
    return [i for i in complete_game_ref(ctx, param, incomplete) if "(in progress)" not in (i.help or "")]


def complete_live_ref(ctx, param, incomplete):
    """Games in progress only (for abandon)."""
    return [i for i in complete_game_ref(ctx, param, incomplete) if "(in progress)" in (i.help or "")]


def complete_location(ctx, param, incomplete):
    try:
        low = incomplete.casefold()
        seen = {}
        for doc in read_archive(_store(ctx)):
            loc = doc.get("location")
            if loc and _typable(loc) and loc.casefold().startswith(low):
                seen.setdefault(loc.casefold(), loc)
        return [_item(v) for v in sorted(seen.values())]
    except Exception:  # noqa: BLE001
        return []
