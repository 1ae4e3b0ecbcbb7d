"""Spider's decks per variant, its deal IDs and how a shuffled deck is dealt.

A deal ID names the variant and the shuffle: ``S4-2718281828`` is 4-suit Spider with seed
2718281828 (0 ≤ seed < 2**32). The deck is shuffled by the house's portable shuffle
(:mod:`spider.core.shuffle`), so an ID gives the same cards on every platform:

1. The unshuffled deck lists whole A–K sets in suit order, repeated: 4 suits
   ``S H D C S H D C``, 2 suits ``S H S H S H S H``, 1 suit ``S`` eight times.
2. Fisher–Yates over SplitMix64(seed).
3. The first 54 shuffled cards are dealt round the ten columns, left to right, again and
   again (card ``k`` to column ``k % 10``), so columns 1–4 get six cards and 5–10 five;
   the other 50 are the stock in dealing order.

>>> parse_deal_id("S4-7")
(4, 7)
>>> shuffled_deck(4, 1)[:5] == shuffled_deck(4, 1)[:5]
True
"""

from __future__ import annotations

from typing import Final

from ..core.cards import make_card
from ..core.deal_ids import format_deal_id as _format
from ..core.deal_ids import random_number, read_deal_id
from ..core.messages import MessageError, Msg
from ..core.shuffle import SplitMix64, shuffled
from .info import INFO

__all__ = [
    "COLUMNS", "DEAL_SIZE", "DECK_SIZE", "LETTER", "RUN", "SEED_LIMIT", "VARIANTS", "SplitMix64",
    "copies_per_card", "deal_layout", "format_deal_id", "fresh_deck", "parse_deal_id",
    "random_deal_id", "shuffled_deck", "suits_in_play",
]

LETTER: Final = INFO.deal_letter
VARIANTS: Final = INFO.variants
DECK_SIZE: Final = 104
COLUMNS: Final = 10
DEAL_SIZE: Final = 10
RUN: Final = 13
SEED_LIMIT: Final = INFO.deal_numbers.stop


def suits_in_play(suits: int) -> tuple[int, ...]:
    """The suit numbers used by a variant: 1 → ♠; 2 → ♠ ♥; 4 → all."""
    if type(suits) is not int or suits not in VARIANTS:
        raise MessageError(Msg("deal_id.suits", variant=str(suits)[:12]))
    return tuple(range(suits))


def copies_per_card(suits: int) -> int:
    """How often each card of the variant is in the 104: 8, 4 or 2."""
    return DECK_SIZE // (13 * len(suits_in_play(suits)))


def fresh_deck(suits: int) -> list[int]:
    """The 104 cards before shuffling: whole A–K sets in suit order, repeated."""
    order = suits_in_play(suits)
    sets = [order[i % len(order)] for i in range(DECK_SIZE // 13)]
    return [make_card(s, r) for s in sets for r in range(1, 14)]


def shuffled_deck(suits: int, seed: int) -> list[int]:
    """The deck of the variant shuffled by Fisher–Yates over SplitMix64(seed)."""
    return shuffled(fresh_deck(suits), seed)


def parse_deal_id(text: object) -> tuple[int, int]:
    """``(suits, seed)`` of a deal ID such as ``S4-123``; ``MessageError`` says what is wrong."""
    return read_deal_id(text, LETTER, VARIANTS, INFO.deal_numbers,
                        ("deal_id.format", "deal_id.suits", "deal_id.too_big"))


def format_deal_id(suits: int, seed: int) -> str:
    """The canonical deal ID, e.g. ``S2-99``."""
    return _format(LETTER, suits, seed)


def random_deal_id(suits: int) -> str:
    """A fresh deal ID of the variant, from the system's randomness."""
    suits_in_play(suits)
    return format_deal_id(suits, random_number(SEED_LIMIT))


def deal_layout(suits: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """``(columns, stock)`` of a deal: 54 cards dealt round the columns, then 50 in stock."""
    deck = shuffled_deck(suits, seed)
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    for k, card in enumerate(deck[:54]):
        columns[k % COLUMNS].append(card)
    return columns, deck[54:]
