"""Cards as small ints, their codes, labels and spoken names: the same for every game.

A card is ``suit * 13 + rank - 1``: suits 0..3 are ♠ ♥ ♦ ♣ (letters ``S H D C``), ranks
1..13 are A, 2 … 10, J, Q, K. Two cards of the same suit and rank are the same value (Spider
plays with two or more copies; no game needs to tell them apart).

>>> card_code(parse_card("TD")), card_label(parse_card("TD"))
('TD', '10♦')
>>> card_name(parse_card("QH")).render("en")
'Queen of Hearts'
>>> is_red(parse_card("5D")), is_red(parse_card("5C"))
(True, False)
"""

from __future__ import annotations

from typing import Final

from .messages import MessageError, Msg

SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LETTERS: Final = "A23456789TJQK"
RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS: Final = 13
ACE: Final = 1
KING: Final = 13


def make_card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (1..13)."""
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """1 for an ace … 13 for a king."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """0..3 for ♠ ♥ ♦ ♣."""
    return card // 13


def is_red(card: int) -> bool:
    """♥ and ♦ are red, ♠ and ♣ black."""
    return card // 13 in (1, 2)


def card_code(card: int) -> str:
    """Notation code: rank letter + suit letter, e.g. ``7C`` or ``TD``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_label(card: int) -> str:
    """What a player reads in a card's corner, e.g. ``10♦`` (the same in every language)."""
    return RANK_LABELS[card % 13] + SUIT_SYMBOLS[card // 13]


def card_name(card: int) -> Msg:
    """The spoken name for screen readers, e.g. ``Pik 7`` / ``7 of Spades``."""
    return Msg(
        "card.name", suit=Msg(f"suit.{SUIT_LETTERS[card // 13]}"), rank=Msg(f"rank.{card % 13 + 1}")
    )


def parse_card(code: str) -> int:
    """The card for a notation code such as ``7C``; ``MessageError`` if it is not one."""
    if isinstance(code, str) and len(code) == 2 and code[0] in RANK_LETTERS and code[1] in SUIT_LETTERS:
        return make_card(SUIT_LETTERS.index(code[1]), RANK_LETTERS.index(code[0]) + 1)
    raise MessageError(Msg("pos.card", text=shorten(str(code))))


def shorten(text: str, limit: int = 40) -> str:
    """Quote at most ``limit`` characters of what a player typed or a link carried."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
