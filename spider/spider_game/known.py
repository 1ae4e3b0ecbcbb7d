"""Spider's solver with every card known, for the analysis of a finished game
(:mod:`spider.core.analysis`): the game is over, so the face-down cards and the stock may
now be searched. The solver itself (:mod:`spider.spider_game.solver`) is unchanged; this
counts every card of a copy as seen before asking it.

Early in a two-suit game the solver's best-first search rarely finds a win within seconds,
where a few narrow beams (:mod:`spider.spider_game.beam`) often find one in under a second.
So ``solve_known`` asks the solver first with a small budget (``FIRST`` positions: most
positions late in a game, won or lost, are decided there), then the beams (at most
``BEAM_NODES`` positions), then the solver again with what is left. A beam's line is made
with the solver's own move code, and the analysis replays every line through the engine
before it claims anything (as it does the solver's); a beam that finds nothing proves
nothing. Losses are proved by the solver alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .beam import find_win
from .solver import SolveResult, solve

FIRST: Final = 200_000  # positions for the solver's first try (about 2 s on CPython)
BEAM_NODES: Final = 500_000  # positions for the beams at most (about 5 s on CPython)


def solve_known(game: Any, max_nodes: int, *, should_stop: Callable[[], bool] | None = None,
                lost: set[bytes] | None = None) -> SolveResult:
    """``"solved"`` with a line that wins from ``game`` itself, ``"unsolvable"`` (the
    solver's proof), or ``"unknown"``, searching a copy of ``game`` whose every card counts
    as seen. Each search holds at most ``max_nodes`` positions (memory): the beams, and the
    solver's two tries together; ``nodes`` counts every position made. The game is not
    changed. ``lost``: positions of this game proved lost, read and added to (``solver``
    module docstring)."""
    g = game.copy()
    g.known_down = list(g.down)
    g.known_stock = len(g.stock)
    first = solve(g, min(max_nodes, FIRST), should_stop=should_stop, lost=lost)
    if first.status != "unknown" or first.nodes >= max_nodes:
        return first
    if should_stop is not None and should_stop():
        return first
    line, made = find_win(g, min(BEAM_NODES, max_nodes), should_stop=should_stop,
                          lost=frozenset() if lost is None else lost)
    nodes = first.nodes + made
    if line is not None:
        return SolveResult("solved", line, nodes)
    if should_stop is not None and should_stop():
        return SolveResult("unknown", [], nodes)
    # the beams' table is gone by now: the solver may hold as many positions as it was given
    rest = solve(g, max_nodes - first.nodes, should_stop=should_stop, lost=lost)
    return SolveResult(rest.status, rest.line, rest.nodes + nodes)

