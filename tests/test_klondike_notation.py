"""Klondike's position text: exact round trip, and a clear German error naming the line."""

from __future__ import annotations

import pytest

from spider.klondike import Game

ISSUE_EXAMPLE = """klondike 1
stock: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
waste: -
foundations: - - - -
1: QH
2: #7H TS
3: #5D #9S 5C
4: #JC #KC #KH 4C
5: #9H #KD #QC #KS 3C
6: #2D #5H #AD #2S #QD AH
7: #JD #7C #5S #3H #9D #JS AS"""

MID = """klondike 3
stock: 3D 5H 8D KH JH
waste: 6S 4H 8H AH 9S TC 2S TS 9H 3H
foundations: AS - AD AC
1: 7C 6D 5S 4D 3S 2H
2: #2C KS QH JC TH
3: #4C #JS 9D 8S 7D
4: #3C #JD #2D 7S
5: KC
6: #QC #5C #QS #TD #6C 5D 4S
7: #QD #KD #6H #9C 8C 7H"""


def test_a_deal_prints_as_the_issue_shows_it() -> None:
    assert Game.new(deal_id="K1-1").to_text() == ISSUE_EXAMPLE


@pytest.mark.parametrize("text", [ISSUE_EXAMPLE, MID])
def test_exact_round_trip(text: str) -> None:
    g = Game.from_text(text)
    assert g.to_text() == text
    assert Game.from_text("\n\n  " + text.replace("\n", "  \n") + "\n\n").to_text() == text


def _with(line: int, new: str, text: str = ISSUE_EXAMPLE) -> str:
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "leer"),
        (None, "leer"),
        (_with(1, "klondike 2"), "Zeile 1: Die erste Zeile muss"),
        (_with(1, "spider 4"), "Zeile 1"),
        (_with(2, "stock: 4H AC 4D 4D"), "Zeile 2: 4♦ kommt doppelt vor"),
        (_with(2, "stock: -"), "Es fehlen 24 Karte(n)"),
        (_with(2, "stock: #4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"),
         "Zeile 2: Hier liegt keine Karte verdeckt"),
        (_with(4, "foundations: - - -"), "Zeile 4: Es braucht vier Angaben"),
        (_with(4, "foundations: AH - - -"), "Zeile 4: A♥ liegt auf dem falschen Zielstapel"),
        (_with(6, "2: #7H #TS"), "Zeile 6: Die unterste Karte der Spalte liegt verdeckt"),
        (_with(6, "2: 7H #TS"), "Zeile 6: Die verdeckte Karte „#TS“ liegt auf einer offenen Karte"),
        (_with(6, "2: #7H 1S"), "Zeile 6: „1S“ ist keine Karte"),
        (_with(6, "2: #7H TS 4H"), "Zeile 6: 4♥ kommt doppelt vor (auch in Zeile 2)"),
        (_with(3, "ablage: -"), "Zeile 3: Erwartet wird „waste:“"),
        (ISSUE_EXAMPLE + "\n8: KS", "Überzählige Zeile"),
        ("\n".join(ISSUE_EXAMPLE.split("\n")[:8]), "Die Zeile „5:“ fehlt"),
        (ISSUE_EXAMPLE + "\n" + "x" * 3000, "zu lang"),
    ],
)
def test_a_text_that_is_not_a_position_raises_a_german_value_error(text: object, words: str) -> None:
    with pytest.raises(ValueError) as e:
        Game.from_text(text)  # type: ignore[arg-type]
    assert words in str(e.value)


def test_foundation_cards_count_as_there() -> None:
    g = Game.from_text(MID)
    assert g.foundations == ("AS", None, "AD", "AC")
    assert g.waste[-1] == "3H" and g.stock_count == 5
