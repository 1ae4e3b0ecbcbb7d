"""The Klondike solver's three answers, checked against the engine itself.

A "solved" answer proves itself: its line is replayed with ``game.play`` to a win. An
"unsolvable" answer is checked against :func:`reference`, an unpruned exhaustive search that
uses nothing but the engine's ``legal_moves()``, ``play()`` and ``undo()``, with exact
positions (``to_text()``) as its visited set: no stock shortcut, no sorted columns, no safe
foundation moves, no frozen cards, every partial run and every worrying back.
"""

from __future__ import annotations

import os
import random
from collections.abc import Generator

import pytest
from klondike_positions import build
from search import exhaustive, random_line, replays_to_win

from spider.core.cards import card_code
from spider.klondike import Game, Move, SolveResult, solve
from spider.klondike import solver as solver_module
from spider.klondike.safety import frozen, safe


def reference(game: Game, limit: int) -> bool | None:
    """Can the game be won? Depth-first over every legal action of the engine, visited set of
    exact position texts. ``None`` past ``limit`` positions."""
    return exhaustive(game, limit)


def reference_frozen(game: Game, limit: int) -> bool | None:
    """:func:`reference` with two trusted shortcuts, so that it ends on small random positions:
    positions that differ only in the order of the columns count as one, and a foundation
    card that :func:`spider.klondike.safety.frozen` settles is never worried back (without
    that, a reference wanders through every chain of foundation cards brought back down to
    the aces). Everything else the solver cuts (stock turns as moves, safe foundation moves,
    partial runs, which empty column, the draw-3 stock position) is searched in full."""

    def key(g: Game) -> str:
        lines = g.to_text().split("\n")
        return "\n".join(lines[:4] + sorted(lines[4:][i].partition(":")[2] for i in range(7)))

    def moves(g: Game) -> list[Move]:
        settled = frozen(g.found)
        return [m for m in g.legal_moves()
                if not (m.from_foundation and g.found[m.src - 10] <= settled[m.src - 10])]

    return exhaustive(game, limit, key=key, moves=moves)


def check(game: Game, max_nodes: int = 100_000, ref_limit: int = 60_000,
          full: bool = True, depth_first: bool = False) -> tuple[SolveResult, bool | None]:
    before = game.to_json()
    result = solve(game, max_nodes, peek=True, depth_first=depth_first)
    assert game.to_json() == before, "solve changed the game"
    ref = (reference if full else reference_frozen)(game, ref_limit)
    if result.status == "solved":
        assert replays_to_win(game, result.line)
        assert ref is not False
    elif result.status == "unsolvable":
        assert ref is not True, "FALSE UNSOLVABLE\n" + game.to_text()
    if ref is True and max_nodes >= 100_000:
        assert result.status == "solved", "a win the solver missed\n" + game.to_text()
    return result, ref


def random_position(rng: random.Random, draw: int, low: int = 9, buried: bool = False,
                    high: int = 13, stock: int = 4) -> str:
    """A position with few cards left: each foundation holds ``low``..``high`` cards, the rest
    lie at random in the columns (some face down; with ``buried`` all but the last), the stock
    (at most ``stock`` cards) and the waste."""
    found = [rng.randint(low, high) for _ in range(4)]
    cards = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(cards)
    k = rng.randint(0, min(stock, len(cards)))
    talon, cards = cards[:k], cards[k:]
    k = rng.randint(0, min(2, len(cards)))
    waste, cards = cards[:k], cards[k:]
    columns: list[list[int]] = [[] for _ in range(7)]
    for i, c in enumerate(cards):
        columns[i if buried and i < 7 else rng.randrange(7)].append(c)
    lines = [f"klondike {draw}", "stock: " + (" ".join(map(card_code, talon)) or "-"),
             "waste: " + (" ".join(map(card_code, waste)) or "-"),
             "foundations: " + " ".join(card_code(s * 13 + n - 1) if n else "-" for s, n in enumerate(found))]
    for i, col in enumerate(columns, start=1):
        down = max(0, len(col) - 1) if buried else rng.randint(0, max(0, len(col) - 1))
        codes = [("#" if j < down else "") + card_code(c) for j, c in enumerate(col)]
        lines.append(f"{i}:" + "".join(" " + x for x in codes))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- answers
def test_the_docstring_example_and_a_won_game() -> None:
    g = Game.from_text(build(["KC", "KS", "", "", "", "", ""]))
    r = solve(g, 100)
    assert r.status == "solved" and [str(m) for m in r.line] == ["2>f", "1>f"]
    for m in r.line:
        g.play(m)
    assert solve(g, 10) == SolveResult("solved", [], 0)


def test_a_win_through_the_stock_spells_the_turns_out() -> None:
    g = Game.from_text(build(["KS", "KH", "KD", "", "", "", ""], stock="QC KC JC", draw=1))
    g.mark_seen()
    r = solve(g, 1000)
    assert r.status == "solved" and replays_to_win(g, r.line)
    assert Move.stock() in r.line


