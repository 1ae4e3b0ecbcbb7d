"""What the live region says after an action: messages, rendered by the page.

>>> from spider import Game, Move
>>> g = Game.new(4, "S4-1")
>>> step = g.play(Move.from_text("10>4"))
>>> [m.render("en") for m in announce(g, step, "move")]
['3 of Clubs to column 4.', 'A card turned face up.']
"""

from __future__ import annotations

from typing import Protocol

from ..core.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_name
from ..core.messages import Msg
from .deck import DEAL_SIZE
from .moves import Step


class _Table(Protocol):
    cols: list[list[int]]
    done: list[int]
    stock: list[int]

    @property
    def is_won(self) -> bool: ...


def runs_text(suits: int, done: tuple[str, ...]) -> str:
    """``♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)``: the runs cleared per suit in play, then in all.

    >>> runs_text(2, ("S", "H", "S"))
    '♠ 2 · ♥ 1 (3/8)'
    """
    letters = SUIT_LETTERS[: suits if suits in (1, 2, 4) else 4]
    parts = [f"{SUIT_SYMBOLS[SUIT_LETTERS.index(s)]} {done.count(s)}" for s in letters]
    return f"{' · '.join(parts)} ({len(done)}/8)"


def completed(game: _Table, step: Step) -> list[Msg]:
    """One message for each run a step removed: "Folge komplett ♣, 3 von 8"."""
    before = len(game.done) - len(step.completed)
    return [
        Msg("announce.complete", symbol=SUIT_SYMBOLS[SUIT_LETTERS.index(letter)], n=before + i)
        for i, (_, letter) in enumerate(step.completed, start=1)
    ]


def announce(game: _Table, step: Step, kind: str) -> list[Msg]:
    """The sentences for an action just played (``kind`` ``"move"``), redone (``"redo"``)
    or taken back (``"undo"``)."""
    if kind == "undo":
        return [Msg("ui.undone")]
    parts: list[Msg] = [Msg("ui.redone")] if kind == "redo" else []
    mv = step.move
    if mv.is_deal:
        parts.append(Msg("ui.dealt", n=len(game.stock) // DEAL_SIZE))
    elif not step.completed:
        first = card_name(game.cols[mv.dst][-mv.count])
        key = "ui.moved" if mv.count == 1 else "ui.moved_many"
        parts.append(Msg(key, card=first, more=mv.count - 1, dst=mv.dst + 1))
        if step.revealed:
            parts.append(Msg("ui.revealed"))
    parts += completed(game, step)
    if game.is_won:
        parts.append(Msg("ui.won.announce"))
    return parts
