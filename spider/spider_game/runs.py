"""Runs: the one-suit, unbroken descending sequences Spider moves and removes.

>>> from spider.core.cards import parse_card as c
>>> run_length([c("9H"), c("8S"), c("7S"), c("6S")], 0)
3
>>> block_text([c("8D"), c("7D"), c("6D")])
'8♦–6♦'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import card_label


def run_length(cards: Sequence[int], down: int) -> int:
    """Length of the one-suit, unbroken descending run at the end of a column's face-up part."""
    n = len(cards)
    if n == down:
        return 0
    k = 1
    while n - k > down:
        upper, lower = cards[n - k - 1], cards[n - k]
        if upper != lower + 1 or upper % 13 == 0:
            break
        k += 1
    return k


def block_text(block: Sequence[int]) -> str:
    """How a block reads in a sentence: ``7♣`` or ``8♦–6♦`` (the same in every language)."""
    if len(block) == 1:
        return card_label(block[0])
    return f"{card_label(block[0])}–{card_label(block[-1])}"
