"""Checks the engine tests of every game share: a game played at random (then partly undone,
so there is something to redo), and what a refused move must leave behind."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from spider.core.cards import card_code

G = TypeVar("G")


def played(game: G, n: int, seed: int, undo: int = 10) -> G:
    """``game`` after ``n`` random legal moves (a stuck game stops early) and ``undo`` undos."""
    g: Any = game
    rng = random.Random(seed)
    for _ in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    for _ in range(min(undo, g.moves_count)):
        g.undo()
    return game


def probe(g: Any, move: Any, refused: type[Exception]) -> None:
    """Play ``move``: if the engine refuses it, it was not among the legal moves, the refusal
    says why and the game is unchanged; if it plays, it was legal."""
    legal = g.legal_moves()
    before = g.to_json()
    try:
        g.play(move)
    except refused as e:
        assert move not in legal
        assert getattr(e, "reason", "") and g.to_json() == before
    else:
        assert move in legal


def column_lines(columns: Sequence[str], rest: Sequence[int],
                 ends: Mapping[int, int] | None = None) -> list[str]:
    """The column lines of a test position: each column as written, where a ``*`` stands
    for its share of ``rest`` (dealt face down round the ``*`` columns), followed by its
    card in ``ends``, if any."""
    fillers = [i for i, spec in enumerate(columns) if "*" in spec.split()]
    assert not rest or fillers, f"{len(rest)} cards left over and no * column"
    share: dict[int, list[str]] = {i: [] for i in fillers}
    for k, card in enumerate(rest):
        share[fillers[k % len(fillers)]].append("#" + card_code(card))
    for i, card in (ends or {}).items():
        share[i].append(card_code(card))
    lines = []
    for i, spec in enumerate(columns):
        toks: list[str] = []
        for tok in spec.split():
            toks += share[i] if tok == "*" else [tok]
        lines.append(f"{i + 1}:" + (" " + " ".join(toks) if toks else ""))
    return lines
