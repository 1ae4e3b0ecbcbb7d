"""The hint: one useful next step, in a fixed order, with the reason in words.

Order (the rule text's): reveal a face-down card; then empty a column; then complete a
one-suit run K…A; then join loose cards into a longer one-suit run without breaking
another. Placing a card onto another suit is not progress, nor is moving back and forth.
When only such moves remain the hint says so and names the next real step: deal a row;
fill the empty column and then deal; or undo a few moves and try another way.

The hint looks only at what the player can see: face-up cards, how many cards lie face
down in each column, whether the stock has cards, and the last move. It never proposes a
move that only undoes the previous one, of any kind (the "fill" move included).

The text is a message (:class:`~spider.core.messages.Msg`); ``Hint.text`` renders it in
German, ``Hint.message`` in any language.
"""

from __future__ import annotations

from typing import Protocol

from ..core.messages import Hint, Msg
from ..texts.keys import family
from .deck import COLUMNS
from .moves import Move
from .runs import block_text, run_length

KINDS = ("reveal", "empty", "complete", "join", "deal", "fill", "undo", "restart", "won")
HINT_KEY = family("hint.{kind}", kind=("reveal", "empty", "complete", "join", "deal", "fill"))


class _Table(Protocol):
    cols: list[list[int]]
    down: list[int]
    stock: list[int]

    @property
    def last_move(self) -> Move | None: ...

    @property
    def is_won(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    def legal_moves(self) -> list[Move]: ...

    def can_deal(self) -> bool: ...


def describe(game: _Table, move: Move) -> Msg:
    """``Ziehe 7♣ von Spalte 3 auf 8♣ in Spalte 5`` (the block, source and destination)."""
    if move.is_deal:
        return Msg("hint.deal_move")
    block = game.cols[move.src][-move.count:]
    d = game.cols[move.dst]
    if d:
        where = Msg("hint.onto", target=block_text(d[-1:]), dst=move.dst + 1)
    else:
        where = Msg("hint.into_empty", dst=move.dst + 1)
    return Msg("hint.move", block=block_text(block), src=move.src + 1, where=where)


def _back(game: _Table) -> Move | None:
    """The move that would only undo the last one."""
    last = game.last_move
    return None if last is None or last.is_deal else Move(last.dst, last.src, last.count)


def _rank_moves(game: _Table) -> list[tuple[tuple[int, ...], str, Move]]:
    """Progress moves as ``(sort key, kind, move)``; lower keys are better."""
    back = _back(game)
    out: list[tuple[tuple[int, ...], str, Move]] = []
    cols, down = game.cols, game.down
    for move in game.legal_moves():
        if move.is_deal or move == back:
            continue
        src, dst, k = move.src, move.dst, move.count
        c, d = cols[src], cols[dst]
        up = len(c) - down[src]
        top = c[-k]
        same_suit = bool(d) and d[-1] == top + 1
        if k == up and down[src] > 0:
            # reveal: same suit first, then another suit, an empty column last; fewest
            # face-down cards first (that column is the nearest to being emptied)
            kind_key = 0
            tie = (2 if not d else 0 if same_suit else 1, down[src])
            kind = "reveal"
        elif k == up and d:
            kind_key, kind, tie = 1, "empty", (0 if same_suit else 1, 0)
        elif same_suit and k + run_length(d, down[dst]) >= 13:
            kind_key, kind, tie = 2, "complete", (0, 0)
        elif same_suit and k == run_length(c, down[src]):
            kind_key, kind = 3, "join"
            tie = (-(k + run_length(d, down[dst])), 0)
        else:
            continue
        out.append(((kind_key, *tie, src, dst), kind, move))
    out.sort(key=lambda e: e[0])
    return out


def _fill_move(game: _Table) -> Move | None:
    """A move into an empty column that breaks no run and empties nothing pointlessly:
    the whole one-suit run at the end of the fullest column; never the reverse of the
    last move (that would only take it back)."""
    empty = [i for i in range(COLUMNS) if not game.cols[i]]
    if not empty:
        return None
    back = _back(game)
    best: tuple[int, int] | None = None
    for src in range(COLUMNS):
        c = game.cols[src]
        if not c or (game.down[src] == 0 and run_length(c, 0) == len(c)):
            continue  # a whole column into an empty one changes nothing
        run = run_length(c, game.down[src])
        if back is not None and back.src == src and back.count == run and back.dst in empty:
            continue
        key = (-len(c), src)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    src = best[1]
    return Move(src, empty[0], run_length(game.cols[src], game.down[src]))


def hint(game: _Table) -> Hint[Move]:
    """The hint for the position on the table (see the module docstring)."""
    if game.is_won:
        return Hint(None, "won", Msg("hint.won"))
    ranked = _rank_moves(game)
    if ranked:
        _, kind, move = ranked[0]
        return Hint(move, kind, Msg(HINT_KEY(kind=kind), move=describe(game, move)))
    no_progress = Msg("hint.no_progress")
    if game.can_deal():
        return Hint(Move.deal(), "deal", Msg("hint.deal", no_progress=no_progress))
    if game.stock:
        fill = _fill_move(game)
        if fill is not None:
            return Hint(fill, "fill", Msg("hint.fill", no_progress=no_progress,
                                          move=describe(game, fill)))
    if game.can_undo:
        return Hint(None, "undo", Msg("hint.undo", no_progress=no_progress))
    return Hint(None, "restart", Msg("hint.restart", no_progress=no_progress))
