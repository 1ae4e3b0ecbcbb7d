"""Auto-finish: putting the last cards onto the foundations one by one.

Offered only where it is known to work: the game is not won, ``all_known`` holds (no card
face down, every stock and waste card seen), and the finish below, played out on a copy of
the cards, ends with all 52 cards up. :func:`auto_move` gives its first move; playing the
moves one by one wins, because the finish is a fixed rule that depends on the position only:
from the position after its first move it plays the rest of the same sequence.

The finish, at each step: put up the lowest-ranked card that can go (a column's exposed card
or the waste's top card; ties: ♠ ♥ ♦ ♣, columns before the waste); when none can, turn the
stock (or the waste back); give up when a whole round of the stock passes without a card
going up.

Why it nearly always works, and where it cannot: with no card face down every column is an
ordered run (in play; a position text may hold others, then the simulation simply fails),
so its lowest card is its exposed one, and the lowest card left anywhere can always go up
when it lies in a column. In draw 1 every stock card comes to the top by turning. In draw 3
only every third card does, and a card that never comes to the top can block the finish
(then it is not offered, and the player plays on by hand).
"""

from __future__ import annotations

from typing import Protocol

from .moves import FOUNDATION, WASTE, Cards, Move


class _Table(Cards, Protocol):
    @property
    def all_known(self) -> bool: ...


def finish_line(game: _Table, limit: int = 2_000) -> list[Move] | None:
    """The whole finish as moves, or ``None`` when it does not win (see the module
    docstring). Needs ``all_known``; the game is not changed."""
    if game.is_won or not game.all_known:
        return None
    cols = [c[:] for c in game.cols]
    stock = game.stock[:]
    waste = game.waste_pile[:]
    found = game.found[:]
    out: list[Move] = []
    idle = 0  # taps on the stock since a card last went up
    while sum(found) < 52 and len(out) < limit:
        best: tuple[int, int, int] | None = None  # (rank, suit, source)
        for i, c in enumerate(cols):
            if c and c[-1] % 13 == found[c[-1] // 13]:
                cand = (c[-1] % 13, c[-1] // 13, i)
                best = cand if best is None or cand < best else best
        if waste and waste[-1] % 13 == found[waste[-1] // 13]:
            cand = (waste[-1] % 13, waste[-1] // 13, WASTE)
            best = cand if best is None or cand < best else best
        if best is not None:
            _, suit, src = best
            (waste if src == WASTE else cols[src]).pop()
            found[suit] += 1
            out.append(Move(src, FOUNDATION))
            idle = 0
            continue
        if not stock and not waste:
            return None
        if idle > len(stock) + len(waste) + 1:
            return None
        if stock:
            k = min(game.draw, len(stock))
            waste.extend(stock[:k])
            del stock[:k]
        else:
            stock, waste = waste, []
        out.append(Move.stock())
        idle += 1
    return out if sum(found) == 52 else None


def auto_move(game: _Table) -> Move | None:
    """The next move of the finish, or ``None`` when the game is won or the finish is not
    offered here."""
    line = finish_line(game)
    return line[0] if line else None
