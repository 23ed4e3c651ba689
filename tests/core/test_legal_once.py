"""Legal moves are listed once per position (issue 25 item 2): listing them, previewing an entry, finding a
typed move and playing it all share the one listing the game made for the position it stands in. Counted
through the engine's `legal` (calls, not time), over random games of every title."""

from __future__ import annotations

import random

import pytest

import referee
from referee.core.entry import preview_entry

TITLES = [("port-royal", 3), ("puerto-rico", 4), ("carcassonne", 2), ("el-capitan", 3)]


class Counting:
    """Counts the engine's `legal` calls of one game (its rules object is shared: restored by monkeypatch)."""

    def __init__(self, game, monkeypatch):
        self.calls = 0
        real = game.rules.legal

        def legal(state):
            self.calls += 1
            return real(state)

        monkeypatch.setattr(game.rules, "legal", legal)

    def take(self) -> int:
        calls, self.calls = self.calls, 0
        return calls


@pytest.mark.parametrize("title,n", TITLES)
def test_listing_preview_find_and_play_share_one_listing(title, n, monkeypatch):
    rng = random.Random(25)
    game = referee.new_game(title, ["P%d" % i for i in range(1, n + 1)])
    count = Counting(game, monkeypatch)
    for step in range(120):
        if game.finished:
            break
        moves = game.legal_moves()
        move = rng.choice(moves)
        game.preview(move.text)
        game.legal_moves()
        game.find(move.text)
        if not move.chance:     # the table's live preview of a typed entry
            preview_entry(game, move.text)
        game.play(move.text)
        assert count.take() == 1, f"legal listed more than once at move {step + 1} ({move.text})"


@pytest.mark.parametrize("title,n", TITLES)
def test_play_alone_lists_each_position_once(title, n, monkeypatch):
    """play(text) on a position nobody listed yet: one listing for the check, none left over for the next."""
    rng = random.Random(7)
    plan = referee.new_game(title, ["P%d" % i for i in range(1, n + 1)])
    texts = []
    while not plan.finished and len(texts) < 120:
        texts.append(rng.choice(plan.legal_moves()).text)
        plan.play(texts[-1])
    game = referee.new_game(title, ["P%d" % i for i in range(1, n + 1)])
    count = Counting(game, monkeypatch)
    for i, text in enumerate(texts):
        game.play(text)
        assert count.take() == 1, f"legal listed {count.calls} times for move {i + 1} ({text})"


@pytest.mark.parametrize("title,n", TITLES + [("puerto-rico", 2), ("puerto-rico", 5), ("port-royal", 2)])
def test_an_engine_that_says_its_texts_are_unique_lists_each_text_once(title, n):
    """Rules.unique_texts lets the core hand out the listing as it is and find a move's own text in it; so
    no listing of a random game may hold two moves of one text, and legal_moves() is the text map's values,
    and find() by a move's text gives that move."""
    rng = random.Random(11)
    for _ in range(3):
        game = referee.new_game(title, ["P%d" % i for i in range(1, n + 1)])
        assert game.rules.unique_texts
        steps = 0
        while not game.finished and steps < 400:
            moves = game.legal_moves()
            texts = [m.text for m in moves]
            assert len(set(texts)) == len(texts), f"{title}: two moves of one text in {texts}"
            assert moves == list(game._legal_map().values())
            move = rng.choice(moves)
            game._legal = None      # forgets the listing: find() below lists again and scans it
            assert game.find(move.text) is game.legal_moves()[moves.index(move)]
            game.play(move.text)
            steps += 1
