"""The first engine's ``spider.solver``, kept so that code written against it keeps working:
Spider's solver lives in :mod:`spider.spider_game.solver`."""

from .spider_game.solver import SolveResult, solve

__all__ = ["SolveResult", "solve"]
