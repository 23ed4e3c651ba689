"""The refusal of a move typed in the wrong phase of a Carcassonne turn: what is expected instead."""

from __future__ import annotations

from referee.core.errors import IllegalMove
from referee.i18n import _


def phase_error(rules, st, wanted: str):
    who = st.players[st.current]
    if st.phase == "draw":
        raise IllegalMove(_("No tile is drawn yet; first enter the tile {who} draws (e.g. draw b:d), then {wanted}.").format(
            who=who, wanted=wanted))
    if st.phase == "place":
        example = next(iter(rules.legal(st)), None)
        if example:
            raise IllegalMove(_("{who} has drawn {tile} and must place it first (rule P4), e.g. {example}.").format(
                who=who, tile=st.hand, example=example.text))
        raise IllegalMove(_("{who} has drawn {tile} and must place it first (rule P4).").format(who=who, tile=st.hand))
    if st.phase == "figure":
        raise IllegalMove(_("{who}'s tile is placed; now place at most one figure on it or type none (rule F1).").format(
            who=who))
    raise IllegalMove(_("The game is over; no more moves can be entered."))
