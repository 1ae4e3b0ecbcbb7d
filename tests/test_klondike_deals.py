"""PySolFC's deal numbers: K1-n and K3-n deal exactly PySolFC's Klondike game n.

The oracle is the ``pysol-cards`` package (``RandomBase.DEALS_PYSOLFC``, its ``klondike``
layout; its ``Talon:`` line lists the stock, first card turned over first), for many numbers
on both sides of 32000 (Microsoft's generator up to 32000, Mersenne Twister above). A few
layouts are pinned here too, so the Pyodide run (which has no pysol-cards) checks them.
"""

from __future__ import annotations

import random

import pytest

from spider.klondike import Game
from spider.klondike.deals import deal_layout, layout_text, parse_deal_id

PINNED = {
    1: "4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H",
    32001: None,
    40000: "4D 2D QD JS 7D KC TD TH 6H 6C 2S 9D 6S AC AH QS 3H JD 9H 5H 9S QC 4C 8D",
}


def numbers() -> list[int]:
    rng = random.Random(20261201)
    low = list(range(1, 301)) + [31990 + i for i in range(11)]
    high = [32001, 32002, 32003, 10**12 - 1] + [rng.randrange(32001, 10**12) for _ in range(250)]
    return low + high


@pytest.mark.cpython_only
@pytest.mark.parametrize("chunk", range(4))
def test_layouts_match_pysol_cards(chunk: int) -> None:
    pytest.importorskip("pysol_cards")
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game as PysolGame
    from pysol_cards.random_base import RandomBase

    renderer = CardRenderer(True)
    todo = numbers()[chunk::4]
    for n in todo:
        want = PysolGame("klondike", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(renderer)
        assert layout_text(n) == want, n


@pytest.mark.parametrize(("n", "stock"), [(n, s) for n, s in PINNED.items() if s])
def test_pinned_stocks(n: int, stock: str) -> None:
    assert Game.new(deal_id=f"K3-{n}").to_text().split("\n")[1] == "stock: " + stock


def test_a_deal_has_seven_columns_of_one_to_seven_cards_and_24_in_stock() -> None:
    for n in (1, 2, 32000, 32001, 123456789):
        columns, stock = deal_layout(n)
        assert [len(c) for c in columns] == [1, 2, 3, 4, 5, 6, 7] and len(stock) == 24
        assert sorted(stock + [c for col in columns for c in col]) == list(range(52))
        g = Game.new(deal_id=f"K1-{n}")
        assert [v.down for v in g.columns] == [0, 1, 2, 3, 4, 5, 6] and g.waste == ()


def test_deal_ids_have_one_spelling_and_are_checked() -> None:
    assert parse_deal_id("K3-42") == (3, 42)
    for bad in ("K2-1", "K1-0", "S1-1", "K1-", "K1-1x", None, 5, " k3-0042 ", "K01-5", "K001-5", " K1-1\n",
                "K1-1\u00a0", "K1-" + "9" * 20):
        with pytest.raises(ValueError):
            parse_deal_id(bad)
