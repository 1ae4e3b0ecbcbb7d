"""Spider Solitaire: the complete rules, undo, hints and a solver, in pure Python.

>>> from spider import Game, Move
>>> g = Game.new(suits=1, deal_id="S1-7")
>>> g.deal_id
'S1-7'
>>> step = g.play(g.legal_moves()[0])
>>> g.undo() == step
True
"""

from .cards import card_code, card_label, card_name, parse_card
from .game import Game, IllegalMove
from .hints import Hint
from .moves import ColumnView, Move, Step, Target
from .solver import SolveResult, solve

__all__ = [
    "ColumnView",
    "Game",
    "Hint",
    "IllegalMove",
    "Move",
    "SolveResult",
    "Step",
    "Target",
    "card_code",
    "card_label",
    "card_name",
    "parse_card",
    "solve",
]
