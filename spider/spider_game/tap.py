"""Where a tap sends a block: Spider's tap policy.

A tap on card ``index`` of column ``col`` moves the block from that card to the column's
end. The destination is chosen in a fixed order: one that completes K…A of one suit at
once; then a card of the same suit one rank higher; then any other legal non-empty column;
only then an empty column; ties go to the lowest column (7♣ with 8♠ and 8♣ available goes
to 8♣). Moving a whole column into an empty one changes nothing: a tap never does it, and
a drag or the picker is refused the same way (:func:`pointless`), with the reason.

The picker lists the destinations in the same order (:func:`ranked_targets`), so its
first, preselected target is where a tap would go.
"""

from __future__ import annotations

from typing import Protocol

from ..core.messages import IllegalMove, Msg
from .deck import COLUMNS
from .moves import Move, Target
from .runs import block_text


class _Table(Protocol):
    cols: list[list[int]]
    down: list[int]

    def pickup_message(self, src: int, count: int) -> Msg | None: ...

    def targets(self, src: int, count: int) -> list[Target]: ...


def _order(t: Target) -> tuple[int, int]:
    return (0 if t.completes else 1 if t.same_suit else 3 if t.empty else 2, t.dst)


def is_whole_column(table: _Table, src: int, count: int) -> bool:
    """Is the block the whole column, with no face-down card under it?"""
    return table.down[src] == 0 and count == len(table.cols[src])


def ranked_targets(table: _Table, src: int, count: int) -> list[Target]:
    """The legal destinations in tap order; an empty column is left out when the block is
    already a whole column (moving it there changes nothing)."""
    whole = is_whole_column(table, src, count)
    return sorted((t for t in table.targets(src, count) if not (t.empty and whole)), key=_order)


def pointless(table: _Table, move: Move) -> Msg | None:
    """Why a legal move is not worth making, or ``None``: a whole column into an empty one."""
    if move.is_deal or not 0 <= move.src < COLUMNS or not 0 <= move.dst < COLUMNS:
        return None
    if table.cols[move.dst] or not is_whole_column(table, move.src, move.count):
        return None
    return Msg("tap.pointless", block=block_text(table.cols[move.src]))


def tap(table: _Table, col: int, index: int) -> Move:
    """The move a tap on card ``index`` of column ``col`` makes (index 0 = the card furthest
    from the player). Raises :class:`IllegalMove` with the reason when the block cannot go
    anywhere. Does not play the move."""
    if not 0 <= col < COLUMNS:
        raise IllegalMove(Msg("move.no_column", n=col + 1))
    c = table.cols[col]
    if not 0 <= index < len(c):
        raise IllegalMove(Msg("tap.nothing"))
    count = len(c) - index
    reason = table.pickup_message(col, count)
    if reason is not None:
        raise IllegalMove(reason)
    ranked = ranked_targets(table, col, count)
    if not ranked:
        block = block_text(c[index:])
        if is_whole_column(table, col, count) and any(not d for d in table.cols):
            raise IllegalMove(Msg("tap.pointless", block=block))
        raise IllegalMove(Msg("tap.no_target", block=block))
    return Move(col, ranked[0].dst, count)
