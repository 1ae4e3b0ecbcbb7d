"""Klondike's hint: the documented priority, honest "no progress" advice, and secrecy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from klondike_positions import game

from spider.klondike import Game, Move
from spider.klondike.grading import hint_wins
from spider.klondike.moves import FOUNDATION, WASTE


def test_reveal_first_and_the_column_with_most_face_down_cards_first() -> None:
    g = Game.new(deal_id="K1-1")  # A♠ (7 cards) and A♥ (6) both go up and turn a card
    h = g.hint()
    assert (h.kind, h.move) == ("reveal", Move(6, FOUNDATION))
    assert h.text == "Lege A♠ von Spalte 7 auf den Zielstapel: So wird eine verdeckte Karte aufgedeckt."
    assert h.message.render("en") == (
        "Move A♠ from column 7 to the foundation: that turns up a face-down card.")


INERT = ["#AS #AH KS", "#AD #AC KH", "* KD", "KC", "2S", "2H", "2D"]  # nothing can move


def test_a_king_from_the_waste_into_an_empty_column() -> None:
    g = game(["", "KS", "KC", "#AS #AH #AD #AC * 2C", "2S", "2H", "2D"], waste="KH")
    h = g.hint()
    assert (h.kind, h.move) == ("king", Move(WASTE, 0))


def test_a_safe_foundation_move_before_a_waste_card_onto_the_table() -> None:
    # 2♠ up is safe (both red aces are up, ♣ is empty); 9♥ from the waste could go onto 10♣
    g = game(["#AC * TC", "2S", "KD", "KH", "KS", "KC", "2H"], waste="9H")
    h = g.hint()
    assert (h.kind, h.move) == ("foundation", Move(1, FOUNDATION))
    g.play(h.move)
    assert (g.hint().kind, g.hint().move) == ("waste", Move(WASTE, 0))


def test_the_stock_while_it_hides_unseen_cards_then_only_to_fetch_a_useful_one() -> None:
    g = game(["#AS #AH KS", "#AD #AC KH", "* KD", "* TC", "2S", "2H", "2D"], stock="4H 9H 5H")
    assert g.hint().kind == "stock" and "noch nicht gesehen" in g.hint().text
    for _ in range(3):
        g.play(Move.stock())
    # all seen now: 9♥ is the useful one (onto 10♣); 5♥ on top is of no use
    h = g.hint()
    assert h.kind == "stock" and "9♥" in h.text
    while g.hint().kind == "stock":
        g.play(g.hint().move)  # type: ignore[arg-type]
    assert (g.hint().kind, g.hint().move) == ("waste", Move(WASTE, 3))


def test_no_progress_says_so_and_names_the_way_out() -> None:
    g = game(INERT, stock="4H 5H")
    g.mark_seen()
    h = g.hint()
    assert (h.kind, h.move) == ("restart", None)
    assert "keiner bringt dich weiter" in h.text and "neues Spiel" in h.text
    g.play(Move.stock())
    h = g.hint()
    assert h.kind == "undo" and "Nimm ein paar Züge zurück" in h.text
    assert not g.is_stuck


def test_no_legal_move_at_all() -> None:
    g = game(INERT)
    assert g.is_stuck and g.hint().kind == "restart" and "kein Zug mehr" in g.hint().text


def _hide_differently(g: Game, rng: random.Random) -> Game:
    """A copy that agrees with ``g`` on everything the player has seen and differs in the
    cards never seen (face-down and stock cards swapped among their places)."""
    h: Game = g.copy()
    places = [("col", i, k) for i, c in enumerate(h.cols) for k in range(h.down[i]) if not h.has_seen(c[k])]
    places += [("stock", 0, k) for k, x in enumerate(h.stock) if not h.has_seen(x)]
    cards = [h.cols[i][k] if kind == "col" else h.stock[k] for kind, i, k in places]
    rng.shuffle(cards)
    for (kind, i, k), card in zip(places, cards, strict=True):
        if kind == "col":
            h.cols[i][k] = card
        else:
            h.stock[k] = card
    return h


@pytest.mark.parametrize("draw", [1, 3])
def test_hints_use_only_what_the_player_has_seen(draw: int) -> None:
    rng = random.Random(draw)
    differed = 0
    for number in range(1, 41):
        g = Game.new(deal_id=f"K{draw}-{number}")
        for _ in range(rng.randrange(0, 60)):
            h = g.hint()
            moves = g.legal_moves()
            if not moves:
                break
            g.play(h.move if h.move is not None and rng.random() < 0.7 else rng.choice(moves))
        other = _hide_differently(g, rng)
        differed += other.to_text() != g.to_text()
        assert other.hint() == g.hint(), g.to_text()
        assert other.auto_move() == g.auto_move()
    assert differed > 20


@pytest.mark.parametrize("draw", [1, 3])
def test_following_the_hint_always_ends(draw: int) -> None:
    for number in range(1, 31):
        g = Game.new(deal_id=f"K{draw}-{number}")
        for _ in range(1500):
            h = g.hint()
            if h.move is None:
                break
            g.play(h.move)
        assert g.hint().move is None, f"K{draw}-{number} still hints after 1500 moves"


def test_the_hint_wins_some_deals_alone() -> None:
    assert sum(hint_wins(1, n) for n in range(1, 21)) >= 5


@settings(max_examples=20, deadline=None)
@given(deal=st.tuples(st.sampled_from([1, 3]), st.integers(1, 10**12 - 1)),
       choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=60))
def test_following_hints_and_random_moves_auto_finish_always_wins_once_offered(
    deal: tuple[int, int], choices: list[int]
) -> None:
    draw, number = deal
    g = Game.new(deal_id=f"K{draw}-{number}")
    for pick in choices:
        h = g.hint()
        moves = g.legal_moves()
        if not moves:
            break
        g.play(h.move if h.move is not None and pick % 2 else moves[pick % len(moves)])
    g.mark_seen()
    if g.auto_move() is not None:
        while (m := g.auto_move()) is not None:
            g.play(m)
        assert g.is_won
