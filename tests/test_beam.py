"""The beams that look for a Spider win with every card known (``spider/spider_game/beam.py``)
and how ``solve_known`` uses them for the analysis of a finished game.

A beam's line is only ever a candidate: the analysis replays every line through the engine
before it claims anything, and a beam that finds nothing proves nothing (losses stay the
solver's).
"""

from __future__ import annotations

from typing import Any

from positions import SPIDER_ONE_MOVE_FROM_A_LOSS
from search import replays_to_win

from spider.spider_game import Game, Move, solve, solve_known
from spider.spider_game import known as known_module
from spider.spider_game.beam import find_win
from spider.spider_game.solver import _column_bytes, _key

# one suit, seven runs removed, the stock empty: the ace lies face down under K..2, so the
# only win is the run into an empty column, then the ace onto the two
ACE_UNDER_THE_RUN = ("spider 1\nstock: -\ndone: S S S S S S S\n"
                     "1: #AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n"
                     + "".join(f"{i}:\n" for i in range(2, 11)).rstrip("\n"))


def everything_known(g: Game) -> Game:
    g = g.copy()
    g.known_down = list(g.down)
    g.known_stock = len(g.stock)
    return g


def key_of(g: Game) -> bytes:
    """The solver's table key of a position with the stock empty."""
    assert not g.stock
    return _key([_column_bytes(c, d) for c, d in zip(g.cols, g.down, strict=True)], 0, 0)


def test_a_beam_line_wins_and_the_game_is_not_changed() -> None:
    g = Game.from_text(ACE_UNDER_THE_RUN)
    before = g.to_json()
    line, made = find_win(g, 1000)
    assert line is not None and made >= 1
    assert [str(m) for m in line] == ["1>2x12", "1>2"]
    assert replays_to_win(g, line)
    assert g.to_json() == before


def test_a_beam_never_goes_through_a_position_proved_lost() -> None:
    """``lost`` holds the solver's keys of positions proved lost: a beam keeps none of them.
    With every position one move away marked lost (as if proved), no line comes back; with
    all but one, the line starts with the move to that one."""
    g = Game.from_text(ACE_UNDER_THE_RUN)
    after: dict[str, bytes] = {}
    for move in g.legal_moves():
        h = g.copy()
        h.play(move)
        after[str(move)] = key_of(h)
    assert len(set(after.values())) > 1
    assert find_win(g, 10_000, lost=frozenset(after.values()))[0] is None
    for kept in after:
        line, _ = find_win(g, 10_000, lost=frozenset(k for k in after.values() if k != after[kept]))
        assert line is not None and replays_to_win(g, line)
        assert key_of(played(g, line[:1])) == after[kept]


def played(g: Game, line: list[Move]) -> Game:
    h = g.copy()
    for move in line:
        h.play(move)
    return h


def test_the_beams_are_deterministic_and_bounded() -> None:
    g = everything_known(Game.new(deal_id="S2-1001"))
    one, made = find_win(g, 400_000)
    two, made_again = find_win(g, 400_000)
    assert one is not None and [str(m) for m in one] == [str(m) for m in two or []]
    assert made == made_again
    assert replays_to_win(Game.new(deal_id="S2-1001"), one)
    # the node budget and should_stop end it without a line
    assert find_win(g, 500) == (None, 500)
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return True

    line, made = find_win(g, 400_000, should_stop=stop, check_every=100)
    assert line is None and calls == [1] and made == 100


def test_solve_known_finds_an_early_two_suit_win_the_solver_alone_does_not(monkeypatch: Any) -> None:
    """From the deal of S2-1001, every card known, the solver alone finds no win within
    200,000 positions; ``solve_known`` (the solver's first try, then the beams) does, within
    the same number, and its line wins from the game itself. (The first try is made smaller
    than the module's, so that the test stays quick.)"""
    monkeypatch.setattr(known_module, "FIRST", 20_000)
    g = Game.new(deal_id="S2-1001")
    assert solve(everything_known(g), 200_000).status == "unknown"
    r = solve_known(g, 200_000)
    assert r.status == "solved" and r.nodes < 200_000  # in fewer positions, beams included
    assert replays_to_win(g, r.line)


def test_solve_known_still_proves_losses_with_the_solver(monkeypatch: Any) -> None:
    """A lost position beyond the first try: the beams find nothing, and the solver then
    proves it lost with what is left (the first try made tiny here to get there)."""
    monkeypatch.setattr(known_module, "FIRST", 5)
    g = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    g.play(Move.from_text("2>1"))  # the move that loses it (test_analysis.py)
    assert solve(everything_known(g), 5).status == "unknown"
    r = solve_known(g, 100_000)
    assert r.status == "unsolvable"
    assert r.status == solve(everything_known(g), 100_000).status


def test_a_backtracking_beam_goes_through_every_position_before_it_gives_up() -> None:
    """A beam that goes back to the children it cut off ends by itself only when it has made
    every position reachable: on a lost position as many as the solver's proof went through
    (the solver counts the start too). A beam one position wide still finds a win."""
    g = Game.from_text(SPIDER_ONE_MOVE_FROM_A_LOSS)
    g.play(Move.from_text("2>1"))
    proof = solve(everything_known(g), 100_000)
    assert proof.status == "unsolvable"
    line, made = find_win(g, 100_000, beams=(), backtracking=((1, 2, 2, 2),))
    assert line is None and made + 1 == proof.nodes
    # without going back, the same narrow beam stops sooner
    assert find_win(g, 100_000, beams=((1, 2, 2, 2),), backtracking=())[1] < made
    g = Game.from_text(ACE_UNDER_THE_RUN)
    line, _ = find_win(g, 100_000, beams=(), backtracking=((1, 2, 2, 2),))
    assert line is not None and replays_to_win(g, line)
