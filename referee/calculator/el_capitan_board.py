"""El Capitan's payday calculator reads the user's own board file (``referee board``, rule D4): the rows of the
expansion table the rulebook does not confirm are printed on the user's board, so a row saved there is used
whenever the input does not give it (issue 13 item 8). The input's own rows always win."""

from __future__ import annotations


def board_rows(data: dict) -> tuple[dict, str | None]:
    """(data with the saved board's expansion rows added where the input has none, a note or None).

    Only the default board file is read (REFEREE_EL_CAPITAN_BOARD, else the user data directory); a board
    file that cannot be used is reported in the note and nothing is added."""
    if not isinstance(data, dict):
        return data, None
    from referee.games.el_capitan.board import BoardError, board_for, tables_board

    try:
        board = board_for("auto")
    except BoardError as err:          # pragma: no cover - 'auto' reports a broken file as board.problem
        return data, str(err)
    if board.problem:
        return data, board.problem
    if board.source == "tables":
        return data, None
    given = data.get("expansion_table")
    if given is not None and not isinstance(given, dict):
        return data, None              # the calculator refuses it, naming the field
    rows = dict(given or {})
    have = {str(k).strip() for k in rows}
    added = []
    printed = tables_board().expansion         # rows the calculator knows already (the rulebook's)
    for n in range(1, 10):
        value = board.expansion.get(n)
        if value is not None and str(n) not in have and value != printed.get(n):
            rows[str(n)] = value
            added.append(n)
    if not added:
        return data, None
    return {**data, "expansion_table": rows}, None
