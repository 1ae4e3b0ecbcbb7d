"""The quick proof that a Klondike position is lost (:mod:`spider.klondike.blocked`), held
against the unpruned reference search, and what it adds to the solver."""

from __future__ import annotations

import random

import pytest
from search import exhaustive

from spider.core.cards import card_code
from spider.klondike import Game, SolveResult, solve
from spider.klondike import solver as solver_module
from spider.klondike.blocked import blocked
from spider.klondike.safety import frozen
from spider.klondike.solver import _start_state

REST = "5S 6S 7S 8S 9S TS JS QS KS 6H 7H 8H 9H TH JH QH KH 6D 7D 8D 9D TD JD QD KD"


def position(column: str, stock: str = REST, draw: int = 1) -> Game:
    return Game.from_text("\n".join([f"klondike {draw}", f"stock: {stock}", "waste: -",
                                     "foundations: 2S 4H 4D KC", f"1: {column}",
                                     *(f"{i}:" for i in range(2, 8))]))


def is_blocked(g: Game) -> bool:
    cols, found, talon, _ = _start_state(g)
    return blocked(cols, found, talon)


def reference(g: Game, limit: int) -> bool | None:
    """Can ``g`` be won? Every legal action of the engine, depth first, positions compared
    by their text with the columns sorted; a foundation card that ``frozen`` settles is never
    worried back (the trusted shortcut of tests/test_klondike_solver.py). ``None`` past
    ``limit`` positions."""

    def key(p: Game) -> str:
        lines = p.to_text().split("\n")
        return "\n".join(lines[:4] + sorted(line.partition(":")[2] for line in lines[4:]))

    def moves(p: Game) -> list:
        settled = frozen(p.found)
        return [m for m in p.legal_moves()
                if not (m.from_foundation and p.found[m.src - 10] <= settled[m.src - 10])]

    return exhaustive(g, limit, key=key, moves=moves)


def random_position(rng: random.Random, draw: int) -> Game:
    """Each foundation at 2-9 cards, the rest at random in the stock (up to 3), the waste (up
    to 2) and the columns, a random number of each column's cards face down."""
    found = [rng.randint(2, 9) for _ in range(4)]
    cards = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(cards)
    k = rng.randint(0, 3)
    stock, cards = cards[:k], cards[k:]
    k = rng.randint(0, 2)
    waste, cards = cards[:k], cards[k:]
    columns: list[list[int]] = [[] for _ in range(7)]
    for c in cards:
        columns[rng.randrange(7)].append(c)
    lines = [f"klondike {draw}", "stock: " + (" ".join(map(card_code, stock)) or "-"),
             "waste: " + (" ".join(map(card_code, waste)) or "-"),
             "foundations: " + " ".join(card_code(s * 13 + n - 1) for s, n in enumerate(found))]
    for i, col in enumerate(columns, start=1):
        down = rng.randint(0, max(0, len(col) - 1))
        lines.append(f"{i}:" + "".join(" " + ("#" if j < down else "") + card_code(c)
                                       for j, c in enumerate(col)))
    g = Game.from_text("\n".join(lines))
    g.mark_seen()
    return g


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


@pytest.mark.parametrize("draw", [1, 3])
def test_random_positions_called_blocked_are_lost(draw: int) -> None:
    """Every random position it calls blocked, the reference search proves lost; and it does
    call some of them blocked (and not only the ones the reference proves lost quickly)."""
    rng = random.Random(300 + draw)
    called = confirmed = 0
    for _ in range(150):
        g = random_position(rng, draw)
        if not is_blocked(g):
            continue
        called += 1
        ref = reference(g, 10_000)
        assert ref is not True, "FALSE BLOCKED\n" + g.to_text()
        confirmed += ref is False
    assert called >= 18 and confirmed >= 15, (called, confirmed)


@pytest.mark.parametrize("draw", [1, 3])
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
