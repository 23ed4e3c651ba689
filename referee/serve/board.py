"""What the phone page draws and offers: the legible board (the same pieces as the club site's replays,
drawing/boards.py) and this seat's moves grouped the way the table says them.

The table (core/format.group_moves) lists the moves by who makes them: a player's, then the chance moves
(what the table turns up), then the table's. A phone shows only its own seat's moves, so it groups them once
more by what they do: Port Royal's 58 cards that may be turned over fall into pinnaces, flutes, traders …;
Puerto Rico's builder into its buildings, Carcassonne's placements into `place` and `meeple …`. A group's
title is who makes the moves and the words the table says for all of them (`náhoda · pinasa`).
"""

from __future__ import annotations

import re
import threading

from ..core.labels import label, of
from ..i18n import _, using

SPLIT_OVER = 8          # a seat's moves up to this many stay in one group per who


def board(game, lang: str, view: dict | None = None) -> dict:
    """The board as the phone draws it: {"size": [x, y, w, h], "svg": "<g>…</g>"}; every text in it escaped
    by the serializer (a player called <script> is text). ``view``: game.view() in ``lang``, when the caller
    has it already."""
    from ..drawing import boards

    with using(lang):
        view = game.view() if view is None else view
        pieces = boards.frame(game.game, view)
        box = list(boards.size(game.game, view))
    out = {"size": box, "svg": "<g>" + "".join(pieces[k] for k in sorted(pieces)) + "</g>"}
    if game.game == "carcassonne":
        out["cell"] = boards.CELL      # a square's size: the page marks where the drawn tile may go
    return out


# What a move did is said when it is applied, in the language then in force (the server's, the table's):
# for a phone in another language the same moves are followed by a game of its own, played along in that
# language (a move at a time; from the start again after an undo), and its sentences are the phone's.
_FOLLOWERS: dict = {}
_FOLLOWING = threading.Lock()
FOLLOWERS = 8


def events(game, lang: str) -> list[str]:
    """``game.events()`` (what the last move did) in ``lang``."""
    from ..core.game import Game

    moves = game.moves
    if not moves:
        return []
    key = (game.game, tuple(game.players), repr(game.options), lang)
    with _FOLLOWING, using(lang):
        follower = _FOLLOWERS.get(key)
        done = follower.moves if follower is not None else None
        if done is None or len(done) > len(moves) or done != moves[:len(done)]:
            follower = Game(game.rules, game.players, game.options, date=game.date)
            done = []
            if len(_FOLLOWERS) >= FOLLOWERS:
                _FOLLOWERS.pop(next(iter(_FOLLOWERS)))
            _FOLLOWERS[key] = follower
        for text in moves[len(done):]:
            follower.play_listed(text)
        said = [str(e) for e in follower.events()]
        if not said:
            # a move that says nothing of itself (a bank, a pass): the page names it, as the table logs it,
            # rather than leaving "what just happened" empty
            move = follower.log[-1]
            who = _("chance") if move.chance or move.player is None else move.player
            said = [f"{who}: {of(follower, move, lang)}"]
        return said


def _kind(text: str) -> str:
    """What a move does, from its canonical text: its verb ('take', 'place'), or a card's kind
    ('pinnace-2-3' -> 'pinnace')."""
    head = text.split(" ", 1)[0]
    return head.split("-", 1)[0] if " " not in text else head


_NUMBER = re.compile(r"^[-+]?[\d,]+[a-z]?$|^r\d+$")


def _shared_words(labels: list[str]) -> str:
    """The words every label starts with ('vezmi'), else the words every one ends with once numbers are
    left off ('žlutý obchodník 3 1', 'modrý obchodník 3 1' -> 'obchodník'); '' when none."""
    split = [lab.split() for lab in labels]
    common = []
    for words in zip(*split):
        if len(set(words)) != 1 or _NUMBER.match(words[0]):
            break
        common.append(words[0])
    if common:
        return " ".join(common)
    bare = [[w for w in words if not _NUMBER.match(w)] for words in split]
    tail: list[str] = []
    for words in zip(*(list(reversed(b)) for b in bare)):
        if len(set(words)) != 1:
            break
        tail.insert(0, words[0])
    return " ".join(tail)


