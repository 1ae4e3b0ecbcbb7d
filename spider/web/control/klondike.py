"""What a gesture means on Klondike's table: select cards, then tap their target; cards with
exactly one legal target go there with a single tap (the engine's ``tap_move``); a double
tap sends one card to its foundation; a drag drops onto a column or a foundation; Enter and
Space are the keyboard's tap. The selection lives here, so the table only draws it.

Places are the engine's pile numbers (:class:`spider.klondike.moves.Pile`; a column is its
index 0..6); :data:`PLACES` orders them as the keyboard walks them.

>>> from spider.klondike import Game
>>> control = KlondikeControl(Game.new(deal_id="K1-1"))
>>> control.tap(Spot(6, 6, True)).play      # 4♥ on column 7 has exactly one target
Move(src=6, dst=9, count=1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...core.cards import card_name, parse_card
from ...core.messages import Msg
from ...klondike.deals import COLUMNS
from ...klondike.game import Game
from ...klondike.moves import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Move
from . import NONE, NOTHING, Answer, Spot, refuse

# The places in the order of the keyboard's rows: the stock, the waste and the four
# foundations (top row), then the seven columns (bottom row). ``ABOVE`` says above which
# column a place of the top row lies (the arrow keys move between the rows by it).
TOP_ROW: Final[tuple[int, ...]] = (STOCK, WASTE, *FOUNDATION_OF)
PLACES: Final[tuple[int, ...]] = (*TOP_ROW, *range(COLUMNS))
ABOVE: Final[dict[int, int]] = dict(zip(TOP_ROW, (0, 1, 3, 4, 5, 6), strict=True))
# The left-handed table (the setting; assets/klondike.css) mirrors the top row: the four
# foundations over the first four columns, the waste over the fifth and sixth (its cards
# start on the fifth), the stock over the last. The arrow keys follow what the eye sees.
TOP_ROW_LEFT: Final[tuple[int, ...]] = (*FOUNDATION_OF, WASTE, STOCK)
ABOVE_LEFT: Final[dict[int, int]] = dict(zip(TOP_ROW_LEFT, (0, 1, 2, 3, 4, 6), strict=True))


@dataclass(frozen=True)
class Selection:
    """The cards the player picked: ``count`` cards of ``src`` (a column, the waste or a
    foundation) and the moves they have."""

    src: int
    count: int
    targets: tuple[Move, ...]


def _name(code: str | None) -> Msg:
    return card_name(parse_card(code)) if code else Msg("verbatim", text="?")


class KlondikeControl:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.sel: Selection | None = None
        self._tapped: tuple[Spot, int, Game] | None = None  # the last tap: where, moves before, game

    # ------------------------------------------------------------------ what lies where
    def source(self, spot: Spot) -> tuple[int, int] | None:
        """(source, count) of the cards at a spot, or ``None`` where no card lies."""
        if spot.card < 0:
            return None
        if 0 <= spot.place < COLUMNS:
            view = self.game.columns[spot.place]
            return spot.place, view.down + len(view.up) - spot.card
        if spot.place == WASTE or spot.place in FOUNDATION_OF:
            return spot.place, 1
        return None

    @staticmethod
    def target(spot: Spot) -> int | None:
        """The destination a spot stands for (a column or the foundations), else ``None``."""
        if 0 <= spot.place < COLUMNS:
            return spot.place
        if spot.place in FOUNDATION_OF:
            return FOUNDATION
        return None

    def code_at(self, src: int, count: int) -> str | None:
        """The code of the first of the ``count`` cards a source gives (``None``: face down
        or nothing there)."""
        game = self.game
        if src == WASTE:
            return game.waste[-1] if game.waste else None
        if src in FOUNDATION_OF:
            return game.foundations[FOUNDATION_OF.index(src)]
        if not 0 <= src < COLUMNS:
            return None
        up = game.columns[src].up
        return up[-count] if 0 < count <= len(up) else None

    def foundation_of(self, src: int, count: int) -> int | None:
        """The foundation (its pile) the cards of a source would go up to, by their suit."""
        code = self.code_at(src, count)
        return FOUNDATION_OF[parse_card(code) // 13] if code else None

    # ------------------------------------------------------------------ the selection
    def select(self, src: int, count: int, targets: list[Move] | tuple[Move, ...]) -> Answer:
        self.sel = Selection(src, count, tuple(targets))
        name = _name(self.code_at(src, count))
        said = (Msg("ui.k.selected_many", card=name, more=count - 1) if count > 1
                else Msg("ui.k.selected", card=name))
        return Answer(say=said, clear_hint=True)

    def deselect(self, *, say: bool = False) -> Answer:
        if self.sel is None:
            return NOTHING
        self.sel = None
        return Answer(say=Msg("ui.k.deselected")) if say else NOTHING

    def clear(self) -> None:
        """The game changed under the control (a new game, undo, a move elsewhere)."""
        self.sel = None

    def _play(self, move: Move, kind: Literal["move", "drop"] = "move") -> Answer:
        self.sel = None
        return Answer(play=move, kind=kind)

    # ------------------------------------------------------------------ gestures
    def tap(self, spot: Spot) -> Answer:
        """Select or move. With a selection, a tap on a column or a foundation is the
        target; on the selected cards or the bare table it clears the selection."""
        self._tapped = (spot, self.game.moves_count, self.game)
        sel = self.sel
        if sel is not None:
            if spot.place == NONE or self.source(spot) == (sel.src, sel.count):
                return self.deselect(say=True)
            dst = self.target(spot)
            if dst is not None and dst != sel.src and not (sel.src in FOUNDATION_OF and dst == FOUNDATION):
                return self._play(Move(sel.src, dst, sel.count))
            self.sel = None
        found = self.source(spot)
        if found is not None:
            return self.pick(*found)
        return Answer(clear_hint=True) if spot.place == NONE else NOTHING

    def pick(self, src: int, count: int) -> Answer:
        """A tap on cards: refused with the reason, moved when they have exactly one legal
        target (never straight off a foundation: the engine's ``tap_move``), else selected
        with their targets lit."""
        game = self.game
        reason = game.pickup_message(src, count)
        if reason is not None:
            return refuse(reason)
        targets = game.targets(src, count)
        if not targets:
            return refuse(Msg("ui.k.no_target", card=_name(self.code_at(src, count))))
        move = game.tap_move(src, count)
        if move is not None:
            return self._play(move)
        return self.select(src, count, targets)

    def double_tap(self, spot: Spot) -> Answer:
        """A double tap acts on one card, the one its first tap hit: when that tap already
        moved it, nothing more happens (the second tap never hits the card it uncovered);
        two quick taps on two different cards of a pile are two taps; otherwise the card goes
        to its foundation when it can go there now, else the selection is cleared and the
        reason said."""
        tapped, self._tapped = self._tapped, None
        if tapped is not None and tapped[0].place == spot.place and tapped[2] is self.game:
            if tapped[1] != self.game.moves_count:  # the first tap moved its card
                return NOTHING
            if tapped[0] != spot:  # quick taps on two cards of a pile: two taps
                return self.tap(spot)
        found = self.source(spot)
        if found is None:
            return NOTHING
        self.sel = None
        if found[0] in FOUNDATION_OF or found[1] != 1:
            return refuse(Msg("ui.k.double.one_card"))
        return self.to_foundation(found[0])

    def to_foundation(self, src: int) -> Answer:
        """F, or a double tap: the card goes up (or the engine says why not)."""
        return self._play(self.game.foundation_move(src) or Move(src, FOUNDATION))

    def long_press(self, spot: Spot) -> Answer:
        """Klondike has no picker: a long press selects (the targets light up) even where a
        tap would move at once."""
        found = self.source(spot)
        if found is None:
            return NOTHING
        targets = self.game.targets(*found)
        if targets and self.game.pickup_message(*found) is None:
            return self.select(found[0], found[1], targets)
        self.sel = None
        return self.pick(*found)

    # ------------------------------------------------------------------ dragging
    def lift(self, spot: Spot) -> tuple[int, int] | Msg | None:
        """The (source, count) a drag picks up, or why none (``None``: the bare table lifts
        nothing, silently)."""
        found = self.source(spot)
        if found is None:
            return Msg("klondike.waste.empty") if spot.place == WASTE else None
        reason = self.game.pickup_message(*found)
        if reason is not None:
            return reason
        self.sel = None
        return found

    def drag_move(self, spot: Spot, over: Spot | None) -> Move | None:
        found = self.source(spot)
        if found is None or over is None:
            return None
        dst = self.target(over)
        src, count = found
        if dst is None or dst == src or (dst == FOUNDATION and src in FOUNDATION_OF):
            return None
        return Move(src, dst, count)

    def drop(self, spot: Spot, over: Spot | None) -> Answer:
        """Let go over ``over``: the move, or why the cards go back (every refusal said)."""
        move = self.drag_move(spot, over)
        if move is not None:
            return self._play(move, "drop")
        if over is None or over.place == NONE:
            return refuse(Msg("ui.k.drop.nowhere"))
        if over.place in (WASTE, STOCK):
            return refuse(Msg("klondike.drop.waste" if over.place == WASTE else "klondike.drop.stock"))
        found = self.source(spot)
        if over.place in FOUNDATION_OF and found is not None and found[0] in FOUNDATION_OF:
            return refuse(Msg("klondike.drop.foundation"))
        return NOTHING

    # ------------------------------------------------------------------ keys
    def enter(self, place: int) -> Answer:
        """Enter or Space on a place: the keyboard's tap. On a column it takes the longest
        run that can go somewhere; again on the same column one card fewer, then none."""
        sel, game = self.sel, self.game
        col = place if 0 <= place < COLUMNS else None
        if sel is not None and col is not None and sel.src == col:
            fewer = [k for k in game.movable_counts(col) if k < sel.count]
            if fewer:
                return self.select(col, max(fewer), game.targets(col, max(fewer)))
            return self.deselect(say=True)
        if sel is not None:
            dst = col if col is not None else FOUNDATION if place in FOUNDATION_OF else None
            if dst is not None and not (sel.src in FOUNDATION_OF and dst == FOUNDATION):
                return self._play(Move(sel.src, dst, sel.count))
            if sel.src == place:
                return self.deselect(say=True)
            self.sel = None
        if col is not None:
            counts = game.movable_counts(col)
            if not counts:
                if game.columns[col].down or game.columns[col].up:
                    return refuse(Msg("klondike.move.face_down"))
                return NOTHING
            useful = [k for k in counts if game.targets(col, k)]
            return self.pick(col, max(useful) if useful else 1)
        if place == WASTE and game.waste:
            return self.pick(WASTE, 1)
        if place in FOUNDATION_OF and game.foundations[FOUNDATION_OF.index(place)] is not None:
            return self.pick(place, 1)
        return NOTHING

    def escape(self) -> Answer | None:
        """Esc: clears the selection (``None``: there is none, the key is not the table's)."""
        return self.deselect(say=True) if self.sel is not None else None


def next_place(place: int, key: str, *, left_handed: bool = False) -> int:
    """Left and right go along a row as it is drawn (round), up and down to the other row:
    down to the column under a place, up to the place over a column (the nearer one, the
    left one of two as near). ``left_handed``: the mirrored top row.

    >>> next_place(STOCK, "ArrowLeft") == FOUNDATION_OF[3], next_place(0, "ArrowUp") == STOCK
    (True, True)
    >>> next_place(STOCK, "ArrowRight", left_handed=True) == FOUNDATION_OF[0]
    True
    >>> next_place(6, "ArrowUp", left_handed=True) == STOCK
    True
    """
    top, above = (TOP_ROW_LEFT, ABOVE_LEFT) if left_handed else (TOP_ROW, ABOVE)
    if key in ("ArrowLeft", "ArrowRight"):
        row = list(top) if place in top else list(range(COLUMNS))
        step = -1 if key == "ArrowLeft" else 1
        return row[(row.index(place) + step) % len(row)]
    if place in top:
        return above[place]
    return min(top, key=lambda p: (abs(above[p] - place), above[p]))


__all__ = ["ABOVE", "ABOVE_LEFT", "PLACES", "TOP_ROW", "TOP_ROW_LEFT", "KlondikeControl", "Selection",
           "next_place"]
