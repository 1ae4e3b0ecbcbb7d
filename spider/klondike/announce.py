"""What the live region says after a Klondike action: messages, rendered by the page (as
Spider's ``spider_game/announce.py``; the page only shows them).

``kind`` says how the action came: ``"move"`` (a tap, a key or a drop), ``"undo"``,
``"redo"`` or ``"auto"`` (a step of auto-finish).

>>> from spider.klondike import Game, Move
>>> g = Game.new(deal_id="K3-1", draw=3)
>>> [m.render("en") for m in announce(g, g.play(Move.stock()), "move")]
['Turned: 4 of Hearts, Ace of Clubs, 4 of Diamonds; 4 of Diamonds is playable.']
"""

from __future__ import annotations

from typing import Protocol

from ..core.cards import card_name
from ..core.messages import Msg
from .moves import FOUNDATION, Step


class _Table(Protocol):
    @property
    def is_won(self) -> bool: ...

    @property
    def passes(self) -> int: ...

    @property
    def foundations(self) -> tuple[str | None, ...]: ...


LISTS = {2: "list.two", 3: "list.three"}  # "a, b" and "a, b, c" in every catalog


def listing(parts: list[Msg]) -> Msg:
    """A few messages as one, separated by commas (what the stock turned: two or three)."""
    if len(parts) == 1:
        return parts[0]
    return Msg(LISTS[len(parts)], **dict(zip("abc", parts, strict=False)))


def cards_up(game: _Table) -> int:
    """How many cards lie on the foundations."""
    from ..core.cards import parse_card

    return sum(parse_card(top) % 13 + 1 for top in game.foundations if top is not None)


def announce(game: _Table, step: Step, kind: str) -> list[Msg]:
    """The sentences for an action just played, undone or redone."""
    won = [Msg("ui.won.announce.klondike")] if game.is_won else []
    if kind == "undo":
        return [Msg("ui.undone")]
    if kind == "redo":
        return [Msg("ui.redone"), *won]
    if kind == "auto" and not won:
        return [Msg("ui.k.auto.running", n=52 - cards_up(game))]
    move = step.move
    out: list[Msg] = []
    if move.is_stock:
        if step.recycled:
            out.append(Msg("ui.k.recycled", n=game.passes))
        elif len(step.turned) > 1:
            out.append(Msg("ui.k.turned_top", cards=listing([card_name(c) for c in step.turned]),
                           card=card_name(step.turned[-1])))
        elif step.turned:
            out.append(Msg("ui.k.turned", cards=card_name(step.turned[0])))
    elif move.dst == FOUNDATION:
        if step.cards:
            out.append(Msg("ui.k.up", card=card_name(step.cards[0])))
    elif step.cards:
        first = card_name(step.cards[0])
        if len(step.cards) == 1:
            out.append(Msg("ui.k.moved", card=first, n=move.dst + 1))
        else:
            out.append(Msg("ui.k.moved_many", card=first, more=len(step.cards) - 1, n=move.dst + 1))
    if step.revealed:
        out.append(Msg("ui.revealed"))
    return out + won


__all__ = ["announce", "cards_up"]
