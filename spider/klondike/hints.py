"""The hint: one sensible move in a fixed order, with the reason, from what the player has seen.

The order (first that applies wins; within a kind the earlier-listed tie-break decides):

1. ``reveal``: a move that turns up a face-down card: a column's whole face-up part onto
   another column (a king into an empty one) or, when it is a single card, onto its
   foundation. The column with the most face-down cards first (the longest to dig out), then
   the foundation before a column, then the lower column numbers.
2. ``king``: a king from the waste into an empty column.
3. ``foundation``: a card onto its foundation that no other card can still need there (the
   safe rule of :mod:`spider.klondike.safety`: both foundations of the other colour hold at
   least rank − 1 cards, the other one of its colour rank − 2), from a column or the waste;
   lowest rank first.
4. ``waste``: the waste's top card onto a column.
5. ``stock``: turn the stock over (or the waste back): when the stock holds a card the
   player has not seen yet, or a card the player has seen that one of moves 2-4 would play
   once it is on top (the hint then names it).
6. ``king``: when no column is empty and a king waits for one (heading a column's face-up
   cards over face-down ones, on the waste, or seen in the stock), a column without
   face-down cards moved onto another column to make room.
7. ``foundation``: any other card onto its foundation (lowest rank first), or a part of a
   run moved off a card that then goes onto its foundation.
8. ``stock`` again, to bring up a seen card for a move of kind 7.
9. Nothing of that: the moves left only go round (turning the stock without finding a use,
   or moving cards back and forth). ``undo`` says so and suggests taking back a few moves;
   ``restart`` (nothing to take back) suggests playing the same cards anew or a new game.
   ``won`` once the game is won.

The hint looks only at what the player can see or has seen: face-up cards, how many cards
lie face down in each column, the foundations, the waste, and of the stock its size and the
cards seen in it (the stock keeps its order, so a seen card's place is known too). Two games
that agree on all of that get the same hint. It never proposes a foundation card back onto
a column, nor a run that merely changes places (those are the back and forth of 9).

Followed move by move the hint always comes to an end (it is what the ``easy`` level is
made of): every hinted move other than the stock puts a card up, turns a card face up or
takes one out of the stock and waste, and none takes any of that back (a move that makes
room for a king, or moves part of a run to free a card for its foundation, is followed by
the king's or that card's move before any other of its kind); the stock is only
turned while a card not yet seen lies in it (one round), or to reach a card that is played
as soon as it is on top.
"""

from __future__ import annotations

from typing import Protocol

from ..core.cards import card_label
from ..core.messages import Hint, Msg
from .deals import COLUMNS
from .moves import FOUNDATION, FOUNDATION_OF, WASTE, Cards, Move
from .rules import fits, run_start
from .safety import safe

KINDS = ("reveal", "king", "foundation", "waste", "stock", "undo", "restart", "won")


class _Table(Cards, Protocol):
    @property
    def can_undo(self) -> bool: ...

    def has_seen(self, card: int) -> bool: ...

    def legal_moves(self) -> list[Move]: ...


def _block(cards: list[int]) -> str:
    return card_label(cards[0]) if len(cards) == 1 else f"{card_label(cards[0])}–{card_label(cards[-1])}"


def describe(game: _Table, move: Move) -> Msg:
    """The move in words: ``Lege 7♥ von Spalte 3 auf 8♠ in Spalte 5``."""
    if move.is_stock:
        return Msg("klondike.hint.turn" if game.stock else "klondike.hint.turn_back")
    if move.src == WASTE:
        cards = game.waste_pile[-1:]
        where = Msg("klondike.hint.from_waste")
    elif move.src in FOUNDATION_OF:
        s = move.src - FOUNDATION_OF[0]
        cards = [s * 13 + game.found[s] - 1]
        where = Msg("klondike.hint.from_foundation")
    else:
        cards = game.cols[move.src][-move.count:]
        where = Msg("klondike.hint.from_column", n=move.src + 1)
    if move.dst == FOUNDATION:
        to = Msg("klondike.hint.to_foundation")
    elif game.cols[move.dst]:
        to = Msg("klondike.hint.onto", target=card_label(game.cols[move.dst][-1]), n=move.dst + 1)
    else:
        to = Msg("klondike.hint.into_empty", n=move.dst + 1)
    return Msg("klondike.hint.move", block=_block(cards), src=where, dst=to)


