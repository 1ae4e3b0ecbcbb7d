"""What a gesture means in each game, decided without the browser (chessground's "config in,
events out": the table reports where a gesture landed, the game's control answers what it
means, the session plays it, the table draws the outcome).

A table turns a pointer or a key into a :class:`Spot` (where it landed, in the engine's own
numbering of the game's piles) and asks its game's control (:mod:`.spider`,
:mod:`.klondike`), which answers with an :class:`Answer`: a move to play, a sentence to say
(a refusal or a note), whether the selection changed. The controls read only the engine's
game (``targets``, ``tap``, ``pickup_message``, ...), never the DOM, so every decision of
the page about a gesture is tested on CPython (``tests/test_control.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...core.messages import Msg

NONE: Final = -1  # the bare table: no pile (below a column's cards, between the piles)


@dataclass(frozen=True)
class Spot:
    """Where a gesture landed: a place of the game's table by the engine's own pile number
    (a column's index; Klondike's waste and foundations by :class:`spider.klondike.moves.Pile`;
    :data:`NONE` for the bare table), the card's position in that pile (0 = the card
    furthest from the player; -1 = the pile itself, below or without cards) and whether
    that card lies face up."""

    place: int
    card: int = -1
    face_up: bool = False


@dataclass(frozen=True)
class Answer:
    """What a gesture means: ``play`` a move (``kind``: ``"move"``, or ``"drop"`` where the
    cards already lie where the pointer let go), ``say`` a sentence (a ``refusal`` or a
    note), ``clear_hint``: the hint's marks go. An empty answer means nothing happens (and
    nothing is said). A selection (Klondike) is the control's own state, drawn by the table."""

    play: object = None
    kind: Literal["move", "drop", "auto"] = "move"
    say: Msg | None = None
    refusal: bool = False
    clear_hint: bool = False


NOTHING: Final = Answer()


def refuse(reason: Msg) -> Answer:
    return Answer(say=reason, refusal=True)


__all__ = ["NONE", "NOTHING", "Answer", "Spot", "refuse"]
