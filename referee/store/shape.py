"""The shape every stored document must have before any command reads it.

A history file is JSON a person can edit (or a sync tool can mangle): a game replaced by a string, a score
that is a list, a player list that is a number. Reading commands index and sort these fields, so the store
checks each document's shape once, where it is read, and a misshapen one is reported as one sentence
naming it (and `referee repair --set-aside` moves it out of the way) instead of crashing the reader.

These are checks of type and range only, cheap enough to run on every read of a large history; whether a
game's fields make sense together (a ranking naming other players...) is `repair`'s deeper check.
"""

from __future__ import annotations

import re

from ..i18n import _
from .ids import is_id

# Beyond this a number in a history is damage, not a score (and float maths on it goes wrong).
LARGEST = 10 ** 15

TEXT_FIELDS = ("date", "location", "notes", "created", "finished_at", "source", "updated", "kind")

# Where a finished game came from, every value the code writes (the one list: the import's check, repair's
# deeper check and the tests read it; tests/club/test_sources_sound.py finds every "source" the code writes
# and fails if one is missing here). A play of any of these is a sound play.
SOURCES = ("tracked", "recorded", "imported", "bgstats", "bgg", "qr")


def _number(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return -LARGEST <= value <= LARGEST      # NaN and infinities fail the comparison; a huge int too


def _scalar(value) -> bool:
    return value is None or isinstance(value, (str, bool)) or _number(value)


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _common(doc: dict) -> str | None:
    if not is_id(doc.get("id")):
        return _("its id {id!r} is not a game id").format(id=doc.get("id"))
    if not isinstance(doc.get("game"), str):
        return _("its game is not a name")
    if not _texts(doc.get("players")):
        return _("its players are not a list of names")
    if doc.get("options") is not None and not isinstance(doc["options"], dict):
        return _("its options are not a table of values")
    for key in TEXT_FIELDS:
        if doc.get(key) is not None and not isinstance(doc[key], str):
            return _("its {field} is not a text").format(field=key)
    return None


def _result(result) -> str | None:
    why = _result_problem(result)
    return None if why is None else _("a damaged result: {why}").format(why=why)


def _result_problem(result) -> str | None:
    if result is None:
        return None
    if not isinstance(result, dict):
        return _("its result is not a result")
    if result.get("game") is not None and not isinstance(result["game"], str):
        return _("its result names no game")
    if not _texts(result.get("winners", [])):
        return _("its winners are not a list of names")
    ranking = result.get("ranking")
    if not isinstance(ranking, list):
        return _("its ranking is not a list")
    for n, entry in enumerate(ranking, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("player"), str):
            return _("place {n} of its ranking names no player").format(n=n)
        if not _number(entry.get("total")):
            return _("the total of {player} is not a number").format(player=entry["player"])
        rank = entry.get("rank")
        if rank is not None and (not _number(rank) or rank != int(rank)):
            return _("the rank of {player} is not a whole number").format(player=entry["player"])
        breakdown = entry.get("breakdown")
        if breakdown is not None and (not isinstance(breakdown, dict)
                                      or not all(_number(v) for v in breakdown.values())):
            return _("the breakdown of {player} is not a table of numbers").format(player=entry["player"])
        tiebreak = entry.get("tiebreak")
        if not (_scalar(tiebreak) or (isinstance(tiebreak, list) and all(_scalar(v) for v in tiebreak))):
            return _("the tie-break of {player} is not a value").format(player=entry["player"])
        for key in ("facts",):
            if entry.get(key) is not None and not isinstance(entry[key], dict):
                return _("the {field} of {player} are not a table").format(field=key, player=entry["player"])
    if result.get("notes") is not None and not _texts(result["notes"]):
        return _("its result's notes are not texts")
    return None


_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?")
_NUM = (int, float)     # type() is used, not isinstance: True is not a score


def _sound_number(v) -> bool:
    return type(v) in _NUM and -LARGEST <= v <= LARGEST          # NaN and infinities fail the comparison


def _looks_sound(doc: dict) -> bool:
    """The common case, fast (a history of 100,000 games is checked on every read): True when every field
    has its type; False sends the document to the checks that say what is wrong."""
    get = doc.get
    gid, players = get("id"), get("players")
    if type(gid) is not str or not _ID.fullmatch(gid) or type(get("game")) is not str:
        return False
    if type(players) is not list or not all(type(p) is str for p in players):
        return False
    options = get("options")
    if options is not None and type(options) is not dict:
        return False
    for key in TEXT_FIELDS:
        v = get(key)
        if v is not None and type(v) is not str:
            return False
    for key in ("moves", "duration"):
        v = get(key)
        if v is not None and not _sound_number(v):
            return False
    has_record = get("has_record")
    if has_record is not None and type(has_record) is not bool:
        return False
    result = get("result")
    if result is None:
        return True
    if type(result) is not dict:
        return False
    rget = result.get
    game, winners, ranking, notes = rget("game"), rget("winners", []), rget("ranking"), rget("notes")
    if (game is not None and type(game) is not str) or type(winners) is not list or type(ranking) is not list:
        return False
    if not all(type(w) is str for w in winners) or (notes is not None and (type(notes) is not list or not all(
            type(n) is str for n in notes))):
        return False
    for entry in ranking:
        if type(entry) is not dict:
            return False
        eget = entry.get
        rank, breakdown, tiebreak, facts = eget("rank"), eget("breakdown"), eget("tiebreak"), eget("facts")
        total = eget("total")
        if type(eget("player")) is not str or type(total) not in _NUM or not -LARGEST <= total <= LARGEST:
            return False
        if rank is not None and (type(rank) is not int or not -LARGEST <= rank <= LARGEST):
            return False
        if breakdown is not None:
            if type(breakdown) is not dict:
                return False
            for v in breakdown.values():        # _sound_number, inline: a call per value was a fifth of this
                if type(v) not in _NUM or not -LARGEST <= v <= LARGEST:
                    return False
        if tiebreak is not None and not _scalar(tiebreak) and not (
                type(tiebreak) is list and all(_scalar(v) for v in tiebreak)):
            return False
        if facts is not None and type(facts) is not dict:
            return False
    return True


def archive_problem(doc) -> str | None:
    """Why a finished game's document cannot be read (one phrase), or None when its shape is sound."""
    if type(doc) is dict and _looks_sound(doc):
        return None
    return why_damaged(doc)


def why_damaged(doc) -> str | None:
    """The slow check of a finished game's document, naming the first thing wrong with it."""
    if not isinstance(doc, dict):
        kind = (_("empty (null)") if doc is None else _("true or false") if isinstance(doc, bool)
                else _("a number") if isinstance(doc, (int, float)) else _("a text") if isinstance(doc, str)
                else _("a list"))
        return _("it is {kind}, not a game").format(kind=kind)
    why = _common(doc)
    if why:
        return why
    for key in ("moves", "duration"):
        if doc.get(key) is not None and not _number(doc[key]):
            return _("its {field} is not a number").format(field=key)
    if doc.get("has_record") is not None and not isinstance(doc["has_record"], bool):
        return _("its has_record is not true or false")
    return _result(doc.get("result"))


def live_problem(doc: dict) -> str | None:
    """Why a game in progress cannot be read (one phrase), or None."""
    why = _common(doc)
    if why:
        return why
    if not _texts(doc.get("moves")):
        return _("its moves are not a list of texts")
    if doc.get("played_seconds") is not None and not _number(doc["played_seconds"]):
        return _("its played_seconds is not a number")
    return None


def name_of(doc, n: int) -> str:
    """How to name a document in a sentence: its id when it has a usable one, else its place."""
    if isinstance(doc, dict) and is_id(doc.get("id")):
        return doc["id"]
    return _("#{n}").format(n=n)