def test_draw_three_takes_the_three_cards_from_the_top() -> None:
    # K♣ comes up on top of Q♣ J♣: it must leave for an empty column before J♣ can go up
    g = Game.from_text(build(["KS", "KH", "KD", "", "", "", ""], stock="QC JC KC", draw=3))
    g.mark_seen()
    r, ref = check(g)
    assert r.status == "solved" and ref is True
    assert [str(m) for m in r.line][3:] == ["stock", "w>1", "w>f", "w>f", "1>f"]



# 3♦ covers A♦; the only place for it is a black 4, and both are up: one must come back
# onto 5♥ first. It is also the position where the rule in Solvitaire's source (5♥ may go up
# when both black foundations hold 4) would lose the win: ♦ is empty, so ours keeps 5♥ down.
WORRY = build(["#6S #6C #5D #AD 3D", "5H", "KS QH JS TH 9S 8H 7S 6H 5S", "KH QS JH TS 9H 8S 7H",
               "KC QD JC TD 9C 8D 7C 6D 5C", "KD QC JD TC 9D 8C 7D", ""], stock="2D 4D")


def test_worrying_back_is_sometimes_the_only_way() -> None:
    g = Game.from_text(WORRY)
    assert g.foundations == ("4S", "4H", None, "4C")
    assert not safe(g.found, 1 * 13 + 4)  # our rule keeps 5♥ down here
    r = solve(g, 100_000, peek=True)
    assert r.status == "solved" and replays_to_win(g, r.line)
    assert {str(m) for m in r.line} & {"fS>2", "fC>2"}
    lost = g.copy()
    lost.play(Move.from_text("2>f"))  # 5♥ up, as "other colour within one rank" would do
    assert solve(lost, 100_000, peek=True).status == "unsolvable"


@pytest.mark.slow
def test_worrying_back_position_against_the_reference() -> None:
    g = Game.from_text(WORRY)
    assert reference(g, 300_000) is True
    lost = g.copy()
    lost.play(Move.from_text("2>f"))
    assert reference(lost, 300_000) is False


def test_the_rules_of_settled_cards() -> None:
    assert frozen([13, 13, 13, 13]) == [13, 13, 13, 13]
    assert frozen([5, 0, 0, 5]) == [1, 0, 0, 1]
    assert safe([0, 0, 0, 0], 0) and safe([0, 0, 0, 0], 13)  # aces always
    assert safe([1, 1, 1, 1], 1 * 13 + 1)  # 2♥ with both black aces up
    assert not safe([1, 1, 1, 0], 1 * 13 + 1)  # ♣ is empty: 2♥ may still hold A♣


def test_it_refuses_to_judge_from_cards_the_player_has_not_seen() -> None:
    g = Game.new(deal_id="K1-1")
    with pytest.raises(ValueError, match="21 Karte\\(n\\) liegen noch verdeckt, 24 Karte\\(n\\) im Stapel"):
        solve(g, 1000)
    assert solve(g, 100_000, peek=True).status == "solved"
    with pytest.raises(ValueError):
        solve(g, 0, peek=True)


def test_should_stop_and_the_node_limit_give_unknown() -> None:
    g = Game.new(deal_id="K1-12")
    assert solve(g, 50, peek=True) == SolveResult("unknown", [], 50)
    r = solve(g, 10**9, peek=True, should_stop=lambda: True, check_every=10)
    assert r.status == "unknown" and r.nodes <= 20


@pytest.mark.parametrize(("deal", "status"), [("K1-1", "solved"), ("K3-1", "solved"), ("K3-10", "unsolvable"),
                                              ("K3-7", "unsolvable"), ("K1-6", "solved")])
def test_some_deals(deal: str, status: str) -> None:
    g = Game.new(deal_id=deal)
    r = solve(g, 100_000, peek=True)
    assert r.status == status
    if status == "solved":
        assert replays_to_win(g, r.line)


def test_a_draw_three_key_tells_the_waste_size_from_a_stock_card() -> None:
    """In draw 3 a waste size off the turning cycle is part of the key. Two positions with the
    same columns: 2♠ up, and 6♠ 8♠ in stock and waste with one card on the waste; or 2♠
    still last in the stock behind them, every card on the waste (on the cycle, so no size
    in the key). 2♠'s code is 1, the first waste size: appended bare, both keys were the same
    bytes, and the search would skip the second position as already seen."""
    search = solver_module._Search(3, 10, None, 1024)
    two, six, eight = code("2S"), code("6S"), code("8S")
    cols = (bytes([64 + 12, 25]), b"", b"", b"", b"", b"", b"")
    up = search.key(cols, bytes([six, eight]), 1)
    in_stock = search.key(cols, bytes([six, eight, two]), 3)
    assert two == 1 and up != in_stock
    # the waste size still tells positions apart, and the cycle's sizes still count as one
    assert search.key(cols, bytes([six, eight, two]), 1) != search.key(cols, bytes([six, eight, two]), 2)
    assert search.key(cols, bytes([six, eight, two]), 0) == in_stock


