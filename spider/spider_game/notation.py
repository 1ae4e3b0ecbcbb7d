"""The position text: parse and format.

::

    spider 4
    stock: 7H 8S QD …
    done: C S
    1: #KS #4H #9D #2C #JH 5S
    …
    10:

``spider N`` gives the suits (1, 2 or 4). ``stock:`` lists the stock in dealing order (the
first ten go to columns 1 to 10 in the next deal) or ``-``; ``done:`` the suits of removed
runs in order or ``-``; lines ``1:`` to ``10:`` each column from the card furthest from the
player to the exposed card, ``#`` marking a face-down card; an empty column has nothing
after the colon. Ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits ``S H D C``.

Every error is a :class:`~spider.core.messages.MessageError` (a ``ValueError``) naming the
line and the reason; its message renders in German or English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import SUIT_LETTERS, card_code, card_label, shorten, suit_of
from ..core.messages import MessageError, Msg
from ..core.notation import Lines, cards, column_lines, fail
from .deck import COLUMNS, DEAL_SIZE, DECK_SIZE, VARIANTS, copies_per_card, suits_in_play

MAX_TEXT = 5_000  # a full position is about 600 characters


@dataclass(frozen=True)
class Position:
    suits: int
    columns: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: tuple[int, ...]
    done: tuple[int, ...]


def format_position(
    suits: int,
    columns: Sequence[Sequence[int]],
    down: Sequence[int],
    stock: Sequence[int],
    done: Sequence[int],
) -> str:
    """The notation of a position (no trailing newline)."""
    lines = [
        f"spider {suits}",
        "stock: " + (" ".join(card_code(c) for c in stock) or "-"),
        "done: " + (" ".join(SUIT_LETTERS[s] for s in done) or "-"),
    ]
    return "\n".join([*lines, *column_lines(columns, down)])


def _cards(lineno: int, tokens: list[str], suits: int) -> list[int]:
    return _in_play(lineno, cards(lineno, tokens), suits)


def _in_play(lineno: int, found: list[int], suits: int) -> list[int]:
    allowed = suits_in_play(suits)
    for card in found:
        if suit_of(card) not in allowed:
            raise fail(lineno, Msg("pos.card_suit", card=card_label(card), suits=suits))
    return found


def parse_position(text: str) -> Position:
    """Read a position; ``MessageError`` with the line and the reason if anything is wrong."""
    lines = Lines(text, limit=MAX_TEXT)
    lineno, parts = lines.header()
    if len(parts) != 2 or parts[0].lower() != "spider" or parts[1] not in ("1", "2", "4"):
        raise fail(lineno, Msg("pos.header", text=shorten(" ".join(parts))))
    suits = int(parts[1])
    assert suits in VARIANTS

    lineno, tokens = lines.pile("stock", "pos.hidden_in_stock")
    stock = _cards(lineno, tokens, suits)
    if len(stock) % DEAL_SIZE or len(stock) > 5 * DEAL_SIZE:
        raise fail(lineno, Msg("pos.stock_size", n=len(stock)))

    lineno, body = lines.field("done")
    done: list[int] = []
    for tok in [] if body == "-" else body.split():
        if tok not in SUIT_LETTERS:
            raise fail(lineno, Msg("pos.suit", text=shorten(tok)))
        done.append(SUIT_LETTERS.index(tok))
        if done[-1] not in suits_in_play(suits):
            raise fail(lineno, Msg("pos.suit", text=shorten(tok)))
    if len(done) > 8:
        raise fail(lineno, Msg("pos.too_many_done", n=len(done)))

    columns: list[tuple[int, ...]] = []
    downs: list[int] = []
    for i in range(1, COLUMNS + 1):
        lineno, down, col = lines.column(str(i))
        _in_play(lineno, col, suits)
        if len(col) - down >= 13 and col[-1] % 13 == 0:
            tail = col[-13:]
            if all(tail[j] == tail[j + 1] + 1 for j in range(12)):
                raise fail(lineno, Msg("pos.complete_run"))
        columns.append(tuple(col))
        downs.append(down)
    lines.end()

    _check_copies(suits, columns, stock, done)
    return Position(suits, tuple(columns), tuple(downs), tuple(stock), tuple(done))


def _check_copies(
    suits: int, columns: Sequence[Sequence[int]], stock: Sequence[int], done: Sequence[int]
) -> None:
    """Every card of the variant must be there exactly as often as the deck has it."""
    count = Counter(stock)
    for col in columns:
        count.update(col)
    for s in done:
        count.update(s * 13 + r for r in range(13))
    expected = copies_per_card(suits)
    for s in suits_in_play(suits):
        for r in range(13):
            card = s * 13 + r
            if count[card] != expected:
                raise MessageError(
                    Msg("pos.copies", card=card_label(card), found=count[card], suits=suits,
                        expected=expected)
                )
    assert sum(count.values()) == DECK_SIZE
