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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .info import INFO as INFO

if TYPE_CHECKING:
    from ..core.messages import Hint, IllegalMove
    from .game import Game
    from .levels import level_deals, level_of_deal
    from .moves import Move
    from .rules import NAME
    from .solver import SolveResult, solve, solve_known

# The rest is imported when first asked for (PEP 562): the registry reads ``INFO`` for every
# game, and a page that plays Spider does not load Klondike's rules for it.
_LAZY = {"Hint": "..core.messages", "IllegalMove": "..core.messages", "Game": ".game",
         "level_deals": ".levels", "level_of_deal": ".levels", "Move": ".moves", "NAME": ".rules",
         "SolveResult": ".solver", "solve": ".solver",
         "solve_known": ".solver"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


__all__ = ["INFO", "NAME", "Game", "Hint", "IllegalMove", "Move", "SolveResult", "level_deals",
           "level_of_deal", "solve", "solve_known"]
