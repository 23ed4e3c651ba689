"""Filtering the archive: by game, player, date range and location; newest first."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import BadInput
from ...i18n import _, ngettext
from ..common import chrono_key, game_name, name_key


@dataclass
class Filters:
    game: str | None = None        # a game id (resolved)
    player: str | None = None      # a player name as stored (resolved, case-insensitive)
    since: str | None = None       # YYYY-MM-DD, inclusive
    until: str | None = None       # YYYY-MM-DD, inclusive
    location: str | None = None    # case-insensitive substring

    def match(self, doc: dict) -> bool:
        if self.game and doc.get("game") != self.game:
            return False
        date = (doc.get("date") or "")[:10]
        if self.since and date < self.since:
            return False
        if self.until and date > self.until:
            return False
        if self.location and self.location.casefold() not in (doc.get("location") or "").casefold():
            return False
        if self.player:
            key = self.player.casefold()
            if not any(str(p).casefold() == key for p in doc.get("players") or ()):
                return False
        return True


def player_names(docs) -> dict:
    """casefolded name -> the spelling used most recently."""
    names = {}
    for doc in sorted(docs, key=chrono_key):
        for p in doc.get("players") or ():
            names[name_key(p)] = str(p)
    return names


def resolve_player(text: str, docs, what: str = "player") -> str:
    names = player_names(docs)
    name = names.get(name_key(text))
    if name is not None:
        return name
    from scoring.fields import did_you_mean

    hint = did_you_mean(text, names.values())
    if not hint:  # did_you_mean is case-sensitive; try again case-folded
        import difflib

        close = difflib.get_close_matches(str(text).casefold(), list(names), n=1, cutoff=0.6)
        hint = _(" Did you mean {name}?").format(name=names[close[0]]) if close else ""
    if what == "player":
        sentence = _("No game in the history has a player named {name}.").format(name=repr(text))
    else:
        sentence = _("No game in the history has a {what} named {name}.").format(what=what, name=repr(text))
    raise BadInput(sentence + (hint or _(" `referee stats` lists the players.")))


def resolve_game(text: str, docs) -> str:
    from ..common import game_from_name

    try:
        return game_from_name(text)
    except BadInput:
        from ..common import squash

        stored = {squash(d.get("game") or ""): d.get("game") for d in docs}
        if squash(text) in stored:  # another title logged by `record`, or a game whose engine is not here
            return stored[squash(text)]
        raise


def make_filters(docs, *, game=None, player=None, since=None, until=None, location=None) -> Filters:
    from ..common import check_date

    f = Filters()
    if game:
        f.game = resolve_game(game, docs)
    if player:
        f.player = resolve_player(player, docs)
    if since:
        f.since = check_date(since, _("The --since date"))
    if until:
        f.until = check_date(until, _("The --until date"))
    if f.since and f.until and f.since > f.until:
        raise BadInput(_("--since {since} is after --until {until}; give the earlier date first.").format(
            since=f.since, until=f.until))
    if location is not None:
        f.location = location.strip() or None
    return f


def select(docs, filters: Filters, newest_first: bool = True) -> list[dict]:
    from ...store.shards import Summary

    chosen = [d for d in docs if filters.match(d)] if any(vars(filters).values()) else list(docs)
    if chosen and all(d.__class__ is Summary for d in chosen):
        # The sharded store's summary rows sort as chrono_key, then as stored, compared as strings (in C).
        chosen.sort()
    else:
        chosen.sort(key=chrono_key)
    if newest_first:
        chosen.reverse()   # not sort(reverse=True): games equal on the key come newest first too
    return chosen


def summary(doc: dict) -> dict:
    """One history row as JSON."""
    res = doc.get("result") or {}
    return {"id": doc.get("id"), "date": doc.get("date"), "game": doc.get("game"),
            "location": doc.get("location"), "source": doc.get("source"), "players": doc.get("players"),
            "duration": doc.get("duration"), "moves": doc.get("moves"), "has_record": bool(doc.get("has_record")),
            "winners": res.get("winners", []),
            "scores": [{"player": e.get("player"), "total": e.get("total"), "rank": e.get("rank")}
                       for e in res.get("ranking", [])]}


def render_history(rows: list[dict], total: int, shown: int):
    from rich.table import Table

    from ...core.format import plain

    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for col in (_("id"), _("date"), _("game"), _("result"), _("where")):
        table.add_column(col, overflow="fold")
    for doc in rows:
        res = doc.get("result") or {}
        winners = set(res.get("winners", []))
        parts = []
        for e in res.get("ranking", []):
            star = "*" if e.get("player") in winners else ""
            parts.append(f"{e.get('player')}{star} {e.get('total')}")
        kind = "" if doc.get("source") == "tracked" else f" ({doc.get('source')})"
        # stored texts, shown as the text they are (never markup, never a control character)
        table.add_row(plain(doc.get("id") or ""), plain(str(doc.get("date") or "")[:10]),
                      plain(game_name(doc.get("game") or "")), plain(", ".join(parts) + kind),
                      plain(doc.get("location") or ""))
    if shown < total:
        table.caption = _("the newest {shown} of {total} games; --limit 0 lists all").format(shown=shown, total=total)
    else:
        table.caption = ngettext("{n} game; * won", "{n} games; * won", total).format(n=total)
    return table
