"""The El Capitan game state: plain Python data, mutated only by rules.apply."""

from __future__ import annotations

import re

from referee.i18n import N_

from .board import CITIES, Board
from .chain import City

COLOURS = ("red", "yellow", "green", "blue", "purple")
OFF, BANK = -2, -1          # ship positions besides a city index 0..8


# Table flags (rulings the rules text leaves open) are stored as plain English sentences: game.view()'s
# "notes" and records keep them so, and appending one stays as cheap as an f-string (a random playout passes
# often). ``shown`` gives the sentence in the language in force by reading its fields back from the English.
NOTE_EXTRA_LOAN = N_("No {face}-florin loan card was left; the table gave {name} an extra loan (rule O12).")
NOTE_PASSED = N_("{name} could take no action and passed (table ruling; rules T14/O12).")
NOTE_OVERDRAWN = N_("{name} repaid a loan with more than his cash and is at {money} florins (rule O10).")
_NOTE_PATTERNS: list = []


def _patterns() -> list:
    if not _NOTE_PATTERNS:
        for msgid in (NOTE_EXTRA_LOAN, NOTE_PASSED, NOTE_OVERDRAWN):
            parts = re.split(r"\{(\w+)\}", msgid)
            regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+)" for i, part in enumerate(parts))
            _NOTE_PATTERNS.append((msgid, re.compile(regex + r"\Z", re.S)))
    return _NOTE_PATTERNS


def shown(note: str) -> str:
    """A stored note as a person reads it, in the language in force (a note of another origin as it is)."""
    from referee.i18n import _

    for msgid, pattern in _patterns():
        m = pattern.match(note)
        if m:
            return _(msgid).format(**m.groupdict())
    return note


class State:
    def __init__(self, players: list[str], options: dict, board: Board, colours: list[int]):
        n = len(players)
        self.players = players
        self.n = n
        # the position's number (apply counts it) and the listing made for it (listing.Listing.legal), so
        # reading an entry, Enter's default and a refusal reuse the listing the game made (issue 25)
        self.applied = 0
        self.listed = None
        self.two = n == 2
        # the engine reads its options by their snake_case names on every move: a plain dict of those is
        # a C-speed lookup (the game's own Options object also answers old spellings, at a cost)
        self.options = {str(k).replace("-", "_"): v for k, v in options.items()}
        self.board = board
        # colours: main colour per player; in the 2-player game also a neutral colour (rule V1)
        self.main = colours[:n]
        self.neutral = colours[n:n + 2] if self.two else [-1] * n
        self.owner = {}
        for p in range(n):
            self.owner[self.main[p]] = p
            if self.neutral[p] >= 0:
                self.owner[self.neutral[p]] = p
        self.in_play = sorted(self.owner)
        # money (open information) and the bank's net takings: sum(money) + bank == 20 * n always
        self.money = [20] * n
        self.bank = 0
        # pieces (rules S1, A5, V2): in front of the players, and the common supply
        self.front_w = {c: 0 for c in self.in_play}
        self.front_f = [0] * n
        self.supply_w = {c: 18 for c in self.in_play}
        self.supply_f = {c: 3 for c in self.main}
        # the board
        self.cities = [City() for _ in CITIES]
        self.ship_city = [OFF] * n     # OFF, BANK or a city index
        self.ship_space = [-1] * n     # harbour space 0/1 while anchored in a city, else -1
        # sailing cards: (kind, a, b, price) with kind 'd' (city, seals) or 'c' (city pair)
        self.draw_unknown = {"d": 18, "c": 36}    # face-down cards nobody has seen yet
        self.draw_known: dict[str, list] = {"d": [], "c": []}  # face-down cards known (a reshuffled pile)
        self.face = {"d": [], "c": []}
        self.discard: dict[str, list] = {"d": [], "c": []}
        self.hands: list[list] = [[] for _ in range(n)]
        self.in_hand = {"d": 0, "c": 0}          # cards in all hands, by deck (a separate count for check)
        # loans (rule T13): stacks on the bank spaces, and the loans each player holds
        self.stack = {10: 18, 16: 12}
        self.loans: list[dict] = [{} for _ in range(n)]   # (face, extended, extra card) -> how many
        # bonus cards (P6)
        self.bonus_left = [15, 10, 5]
        self.bonus = [0] * n
        # values read off the board during this game (every one entered as a chance move)
        self.learned: dict = {}
        # flow
        self.stage = "grid"            # grid, reveal, turn, payday, loans, start, over
        self.reveal_queue: list[str] = []
        self.phase = 1
        self.start = 0                 # the start player (El Capitan marker) of the current phase
        self.cur = 0
        self.turns = [0] * n           # turns played by each player in the whole game
        self.phase_end = False
        self.acted = False
        self.loan_turn = False
        self.to_bank = False           # sailed to the bank this turn: the loan follows at once, nothing else (T12, T13, O7)
        self.dest_leg = False          # a destination leg from the bank/off the board this turn (O13)
        self.pending_build = None      # a build/fortress announced whose price is still to be read (D6)
        self.flash = None              # why that build could not be paid (shown in the next prompt)
        self.pending_dark = None       # (city, site, reopened) awaiting its shut-down status
        self.stamp = 0
        self.paydays = 0
        self.settle_queue: list = []   # (player, loan index) loans to repay or extend after a payday
        self.chooser = None            # who chooses the next start player (None: the table)
        self.last_payday: dict = {}
        self.final_input: dict | None = None
        self.notes: list[str] = []     # table flags (rulings the rules text leaves open)
        self.notes_mark = 0            # notes before the last move: the ones after it are its events
        self.paid_now = False          # the last move ended a phase with a payday
