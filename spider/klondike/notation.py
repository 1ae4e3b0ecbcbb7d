"""Klondike's position text: parse and format.

::

    klondike 3
    stock: 4H AC 4D 7S
    waste: 9C 2D
    foundations: 5S - 2D AC
    1: QH
    2: #7H TS
    …
    7: #JD #7C #5S #3H #9D #JS AS

``klondike N`` gives the draw count (1 or 3). ``stock:`` lists the stock, the next card
turned over first, or ``-``; ``waste:`` the waste from the bottom to its top (playable)
card, or ``-``; ``foundations:`` the top card of the ♠ ♥ ♦ ♣ foundations in that order, ``-``
for an empty one; lines ``1:`` to ``7:`` each column from the card furthest from the player
to the exposed card, ``#`` marking a face-down card; an empty column has nothing after the
colon. Ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits ``S H D C``.

Every error is a :class:`~spider.core.messages.MessageError` (a ``ValueError``) naming the
line and the reason: a card twice or missing, a face-down card exposed, a foundation card of
the wrong suit, anything malformed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_code, card_label, shorten, suit_of
from ..core.messages import MessageError, Msg
from ..core.notation import Lines, cards, column_lines, fail
from .deals import COLUMNS, DRAWS

MAX_TEXT = 2_000  # a full position is about 250 characters
HEADER = "klondike"


@dataclass(frozen=True)
class Position:
    draw: int
    columns: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    found: tuple[int, ...]  # cards on each foundation (♠ ♥ ♦ ♣): its top card's rank


def format_position(draw: int, columns: Sequence[Sequence[int]], down: Sequence[int],
                    stock: Sequence[int], waste: Sequence[int], found: Sequence[int]) -> str:
    """The notation of a position (no trailing newline)."""
    tops = [card_code(s * 13 + n - 1) if n else "-" for s, n in enumerate(found)]
    lines = [
        f"{HEADER} {draw}",
        "stock: " + (" ".join(card_code(c) for c in stock) or "-"),
        "waste: " + (" ".join(card_code(c) for c in waste) or "-"),
        "foundations: " + " ".join(tops),
    ]
    return "\n".join([*lines, *column_lines(columns, down)])


def parse_position(text: object) -> Position:
    """Read a position; ``MessageError`` with the line and the reason if anything is wrong."""
    lines = Lines(text, limit=MAX_TEXT)
    lineno, parts = lines.header()
    if len(parts) != 2 or parts[0].lower() != HEADER or parts[1] not in ("1", "3"):
        raise fail(lineno, Msg("klondike.pos.header", text=shorten(" ".join(parts))))
    draw = int(parts[1])
    assert draw in DRAWS
    where: dict[int, int] = {}  # card -> the line it was found on

    def place(lineno: int, placed: list[int]) -> None:
        for card in placed:
            if card in where:
                raise fail(lineno, Msg("klondike.pos.twice", card=card_label(card), other=where[card]))
            where[card] = lineno

    piles: dict[str, list[int]] = {}
    for name in ("stock", "waste"):
        lineno, tokens = lines.pile(name, "klondike.pos.hidden")
        piles[name] = cards(lineno, tokens)
        place(lineno, piles[name])

    lineno, body = lines.field("foundations")
    tokens = body.split()
    if len(tokens) != 4:
        raise fail(lineno, Msg("klondike.pos.foundations", n=len(tokens)))
    found: list[int] = []
    for s, tok in enumerate(tokens):
        if tok == "-":
            found.append(0)
            continue
        card = cards(lineno, [tok])[0]
        if suit_of(card) != s:
            raise fail(lineno, Msg("klondike.pos.foundation_suit", card=card_label(card),
                                    symbol=SUIT_SYMBOLS[s], letter=SUIT_LETTERS[s]))
        found.append(card % 13 + 1)
        place(lineno, [s * 13 + r for r in range(found[-1])])

    columns: list[tuple[int, ...]] = []
    downs: list[int] = []
    for i in range(1, COLUMNS + 1):
        lineno, down, col = lines.column(str(i))
        place(lineno, col)
        columns.append(tuple(col))
        downs.append(down)

    lines.end()
    missing = [c for c in range(52) if c not in where]
    if missing:
        raise MessageError(Msg("klondike.pos.missing_cards", n=len(missing),
                               cards=" ".join(card_label(c) for c in missing[:6])
                               + (" …" if len(missing) > 6 else "")))
    return Position(draw, tuple(columns), tuple(downs), tuple(piles["stock"]), tuple(piles["waste"]),
                    tuple(found))
