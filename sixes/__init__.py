"""Sixes (Welsh Chwech, Sinhala හය): a Spanish shedding card game of the Sevens family.

The engine is standard-library Python; it runs the same in CPython and in Pyodide.
"""

from .cards import Card
from .game import Game, IllegalMove, Move, SaveError, View

__all__ = ["Card", "Game", "IllegalMove", "Move", "SaveError", "View"]
