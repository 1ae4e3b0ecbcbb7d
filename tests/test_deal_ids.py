"""Deal IDs: the same ID gives the same cards on every platform and Python version."""
# ruff: noqa: E501  (pinned layouts are kept exactly as the notation prints them)

from __future__ import annotations

import pytest

from spider import Game
from spider.cards import SplitMix64, deal_layout, parse_deal_id, shuffled_deck
from spider.core.messages import MessageError
from spider.core.registry import new_game

# Exact layouts, pinned: if one of these changes, every shared deal ID changes meaning.
PINNED = {
    "S4-1": """\
spider 4
stock: 8D 2D JD 2C 9D 2S 5S 9C 5D 7S 3S 6C 2C AD TD 4C 9D QD 4S 4H QC QD 2D 9H 4D QS KC TS 7D 6H 5H 5D AH TC 2H KD QH 3D 8C QS 3H 8H TH KH JH TS JH AS 4D 7C
done: -
1: #6D #5S #JS #8H #6D 2S
2: #7D #TD #9C #9H #KD 8D
3: #JS #KH #JC #QH #3D 7S
4: #8S #JD #KS #3H #KS 4C
5: #KC #AD #5C #6S JC
6: #7H #QC #3C #7H TH
7: #6C #TC #7C #AC 5C
8: #8S #4H #AS #AH 5H
9: #6S #3S #8C #AC 2H
10: #9S #4S #9S #6H 3C""",
    "S2-42": """\
spider 2
stock: 9H KS AS QH 5S JH 4S 6H 8S 3S 9S 2H 3S TS 5H KH 8H 5H 2S 2S JS AH 5S 4S 6S 7S KS 9H JS TH 6S TH AS 7H 4H 6H 9S AS 3H QH QS 8S AH KH 4H QH 6S 7S 7H TS
done: -
1: #QH #3S #9H #6H #8H 7H
2: #6S #JS #3H #JS #TH 4H
3: #9S #8S #TS #9H #3H 6H
4: #5S #QS #AH #QS #KH 2S
5: #AH #AS #9S #3S 7S
6: #TH #QS #5H #7H KS
7: #8H #5H #4H #TS 2H
8: #4S #7S #4S #2H 2S
9: #5S #JH #JH #JH KH
10: #8S #KS #8H #3H 2H""",
    "S1-7": """\
spider 1
stock: JS AS TS AS KS 4S QS 7S 6S 8S TS 4S 6S KS 3S 9S 8S 6S 8S 2S 5S 7S 8S 8S 7S QS 2S QS TS 2S 4S 9S AS JS 3S AS 7S TS KS 6S 8S AS 6S 3S 7S TS 4S KS 2S QS
done: -
1: #9S #QS #5S #JS #JS 9S
2: #2S #9S #4S #JS #5S 3S
3: #AS #7S #6S #7S #3S QS
4: #KS #3S #QS #9S #KS 2S
5: #4S #6S #3S #5S AS
6: #KS #2S #KS #JS 9S
7: #8S #3S #QS #6S 2S
8: #4S #4S #5S #JS 5S
9: #TS #9S #JS #TS AS
10: #8S #7S #TS #5S 5S""",
    "S4-4294967295": """\
spider 4
stock: 9C JD KS 6D AC 7D AH 4S JS 9S AD 6H 8C TH JC JH 5C 2S 6H 2D QS 5S 9D 8H 3C KH 4C JC KC 8S 9C 2D QS KD 7C 3S 4S JS 7C 6S JH 8C 3H 8D 4H TH AS 3H TS 3D
done: -
1: #8H #TC #3D #3C #5S 9S
2: #AC #2H #7H #5D #6D QC
3: #QH #AH #3S #QH #4H 2H
4: #QD #TD #AS #6C #7H 9H
5: #5D #9H #TC #2C 4C
6: #7S #7S #8D #KC TD
7: #QD #5H #5C #AD QC
8: #4D #6C #2C #2S 4D
9: #8S #KH #6S #KS 5H
10: #KD #9D #7D #JD TS""",
}


@pytest.mark.parametrize("deal_id", sorted(PINNED))
def test_pinned_layouts_never_change(deal_id: str) -> None:
    assert Game.new(deal_id=deal_id).to_text() == PINNED[deal_id]


def test_splitmix64_matches_the_reference_generator() -> None:
    # Published test vector of Vigna's splitmix64.c for seed 1234567.
    g = SplitMix64(1234567)
    assert [g.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_the_shuffle_is_a_permutation_of_the_deck() -> None:
    for suits in (1, 2, 4):
        deck = shuffled_deck(suits, 99)
        assert sorted(deck) == sorted(shuffled_deck(suits, 100))
        assert deck != shuffled_deck(suits, 100)


def test_the_same_id_gives_the_same_game_and_the_id_names_the_variant() -> None:
    a, b = Game.new(deal_id="S2-555"), Game.new(suits=4, deal_id="S2-555")
    assert a.to_text() == b.to_text()
    assert a.suits == 2 and a.deal_id == "S2-555"


def test_a_new_game_without_id_gets_a_fresh_valid_id() -> None:
    g = Game.new(suits=1)
    assert g.deal_id is not None and g.deal_id.startswith("S1-")
    assert Game.new(deal_id=g.deal_id).to_text() == g.to_text()


@pytest.mark.parametrize("text", [" s4-0007 ", "S4-0007", "S04-7", "s4-7", " S4-7", "S4-7\n", "S4-7\u00a0"])
def test_an_id_has_one_spelling_and_others_are_refused_naming_it(text: str) -> None:
    """One deal, one ID: a shared link always shows the ID it carries."""
    with pytest.raises(MessageError) as e:
        Game.new(deal_id=text)
    assert e.value.message.key == "deal_id.spelling" and e.value.message.values["meant"] == "S4-7"
    with pytest.raises(MessageError) as e:
        new_game(text)
    assert e.value.message.key == "deal_id.spelling"


@pytest.mark.parametrize("text", ["S٤-7", "S4-٧", "Ｓ4-7", "S４-7"])
def test_ids_in_other_digits_are_no_ids(text: str) -> None:
    with pytest.raises(MessageError) as e:
        Game.new(deal_id=text)
    assert e.value.message.key == "deal_id.format"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "ungültig"),
        ("S4", "ungültig"),
        ("S4-", "ungültig"),
        ("X4-12", "ungültig"),
        ("S4-12a", "ungültig"),
        ("S4--1", "ungültig"),
        ("S3-12", "1, 2 oder 4"),
        ("S4-4294967296", "zu groß"),
        ("S4-99999999999999999999", "zu groß"),
        ("S4-" + "9" * 70, "ungültig"),
    ],
)
def test_malformed_ids_raise_value_error_saying_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Game.new(deal_id=text)


def test_the_deal_layout_uses_the_first_54_cards_round_the_columns() -> None:
    deck = shuffled_deck(4, 8)
    columns, stock = deal_layout(4, 8)
    assert columns[0] == [deck[0], deck[10], deck[20], deck[30], deck[40], deck[50]]
    assert columns[9] == [deck[9], deck[19], deck[29], deck[39], deck[49]]
    assert stock == deck[54:]
    assert parse_deal_id("S4-8") == (4, 8)
