"""Grading a deal for the level lists: does the hint alone win it, and what does the solver
say? Used by ``scripts/make_klondike_deals.py`` and the tests; the game itself only reads the
finished lists (:mod:`spider.klondike.levels`), so this module sits above the game."""

from __future__ import annotations

from .deals import format_deal_id
from .game import Game
from .levels import HINT_LIMIT, MAX_NODES
from .solver import solve


def hint_wins(draw: int, number: int, limit: int = HINT_LIMIT) -> bool:
    """Does following the hint move by move win PySolFC's deal ``number``?"""
    g = Game.new(deal_id=format_deal_id(draw, number))
    for _ in range(limit):
        if g.is_won:
            return True
        h = g.hint()
        if h.move is None:
            return False
        g.play(h.move)
    return bool(g.is_won)


def classify(draw: int, number: int, max_nodes: int = MAX_NODES) -> tuple[str, int, bool]:
    """What the lists need to know of a deal: the solver's status (with ``peek``; a
    ``"solved"`` line is replayed to a win here), its node count, and whether the hint
    alone wins. :func:`letter` turns that into the level. The search is the one that made
    the shipped lists (2026-12-01): without the solver's reductions 6, 7 and 8
    (``talon_cover``, ``twins``, ``inverse``), which came later and prove other deals
    within ``MAX_NODES``, so the same rule gives the same lists."""
    g = Game.new(deal_id=format_deal_id(draw, number))
    result = solve(g, max_nodes, peek=True, talon_cover=False, twins=False, inverse=False)
    if result.status == "solved":
        for move in result.line:
            g.play(move)
        if not g.is_won:
            raise AssertionError(f"K{draw}-{number}: the solver's line does not win")
    return result.status, result.nodes, hint_wins(draw, number)
