"""Klondike, playing: a single tap, select-then-target, refusals with their reason, drag, double
tap, the stock and turning the waste back, the draw-3 fan, undo and redo, the hint, and the
keyboard. Every expectation is what the table shows, checked against the engine."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from e2e.klondike_page import (
    DRAW3,
    MOVES,
    Game,
    Move,
    after,
    build,
    button,
    card,
    cards,
    column,
    double_press,
    engine_shown,
    foundation,
    message,
    moves,
    not_a_double_tap,
    open_kpos,
    press,
    refusal,
    said,
    shown,
    stock,
    waste,
)
from e2e.spider_page import drag, long_press

SELECTED = re.compile(r"\bselected\b")


def settle(node: Locator) -> None:
    """Wait until a card's own animations (its flight, its slide in the fan) have ended."""
    node.evaluate("n => Promise.all(n.getAnimations().map(a => a.finished))")


def lefts_of(nodes: Locator) -> list[float]:
    return list(nodes.evaluate_all("els => els.map(e => e.getBoundingClientRect().left)"))
TARGET = re.compile(r"\bk-target\b")


def test_a_card_with_one_target_moves_with_a_single_tap(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    press(page, device, card(page, 2, "8S"))
    expect(card(page, 1, "8S")).to_have_count(1)
    assert shown(page) == engine_shown(after(MOVES, "2>1"))
    expect(moves(page)).to_have_text("1")
    expect(message(page)).to_have_text(said("ui.k.moved", card="8S", n=1))
    expect(card(page, 1, "8S")).to_have_class(re.compile(r"\blast\b"))
    # A king's only place is the empty column; the waste's 3C goes up once it is on top.
    press(page, device, card(page, 4, "KH"))
    expect(card(page, 7, "KH")).to_have_count(1)
    expect(message(page)).to_contain_text(said("ui.revealed"))


def test_select_then_target(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    top = waste(page).locator('[data-card="7H"]')
    press(page, device, top)
    expect(top).to_have_class(SELECTED)
    expect(message(page)).to_have_text(said("ui.k.selected", card="7H"))
    # Its two targets light up, nothing else does.
    expect(page.locator("#board .k-target")).to_have_count(2)
    expect(column(page, 2)).to_have_class(TARGET)
    expect(column(page, 3)).to_have_class(TARGET)
    expect(moves(page)).to_have_text("0")
    press(page, device, card(page, 3, "8C"))
    expect(card(page, 3, "7H")).to_have_count(1)
    assert shown(page) == engine_shown(after(MOVES, "w>3"))
    expect(page.locator("#board .selected")).to_have_count(0)
    expect(page.locator("#board .k-target")).to_have_count(0)
    # A target may be tapped anywhere on its column, the face-down cards included.
    press(page, device, card(page, 5, "5D"))
    expect(card(page, 5, "5D")).to_have_class(SELECTED)
    press(page, device, column(page, 6).locator('[data-card="down"]').first)
    expect(card(page, 6, "5D")).to_have_count(1)
    expect(moves(page)).to_have_text("2")


def test_tapping_the_selection_again_or_the_bare_table_clears_it(
    page: Page, base_url: str, device: str
) -> None:
    open_kpos(page, base_url, MOVES)
    top = waste(page).locator('[data-card="7H"]')
    press(page, device, top)
    expect(top).to_have_class(SELECTED)
    not_a_double_tap(page)
    press(page, device, top)
    expect(top).not_to_have_class(SELECTED)
    expect(message(page)).to_have_text(said("ui.k.deselected"))
    not_a_double_tap(page)
    press(page, device, top)
    expect(top).to_have_class(SELECTED)
    box = page.locator("#board").bounding_box()
    one = column(page, 1).bounding_box()
    assert box is not None and one is not None
    # Below column 1's cards: the bare table.
    x, y = one["x"] + one["width"] / 2, box["y"] + box["height"] - 8
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    expect(page.locator("#board .selected")).to_have_count(0)
    expect(page.locator("#board .k-target")).to_have_count(0)
    assert shown(page) == engine_shown(Game.from_text(MOVES))


def test_a_refused_target_says_why_and_changes_nothing(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    before = shown(page)
    press(page, device, waste(page).locator('[data-card="7H"]'))
    press(page, device, card(page, 5, "5D"))
    reason = refusal(Game.from_text(MOVES), lambda g: g.play(Move.from_text("w>5")))
    expect(message(page)).to_have_text(reason)
    expect(message(page)).to_have_class(re.compile(r"\brefusal\b"))
    expect(page.locator("#board .selected")).to_have_count(0)
    assert shown(page) == before
    # A face-down card, and a card that fits nowhere: the reason, nothing selected.
    press(page, device, column(page, 6).locator('[data-card="down"]').first)
    expect(message(page)).to_have_text(said("klondike.move.face_down"))
    press(page, device, card(page, 6, "6C"))
    expect(message(page)).to_have_text(said("ui.k.no_target", card="6C"))
    expect(page.locator("#board .selected")).to_have_count(0)
    assert shown(page) == before
    expect(moves(page)).to_have_text("0")


def test_drag_moves_and_an_illegal_drop_snaps_back_with_the_reason(
    page: Page, base_url: str, device: str
) -> None:
    open_kpos(page, base_url, MOVES)
    drag(page, device, waste(page).locator('[data-card="7H"]'), column(page, 2))
    expect(card(page, 2, "7H")).to_have_count(1)
    assert cards(page, 2)[-3:] == ["9D", "8S", "7H"]
    before = shown(page)
    drag(page, device, card(page, 2, "8S"), column(page, 5))  # 8S and 7H onto 5D
    reason = refusal(after(MOVES, "w>2"), lambda g: g.play(Move.from_text("2>5x2")))
    expect(message(page)).to_have_text(reason)
    assert shown(page) == before
    eight = card(page, 2, "8S")
    expect(eight).not_to_have_class(re.compile(r"\bdrag\b"))
    settle(eight)
    assert eight.evaluate("e => getComputedStyle(e).transform") in ("none", "matrix(1, 0, 0, 1, 0, 0)")
    # The run moves as one; a card goes up by dragging it onto the foundations.
    drag(page, device, card(page, 2, "8S"), column(page, 1))
    expect(card(page, 1, "7H")).to_have_count(1)
    drag(page, device, card(page, 5, "5D"), foundation(page, "D"))
    expect(foundation(page, "D").locator('[data-card="5D"]')).to_have_count(1)
    assert shown(page) == engine_shown(after(MOVES, "w>2", "2>1x2", "5>f"))
    expect(moves(page)).to_have_text("3")


def test_double_tap_puts_a_card_on_its_foundation(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    double_press(page, device, card(page, 5, "5D"))  # two targets: the double tap picks up
    expect(foundation(page, "D").locator('[data-card="5D"]')).to_have_count(1)
    expect(moves(page)).to_have_text("1")
    expect(message(page)).to_contain_text(said("ui.k.up", card="5D"))
    double_press(page, device, card(page, 6, "6C"))  # cannot go up: the reason
    expect(message(page)).to_have_text(refusal(after(MOVES, "5>f"), lambda g: g.play(Move.from_text("6>f"))))
    expect(moves(page)).to_have_text("1")


def test_long_press_selects_even_a_card_with_one_target(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    long_press(page, device, card(page, 2, "8S"))
    expect(card(page, 2, "8S")).to_have_class(SELECTED)
    expect(column(page, 1)).to_have_class(TARGET)
    press(page, device, card(page, 1, "9H"))
    expect(card(page, 1, "8S")).to_have_count(1)


def test_the_stock_turns_cards_and_turns_the_waste_back(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    expect(stock(page)).to_have_attribute("data-count", "3")
    expect(stock(page)).to_have_accessible_name("Stapel: 3 Karten, antippen zieht 1 Karte")
    game = Game.from_text(MOVES)
    for n in (1, 2, 3):
        press(page, device, stock(page))
        game.play(Move.stock())
        expect(stock(page)).to_have_attribute("data-count", str(3 - n))
        expect(page.locator('[data-stat="stock"]')).to_have_text(str(3 - n))
    assert shown(page) == engine_shown(game)
    expect(message(page)).to_have_text(said("ui.k.turned", cards="JD"))
    expect(stock(page)).to_have_accessible_name("Stapel leer: antippen dreht den Ablagestapel um")
    press(page, device, stock(page))  # turns the waste back, in the same order
    game.play(Move.stock())
    expect(page.locator('[data-stat="passes"]')).to_have_text("1")
    expect(stock(page)).to_have_attribute("data-count", "5")
    assert shown(page) == engine_shown(game)
    assert game.waste == ()
    expect(message(page)).to_have_text(said("ui.k.recycled", n=1))
    # The keyboard: D turns the stock; the stock is a button (Enter clicks it).
    page.keyboard.press("d")
    expect(stock(page)).to_have_attribute("data-count", "4")
    stock(page).focus()
    page.keyboard.press("Enter")
    expect(stock(page)).to_have_attribute("data-count", "3")


def test_draw_3_fans_the_top_three_and_only_the_top_one_plays(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, DRAW3)
    press(page, device, stock(page))
    expect(waste(page).locator("[data-card]")).to_have_count(3)
    press(page, device, stock(page))
    game = after(DRAW3, "stock", "stock")
    expect(waste(page).locator("[data-card]")).to_have_count(6)
    assert shown(page) == engine_shown(game)
    expect(stock(page)).to_have_attribute("data-count", "1")
    # The top three lie side by side, left to right, the top card rightmost; the rest under them.
    settle(waste(page).locator("[data-card]").last)
    lefts = lefts_of(waste(page).locator("[data-card]"))
    assert lefts[0] == lefts[1] == lefts[2] == lefts[3] < lefts[4] < lefts[5]
    assert waste(page).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")[-1] == "3C"
    # A press on the first card of the fan is a press on the waste: its top card (3C) plays.
    press(page, device, waste(page).locator("[data-card]").nth(3))
    expect(foundation(page, "C").locator('[data-card="3C"]')).to_have_count(1)
    expect(waste(page).locator("[data-card]")).to_have_count(5)
    settle(waste(page).locator("[data-card]").last)
    lefts = lefts_of(waste(page).locator("[data-card]"))
    assert lefts[2] < lefts[3] < lefts[4]
    press(page, device, stock(page))  # the last card
    expect(waste(page).locator("[data-card]")).to_have_count(6)
    expect(message(page)).to_have_text(said("ui.k.turned", cards="QD"))
    press(page, device, stock(page))
    expect(waste(page).locator("[data-card]")).to_have_count(0)
    expect(page.locator('[data-stat="passes"]')).to_have_text("1")


def test_undo_and_redo_every_kind_of_action(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    start = shown(page)
    press(page, device, card(page, 4, "KH"))  # turns a card up
    press(page, device, stock(page))
    double_press(page, device, card(page, 5, "5D"))
    expect(moves(page)).to_have_text("3")
    end = shown(page)
    assert end == engine_shown(after(MOVES, "4>7", "stock", "5>f"))
    for n in (2, 1, 0):
        button(page, said("ui.btn.undo")).click()
        expect(moves(page)).to_have_text(str(n))
    assert shown(page) == start
    expect(button(page, said("ui.btn.undo"))).to_be_disabled()
    expect(message(page)).to_have_text(said("ui.undone"))
    for n in (1, 2, 3):
        button(page, said("ui.btn.redo")).click()
        expect(moves(page)).to_have_text(str(n))
    assert shown(page) == end
    expect(button(page, said("ui.btn.redo"))).to_be_disabled()
    page.keyboard.press("u")
    expect(moves(page)).to_have_text("2")


def test_the_hint_marks_its_move_and_says_why(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    hint = Game.from_text(MOVES).hint()
    assert hint.move == Move.from_text("5>f")
    button(page, said("ui.btn.hint")).click()
    expect(message(page)).to_have_text(hint.text)
    expect(column(page, 5)).to_have_class(re.compile(r"\bhint-src\b"))
    expect(card(page, 5, "5D")).to_have_class(re.compile(r"\bhinted\b"))
    expect(foundation(page, "D")).to_have_class(re.compile(r"\bhint-dst\b"))
    press(page, device, stock(page))  # any action clears the marks
    expect(page.locator("#board .hinted")).to_have_count(0)
    # A hint to turn the stock marks the stock.
    only_stock = build(["* 9H", "#AS * 9D", "#4D * 8H", "* 6D", "* 5D", "* 6H", "* QD"], stock="4C 2H JD")
    open_kpos(page, base_url, only_stock)
    hint = Game.from_text(only_stock).hint()
    assert hint.move == Move.stock()
    page.keyboard.press("h")
    expect(message(page)).to_have_text(hint.text)
    expect(stock(page)).to_have_class(re.compile(r"\bhint-dst\b"))


@pytest.mark.desktop_only  # the keys work the same on every device
def test_the_keyboard_plays(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, MOVES)
    active = "document.activeElement.dataset.col || document.activeElement.dataset.pile"
    page.keyboard.press("ArrowRight")  # into the table: column 1
    assert page.evaluate(active) == "1"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(active) == "7"  # round the row
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.suit") == "C"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # column 2: 8S, one target
    assert page.evaluate(active) == "2"
    page.keyboard.press("Enter")
    expect(card(page, 1, "8S")).to_have_count(1)
    page.keyboard.press("ArrowUp")  # above column 2: the waste
    assert page.evaluate(active) == "waste"
    page.keyboard.press(" ")  # 7H: two targets, selected
    expect(waste(page).locator('[data-card="7H"]')).to_have_class(SELECTED)
    page.keyboard.press("Escape")
    expect(page.locator("#board .selected")).to_have_count(0)
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")  # column 3 (8C)
    assert page.evaluate(active) == "3"
    page.keyboard.press("Enter")  # the selected 7H goes there
    expect(card(page, 3, "7H")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # column 5: 5D
    page.keyboard.press("f")  # onto its foundation
    expect(foundation(page, "D").locator('[data-card="5D"]')).to_have_count(1)
    assert shown(page) == engine_shown(after(MOVES, "2>1", "w>3", "5>f"))
    # Enter takes the longest run that can go somewhere: 8C and 7H onto 9D.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(active) == "3"
    page.keyboard.press("Enter")
    expect(card(page, 2, "7H")).to_have_count(1)
    assert shown(page) == engine_shown(after(MOVES, "2>1", "w>3", "5>f", "3>2x2"))