def test_each_open_position_carries_its_own_face_down_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search orders open positions by their face-down cards, counted from the parent's
    count less the cards each move and its safe foundation moves turned up (not recounted
    per column): every position the best-first order pushes, alone and taking turns with
    the depth-first order, carries the count its columns show (the depth-first order's
    stack gets the same count from the same line, unchecked here), and the cached column
    facts agree with the columns."""
    pushed = 0

    def down(state: solver_module.State) -> int:
        return sum(1 for col in state[0] for x in col if x >= 64)

    def push(heap: list[tuple[object, ...]], entry: tuple[object, ...]) -> None:
        nonlocal pushed
        state, count = entry[3], entry[4]
        assert count == down(state)  # type: ignore[arg-type]
        pushed += 1
        real_push(heap, entry)

    real_push = solver_module.heappush
    monkeypatch.setattr(solver_module, "heappush", push)
    monkeypatch.setattr(solver_module, "TURN", 50)
    for deal in ("K1-3", "K3-5"):
        for both in (False, True):
            solve(Game.new(deal_id=deal), 3_000, peek=True, depth_first=both)
    assert pushed > 500
    search = solver_module._Search(1, 10, None, 1024)
    rng = random.Random(7)
    for _ in range(200):
        downs = rng.randrange(0, 7)
        faces = [rng.randrange(52)]
        for _ in range(rng.randrange(0, 6)):  # mostly runs, sometimes a card that breaks one
            kids = solver_module._KIDS[faces[-1]]
            faces.append(rng.choice(kids) if kids and rng.random() < 0.8 else rng.randrange(52))
        col = bytes([64 + rng.randrange(52) for _ in range(downs)] + faces)
        info = search.column_meta(col)
        start = len(col) - 1
        while start > 0 and solver_module._fits(col[start], col[start - 1]):
            start -= 1
        assert info[:4] == (downs, start, len(col) - start, col[start])
        assert info[4] == (col[start] % 13 == 12)
        assert info[5] == (start > 0 and col[start - 1] >= 64)
        assert info[6:8] == (col[-1], col[-1] % 13)  # the exposed card is face up here
        assert info[8] == tuple((col[s - 1] // 13, col[s - 1] % 13, col[s], len(col) - s)
                                for s in range(start + 1, len(col)))


# ----------------------------------------------------------------------------- against the reference
def cpython_half(value: object) -> object:
    """One parameter of a long sweep against the reference, run on CPython only: its answers
    do not depend on the platform, and the Pyodide run keeps the sweep's other half."""
    return pytest.param(value, marks=pytest.mark.cpython_only)


@pytest.mark.parametrize("draw", [1, cpython_half(3)])
@pytest.mark.parametrize("chunk", range(3))
def test_small_random_positions_agree_with_the_unpruned_search(draw: int, chunk: int) -> None:
    rng = random.Random(1000 * draw + chunk)
    answers: dict[tuple[str, bool | None], int] = {}
    for i in range(24):
        low = (9, 6, 4, 3)[i % 4]
        g = Game.from_text(random_position(rng, draw, low, buried=i % 2 == 1))
        r, ref = check(g, ref_limit=20_000, full=False)
        answers[(r.status, ref)] = answers.get((r.status, ref), 0) + 1
    assert answers.get(("solved", True), 0) >= 15, answers


# ----------------------------------------------------------------------------- reduction 6
def talon_positions(seed: int, count: int) -> dict[tuple[str, bool | None], int]:
    """Draw-1 positions where the talon matters (up to 12 cards in the stock, every column
    face down but its last card, foundations at 3-7), each checked against the reference."""
    rng = random.Random(seed)
    answers: dict[tuple[str, bool | None], int] = {}
    for _ in range(count):
        g = Game.from_text(random_position(rng, 1, 3, buried=True, high=7, stock=12))
        r, ref = check(g, ref_limit=20_000, full=False)
        answers[(r.status, ref)] = answers.get((r.status, ref), 0) + 1
    return answers


@pytest.mark.cpython_only  # a long sweep: its answers do not depend on the platform
def test_talon_cards_covered_at_once_lose_no_win() -> None:
    """Reduction 6 (draw 1: a card from the talon is covered by the next move) against the
    reference, which plays every legal move: no answer differs, and both kinds are met."""
    answers = talon_positions(5, 30)
    assert answers.get(("solved", True), 0) >= 12, answers
    assert answers.get(("unsolvable", False), 0) >= 6, answers


