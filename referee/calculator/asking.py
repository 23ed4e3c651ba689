"""How the guided calculator asks: an ``Asker`` asks one question until the answer parses (the parsers
are in answers.py) and echoes how a short id was read; ``Rewind`` wraps it so that `back` returns to the
previous question in every game's questions; ``PromptAsker`` asks on the terminal with prompt-toolkit
(imported only here, at run time). Tests inject their own Asker (or drive PromptAsker with a pipe input).
"""

from __future__ import annotations

import sys

from ..i18n import _
from .answers import READS, Invalid, norm


class GoBack(Exception):
    """The person typed `back`: guided.guided_score() replays every answer but the last one and asks that
    again."""


# what returns to the previous question, in either language (accents and case aside)
BACK_WORDS = ("back", "zpet")


class Asker:
    """Asks one question until the answer parses. Subclasses provide ``line`` and ``tell``."""

    def line(self, question: str, choices: list[str] | None) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def tell(self, text: str) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def ask(self, question: str, parse, choices=None, default=None, echo: bool = True):
        prompt = question if default in (None, "") else f"{question} [{default}]"
        while True:
            raw = self.line(prompt + ": ", choices)
            text = raw.strip()
            if self.going_back(text):
                continue
            if not text and default is not None:
                text = str(default)
            READS.append([])
            try:
                value = parse(text)
            except Invalid as err:
                self.tell(f"  {err}")
                continue
            finally:
                read = READS.pop()
            if read and echo:       # a short form was taken for a full id: say which, so a wrong guess is seen
                self.tell("  " + _("Read {readings}.").format(readings=", ".join(
                    _("{word} as {full}").format(word=word, full=full) for word, full in read)))
            self.answered(raw)
            return value

    def going_back(self, text: str) -> bool:
        """True when ``text`` was a request to go back that is already handled (ask again); the Rewind
        wrapper raises GoBack instead. A plain Asker has no history: `back` is an ordinary answer."""
        return False

    def answered(self, raw: str) -> None:
        """Called with each answer that parsed (as typed); Rewind keeps them for `back`."""


class Rewind(Asker):
    """Wraps the caller's Asker so that `back` (or `zpět`) returns to the previous question in every flow.

    The flows are plain functions of the answers, so going back needs no undo in each of them: the answers
    given so far, but the last, are replayed silently (nothing re-asked, nothing told) and the person is
    asked the last question again."""

    def __init__(self, inner: Asker):
        self.inner = inner
        self.given: list[str] = []
        self.replay: list[str] = []
        self.quiet = False

    def line(self, question, choices):
        if self.replay:
            self.quiet = True
            return self.replay.pop(0)
        self.quiet = False
        return self.inner.line(question, choices)

    def tell(self, text):
        if not self.quiet:
            self.inner.tell(text)

    def going_back(self, text):
        if self.quiet or norm(text) not in BACK_WORDS:
            return False
        if not self.given:
            self.inner.tell("  " + _("This is the first question; there is no answer to go back to."))
            return True
        raise GoBack

    def answered(self, raw):
        self.given.append(raw)

    def rewind(self) -> None:
        """Start again, replaying every answer but the last."""
        self.replay, self.given = self.given[:-1], []
        self.quiet = bool(self.replay)


class PromptAsker(Asker):
    """prompt-toolkit: completion from the game's ids (anywhere in the word), history within the run."""

    def __init__(self, input=None, output=None):
        from prompt_toolkit import PromptSession

        self.session = PromptSession(input=input, output=output)

    def line(self, question, choices):
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(list(choices), ignore_case=True, WORD=True, match_middle=True) \
            if choices else None
        return self.session.prompt(question, completer=completer, complete_while_typing=True,
                                   reserve_space_for_menu=6 if choices else 0)

    def tell(self, text):
        from prompt_toolkit import print_formatted_text

        print_formatted_text(text, output=self.session.output)


def terminal_asker(stdin=None, out=None, err=None) -> PromptAsker:
    """Prompts on the terminal; if stdout is redirected (e.g. --json > file), the questions go to stderr."""
    from prompt_toolkit.input import create_input
    from prompt_toolkit.output import create_output

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    return PromptAsker(input=create_input(stdin if stdin is not None else sys.stdin),
                       output=create_output(stdout=out if tty else err))
