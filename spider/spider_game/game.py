"""Spider's ``Game``: the rules (:class:`~spider.spider_game.rules.Table`) with the tap
policy, the hint and the announcements on top. This is the class the public API exports.
"""

from __future__ import annotations

from ..core.messages import Hint
from .announce import completed
from .hints import hint
from .moves import Move, Step
from .rules import Table
from .tap import tap


class Game(Table):
    """A game of Spider with 1, 2 or 4 suits.

    >>> g = Game.new(4, "S4-1")
    >>> g.tap(9, 4)                      # 3♣ in column 10 goes onto 4♣ in column 4
    Move(src=9, dst=3, count=1)
    """

    __slots__ = ()

    def tap(self, col: int, index: int) -> Move:
        """The move a tap on card ``index`` of column ``col`` makes (:mod:`.tap`); raises
        :class:`~spider.core.messages.IllegalMove` with the reason. Does not play it."""
        return tap(self, col, index)

    def hint(self) -> Hint[Move]:
        """The most useful next step, with the reason (:mod:`.hints`)."""
        return hint(self)

    def announcement(self, step: Step) -> list[str]:
        """German sentences for the live region about runs a step removed."""
        return [m.render() for m in completed(self, step)]
