"""One test per rule, written from the rule texts' own examples
(../shared/spec/000_… for 4 suits, 001_… for 1 and 2 suits)."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import build, column_codes, game

from spider import Game, IllegalMove, Move
from spider.cards import parse_card

EMPTY = [""] * 10


def cols(**given: str) -> list[str]:
    """Ten column specs; ``c1="* 9H"`` sets column 1, the others get ``"* "`` fillers."""
    out = ["*"] * 10
    for key, spec in given.items():
        out[int(key[1:]) - 1] = spec
    return out


# ----------------------------------------------------------------------------- the deck
@pytest.mark.parametrize(("suits", "copies", "letters"), [(4, 2, "SHDC"), (2, 4, "SH"), (1, 8, "S")])
def test_deck_has_104_cards_in_the_right_copies(suits: int, copies: int, letters: str) -> None:
    g = Game.new(suits=suits, deal_id=f"S{suits}-5")
    text = g.to_text()
    codes = [tok.lstrip("#") for line in text.splitlines()[1:] for tok in line.split(":", 1)[1].split()
             if tok != "-"]
    counts = Counter(codes)
    assert len(codes) == 104
    assert set(counts) == {r + s for r in "A23456789TJQK" for s in letters}
    assert set(counts.values()) == {copies}


def test_deal_puts_six_cards_in_columns_1_to_4_and_five_in_5_to_10() -> None:
    g = Game.new(4, "S4-2024")
    assert [v.down + len(v.up) for v in g.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert all(len(v.up) == 1 for v in g.columns)
    assert g.face_down_count == 44
    assert g.rounds_left == 5
    assert len(g.stock) == 50
    assert g.completed_suits == ()
    assert g.moves_count == 0


# ----------------------------------------------------------------------------- moving
@pytest.mark.parametrize(("card", "target"), [("7D", "8S"), ("7C", "8H"), ("7C", "8S"),
                                              ("QH", "KS"), ("QC", "KD")])
def test_any_card_goes_on_one_rank_higher_whatever_its_suit(card: str, target: str) -> None:
    g = game(cols(c1=f"* {target}", c2=f"* {card}"))
    g.play(Move(1, 0, 1))
    assert column_codes(g, 0)[-2:] == [target, card]


def test_a_card_that_is_not_one_rank_lower_is_refused_with_the_reason() -> None:
    g = game(cols(c1="* 9S", c2="* 7D"))
    before = g.to_text()
    with pytest.raises(IllegalMove) as e:
        g.play(Move(1, 0, 1))
    assert "7♦" in e.value.reason and "9♠" in e.value.reason
    assert g.to_text() == before


def test_nothing_goes_on_an_ace_and_a_king_only_into_an_empty_column() -> None:
    g = game(cols(c1="* AS", c2="* KD", c3="* 2H"))
    with pytest.raises(IllegalMove, match="Ass"):
        g.play(Move(2, 0, 1))
    with pytest.raises(IllegalMove, match="leere Spalte"):
        g.play(Move(1, 2, 1))


def test_one_suit_run_8d_7d_6d_moves_as_a_block_onto_any_9_and_into_an_empty_column() -> None:
    g = game(cols(c1="* 9C", c2="* 8D 7D 6D", c3=""))
    assert g.movable_counts(1) == [1, 2, 3]
    g.play(Move(1, 0, 3))
    assert column_codes(g, 0)[-4:] == ["9C", "8D", "7D", "6D"]
    g.undo()
    g.play(Move(1, 2, 3))
    assert column_codes(g, 2) == ["8D", "7D", "6D"]


@pytest.mark.parametrize(("block", "upper", "lower"), [("8S 7C", "8♠", "7♣"), ("9H 8S", "9♥", "8♠"),
                                                      ("8H 7D", "8♥", "7♦")])
def test_mixed_suit_blocks_do_not_move_together(block: str, upper: str, lower: str) -> None:
    g = game(cols(c1="* TD 9D", c2=f"* {block}", c3=""))
    before = g.to_text()
    for dst in (0, 2):
        with pytest.raises(IllegalMove) as e:
            g.play(Move(1, dst, 2))
        assert "Nur eine geordnete Folge derselben Farbe" in e.value.reason
        assert upper in e.value.reason and lower in e.value.reason
    assert g.to_text() == before
    assert g.movable_counts(1) == [1]


def test_a_block_with_a_gap_does_not_move() -> None:
    g = game(cols(c1="", c2="* 9S 7S"))
    with pytest.raises(IllegalMove, match="lückenlos"):
        g.play(Move(1, 0, 2))


def test_an_empty_column_takes_any_card_or_movable_run() -> None:
    g = game(cols(c1="", c2="* 5H", c3="* JC TC"))
    assert Move(1, 0, 1) in g.legal_moves()
    assert Move(2, 0, 2) in g.legal_moves()
    assert Move(2, 0, 1) in g.legal_moves()


def test_face_down_cards_never_move() -> None:
    g = game(cols(c1="", c2="#5H #3S 4C"))
    with pytest.raises(IllegalMove, match="Verdeckte"):
        g.play(Move(1, 0, 2))


def test_a_face_down_card_left_exposed_turns_up_at_once() -> None:
    g = game(cols(c1="* 8S", c2="* #5H 7C"))
    down_before = g.face_down_count
    step = g.play(Move(1, 0, 1))
    assert step.revealed == (1,)
    assert g.columns[1].up[-1] == "5H"
    assert g.face_down_count == down_before - 1


def test_legal_moves_lists_exactly_the_allowed_moves() -> None:
    g = game(["* 9C", "* 8D 7D", "", "* 8S", "* KH", "*", "*", "*", "*", "*"], stock_rows=0)
    moves = g.legal_moves()
    for m in moves:
        assert g.is_legal(m)
    assert Move(1, 0, 2) in moves and Move(1, 2, 2) in moves and Move(1, 3, 1) in moves
    assert Move(1, 3, 2) not in moves
    assert Move.deal() not in moves  # stock empty and a column empty


# ----------------------------------------------------------------------------- dealing
def test_a_deal_puts_one_face_up_card_on_each_column_in_order() -> None:
    g = Game.new(4, "S4-77")
    row = g.stock[:10]
    g.deal()
    assert [parse_card(v.up[-1]) for v in g.columns] == row
    assert g.rounds_left == 4
    assert g.moves_count == 1


def test_no_deal_while_a_column_is_empty() -> None:
    g = game(cols(c1=""), stock_rows=2)
    before = g.to_text()
    with pytest.raises(IllegalMove) as e:
        g.deal()
    assert "leer" in e.value.reason
    assert g.to_text() == before
    assert Move.deal() not in g.legal_moves()


def test_no_deal_when_no_rounds_are_left() -> None:
    g = game(cols(), stock_rows=0)
    assert g.rounds_left == 0
    with pytest.raises(IllegalMove, match="keine Karten mehr"):
        g.deal()


def test_the_lenient_option_deals_with_empty_columns_when_fewer_than_ten_cards_lie_out() -> None:
    text = build(["QS JS TS", "", "", "", "", "", "", "", "", ""], suits=1, stock_rows=1,
                 done="S S S S S S S")
    strict = Game.from_text(text)
    with pytest.raises(IllegalMove):
        strict.deal()
    lenient = Game.from_text(text, lenient_deal=True)
    lenient.deal()
    assert sum(len(v.up) for v in lenient.columns) == 13
    # with ten or more cards on the table the empty column still blocks the deal
    text2 = build(["* KS", "", "*", "*", "*", "*", "*", "*", "*", "*"], stock_rows=1)
    with pytest.raises(IllegalMove):
        Game.from_text(text2, lenient_deal=True).deal()


# ----------------------------------------------------------------------------- runs
RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def test_a_finished_one_suit_run_leaves_the_table_with_its_suit_recorded() -> None:
    g = game(cols(c1=f"* #3D {RUN_S}", c2="* AS"))
    step = g.play(Move(1, 0, 1))
    assert step.completed == ((0, "S"),)
    assert g.completed_suits == ("S",)
    assert column_codes(g, 0) == ["3D"]  # the card beneath turned up
    assert 0 in step.revealed
    assert g.announcement(step) == ["Folge komplett ♠, 1 von 8"]


def test_a_deal_can_complete_a_run() -> None:
    stock = "AS 2H 2H 2H 2H 3H 3H 3H 3H 4H"
    g = game(cols(c1=f"* {RUN_S}"), stock=stock, suits=2)
    step = g.deal()
    assert step.completed == ((0, "S"),)
    assert g.completed_suits == ("S",)


def test_mixed_suit_king_to_ace_stays_on_the_table() -> None:
    mixed = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    g = game(cols(c1=f"* {mixed}", c2="* AC"))
    step = g.play(Move(1, 0, 1))
    assert step.completed == ()
    assert len(column_codes(g, 0)) >= 13
    assert g.completed_suits == ()


def test_eight_runs_win() -> None:
    run = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    text = build([run, "AH", "", "", "", "", "", "", "", ""], suits=2, done="S S S S H H H")
    g = Game.from_text(text)
    assert not g.is_won
    g.play(Move(1, 0, 1))
    assert g.is_won
    assert g.completed_suits[-1] == "H"
    assert g.legal_moves() == []
    assert not g.is_stuck


def test_stuck_means_stock_empty_and_no_legal_move() -> None:
    # Every column ends with an ace or a king that cannot move anywhere, no empty column.
    g = game(["* AS", "* AH", "* AD", "* AC", "* AS", "* AH", "* AD", "* AC", "* KS", "* KH"])
    assert g.legal_moves() == []
    assert g.is_stuck


# ----------------------------------------------------------------------------- counters and score
def test_each_move_and_each_deal_counts_one_move_and_undo_takes_it_back() -> None:
    g = game(cols(c1="* 8S", c2="* 7C"), stock_rows=1)
    g.play(Move(1, 0, 1))
    g.deal()
    assert g.moves_count == 2
    g.undo()
    assert g.moves_count == 1
    g.redo()
    assert g.moves_count == 2


def test_score_follows_the_duel_rules() -> None:
    g = game(cols(c1=f"* #3D {RUN_S}", c2="* #4C AS", c3=""), stock_rows=0)
    step = g.play(Move(1, 0, 1))
    # -1 move, +2 laid on a fitting card, +2 for 4C turned up, +26 run, +2 for 3D turned up
    assert step.score == -1 + 2 + 2 + 26 + 2
    g.play(Move(1, 2, 1))  # into the empty column: -1, and +2 for the card it uncovers
    assert g.score == 31 - 1 + 2
    g.undo()
    g.undo()
    assert g.score == 0


def test_clearing_the_table_scores_100() -> None:
    run = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    g = Game.from_text(build([run, "AH", "", "", "", "", "", "", "", ""], suits=2,
                             done="S S S S H H H"))
    step = g.play(Move(1, 0, 1))
    assert step.score == -1 + 2 + 26 + 100


# ----------------------------------------------------------------------------- tap
def test_tap_7c_prefers_8c_over_8s() -> None:
    g = game(cols(c1="* 8S", c2="* 8C", c3="* 7C"))
    assert g.tap(2, len(g.columns[2].up) + g.columns[2].down - 1) == Move(2, 1, 1)


def test_tap_prefers_completing_a_run_over_same_suit() -> None:
    g = game(cols(c1="* 2S", c2=f"* {RUN_S}", c3="* AS"))
    col3 = g.columns[2]
    assert g.tap(2, col3.down + len(col3.up) - 1) == Move(2, 1, 1)


def test_tap_order_other_suit_before_empty_and_lowest_column_wins() -> None:
    g = game(cols(c1="", c2="* 8H", c3="* 8D", c4="* 7C"))
    c4 = g.columns[3]
    assert g.tap(3, c4.down + len(c4.up) - 1) == Move(3, 1, 1)
    g2 = game(cols(c1="* 5S", c2="", c3="", c4="* 7C"))
    c4 = g2.columns[3]
    assert g2.tap(3, c4.down + len(c4.up) - 1) == Move(3, 1, 1)


def test_tap_moves_the_whole_block_from_the_tapped_card() -> None:
    g = game(cols(c1="* 9C", c2="* 4H 8D 7D 6D"))
    c2 = g.columns[1]
    idx = c2.down + 1  # the 8D
    assert g.tap(1, idx) == Move(1, 0, 3)


def test_tap_on_a_mixed_block_explains_and_moves_nothing() -> None:
    g = game(cols(c1="* 9D", c2="* 8S 7C"))
    c2 = g.columns[1]
    before = g.to_text()
    with pytest.raises(IllegalMove, match="Nur eine geordnete Folge derselben Farbe"):
        g.tap(1, c2.down)
    assert g.to_text() == before


def test_tap_on_a_face_down_card_or_with_nowhere_to_go_is_refused() -> None:
    g = game(cols(c1="* #5H 9S", c2="* 4D"))
    with pytest.raises(IllegalMove, match="Verdeckte"):
        g.tap(0, 0)
    c2 = g.columns[1]
    with pytest.raises(IllegalMove, match="kein erlaubtes Ziel"):
        g.tap(1, c2.down)


def test_tap_never_moves_a_whole_column_into_an_empty_one() -> None:
    g = game(["5S", "", "*", "*", "*", "*", "*", "*", "*", "*"])
    with pytest.raises(IllegalMove, match="ändert nichts"):
        g.tap(0, 0)


# ----------------------------------------------------------------------------- undo / redo
def test_undo_of_a_deal_puts_the_ten_cards_back_on_the_stock_in_order() -> None:
    g = Game.new(4, "S4-31")
    before = g.to_text()
    g.deal()
    g.undo()
    assert g.to_text() == before
    assert g.known_stock == 10  # those ten are now known


def test_undo_of_a_removal_puts_the_13_cards_back_and_turns_the_card_down_again() -> None:
    g = game(cols(c1=f"* #3D {RUN_S}", c2="* #4C AS"))
    before = g.to_text()
    g.play(Move(1, 0, 1))
    g.undo()
    assert g.to_text() == before
    assert g.completed_suits == ()
    assert g.columns[0].up[0] == "KS"


def test_a_card_seen_once_stays_known_after_undo() -> None:
    g = game(cols(c1="* 8S", c2="* #5H 7C"))
    assert g.known_down[1] == 0
    g.play(Move(1, 0, 1))
    g.undo()
    assert g.columns[1].up == ("7C",)  # face down again on the table
    assert g.known_down[1] == 1  # but known to the player


def test_a_new_move_after_undo_clears_redo() -> None:
    g = game(cols(c1="* 8S", c2="* 7C", c3="* 8H"))
    g.play(Move(1, 0, 1))
    g.undo()
    assert g.can_redo
    g.play(Move(1, 2, 1))
    assert not g.can_redo
    with pytest.raises(IllegalMove):
        g.redo()


def test_undo_with_nothing_to_undo_is_refused_with_a_reason() -> None:
    g = Game.new(1, "S1-1")
    with pytest.raises(IllegalMove, match="zurücknehmen"):
        g.undo()
