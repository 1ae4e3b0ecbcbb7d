"""Klondike invariants under random legal play with undo and redo (Hypothesis), both draw counts.

At every step: the 52 cards are conserved, the text and JSON forms round-trip, the player's
view shows no face-down card, what was seen never shrinks. At the end, undoing every step
returns exactly to the start and redoing them all returns exactly to the end.
"""

from __future__ import annotations

from checks import probe as check_probe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.klondike import Game, IllegalMove, Move


def cards(g: Game) -> list[int]:
    out = list(g.stock) + list(g.waste_pile)
    for col in g.cols:
        out += col
    for s, n in enumerate(g.found):
        out += range(s * 13, s * 13 + n)
    return sorted(out)


def check(g: Game) -> None:
    assert cards(g) == list(range(52))
    text = g.to_text()
    assert Game.from_text(text).to_text() == text
    h = Game.from_json(g.to_json())
    assert h.to_text() == text and h.to_json() == g.to_json()
    assert (h.moves_count, h.passes, h.seen) == (g.moves_count, g.passes, g.seen)
    for c, d, view in zip(g.cols, g.down, g.columns, strict=True):
        assert view.down == d and len(view.up) == len(c) - d
        assert not c or d < len(c)  # the exposed card lies face up
    assert g.stock_count == len(g.stock) and len(g.waste) == len(g.waste_pile)


deals = st.tuples(st.sampled_from([1, 3]), st.integers(1, 10**12 - 1))
# each pick: a move index, or (with 1 in 6) an undo, (1 in 12) a redo
picks = st.lists(st.integers(0, 10_000), min_size=1, max_size=150)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals, choices=picks)
def test_random_play_with_undo_redo_keeps_every_invariant(deal: tuple[int, int], choices: list[int]) -> None:
    draw, number = deal
    g = Game.new(deal_id=f"K{draw}-{number}")
    start = g.to_text()
    seen = g.seen
    for i, pick in enumerate(choices):
        if pick % 12 == 0 and g.can_redo:
            g.redo()
        elif pick % 6 == 1 and g.can_undo:
            g.undo()
        else:
            moves = g.legal_moves()
            if not moves:
                break
            g.play(moves[pick % len(moves)])
        assert g.seen & seen == seen  # knowledge only grows
        seen = g.seen
        if i % 15 == 0:
            check(g)
    check(g)
    texts = []
    steps = g.moves_count
    while g.can_redo:
        g.redo()
    end = g.to_text()
    total = g.moves_count
    while g.can_undo:
        texts.append(g.to_text())
        g.undo()
    assert g.to_text() == start and g.moves_count == 0 and g.passes == 0
    for _ in range(total):
        g.redo()
    assert g.to_text() == end and not g.can_redo and g.moves_count == total >= steps
    assert texts[0] == end


@settings(max_examples=30, deadline=None)
@given(deal=deals, choices=picks, probe=st.tuples(st.integers(-2, 14), st.integers(-2, 14),
                                                   st.integers(-1, 14)))
def test_a_refused_move_changes_nothing_and_legal_moves_are_exactly_the_playable_ones(
    deal: tuple[int, int], choices: list[int], probe: tuple[int, int, int]
) -> None:
    draw, number = deal
    g = Game.new(deal_id=f"K{draw}-{number}")
    for pick in choices[:40]:
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[pick % len(moves)])
    check_probe(g, Move(*probe), IllegalMove)


@settings(max_examples=20, deadline=None)
@given(deal=deals, choices=picks)
def test_the_hint_is_always_legal_and_auto_finish_always_wins(
    deal: tuple[int, int], choices: list[int]
) -> None:
    draw, number = deal
    g = Game.new(deal_id=f"K{draw}-{number}")
    for pick in choices[:60]:
        h = g.hint()
        assert h.text and h.kind
        if h.move is not None:
            assert h.move in g.legal_moves()
        moves = g.legal_moves()
        if not moves:
            break
        g.play(h.move if h.move is not None and pick % 2 else moves[pick % len(moves)])
    g.mark_seen()
    if g.auto_move() is not None:
        while (m := g.auto_move()) is not None:
            g.play(m)
        assert g.is_won
