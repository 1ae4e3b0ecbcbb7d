"""The analysis of a finished game (spider.core.analysis): the bisection over the player's
line, its honesty, its budget, its JSON and its refusal of a game still being played.

The bisection is checked on constructed lines (a fake game whose position ``k`` is
winnable exactly up to a chosen ``w``, and a fake solver that may leave chosen positions
undecided); every claim on real Klondike games is held against the engine itself: the
winning line is replayed with ``play()``, and the position after the losing move is proved
lost by the unpruned reference search (``search.exhaustive``: only ``legal_moves()``,
``play()``, ``undo()``, exact positions) on small positions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import SPIDER_ONE_MOVE_FROM_A_LOSS
from search import exhaustive, replays_to_win
from test_klondike_solver import random_position

from spider.core import analysis as analysis_module
from spider.core.analysis import Analysis, analyse
from spider.core.cards import card_code
from spider.core.messages import MessageError
from spider.core.registry import GameInfo
from spider.core.solving import SolveResult
from spider.klondike import Game, Move, solve_known
from spider.klondike import solver as klondike_solver


# ----------------------------------------------------------------------------- a constructed line
class Line:
    """A fake finished game: its position is how many of its ``n`` actions were played
    (``"a0"``, ``"a1"``, …); from a position, the action ``"win"`` wins."""

    game_name = "fake"

    def __init__(self, n: int) -> None:
        self.n = n
        self.done: list[str] = [f"a{i}" for i in range(n)]
        self.won = False

    def copy(self) -> Line:
        g = Line.__new__(Line)  # not __init__: its list of n actions would be thrown away
        g.n, g.done, g.won = self.n, self.done[:], self.won
        return g

    @property
    def line(self) -> list[str]:
        return self.done[:]

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    def undo(self) -> None:
        self.done.pop()

    def play(self, move: str) -> None:
        if move == "win":
            self.won = True
        elif move == f"a{len(self.done)}" and not self.won:
            self.done.append(move)
        else:
            raise ValueError(move)

    @property
    def is_won(self) -> bool:
        return self.won

    @property
    def is_stuck(self) -> bool:
        return False


def fake_solver(w: int, unknown: set[int], calls: list[int],
                tick: Callable[[], None] = lambda: None) -> Callable[..., SolveResult[str]]:
    """Position ``k`` is winnable exactly when ``k <= w``; positions in ``unknown`` are
    never decided."""

    def solve(g: Line, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[str]:
        k = len(g.done)
        calls.append(k)
        tick()
        if k in unknown:
            return SolveResult("unknown", [], 1)
        return SolveResult("solved", ["win"], 1) if k <= w else SolveResult("unsolvable", [], 1)

    return solve


@pytest.mark.parametrize("n", [0, 1, 2, 7, 64, 300])
def test_the_bisection_finds_the_losing_move_in_a_handful_of_solves(n: int) -> None:
    for w in sorted({-1, 0, n // 3, n - 1, n}):
        if w < -1 or w > n:
            continue
        calls: list[int] = []
        a = analyse(Line(n), 60.0, given_up=True, solver=fake_solver(w, set(), calls))
        assert len(calls) <= math.ceil(math.log2(n + 2)) + 1, (n, w, calls)
        assert len(set(calls)) == len(calls)
        assert a.undecided == () and a.complete
        found = (a.status, a.last_winnable, a.first_lost, a.losing_move)
        if w == -1:
            assert found == ("lost_from_start", None, 0, None) and a.from_start == "lost"
        elif w == n:
            assert found == ("winnable_at_end", n, None, None) and a.winning_line == ("win",)
        else:
            assert found == ("losing_move", w, w + 1, f"a{w}")
            assert a.from_start == "won" and a.start_line == (*[f"a{i}" for i in range(w)], "win")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 80), st.data())
def test_claims_are_honest_whatever_the_solver_leaves_undecided(n: int, data: st.DataObject) -> None:
    w = data.draw(st.integers(-1, n))
    unknown = set(data.draw(st.lists(st.integers(0, n), max_size=n + 1)))
    calls: list[int] = []
    a = analyse(Line(n), 60.0, given_up=True, solver=fake_solver(w, unknown, calls))
    assert a.last_winnable is None or a.last_winnable <= w
    assert a.first_lost is None or a.first_lost > w
    if a.losing_move is not None:
        assert a.last_winnable == w and a.first_lost == w + 1 and a.losing_move == f"a{w}"
    assert all(k in unknown for k in a.undecided)
    low = -1 if a.last_winnable is None else a.last_winnable
    high = n + 1 if a.first_lost is None else a.first_lost
    assert all(low < k < high for k in a.undecided)
    # every point of the range it could not narrow was tried and left undecided
    assert all(k in unknown for k in range(low + 1, min(high, n + 1)))
    expected = "won" if a.last_winnable is not None else "lost" if a.first_lost == 0 else "undecided"
    assert a.from_start == expected


def test_past_an_undecided_position_it_walks_back_from_the_lost_end() -> None:
    """Positions 10-39 are decided only next to a position proved lost (as a real solver
    decides them only with the losses after them remembered): the bisection leaves them
    undecided, the walk back from the smallest position proved lost decides them all."""
    w, hard = 20, set(range(10, 40))
    proved_lost: set[int] = set()
    calls: list[int] = []

    def solve(g: Line, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[str]:
        k = len(g.done)
        calls.append(k)
        if k in hard and k + 1 not in proved_lost:
            return SolveResult("unknown", [], 1)
        if k <= w:
            return SolveResult("solved", ["win"], 1)
        proved_lost.add(k)
        return SolveResult("unsolvable", [], 1)

    a = analyse(Line(60), 60.0, given_up=True, solver=solve, clock=lambda: 0.0)
    assert (a.status, a.last_winnable, a.first_lost, a.losing_move) == ("losing_move", w, w + 1, f"a{w}")
    first = calls.index(next(k for k in calls if k in hard))  # the first one left undecided
    # then the won side's cheap probes from the deal on, up to the first one not won
    assert calls[first + 1:first + 7] == [0, 1, 2, 4, 8, 16]
    walk = calls[first + 7:]
    start = walk[0] + 1  # the smallest position proved lost before the walk
    assert start in proved_lost and start > 39
    assert walk == list(range(start - 1, w - 1, -1))  # one step at a time, down to the win


def test_a_walk_that_takes_all_the_time_still_finds_the_won_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions 10-58 are never decided (each search runs until it is stopped), 59 and 60
    are proved lost, 0-9 won at once. The walk back from 59 spends all the time left on 58;
    before it, a few probes from the deal on (a small share of the budget, ``GALLOP``) prove
    0-8 winnable, so the answer narrows the range from both ends. Without them nothing is
    proved winnable."""

    def run() -> tuple[Analysis, list[int]]:
        now = [0.0]
        calls: list[int] = []

        def solve(g: Line, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[str]:
            k = len(g.done)
            calls.append(k)
            if k >= 59:
                return SolveResult("unsolvable", [], 1)
            if k >= 10:
                while not should_stop():
                    now[0] += 0.01
                return SolveResult("unknown", [], 1)
            return SolveResult("solved", ["win"], 1)

        return analyse(Line(60), 10.0, given_up=True, solver=solve, clock=lambda: now[0]), calls

    a, calls = run()
    assert (a.status, a.from_start, a.last_winnable, a.first_lost) == ("undecided", "won", 8, 59)
    assert calls[:3] == [60, 29, 0] and calls[-2:] == [59, 58]
    assert set(a.undecided) <= set(range(9, 59)) and 58 in a.undecided
    monkeypatch.setattr(analysis_module, "GALLOP", 0.0)
    a, calls = run()
    assert (a.status, a.from_start, a.last_winnable, a.first_lost) == ("undecided", "undecided", None, 59)
    assert 0 not in calls


def test_a_line_won_beyond_the_players_moves_moves_the_point_on() -> None:
    # winnable up to position 6; the solver's line from k plays the player's a_k .. a5 first
    calls: list[int] = []

    def solve(g: Line, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[str]:
        k = len(g.done)
        calls.append(k)
        if k <= 6:
            return SolveResult("solved", [f"a{i}" for i in range(k, 6)] + ["win"], 1)
        return SolveResult("unsolvable", [], 1)

    a = analyse(Line(9), 60.0, given_up=True, solver=solve)
    assert (a.last_winnable, a.first_lost, a.losing_move, a.winning_line) == (6, 7, "a6", ("win",))
    assert 5 not in calls and 6 not in calls  # proved by the line from 4


def test_a_line_that_does_not_replay_to_a_win_is_no_claim() -> None:
    def solve(g: Line, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[str]:
        return SolveResult("solved", ["a99"], 1) if len(g.done) <= 3 else SolveResult("unsolvable", [], 1)

    a = analyse(Line(8), 60.0, given_up=True, solver=solve)
    assert a.losing_move is None and a.last_winnable is None and a.status == "undecided"


# ----------------------------------------------------------------------------- the budget
def test_the_budget_stops_the_analysis_on_its_clock() -> None:
    now = [0.0]
    calls: list[int] = []
    a = analyse(Line(1000), 10.0, given_up=True, clock=lambda: now[0],
                solver=fake_solver(500, set(range(1001)), calls, tick=lambda: now.__setitem__(0, now[0] + 3)))
    assert len(calls) == 4 and not a.complete  # 0, 3, 6, 9 s: a fifth would start past 10 s
    assert a.last_winnable is None and a.first_lost is None


def test_each_search_is_stopped_by_the_clock() -> None:
    g = Game.new(deal_id="K1-12")  # a search of many positions: 300,000 do not decide it
    ticks = [0]

    def clock() -> float:  # one second per look at the clock
        ticks[0] += 1
        return float(ticks[0])

    asked: list[int] = []

    def solver(game: Game, max_nodes: int, *, should_stop: Callable[[], bool]) -> SolveResult[Move]:
        r = solve_known(game, max_nodes, should_stop=should_stop, check_every=100)
        asked.append(r.nodes)
        return r

    g.play(Move.stock())
    a = analyse(g, 5.0, given_up=True, clock=clock, solver=solver)
    assert len(asked) == 1 and asked[0] <= 5 * 100 and a.undecided == (1,)


def test_progress_is_reported_up_to_its_end() -> None:
    seen: list[tuple[int, int]] = []
    analyse(Line(100), 60.0, lambda done, total: seen.append((done, total)), given_up=True,
            solver=fake_solver(40, set(), []))
    assert seen[-1][0] == seen[-1][1] == len(seen) - 1
    assert [d for d, _ in seen[:-1]] == list(range(1, len(seen)))
    assert all(d <= t for d, t in seen)


# ----------------------------------------------------------------------------- refusals
def test_a_game_still_being_played_is_not_analysed() -> None:
    g = Game.new(deal_id="K1-1")
    g.play(Move.stock())
    with pytest.raises(MessageError) as e:
        analyse(g, 5.0)
    assert e.value.message.key == "analysis.running"
    assert analyse(g, 5.0, given_up=True).length == 1  # once the player has ended it


def test_a_game_without_a_solver_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.from_text(small_position(random.Random(1), 1, 11))
    monkeypatch.setattr(GameInfo, "known_solver", lambda self: None)
    with pytest.raises(MessageError) as e:
        analyse(g, 1.0, given_up=True)
    assert e.value.message.key == "analysis.no_solver"


# ----------------------------------------------------------------------------- real games
def small_position(rng: random.Random, draw: int, height: int) -> str:
    """Every foundation at ``height``; the other cards at random in the stock (up to 4), the
    waste (up to 2) and the columns, all but each column's last card face down."""
    cards = [s * 13 + r for s in range(4) for r in range(height, 13)]
    rng.shuffle(cards)
    k = rng.randint(0, 4)
    stock, cards = cards[:k], cards[k:]
    k = rng.randint(0, 2)
    waste, cards = cards[:k], cards[k:]
    columns: list[list[int]] = [[] for _ in range(7)]
    for c in cards:
        columns[rng.randrange(7)].append(c)
    lines = [f"klondike {draw}", "stock: " + (" ".join(map(card_code, stock)) or "-"),
             "waste: " + (" ".join(map(card_code, waste)) or "-"),
             "foundations: " + " ".join(card_code(s * 13 + height - 1) for s in range(4))]
    for i, col in enumerate(columns, start=1):
        lines.append(f"{i}:" + "".join(" " + ("#" if j < len(col) - 1 else "") + card_code(c)
                                       for j, c in enumerate(col)))
    return "\n".join(lines)


def finished(rng: random.Random, draw: int, height: int) -> Game:
    """A small position played at random for 3 to 25 actions (then given up)."""
    g = Game.from_text(small_position(rng, draw, height))
    for _ in range(rng.randint(3, 25)):
        moves = g.legal_moves()
        if g.is_won or not moves:
            break
        g.play(rng.choice(moves))
    return g


def position(game: Game, k: int) -> Game:
    g = Game.from_text(game.start_text)
    for m in game.line[:k]:
        g.play(m)
    return g


@pytest.mark.parametrize("draw", [1, 3])
def test_every_claim_holds_against_the_unpruned_reference(draw: int) -> None:
    rng = random.Random(2100 + draw)
    kinds: dict[str, int] = {}
    confirmed = 0
    for _ in range(40):
        g = finished(rng, draw, 7)
        before = g.to_json()
        a = analyse(g, 60.0, given_up=not g.is_won)
        assert g.to_json() == before, "the analysis changed the game"
        kinds[a.status] = kinds.get(a.status, 0) + 1
        assert a.complete, g.start_text
        if a.last_winnable is not None:
            assert replays_to_win(position(g, a.last_winnable), a.winning_line)
            assert replays_to_win(position(g, 0), a.start_line)
        if a.losing_move is not None:
            assert a.last_winnable is not None and a.first_lost == a.last_winnable + 1
            assert a.losing_move == g.line[a.last_winnable]
        if a.first_lost is not None:
            # the unpruned reference never finds a win there (within its limit it proves the loss)
            ref = exhaustive(position(g, a.first_lost), 6_000)
            assert ref is not True, g.start_text
            confirmed += ref is False
    assert kinds.get("losing_move", 0) >= 1 and kinds.get("lost_from_start", 0) >= 1, kinds
    assert kinds.get("winnable_at_end", 0) >= 10 and confirmed >= 2, (kinds, confirmed)


@pytest.mark.parametrize("both_orders", [False, True])
@pytest.mark.parametrize("draw", [1, 3])
def test_positions_proved_lost_are_remembered_and_change_no_answer(
        monkeypatch: pytest.MonkeyPatch, draw: int, both_orders: bool) -> None:
    """Back along random lines with one ``lost`` set, as the analysis does: every answer is
    the answer of a fresh search without the set, and the losses proved further on make the
    proofs further back smaller. The analysis's solver (best-first alone), and the solver's
    two orders (``depth_first=True``) taking turns every two positions, so that the set also
    gets tables of the depth-first order. The quick proof of a blocked start
    (:mod:`spider.klondike.blocked`) is switched off: it proves most of these positions lost
    in one step, with or without the set, and this test is about the set."""
    monkeypatch.setattr(klondike_solver, "TURN", 2)
    monkeypatch.setattr(klondike_solver, "_blocked", lambda cols, found, talon: False)

    def search(game: Game, max_nodes: int, *, lost: set[bytes] | None = None) -> Any:
        return klondike_solver.solve(game, max_nodes, peek=True, lost=lost, depth_first=both_orders)

    rng = random.Random(77 + draw)
    lost_answers = smaller = 0
    nodes_with = nodes_without = 0
    for _ in range(10):
        g = Game.from_text(small_position(rng, draw, 7))
        line: list[Move] = []
        for _ in range(rng.randint(5, 40)):
            moves = g.legal_moves()
            if g.is_won or not moves:
                break
            line.append(rng.choice(moves))
            g.play(line[-1])
        lost: set[bytes] = set()
        for k in range(len(line), -1, -1):
            p = Game.from_text(g.start_text)
            for m in line[:k]:
                p.play(m)
            fresh = search(p, 20_000)
            seeded = search(p, 20_000, lost=lost)
            if fresh.status == "unknown":
                continue
            assert seeded.status == fresh.status, p.to_text()
            if seeded.status == "solved":
                assert replays_to_win(p, seeded.line)
            else:
                lost_answers += 1
                smaller += seeded.nodes < fresh.nodes
                assert seeded.nodes <= fresh.nodes
                nodes_with += seeded.nodes
                nodes_without += fresh.nodes
    assert lost_answers >= 10 and smaller >= 5, (lost_answers, smaller)
    assert nodes_with < nodes_without / 2, (nodes_with, nodes_without)


def test_the_analysis_hands_its_solver_one_set_of_lost_positions() -> None:
    sets: list[set[Any]] = []
    plain = fake_solver(3, set(), [])

    def solver(g: Line, max_nodes: int, *, should_stop: Callable[[], bool],
               lost: set[Any]) -> SolveResult[str]:
        sets.append(lost)
        return plain(g, max_nodes, should_stop=should_stop)

    a = analyse(Line(40), 5.0, given_up=True, solver=solver)
    assert a.losing_move == "a3" and len(sets) >= 3
    assert all(s is sets[0] for s in sets) and sets[0] == set()
    calls: list[int] = []
    assert analyse(Line(40), 5.0, given_up=True, solver=fake_solver(3, set(), calls)).losing_move == "a3"
    assert len(calls) == len(sets)  # a solver without ``lost`` is called as before


def test_a_won_game_is_its_own_line() -> None:
    g = Game.from_text(random_position(random.Random(4), 1, 10))
    r = solve_known(g, 100_000)
    for m in r.line:
        g.play(m)
    a = analyse(g, 5.0)
    assert (a.status, a.from_start, a.losing_move, a.last_winnable) == ("won", "won", None, len(r.line))
    assert list(a.start_line) == r.line and a.nodes == 0


def test_a_deal_lost_from_the_start_says_so() -> None:
    rng = random.Random(5)
    for _ in range(100):  # small buried positions: lost ones come often enough
        g = Game.from_text(small_position(rng, 3, 7))
        if solve_known(g, 20_000).status == "unsolvable" and exhaustive(g, 3_000) is False:
            break
    else:
        raise AssertionError("no lost position among 100")
    g.play(g.legal_moves()[0])
    a = analyse(g, 30.0, given_up=True)
    assert (a.status, a.from_start, a.first_lost, a.last_winnable, a.losing_move) == \
        ("lost_from_start", "lost", 0, None, None)


def test_a_stuck_game_needs_no_permission() -> None:
    class Stuck(Line):
        is_stuck = True  # type: ignore[assignment]

    a = analyse(Stuck(5), 5.0, solver=fake_solver(2, set(), []))
    assert (a.ended, a.losing_move) == ("stuck", "a2")
    with pytest.raises(MessageError):
        analyse(Line(5), 5.0, solver=fake_solver(2, set(), []))


# ----------------------------------------------------------------------------- JSON
def test_the_json_round_trip() -> None:
    rng = random.Random(2101)
    seen: set[str] = set()
    for _ in range(12):
        g = finished(rng, 1, 7)
        a = analyse(g, 30.0, given_up=True)
        seen.add(a.status)
        back = Analysis.from_json(a.to_json())
        assert back == a and back.to_doc() == a.to_doc()
    assert len(seen) >= 2


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("ended"), lambda d: d.update(version=2), lambda d: d.update(game="chess"),
    lambda d: d.update(losing_move="9>9"), lambda d: d.update(last_winnable=99),
    lambda d: d.update(undecided="1"), lambda d: d.update(length=-1), lambda d: d.update(from_start="maybe"),
])
def test_a_damaged_document_is_refused(damage: Callable[[dict[str, Any]], object]) -> None:
    stock = Move.stock()
    a = Analysis("klondike", 3, "given_up", "won", (stock,), 1, 2, stock, (stock,), (), 7)
    doc = a.to_doc()
    assert Analysis.from_doc(doc) == a
    damage(doc)
    with pytest.raises(MessageError) as e:
        Analysis.from_doc(doc)
    assert e.value.message.key == "analysis.broken"
    with pytest.raises(MessageError):
        Analysis.from_json("[1, 2]")


# ----------------------------------------------------------------------------- Spider
def test_spider_is_analysed_with_every_card_known() -> None:
    from spider.spider_game import Game as SpiderGame
    from spider.spider_game import solve as spider_solve
    from spider.spider_game import solve_known as spider_known

    g = SpiderGame.from_text("spider 1\nstock: -\ndone: S S S S S S S\n"
                             "1: #AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n"
                             + "".join(f"{i}:\n" for i in range(2, 11)).rstrip("\n"))
    with pytest.raises(ValueError):
        spider_solve(g, 1000)  # the ace lies face down, never seen: no verdict for a player
    before = g.to_json()
    assert spider_known(g, 1000).status == "solved" and g.to_json() == before
    g.play(g.legal_moves()[0])
    a = analyse(g, 30.0, given_up=True)
    assert (a.game, a.status, a.from_start) == ("spider", "winnable_at_end", "won")
    assert replays_to_win(g, a.winning_line)
    assert Analysis.from_json(a.to_json()) == a


def test_spider_remembers_the_positions_it_proved_lost_and_claims_the_same() -> None:
    """Spider's solver takes ``lost=`` (as Klondike's does): the analysis keeps one set for
    the game, so proving the line's later positions lost spares the earlier ones a search.
    The answer is the one without the set."""
    from spider.spider_game import Game as SpiderGame
    from spider.spider_game import Move as SpiderMove
    from spider.spider_game import solve_known as spider_known

    g = SpiderGame.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    for text in ("2>1", "4>5", "5>4", "3>6"):  # the losing move, then three more
        g.play(SpiderMove.from_text(text))

    def without_the_set(game: Any, max_nodes: int, *, should_stop: Any = None) -> Any:
        return spider_known(game, max_nodes, should_stop=should_stop)

    kept = analyse(g, 60.0, given_up=True)
    alone = analyse(g, 60.0, given_up=True, solver=without_the_set)
    for a in (kept, alone):
        assert (a.status, a.last_winnable, a.first_lost, str(a.losing_move)) == ("losing_move", 0, 1, "2>1")
        assert replays_to_win(SpiderGame.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS), a.winning_line)
    assert kept.nodes < alone.nodes, (kept.nodes, alone.nodes)
