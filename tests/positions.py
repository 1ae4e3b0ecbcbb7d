"""Building hand-made positions for tests.

A test names only the cards that matter; :func:`build` completes the 104 cards of the
variant and puts the rest face down where a column says ``*`` (or into the stock), so
that every position is a legal one for ``Game.from_text``.
"""

from __future__ import annotations

from collections import Counter

from checks import column_lines

from spider import Game
from spider.cards import SUIT_LETTERS, card_code, copies_per_card, parse_card, suits_in_play


def build(
    columns: list[str],
    *,
    suits: int = 4,
    stock: str = "",
    stock_rows: int = 0,
    done: str = "",
) -> str:
    """Position text for ``columns`` (10 strings like ``"* 9H 8S"``; ``#`` marks face-down,
    ``*`` stands for "the remaining cards, face down, here"). ``stock`` lists stock cards
    explicitly; ``stock_rows`` takes that many rows of ten from the remaining cards."""
    assert len(columns) == 10
    need: Counter[int] = Counter()
    for s in suits_in_play(suits):
        for r in range(13):
            need[s * 13 + r] = copies_per_card(suits)
    for letter in done.split():
        s = SUIT_LETTERS.index(letter)
        for r in range(13):
            need[s * 13 + r] -= 1
    used: list[str] = []
    for spec in columns:
        used += [tok.lstrip("#") for tok in spec.split() if tok != "*"]
    used += stock.split()
    for code in used:
        need[parse_card(code)] -= 1
    assert all(v >= 0 for v in need.values()), f"too many copies: {need}"
    rest = sorted(need.elements())
    # A column that ends with ``*`` needs a face-up card: give it a king (it moves only into
    # an empty column and takes only a queen), or an ace when the kings run out (nothing
    # goes on an ace), so that fillers rarely get in a test's way.
    open_ends = [i for i, spec in enumerate(columns) if spec.split()[-1:] == ["*"]]
    inert = [c for c in rest if c % 13 == 12] + [c for c in rest if c % 13 == 0]
    assert len(inert) >= len(open_ends), "not enough kings and aces to end the * columns"
    ends = dict(zip(open_ends, inert, strict=False))
    for card in ends.values():
        rest.remove(card)
    stock_cards = stock.split() + [card_code(c) for c in rest[: 10 * stock_rows]]
    rest = rest[10 * stock_rows :]
    lines = [f"spider {suits}", "stock: " + (" ".join(stock_cards) or "-"),
             "done: " + (done or "-")]
    return "\n".join(lines + column_lines(columns, rest, ends))


def game(columns: list[str], **kw: object) -> Game:
    return Game.from_text(build(columns, **kw))  # type: ignore[arg-type]


def column_codes(g: Game, col: int) -> list[str]:
    """Face-up codes of a 0-based column."""
    return list(g.columns[col].up)


# One suit, six runs removed, a row in the stock: it can be won (spread the cards over all
# ten columns, deal, then build the last two runs), but the ace onto the 2 (``2>1``)
# completes a run and leaves three cards on the table, so ten columns can never be filled
# again to deal the last row. Found by trying shuffles of the second set of cards (seeded);
# the engine tests and e2e/test_analysis.py check it.
SPIDER_ONE_MOVE_FROM_A_LOSS = (
    "spider 1\nstock: 4S 7S QS 9S 5S 6S JS 2S KS 8S\ndone: S S S S S S\n"
    "1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n2: AS\n3: #AS 3S\n4: TS\n5:\n6:\n7:\n8:\n9:\n10:")
