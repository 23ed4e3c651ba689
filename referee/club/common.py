"""Small shared pieces of the club log: dates, durations, names, game names, ordering, content keys."""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata

from ..core.errors import BadInput
from ..i18n import _

# Display names without importing engines (the registry's names are used when an engine is registered).
GAME_NAMES = {"puerto-rico": "Puerto Rico", "el-capitan": "El Capitan", "carcassonne": "Carcassonne",
              "port-royal": "Port Royal"}


def game_name(game_id: str) -> str:
    from ..core.registry import GAMES

    if game_id in GAMES:
        return GAMES[game_id][1]
    return GAME_NAMES.get(game_id, game_id)


def squash(text: str) -> str:
    """'El Capitán' -> 'elcapitan': for matching names typed or exported by other programs."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^0-9a-z]", "", text.casefold())


def is_known_game(game_id) -> bool:
    """One of the games referee referees (validated as such); other titles are logged as given."""
    from ..core.registry import GAMES

    return game_id in GAMES or game_id in GAME_NAMES


def title_of(text) -> str:
    """A game as the club names it in `record TITLE`: the game id of one of referee's games, else the title
    itself (one line, at most 100 characters, no hidden characters): 'Ticket to Ride'."""
    try:
        return game_from_name(text)
    except BadInput as unknown:
        # a typo of one of referee's games ('puerto-rco') is not a new title: say what it is close to
        import difflib

        from ..core.registry import GAMES

        key = squash(text)
        close = [gid for gid, (_, name) in GAMES.items()
                 if max(difflib.SequenceMatcher(None, key, squash(gid)).ratio(),
                        difflib.SequenceMatcher(None, key, squash(name)).ratio()) >= 0.8]
        if close:
            raise unknown from None
    from ..core import validate

    title = validate.label(" ".join(str(text).split()), _("The game title"), 100)
    if not title or not any(ch.isalnum() for ch in title):
        raise BadInput(_("Give the game's title, for example \"Ticket to Ride\" (or one of referee's games: "
                         "`referee games`)."))
    return title


def game_from_name(text: str) -> str:
    """A game id from an id, alias or display name ("Puerto Rico", "El Capitán"); BadInput if unknown."""
    from ..core.registry import GAMES, resolve_game_id

    key = squash(text)
    for gid, (_, name) in GAMES.items():
        if key in (squash(gid), squash(name)):
            return gid
    return resolve_game_id(text)


def check_date(text, what: str | None = None) -> str:
    what = what or _("Date")
    if text is None:
        raise BadInput(_("{what} is missing; give it as YYYY-MM-DD.").format(what=what))
    raw = str(text).strip()
    try:
        day = _dt.date.fromisoformat(raw[:10]) if len(raw) >= 10 and raw[10:11] in ("", " ", "T") else None
    except ValueError:
        day = None
    if day is None:
        # what a Czech spreadsheet saves back, and how Czechs write a date: 24.11.2026, 24. 11. 2026
        m = re.fullmatch(r"(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?", raw)
        if m:
            try:
                day = _dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
            except ValueError:
                day = None
    if day is None:
        raise BadInput(_("{what} {text} is not a date of the form YYYY-MM-DD (or D.M.YYYY).").format(
            what=what, text=repr(raw)))
    if day > _dt.date.today() + _dt.timedelta(days=1):
        raise BadInput(_("{what} {day} is in the future; give the day the game was played.").format(
            what=what, day=day.isoformat()))
    return day.isoformat()


_DURATION = re.compile(r"^(?:(\d+)\s*h(?:ours?)?\s*(\d+)?\s*(?:m(?:in(?:utes?)?)?)?|(\d+):(\d\d)|(\d+)\s*(?:m(?:in(?:utes?)?)?)?)$")


def parse_duration(text, what: str | None = None) -> int | None:
    """Minutes from '90', '90m', '1h30', '1h 30m', '1:30'. None/'' -> None."""
    what = what or _("Duration")
    if text is None:
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        minutes = text
    else:
        raw = str(text).strip().lower()
        if not raw:
            return None
        m = _DURATION.match(raw)
        if not m or any(g is not None and len(g) > 6 for g in m.groups()):   # int() of 5,000 digits fails
            raise BadInput(_("{what} {text} is not a length of time; give minutes (90) or hours and "
                             "minutes (1h30, 1:30).").format(what=what, text=repr(text)))
        if m.group(1) is not None:
            minutes = int(m.group(1)) * 60 + int(m.group(2) or 0)
        elif m.group(3) is not None:
            minutes = int(m.group(3)) * 60 + int(m.group(4))
        else:
            minutes = int(m.group(5))
    if minutes < 0 or minutes > 24 * 60:
        raise BadInput(_("{what} of {minutes} minutes is not possible; give 0 to 1440 minutes.").format(
            what=what, minutes=minutes))
    return minutes or None


# Games whose final number can be below zero: El Capitan ranks by money, and a loan repayment may exceed
# the cash (rules file O10: negative cash allowed by default). Every other game scores 0 or more points.
NEGATIVE_SCORES = {"el-capitan"}


def negative_score_error(value: int, player: str, game: str | None) -> str:
    if game:
        return _("the score {score} for {player} is negative; {game} scores are 0 or more points (only El "
                 "Capitan's money can end below 0)").format(score=value, player=player, game=game_name(game))
    return _("the score {score} for {player} is negative; scores are 0 or more points (only El Capitan's "
             "money can end below 0)").format(score=value, player=player)


def name_key(name) -> str:
    """How a typed player name is compared: case and runs of spaces aside ('ann  LEE' is 'Ann Lee')."""
    return " ".join(str(name).split()).casefold()


def parse_score(text, player: str, where: str = "", game: str | None = None) -> int:
    """A whole number of points; negative only for a game in NEGATIVE_SCORES."""
    def bad(text):
        return BadInput(f"{where}: {text}" if where else text[0].upper() + text[1:])

    if isinstance(text, bool):
        text = str(text)
    if isinstance(text, int):
        value = text
    else:
        raw = str(text).strip()
        if re.fullmatch(r"[+-]?\d{8,}(\.0*)?", raw):     # int() of thousands of digits fails; none is a score
            from ..core.validate import MAX_SCORE

            raise bad(_("the score {score}... for {player} is not a score; a score is between -{max} and {max}.")
                      .format(score=raw[:12], player=player, max=f"{MAX_SCORE:,}"))
        if re.fullmatch(r"[+-]?\d+", raw):
            value = int(raw)
        elif re.fullmatch(r"[+-]?\d+\.0*", raw):
            value = int(float(raw))
        else:
            raise bad(_("the score {score} for {player} is not a whole number; write points like {player}=42.")
                      .format(score=repr(raw), player=player))
    if value < 0 and game not in NEGATIVE_SCORES and (game is None or is_known_game(game)):
        raise bad(negative_score_error(value, player, game) + ".")
    from ..core.validate import MAX_SCORE

    if abs(value) > MAX_SCORE:     # a typo (or a 400-digit number that would break the statistics)
        shown = str(value) if len(str(value)) <= 20 else str(value)[:17] + "..."
        raise bad(_("the score {score} for {player} is not a score; a score is between -{max} and {max}.")
                  .format(score=shown, player=player, max=f"{MAX_SCORE:,}"))
    return value


def chrono_key(doc: dict) -> tuple:
    """Oldest first: the day played, then when it was finished/logged; sort stably so that games equal
    on both keep the order they were stored in."""
    return (doc.get("date") or "", doc.get("finished_at") or doc.get("created") or "")


def export_key(doc: dict) -> tuple:
    """The order of an export: chrono_key, then the play's id. Plays of one day logged in the same second
    (an import's, which all carry its time) are stored on each laptop in the order that laptop got them,
    so a tie broken by the stored order would give every laptop of a synced club a different file."""
    gid = doc.get("id")
    return (*chrono_key(doc), gid if isinstance(gid, str) else "")


def content_key(doc: dict) -> tuple | None:
    """The same play seen twice (e.g. exported as CSV, imported into another club): game, day and every
    player's score. None when the document has no result."""
    res = doc.get("result") or {}
    ranking = res.get("ranking") or []
    if not ranking:
        return None
    return (doc.get("game"), (doc.get("date") or "")[:10],
            tuple(sorted((str(e.get("player", "")).casefold(), e.get("total")) for e in ranking)))


def start_positions(doc: dict) -> dict:
    """player -> seat from the start player (1 = start player): the players list is in seat order. Empty when
    the play's source did not say how the players sat ("seating": false: a QR text lists them by rank, a BGG
    play or CSV row may have no start positions): seats are never invented."""
    if doc.get("seating") is False:
        return {}
    return {p: i for i, p in enumerate(doc.get("players") or [], 1)}


def colours(doc: dict) -> dict:
    """player -> colour when known: recorded/imported games carry "colours"; a tracked El Capitan game has
    the option colours="red,yellow,..." in seat order (2 players: the main colours come first)."""
    known = doc.get("colours")
    if isinstance(known, dict) and known:
        return {str(k): str(v) for k, v in known.items()}
    opt = (doc.get("options") or {}).get("colours")
    players = doc.get("players") or []
    if isinstance(opt, str) and opt.strip():
        words = [w.strip() for w in opt.split(",") if w.strip()]
        if len(words) >= len(players):
            return dict(zip(players, words))
    return {}


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def one_line(text) -> str:
    """Whitespace collapsed, control characters dropped (they cannot go into XML or a QR line)."""
    return " ".join(_CONTROL.sub("", str(text)).split()) if text is not None else ""


def clean_text(text) -> str:
    """Multi-line text with \\n line ends and without control characters (XML 1.0 cannot carry them)."""
    return _CONTROL.sub("", str(text).replace("\r\n", "\n").replace("\r", "\n")) if text is not None else ""


def annotate_ties(entries: list[dict]) -> list[dict]:
    """Mark players sharing a rank the way scoring.rank does: "shared win" at rank 1, else "shared place"."""
    counts: dict = {}
    for e in entries:
        if e.get("eligible", True):
            counts[e["rank"]] = counts.get(e["rank"], 0) + 1
    for e in entries:
        if e.get("eligible", True) and counts.get(e["rank"], 0) > 1 and not e.get("note"):
            e["note"] = "shared win" if e["rank"] == 1 else "shared place"
    return entries


def dumps(obj, depth: int = 1, _level: int = 0, sort_keys: bool = False) -> str:
    """JSON laid out to ``depth`` levels, compact below: one game (or player) per line. Big outputs stay
    fast (json's C encoder only runs without indent) and remain readable and grep-able. A control,
    invisible or text-direction character in a string is written as its \\u escape (the same JSON value),
    so printing it never acts on the terminal. ``sort_keys``: each one-line value's keys sorted (an export:
    the same play gives the same line on every laptop, whatever order its fields were stored in)."""
    if _level == 0:
        from ..core.validate import json_visible

        return json_visible(_dumps(obj, depth, 0, sort_keys))
    return _dumps(obj, depth, _level, sort_keys)


def _dumps(obj, depth: int, _level: int, sort_keys: bool = False) -> str:
    import json

    if depth <= 0 or not isinstance(obj, (dict, list)) or not obj:
        return json.dumps(obj, ensure_ascii=False, sort_keys=sort_keys)
    pad = "  " * (_level + 1)
    if isinstance(obj, dict):
        items = [f"{pad}{json.dumps(str(k), ensure_ascii=False)}: {_dumps(v, depth - 1, _level + 1, sort_keys)}"
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * _level + "}"
    items = [pad + _dumps(v, depth - 1, _level + 1, sort_keys) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + "  " * _level + "]"


def read_archive(store) -> list[dict]:
    """Every finished game in the store (the store's fast strict reader)."""
    return store.archived()
