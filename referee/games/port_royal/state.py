"""The Port Royal table state: plain data, mutated only by rules.apply (through the helpers in rules.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

# Phases (decision points, rules file 4.6)
FLIP = "flip"        # phase 1: the active player flips, stops or claims
REVEAL = "reveal"    # chance: which card was flipped
SHIP = "ship"        # the active player repels or docks the ship just flipped
TAKE = "take"        # phase 2: the current chooser takes a card or passes
CLOSE = "close"      # phase 2 over, the active player may still claim expeditions before ending the turn
OVER = "over"


@dataclass(slots=True)
class PortRoyalState:
    players: list
    n: int
    end: str                       # "standard" | "expedition-end"
    empty_stop: bool               # R2
    must_take: bool                # R7
    eager_reshuffle: bool          # R11
    exhausted_ends: bool           # R5 option: an impossible flip ends the game
    coin_faces: bool               # R15 option: the table may enter the faces of paid coins
    coins: list                    # per seat
    persons: list                  # per seat: card numbers in hire order
    exps: list                     # per seat: claimed expedition card numbers
    stats: list                    # per seat: derived values (cards.S_*)
    display: list                  # harbour display, flip order
    colours: int                   # bit mask of ship colours in the display
    area: list                     # expedition area
    box: list
    draw: int                      # draw pile size
    disc: list                     # identified discards per card number
    disc_known: int                # their total
    unknown: int                   # unidentified discards (paid coins, C3)
    ub: list                       # C4 upper bound per card number
    out: list                      # copies face up outside the discard pile (display, area, players, box)
    phase: str = FLIP
    active: int = 0
    flips: int = 0                 # flips resolved this turn
    pending: int = -1              # ship awaiting repel/dock
    last_flip: int = -1            # the card flipped last in this turn (for explanations)
    chance_no: int = 0             # position in the phase-2 order (0 = active player)
    chooser: int = 0
    taken: int = 0                 # cards taken in the current chance
    base: int = 0                  # T1
    turn: int = 1
    trigger: str = ""              # who reached the end trigger, once (G1/G4)
    finished: bool = False
    reshuffles: int = 0
    lost_coins: int = 0            # R5 payouts that could not be served
    idle: int = 0                  # consecutive turns in which no card could be flipped (R5 stalemate)
    stalemate: bool = False
    events: list = field(default_factory=list)
    # Move objects built for this game (not state: never compared or shown)
    _mc: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def discard(self) -> int:
        return self.disc_known + self.unknown
