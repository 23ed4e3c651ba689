"""Guided entry for `referee score GAME` on a terminal: one question at a time, with completion.

Every answer is checked here first (a number in range, a known id, a colour in play); a bad answer is
re-asked with the reason. An id may be typed short (a unique prefix or tail, any case, words for hyphens, a
printed name: 'aa', 'admiral 7', 'roaster', 'Venice'); match_id() reads it and ask() echoes the full id.
The finished input then goes through the game's calculator; if that rejects it, the reason is shown and
the part it names (a player, a city, a feature) is asked again. Once it scores, each optional setting of
the calculator (Port Royal's game end, Carcassonne's farm rule, El Capitan's O4/O5, Puerto Rico's
customs-house option) is asked, default on Enter, but only when its values would score this position
differently.

This module drives the questions; the parts are: answers.py (parsing an answer), asking.py (asking until
it parses, `back`, the terminal), questions/ (each game's questions), options.py (the optional settings).
The questions go through an ``Asker``: ``PromptAsker`` uses prompt-toolkit (imported only at run time);
tests inject their own Asker (or drive PromptAsker with a pipe input).
"""

from __future__ import annotations

from ..core.errors import BadInput
from ..i18n import _
from .answers import (Invalid, counts_by_name, lookup, match_id, name_parser, numbers, pick,  # noqa: F401
                      pick_many, whole, words, yes_no)
from .asking import BACK_WORDS, Asker, GoBack, PromptAsker, Rewind, terminal_asker  # noqa: F401
from .options import Setting, changes_result, set_path  # noqa: F401
from .questions import FLOWS, CarcassonneFlow, ElCapitanFlow, Flow, PortRoyalFlow, PuertoRicoFlow  # noqa: F401

# guided_score is the entry point; the other names are re-exported because tests and callers imported them
# from this module when it held everything
__all__ = ["BACK_WORDS", "FLOWS", "Asker", "CarcassonneFlow", "ElCapitanFlow", "Flow", "GoBack", "Invalid",
           "PortRoyalFlow", "PromptAsker", "PuertoRicoFlow", "Setting", "changes_result", "counts_by_name",
           "fill_missing", "guided_score", "lookup", "match_id", "name_parser", "numbers", "pick", "pick_many",
           "whole", "words", "yes_no"]


def fill_missing(asker: Asker, flow: Flow, data: dict, err) -> bool:
    """A calculator that needs a number only the user's board shows (El Capitan's expansion table, rule D7)
    says so; ask for it, store the answer in the input and return True (False: not such an error)."""
    need = flow.missing(err)
    if need is None:
        return False
    path, question = need
    set_path(data, path, asker.ask(question, whole()))
    return True


def guided_score(game_id: str, asker: Asker | None = None, stdin=None, out=None, err=None,
                 max_rounds: int = 50):
    """Ask for the end position, score it, re-ask what the calculator rejects. Returns (data, Result).

    Without an ``asker``: prompt-toolkit on ``stdin``, asking on ``out`` when it is a terminal, else on
    ``err`` (streams default to sys.stdin/stdout/stderr)."""
    from .modules import calculator_module

    module = calculator_module(game_id)
    if asker is None:
        asker = terminal_asker(stdin, out, err)
    rewind = Rewind(asker)
    while True:
        try:
            return _guided_once(game_id, rewind, module, max_rounds)
        except GoBack:
            rewind.rewind()
            asker.tell("  " + _("Back to the previous question."))


def _guided_once(game_id: str, asker: "Rewind", module, max_rounds: int):
    """One pass of guided_score() (run again, replaying the answers, when the person goes back)."""
    import scoring

    flow = FLOWS[game_id](asker, module)
    try:
        asker.tell(_("Scoring {game}: answer each question; Tab completes, 'back' returns to the previous "
                     "question, Ctrl-C stops.").format(game=game_id))
        data = flow.collect()
        asked: set = set()          # settings answered (each is asked once, after the position scores)
        for _round in range(max_rounds):
            try:
                result = scoring.score(game_id, data)
            except scoring.ScoringError as problem:
                if fill_missing(asker, flow, data, problem):
                    continue
                asker.tell(_("That does not score: {problem}").format(problem=problem))
                if not flow.redo(data, str(problem), problem):
                    asker.tell(_("Please enter everything again."))
                    data, asked = flow.collect(), set()
                continue
            setting = flow.next_setting(data, asked)
            if setting is None:
                return data, result
            asked.add(setting.path)
            value = setting.ask(asker)
            setting.put(data, value)
            if setting.then is not None:
                setting.then(data, value)
        raise BadInput(_("Gave up after {n} rejected attempts; the last problem is shown above.").format(n=max_rounds))
    except (KeyboardInterrupt, EOFError):
        raise BadInput(_("Scoring stopped before the input was complete; nothing was scored.")) from None
