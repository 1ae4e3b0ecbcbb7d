"""Klondike's rules, one test per example of the rule texts (spec 004, draw 1; spec 002, draw 3),
and the API around them: moves and their text, refusals, counters, knowledge, input helpers."""

from __future__ import annotations

import pytest
from klondike_positions import build, game

from spider.core import registry
from spider.core.cards import parse_card
from spider.klondike import NAME, Game, IllegalMove, Move
from spider.klondike.moves import FOUNDATION, FOUNDATION_OF, WASTE

EMPTY_ROW = ["", "", "", "", "", ""]


def col(g: Game, i: int) -> tuple[str, ...]:
    return g.columns[i].up


# ----------------------------------------------------------------------------- the texts' examples
def test_a_red_seven_goes_on_a_black_eight_and_a_black_one_does_not() -> None:
    g = game(["* 8S", "* 7H", "* 7C", "* KD", "* KH", "* KC", "* KS"])
    with pytest.raises(IllegalMove, match="7♣ passt nicht auf 8♠: Auf eine rote Karte gehört eine schwarze"):
        g.play(Move(2, 0))  # 7♣ on 8♠: both black
    g.play(Move(1, 0))
    assert col(g, 0) == ("8S", "7H")


def test_a_black_nine_goes_on_a_red_ten_and_rank_must_be_one_lower() -> None:
    g = game(["* TD", "* 9C", "* 8C", "* KD", "* KH", "* KC", "* KS"])
    with pytest.raises(IllegalMove, match="genau einen Wert höher"):
        g.play(Move(2, 0))
    g.play(Move(1, 0))
    assert col(g, 0) == ("TD", "9C")


def test_a_run_moves_checked_at_its_first_card() -> None:
    # 9♠ 8♥ 7♣ moves onto 10♦ as a whole: only the 9♠ is checked against the 10♦
    g = game(["* TD", "* 9S 8H 7C", "* KD", "* KH", "* KC", "* KS", "* QC"])
    assert Move(1, 0, 3) in g.legal_moves()
    g.play(Move.from_text("2>1x3"))
    assert col(g, 0) == ("TD", "9S", "8H", "7C")
    assert len(col(g, 1)) == 1  # the card under the run turned up


def test_a_broken_run_does_not_move_together() -> None:
    g = game(["* TD", "* 9S 8S 7C", "* KD", "* KH", "* KC", "* KS", "* QC"])
    with pytest.raises(IllegalMove, match="Folge"):
        g.play(Move(1, 0, 3))
    assert g.movable_counts(1) == [1]


def test_only_a_king_or_a_run_from_a_king_goes_into_an_empty_column() -> None:
    g = game(["", "* QD", "* KS QH", "* KC", "* 2S", "* 3S", "* 4S"])
    with pytest.raises(IllegalMove, match="nur ein König"):
        g.play(Move(1, 0))
    g.play(Move(2, 0, 2))
    assert col(g, 0) == ("KS", "QH")
    # a pointless action is still legal: the lone king may move to another empty column
    g2 = game(["", "KD", "* QD", "* KC", "* 2S", "* 3S", "* 4S"])
    assert Move(1, 0) in g2.legal_moves()


def test_the_waste_turns_back_in_the_same_order_and_passes_count() -> None:
    g = game(["* KS", "* KH", "* KD", "* KC", "* 2S", "* 3S", "* 4S"], stock="5H 6H 7H")
    for _ in range(3):
        g.play(Move.stock())
    assert g.waste == ("5H", "6H", "7H") and g.stock_count == 0
    g.play(Move.stock())  # the waste turns back over
    assert g.waste == () and g.passes == 1
    g.play(Move.stock())
    assert g.waste == ("5H",)  # the card turned over first comes first again
    assert g.moves_count == 5
    g.undo()
    g.undo()
    assert g.passes == 0 and g.waste == ("5H", "6H", "7H")


def test_draw_three_turns_three_and_shows_the_third() -> None:
    g = game(["* KS", "* KH", "* KD", "* KC", "* 2S", "* 3S", "* 4S"], stock="5H 6H 7H 8H 9H", draw=3)
    g.play(Move.stock())
    assert g.waste == ("5H", "6H", "7H") and g.waste[-1] == "7H"  # only the top card plays
    assert g.card_at(WASTE) is not None and g.targets(WASTE) == g.targets(WASTE, 1)
    g.play(Move.stock())  # fewer when fewer are left
    assert g.waste == ("5H", "6H", "7H", "8H", "9H") and g.stock_count == 0
    g.play(Move.stock())
    g.play(Move.stock())
    assert g.waste == ("5H", "6H", "7H")