def _reveals(game: _Table) -> list[tuple[tuple[int, int, int, int], Move]]:
    out = []
    cols, down, found = game.cols, game.down, game.found
    for i, c in enumerate(cols):
        up = len(c) - down[i]
        if not down[i] or run_start(c, down[i]) != down[i]:
            continue
        top = c[down[i]]
        if up == 1 and top % 13 == found[top // 13]:
            out.append(((-down[i], 0, i, 0), Move(i, FOUNDATION)))
        for j, d in enumerate(cols):
            if j != i and (fits(top, d[-1]) if d else top % 13 == 12):
                out.append(((-down[i], 1, i, j), Move(i, j, up)))
    return out


def _waste_plays(game: _Table, card: int) -> list[tuple[str, Move]]:
    """What moves 2-4 would do with ``card`` on top of the waste."""
    out: list[tuple[str, Move]] = []
    if card % 13 == 12:
        out += [("king", Move(WASTE, j)) for j, d in enumerate(game.cols) if not d][:1]
    if card % 13 == game.found[card // 13] and safe(game.found, card):
        out.append(("foundation", Move(WASTE, FOUNDATION)))
    out += [("waste", Move(WASTE, j)) for j, d in enumerate(game.cols) if d and fits(card, d[-1])][:1]
    return out


def _talon(game: _Table) -> tuple[list[int], int] | None:
    """The stock and waste as one row (waste first) and the waste's size, if the player has
    seen every card in it; ``None`` otherwise."""
    if not all(game.has_seen(x) for x in game.stock):
        return None
    return game.waste_pile + game.stock, len(game.waste_pile)


def _reachable(length: int, p: int, draw: int) -> list[int]:
    out: list[int] = []
    seen: set[int] = set()
    q = p
    while q not in seen:
        seen.add(q)
        if q and q != p:
            out.append(q - 1)
        q = 0 if q == length else min(q + draw, length)
    return out


def _stock_target(game: _Table, useful: object) -> int | None:
    """A seen talon card, not on top now, that turning brings up and that ``useful(card)``
    accepts; the nearest one."""
    talon = _talon(game)
    if talon is None:
        return None
    cards, p = talon
    for idx in _reachable(len(cards), p, game.draw):
        if useful(cards[idx]):  # type: ignore[operator]
            return cards[idx]
    return None


def hint(game: _Table) -> Hint[Move]:
    """The hint for the position on the table (see the module docstring)."""
    if game.is_won:
        return Hint(None, "won", Msg("klondike.hint.won"))
    found = game.found

    def say(kind: str, move: Move, key: str, **extra: str | int | Msg) -> Hint[Move]:
        return Hint(move, kind, Msg(key, move=describe(game, move), **extra))

    reveals = sorted(_reveals(game), key=lambda e: e[0])
    if reveals:
        return say("reveal", reveals[0][1], "klondike.hint.reveal")
    waste = game.waste_pile[-1] if game.waste_pile else None
    if waste is not None and waste % 13 == 12:
        plays = [m for kind, m in _waste_plays(game, waste) if kind == "king"]
        if plays:
            return say("king", plays[0], "klondike.hint.king")
    ups: list[tuple[int, int, Move]] = []
    for i, c in enumerate(game.cols):
        if c and len(c) > game.down[i] and c[-1] % 13 == found[c[-1] // 13]:
            ups.append((c[-1] % 13, i, Move(i, FOUNDATION)))
    if waste is not None and waste % 13 == found[waste // 13]:
        ups.append((waste % 13, COLUMNS, Move(WASTE, FOUNDATION)))
    ups.sort(key=lambda e: (e[0], e[1]))
    safe_ups = [m for _, _, m in ups if safe(found, _card(game, m))]
    if safe_ups:
        return say("foundation", safe_ups[0], "klondike.hint.foundation")
    if waste is not None:
        plays = [m for kind, m in _waste_plays(game, waste) if kind == "waste"]
        if plays:
            return say("waste", plays[0], "klondike.hint.waste")
    if game.stock or game.waste_pile:
        if any(not game.has_seen(x) for x in game.stock):
            return say("stock", Move.stock(), "klondike.hint.discover")
        target = _stock_target(game, lambda card: bool(_waste_plays(game, card)))
        if target is not None:
            return say("stock", Move.stock(), "klondike.hint.fetch", card=card_label(target))
    room = _room(game)
    if room is not None:
        move, king = room
        return say("king", move, "klondike.hint.room", card=card_label(king))
    if ups:
        return say("foundation", ups[0][2], "klondike.hint.foundation_any")
    unblock = _unblock(game)
    if unblock is not None:
        move, card = unblock
        return say("foundation", move, "klondike.hint.unblock", card=card_label(card))
    if game.stock or game.waste_pile:
        target = _stock_target(game, lambda card: card % 13 == found[card // 13])
        if target is not None:
            return say("stock", Move.stock(), "klondike.hint.fetch", card=card_label(target))
    reason = Msg("klondike.hint.no_moves") if not game.legal_moves() else Msg("klondike.hint.no_progress")
    if game.can_undo:
        return Hint(None, "undo", Msg("klondike.hint.undo", reason=reason))
    return Hint(None, "restart", Msg("klondike.hint.restart", reason=reason))


def _room(game: _Table) -> tuple[Move, int] | None:
    """Empty a column (all its cards, none face down, onto another column) when there is no
    empty column yet and a king waits for one: heading the face-up cards of a column with
    face-down cards under it, on the waste, or seen in the stock where turning brings it up."""
    cols, down = game.cols, game.down
    if any(not c for c in cols):
        return None
    kings = [c[down[i]] for i, c in enumerate(cols)
             if down[i] and c[down[i]] % 13 == 12 and run_start(c, down[i]) == down[i]]
    if game.waste_pile and game.waste_pile[-1] % 13 == 12:
        kings.append(game.waste_pile[-1])
    if not kings:
        seen_king = _stock_target(game, lambda card: card % 13 == 12)
        if seen_king is None:
            return None
        kings.append(seen_king)
    for i, c in enumerate(cols):
        if down[i] or run_start(c, 0) != 0 or c[0] % 13 == 12:
            continue
        for j, d in enumerate(cols):
            if j != i and fits(c[0], d[-1]):
                return Move(i, j, len(c)), kings[0]
    return None


def _card(game: _Table, move: Move) -> int:
    return game.waste_pile[-1] if move.src == WASTE else game.cols[move.src][-1]


def _unblock(game: _Table) -> tuple[Move, int] | None:
    """Part of a run moved onto the other card of the same rank and colour, so that the
    card it lay on can go onto its foundation next."""
    cols, down, found = game.cols, game.down, game.found
    for i, c in enumerate(cols):
        start = run_start(c, down[i])
        for s in range(start + 1, len(c)):
            under = c[s - 1]
            if under % 13 != found[under // 13]:
                continue
            for j, d in enumerate(cols):
                if j != i and d and fits(c[s], d[-1]):
                    return Move(i, j, len(c) - s), under
    return None
