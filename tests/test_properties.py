"""Invariants under random legal play (Hypothesis), in all three variants.

At every step: the 104 cards are conserved, the text and JSON forms round-trip, and the
player's view never shows more than what lies face up. At the end, undoing every step
returns exactly to the start and redoing them all returns exactly to the end.
"""

from __future__ import annotations

from collections import Counter

from checks import probe as check_probe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider import Game, IllegalMove, Move
from spider.cards import copies_per_card


def card_counts(g: Game) -> Counter[int]:
    counts: Counter[int] = Counter(g.stock)
    for col in g.cols:
        counts.update(col)
    for s in g.done:
        counts.update(s * 13 + r for r in range(13))
    return counts


def check_invariants(g: Game) -> None:
    counts = card_counts(g)
    assert sum(counts.values()) == 104
    assert set(counts.values()) == {copies_per_card(g.suits)}
    text = g.to_text()
    assert Game.from_text(text).to_text() == text
    h = Game.from_json(g.to_json())
    assert h.to_text() == text
    assert (h.moves_count, h.score) == (g.moves_count, g.score)
    for col, down, view in zip(g.cols, g.down, g.columns, strict=True):
        assert view.down == down and len(view.up) == len(col) - down
        assert (len(col) == 0) == (down == 0 and not view.up)
        assert not col or down < len(col)  # the exposed card lies face up
    assert g.rounds_left == len(g.stock) // 10 and len(g.stock) % 10 == 0


deals = st.tuples(st.sampled_from([1, 2, 4]), st.integers(0, 2**32 - 1))
choices = st.lists(st.integers(0, 10_000), min_size=1, max_size=120)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals, picks=choices)
def test_random_legal_play_keeps_every_invariant_and_undo_redo_are_exact(
    deal: tuple[int, int], picks: list[int]
) -> None:
    suits, seed = deal
    g = Game.new(deal_id=f"S{suits}-{seed}")
    start = g.to_text()
    texts = [start]
    for i, pick in enumerate(picks):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[pick % len(moves)])
        texts.append(g.to_text())
        if i % 10 == 0:
            check_invariants(g)
    check_invariants(g)
    end = g.to_text()
    steps = g.moves_count
    while g.can_undo:
        g.undo()
        assert g.to_text() == texts[g.moves_count]
    assert g.to_text() == start and g.moves_count == 0 and g.score == 0
    for _ in range(steps):
        g.redo()
    assert g.to_text() == end and not g.can_redo
    assert g.known_stock <= len(g.stock)


@settings(max_examples=40, deadline=None)
@given(deal=deals, picks=choices, probe=st.tuples(st.integers(-2, 11), st.integers(-2, 11),
                                                   st.integers(-1, 30)))
def test_a_refused_move_changes_nothing(
    deal: tuple[int, int], picks: list[int], probe: tuple[int, int, int]
) -> None:
    suits, seed = deal
    g = Game.new(deal_id=f"S{suits}-{seed}")
    for pick in picks[:30]:
        g.play(g.legal_moves()[pick % len(g.legal_moves())])
    check_probe(g, Move(*probe), IllegalMove)
