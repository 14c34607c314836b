"""Sixes (Welsh Chwech, Sinhala හය): a Spanish shedding card game of the Sevens family, and its relatives
Sevens, Fan Tan and Cinquillo on the same engine (``VARIANTS``).

Three layers, each importing only the one below it: ``sixes.engine`` (rules, bots, simulator;
standard library only, the same in CPython and in Pyodide), ``sixes.model`` (what the page shows,
as plain data) and the browser side (the only code that imports ``pyscript``, ``js`` or ``pyodide``).
The public API is re-exported here.
"""

from .engine.cards import Card
from .engine.game import Game, IllegalMove, Move, View
from .engine.saves import SaveError
from .engine.variants import VARIANTS

__all__ = ["VARIANTS", "Card", "Game", "IllegalMove", "Move", "SaveError", "View"]
