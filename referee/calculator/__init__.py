"""`referee score GAME [FILE or -] [--json] [--template]`: the front end of the final-scoring calculator.

    run(game, source, as_json=False, template=False, out=sys.stdout, err=sys.stderr, stdin=sys.stdin) -> 0

Bad input raises referee.core.errors.BadInput (one sentence; exit 2). The calculators themselves are the
pure functions in scoring/<game>.py. On the ``--json``/file path this package imports only json (and
tomllib for TOML input): prompt-toolkit and rich are imported inside the guided mode and the table.
"""

from __future__ import annotations

import sys

from ..core.errors import BadInput
from ..i18n import _

__all__ = ["GAMES", "calculator_module", "resolve", "run", "score_data"]

from scoring import CALCULATORS as GAMES  # calculator game id -> module in scoring/

from .modules import calculator_module


def resolve(game) -> str:
    """The calculator's game id for what the user typed; exact ids skip the registry (and its imports)."""
    key = str(game).strip().lower()
    if key in GAMES:
        return key
    from ..core.registry import resolve_game_id     # aliases, did-you-mean: one truth for every command

    game_id = resolve_game_id(game)
    if game_id not in GAMES:
        raise BadInput(_("There is no final-scoring calculator for {game}; the calculator scores: {games}.").format(
            game=game_id, games=", ".join(GAMES)))
    return game_id


def score_data(game_id: str, data: dict, where: str | None = None):
    """Score a §3 input dict; a rejected input becomes BadInput naming the field (prefixed by the file)."""
    import scoring

    if isinstance(data.get("game"), str):
        try:
            named = resolve(data["game"])
        except BadInput:
            named = None
        if named != game_id:
            prefix = f"{where}: " if where else ""
            raise BadInput(prefix + _("game is {named!r}, but this is the {game} calculator; run "
                                      "`referee score {other}` for that input, or fix the field.").format(
                named=data["game"], game=game_id, other=named or data["game"]))
        data = {**data, "game": game_id}    # an alias such as "pr" reaches the calculator canonical
    try:
        return scoring.score(game_id, data)
    except scoring.ScoringError as err:
        prefix = f"{where}: " if where else ""
        other = None if "game" in data else _scores_as_another_game(game_id, data)
        hint = (" " + _("It is a {game} end position: run `referee score {game}` for it.").format(game=other)
                if other else "")
        raise BadInput(f"{prefix}{str(err).rstrip()}{hint}") from None


def _scores_as_another_game(game_id: str, data: dict) -> str | None:
    """An input without "game" that the calculator refuses but another game's calculator scores: the file
    of another game (the most common mistake with several games on the club's shelf)."""
    import scoring

    for other in GAMES:
        if other == game_id:
            continue
        try:
            scoring.score(other, data)
        except Exception:  # noqa: BLE001 - any refusal means: not this game either
            continue
        return other
    return None


def run(game, source=None, as_json: bool = False, template: bool = False, out=None, err=None, stdin=None,
        asker=None, keep=None) -> int:
    """The whole `referee score` command. Returns the exit status (0); bad input raises BadInput.

    ``source``: a path, "-" for standard input, or None: guided prompts when stdin is a terminal (or when
    an ``asker`` is given, as tests do), otherwise standard input as with "-". ``out``: the stream
    for the result; ``err``: where guided questions go when ``out`` is not a terminal (default
    sys.stdout / sys.stderr). ``keep(data, result)``, when given, is called with the scored input and its
    Result before the result is shown (`--record` logs it in the history; it may refuse with BadInput); a
    sentence it returns is written to ``err`` after the result.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    stdin = stdin if stdin is not None else sys.stdin
    game_id = resolve(game)
    if template:
        if source is not None:
            raise BadInput(_("--template prints an example input and reads no FILE; give either --template "
                             "or a FILE."))
        import json

        out.write(json.dumps(calculator_module(game_id).TEMPLATE, indent=2, ensure_ascii=False) + "\n")
        return 0
    if source is None and (asker is not None or _is_terminal(stdin)):
        from .guided import guided_score

        data, result = guided_score(game_id, asker=asker, stdin=stdin, out=out, err=err)
    else:
        from .load import STDIN_NAME, load

        data, name = load(source, stdin)
        calculator_module(game_id)      # a missing calculator is reported as such, not as a bad field
        if game_id == "el-capitan":     # the expansion rows printed on the user's board (referee board)
            from .el_capitan_board import board_rows

            data, note = board_rows(data)
            if note:
                err.write(note + "\n")
        result = score_data(game_id, data, _("Standard input") if name == STDIN_NAME else name)
    said = keep(data, result) if keep is not None else None
    show(result, as_json, out)
    if said:
        err.write(said + "\n")
    return 0


def show(result, as_json: bool, out) -> None:
    from . import output

    if as_json:
        out.write(output.to_json(result))
    else:
        output.render(result, output.make_console(out))


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
