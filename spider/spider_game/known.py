"""Spider's solver with every card known, for the analysis of a finished game
(:mod:`spider.core.analysis`): the game is over, so the face-down cards and the stock may
now be searched. The solver itself (:mod:`spider.spider_game.solver`) is unchanged; this
only counts every card of a copy as seen before asking it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .solver import SolveResult, solve


def solve_known(game: Any, max_nodes: int, *, should_stop: Callable[[], bool] | None = None,
                lost: set[bytes] | None = None) -> SolveResult:
    """``solve`` on a copy of ``game`` whose every card counts as seen; the line it gives
    wins from ``game`` itself (the same cards). The game is not changed. ``lost``: positions
    of this game proved lost, read and added to (``solver`` module docstring)."""
    g = game.copy()
    g.known_down = list(g.down)
    g.known_stock = len(g.stock)
    return solve(g, max_nodes, should_stop=should_stop, lost=lost)