def test_a_foundation_card_may_come_back_onto_a_column() -> None:
    g = game(["* 8S", "* KH", "* KD", "* KC", "* 2S", "* 3S", "* 4S"])
    assert g.foundations[1] == "QH"  # everything of hearts below the king is up
    with pytest.raises(IllegalMove):
        g.play(Move.from_text("fH>1"))  # Q♥ does not fit on 8♠
    g2 = game(["* 8S", "* KH", "* KD", "* KC", "* 2S", "* 3S", "* 4S"])
    g2.play(Move(FOUNDATION_OF[1], 3))  # Q♥ back onto K♣
    assert col(g2, 3) == ("KC", "QH") and g2.foundations[1] == "JH"


def test_a_face_down_card_left_exposed_turns_up_by_itself() -> None:
    g = Game.from_text(build(["#2D 8S", "9H", "* KD", "* KC", "* KH", "* KS", "QC"]))
    step = g.play(Move(0, 1))
    assert step.revealed == (0,) and col(g, 0) == ("2D",) and g.columns[0].down == 0
    g.undo()
    assert g.columns[0].down == 1 and g.known_down[0] == 1  # seen stays seen


def test_won_with_all_fifty_two_cards_up() -> None:
    g = game(["KS", "KH", "", "", "", "", ""], stock="KC", waste="KD")
    assert not g.is_won
    for text in ("1>f", "2>f", "w>f", "stock", "w>f"):
        g.play(Move.from_text(text))
    assert g.is_won and g.legal_moves() == [] and not g.is_stuck
    assert g.hint().kind == "won"
    with pytest.raises(IllegalMove, match="gewonnen"):
        g.play(Move.stock())


# ----------------------------------------------------------------------------- moves and their text
@pytest.mark.parametrize("text", ["stock", "w>3", "w>f", "3>f", "3>5", "3>5x3", "fH>4", "fS>1", "7>1x13"])
def test_move_text_round_trips(text: str) -> None:
    m = Move.from_text(text)
    assert str(m) == text and Move.from_text(str(m)) == m and m.is_well_formed()


def test_moves_with_the_same_text_are_equal() -> None:
    assert Move.from_text("3>5") == Move(2, 4, 1) == Move(2, 4)
    assert Move.from_text("w>f") == Move(WASTE, FOUNDATION)


@pytest.mark.parametrize("text", ["3>5x1", "3>5x03", " w>f ", "w>f\n", "3>５"])
def test_a_move_has_one_spelling(text: str) -> None:
    with pytest.raises(ValueError):
        Move.from_text(text)
    assert len({Move.from_text("stock"), Move.stock()}) == 1


@pytest.mark.parametrize("bad", [None, 3, b"3>5", "", "3>8", "0>1", "w>3x2", "3>fx2", "fX>1", "fH>f",
                                 "3>5x0", "3>5x99", "deal", "x" * 100])
def test_bad_move_text_is_a_german_value_error(bad: object) -> None:
    with pytest.raises(ValueError, match="kein Zug"):
        Move.from_text(bad)


def test_refused_moves_leave_the_position_unchanged() -> None:
    g = Game.new(deal_id="K1-1")
    before = g.to_json()
    for move in (Move(0, 1), Move(1, 0, 2), Move(WASTE, 0), Move(FOUNDATION_OF[0], 0), Move(3, 3),
                 Move(0, FOUNDATION), Move(9, 1), Move(1, 2, 5), Move(-1, 2)):
        with pytest.raises(IllegalMove) as e:
            g.play(move)
        assert e.value.reason and isinstance(e.value, ValueError)
    assert g.to_json() == before


def test_legal_moves_list_each_action_once_and_all_of_them_play() -> None:
    g = Game.new(deal_id="K3-7")
    for _ in range(40):
        moves = g.legal_moves()
        assert len(moves) == len(set(moves))
        for m in moves:
            h = g.copy()
            h.play(m)
        g.play(moves[-2] if len(moves) > 1 else moves[0])


# ----------------------------------------------------------------------------- deals and the house
def test_new_takes_the_deal_id_over_draw_and_checks_its_input() -> None:
    g = Game.new(draw=1, deal_id="K3-10")
    assert (g.deal_id, g.draw, g.variant, g.game_name) == ("K3-10", 3, 3, NAME)
    g = Game.new(draw=3)
    assert g.draw == 3 and g.deal_id is not None and g.deal_id.startswith("K3-")
    for bad in ({"deal_id": 123}, {"deal_id": "S4-1"}, {"deal_id": "K2-5"}, {"deal_id": "K1-0"},
                {"draw": 2}, {"draw": True}, {"draw": "1"}, {"level": "extreme"}, {"level": 1},
                {"deal_id": "K1-" + "9" * 13}, {"deal_id": " k1-007 "}, {"deal_id": "K01-5"}):
        with pytest.raises(ValueError) as e:
            Game.new(**bad)  # type: ignore[arg-type]
        assert str(e.value)[:1].isupper() or str(e.value)[:1] in "„“"


