"""What every game's position text shares: its lines are read one named field at a time,
columns are written and read the same way (``#`` marks a face-down card, furthest card
first), and every error is a :class:`~spider.core.messages.MessageError` naming the line.

A game's notation module (``spider.spider_game.notation``, ``spider.klondike.notation``)
says which fields it has and what they mean; this module only reads and writes lines.

>>> lines = Lines("spider 1\\nstock: -\\n1: #AS 2S", limit=100)
>>> lines.header()
(1, ['spider', '1'])
>>> lines.field("stock")
(2, '-')
>>> lines.column("1")
(3, 1, [0, 1])
>>> lines.end()
>>> column_lines([[0, 1], []], [1, 0])
['1: #AS 2S', '2:']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import card_code, parse_card, shorten
from .messages import MessageError, Msg


def fail(line: int, reason: Msg) -> MessageError:
    """The error for line ``line`` of a position text."""
    return MessageError(Msg("pos.line", line=line, reason=reason))


def cards(lineno: int, tokens: Sequence[str]) -> list[int]:
    """Card codes read as cards; an unreadable one is an error of that line."""
    out = []
    for tok in tokens:
        try:
            out.append(parse_card(tok))
        except MessageError as e:
            raise fail(lineno, e.message) from None
    return out


def column_lines(columns: Sequence[Sequence[int]], down: Sequence[int]) -> list[str]:
    """Lines ``1:`` … of the columns: furthest card first, ``#`` before a face-down one."""
    lines = []
    for i, (col, d) in enumerate(zip(columns, down, strict=True), start=1):
        codes = [("#" if k < d else "") + card_code(c) for k, c in enumerate(col)]
        lines.append(f"{i}:" + (" " + " ".join(codes) if codes else ""))
    return lines


class Lines:
    """The non-blank lines of a position text, read in order."""

    def __init__(self, text: object, *, limit: int) -> None:
        if not isinstance(text, str):
            raise MessageError(Msg("pos.empty"))
        if len(text) > limit:
            raise MessageError(Msg("pos.too_long", n=len(text), limit=limit))
        lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
        if not lines:
            raise MessageError(Msg("pos.empty"))
        self._it: Iterator[tuple[int, str]] = iter(lines)

    def header(self) -> tuple[int, list[str]]:
        """The first line, split into words."""
        lineno, head = next(self._it)
        return lineno, head.split()

    def field(self, name: str) -> tuple[int, str]:
        """The next line, which must be ``name: …``; its number and what follows the colon."""
        try:
            lineno, line = next(self._it)
        except StopIteration:
            raise MessageError(Msg("pos.missing", what=f"{name}:")) from None
        head, sep, rest = line.partition(":")
        if not sep or head.strip() != name:
            raise fail(lineno, Msg("pos.expected", what=f"{name}:", text=shorten(line)))
        return lineno, rest.strip()

    def pile(self, name: str, hidden: str) -> tuple[int, list[str]]:
        """The next line as a pile of face-up cards (``-`` for none): its number and its
        tokens; a ``#`` in it is the error ``hidden``."""
        lineno, body = self.field(name)
        tokens = [] if body == "-" else body.split()
        bad = next((tok for tok in tokens if tok.startswith("#")), None)
        if bad is not None:
            raise fail(lineno, Msg(hidden, text=shorten(bad)))
        return lineno, tokens

    def column(self, name: str) -> tuple[int, int, list[int]]:
        """The next line as column ``name``: its number, how many cards lie face down, and
        the cards (face-down ones first, never the exposed card)."""
        lineno, body = self.field(name)
        tokens = body.split()
        down = 0
        for k, tok in enumerate(tokens):
            if tok.startswith("#"):
                if k != down:
                    raise fail(lineno, Msg("pos.down_after_up", text=shorten(tok)))
                down += 1
        if tokens and down == len(tokens):
            raise fail(lineno, Msg("pos.exposed_down"))
        return lineno, down, cards(lineno, [tok.removeprefix("#") for tok in tokens])

    def end(self) -> None:
        """No line may follow the last field."""
        for lineno, line in self._it:
            raise fail(lineno, Msg("pos.extra", text=shorten(line)))
