"""What the solver tests of every game share: an exhaustive search that uses nothing but
the engine's ``legal_moves()``, ``play()`` and ``undo()`` (the reference a solver's
"unsolvable" is held against), and the replay of a solver's line (what proves "solved")."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any


def exhaustive(game: Any, limit: int, *, key: Callable[[Any], Hashable] | None = None,
               moves: Callable[[Any], Iterable[Any]] | None = None) -> bool | None:
    """Can the game be won? Depth-first over ``moves`` (all legal moves unless given), the
    visited set keyed by ``key`` (the exact position text unless given). ``None`` past
    ``limit`` positions."""
    key = key or (lambda g: g.to_text())
    moves = moves or (lambda g: g.legal_moves())
    g = game.copy()
    if g.is_won:
        return True
    seen = {key(g)}
    stack = [iter(moves(g))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.play(move)
        if g.is_won:
            return True
        k = key(g)
        if k in seen:
            g.undo()
            continue
        if len(seen) >= limit:
            return None
        seen.add(k)
        stack.append(iter(moves(g)))
    return False


def replays_to_win(game: Any, line: Iterable[Any]) -> bool:
    """Does playing ``line`` on a copy of the game win it?"""
    g = game.copy()
    for move in line:
        g.play(move)
    return bool(g.is_won)


def random_line(game: Any, rng: Any, n: int) -> list[Any]:
    """The positions (copies) of a random line of up to ``n`` legal actions from ``game``."""
    out = [game.copy()]
    g = game.copy()
    for _ in range(n):
        moves = g.legal_moves()
        if not moves or g.is_won:
            break
        g.play(rng.choice(moves))
        out.append(g.copy())
    return out
