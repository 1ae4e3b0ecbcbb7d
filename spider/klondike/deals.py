"""Klondike's deal IDs and PySolFC's deals: ``K1-<n>`` and ``K3-<n>`` are PySolFC's game n.

A deal ID names the draw count and PySolFC's game number: ``K1-1`` is draw-1 Klondike with
the cards of PySolFC's Klondike game 1, ``K3-1`` the same cards played with draw 3. The
cards are exactly PySolFC's (its current generator, as the ``pysol-cards`` package computes
them), so a player can replay a PySolFC game by its number, and solver results published
for PySolFC numbers apply to ours.

How PySolFC deals game n (checked against ``pysol-cards`` for many numbers on both sides of
32000, ``tests/test_klondike_deals.py``):

1. The 52 cards in PySolFC's order: suits ♣ ♠ ♥ ♦, each A..K.
2. n ≤ 32000 (Microsoft compatible): the deck is first rearranged by rank (A♣ A♦ A♥ A♠
   2♣ …) and shuffled by Fisher–Yates from the last position down, the partner of position
   i being ``r % (i + 1)`` for the next value ``r`` of Microsoft's C library generator
   (``x = x * 214013 + 2531011``, ``r = (x >> 16) & 0x7fff``, seeded with n).
   n > 32000: the deck is not rearranged; the partner is ``int(u * (i + 1))`` for the next
   ``u = random.Random(n).random()`` (Python's own Mersenne Twister, which is what PySolFC
   uses; it is seeded and draws the same on every CPython 3, Pyodide included).
3. The shuffled deck is dealt from its end: six rounds of face-down cards (the first round to
   columns 7 … 2, the next to 7 … 3, and so on), then one face-up card to each of columns
   7 … 1; the 24 cards left are the stock, in the order PySolFC turns them over.

PySolFC then turns the first stock card onto the waste; our game starts with the waste empty
(the rule texts'), so ``stock`` lists all 24 cards.

>>> columns, stock = deal_layout(1)
>>> " ".join(card_code(c) for c in stock[:4]), card_code(columns[6][-1])
('4H AC 4D 7S', 'AS')
>>> parse_deal_id("K3-7")
(3, 7)
"""

from __future__ import annotations

from typing import Final

from ..core.cards import card_code, make_card
from ..core.deal_ids import format_deal_id as _format
from ..core.deal_ids import random_number, read_deal_id
from .info import INFO

__all__ = ["COLUMNS", "DRAWS", "LETTER", "MAX_NUMBER", "MS_LIMIT", "deal_layout", "format_deal_id",
           "parse_deal_id", "pysol_deck", "random_deal_id"]

LETTER: Final = INFO.deal_letter
DRAWS: Final = INFO.variants
COLUMNS: Final = 7
MS_LIMIT: Final = 32000  # PySolFC deals numbers up to this with Microsoft's generator
MAX_NUMBER: Final = INFO.deal_numbers[-1]  # the longest number a deal ID may carry (12 digits)
RANDOM_LIMIT: Final = 10**9  # Game.new without an ID picks a number below this

_PYSOL_SUITS: Final = (3, 0, 1, 2)  # PySolFC's suits ♣ ♠ ♥ ♦ as ours (♠ ♥ ♦ ♣ = 0 1 2 3)


def pysol_deck(number: int) -> list[int]:
    """The 52 cards of PySolFC's game ``number`` after its shuffle, before dealing (the
    deal takes them from the end)."""
    cards = [make_card(_PYSOL_SUITS[s], r) for s in range(4) for r in range(1, 14)]
    if number <= MS_LIMIT:
        # Microsoft's order: by rank, then ♣ ♦ ♥ ♠ (PySolFC's ``ms_rearrange``)
        cards = [cards[i + j] for i in range(13) for j in (0, 39, 26, 13)]
        x = number
        for i in range(51, 0, -1):
            x = (x * 214013 + 2531011) & 0xFFFFFFFF
            j = ((x >> 16) & 0x7FFF) % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
    else:
        import random  # only for numbers above 32000: the page's start never pays for it

        rng = random.Random(number)
        for i in range(51, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal_layout(number: int) -> tuple[list[list[int]], list[int]]:
    """``(columns, stock)`` of PySolFC's game ``number``: column c (0-based) holds c
    face-down cards and one face-up card (the last); the stock lists the next card turned
    over first."""
    deck = pysol_deck(number)[::-1]
    pysol_cols: list[list[int]] = [[] for _ in range(COLUMNS)]
    k = 0
    for r in range(COLUMNS - 1, 0, -1):
        for i in range(r):
            pysol_cols[i].append(deck[k])
            k += 1
    for i in range(COLUMNS):
        pysol_cols[i].append(deck[k])
        k += 1
    return pysol_cols[::-1], deck[k:]


def parse_deal_id(text: object) -> tuple[int, int]:
    """``(draw, number)`` of a deal ID such as ``K3-123``; ``MessageError`` says what is wrong."""
    return read_deal_id(text, LETTER, DRAWS, INFO.deal_numbers,
                        ("klondike.deal_id.format", "klondike.deal_id.draw", "klondike.deal_id.range"))


def format_deal_id(draw: int, number: int) -> str:
    """The canonical deal ID, e.g. ``K1-42``."""
    return _format(LETTER, draw, number)


def random_deal_id(draw: int) -> str:
    """A deal ID of any PySolFC number below a billion, from the system's randomness."""
    return format_deal_id(draw, random_number(RANDOM_LIMIT, 1))


def layout_text(number: int) -> str:
    """The layout in pysol-cards' own text form (columns 1..7 as PySolFC prints them after
    its own reversal, face-down cards in angle brackets): what the tests compare."""
    columns, stock = deal_layout(number)
    lines = ["Talon: " + " ".join(card_code(c) for c in stock)]
    for col in columns:
        lines.append(" ".join(f"<{card_code(c)}>" if i < len(col) - 1 else card_code(c)
                              for i, c in enumerate(col)))
    return "\n".join(lines) + "\n"
