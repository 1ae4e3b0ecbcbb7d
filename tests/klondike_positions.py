"""Building hand-made Klondike positions for tests.

A test names only the cards that matter; :func:`build` puts every other card of the deck on
its foundation where it can (each suit's foundation takes the longest run A, 2, … of cards
not named) and the rest face down where a column says ``*``.
"""

from __future__ import annotations

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
    fillers = [i for i, spec in enumerate(columns) if "*" in spec.split()]
    assert not rest or fillers, f"{len(rest)} cards left over and no * column"
    share: dict[int, list[str]] = {i: [] for i in fillers}
    for k, card in enumerate(rest):
        share[fillers[k % len(fillers)]].append("#" + card_code(card))
    lines = [f"klondike {draw}", "stock: " + (stock or "-"), "waste: " + (waste or "-"),
             "foundations: " + " ".join(card_code(s * 13 + n - 1) if n else "-" for s, n in enumerate(found))]
    for i, spec in enumerate(columns):
        toks: list[str] = []
        for tok in spec.split():
            toks += share[i] if tok == "*" else [tok]
        lines.append(f"{i + 1}:" + (" " + " ".join(toks) if toks else ""))
    return "\n".join(lines)


def game(columns: list[str], **kw: object) -> Game:
    g: Game = Game.from_text(build(columns, **kw))  # type: ignore[arg-type]
    return g