def _split(game, members, who, lang, into) -> bool:
    """A long group of moves that differ in their last word only by a few (Carcassonne's placements: a
    square and its turns, `place 2,-1 r0` … `r270`): one group a square, titled by what they share."""
    keys: dict = {}
    for text in members:
        head, _sp, _last = text.rpartition(" ")
        keys.setdefault(head, []).append(text)
    if "" in keys or len(keys) > len(members) / 2:
        return False
    for texts in keys.values():
        said = [label(game.game, t, lang) for t in texts]
        words = " ".join(said[0].split()[:-1])
        into.append({"title": f"{who} · {words}", "moves": texts})
    return True


def groups(game, legal, lang: str) -> list[dict]:
    """[{"title": str, "moves": [canonical text, …]}] for the moves ``legal`` (Move objects) this seat may
    enter, in the table's order: by who (a player, chance, the table), and a long list by what the moves do."""
    with using(lang):
        by_who: dict = {}
        for m in legal:
            key = (1, "") if m.chance else (0, m.player) if m.player else (2, "")
            by_who.setdefault(key, []).append(m.text)
        out = []
        for (kind, name), texts in by_who.items():
            who = name if kind == 0 else _("chance") if kind == 1 else _("table")
            if len(texts) <= SPLIT_OVER:
                out.append({"title": who, "moves": texts})
                continue
            by_kind: dict = {}
            for text in texts:
                by_kind.setdefault(_kind(text), []).append(text)
            rest: list[str] = []
            kinds = []
            for members in by_kind.values():
                if len(members) == 1:
                    rest.extend(members)      # a lone move ('stop', 'pass') goes with the others alone
                    continue
                if len(members) > SPLIT_OVER and _split(game, members, who, lang, kinds):
                    continue
                said = [label(game.game, t, lang) for t in members]
                # English says a card by its id ('pinnace-2-3'): then the kind is the word they share
                words = _shared_words(said) or (_kind(members[0]) if said == members else "")
                kinds.append({"title": f"{who} · {words}" if words else who, "moves": members})
            if rest:        # the lone moves first: 'stop', 'pass', 'flip' are what a turn mostly says
                out.append({"title": who, "moves": rest})
            out.extend(kinds)
        return out


_TURN = re.compile(r"^place -?\d+,-?\d+ r(0|90|180|270)$")


def pictures(game, legal, lang: str, view: dict | None = None) -> tuple[dict, dict]:
    """Carcassonne's draws as a player matches a drawn tile, which has no letter printed on it, and its
    placements with the tile turned as each lays it: ({draw move: its picture said in words, as the table
    reads it back ('město sever a cesta východ-západ (b:d)')}, {move: the tile's picture, SVG}); empty for the
    other games."""
    if game.game != "carcassonne":
        return {}, {}
    from ..drawing.boards import tile_icon
    from ..games.carcassonne.picture_text import describe

    labels, icons = {}, {}
    drawn = None
    for m in legal:
        turn = _TURN.match(m.text)
        if turn is not None:
            if drawn is None:
                drawn = (((game.view() if view is None else view).get("drawn") or {}).get("tile") or "")
            try:
                icons[m.text] = tile_icon(drawn, int(turn[1]) // 90)
            except KeyError:
                pass
            continue
        if m.chance and m.text.startswith("draw "):
            key = m.text.split(" ", 1)[1].upper()
            try:
                labels[m.text] = f"{describe(key, lang if lang in ('cs', 'en') else 'en')} ({key.lower()})"
                icons[m.text] = tile_icon(key)
            except KeyError:            # a tile this version does not know: its letter, as the table says it
                continue
    return labels, icons
