"""A quick search for a win with every card known: a few narrow beams, one after another.

For the analysis of a finished game (:mod:`spider.core.analysis`, through
:func:`spider.spider_game.known.solve_known`). The exhaustive solver
(:mod:`spider.spider_game.solver`) proves losses and finds wins late in a game, but from a
two-suit position early in the game (several rows in the stock, 30-44 cards face down) its
best-first search rarely finds a win within seconds: too many positions share its estimate.
A beam keeps, move after move, only the ``width`` positions with the best estimate among the
children of the positions it kept, each position once (a table of every position it made).
It may miss every win, and its "no win" proves nothing; what it finds is a line, which the
analysis replays through the engine before it claims anything.

Estimate (smaller is better), in half-breaks: per pair of neighbouring cards in a column, 0
for a one-suit step down, 2 for a face-up break (``W_BREAK``), ``w_other`` for a step down
onto another suit, ``w_down`` for a face-down card; 2 per card in the stock (``W_STOCK``),
``-w_empty`` per empty column, -26 per run removed (``W_RUN``). Which beam wins is very
sensitive to these weights, and different weights win from different positions, so
``BEAMS`` runs several in turn, each from the start again: a beam ends at a win, at its cap
of positions (``FIRST_CAP`` per 100 of its width), or when every child of the positions it
kept is one it made before. Then the beams of ``BACKTRACKING`` take turns, each going back,
when it is stuck, to the best of the children it cut off (deepest first), with a cap that
doubles every round. Such a beam that ends by itself has made every position reachable.

Measured (2026-12-04) on 72 two-suit positions, every card known: 8 seeded deals
``S2-1000…1007`` and positions 0, 5, …, 35 actions into the first 8 random games of
``bench/analysis.py --only spider-2``. The solver alone, 500,000 positions each: 9 won, 8
proved lost. A single beam of width 100 or 300 won from 5-23 of them within 1.5-3 s,
depending on its weights; six weightings won from 38 between them; these beams in turn
won from 47 within 6 s each, most within 1 s (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .deck import DEAL_SIZE
from .moves import Move
from .solver import _DEAL, _DOWN, _child, _column_bytes, _decode, _key, _meta, _moves

# The beams tried, in turn: (width, weight of a face-down card, of an empty column, of a
# step down in rank onto another suit). Each weight is in half-breaks: a break between two
# face-up cards weighs 2, a stock card 2, a removed run -26 (see the module docstring).
BEAMS: Final = ((100, 3, 2, 2), (100, 4, 4, 2), (100, 2, 4, 3), (100, 2, 2, 2), (100, 5, 2, 2),
                (400, 3, 2, 2), (400, 4, 4, 2), (400, 2, 4, 3))
# the beams that go back to what they cut off (see find_win), in turn
BACKTRACKING: Final = ((100, 2, 4, 3), (100, 3, 2, 2), (100, 4, 4, 2))
# positions per beam in the first round, per 100 of its width; then for each backtracking
# beam, and twice as many each round after
FIRST_CAP: Final = 200_000
W_BREAK: Final = 2
W_STOCK: Final = 2
W_RUN: Final = 26

# a kept position: (estimate, columns, rows dealt, runs removed, line back: (code, line) or None)
_Entry = tuple[int, tuple[bytes, ...], int, int, Any]


def find_win(game: Any, max_nodes: int, *, should_stop: Callable[[], bool] | None = None,
             check_every: int = 1024, lost: set[bytes] | frozenset[bytes] = frozenset(),
             beams: tuple[tuple[int, int, int, int], ...] = BEAMS,
             first_cap: int = FIRST_CAP,
             backtracking: tuple[tuple[int, int, int, int], ...] = BACKTRACKING,
             ) -> tuple[list[Move] | None, int]:
    """A winning line from ``game`` (every card of it known to the caller) found by the
    beams of ``beams`` in turn, or ``None``; and how many positions were made. Stops at
    ``max_nodes`` positions in all, or when ``should_stop()`` (asked every ``check_every``
    positions) says so. ``lost``: keys of positions proved lost (the solver's), never kept.
    The game is not changed."""
    if game.is_won:
        return [], 0
    cols0 = tuple(_column_bytes(c, d) for c, d in zip(game.cols, game.down, strict=True))
    stock = bytes(game.stock)
    rows = len(stock) // DEAL_SIZE
    lenient = game.lenient_deal
    done0 = len(game.done)
    meta: dict[bytes, int] = {b"": 0}

    def info(c: bytes) -> int:
        x = meta.get(c)
        if x is None:
            x = meta[c] = _meta(c)
        return x

    nodes = 0
    next_check = check_every

    def run(width: int, w_down: int, w_empty: int, w_other: int, cap: int,
            backtrack: bool) -> str | list[Move]:
        """One beam of at most ``cap`` positions: its line, or why it ended."""
        nonlocal nodes, next_check
        estimate = _estimator(rows, w_down, w_empty, w_other)
        seen = {_key(cols0, 0, rows)}
        level: list[_Entry] = [(0, cols0, 0, done0, None)]
        reserve: list[list[_Entry]] = []  # the children each level cut off, deepest last
        made = 0
        while level or reserve:
            if not level:  # every child was made before: go on from the best of those cut off
                cut = reserve.pop()
                level = cut[:width]
                if len(cut) > width:
                    reserve.append(cut[width:])
                continue
            children: list[_Entry] = []
            for _, cols, dealt, done, back in level:
                runs = [info(c) & 255 for c in cols]
                for code in _moves(cols, runs, dealt, rows, lenient):
                    new, removed = _child(cols, code, stock, dealt, meta)
                    if done + removed == 8:
                        return _unwind((code, back))
                    now = dealt + (code >> 12 == _DEAL)
                    key = _key(new, now, rows)
                    if key in seen or key in lost:
                        continue
                    seen.add(key)
                    nodes += 1
                    made += 1
                    if nodes >= max_nodes:
                        return "budget"
                    if made >= cap:
                        return "cap"
                    if nodes >= next_check and should_stop is not None:
                        next_check = nodes + check_every
                        if should_stop():
                            return "budget"
                    children.append((estimate(new, now, done + removed), new, now,
                                     done + removed, (code, back)))
            children.sort(key=_first)
            level = children[:width]
            if backtrack and len(children) > width:
                reserve.append(children[width:])
        # stuck; or, going back, every position reachable was made: there is no win to find
        return "all" if backtrack else "stuck"

    # first each beam as it is: it ends where every child was made before
    for beam in beams:
        found = run(*beam, first_cap * beam[0] // 100, False)
        if not isinstance(found, str):
            return found, nodes
        if found == "budget":
            return None, nodes
    # then each beam going back to the best children it cut off, with twice the positions
    # each round
    cap = first_cap
    while backtracking:
        for beam in backtracking:
            found = run(*beam, cap, True)
            if not isinstance(found, str):
                return found, nodes
            if found != "cap":
                return None, nodes
        cap *= 2
    return None, nodes


def _estimator(rows: int, w_down: int, w_empty: int,
               w_other: int) -> Callable[[tuple[bytes, ...], int, int], int]:
    """The estimate of one beam (module docstring), with each column's part cached."""
    score: dict[bytes, int] = {b"": -w_empty}

    def estimate(cols: tuple[bytes, ...], dealt: int, done: int) -> int:
        h = (rows - dealt) * DEAL_SIZE * W_STOCK - W_RUN * done
        for c in cols:
            s = score.get(c)
            if s is None:
                s = score[c] = _score(c, w_down, w_other)
            h += s
        return h

    return estimate


def _score(col: bytes, w_down: int, w_other: int) -> int:
    """A column's part of the estimate: per pair of neighbouring cards, 0 for a one-suit step
    down, ``w_other`` for a step down onto another suit, ``W_BREAK`` for any other face-up
    pair, ``w_down`` for a face-down card under a card."""
    s = 0
    for i in range(len(col) - 1):
        upper, lower = col[i], col[i + 1]
        if upper >= _DOWN:
            s += w_down
        elif upper == lower + 1 and upper % 13:
            continue
        elif upper % 13 == lower % 13 + 1:  # (a face-up card lies only on face-up ones)
            s += w_other
        else:
            s += W_BREAK
    return s


def _first(entry: _Entry) -> int:
    return entry[0]


def _unwind(back: Any) -> list[Move]:
    codes: list[int] = []
    while back is not None:
        code, back = back
        codes.append(code)
    return [_decode(c) for c in reversed(codes)]
