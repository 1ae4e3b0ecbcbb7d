"""Spider's ``Game``: the rules (:class:`~spider.spider_game.rules.SpiderPosition`) with the tap
policy, the hint and the announcements on top. This is the class the public API exports.
"""

from __future__ import annotations

from ..core.messages import Hint, Msg
from .announce import announce, completed, runs_text
from .hints import describe, hint
from .moves import Move, Step
from .rules import SpiderPosition
from .tap import tap


class Game(SpiderPosition):
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

    def announce(self, step: Step, kind: str) -> list[Msg]:
        """What the live region says after an action (:mod:`.announce`): ``kind`` is
        ``"move"``, ``"drop"``, ``"undo"`` or ``"redo"``."""
        return announce(self, step, kind)

    def describe(self, move: Move) -> Msg:
        """A move in words ("3♣ auf 4♣"), for a hint or a winning line's first move."""
        return describe(self, move)

    def won_facts(self) -> list[tuple[str, str]]:
        """What the won dialog shows besides the time: moves, runs per suit, points."""
        return [("moves", str(self.moves_count)), ("runs", runs_text(self.suits, self.completed_suits)),
                ("score", str(self.score))]
