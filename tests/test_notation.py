"""The position text: exact round trips and a clear message for every kind of mistake."""

from __future__ import annotations

import pytest
from positions import build

from spider import Game, Move

SAMPLE = Game.new(deal_id="S4-1").to_text()


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines)


def test_round_trip_is_exact() -> None:
    assert Game.from_text(SAMPLE).to_text() == SAMPLE
    g = Game.from_text(build(["", "* 9H 8S", "*", "*", "*", "*", "*", "*", "*", "*"],
                             suits=2, stock_rows=1, done="S H"))
    assert Game.from_text(g.to_text()).to_text() == g.to_text()
    assert "\n1:\n" in g.to_text() or g.to_text().splitlines()[3] == "1:"


def test_the_format_of_each_line() -> None:
    lines = SAMPLE.splitlines()
    assert lines[0] == "spider 4"
    assert lines[1].startswith("stock: ") and len(lines[1].split()) == 51
    assert lines[2] == "done: -"
    assert lines[3] == "1: #6D #5S #JS #8H #6D 2S"
    assert [line.split(":")[0] for line in lines[3:]] == [str(i) for i in range(1, 11)]


def test_an_empty_column_has_nothing_after_the_colon_and_empty_stock_is_a_dash() -> None:
    text = build(["", "*", "*", "*", "*", "*", "*", "*", "*", "*"])
    lines = text.splitlines()
    assert lines[1] == "stock: -" and lines[3] == "1:"
    assert Game.from_text(text).to_text() == text


def test_a_position_read_from_text_counts_hidden_cards_as_unseen() -> None:
    g = Game.from_text(SAMPLE)
    assert g.known_down == [0] * 10 and g.known_stock == 0 and not g.all_known
    assert g.deal_id is None


def test_blank_lines_windows_line_ends_and_spaces_are_tolerated() -> None:
    messy = "\r\n".join("  " + line + "  " for line in SAMPLE.splitlines()) + "\r\n\r\n"
    assert Game.from_text(messy).to_text() == SAMPLE


@pytest.mark.parametrize(
    ("line", "new", "words"),
    [
        (1, "spider 3", "Zeile 1"),
        (1, "klondike 4", "Zeile 1"),
        (2, "stack: -", "Zeile 2: Erwartet wird „stock:“"),
        (4, "1: #6D #5S #JS #8H #6D 2X", "Zeile 4: „2X“ ist keine Karte"),
        (4, "1: #6D #5S #JS #8H #6D #2S", "Zeile 4: Die unterste Karte der Spalte liegt verdeckt"),
        (4, "1: #6D 5S #JS #8H #6D 2S", "Zeile 4: Die verdeckte Karte „#JS“"),
        (3, "done: X", "Zeile 3: „X“ ist keine Farbe"),
        (5, "3: #7D #TD #9C #9H #KD 8D", "Zeile 5: Erwartet wird „2:“"),
    ],
)
def test_each_mistake_names_the_line_and_the_reason(line: int, new: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Game.from_text(replace_line(SAMPLE, line, new))


def test_stock_not_a_multiple_of_ten_is_refused() -> None:
    lines = SAMPLE.splitlines()
    stock = lines[1].split()
    lines[1] = " ".join(stock[:-1])
    lines[3] += " " + stock[-1]
    with pytest.raises(ValueError, match="Zeile 2: Der Stapel hat 49 Karten"):
        Game.from_text("\n".join(lines))


def test_wrong_number_of_copies_is_refused() -> None:
    # 4 suits: each card twice. Turn one 2♠ into a third 3♣.
    bad = SAMPLE.replace("1: #6D #5S #JS #8H #6D 2S", "1: #6D #5S #JS #8H #6D 3C")
    with pytest.raises(ValueError, match="2♠ kommt 1-mal vor"):
        Game.from_text(bad)


def test_a_suit_outside_the_variant_is_refused() -> None:
    text = Game.new(deal_id="S2-3").to_text()
    lines = text.splitlines()
    lines[3] = lines[3][: lines[3].rindex(" ")] + " 4D"
    with pytest.raises(ValueError, match="mit 2 Farbe"):
        Game.from_text("\n".join(lines))


def test_a_missing_column_or_an_extra_line_is_refused() -> None:
    lines = SAMPLE.splitlines()
    with pytest.raises(ValueError, match="„10:“ fehlt"):
        Game.from_text("\n".join(lines[:-1]))
    with pytest.raises(ValueError, match="Überzählige Zeile"):
        Game.from_text(SAMPLE + "\n11: 5S")
    with pytest.raises(ValueError, match="leer"):
        Game.from_text("  \n ")


def test_a_column_ending_in_a_complete_run_is_refused() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    with pytest.raises(ValueError, match="kompletten Folge"):
        Game.from_text(build([f"* {run}", "*", "*", "*", "*", "*", "*", "*", "*", "*"], suits=1))


def test_move_text_round_trips() -> None:
    for m in (Move(0, 9, 1), Move(2, 6, 4), Move.deal()):
        assert Move.from_text(str(m)) == m
    assert Move.deal().is_deal and not Move(0, 1, 1).is_deal
    for bad in ("", "0>3", "3>11", "3>7x0", "3-7", "deal!"):
        with pytest.raises(ValueError):
            Move.from_text(bad)
