"""Klondike's ``Game``: the rules (:class:`~spider.klondike.rules.KlondikePosition`) with the hint,
auto-finish and the level deals on top. This is the class the public API exports.

Reading the table for drawing (cheap, and never the identity of a face-down card):
``columns`` (per column a ``ColumnView(down, up)``: how many cards lie face down and the
face-up codes, far card first), ``waste`` (codes, bottom first), ``stock_count``,
``foundations`` (top card code or ``None`` for ♠ ♥ ♦ ♣), ``passes``, ``moves_count``,
``face_down_count``. For input: ``targets(src, count)`` lists every legal move of a card
or run, ``tap_move(src, count)`` is the move a single tap makes (the only legal target, or
``None``), ``foundation_move(src)`` what a double tap does, ``movable_counts(col)`` the run
sizes a column can give. Sources are columns ``0..6``, ``moves.WASTE`` and
``moves.FOUNDATION_OF[suit]``.
"""

from __future__ import annotations

from typing import Self

from ..core.messages import Hint, Msg
from .announce import announce
from .finish import auto_move, finish_line
from .hints import describe, hint
from .levels import check_level, pick_deal
from .moves import Move, Step
from .rules import KlondikePosition


class Game(KlondikePosition):
    """A game of Klondike, draw 1 or draw 3.

    >>> g = Game.new(deal_id="K1-1")
    >>> g.columns[1]
    ColumnView(down=1, up=('TS',))
    >>> g.play(Move.from_text("7>f")).revealed      # A♠ up, #JS below turns over
    (6,)
    >>> g.hint().kind
    'reveal'
    """

    __slots__ = ()

    @classmethod
    def new(cls, draw: int = 1, deal_id: str | None = None, *, level: str | None = None) -> Self:
        """A new deal: ``deal_id`` (``K1-<n>``/``K3-<n>``, PySolFC's game n) wins over
        ``draw``; with ``level`` (``"easy"``, ``"normal"``, ``"hard"``) and no ID, a deal of
        that level proved winnable for ``draw`` (:mod:`spider.klondike.levels`). Bad input
        raises ``ValueError`` (German)."""
        if level is not None:
            check_level(level)
            if deal_id is None:
                deal_id = pick_deal(draw, level)
        return super().new(draw, deal_id)

    def hint(self) -> Hint[Move]:
        """A sensible next step with the reason (:mod:`spider.klondike.hints`)."""
        return hint(self)

    def auto_move(self) -> Move | None:
        """The next move of auto-finish once ``all_known``, or ``None`` when the game is won
        or the finish cannot go on (:mod:`spider.klondike.finish`)."""
        return auto_move(self)

    @property
    def can_auto_finish(self) -> bool:
        """Would auto-finish win from here (the button's condition)?"""
        return finish_line(self) is not None

    def announce(self, step: Step, kind: str) -> list[Msg]:
        """What the live region says after an action (:mod:`.announce`): ``kind`` is
        ``"move"``, ``"drop"``, ``"undo"``, ``"redo"`` or ``"auto"`` (a step of auto-finish)."""
        return announce(self, step, kind)

    def describe(self, move: Move) -> Msg:
        """A move in words, for a hint or a winning line's first move."""
        return describe(self, move)

    def won_facts(self) -> list[tuple[str, str]]:
        """What the won dialog shows besides the time: moves and passes through the stock."""
        return [("moves", str(self.moves_count)), ("passes", str(self.passes))]
