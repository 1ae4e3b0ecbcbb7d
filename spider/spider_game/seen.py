"""What a Spider player sees of a game: the only thing the computer players read.

:class:`Seen` holds each column's face-up cards (far end first) and how many cards lie face
down under them, how many rows the stock still holds, the suits of the runs removed (in
order) and the variant. Neither a face-down card nor a stock card is in it, nor what the
game marks as seen after an undo. The easy player (:mod:`spider.spider_game.opponent`) and the
stronger ones (:mod:`spider.spider_game.foresight`) both start from :func:`seen_of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .deck import DEAL_SIZE


class Table(Protocol):
    """The parts of a game :func:`seen_of` reads from (:class:`spider.Game` has them)."""

    suits: int
    cols: list[list[int]]
    down: list[int]
    stock: list[int]
    done: list[int]

    @property
    def is_won(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Seen:
    """What a player sees (see the module docstring)."""

    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    rows: int
    suits: int
    runs: tuple[int, ...]

    @property
    def done(self) -> int:
        """How many runs have left the table."""
        return len(self.runs)

    @property
    def key(self) -> tuple[Any, ...]:
        """The position as seen (the runs removed follow from the cards on the table)."""
        return (self.up, self.down, self.rows)


def seen_of(game: Table) -> Seen:
    """The player's view of ``game``."""
    return Seen(
        tuple(tuple(c[d:]) for c, d in zip(game.cols, game.down, strict=True)),
        tuple(game.down),
        len(game.stock) // DEAL_SIZE,
        game.suits,
        tuple(game.done),
    )


__all__ = ["Seen", "Table", "seen_of"]