# ----------------------------------------------------------------------------- reduction 7
def twin_position(rng: random.Random, draw: int) -> str:
    """A position whose columns end in runs, so that twins (same rank and colour) often both
    lie in runs with cards on them: foundations at 2-6, in each column a run of 1-5 cards
    over the rest face down (at least two per column while they last), except for the stock
    (at most 6) and the waste (at most 2)."""
    found = [rng.randint(2, 6) for _ in range(4)]
    pool = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(pool)
    runs: list[list[int]] = []
    for _ in range(7):
        run = [pool.pop()] if pool else []
        while run and len(run) < 5 and rng.random() < 0.75:
            fits = [c for c in pool if solver_module._fits(c, run[-1])]
            if not fits:
                break
            card = rng.choice(fits)
            pool.remove(card)
            run.append(card)
        runs.append(run)
    k = min(len(pool), rng.randint(0, 6))
    talon, pool = pool[:k], pool[k:]
    k = min(len(pool), rng.randint(0, 2))
    waste, pool = pool[:k], pool[k:]
    downs: list[list[int]] = [[] for _ in range(7)]
    for i, card in enumerate(pool):
        downs[i % 7 if i < 14 else rng.randrange(7)].append(card)
    lines = [f"klondike {draw}", "stock: " + (" ".join(map(card_code, talon)) or "-"),
             "waste: " + (" ".join(map(card_code, waste)) or "-"),
             "foundations: " + " ".join(card_code(s * 13 + n - 1) for s, n in enumerate(found))]
    for i in range(7):
        codes = ["#" + card_code(c) for c in downs[i]] + [card_code(c) for c in runs[i]]
        lines.append(f"{i + 1}:" + "".join(" " + x for x in codes))
    return "\n".join(lines)


def exchangeable(game: Game) -> bool:
    """Does the key exchange what lies on two twins here: both in their columns' runs, and
    the smaller ``bytes`` not yet on the one with the smaller code? (Only then does
    ``exchanged`` give other columns than those it was given.)"""
    cols = solver_module._start_state(game)[0]
    return solver_module._Search(game.draw, 10, None, 1024).exchanged(cols) is not cols


def twin_positions(draw: int, seed: int, count: int) -> dict[tuple[str, bool | None], int]:
    rng = random.Random(seed)
    answers: dict[tuple[str, bool | None], int] = {}
    exchanging = 0
    for _ in range(count):
        g = Game.from_text(twin_position(rng, draw))
        exchanging += exchangeable(g)
        r, ref = check(g, ref_limit=20_000, full=False)
        answers[(r.status, ref)] = answers.get((r.status, ref), 0) + 1
    answers[("exchanging at the start", None)] = exchanging
    return answers


def code(name: str) -> int:
    return next(c for c in range(52) if card_code(c) == name)


def test_exchanging_twins_shortens_proofs() -> None:
    """K1-61 is lost: proved after 3,543 positions without reduction 7, within 2,500 with
    it (1,608 measured; positions stored, those waiting for their talon card's cover are
    not)."""
    g = Game.new(deal_id="K1-61")
    assert solve(g, 2_500, peek=True, twins=False) == SolveResult("unknown", [], 2_500)
    assert solve(g, 2_500, peek=True).status == "unsolvable"


def test_twins_exchange_what_lies_on_them_in_the_key() -> None:
    """6♥ and 6♦ are twins: positions that differ only in which of them carries 5♠ (and the
    4♥ on it) have one key; 5♣ instead of 5♠ is another position. The exchange reaches
    nested twins too (9♠ and 9♣ carry red eights carrying 7♠ and 7♣), and cards below a
    column's run take no part (6♦ face up but under a card that does not fit)."""
    search = solver_module._Search(1, 10, None, 1024)

    def key(*columns: str) -> bytes:
        cols = [bytes(code(n[1:]) + 64 if n[0] == "#" else code(n) for n in col.split()) for col in columns]
        return search.key(tuple(cols + [b""] * (7 - len(cols))), b"", 0)

    assert key("#KS 6H 5S 4H", "#KC 6D") == key("#KS 6H", "#KC 6D 5S 4H")
    assert key("#KS 6H 5S", "#KC 6D 5C") == key("#KS 6H 5C", "#KC 6D 5S")
    assert key("#KS 6H 5S", "#KC 6D") != key("#KS 6H 5C", "#KC 6D")
    assert key("9S 8H 7S", "9C 8D 7C") == key("9S 8D 7S", "9C 8H 7C") == key("9S 8D 7C", "9C 8H 7S")
    assert key("#KS 6H 5S", "6D JS") != key("#KS 6H", "6D JS 5S")  # JS does not fit on 6D


