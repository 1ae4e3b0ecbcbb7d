"""Spider Solitaire (1, 2 or 4 suits) in the house's rooms: the deck and deal IDs
(``deck``), moves (``moves``), the position text (``notation``), the rules and state
(``rules``), where a tap goes (``tap``), the hint (``hints``), what the live region says
(``announce``), the saved game (``save``), the bounded search (``solver``) and the
computer opponent (``opponent``). It depends on :mod:`spider.core` and on no other game.
"""

from ..core.messages import Hint
from .game import Game
from .known import solve_known
from .moves import ColumnView, Move, Step, Target
from .rules import NAME
from .solver import SolveResult, solve

__all__ = ["NAME", "ColumnView", "Game", "Hint", "Move", "SolveResult", "Step", "Target", "solve",
           "solve_known"]
