"""The first engine's ``spider.game``, kept so that code written against it keeps working:
Spider's rules live in :mod:`spider.spider_game`."""

from .core.messages import IllegalMove
from .spider_game.game import Game
from .spider_game.rules import POINTS_CLEAR, POINTS_FIT, POINTS_MOVE, POINTS_REVEAL, POINTS_RUN
from .spider_game.runs import block_text, run_length

__all__ = ["POINTS_CLEAR", "POINTS_FIT", "POINTS_MOVE", "POINTS_REVEAL", "POINTS_RUN", "Game",
           "IllegalMove", "block_text", "run_length"]
