"""The first engine's ``spider.cards``, kept so that code written against it keeps working:
cards live in :mod:`spider.core.cards`, Spider's decks and deal IDs in
:mod:`spider.spider_game.deck`."""

from . import card_name
from .core.cards import (
    RANK_LABELS,
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_code,
    card_label,
    make_card,
    parse_card,
    rank_of,
    suit_of,
)
from .spider_game.deck import (
    COLUMNS,
    DEAL_SIZE,
    DECK_SIZE,
    SEED_LIMIT,
    VARIANTS,
    SplitMix64,
    copies_per_card,
    deal_layout,
    format_deal_id,
    fresh_deck,
    parse_deal_id,
    random_deal_id,
    shuffled_deck,
    suits_in_play,
)

__all__ = [
    "COLUMNS", "DEAL_SIZE", "DECK_SIZE", "RANK_LABELS", "RANK_LETTERS", "SEED_LIMIT", "SUIT_LETTERS",
    "SUIT_SYMBOLS", "VARIANTS", "SplitMix64", "card_code", "card_label", "card_name", "copies_per_card",
    "deal_layout", "format_deal_id", "fresh_deck", "make_card", "parse_card", "parse_deal_id",
    "random_deal_id", "rank_of", "shuffled_deck", "suit_of", "suits_in_play",
]
