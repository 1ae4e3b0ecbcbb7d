"""Building hand-made Klondike positions for tests.

A test names only the cards that matter; :func:`build` puts every other card of the deck on
its foundation where it can (each suit's foundation takes the longest run A, 2, … of cards
not named) and the rest face down where a column says ``*``.
"""

from __future__ import annotations

from checks import column_lines

from spider.core.cards import card_code, parse_card
from spider.klondike import Game


def build(columns: list[str], *, stock: str = "", waste: str = "", draw: int = 1) -> str:
    """Position text for 7 ``columns`` (strings like ``"* 9H 8S"``; ``#`` marks a face-down
    card, ``*`` the cards left over, face down, there)."""
    assert len(columns) == 7
    named = set()
    for spec in [*columns, stock, waste]:
        for tok in spec.split():
            if tok != "*":
                card = parse_card(tok.lstrip("#"))
                assert card not in named, f"{tok} twice"
                named.add(card)
    found = []
    for s in range(4):
        n = 0
        while n < 13 and s * 13 + n not in named:
            n += 1
        found.append(n)
    rest = [c for c in range(52) if c not in named and c % 13 >= found[c // 13]]
    lines = [f"klondike {draw}", "stock: " + (stock or "-"), "waste: " + (waste or "-"),
             "foundations: " + " ".join(card_code(s * 13 + n - 1) if n else "-" for s, n in enumerate(found))]
    return "\n".join(lines + column_lines(columns, rest))


def game(columns: list[str], **kw: object) -> Game:
    g: Game = Game.from_text(build(columns, **kw))  # type: ignore[arg-type]
    return g
