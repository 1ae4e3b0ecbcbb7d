"""One suite every game of the house passes (OpenSpiel's ``random_sim_test``), driven by the
registry: a game is tested the day it is registered.

Random legal play (Hypothesis picks the deal and every choice) with undo and redo mixed in,
to the end or a few hundred actions, and at every step: every card of the deck is somewhere
(conservation), the position text and the saved JSON round-trip exactly, what the player
has seen never shrinks, and the hint depends on nothing the player has not seen (two
tables with the unseen cards dealt anew get the same hint). At the end, undoing every action
returns exactly to the start and redoing them all exactly to the end. A hint's move is a
legal one. A move the game refuses changes nothing and was not among its legal moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.core.messages import IllegalMove, MessageError
from spider.core.registry import GameInfo, Solitaire, find_game, games

NAMES = [g.name for g in games()]


def deal(info: GameInfo, draw: Any) -> Solitaire:
    variant = draw(st.sampled_from(info.variants))
    number = draw(st.integers(info.deal_numbers.start, info.deal_numbers.stop - 1))
    game = info.game_class.new(deal_id=f"{info.deal_letter}{variant}-{number}")
    assert game.deal_id == f"{info.deal_letter}{variant}-{number}" and game.variant == variant
    return game


def check(info: GameInfo, g: Solitaire, seed: int) -> None:
    """The invariants every position keeps."""
    assert g.all_cards() == g.deck()
    text = g.to_text()
    assert info.game_class.from_text(text).to_text() == text
    saved = info.game_class.from_json(g.to_json())
    assert saved.to_text() == text and saved.to_json() == g.to_json()
    assert (saved.moves_count, saved.undos, saved.unseen_count) == (g.moves_count, g.undos, g.unseen_count)
    # Two tables the player cannot tell apart (the unseen cards dealt anew, each time
    # differently; neither with a history to take back) get the same hint.
    twin, other = g.hidden_shuffled(seed), g.hidden_shuffled(seed + 1)
    assert twin.all_cards() == other.all_cards() == g.deck()
    assert twin.unseen_count == other.unseen_count == g.unseen_count
    assert twin.hint() == other.hint(), "the hint read a card the player has not seen"
    hint = g.hint()
    assert hint.message.key and (hint.move is None or hint.move in g.legal_moves())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_play_keeps_every_invariant_and_undo_redo_are_exact(name: str, data: Any) -> None:
    info = find_game(name)
    g = deal(info, data.draw)
    start = g.to_text()
    picks = data.draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=200))
    unseen = g.unseen_count
    for i, pick in enumerate(picks):
        if pick % 13 == 0 and g.can_redo:
            g.redo()
        elif pick % 7 == 1 and g.can_undo:
            g.undo()
        else:
            moves = g.legal_moves()
            if not moves:
                break
            g.play(moves[pick % len(moves)])
        assert g.unseen_count <= unseen  # what the player has seen is never taken back
        unseen = g.unseen_count
        if i % 20 == 0:
            check(info, g, pick)
    check(info, g, len(picks))
    while g.can_redo:
        g.redo()
    end, total = g.to_text(), g.moves_count
    texts = []
    while g.can_undo:
        texts.append(g.to_text())
        g.undo()
    assert g.to_text() == start and g.moves_count == 0
    for _ in range(total):
        g.redo()
    assert g.to_text() == end and not g.can_redo and g.moves_count == total
    assert not texts or texts[0] == end


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_refused_move_changes_nothing_and_was_not_legal(name: str, data: Any) -> None:
    info = find_game(name)
    g = deal(info, data.draw)
    earlier: list[Any] = []
    for pick in data.draw(st.lists(st.integers(0, 10_000), max_size=40)):
        moves = g.legal_moves()
        if not moves:
            break
        earlier += moves
        g.play(moves[pick % len(moves)])
    text = data.draw(st.text(alphabet="0123456789>fwxSHDC-stock", max_size=8))
    try:
        probes = [info.module().Move.from_text(text)]
    except MessageError:
        probes = []
    for move in [*probes, *earlier[-10:]]:
        legal = g.legal_moves()
        before = g.to_json()
        try:
            g.play(move)
        except IllegalMove as e:
            assert move not in legal and e.reason and g.to_json() == before
        else:
            assert move in legal
            g.undo()
