"""Small frozen values: a move, what playing it did, and a destination offer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..core.cards import shorten
from ..core.messages import MessageError, Msg
from .deck import COLUMNS

# One spelling per move: ASCII digits without leading zeros, a count only when above one.
_MOVE_TEXT = re.compile(r"([1-9][0-9]?)>([1-9][0-9]?)(?:x([2-9]|[1-9][0-9]{1,2}))?")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Cards from column ``src`` to column ``dst`` (0-based), ``count`` of them, or a deal.

    The text form uses the 1-based column numbers a player sees:

    >>> str(Move(2, 6, 1)), str(Move(2, 6, 4)), str(Move.deal())
    ('3>7', '3>7x4', 'deal')
    >>> Move.from_text("3>7x4") == Move(2, 6, 4)
    True
    """

    src: int
    dst: int
    count: int

    @classmethod
    def deal(cls) -> Move:
        """The move that deals a row from the stock."""
        return _DEAL

    @property
    def is_deal(self) -> bool:
        return self.src == -1 and self.dst == -1 and self.count == 0

    def text(self) -> str:
        if self.is_deal:
            return "deal"
        base = f"{self.src + 1}>{self.dst + 1}"
        return base if self.count == 1 else f"{base}x{self.count}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Parse ``"3>7"``, ``"3>7x4"`` or ``"deal"``, each move's one spelling (no spaces,
        ASCII digits without leading zeros, no ``x1``); a ``MessageError`` (a ``ValueError``
        with a German sentence) otherwise.

        >>> [str(Move.from_text(t)) for t in ("10>4", "3>7x12", "deal")]
        ['10>4', '3>7x12', 'deal']
        >>> for t in ("0003>7", "３>７", "١>٢", " 3>7", "3>7x1", "3>7x04"):
        ...     try:
        ...         Move.from_text(t)
        ...     except ValueError:
        ...         pass
        ...     else:
        ...         print("taken:", t)
        """
        if not isinstance(text, str):
            raise MessageError(Msg("move.text", text=shorten(repr(text))))
        s = text
        if s == "deal":
            return _DEAL
        m = _MOVE_TEXT.fullmatch(s) if len(s) <= 12 else None
        if m is None:
            raise MessageError(Msg("move.text", text=shorten(s)))
        src, dst = int(m.group(1)) - 1, int(m.group(2)) - 1
        count = int(m.group(3)) if m.group(3) else 1
        if not (0 <= src < COLUMNS and 0 <= dst < COLUMNS and 1 <= count <= 104):
            raise MessageError(Msg("move.text_range", text=shorten(s)))
        return cls(src, dst, count)


_DEAL = Move(-1, -1, 0)


@dataclass(frozen=True, slots=True)
class Step:
    """What one action did: the move, the columns whose face-down card turned face up
    (in the order it happened) and the runs that left the table as ``(column, suit letter)``.
    ``score`` is the change of the score; undo takes exactly this back."""

    move: Move
    revealed: tuple[int, ...] = ()
    completed: tuple[tuple[int, str], ...] = ()
    score: int = 0


class Target(NamedTuple):
    """A legal destination for a block: the column and why it is notable."""

    dst: int
    completes: bool
    empty: bool
    same_suit: bool


class ColumnView(NamedTuple):
    """What a player sees of a column: how many cards lie face down, and the face-up cards'
    codes from the one furthest from the player to the exposed card."""

    down: int
    up: tuple[str, ...]
