"""Klondike (draw 1 or draw 3) in the house's rooms: PySolFC's deals and the deal IDs
(``deals``), moves (``moves``), the position text (``notation``), the rules and state
(``rules``), the settled foundation cards (``safety``), the hint (``hints``), auto-finish
(``finish``), the saved game (``save``), the solver (``solver``) and the level deals
(``levels``, ``deal_lists``). It depends on :mod:`spider.core` and on no other game.

>>> from spider.klondike import Game, Move
>>> g = Game.new(draw=3, deal_id="K3-1")
>>> g.deal_id, g.draw, g.stock_count
('K3-1', 3, 24)
>>> step = g.play(Move.stock())
>>> g.waste
('4H', 'AC', '4D')
"""

from ..core.messages import Hint, IllegalMove
from .game import Game
from .levels import level_deals as level_deals  # not in __all__: spider.daily reads its lists here
from .moves import Move
from .rules import NAME
from .solver import SolveResult, solve

__all__ = ["NAME", "Game", "Hint", "IllegalMove", "Move", "SolveResult", "solve"]
