"""The quick proof that a Klondike position is lost (:mod:`spider.klondike.blocked`), held
against the unpruned reference search, and what it adds to the solver."""

from __future__ import annotations

import random

import pytest
from test_klondike_solver import cpython_half, random_position, reference_frozen

from spider.klondike import Game, SolveResult, solve
from spider.klondike import solver as solver_module
from spider.klondike.blocked import blocked
from spider.klondike.solver import _start_state

REST = "5S 6S 7S 8S 9S TS JS QS KS 6H 7H 8H 9H TH JH QH KH 6D 7D 8D 9D TD JD QD KD"


def position(column: str, stock: str = REST, draw: int = 1) -> Game:
    return Game.from_text("\n".join([f"klondike {draw}", f"stock: {stock}", "waste: -",
                                     "foundations: 2S 4H 4D KC", f"1: {column}",
                                     *(f"{i}:" for i in range(2, 8))]))


def is_blocked(g: Game) -> bool:
    cols, found, talon, _ = _start_state(g)
    return blocked(cols, found, talon)


def test_a_card_on_top_of_everything_it_needs() -> None:
    # 4♠ lies on 3♠ (its foundation's next card) and on both red fives (where it could go)
    g = position("#3S #5H #5D 4S")
    assert is_blocked(g)
    assert solve(g, 1000, peek=True) == SolveResult("unsolvable", [], 1)
    # one of the fives in the stock: 4♠ may go onto it, and nothing is proved
    assert not is_blocked(position("#3S #5H 4S", stock="5D " + REST))
    # the same knot through two columns: 4♠ covers 3♠ and 5♥; 5♦ lies under Q♥, which can
    # leave only for its foundation (after J♥, under 4♠) or a black king (both under 4♠ too)
    g = Game.from_text("\n".join([
        "klondike 1", "stock: 5S 6S 7S 8S 9S TS JS QS 6H 7H 8H 9H TH KH 6D 7D 8D 9D TD JD QD KD",
        "waste: -", "foundations: 2S 4H 4D QC", "1: #KC #KS #JH #3S #5H 4S", "2: #5D QH",
        *(f"{i}:" for i in range(3, 8))]))
    assert is_blocked(g)


def test_without_it_the_solver_searches_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first position above: the solver alone finds no end within 20,000 positions (the
    worried-back clubs give it room to wander); the check proves it lost at once."""
    g = position("#3S #5H #5D 4S")
    monkeypatch.setattr(solver_module, "_blocked", lambda cols, found, talon: False)
    assert solve(g, 20_000, peek=True) == SolveResult("unknown", [], 20_000)


def test_a_blocked_start_goes_into_the_lost_set() -> None:
    g = position("#3S #5H #5D 4S")
    lost: set[bytes] = set()
    assert solve(g, 1000, peek=True, lost=lost).status == "unsolvable"
    assert len(lost) == 1
    assert solve(g, 1000, peek=True, lost=lost) == SolveResult("unsolvable", [], 1)


@pytest.mark.cpython_only  # a long sweep: its answers do not depend on the platform
@pytest.mark.parametrize("draw", [1, 3])
def test_random_positions_called_blocked_are_lost(draw: int) -> None:
    """Every random position it calls blocked (each foundation at 2-9 cards, the rest spread
    with some face down), the reference search (every legal move; it trusts only the column
    order and the frozen foundation cards) proves lost or cannot decide; and it does call
    some of them blocked."""
    rng = random.Random(300 + draw)
    called = confirmed = 0
    for _ in range(200):
        g = Game.from_text(random_position(rng, draw, 2, high=9))
        if not is_blocked(g):
            continue
        called += 1
        ref = reference_frozen(g, 10_000)
        assert ref is not True, "FALSE BLOCKED\n" + g.to_text()
        confirmed += ref is False
    assert called >= 18 and confirmed >= 15, (called, confirmed)


@pytest.mark.parametrize("draw", [cpython_half(1), 3])
def test_deals_the_search_wins_are_never_blocked(monkeypatch: pytest.MonkeyPatch, draw: int) -> None:
    """The search alone (the check switched off) wins most of deals 1-30 within 20,000
    positions; not one of those deals is called blocked."""
    monkeypatch.setattr(solver_module, "_blocked", lambda cols, found, talon: False)
    won = 0
    for n in range(1, 31):
        g = Game.new(deal_id=f"K{draw}-{n}")
        if solve(g, 20_000, peek=True).status == "solved":
            won += 1
            assert not is_blocked(g), g.deal_id
    assert won >= 15, won


@pytest.mark.parametrize("deal", ["K1-29", "K1-68"])
def test_deals_lost_from_the_start_that_the_search_cannot_finish(deal: str) -> None:
    """Undecided after 1,000,000 positions of the search (measured), blocked at the deal."""
    assert solve(Game.new(deal_id=deal), 10, peek=True) == SolveResult("unsolvable", [], 1)
