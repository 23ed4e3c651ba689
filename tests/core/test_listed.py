"""Rules.listed (issue 25 item 4): an engine may find a record's move by its text without listing the
position. It must never give a move the listing does not hold, and a replay with it must accept and refuse
exactly the records the full listing accepts and refuses, with the same message (the listing decides every
refusal: listed only ever says "found", or "look in the listing").

Differential: over random games of every title (several player counts and options), every position is
asked for every listed text and for texts that are not listed; and records corrupted on purpose (a move
swapped, a card that is no longer in the deck, a truncated record, another game's players) replay alike
with and without it."""

from __future__ import annotations

import random

import pytest

import referee
from referee.club.log.native import record_problem
from referee.core.errors import RefereeError
from referee.core.record import load_record

SETUPS = [
    ("port-royal", 2, {}), ("port-royal", 3, {"must-take": True, "empty-stop": False}),
    ("port-royal", 4, {"coin-faces": True, "reshuffle": "immediate"}),
    ("port-royal", 5, {"end": "expedition-end", "exhausted": "end", "must-take": True}),
    ("carcassonne", 2, {}), ("el-capitan", 3, {}), ("puerto-rico", 3, {}),
]


def _universe(game) -> list[str]:
    """Texts a record might hold in any position of this title: every move text seen in a few random games
    (so, in a given position, mostly texts that are not listed there)."""
    texts = set()
    for seed in range(3):
        g = referee.new_game(game.game, list(game.players), dict(game.options))
        rng = random.Random(1000 + seed)
        while not g.finished and len(g.moves) < 600:
            moves = g.legal_moves()
            texts.update(m.text for m in moves)
            g.play(rng.choice(moves).text)
    return sorted(texts) + ["", "flip ", "Flip", "take", "claim", "pass pass", "end\n"]


def _random_game(title, n, options, seed, on_position=None):
    game = referee.new_game(title, [f"P{i}" for i in range(1, n + 1)], dict(options))
    rng = random.Random(seed)
    while not game.finished and len(game.moves) < 1500:
        if on_position is not None:
            on_position(game)
        game.play(rng.choice(game.legal_moves()).text)
    if on_position is not None:
        on_position(game)       # the end too: a finished game lists nothing, and listed finds nothing
    return game


@pytest.mark.parametrize("title,n,options", SETUPS)
def test_listed_gives_only_the_listed_move_of_that_text(title, n, options):
    game = referee.new_game(title, [f"P{i}" for i in range(1, n + 1)], dict(options))
    listed = game.rules.listed
    if listed is None:
        pytest.skip(f"{title} lists every position (offers no Rules.listed)")
    universe = _universe(game)
    found = asked = 0

    def check(g):
        nonlocal found, asked
        by_text = {m.text: m for m in g.rules.legal(g.state)} if not g.finished else {}
        for text in universe + list(by_text):
            got = listed(g.state, text)
            asked += 1
            if got is not None:
                found += 1
                assert by_text.get(text) is got, f"{text!r} at move {len(g.moves) + 1}: {got!r} is not listed"
        for text, move in by_text.items():
            got = listed(g.state, text)
            assert got is None or got is move

    for seed in range(12):
        _random_game(title, n, options, seed, check)
    assert found > 1000      # the fast path is taken, not only declined


def _corrupt(record: str, rng: random.Random, universe: list[str]) -> str:
    """One deliberate fault in a record's moves: a move swapped for another text of the title, two moves
    exchanged, a move dropped, the record cut short, or another player count."""
    head, _, body = record.partition("\n\n")
    lines = body.splitlines()
    i = rng.randrange(len(lines))
    number, _, rest = lines[i].partition(". ")
    how = rng.randrange(5)
    if how == 0:
        lines[i] = f"{number}. {rng.choice(universe)}"
    elif how == 1 and i + 1 < len(lines):
        a, b = lines[i].partition(". ")[2], lines[i + 1].partition(". ")[2]
        lines[i] = f"{number}. {b}"
        lines[i + 1] = f"{lines[i + 1].partition('. ')[0]}. {a}"
    elif how == 2:
        del lines[i]
        lines = [f"{k}. {line.partition('. ')[2]}" for k, line in enumerate(lines, 1)]
    elif how == 3:
        lines = lines[:i]
    else:
        head = head.replace("Players: P1, P2", "Players: P2, P1")
    return head + "\n\n" + "\n".join(lines) + "\n"


def _outcome(record: str, game: str, players: list):
    """What a replay says of a record: (refused or not, message), and the problem an import reports."""
    try:
        replayed = load_record(record)
        said = ("accepted", replayed.moves, replayed.finished)
    except RefereeError as err:
        said = (type(err).__name__, str(err))
    return said, record_problem(record, game, players)


@pytest.mark.parametrize("title,n,options", SETUPS)
def test_a_replay_with_listed_accepts_and_refuses_as_the_listing_does(title, n, options, monkeypatch):
    probe = referee.new_game(title, [f"P{i}" for i in range(1, n + 1)], dict(options))
    rules = probe.rules
    if rules.listed is None:
        pytest.skip(f"{title} lists every position (offers no Rules.listed)")
    universe = _universe(probe)
    rng = random.Random(4)
    cases = []
    for seed in range(10):
        game = _random_game(title, n, options, 500 + seed)
        record = game.to_record(id="abc234")
        cases.append((record, game.game, list(game.players)))
        for _ in range(12):
            cases.append((_corrupt(record, rng, universe), game.game, list(game.players)))
    fast = [_outcome(*case) for case in cases]
    monkeypatch.setattr(type(rules), "listed", None)        # the full listing at every position
    assert probe.rules.listed is None
    full = [_outcome(*case) for case in cases]
    for case, a, b in zip(cases, fast, full):
        assert a == b, case[0]
    refused = sum(1 for said, _ in full if said[0] != "accepted")
    assert refused > len(cases) // 3        # the corruptions are refused, not only the clean records taken
