"""The hint: fixed priority, honest "no progress" advice, and secrecy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, game

from spider import Game, Move
from spider.cards import card_code

RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
# Columns that offer nothing: a king under a queen of another suit cannot move as a whole,
# and no king is exposed for the queen.
INERT = ["* KS QH", "* KH QS", "* KD QC", "* KC QD"]


# Each level adds one better kind of move to the one before. Every other column offers
# nothing: no card fits anywhere and no column's face-up part can move as a whole.
JOIN = ["KC 4S", "KD 5S", "KH QS", "KS QH", "KC QD", "KD QC", "KH QS", "KS QH", "9C 2H", "* 9D 2D"]
COMPLETE = [*JOIN[:2], "2D AS", RUN_S, *JOIN[4:]]
EMPTY = [*COMPLETE[:4], "5H", "KH 6C", *COMPLETE[6:]]
REVEAL = [*EMPTY[:6], "#3H 9D", "KS TD", *EMPTY[8:]]


@pytest.mark.parametrize(
    ("columns", "kind", "move", "words"),
    [
        (JOIN, "join", Move(0, 1, 1), "verbindet Karten derselben Farbe zu einer längeren Folge"),
        (COMPLETE, "complete", Move(2, 3, 1), "vollendet eine Folge von König bis Ass"),
        (EMPTY, "empty", Move(4, 5, 1), "leert eine Spalte"),
        (REVEAL, "reveal", Move(6, 7, 1), "deckt eine Karte auf"),
    ],
)
def test_priority_reveal_then_empty_then_complete_then_join(
    columns: list[str], kind: str, move: Move, words: str
) -> None:
    h = game(columns).hint()
    assert (h.kind, h.move) == (kind, move)
    assert h.text.endswith(words + ".")


def test_the_text_names_the_cards_and_columns() -> None:
    g = game(["* 9S", "* #3H 8D", "*", "*", "*", "*", "*", "*", "*", "*"])
    h = g.hint()
    assert h.move == Move(1, 0, 1)
    assert h.text == "Ziehe 8♦ von Spalte 2 auf 9♠ in Spalte 1: Das deckt eine Karte auf."


def test_a_join_never_breaks_another_run() -> None:
    g = game(["* 8S 7S 6S", "* KD 7S", "* KC 5S", "*", "*", "*", "*", "*", "*", "*"],
             stock_rows=1)
    h = g.hint()
    assert (h.kind, h.move) == ("join", Move(2, 0, 1))
    g.play(h.move)
    # 6S→7S would break 8S 7S 6S 5S: not progress, so the next step is a deal
    assert g.hint().kind == "deal"


def test_placing_onto_another_suit_is_not_progress_so_the_hint_says_deal() -> None:
    g = game(["* 8H", "* KC 7S", "*", "*", "*", "*", "*", "*", "*", "*"], stock_rows=1)
    assert Move(1, 0, 1) in g.legal_moves()
    h = g.hint()
    assert h.kind == "deal" and h.move == Move.deal()
    assert "keinen Fortschritt" in h.text and "austeilen" in h.text


def test_with_an_empty_column_the_hint_says_fill_it_then_deal() -> None:
    g = game(["", *INERT, *INERT, "* JC TD"], stock_rows=1)
    h = g.hint()
    assert h.kind == "fill"
    assert h.move is not None and h.move.dst == 0 and g.is_legal(h.move)
    src = g.columns[h.move.src]
    assert h.move.count < len(src.up) or src.down > 0  # not a whole column moved for nothing
    assert "leere Spalte" in h.text and "teile dann eine neue Reihe aus" in h.text


def test_with_nothing_left_the_hint_says_undo_or_start_again() -> None:
    g = game([*INERT, *INERT, "* 7D 6C 5H", "* 9C 8H"])
    first = g.hint()
    assert first.kind == "restart" and first.move is None
    assert "keinen Fortschritt" in first.text


def test_a_hint_never_repeats_a_move_that_only_undoes_the_previous_one() -> None:
    g = game(["* 7D 6C 5H", "", *INERT, *INERT])
    g.play(Move(0, 1, 1))  # 5H into the empty column
    h = g.hint()
    # 5H back onto 6C would "empty a column", but it only undoes the last move
    assert h.move != Move(1, 0, 1)
    assert h.kind == "undo" and "zurück" in h.text


def test_hint_does_not_change_the_game() -> None:
    g = Game.new(deal_id="S4-12")
    before = g.to_json()
    g.hint()
    assert g.to_json() == before


def test_a_won_game_says_so() -> None:
    run = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    g = Game.from_text(build([run, "AH", "", "", "", "", "", "", "", ""], suits=2,
                             done="S S S S H H H"))
    g.play(Move(1, 0, 1))
    assert g.hint().kind == "won"


# ----------------------------------------------------------------------------- secrecy
def shuffle_hidden(text: str, seed: int) -> str:
    """The same position as the player sees it, with the unseen cards (face-down and
    stock) permuted among themselves."""
    lines = text.splitlines()
    hidden: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith("stock:"):
            hidden += [tok for tok in line.split()[1:] if tok != "-"]
        elif i >= 3:
            hidden += [tok[1:] for tok in line.split()[1:] if tok.startswith("#")]
    random.Random(seed).shuffle(hidden)
    it = iter(hidden)
    out = []
    for i, line in enumerate(lines):
        if line.startswith("stock:"):
            toks = line.split()[1:]
            out.append("stock: " + " ".join(next(it) if tok != "-" else "-" for tok in toks))
        elif i >= 3:
            head, _, rest = line.partition(":")
            toks = ["#" + next(it) if tok.startswith("#") else tok for tok in rest.split()]
            out.append(f"{head}:" + (" " + " ".join(toks) if toks else ""))
        else:
            out.append(line)
    return "\n".join(out)


def taps(g: Game) -> list[object]:
    out: list[object] = []
    for col, view in enumerate(g.columns):
        for index in range(view.down, view.down + len(view.up)):
            try:
                out.append(g.tap(col, index))
            except ValueError as e:
                out.append(str(e))
    return out


@pytest.mark.parametrize("deal_id", ["S4-1", "S4-2", "S2-3", "S1-4"])
def test_hint_and_tap_depend_only_on_what_the_player_has_seen(deal_id: str) -> None:
    rng = random.Random(deal_id)
    g = Game.new(deal_id=deal_id)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
        a = Game.from_text(g.to_text())
        b = Game.from_text(shuffle_hidden(g.to_text(), rng.randrange(1 << 30)))
        assert a.columns == b.columns
        assert a.to_text() != b.to_text() or a.face_down_count + len(a.stock) <= 1
        assert a.hint() == b.hint()
        assert taps(a) == taps(b)
        assert [m for m in a.legal_moves()] == [m for m in b.legal_moves()]


def test_shuffle_hidden_keeps_what_is_visible() -> None:
    g = Game.new(deal_id="S4-5")
    other = Game.from_text(shuffle_hidden(g.to_text(), 1))
    assert other.columns == g.columns and len(other.stock) == 50
    assert [card_code(c) for c in other.stock] != [card_code(c) for c in g.stock]


def test_the_fill_hint_never_takes_the_last_move_back() -> None:
    """Found by fuzzing (S4-2322851184 after 20 actions: last 8>3, hint 3>8): the "fill the
    empty column" advice proposed moving the block just played back where it came from."""
    g = game(["* KS QH", "* KH QS", "* #AS #2S #3S 9D", "* KD QC", "* KC QD", "* KS QH", "* KH QS", "8C",
              "* KD QC", "* KC QD"], stock_rows=1)
    g.play(Move.from_text("8>3"))  # 8♣ onto 9♦: column 8 is empty now
    h = g.hint()
    assert h.kind == "fill"
    assert h.move is not None and h.move != Move(2, 7, 1)
    assert not (h.move.src == 2 and h.move.dst == 7)


@settings(max_examples=60, deadline=None)
@given(deal=st.tuples(st.sampled_from([1, 2, 4]), st.integers(0, 2**32 - 1)),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80))
def test_no_hint_of_any_kind_is_the_reverse_of_the_last_move(deal: tuple[int, int], picks: list[int]) -> None:
    suits, seed = deal
    g = Game.new(deal_id=f"S{suits}-{seed}")
    kinds = set()
    for pick in picks:
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[pick % len(moves)])
        h = g.hint()
        kinds.add(h.kind)
        last = g.last_move
        if h.move is not None and last is not None and not last.is_deal:
            assert h.move != Move(last.dst, last.src, last.count), (h, last)