def exchanged_by_comparison(cols: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """Reduction 7's exchange as the rule says it, slowly: for each pair of twins, the higher
    first, both in their column's run (found again after every exchange), the smaller
    ``bytes`` of what lies on them onto the twin with the smaller code."""
    out = list(cols)
    for r in range(12, -1, -1):
        for x in (r, 13 + r):  # ♠ with ♣, ♥ with ♦: the smaller code first
            where: dict[int, tuple[int, int]] = {}
            for i, c in enumerate(out):
                start = len(c) - 1
                while start > 0 and solver_module._fits(c[start], c[start - 1]):
                    start -= 1
                for s in range(max(start, 0), len(c)):
                    if c[s] < 52:
                        where[c[s]] = (i, s + 1)
            t = solver_module._TWIN_CARD[x]
            if x in where and t in where:
                (i, k), (j, m) = where[x], where[t]
                a, b = out[i][k:], out[j][m:]
                if a > b:
                    out[i], out[j] = out[i][:k] + b, out[j][:m] + a
    return tuple(out)


@pytest.mark.parametrize("draw", [1, 3])
def test_the_exchange_decides_every_pair_from_the_columns_as_they_are(draw: int) -> None:
    """``exchanged`` decides which pairs to exchange for all of them at once, from the cards
    lying first on each twin; it gives the columns the rule gives, on positions built to
    have twins to exchange and on positions of random play from deals."""
    rng = random.Random(70 + draw)
    games = [Game.from_text(twin_position(rng, draw)) for _ in range(300)]
    for n in range(1, 41):
        g = Game.new(deal_id=f"K{draw}-{n}")
        for _ in range(rng.randrange(20, 200)):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
        games.append(g)
    changed = 0
    for g in games:
        cols = solver_module._start_state(g)[0]
        got = tuple(solver_module._Search(draw, 10, None, 1024).exchanged(cols))
        assert got == exchanged_by_comparison(cols), g.to_text()
        changed += got != cols
    assert changed >= 100, changed


def exchanged_text(text: str) -> str | None:
    """The position with what lies on the first pair of twins (both in their column's run,
    something on one of them) exchanged, or None."""
    lines = text.split("\n")
    cols = [line.partition(":")[2].split() for line in lines[4:]]
    for i, col in enumerate(cols):
        start = len(col) - 1
        while start > 0 and not col[start - 1].startswith("#") and _fits_names(col[start], col[start - 1]):
            start -= 1
        for k in range(max(start, 0), len(col)):
            twin = card_code(solver_module._TWIN_CARD[code(col[k])])
            for j, other in enumerate(cols):
                if j != i and twin in other:
                    m = other.index(twin)
                    top = len(other) - 1
                    while top > m and _fits_names(other[top], other[top - 1]):
                        top -= 1
                    if top == m and (k < len(col) - 1 or m < len(other) - 1):
                        cols[i], cols[j] = col[:k + 1] + other[m + 1:], other[:m + 1] + col[k + 1:]
                        return "\n".join(lines[:4] + [f"{n + 1}:" + "".join(" " + c for c in cs)
                                                      for n, cs in enumerate(cols)])
    return None


def _fits_names(card: str, target: str) -> bool:
    return solver_module._fits(code(card), code(target))


@pytest.mark.parametrize("draw", [1, 3])
def test_positions_whose_twins_exchange_what_lies_on_them_are_won_or_lost_together(draw: int) -> None:
    """The claim behind reduction 7, held by the search without it (``twins=False``, exact
    keys): each position and the one with what lies on two twins exchanged get the same
    answer, and the search with it answers the second as the first."""
    rng = random.Random(60 + draw)
    pairs = {"solved": 0, "unsolvable": 0}
    for _ in range(30):
        text = twin_position(rng, draw)
        other = exchanged_text(text)
        if other is None:
            continue
        p, q = Game.from_text(text), Game.from_text(other)
        search = solver_module._Search(draw, 10, None, 1024)
        (pc, _, pt, pp), (qc, _, qt, qp) = solver_module._start_state(p), solver_module._start_state(q)
        assert pc != qc and search.key(pc, pt, pp) == search.key(qc, qt, qp), (text, other)
        a, b = solve(p, 30_000, peek=True, twins=False), solve(q, 30_000, peek=True, twins=False)
        if "unknown" in (a.status, b.status):
            continue
        assert a.status == b.status, (text, other)
        assert solve(q, 30_000, peek=True).status == a.status, other
        pairs[a.status] += 1
    assert pairs["solved"] >= 10 and pairs["unsolvable"] >= 2, pairs


@pytest.mark.cpython_only  # a long sweep: its answers do not depend on the platform
@pytest.mark.parametrize("draw", [1, 3])
def test_twin_exchanged_keys_lose_no_win(draw: int) -> None:
    """Reduction 7 (positions that differ by the runs on two twins count as one) against the
    reference, which plays every legal move on exact positions: no answer differs, on
    positions built so that most of them have twins to exchange from the start."""
    answers = twin_positions(draw, 40 + draw, 24)
    assert answers[("exchanging at the start", None)] >= 15, answers
    assert answers.get(("solved", True), 0) >= 12, answers
    assert answers.get(("unsolvable", False), 0) >= 1, answers


@pytest.mark.slow
@pytest.mark.parametrize("draw", [1, 3])
def test_twin_exchanged_keys_lose_no_win_many(draw: int) -> None:
    """60 more per draw count (about a minute for both; 300 each, about 5 minutes, were run
    once by hand: no false answer, docs/klondike.md)."""
    answers = twin_positions(draw, 50 + draw, 60)
    assert answers.get(("unsolvable", False), 0) >= 3, answers


@pytest.mark.slow
def test_talon_cards_covered_at_once_lose_no_win_many() -> None:
    answers = talon_positions(6, 150)
    assert answers.get(("unsolvable", False), 0) >= 20, answers


def test_covering_talon_cards_at_once_shortens_proofs() -> None:
    """K1-61 is lost: the search without reduction 6 (``talon_cover=False``; both without
    reduction 7) goes through 119,852 positions to prove it; with it, the proof needs fewer
    than 40,000, and K1-85 is still won at once."""
    g = Game.new(deal_id="K1-61")
    assert solve(g, 40_000, peek=True, twins=False).status == "unsolvable"
    assert solve(g, 40_000, peek=True, talon_cover=False, twins=False) == SolveResult("unknown", [], 40_000)
    g = Game.new(deal_id="K1-85")
    r = solve(g, 1_000, peek=True)
    assert r.status == "solved" and replays_to_win(g, r.line)


def test_not_taking_a_worried_card_straight_back_up_shortens_proofs() -> None:
    """Reduction 8: K1-36 is lost; without it the proof goes through 20,878 positions,
    with it fewer than 10,000 (a card worried back onto a talon card waiting for its cover
    and taken straight back up no longer frees the talon card from reduction 6). (The level
    lists' search leaves reductions 6-8 out; its tests are in test_klondike_levels.py.)"""
    g = Game.new(deal_id="K1-36")
    assert solve(g, 10_000, peek=True).status == "unsolvable"
    assert solve(g, 10_000, peek=True, inverse=False) == SolveResult("unknown", [], 10_000)


def test_the_covering_moves_are_the_moves_onto_the_talon_card_in_the_same_order() -> None:
    """``cover_moves`` (made directly for speed) against :meth:`moves` filtered to the moves
    whose destination is the column the talon card went to: the same moves in the same order,
    over cover positions met on random walks through the search's own moves."""
    search = solver_module._Search(1, 10, None, 1024)
    rng = random.Random(11)
    kinds: dict[int, int] = {}
    checked = 0

    def onto(m: solver_module.Macro) -> int:
        return m[3] if m[0] in (1, 4) else m[2] if m[0] in (2, 5) else -1

    for deal in range(1, 201):
        start = solver_module._start_state(Game.new(deal_id=f"K1-{deal}"))
        state: solver_module.State = (*start, -1)
        for _ in range(150):
            cover = state[4]
            plain = search.moves((*state[:4], -1))
            if cover >= 0:
                direct = search.cover_moves(state)
                assert direct == [m for m in plain if onto(m) == cover], state
                checked += 1
                for m in direct:
                    kinds[m[0]] = kinds.get(m[0], 0) + 1
                # now and then leave the cover state by another move, to see more of them
                options = direct if direct and rng.random() < 0.7 else plain
            else:
                options = plain
            if not options:
                break
            state = search.child(state, rng.choice(options))[0]
    assert checked >= 500, checked
    assert all(kinds.get(k, 0) >= 5 for k in (1, 2, 4, 5)), kinds


# ----------------------------------------------------------------------------- the two orders
def test_the_depth_first_turn_wins_deals_the_best_first_search_alone_does_not() -> None:
    """K1-58 and K3-86 (without reduction 7, which now wins K3-86 best-first): best-first
    alone is undecided after 30,000 positions; taking turns, the depth-first order finds a
    win within the same budget, and the line wins."""
    for deal in ("K1-58", "K3-86"):
        g = Game.new(deal_id=deal)
        r = solve(g, 30_000, peek=True, depth_first=True, twins=False)
        assert r.status == "solved" and replays_to_win(g, r.line), deal
        assert solve(g, 30_000, peek=True, twins=False) == SolveResult("unknown", [], 30_000), deal
    # a position decided within the first turn is answered as by best-first alone
    g = Game.new(deal_id="K1-1")
    assert solve(g, 30_000, peek=True, depth_first=True) == solve(g, 30_000, peek=True)


@pytest.mark.parametrize("turn", [1, 3])
@pytest.mark.parametrize("draw", [cpython_half(1), 3])
def test_both_orders_agree_with_the_unpruned_search(monkeypatch: pytest.MonkeyPatch, draw: int,
                                                   turn: int) -> None:
    """The orders take turns every ``turn`` new positions (instead of 1,024), so on small
    positions each answer may come from either: every "solved" line wins, every
    "unsolvable" is confirmed by the reference, and the lines differ from the best-first
    search's alone (the depth-first order did take part)."""
    rng = random.Random({1: 4001, 3: 4005}[draw])  # seeds whose positions include lost ones
    texts = [random_position(rng, draw, (9, 6, 4, 3)[i % 4], buried=i % 2 == 1) for i in range(16)]
    texts += [random_position(rng, draw, 3, buried=True) for _ in range(12)]  # some of them lost
    alone = [solve(Game.from_text(t), 100_000, peek=True) for t in texts]
    monkeypatch.setattr(solver_module, "TURN", turn)
    answers: dict[tuple[str, bool | None], int] = {}
    other_lines = 0
    for text, before in zip(texts, alone, strict=True):
        r, ref = check(Game.from_text(text), ref_limit=20_000, full=False, depth_first=True)
        answers[(r.status, ref)] = answers.get((r.status, ref), 0) + 1
        if "unknown" not in (r.status, before.status):
            assert r.status == before.status, text
        other_lines += r.status == "solved" and r.line != before.line
    assert answers.get(("solved", True), 0) >= 20 and other_lines >= 5, (answers, other_lines)
    assert answers.get(("unsolvable", False), 0) >= 1, answers


def test_lost_random_positions_are_confirmed_lost() -> None:
    rng = random.Random(5)
    lost = 0
    for _ in range(40):
        g = Game.from_text(random_position(rng, 3, 3, buried=True))
        r, ref = check(g, ref_limit=30_000, full=False)
        lost += r.status == "unsolvable" and ref is False
    assert lost >= 2


# How many positions test_many_more_small_positions (`slow`) checks per draw count: 60 in
# `make test-slow` (about 45 s for both), KLONDIKE_SMALL_POSITIONS=300 for the long sweep
# (about 4.5 min).
SMALL_POSITIONS = int(os.environ.get("KLONDIKE_SMALL_POSITIONS", "60"))


@pytest.mark.slow
@pytest.mark.parametrize("draw", [1, 3])
def test_many_more_small_positions(draw: int) -> None:
    rng = random.Random(77 + draw)
    for i in range(SMALL_POSITIONS):
        low = (2, 3, 4, 6, 9)[i % 5]
        g = Game.from_text(random_position(rng, draw, low, buried=i % 2 == 0))
        check(g, ref_limit=100_000, full=False)


# ------------------------------------------------------------- the draw-1 relaxation (draw 3)
def as_draw_one(text: str) -> Game:
    """The same position with draw 1: every talon card in reach at any time."""
    assert text.startswith("klondike 3\n")
    return Game.from_text("klondike 1\n" + text.partition("\n")[2])


@pytest.mark.cpython_only  # a long sweep: its answers do not depend on the platform
def test_a_draw_three_win_is_a_draw_one_win() -> None:
    """What the relaxation rests on: a position the reference wins in draw 3 is not lost in
    draw 1 (every card the draw-3 waste shows can be turned up in draw 1)."""
    rng = random.Random(9)
    seen: dict[tuple[bool | None, bool | None], int] = {}
    for i in range(30):
        text = random_position(rng, 3, (3, 4, 6)[i % 3], buried=True, high=8, stock=9)
        three = reference_frozen(Game.from_text(text), 10_000)
        one = reference_frozen(as_draw_one(text), 10_000)
        if three is True:
            assert one is not False, text  # None: the reference did not finish
        seen[(three, one)] = seen.get((three, one), 0) + 1
    assert seen.get((True, True), 0) >= 20, seen


@pytest.mark.parametrize("turns", [cpython_half((1, 1)), (1, 1000)])
def test_the_relaxation_takes_turns_and_agrees_with_the_unpruned_search(
        monkeypatch: pytest.MonkeyPatch, turns: tuple[int, int]) -> None:
    """``relaxation=True`` (the analysis's draw-3 solver): the draw-3 search and the draw-1
    search of the same position take turns (every new position; or the draw-1 one 1,000 at
    a time), as the analysis walks back along a line, one set of lost positions for the
    whole line (each proof makes the searches after it skip what it proved, the draw-1
    one's the draw-3 search too). Every answer is held against the
    reference, and an answer the draw-3 search gives alone is the same."""
    monkeypatch.setattr(solver_module, "TURN", turns[0])
    monkeypatch.setattr(solver_module, "RELAXED_TURN", turns[1])
    rng = random.Random(12)
    proofs = {"draw 3": 0, "draw 1": 0}
    answers: dict[tuple[str, bool | None], int] = {}
    for _ in range(8):
        lost: set[bytes] = set()
        start = Game.from_text(random_position(rng, 3, 4, buried=True, high=7, stock=9))
        for g in reversed(random_line(start, rng, 10)):
            text = g.to_text()
            before = set(lost)
            r = solve(g, 100_000, peek=True, relaxation=True, lost=lost)
            ref = reference_frozen(g, 10_000)
            answers[(r.status, ref)] = answers.get((r.status, ref), 0) + 1
            if r.status == "solved":
                assert replays_to_win(g, r.line) and ref is not False, text
            elif r.status == "unsolvable":
                assert ref is not True, "FALSE UNSOLVABLE\n" + text
                new = lost - before
                proofs["draw 1" if any(k.endswith(b"\xfa") for k in new) else "draw 3"] += 1
            alone = solve(g, 100_000, peek=True)
            if "unknown" not in (r.status, alone.status):
                assert r.status == alone.status, text
    assert answers.get(("solved", True), 0) >= 20, answers
    # these small losses are all won as draw 1 (the relaxation wins, the draw-3 search
    # proves them); for the relaxation's own proofs see the next test
    assert proofs["draw 3"] >= 3, (proofs, answers)


# position 75 of a random game on ``K3-1399`` (``bench/analysis.py``'s draw-3 games)
K3_1399_AT_75 = """klondike 3
stock: 9H 2C JD TC 3S 2H QD 6C KH 3D 4C 8C TS 4H 7S 5D 7H 3C QC
waste: 5C KD
foundations: AS - 2D -
1:
2: #9D 4S 3H 2S
3: #AC QS JH
4: #5H #KC #AH JC TH 9S 8D 7C 6D
5: #8H #4D #KS 6H 5S
6: QH JS TD 9C
7: 8S 7D 6S"""


def test_the_relaxation_proves_a_loss_the_draw_three_search_does_not_finish() -> None:
    """Position 75 of a random game on ``K3-1399`` (``bench/analysis.py``'s draw-3 games):
    the draw-3 search alone is undecided after 100,000 positions (it needs about 380,000);
    as draw 1 it is lost after about 18,000, so with the relaxation the answer is
    "unsolvable", proved by the draw-1 search (every key it leaves in ``lost`` is marked),
    and asked again it is known at once."""
    g = Game.from_text(K3_1399_AT_75)
    assert solve(g, 100_000, peek=True).status == "unknown"
    lost: set[bytes] = set()
    r = solve(g, 100_000, peek=True, relaxation=True, lost=lost)
    assert r.status == "unsolvable" and r.nodes <= 100_000, r
    assert lost and all(k.endswith(b"\xfa") for k in lost)
    assert solve(g, 100_000, peek=True, relaxation=True, lost=lost) == SolveResult("unsolvable", [], 1)


def test_the_growing_share_of_the_relaxation_makes_that_proof_smaller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same position: with the draw-1 search's turns growing (``relaxed_turns``) the
    proof costs both searches fewer positions together than with one turn each."""
    g = Game.from_text(K3_1399_AT_75)
    growing = solve(g, 400_000, peek=True, relaxation=True, lost=set())
    monkeypatch.setattr(solver_module, "RELAXED_MOST", 1)
    one_each = solve(g, 400_000, peek=True, relaxation=True, lost=set())
    assert growing.status == one_each.status == "unsolvable"
    assert growing.nodes < one_each.nodes, (growing.nodes, one_each.nodes)


class _Scripted:
    """Stands in for one of the two searches: ``steps`` yields ``turns`` times (logging its
    name each time), then ends with ``status``."""

    def __init__(self, name: str, turns: int, status: str, log: list[str]) -> None:
        self.name, self.turns, self.status, self.log = name, turns, status, log
        self.cross = False

    def steps(self, start: object, lost: object,
              turn_nodes: int = 0) -> Generator[int, None, tuple[str, list[object], int]]:
        for i in range(self.turns):
            self.log.append(self.name)
            yield i + 1
        return self.status, [], self.turns


def runs_of_draw_one(log: list[str]) -> list[int]:
    """How many draw-1 turns came right after each draw-3 turn."""
    runs: list[int] = []
    for name in log:
        if name == "3":
            runs.append(0)
        else:
            runs[-1] += 1
    return runs


def test_the_relaxation_takes_more_turns_in_a_row_the_longer_neither_answers() -> None:
    """After the draw-3 search's t-th turn the draw-1 one takes 1 + t // 2 turns in a row, at
    most ``RELAXED_MOST``; its "unsolvable" ends both, and its "solved" only its own part."""
    assert [solver_module.relaxed_turns(t) for t in range(1, 8)] == [1, 2, 2, 3, 3, 4, 4]
    assert solver_module.relaxed_turns(10**6) == solver_module.RELAXED_MOST == 16

    log: list[str] = []
    exact, relaxed = _Scripted("3", 100, "unknown", log), _Scripted("1", 10**6, "unknown", log)
    out = solver_module._with_relaxation(exact, relaxed, None, None, 10**9)  # type: ignore[arg-type]
    assert out[0] == "unknown" and exact.cross
    assert runs_of_draw_one(log)[:40] == [min(16, 1 + t // 2) for t in range(1, 41)]

    log.clear()
    relaxed = _Scripted("1", 20, "unsolvable", log)
    exact = _Scripted("3", 100, "unknown", log)
    out = solver_module._with_relaxation(exact, relaxed, None, None, 10**9)  # type: ignore[arg-type]
    assert out[0] == "unsolvable"
    assert log.count("1") == 20 and runs_of_draw_one(log) == [1, 2, 2, 3, 3, 4, 4, 1]

    log.clear()
    relaxed = _Scripted("1", 3, "solved", log)
    exact = _Scripted("3", 10, "unknown", log)
    out = solver_module._with_relaxation(exact, relaxed, None, None, 10**9)  # type: ignore[arg-type]
    assert out[0] == "unknown" and runs_of_draw_one(log) == [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]
