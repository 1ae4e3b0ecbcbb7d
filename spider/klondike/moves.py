"""Klondike's moves: small frozen values with a text form that round-trips.

A move is ``(src, dst, count)`` of small ints. Sources: columns ``0..6``, ``WASTE``, the
stock (``STOCK``, only with itself as destination) and the foundations ``FOUNDATION_OF[s]``
(``fS``, ``fH``, ``fD``, ``fC``: their top card goes back to a column). Destinations:
columns ``0..6`` and ``FOUNDATION`` (the card's own foundation, whichever suit it is).

Text (columns 1-based, as a player counts them):

=========  ===================================================
``stock``  turn over the next card(s), or turn the waste back
``w>3``    the waste's top card onto column 3
``w>f``    the waste's top card onto its foundation
``3>f``    column 3's exposed card onto its foundation
``3>5``    one card from column 3 onto column 5
``3>5x3``  three cards (an ordered run) from column 3 onto column 5
``fH>4``   the ♥ foundation's top card back onto column 4
=========  ===================================================

>>> [str(Move.from_text(t)) for t in ("stock", "w>3", "w>f", "3>f", "3>5", "3>5x3", "fH>4")]
['stock', 'w>3', 'w>f', '3>f', '3>5', '3>5x3', 'fH>4']
>>> Move.from_text("3>5") == Move(2, 4, 1)   # one spelling per move: "3>5x1" is refused
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple, Protocol

from ..core.cards import SUIT_LETTERS, shorten
from ..core.messages import MessageError, Msg
from .deals import COLUMNS


class Pile(IntEnum):
    """Every Klondike pile that is not a column, by one number from the engine to the page
    (a column is its index, ``0..6``): a move's source and destination, a place of the
    page's table and the spot a gesture lands on all use these."""

    STOCK = 7
    WASTE = 8
    FOUNDATION = 9  # as a destination: the card's own foundation
    SPADES = 10  # as a source: that foundation's top card
    HEARTS = 11
    DIAMONDS = 12
    CLUBS = 13

    def __repr__(self) -> str:
        return str(int(self))


STOCK: Final = Pile.STOCK
WASTE: Final = Pile.WASTE
FOUNDATION: Final = Pile.FOUNDATION
FOUNDATION_OF: Final = (Pile.SPADES, Pile.HEARTS, Pile.DIAMONDS, Pile.CLUBS)  # ♠ ♥ ♦ ♣, as sources

_NUMBERS: Final = (int, Pile)  # a pile is an int or a Pile; never a bool or a float

# One spelling per move: a count only when above one, without a leading zero.
_TEXT = re.compile(r"(w|[1-7]|f[SHDC])>([1-7]|f)(?:x([1-9][0-9]?))?")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """An action: ``count`` cards from ``src`` to ``dst`` (see the module docstring)."""

    src: int
    dst: int
    count: int = 1

    @classmethod
    def stock(cls) -> Move:
        """Turn over the next card(s) of the stock, or the waste back when the stock is empty."""
        return _STOCK

    @property
    def is_stock(self) -> bool:
        return self.src == STOCK

    @property
    def from_waste(self) -> bool:
        return self.src == WASTE

    @property
    def from_column(self) -> bool:
        return 0 <= self.src < COLUMNS

    @property
    def from_foundation(self) -> bool:
        return self.src in FOUNDATION_OF

    @property
    def to_foundation(self) -> bool:
        return self.dst == FOUNDATION

    @property
    def to_column(self) -> bool:
        return 0 <= self.dst < COLUMNS

    def text(self) -> str:
        if self.src == STOCK:
            return "stock"
        src = ("w" if self.src == WASTE else f"f{SUIT_LETTERS[self.src - FOUNDATION_OF[0]]}"
               if self.src in FOUNDATION_OF else str(self.src + 1))
        dst = "f" if self.dst == FOUNDATION else str(self.dst + 1)
        return f"{src}>{dst}" + (f"x{self.count}" if self.count != 1 else "")

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: object) -> Move:
        """Parse a move's text; ``MessageError`` (a ``ValueError`` with a German sentence)
        for anything else, ``None`` and other types included."""
        if not isinstance(text, str):
            raise MessageError(Msg("klondike.move.text", text=shorten(repr(text))))
        s = text
        if s == "stock":
            return _STOCK
        m = _TEXT.fullmatch(s) if len(s) <= 12 else None
        if m is None:
            raise MessageError(Msg("klondike.move.text", text=shorten(s)))
        a, b, n = m.group(1), m.group(2), m.group(3)
        count = int(n) if n else 1
        several = a.isdigit() and b != "f"
        if n == "1" or (count > 1 and not several) or count > 13:
            raise MessageError(Msg("klondike.move.text_count", text=shorten(s)))
        if a.startswith("f") and b == "f":
            raise MessageError(Msg("klondike.move.text", text=shorten(s)))
        src = (WASTE if a == "w" else FOUNDATION_OF[SUIT_LETTERS.index(a[1])]
               if a.startswith("f") else int(a) - 1)
        dst = FOUNDATION if b == "f" else int(b) - 1
        return cls(src, dst, count)

    def is_well_formed(self) -> bool:
        """Is this one of the shapes the module docstring lists (legal or not)?"""
        if type(self.src) not in _NUMBERS or type(self.dst) not in _NUMBERS or type(self.count) is not int:
            return False
        if self.src == STOCK:
            return self.dst == STOCK and self.count == 0
        if not (0 <= self.dst < COLUMNS or self.dst == FOUNDATION):
            return False
        if 0 <= self.src < COLUMNS:
            return self.src != self.dst and (1 <= self.count <= 13 if self.dst != FOUNDATION
                                             else self.count == 1)
        if self.src == WASTE:
            return self.count == 1
        return self.src in FOUNDATION_OF and self.dst != FOUNDATION and self.count == 1


_STOCK = Move(STOCK, STOCK, 0)


@dataclass(frozen=True, slots=True)
class Step:
    """What one action did: the move, the column whose face-down card turned up (if any),
    the cards the stock turned over (in order), whether the waste was turned back, and the
    cards the move carried (far card first)."""

    move: Move
    revealed: tuple[int, ...] = ()
    turned: tuple[int, ...] = ()
    recycled: bool = False
    cards: tuple[int, ...] = ()


class ColumnView(NamedTuple):
    """What a player sees of a column: how many cards lie face down, and the face-up cards'
    codes from the one furthest from the player to the exposed card."""

    down: int
    up: tuple[str, ...]


class Cards(Protocol):
    """Where the cards lie in a Klondike table: what the hint and the finish read."""

    draw: int
    cols: list[list[int]]
    down: list[int]
    stock: list[int]
    waste_pile: list[int]
    found: list[int]

    @property
    def is_won(self) -> bool: ...
