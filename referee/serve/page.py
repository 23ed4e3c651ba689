"""The phone page: HTML only (its script and style are files under /static, so the CSP forbids inline
script). Everything from the game (names, moves, sentences) is escaped: stored text is data, never markup."""

from __future__ import annotations

from html import escape

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


def _head(title: str, lang: str) -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/serve.css"></head>')


def seat_page(body: dict, lang: str) -> str:
    with using(lang):
        who = _(SEAT_OF).format(player=body["seat"]) if body["seat"] else _(WATCHING)
        buttons = "".join(
            f'<button type="button" class="move" data-move="{escape(m["text"])}">'
            f'{escape(body["labels"].get(m["text"], m["text"]))}</button>' for m in body["legal"])
        secret = f'<p id="secret">{escape(body["secret"])}</p>' if body["secret"] else '<p id="secret" hidden></p>'
        return (_head(_(TITLE).format(game=body["game"]), lang)
                + f'<body data-lang="{lang}" data-v="{escape(body["v"])}"><header><h1>{escape(who)}</h1>'
                f'<p id="prompt">{escape(body["prompt"])}</p></header>{secret}'
                f'<p id="error" role="alert"></p>'
                f'<section aria-label="{escape(_(YOUR_MOVES))}"><h2>{escape(_(YOUR_MOVES))}</h2>'
                f'<div id="moves">{buttons}</div></section>'
                + (f'<form id="entry"><label for="text">{escape(_(TYPE_MOVE))}</label>'
                   f'<input id="text" name="text" maxlength="200" autocomplete="off" autocapitalize="off">'
                   f'<button type="submit">{escape(_(ENTER))}</button></form>' if body["seat"] else "")
                + '<ol id="events"></ol><script src="/static/serve.js"></script></body></html>')


def join_page(seats, game, lang: str) -> str:
    with using(lang):
        items = []
        for player, token in seats.seats.items():
            if player in seats.claimed:
                items.append(f'<li><span class="taken">{escape(player)} ({escape(_(TAKEN))})</span></li>')
            else:
                items.append(f'<li><a class="seat" href="/s/{token}">{escape(player)}</a></li>')
        items.append(f'<li><a class="seat" href="/s/{seats.watch}">{escape(_(WATCH))}</a></li>')
        return (_head(_(TITLE).format(game=game.game), lang) + f'<body><h1>{escape(_(PICK_SEAT))}</h1>'
                f'<ul id="seats">{"".join(items)}</ul></body></html>')
