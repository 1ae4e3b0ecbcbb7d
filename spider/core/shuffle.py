"""The portable shuffle: Fisher–Yates over SplitMix64, the same on every Python.

A deal ID must name the same cards forever, on every platform and Python version, so the
shuffle is written here rather than taken from ``random`` (whose algorithms may change):

1. SplitMix64 (Sebastiano Vigna) starts from the seed.
2. Fisher–Yates runs from the last position down to 1; the swap partner ``j`` in ``0..i``
   is the next 64-bit output modulo ``i + 1``, drawn again while the output falls at or
   above the largest multiple of ``i + 1`` (no modulo bias).

>>> shuffled([1, 2, 3, 4, 5], 7) == shuffled([1, 2, 3, 4, 5], 7)
True
>>> sorted(shuffled(list(range(10)), 123)) == list(range(10))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

_MASK64: Final = 2**64 - 1
T = TypeVar("T")


class SplitMix64:
    """A tiny 64-bit generator, identical in any language.

    >>> g = SplitMix64(0)
    >>> hex(g.next())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in ``0..n-1`` by rejection sampling."""
        limit = (2**64 // n) * n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A copy of ``items`` shuffled by Fisher–Yates over ``SplitMix64(seed)``."""
    deck = list(items)
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
