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

from ..core.cards import SUIT_LETTERS, card_code, card_label, parse_card, shorten, suit_of
from ..core.messages import MessageError, Msg
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
    for i, (col, d) in enumerate(zip(columns, down, strict=True), start=1):
        cards = [("#" if k < d else "") + card_code(c) for k, c in enumerate(col)]
        lines.append(f"{i}:" + (" " + " ".join(cards) if cards else ""))
    return "\n".join(lines)


def _fail(line: int, reason: Msg) -> MessageError:
    return MessageError(Msg("pos.line", line=line, reason=reason))


def _field(lineno: int, text: str, name: str) -> str:
    head, sep, rest = text.partition(":")
    if not sep or head.strip() != name:
        raise _fail(lineno, Msg("pos.expected", what=f"{name}:", text=shorten(text.strip())))
    return rest.strip()


def _cards(lineno: int, tokens: list[str], suits: int) -> list[int]:
    allowed = suits_in_play(suits)
    out = []
    for tok in tokens:
        try:
            card = parse_card(tok)
        except MessageError as e:
            raise _fail(lineno, e.message) from None
        if suit_of(card) not in allowed:
            raise _fail(lineno, Msg("pos.card_suit", card=card_label(card), suits=suits))
        out.append(card)
    return out


def parse_position(text: str) -> Position:
    """Read a position; ``MessageError`` with the line and the reason if anything is wrong."""
    if not isinstance(text, str):
        raise MessageError(Msg("pos.empty"))
    if len(text) > MAX_TEXT:
        raise MessageError(Msg("pos.too_long", n=len(text), limit=MAX_TEXT))
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise MessageError(Msg("pos.empty"))
    it = iter(lines)

    lineno, head = next(it)
    parts = head.split()
    if len(parts) != 2 or parts[0].lower() != "spider" or parts[1] not in ("1", "2", "4"):
        raise _fail(lineno, Msg("pos.header", text=shorten(head)))
    suits = int(parts[1])
    assert suits in VARIANTS

    def next_line(name: str) -> tuple[int, str]:
        try:
            n, line = next(it)
        except StopIteration:
            raise MessageError(Msg("pos.missing", what=f"{name}:")) from None
        return n, _field(n, line, name)

    lineno, body = next_line("stock")
    tokens = [] if body == "-" else body.split()
    if any(tok.startswith("#") for tok in tokens):
        bad = next(tok for tok in tokens if tok.startswith("#"))
        raise _fail(lineno, Msg("pos.hidden_in_stock", text=shorten(bad)))
    stock = _cards(lineno, tokens, suits)
    if len(stock) % DEAL_SIZE or len(stock) > 5 * DEAL_SIZE:
        raise _fail(lineno, Msg("pos.stock_size", n=len(stock)))

    lineno, body = next_line("done")
    done: list[int] = []
    for tok in [] if body == "-" else body.split():
        if tok not in SUIT_LETTERS:
            raise _fail(lineno, Msg("pos.suit", text=shorten(tok)))
        done.append(SUIT_LETTERS.index(tok))
        if done[-1] not in suits_in_play(suits):
            raise _fail(lineno, Msg("pos.suit", text=shorten(tok)))
    if len(done) > 8:
        raise _fail(lineno, Msg("pos.too_many_done", n=len(done)))

    columns: list[tuple[int, ...]] = []
    downs: list[int] = []
    for i in range(1, COLUMNS + 1):
        lineno, body = next_line(str(i))
        tokens = body.split()
        down = 0
        for k, tok in enumerate(tokens):
            if tok.startswith("#"):
                if k != down:
                    raise _fail(lineno, Msg("pos.down_after_up", text=shorten(tok)))
                down += 1
        if tokens and down == len(tokens):
            raise _fail(lineno, Msg("pos.exposed_down"))
        col = _cards(lineno, [tok.removeprefix("#") for tok in tokens], suits)
        if len(col) - down >= 13 and col[-1] % 13 == 0:
            tail = col[-13:]
            if all(tail[j] == tail[j + 1] + 1 for j in range(12)):
                raise _fail(lineno, Msg("pos.complete_run"))
        columns.append(tuple(col))
        downs.append(down)

    for lineno, line in it:
        raise _fail(lineno, Msg("pos.extra", text=shorten(line)))

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
