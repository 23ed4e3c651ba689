"""El Capitan at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option

ID = "el-capitan"
NAME = "El Capitan"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
OPTIONS = (
    Option("board", "auto", "board file: auto (the saved `referee board` file if any), none, or a path",
           keep_case=True),
    Option("colours", "", "colours in seat order, e.g. red,yellow,green,blue,purple (2 players: "
                          "main colours first, then the neutral ones)"),
    Option("loan10_extended", 20, "repayment of an extended 10-florin loan (O1)", (16, 20)),
    Option("tie_order", "site", "majority tie: earliest site or earliest built (O2)", ("site", "build-time")),
    Option("reopen_shuts", True, "a reopened warehouse on a dark square shuts the head (O3a)"),
    Option("backward_shuts", False, "a backward refill of a dark square shuts the head (O3b)"),
    Option("fortress_basis", "printed", "fortress pay when nobody is paid second (O4)", ("printed", "paid")),
    Option("neutral_in_totals", True, "2 players: neutral warehouses count for the most built-up city (O5)"),
    Option("reopen_bonus", True, "reopening can complete the 9-city bonus (O6)"),
    Option("buy_in_loan_turn", False, "buy cards after taking a loan (O7)"),
    Option("start_tie", "turn-order", "tie for the lowest net: first in turn order, or the table decides (O8)",
           ("turn-order", "table")),
    Option("fortress_space", "first", "fortress space: the first free one, or free choice (O11)",
           ("first", "choice")),
    Option("loan_stacks", "finite", "empty loan stacks: unavailable (flagged), or unlimited (O12)",
           ("finite", "unlimited")),
    Option("legs_after_destination", True, "more legs after a destination leg from the bank or off the board "
                                           "(O13)"),
    Option("reopen_neutral", True, "2 players: the owner may reopen a shut neutral warehouse (O14)"),
)
