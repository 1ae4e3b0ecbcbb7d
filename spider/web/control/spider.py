"""What a gesture means on Spider's table: a tap moves the block from the tapped card to the
target the engine ranks first (``game.tap``); a drag moves it onto the column it is dropped
on, refused with the engine's reason or, when legal but pointless, the tap's own reason;
there is no selection (a long press opens the picker, which lists the engine's targets).

>>> from spider import Game
>>> control = SpiderControl(Game.new(deal_id="S1-1"))
>>> control.tap(Spot(0, 0)).say.key   # a face-down card
'move.face_down'
"""

from __future__ import annotations

from ...core.messages import IllegalMove, Msg
from ...spider_game.game import Game
from ...spider_game.moves import Move
from ...spider_game.tap import pointless
from . import NOTHING, Answer, Spot, refuse


class SpiderControl:
    def __init__(self, game: Game) -> None:
        self.game = game

    def clear(self) -> None:
        """Spider's control keeps nothing between gestures."""

    def tap(self, spot: Spot) -> Answer:
        """A tap on card ``spot.card`` of a column: the engine's move for it, or its reason."""
        try:
            return Answer(play=self.game.tap(spot.place, spot.card))
        except IllegalMove as e:
            return refuse(e.message)

    def lift(self, spot: Spot) -> int | Msg:
        """How many cards a drag from ``spot`` picks up, or why none: only face-up cards of a
        run the engine lets go move."""
        if spot.card < 0:
            return Msg("tap.nothing")
        if not spot.face_up:
            return Msg("move.face_down")
        count = len(self.game.cols[spot.place]) - spot.card
        reason = self.game.pickup_message(spot.place, count)
        return reason if reason is not None else count

    def drag_move(self, spot: Spot, over: Spot | None) -> Move | None:
        """The move a drag from ``spot`` makes when let go over ``over`` (another column)."""
        if over is None or over.place < 0 or over.place == spot.place:
            return None
        return Move(spot.place, over.place, len(self.game.cols[spot.place]) - spot.card)

    def refusal(self, move: Move) -> Msg | None:
        """The engine's refusal, or why a legal move is pointless (the tap's own rule)."""
        return self.game.refusal_message(move) or pointless(self.game, move)

    def drop_ok(self, spot: Spot, over: Spot | None) -> bool | None:
        """While dragging: does the column under the pointer take the block (``None``: the
        pointer is over no other column)?"""
        move = self.drag_move(spot, over)
        return None if move is None else self.refusal(move) is None

    def drop(self, spot: Spot, over: Spot | None) -> Answer:
        move = self.drag_move(spot, over)
        return NOTHING if move is None else self.play(move, dropped=True)

    def play(self, move: Move, *, dropped: bool = False) -> Answer:
        """A block move from a drag or the picker: refused when it is pointless, exactly as a
        tap would; else played (the engine refuses an illegal one with its reason)."""
        reason = pointless(self.game, move)
        if reason is not None:
            return refuse(reason)
        return Answer(play=move, kind="drop" if dropped else "move")

    def deal(self) -> Answer:
        return Answer(play=Move.deal())


__all__ = ["SpiderControl"]
