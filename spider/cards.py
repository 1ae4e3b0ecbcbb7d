"""Cards, decks per variant, deal IDs and the portable shuffle.

A card is a small int, ``suit * 13 + rank - 1``: suits 0..3 are ♠ ♥ ♦ ♣ (letters
``S H D C``), ranks 1..13 are A, 2 … 10, J, Q, K. Two cards of the same suit and rank are
the same value; Spider never needs to tell them apart.

A deal ID names the variant and the shuffle: ``S4-2718281828`` is 4-suit Spider with seed
2718281828 (0 ≤ seed < 2**32). The shuffle is written here, over SplitMix64, so that an ID
gives the same cards on every platform and Python version:

1. The unshuffled deck lists whole A–K sets in suit order, repeated: 4 suits
   ``S H D C S H D C``, 2 suits ``S H S H S H S H``, 1 suit ``S`` eight times.
2. SplitMix64 starts from the seed. Fisher–Yates runs from the last position down to 1; the
   swap partner ``j`` in ``0..i`` is the next 64-bit output modulo ``i + 1``, drawn again
   while the output falls at or above the largest multiple of ``i + 1`` (no modulo bias).
3. The first 54 shuffled cards are dealt round the ten columns, left to right, again and
   again (card ``k`` to column ``k % 10``), so columns 1–4 get six cards and 5–10 five;
   the other 50 are the stock in dealing order.

>>> card_code(parse_card("TD"))
'TD'
>>> shuffled_deck(4, 1)[:5] == shuffled_deck(4, 1)[:5]
True
"""

from __future__ import annotations

import os
import re
from typing import Final

from .texts import t

SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LETTERS: Final = "A23456789TJQK"
RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VARIANTS: Final = (1, 2, 4)
DECK_SIZE: Final = 104
COLUMNS: Final = 10
DEAL_SIZE: Final = 10
SEED_LIMIT: Final = 2**32

_MASK64: Final = 2**64 - 1


def make_card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (1..13)."""
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """1 for an ace … 13 for a king."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """0..3 for ♠ ♥ ♦ ♣."""
    return card // 13


def card_code(card: int) -> str:
    """Notation code: rank letter + suit letter, e.g. ``7C`` or ``TD``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_label(card: int) -> str:
    """What a player reads in a card's corner, e.g. ``10♦``."""
    return RANK_LABELS[card % 13] + SUIT_SYMBOLS[card // 13]


def card_name(card: int) -> str:
    """Spoken name for screen readers, e.g. ``Pik 7`` or ``Herz Dame``."""
    r = rank_of(card)
    rank_text = t(f"rank.{r}") if r in (1, 11, 12, 13) else str(r)
    return t("card.name", suit=t(f"suit.{SUIT_LETTERS[suit_of(card)]}"), rank=rank_text)


def parse_card(code: str) -> int:
    """The card for a notation code such as ``7C``; ``ValueError`` if it is not one."""
    if len(code) == 2 and code[0] in RANK_LETTERS and code[1] in SUIT_LETTERS:
        return make_card(SUIT_LETTERS.index(code[1]), RANK_LETTERS.index(code[0]) + 1)
    raise ValueError(t("pos.card", text=code))


def suits_in_play(suits: int) -> tuple[int, ...]:
    """The suit numbers used by a variant: 1 → ♠; 2 → ♠ ♥; 4 → all."""
    if suits not in VARIANTS:
        raise ValueError(t("deal_id.suits", suits=suits))
    return tuple(range(suits))


def copies_per_card(suits: int) -> int:
    """How often each card of the variant is in the 104: 8, 4 or 2."""
    return DECK_SIZE // (13 * len(suits_in_play(suits)))


def fresh_deck(suits: int) -> list[int]:
    """The 104 cards before shuffling: whole A–K sets in suit order, repeated."""
    order = suits_in_play(suits)
    sets = [order[i % len(order)] for i in range(DECK_SIZE // 13)]
    return [make_card(s, r) for s in sets for r in range(1, 14)]


class SplitMix64:
    """Sebastiano Vigna's SplitMix64: a tiny 64-bit generator, identical in any language.

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


def shuffled_deck(suits: int, seed: int) -> list[int]:
    """The deck of the variant shuffled by Fisher–Yates over SplitMix64(seed)."""
    deck = fresh_deck(suits)
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_DEAL_ID = re.compile(r"[Ss]([0-9]+)-([0-9]+)")


def parse_deal_id(text: str) -> tuple[int, int]:
    """``(suits, seed)`` of a deal ID such as ``S4-123``; ``ValueError`` says what is wrong."""
    m = _DEAL_ID.fullmatch(text.strip())
    if m is None or len(m.group(2)) > 12:
        raise ValueError(t("deal_id.format", text=text))
    suits, seed = int(m.group(1)), int(m.group(2))
    if suits not in VARIANTS:
        raise ValueError(t("deal_id.suits", suits=suits))
    if seed >= SEED_LIMIT:
        raise ValueError(t("deal_id.too_big", text=text, limit=SEED_LIMIT - 1))
    return suits, seed


def format_deal_id(suits: int, seed: int) -> str:
    """The canonical deal ID, e.g. ``S2-99``."""
    return f"S{suits}-{seed}"


def random_deal_id(suits: int) -> str:
    """A fresh deal ID of the variant, from the system's randomness (four bytes of
    ``os.urandom`` are exactly a uniform seed below 2**32; ``secrets`` would cost the page
    about 8 ms of its start under Pyodide to import)."""
    suits_in_play(suits)
    return format_deal_id(suits, int.from_bytes(os.urandom(4), "big") % SEED_LIMIT)


def deal_layout(suits: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """``(columns, stock)`` of a deal: 54 cards dealt round the columns, then 50 in stock."""
    deck = shuffled_deck(suits, seed)
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    for k, card in enumerate(deck[:54]):
        columns[k % COLUMNS].append(card)
    return columns, deck[54:]
