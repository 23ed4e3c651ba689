"""El Capitan (Kramer & Rösner) for 2-5 players: the engine (shared/rules/el-capitan.md; the Czech rulebook
shared/seeds/001_398a47baec78ca74.txt is the authority).

Board numbers nobody has confirmed are never invented: each value the game needs (a harbour or fortress
price, a site's payday value, whether a site is dark, an expansion table row, the grid layout, a sailing
card's seals and price) is asked once, at the moment it matters, as a chance move. When the user's board
file (``referee board``) or tables/ knows the value, that chance move lists the single value (the table
auto-plays it); otherwise it lists the plausible values. Every board number the game uses is therefore in
the move log, and a record replays on any machine.

The engine's parts, one job each: moves.py (the reused Move objects), questions.py (board values asked when
they matter), listing.py (legal moves), play.py (apply a move and settle), payday.py (paydays and loans),
reading.py (typed text to a move), invariants.py (the conservation check). ElCapitanRules puts them together.
"""

from __future__ import annotations

from referee.core.errors import BadInput
from referee.core.rules import Rules
from referee.core.said import said
from referee.i18n import _

from . import info
from .board import CITIES, CITY_INDEX, board_for
from .notation import HELP, suggest
from .state import COLOURS, State, shown
from .moves import _per_player
# the engine's parts (mixins: each needs only the state and the other parts' methods through self)
from .invariants import Invariants
from .listing import Listing
from .payday import Payday
from .play import Play
from .questions import Questions
from .reading import Reading

# the move caches, named here too because tests clear them through this module
from .moves import _CACHE, _KNOWN_REVEAL, _PER_PLAYER, _PLAYER_MOVES, _REVEAL_MOVES, _PlayerMoves  # noqa: F401


class ElCapitanRules(Reading, Play, Payday, Listing, Questions, Invariants, Rules):
    unique_texts = True     # no two listed moves share a text (tests/core/test_legal_once.py)

    def __init__(self):
        super().__init__(id=info.ID, name=info.NAME, min_players=info.MIN_PLAYERS,
                         max_players=info.MAX_PLAYERS, options=info.OPTIONS)
        self.notation = HELP

    @property
    def notation(self) -> str:
        """The notation's help in the language in force (the language may be chosen after the engine is built)."""
        return _(HELP)

    @notation.setter
    def notation(self, text: str) -> None:
        pass                                    # the base class stores the help; here it is always HELP

    # --- setup ---------------------------------------------------------------------------------------
    def record_options(self, options):
        # Every board value the game used is a chance move in the log, so the record needs no board
        # file: it replays the same on a machine that has none (or a different one).
        return {**options, "board": "none"}

    def setup(self, players, options):
        board = board_for(options.get("board", "auto"))
        n = len(players)
        need = n + (2 if n == 2 else 0)
        raw = options.get("colours") or ""
        if raw:
            colours = []
            for word in raw.replace(" ", ",").split(","):
                if not word:
                    continue
                if word not in COLOURS:
                    raise BadInput(_("Option colours: {word} is not a colour; the colours are {colours}.").format(
                        word=repr(word), colours=", ".join(COLOURS)) + suggest(word, COLOURS))
                colours.append(COLOURS.index(word))
            if len(colours) != need or len(set(colours)) != need:
                if n == 2:
                    raise BadInput(_("Option colours needs {n} different colours (a main and a neutral colour for "
                                     "each of the 2 players).").format(n=need))
                raise BadInput(_("Option colours needs {n} different colours (one per player).").format(n=need))
        else:
            colours = [0, 1, 2, 3] if n == 2 else list(range(n))   # 2 players: A red+green, B yellow+blue
        s = State(players, options, board, colours)
        s.board_layout = board.layout
        s.setup_warnings = [board.problem] if board.problem else []
        if board.loan10_extended is not None and board.loan10_extended != options["loan10_extended"]:
            s.setup_warnings.append(_("Your board file says an extended 10-florin loan is repaid with "
                                      "{board}, but this game uses {game}; start it with -o loan10-extended={board} "
                                      "to follow your cards (option O1).").format(
                board=board.loan10_extended, game=options["loan10_extended"]))
        s.dist = s.reach = None
        s.moves_of = [_per_player(name) for name in players]    # each player's cached turn moves
        self._new_pieces(s)
        for c in range(len(CITIES)):
            s.learned[("site", c, 1)] = 0      # site 1 is printed "0" in every city (confirmed)
        s.learned[("exp", 0)] = 0              # no city pays nothing [derived]
        # A deck listed in the board file only narrows the reveal questions (same texts as without the file,
        # so a record replays on a machine without it); a reshuffled discard pile is known from the log itself.
        s.file_deck = {"d": None, "c": None}
        if board.destination_cards:
            s.file_deck["d"] = [("d", CITY_INDEX[c], se, pr) for c, se, pr in board.destination_cards]
        if board.connection_cards:
            s.file_deck["c"] = [("c", CITY_INDEX[a], CITY_INDEX[b], pr) for a, b, pr in board.connection_cards]
        s.reveal_queue = ["d"] * 4 + ["c"] * 6
        s.after_reveal = "turn"
        return s

    # --- state queries ---------------------------------------------------------------------------------
    def finished(self, s):
        return s.stage == "over"

    def events(self, s):
        out = [said(s.flash)] if s.flash else []
        out += [shown(note) for note in s.notes[s.notes_mark:]]
        if s.paid_now:
            out.append(_("Payday {n}: {paid}.").format(n=s.paydays, paid="; ".join(
                _("{name} receives {total}").format(name=name, total=parts["total"])
                for name, parts in s.last_payday.items())))
        return out

    def result(self, s):
        if s.stage != "over":
            return None
        from scoring.el_capitan import score_validated, validate

        return score_validated(validate(s.final_input, allow_negative_money=True))

    def to_move(self, s):
        st = s.stage
        if st == "turn":
            if s.pending_dark is not None or self._turn_question(s) is not None:
                return None
            return s.players[s.cur]
        if st == "loans":
            return s.players[s.settle_queue[0][0]]
        if st == "start":
            return None if s.chooser is None else s.players[s.chooser]
        return None

    # --- presentation ------------------------------------------------------------------------------------
    def prompt(self, s):
        from .present import prompt

        return prompt(self, s)

    def view(self, s):
        from .present import view

        return view(self, s)

    def render(self, s):
        from .render import render

        return render(self, s)
