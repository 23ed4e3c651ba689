"""Port Royal at a glance: what `referee games` lists, importable without loading the engine."""

from referee.core.rules import Option
from referee.i18n import N_

ID = "port-royal"
NAME = "Port Royal"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
# Descriptions are marked N_() and translated where `referee games GAME` shows them.
OPTIONS = (
    Option("end", "standard", N_("standard end (G1) or expedition-end (G4/G5)"),
           ("standard", "expedition-end")),
    Option("empty-stop", True, N_("R2: may the active player stop with an empty harbour")),
    Option("must-take", False, N_("R7: must the active player take at least one card in phase 2")),
    Option("exhausted", "stop", N_("R5: a flip with both piles empty ends phase 1 (stop) or the "
           "game (end)"), ("stop", "end")),
    Option("coin-faces", False, N_("R15: offer entering the faces of paid coins on the discard pile "
           "(sharpens the C4 bound)")),
    Option("reshuffle", "lazy", N_("R11: reshuffle when a card is needed (lazy) or as soon as "
           "the draw pile runs out (immediate)"), ("lazy", "immediate")),
)
