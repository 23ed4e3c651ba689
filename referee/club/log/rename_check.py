"""`repair`'s look for a player named one way in the history and another in a game's moves: what a rename
cut short by an older referee left (the record's players renamed, its moves not), or a record changed by
hand. Every tracked game is compared with its move record (players, and the players its moves name through
the game's own notation, core/rename.py); a game in progress with the players its moves name."""

from __future__ import annotations

from ...i18n import _


def disagreements(store, docs) -> list[str]:
    """One phrase per game whose players and moves disagree (none: [])."""
    from ...core.errors import RefereeError
    from ...core.record import parse_header
    from ...core.rename import strays

    out = []
    for doc in docs:
        if not (isinstance(doc, dict) and doc.get("has_record") is True and isinstance(doc.get("id"), str)):
            continue
        try:
            text = store.read_record(doc["id"])
            if text is None:
                continue
            headers, moves = parse_header(text)
        except RefereeError:
            continue                # an unreadable record is said by the checks that replay records
        players = [p.strip() for p in headers.get("players", "").split(",")]
        if players != list(doc.get("players") or ()):
            out.append(_("game {id}: its move record names {record} where the history has {history}").format(
                id=doc["id"], record=", ".join(players), history=", ".join(map(str, doc.get("players") or ()))))
            continue
        out += _strays(doc["id"], str(doc.get("game")), players, [m for _l, _n, m in moves])
    for doc in store.live_docs():
        out += _strays(doc["id"], str(doc.get("game")), list(doc.get("players") or ()), doc.get("moves") or [])
    return out


def _strays(gid, game, players, moves) -> list[str]:
    from ...core.rename import strays

    return [_("game {id}: move {n} ({move}) names {name}, who is not one of its players ({players})").format(
        id=gid, n=n, move=moves[n - 1], name=name, players=", ".join(players))
        for n, name in strays(game, players, moves)[:1]]


def said(found: list[str]) -> str:
    listing = "; ".join(found[:5]) + ("; …" if len(found) > 5 else "")
    return _("{n} tracked game(s) name a player differently in the history and in their moves ({listing}); a "
             "rename was cut short or a record was changed by hand: `referee players rename OLD NEW` gives the "
             "player one name everywhere.").format(n=len(found), listing=listing)
