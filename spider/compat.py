"""The first engine's API, kept in one place so that code written against it keeps working:
``spider.cards`` (cards, Spider's decks and deal IDs), ``spider.game`` (Spider's ``Game``,
its points and runs) and ``spider.solver`` (Spider's solver) are all this module
(:mod:`spider` registers the three names). New code imports from :mod:`spider.core` and
the game packages (:mod:`spider.spider_game`, :mod:`spider.klondike`).

>>> import spider.cards, spider.game, spider.solver
>>> spider.cards is spider.game is spider.solver is spider.compat
True
>>> spider.game.Game is spider.spider_game.Game and spider.cards.parse_card("7C") == 45
True
"""

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
from .core.messages import IllegalMove
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
from .spider_game.game import Game
from .spider_game.rules import POINTS_CLEAR, POINTS_FIT, POINTS_MOVE, POINTS_REVEAL, POINTS_RUN
from .spider_game.runs import block_text, run_length
from .spider_game.solver import SolveResult, solve

__all__ = [
    "COLUMNS", "DEAL_SIZE", "DECK_SIZE", "POINTS_CLEAR", "POINTS_FIT", "POINTS_MOVE",
    "POINTS_REVEAL", "POINTS_RUN", "RANK_LABELS", "RANK_LETTERS", "SEED_LIMIT", "SUIT_LETTERS",
    "SUIT_SYMBOLS", "VARIANTS", "Game", "IllegalMove", "SolveResult", "SplitMix64", "block_text",
    "card_code", "card_label", "card_name", "copies_per_card", "deal_layout", "format_deal_id",
    "fresh_deck", "make_card", "parse_card", "parse_deal_id", "random_deal_id", "rank_of",
    "run_length", "shuffled_deck", "solve", "suit_of", "suits_in_play",
]
