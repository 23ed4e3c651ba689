import importlib

import pytest

from referee.calculator import GAMES
from referee.calculator.guided import Asker


def real_module(game_id):
    """scoring.<game>: every game's calculator must exist, so a missing one FAILS (never skips)."""
    name = f"scoring.{GAMES[game_id]}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        pytest.fail(f"{name} is missing: the {game_id} calculator was never delivered")


@pytest.fixture
def game_module():
    return real_module


class ScriptedAsker(Asker):
    """Answers from a list; records every question ("Q") and every message ("T")."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.log = []

    def line(self, question, choices):
        self.log.append(("Q", question))
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def tell(self, text):
        self.log.append(("T", text))

    def told(self):
        return [t for k, t in self.log if k == "T"]

    def questions(self):
        return [t for k, t in self.log if k == "Q"]


@pytest.fixture
def scripted():
    return ScriptedAsker
