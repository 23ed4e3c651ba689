"""Carcassonne (base game) with Traders & Builders."""

from .rules import CarcassonneRules

RULES = CarcassonneRules()
