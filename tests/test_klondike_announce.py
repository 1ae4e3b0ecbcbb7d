"""What the live region says after a Klondike action (spider.klondike.announce): one sentence
per kind of action, rendered in both languages, for the two-card stock of draw 3 too."""

from __future__ import annotations

from klondike_positions import game

from spider.klondike import Move
from spider.klondike.announce import announce
from spider.klondike.moves import FOUNDATION


def said(msgs: list, lang: str = "en") -> list[str]:
    return [m.render(lang) for m in msgs]


def keys(msgs: list) -> list[str]:
    return [m.key for m in msgs]


def test_the_stock_names_what_it_turned_one_two_or_three_cards() -> None:
    g = game(["* KS", "* KH", "* KD", "* KC", "* QS", "* QH", "* QD"], stock="5D 6D 7D 8D 9D", draw=3)
    three = announce(g, g.play(Move.stock()), "move")
    assert keys(three) == ["ui.k.turned_top"]
    two = announce(g, g.play(Move.stock()), "move")  # two cards left: the draw-3 case that broke
    assert keys(two) == ["ui.k.turned_top"]
    for lang in ("de", "en"):
        assert len(said(three, lang)[0].split(",")) == 3
        assert len(said(two, lang)[0].split(",")) == 2
    again = announce(g, g.play(Move.stock()), "move")
    assert keys(again) == ["ui.k.recycled"]
    g1 = game(["* KS", "* KH", "* KD", "* KC", "* QS", "* QH", "* QD"], stock="5D 6D")
    assert keys(announce(g1, g1.play(Move.stock()), "move")) == ["ui.k.turned"]


def test_moves_name_their_card_and_a_reveal_is_said() -> None:
    g = game(["* TD", "* 9S 8H 7C", "* KD", "* KH", "* KC", "* KS", "* QC"], stock="5D")
    msgs = announce(g, g.play(Move(1, 0, 3)), "move")
    assert keys(msgs) == ["ui.k.moved_many", "ui.revealed"]
    assert "9" in said(msgs)[0]
    assert keys(announce(g, g.undo(), "undo")) == ["ui.undone"]
    assert keys(announce(g, g.redo(), "redo")) == ["ui.redone"]


def test_a_card_put_up_is_named_and_the_win_is_said() -> None:
    g = game(["", "", "", "", "", "", "KS"])
    msgs = announce(g, g.play(Move(6, FOUNDATION)), "move")
    assert keys(msgs) == ["ui.k.up", "ui.won.announce.klondike"]
    assert "King" in said(msgs)[0] and "König" in said(msgs, "de")[0]
