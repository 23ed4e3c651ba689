import sys

import pytest

from referee.calculator import GAMES
from referee.calculator.guided import Asker

from . import standins


@pytest.fixture
def game_module(monkeypatch):
    """game id -> scoring module: the real one once it has landed, else a stand-in (restored afterwards)."""
    def get(game_id):
        name = GAMES[game_id]
        if standins.real_module_exists(name):
            return sys.modules.get(f"scoring.{name}") or __import__(f"scoring.{name}", fromlist=["x"])
        mod = standins.STANDINS[name]()
        monkeypatch.setitem(sys.modules, f"scoring.{name}", mod)
        return mod
    return get


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