def test_the_registry_finds_klondike_by_id_header_and_save() -> None:
    g = registry.new_game("K1-5")
    assert isinstance(g, Game) and g.deal_id == "K1-5"
    assert registry.game_from_text(g.to_text()).to_text() == g.to_text()
    g.play(g.legal_moves()[0])
    h = registry.game_from_json(g.to_json())
    assert isinstance(h, Game) and h.to_json() == g.to_json()
    for name in ("game_name", "variant", "deal_id", "is_won", "is_stuck", "all_known", "can_undo",
                 "can_redo", "moves_count", "to_text", "to_json", "undo", "redo", "hint", "last_move",
                 "line", "undos", "copy"):
        assert hasattr(g, name), name


def test_undo_redo_and_the_counters() -> None:
    g = Game.new(deal_id="K1-1")
    with pytest.raises(IllegalMove):
        g.undo()
    g.play(Move.from_text("7>f"))
    g.play(Move.stock())
    assert (g.moves_count, g.last_move, g.line) == (2, Move.stock(), [Move(6, FOUNDATION), Move.stock()])
    g.undo()
    assert g.can_redo and g.undos == 1 and g.moves_count == 1
    g.redo()
    assert not g.can_redo and g.moves_count == 2
    g.undo()
    g.play(Move.from_text("6>f"))
    assert not g.can_redo  # a new move clears redo
    with pytest.raises(IllegalMove):
        g.redo()


def test_what_was_seen_never_shrinks_and_all_known() -> None:
    g = game(["KS", "KH", "KD", "", "", "", "QC"], stock="KC")
    assert not g.all_known and g.known_stock == 0
    g.play(Move.stock())
    g.undo()
    assert g.stock_count == 1 and g.known_stock == 1 and g.all_known
    g2 = Game.new(deal_id="K1-1")
    g2.play(Move.from_text("7>f"))
    g2.undo()
    assert g2.known_down == [0, 0, 0, 0, 0, 0, 1] and not g2.all_known


def test_the_input_helpers_for_the_page() -> None:
    g = game(["* 8S", "* 8C", "* 7H", "* KD", "AH", "* KC", "* KS"])
    assert g.targets(2) == [Move(2, 0), Move(2, 1)]
    assert g.tap_move(2) is None  # two targets: the player picks
    assert g.tap_move(4) == Move(4, FOUNDATION) == g.foundation_move(4)
    assert g.foundation_move(0) == Move(0, FOUNDATION)  # every spade below 8♠ is up
    assert g.foundation_move(2) is None and g.foundation_move(WASTE) is None
    assert g.targets(0, 5) == [] and g.movable_counts(9) == []
    views = g.columns
    assert views[4].down == 0 and views[4].up == ("AH",)
    assert all("#" not in x for v in views for x in v.up)


def test_auto_finish_wins_where_it_is_offered() -> None:
    g = game(["KS QH", "KH QS", "KD QC", "KC QD JS", "", "", ""], stock="JH JC", waste="JD")
    assert not g.all_known and g.auto_move() is None  # the stock has unseen cards
    g.mark_seen()
    assert g.all_known and g.can_auto_finish
    n = 0
    while (m := g.auto_move()) is not None:
        g.play(m)
        n += 1
    assert g.is_won and n > 0


def test_auto_finish_is_not_offered_where_putting_cards_up_gets_stuck() -> None:
    # draw 3: K♣ comes up on top of the J♣ that is needed first
    g = game(["KS", "KH", "KD", "", "", "", ""], stock="QC JC KC", draw=3)
    g.mark_seen()
    assert g.all_known and g.auto_move() is None and not g.can_auto_finish


def test_a_tap_never_takes_a_card_straight_off_its_foundation() -> None:
    # The 2♥ on the foundation fits only on the 3♠: one target, yet a tap never takes it down
    # (taking a card back down is always the player's own choice: select, then the target).
    g = game(["* 3S", "* KD", "* KH", "* KC", "* KS", "AH", "2H"])
    g.play(Move(5, FOUNDATION))
    g.play(Move(6, FOUNDATION))
    heart = FOUNDATION_OF[1]
    assert g.targets(heart) == [Move(heart, 0)]
    assert g.tap_move(heart) is None
    assert g.tap_move(6) is None  # nothing left there


def test_a_move_reports_the_cards_it_carried_far_card_first() -> None:
    g = game(["* TD", "* 9S 8H 7C", "* KD", "* KH", "* KC", "* KS", "* QC"], stock="5D")
    step = g.play(Move(1, 0, 3))
    assert step.cards == tuple(parse_card(c) for c in ("9S", "8H", "7C"))
    assert g.play(Move.stock()).cards == ()  # the stock reports what it turned instead
