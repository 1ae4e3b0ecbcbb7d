"""Solitaire in pure Python: Spider (1, 2 or 4 suits) and Klondike (draw 1 or 3) with their
complete rules, undo, hints and solvers; the duel, statistics and the daily deal.

The package is a house with rooms: :mod:`spider.core` (what every game shares),
:mod:`spider.spider_game` (Spider), :mod:`spider.klondike` (Klondike), the text catalogs
(:mod:`spider.texts`) and the page (:mod:`spider.web`, the only browser code). Spider's
names stay importable from here, as the first engine had them:

>>> from spider import Game, Move
>>> g = Game.new(suits=1, deal_id="S1-7")
>>> g.deal_id
'S1-7'
>>> step = g.play(g.legal_moves()[0])
>>> g.undo() == step
True
"""

import sys as _sys

from .core.cards import card_code, card_label, parse_card
from .core.cards import card_name as _card_name
from .core.messages import IllegalMove, MessageError, Msg
from .spider_game import ColumnView, Game, Hint, Move, SolveResult, Step, Target, solve


def card_name(card: int) -> str:
    """The spoken German name of a card, e.g. ``Pik 7`` (``spider.core.cards.card_name``
    gives the message for any language)."""
    return _card_name(card).render()


# The first engine's modules (spider.cards, spider.game, spider.solver) are one module now.
from . import compat  # noqa: E402

for _name in ("cards", "game", "solver"):
    _sys.modules[f"{__name__}.{_name}"] = compat
    globals()[_name] = compat


__all__ = [
    "ColumnView",
    "Game",
    "Hint",
    "IllegalMove",
    "MessageError",
    "Move",
    "Msg",
    "SolveResult",
    "Step",
    "Target",
    "card_code",
    "card_label",
    "card_name",
    "parse_card",
    "solve",
]
