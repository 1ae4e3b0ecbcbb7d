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

from ..texts.keys import family
from .messages import MessageError, Msg

SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LETTERS: Final = "A23456789TJQK"
RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The German letters for jack, queen and king (Bube, Dame, König): spec 004's for Klondike.
GERMAN_RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K")
LETTERS: Final = ("game", "german", "english")  # the card-letter setting: each game's own, or one set


def rank_labels(lang: str, german_game: bool, choice: str = "game") -> tuple[str, ...]:
    """The corner letters a page shows: English (J Q K) on the English page; on the German
    page the game's own (``german_game``: B D K, else J Q K) unless the player chose one set
    for every game.

    >>> rank_labels("de", True)[10:], rank_labels("de", False)[10:], rank_labels("en", True)[10:]
    (('B', 'D', 'K'), ('J', 'Q', 'K'), ('J', 'Q', 'K'))
    >>> rank_labels("de", False, "german")[10:]
    ('B', 'D', 'K')
    """
    if lang != "de" or choice == "english":
        return RANK_LABELS
    return GERMAN_RANK_LABELS if choice == "german" or (choice == "game" and german_game) else RANK_LABELS
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


SUIT_KEY: Final = family("suit.{letter}", letter=SUIT_LETTERS)
RANK_KEY: Final = family("rank.{n}", n=range(1, 14))


def card_name(card: int) -> Msg:
    """The spoken name for screen readers, e.g. ``Pik 7`` / ``7 of Spades``."""
    return Msg(
        "card.name", suit=Msg(SUIT_KEY(letter=SUIT_LETTERS[card // 13])), rank=Msg(RANK_KEY(n=card % 13 + 1))
    )


def parse_card(code: str) -> int:
    """The card for a notation code such as ``7C``; ``MessageError`` if it is not one."""
    if isinstance(code, str) and len(code) == 2 and code[0] in RANK_LETTERS and code[1] in SUIT_LETTERS:
        return make_card(SUIT_LETTERS.index(code[1]), RANK_LETTERS.index(code[0]) + 1)
    raise MessageError(Msg("pos.card", text=shorten(str(code))))


def shorten(text: str, limit: int = 40) -> str:
    """Quote at most ``limit`` characters of what a player typed or a link carried."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
