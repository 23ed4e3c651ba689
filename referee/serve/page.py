"""The phone page: HTML only (its script and style are files under /static, so the CSP forbids inline
script and style). Everything from the game (names, moves, sentences) is escaped: stored text is data, never
markup. The page is whole as served (a phone with a slow script still sees the game); static/serve.js then
keeps it current from the seat's event stream, building the same elements (the ids below are what the tests
and serve.js use: #prompt, #error, #secret, #board, #moves with button[data-move], #entry/#text, #undo,
#events, #lang, body[data-v])."""

from __future__ import annotations

from html import escape

from ..club.common import game_name
from ..i18n import N_, _, using

TITLE = N_("Referee: {game}")
YOUR_MOVES = N_("Your moves")
TYPE_MOVE = N_("Type a move")
ENTER = N_("Enter")
WATCHING = N_("Watching")
SEAT_OF = N_("Seat of {player}")
PICK_SEAT = N_("Pick your seat")
WATCH = N_("Watch")
TAKEN = N_("taken")
UNDO = N_("Undo my last move")
JUST_HAPPENED = N_("What just happened")
ONLY_YOU = N_("Only you see this")
THE_BOARD = N_("The board")
LANGUAGE = N_("Language")
RULE = N_("Rule {rule}")
MOVED_ON = N_("The game moved on while you typed; nothing was played. Check your move and send it again.")
NO_MOVES = N_("Nothing for you to enter now.")
LANGUAGES = (("cs", "čeština"), ("en", "English"))


def _head(title: str, lang: str) -> str:
    # zoom stays allowed (never user-scalable=no): the board may be pinched larger
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/serve.css"><link rel="icon" href="/static/icon.svg"></head>')


def secret_text(secret) -> str:
    """A seat's secret as lines a person reads: a text as it is, a mapping as 'key: value' lines, a list
    one item a line (whatever a game's secret() returns)."""
    if secret is None or secret == "":
        return ""
    if isinstance(secret, dict):
        return "\n".join(f"{k}: {secret_text(v)}" for k, v in secret.items())
    if isinstance(secret, (list, tuple)):
        return "\n".join(secret_text(v) for v in secret)
    return str(secret)


def _switch(lang: str) -> str:
    links = "".join(
        f'<a href="?lang={code}" hreflang="{code}" lang="{code}"'
        f'{" aria-current=" + chr(34) + "true" + chr(34) if code == lang else ""}>{name}</a>'
        for code, name in LANGUAGES)
    return f'<nav id="lang" aria-label="{escape(_(LANGUAGE))}">{links}</nav>'


def _board(body: dict) -> str:
    box = body.get("board") or {"size": [0, 0, 360, 40], "svg": "<g></g>"}
    x, y, w, h = box["size"]
    # box["svg"] is serialized XML whose texts the serializer escaped (boards.py): spliced as it is
    return (f'<div id="board" class="board-wrap"><svg class="board" xmlns="http://www.w3.org/2000/svg" '
            f'role="img" aria-label="{escape(_(THE_BOARD))}" viewBox="{x} {y} {w} {h}" width="{w}" '
            f'height="{h}">{box["svg"]}</svg></div>')


def _icon(svg: str | None) -> str:
    # serialized XML whose texts the serializer escaped (drawing/boards.tile_icon): spliced as it is
    if not svg:
        return ""
    return (f'<svg class="icon" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" '
            f'aria-hidden="true">{svg}</svg>')


def _moves(body: dict) -> str:
    labels = body.get("labels") or {}
    icons = body.get("icons") or {}
    parts = []
    for group in body.get("groups") or [{"title": "", "moves": [m["text"] for m in body["legal"]]}]:
        buttons = "".join(f'<button type="button" class="move{" pictured" if icons.get(text) else ""}" '
                          f'data-move="{escape(text)}">{_icon(icons.get(text))}'
                          f'{escape(labels.get(text, text))}</button>' for text in group["moves"])
        parts.append(f'<h3>{escape(group["title"])}</h3><div class="group">{buttons}</div>')
    if not parts:
        parts.append(f'<p class="none">{escape(_(NO_MOVES))}</p>')
    return f'<div id="moves">{"".join(parts)}</div>'


def seat_page(body: dict, lang: str) -> str:
    with using(lang):
        seat = body["seat"]
        who = _(SEAT_OF).format(player=seat) if seat else _(WATCHING)
        secret = secret_text(body.get("secret"))
        out = [_head(_(TITLE).format(game=game_name(body["game"])), lang),
               f'<body data-lang="{lang}" data-v="{escape(body["v"])}" data-rule="{escape(_(RULE))}" '
               f'data-stale="{escape(_(MOVED_ON))}">',
               f'<header>{_switch(lang)}<h1>{escape(who)}</h1>',
               f'<p id="prompt" aria-live="polite">{escape(body["prompt"])}</p></header>',
               '<p id="error" role="alert"></p>',
               f'<p id="secret" data-caption="{escape(_(ONLY_YOU))}"{"" if secret else " hidden"}>'
               f'{escape(secret)}</p>']
        if seat:
            out.append(f'<section aria-labelledby="h-moves"><h2 id="h-moves">{escape(_(YOUR_MOVES))}</h2>'
                       f'{_moves(body)}'
                       f'<form id="entry"><label for="text">{escape(_(TYPE_MOVE))}</label>'
                       f'<input id="text" name="text" maxlength="200" autocomplete="off" autocapitalize="off" '
                       f'spellcheck="false"><button type="submit">{escape(_(ENTER))}</button></form>'
                       f'<button type="button" id="undo"{"" if body.get("undo") else " hidden"}>'
                       f'{escape(_(UNDO))}</button></section>')
        events = "".join(f"<li>{escape(str(e))}</li>" for e in body.get("events") or [])
        out.append(f'<section aria-labelledby="h-events"><h2 id="h-events">{escape(_(JUST_HAPPENED))}</h2>'
                   f'<ol id="events">{events}</ol></section>')
        out.append(f'<section aria-labelledby="h-board"><h2 id="h-board">{escape(_(THE_BOARD))}</h2>'
                   f'{_board(body)}</section>')
        out.append('<script src="/static/serve.js"></script></body></html>')
        return "".join(out)


def join_page(seats, game, lang: str) -> str:
    with using(lang):
        items = []
        for player, token in seats.seats.items():
            if player in seats.claimed:
                items.append(f'<li><span class="taken">{escape(player)} ({escape(_(TAKEN))})</span></li>')
            else:
                items.append(f'<li><a class="seat" href="/s/{token}">{escape(player)}</a></li>')
        items.append(f'<li><a class="seat" href="/s/{seats.watch}">{escape(_(WATCH))}</a></li>')
        return (_head(_(TITLE).format(game=game_name(game.game)), lang) + f'<body><h1>{escape(_(PICK_SEAT))}</h1>'
                f'<ul id="seats">{"".join(items)}</ul></body></html>')
