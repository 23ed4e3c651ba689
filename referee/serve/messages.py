"""The sentences a phone may be told, in the phone's language (Accept-Language cs/en, or ?lang=)."""

from __future__ import annotations

from ..i18n import N_, _, normalise, using

BAD_HOST = N_("This address is not the one the referee serves; open the link the laptop shows.")
FOREIGN_ORIGIN = N_("A page from another site may not enter moves here; open the link the laptop shows.")
NO_SEAT = N_("This seat link is not known here; scan the QR code on the laptop again.")
WATCHER = N_("A watcher cannot enter moves; pick a seat on the laptop's QR code to play.")
NOT_YOURS = N_("{move} is not this seat's to enter: {who}.")
CHANCE_OTHER = N_("the player to move enters what the table turns up")
OTHER_PLAYER = N_("it is {player}'s move")
TOO_BIG = N_("The request is larger than {most} bytes; send one move at a time.")
TOO_LONG = N_("The entry is {n} characters long; enter at most {most} at a time.")
BAD_BODY = N_("The request is not a JSON object with text, v and entry_id; reload the page.")
TOO_FAST = N_("Too many requests from this seat; wait a second and try again.")
TOO_MANY_STREAMS = N_("Too many pages are open on this game; close one and reload.")
STALE = N_("The game moved on before this arrived; nothing was applied. Check the board and enter it again.")
WATCHER_UNDO = N_("A watcher cannot take moves back; the laptop or the player who made the last move can.")
NOT_YOUR_UNDO = N_("Only the player who made the last move, or the laptop, can take it back.")
NOTHING_TO_UNDO = N_("No move has been made yet; there is nothing to take back.")
FINISHED_UNDO = N_("The game is over and in the history; only the laptop can reopen it (referee undo ID --reopen).")
NOT_FOUND = N_("There is nothing at this address.")
FAILED = N_("The referee could not apply this ({error}); nothing was changed.")


def language(request) -> str:
    """?lang=cs|en, else the first of cs/en in Accept-Language (by its q order), else English."""
    chosen = normalise(request.query_params.get("lang", "")) if "lang" in request.query_params else None
    if chosen:
        return chosen
    ranked = []
    for n, part in enumerate(request.headers.get("accept-language", "")[:200].split(",")):
        code, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = normalise(code) if code and code != "*" else None
        if lang:
            ranked.append((-q, n, lang))
    return min(ranked)[2] if ranked else "en"


def say(lang: str, text: str, **values) -> str:
    with using(lang):
        return _(text).format(**values)
