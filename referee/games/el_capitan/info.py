"""El Capitan at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option
from referee.i18n import N_

ID = "el-capitan"
NAME = "El Capitan"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
# Names are kebab-case (core.game.option_key); the snake_case spellings of older records still work.
# Descriptions are marked N_() and translated where `referee games GAME` shows them.
OPTIONS = (
    Option("board", "auto", N_("board file: auto (the saved `referee board` file if any), none, or a path"),
           keep_case=True),
    Option("colours", "", N_("colours in seat order, e.g. red,yellow,green,blue,purple (2 players: "
                             "main colours first, then the neutral ones)")),
    Option("loan10-extended", 20, N_("repayment of an extended 10-florin loan (O1)"), (16, 20)),
    Option("tie-order", "site", N_("majority tie: earliest site or earliest built (O2)"), ("site", "build-time")),
    Option("reopen-shuts", True, N_("a reopened warehouse on a dark square shuts the head (O3a)")),
    Option("backward-shuts", False, N_("a backward refill of a dark square shuts the head (O3b)")),
    Option("fortress-basis", "printed", N_("fortress pay when nobody is paid second (O4)"), ("printed", "paid")),
    Option("neutral-in-totals", True, N_("2 players: neutral warehouses count for the most built-up city (O5)")),
    Option("reopen-bonus", True, N_("reopening can complete the 9-city bonus (O6)")),
    Option("buy-in-loan-turn", False, N_("buy cards after taking a loan (O7)")),
    Option("start-tie", "turn-order", N_("tie for the lowest net: first in turn order, or the table decides (O8)"),
           ("turn-order", "table")),
    Option("fortress-space", "first", N_("fortress space: the first free one, or free choice (O11)"),
           ("first", "choice")),
    Option("loan-stacks", "finite", N_("empty loan stacks: unavailable (flagged), or unlimited (O12)"),
           ("finite", "unlimited")),
    Option("legs-after-destination", True, N_("more legs after a destination leg from the bank or off the board "
                                              "(O13)")),
    Option("reopen-neutral", True, N_("2 players: the owner may reopen a shut neutral warehouse (O14)")),
)
