"""Playing: tap, drag, the segment picker (long press, right click, keyboard), refusals,
hints, dealing, undo and redo. Every expectation is what the table shows."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.spider_page import (
    Game,
    build,
    button,
    card,
    cards,
    column,
    dialog,
    drag,
    engine_table,
    long_press,
    message,
    open_pos,
    press,
    refusal,
    stat,
    table,
)
from spider import Move

# 7C can go on 8C (same suit, what a tap picks) or on 8S; 8S 7C and 9S 7S cannot move as
# blocks; 6D 5D 4D is a run that fits only on 7C; no column is empty.
MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)


def test_tap_moves_the_block_to_the_same_suit_first(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    before = table(page)
    press(page, device, card(page, 2, "7C"))
    expect(card(page, 3, "7C")).to_have_count(1)
    assert cards(page, 3)[-2:] == ["8C", "7C"]
    assert cards(page, 2) == before[1][:-1]
    assert stat(page, "moves") == "1"
    expect(message(page)).to_have_text("Kreuz 7 nach Spalte 3.")
    # The last move stays marked where it landed.
    expect(card(page, 3, "7C")).to_have_class(re.compile(r"\blast\b"))


def test_drag_puts_a_card_on_another_suit(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    drag(page, device, card(page, 2, "7C"), column(page, 4))
    expect(card(page, 4, "7C")).to_have_count(1)
    assert cards(page, 4)[-2:] == ["8S", "7C"]
    assert "7C" not in cards(page, 2)
    assert stat(page, "moves") == "1"


def test_an_illegal_drop_snaps_back_with_the_reason(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    before = table(page)
    drag(page, device, card(page, 2, "7C"), column(page, 6))
    reason = refusal(Game.from_text(MOVES), lambda g: g.play(Move(1, 5, 1)))
    expect(message(page)).to_have_text(reason)
    assert table(page) == before
    seven = card(page, 2, "7C")
    expect(seven).not_to_have_class(re.compile(r"\bdrag\b"))
    # the snap-back animation has ended
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    assert seven.evaluate("e => getComputedStyle(e).transform") in ("none", "matrix(1, 0, 0, 1, 0, 0)")


REFUSALS = {
    "mixed suits": ("tap", 2, "8S", lambda g: g.tap(1, g.columns[1].down)),
    "gap": ("tap", 5, "9S", lambda g: g.tap(4, g.columns[4].down)),
    "no target": ("tap", 1, "9H", lambda g: g.tap(0, g.columns[0].down)),
    "face down": ("tap", 1, "down", lambda g: g.tap(0, 0)),
    "king needs an empty column": ("drag", 8, "KD", lambda g: g.play(Move(7, 9, 1))),
    "nothing on an ace": ("drag", 6, "3H", lambda g: g.play(Move(5, 6, 1))),
    "wrong rank": ("drag", 10, "JS", lambda g: g.play(Move(9, 0, 1))),
}
DROP_ON = {"king needs an empty column": 10, "nothing on an ace": 7, "wrong rank": 1}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_every_refused_move_says_why_and_changes_nothing(
    page: Page, base_url: str, device: str, case: str
) -> None:
    how, col, code, action = REFUSALS[case]
    open_pos(page, base_url, MOVES)
    before = table(page)
    target = card(page, col, code).first
    if how == "tap":
        press(page, device, target)
    else:
        drag(page, device, target, column(page, DROP_ON[case]))
    expect(message(page)).to_have_text(refusal(Game.from_text(MOVES), action))
    expect(message(page)).to_have_class(re.compile(r"\brefusal\b"))
    assert table(page) == before
    assert stat(page, "moves") == "0"


def test_refusals_of_dealing_and_undo(page: Page, base_url: str) -> None:
    with_empty = build(["* 9H", "* 8S", "", "*", "*", "*", "*", "*", "*", "*"], stock_rows=1)
    open_pos(page, base_url, with_empty)
    button(page, "Austeilen").click()
    expect(message(page)).to_have_text(refusal(Game.from_text(with_empty), lambda g: g.deal()))
    page.keyboard.press("u")
    expect(message(page)).to_have_text(refusal(Game.from_text(with_empty), lambda g: g.undo()))
    # An empty stock: Austeilen is greyed out and says so; the stock itself still answers.
    no_stock = build(["* 9H", "* 8S", "*", "*", "*", "*", "*", "*", "*", "*"])
    open_pos(page, base_url, no_stock)
    deal = button(page, "Austeilen")
    expect(deal).to_be_disabled()
    expect(deal).to_contain_text("keine Karten mehr")
    page.locator(".stock").click()
    expect(message(page)).to_have_text(refusal(Game.from_text(no_stock), lambda g: g.deal()))
    page.keyboard.press("d")
    expect(message(page)).to_have_text(refusal(Game.from_text(no_stock), lambda g: g.deal()))


def test_hint_shows_its_move_on_the_table_and_says_why(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    hint = Game.from_text(MOVES).hint()
    assert hint.move is not None and not hint.move.is_deal
    button(page, "Tipp").click()
    expect(message(page)).to_have_text(hint.text)
    expect(column(page, hint.move.src + 1)).to_have_class(re.compile(r"\bhint-src\b"))
    expect(column(page, hint.move.dst + 1)).to_have_class(re.compile(r"\bhint-dst\b"))
    hinted = column(page, hint.move.src + 1).locator(".hinted")
    expect(hinted).to_have_count(hint.move.count)
    page.keyboard.press("h")  # the key does the same
    expect(message(page)).to_have_text(hint.text)


def test_deal_then_undo_and_redo_it(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    before = table(page)
    game = Game.from_text(MOVES)
    game.deal()
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("1")
    assert table(page) == engine_table(game)
    expect(message(page)).to_contain_text("Neue Reihe ausgeteilt")
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("2")
    assert table(page) == before
    button(page, "Wiederholen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("1")
    assert table(page) == engine_table(game)


WON = build(
    ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", ""],
    done="S H H D D C C",
)


def test_a_removed_run_is_announced_and_comes_back_on_undo(
    page: Page, base_url: str, device: str
) -> None:
    near = build(
        ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "* AS", "*", "*", "*", "*", "*", "*", "*", "*"],
        stock_rows=1,
    )
    open_pos(page, base_url, near)
    before = table(page)
    press(page, device, card(page, 2, "AS"))
    expect(page.locator('[data-stat="runs"]')).to_have_text("1/8")
    expect(message(page)).to_contain_text("Folge komplett ♠, 1 von 8")
    assert cards(page, 1) == []
    expect(page.locator(".foundation .slot.full")).to_have_text(["♠"])
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="runs"]')).to_have_text("0/8")
    assert table(page) == before
    expect(page.locator(".foundation .slot.full")).to_have_count(0)
    button(page, "Wiederholen").click()
    expect(page.locator('[data-stat="runs"]')).to_have_text("1/8")
    assert cards(page, 1) == []


def test_undo_and_redo_a_move_that_turned_a_card_up(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    before = table(page)
    down = stat(page, "facedown")
    press(page, device, card(page, 2, "7C"))
    press(page, device, card(page, 2, "8S"))  # onto 9H: column 2 turns a card up
    expect(page.locator('[data-stat="facedown"]')).to_have_text(str(int(down) - 1))
    after = table(page)
    page.keyboard.press("u")
    page.keyboard.press("u")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert table(page) == before
    assert stat(page, "facedown") == down
    button(page, "Wiederholen").click()
    button(page, "Wiederholen").click()
    expect(button(page, "Wiederholen")).to_be_disabled()
    assert table(page) == after


# ---------------------------------------------------------------- the segment picker


def test_long_press_opens_the_picker_and_confirm_moves(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, MOVES)
    long_press(page, device, card(page, 9, "4D"))
    box = dialog(page)
    expect(box).to_be_visible()
    expect(box.get_by_role("heading", level=2)).to_have_text("Spalte 9: Karten wählen")
    # Every face-up card of the column, readable.
    expect(box.locator(".picker-cards [data-card]")).to_have_count(3)
    expect(box.get_by_text("Nimm 3 Karten")).to_be_visible()
    expect(box.get_by_role("button", name="Mehr Karten")).to_be_disabled()
    targets = box.locator(".targets .tname")
    expect(targets).to_have_text(["Spalte 2", "Spalte 5"])  # onto 7C or 7S
    box.get_by_role("button", name="Weniger Karten").click()
    expect(box.get_by_text("Nimm 2 Karten")).to_be_visible()
    expect(box.get_by_text("Für diesen Block gibt es kein erlaubtes Ziel.")).to_be_visible()
    expect(box.get_by_role("button", name="Bestätigen")).to_be_disabled()
    box.get_by_role("button", name="Mehr Karten").click()
    box.get_by_role("button", name="Bestätigen").click()
    expect(dialog(page)).to_have_count(0)
    assert cards(page, 2)[-4:] == ["7C", "6D", "5D", "4D"]
    assert stat(page, "moves") == "1"


@pytest.mark.desktop_only  # a right click and Esc: a phone has neither (its long press: above)
def test_right_click_picker_cancel_esc_and_outside_change_nothing(
    page: Page, base_url: str
) -> None:
    open_pos(page, base_url, MOVES)
    before = table(page)
    for how in ("cancel", "esc", "outside"):
        column(page, 9).click(button="right", position={"x": 10, "y": 10})
        expect(dialog(page)).to_be_visible()
        if how == "cancel":
            dialog(page).get_by_role("button", name="Abbrechen").click()
        elif how == "esc":
            page.keyboard.press("Escape")
        else:
            page.mouse.click(4, 4)
        expect(dialog(page)).to_have_count(0)
        assert table(page) == before
        assert stat(page, "moves") == "0"


def test_picker_pages_many_targets_and_marks_them(page: Page, base_url: str, device: str) -> None:
    many = build(["* 5H", "* 6S", "* 6S", "* 6H", "* 6H", "* 6D", "* 6D", "* 6C", "* 6C", ""])
    open_pos(page, base_url, many)
    if device == "phone":
        long_press(page, device, card(page, 1, "5H"))
    else:
        column(page, 1).click(button="right", position={"x": 10, "y": 10})
    box = dialog(page)
    seen: dict[str, str] = {}
    for page_no in (1, 2, 3):
        expect(box.get_by_text(f"Seite {page_no} von 3")).to_be_visible()
        for button_text in box.locator(".targets button").all_inner_texts():
            name = button_text.split("\n")[0].strip()
            seen[name] = button_text
        if page_no < 3:
            box.get_by_role("button", name="Weitere Ziele").click()
    expect(box.get_by_role("button", name="Weitere Ziele")).to_be_disabled()
    assert sorted(seen, key=lambda s: int(s.split()[-1])) == [f"Spalte {n}" for n in range(2, 11)]
    assert [n for n, t in seen.items() if "leere Spalte" in t] == ["Spalte 10"]
    assert sorted(n for n, t in seen.items() if "gleiche Farbe" in t) == ["Spalte 4", "Spalte 5"]
    box.get_by_role("button", name="Vorherige Ziele").click()
    box.get_by_role("button", name="Vorherige Ziele").click()
    expect(box.get_by_text("Seite 1 von 3")).to_be_visible()
    # Choose Spalte 5 (6H) and confirm.
    box.locator(".targets button", has_text="Spalte 5").click()
    box.get_by_role("button", name="Bestätigen").click()
    assert cards(page, 5)[-2:] == ["6H", "5H"]


def test_picker_marks_a_target_that_completes_a_run(page: Page, base_url: str) -> None:
    open_pos(page, base_url, WON.replace("2: AS", "2: AS"))
    column(page, 2).click(button="right", position={"x": 10, "y": 10})
    expect(dialog(page).locator(".targets button").first).to_contain_text("vollendet eine Folge")


@pytest.mark.desktop_only  # the keys work the same on every device
def test_keyboard_alone_plays_the_game(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.getAttribute('data-col')")
    assert focused == "1"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.getAttribute('data-col')") == "10"
    for _ in range(9):  # 10 → wraps to 1 … 9
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('data-col')") == "9"
    page.keyboard.press("Enter")
    expect(dialog(page)).to_be_visible()
    page.keyboard.press("Enter")  # Confirm has the focus, the first target is chosen
    expect(dialog(page)).to_have_count(0)
    assert cards(page, 2)[-4:] == ["7C", "6D", "5D", "4D"]
    assert page.evaluate("document.activeElement.getAttribute('data-col')") == "9"
    page.keyboard.press("u")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert cards(page, 9)[-3:] == ["6D", "5D", "4D"]
    page.keyboard.press("h")
    expect(message(page)).to_have_text(Game.from_text(MOVES).hint().text)
    page.keyboard.press("d")
    expect(page.locator('[data-stat="rounds"]')).to_have_text("1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    expect(dialog(page)).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)
    page.keyboard.press("n")
    expect(dialog(page).get_by_role("heading", name="Neues Spiel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)


COUNT_ANIMATIONS = """
window.__durations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__durations.push(typeof options === "number" ? options : options.duration);
  return animate.call(this, frames, options);
};
"""


def test_moves_animate_briefly_and_not_at_all_with_reduced_motion(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    for motion, animated in (("no-preference", True), ("reduce", False)):
        context = new_context("desktop", reduced_motion=motion)
        context.add_init_script(COUNT_ANIMATIONS)
        page = context.new_page()
        open_pos(page, base_url, MOVES)
        card(page, 2, "7C").click(position={"x": 8, "y": 5})
        expect(card(page, 3, "7C")).to_have_count(1)
        durations = page.evaluate("window.__durations")
        assert bool(durations) is animated
        assert all(d <= 300 for d in durations)
        transition = card(page, 3, "7C").evaluate("e => getComputedStyle(e).transitionDuration")
        assert (transition.strip("0s,. ") == "") is not animated
