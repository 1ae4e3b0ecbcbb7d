"""What a new player broke in Klondike (issue "Klondike and the duel, tried as a new player and
as an attacker would", "also found"): a double click that played two moves, buttons that
threw a started game away, a game counted twice, help about the other game, refusals said in
silence, notices said twice, and the German card letters. Each case as the player met it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.duel_page import menu
from e2e.klondike_page import (
    KEY,
    Game,
    Move,
    build,
    card,
    double_press,
    engine_shown,
    open_kpos,
    saved_game,
    shown,
    stock,
    waste,
    waste_cards,
)
from e2e.spider_page import button, dialog, drag, message, notice, press, storage, text_of
from spider.stats import Stats

# The waste's 2♦ lies on its 3♦ and has one place to go: its foundation (on the A♦).
WASTE_RUN = build(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C JD",
                  waste="3D 2D")
# 7♠ fits on 8♥ and on no foundation; under it lies a face-down card.
SEVEN = build(["* 8H", "#AS * #9C 7S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C JD")
# Two moves from the win: Q♠ up, then K♠ up (all else is on the foundations).
TWO_TO_WIN = build(["QS", "KS", "", "", "", "", ""])
# No move at all from the start: kings and twos on top, the aces face down, stock empty.
STUCK = build(["* #AS KH", "#AH KS", "#AD KC", "#AC KD", "#QS 2S", "#QH 2H", "#QD 2D"])


def played(page: Page) -> int:
    """Every game the statistics have counted, in all keys."""
    raw = storage(page, "spider.stats")
    return sum(r.played for r in Stats.from_json(raw).records.values()) if raw else 0


def test_a_double_click_on_the_waste_puts_one_card_up(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, WASTE_RUN)
    double_press(page, device, waste(page).locator('[data-card="2D"]'))
    expect(page.locator('#board [data-pile="foundation"][data-suit="D"] [data-card="2D"]')).to_have_count(1)
    page.wait_for_timeout(500)
    assert waste_cards(page)[-1] == "3D"  # the 3♦ stays: one double click, one card
    expected = Game.from_text(WASTE_RUN)
    expected.play(Move.from_text("w>f"))
    assert saved_game(page).to_text() == expected.to_text()


def test_a_double_click_never_acts_on_the_card_it_uncovered(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, SEVEN)
    double_press(page, device, card(page, 2, "7S"))
    page.wait_for_timeout(500)
    expected = Game.from_text(SEVEN)
    expected.play(Move.from_text("2>1"))  # its one target: the first tap moves it
    assert shown(page) == engine_shown(expected)  # the 9♣ turned up stays where it is
    assert saved_game(page).moves_count == 1


@pytest.mark.desktop_only
def test_the_daily_deal_keeps_the_started_game_to_come_back_to(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    menu(page, "ui.menu.daily").click()
    offer = notice(page, "previous")
    expect(offer).to_be_visible()
    expect(page.locator("#mode .mode-daily")).to_be_visible()
    assert played(page) == 0  # kept, not counted as abandoned
    offer.get_by_role("button", name=text_of("ui.previous.button")).click()
    game = saved_game(page)
    assert game.deal_id == "K1-5" and game.moves_count == 1


@pytest.mark.desktop_only
def test_the_mode_lines_other_draw_keeps_the_game_and_returns_to_it(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    page.locator("#mode .mode-other").click()
    expect(page.locator("#board")).to_have_attribute("data-draw", "3")
    expect(notice(page, "previous")).to_be_visible()
    page.locator("#mode .mode-other").click()  # "1 Karte": back to that draw's own game
    expect(page.locator("#board")).to_have_attribute("data-draw", "1")
    game = saved_game(page)
    assert game.deal_id == "K1-5" and game.moves_count == 1
    assert played(page) == 0


@pytest.mark.desktop_only
def test_a_game_kept_and_resumed_is_counted_once(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, TWO_TO_WIN)
    press(page, "desktop", card(page, 1, "QS"))  # Q♠ up: one move
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    button(page, text_of("ui.btn.restart")).click()
    notice(page, "previous").get_by_role("button", name=text_of("ui.previous.button")).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    press(page, "desktop", card(page, 2, "KS"))  # K♠ up: won
    expect(page.locator("dialog#won[open]")).to_be_visible()
    record = Stats.from_json(storage(page, "spider.stats")).get("klondike-1-any")
    assert (record.played, record.won, [e.result for e in record.last]) == (1, 1, ["won"])


def test_no_move_from_the_start_offers_what_can_work(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, STUCK)
    box = page.locator("dialog#stuck[open]")
    expect(box).to_be_visible()
    expect(box.get_by_role("button", name=text_of("ui.stuck.undo"))).to_be_hidden()
    expect(box.get_by_role("button", name=text_of("ui.btn.new"))).to_be_focused()


def test_the_note_that_nothing_helps_shows_by_itself(page: Page, base_url: str, device: str) -> None:
    """Deal K1-6 played by the hint until one move before it stalls (every stock card seen):
    the move that stalls it brings the note without a Tipp."""
    game = Game.new(deal_id="K1-6")
    while True:
        move = game.hint().move
        assert move is not None
        after = game.copy()
        after.play(move)
        if after.hint().move is None:
            break
        game.play(move)
    assert move == Move.from_text("w>f")
    open_game(page, base_url, "?deal=K1-6")
    doc = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 1000, "origin": None}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(doc)])
    page.reload()
    wait_ready(page)
    expect(notice(page, "stalled")).to_be_hidden()
    press(page, device, waste(page).locator("[data-card]").last)
    expect(notice(page, "stalled")).to_be_visible()
    notice(page, "stalled").get_by_role("button", name=text_of("ui.k.note.ok")).click()
    expect(notice(page, "stalled")).to_be_hidden()


@pytest.mark.desktop_only
def test_paused_every_button_and_press_says_why(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    button(page, text_of("ui.btn.pause")).click()
    expect(notice(page, "paused")).to_be_visible()
    expect(message(page)).to_have_class("msg echo")  # the bar says it: not twice on the screen
    button(page, text_of("ui.btn.undo")).click()
    expect(message(page)).to_have_attribute("data-key", "ui.paused.blocked")
    expect(message(page)).to_have_class("msg refusal")
    assert saved_game(page).moves_count == 1


def test_a_card_dropped_on_the_waste_is_refused_with_its_reason(
        page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, SEVEN)
    stock(page).click()
    drag(page, device, card(page, 2, "7S"), waste(page))
    expect(message(page)).to_have_attribute("data-key", "klondike.drop.waste")
    assert saved_game(page).moves_count == 1


@pytest.mark.desktop_only
def test_ctrl_z_and_ctrl_y_undo_and_redo(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.keyboard.press("Control+z")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    page.keyboard.press("Control+y")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+Z")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.keyboard.press("Meta+z")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")


def test_how_to_play_on_the_klondike_table_is_about_klondike_and_opens_at_its_top(
        page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    button(page, text_of("ui.btn.help")).click()
    box = dialog(page)
    headings = box.locator("h3").all_inner_texts()
    assert headings[0] == text_of("help.klondike.title")
    assert text_of("help.moving.title") not in headings and text_of("help.spider.title") not in headings
    assert "D Austeilen" not in box.inner_text() and "?deal=K1-" in box.inner_text()
    assert box.locator(".dlg-body").evaluate("b => b.scrollTop") == 0
    expect(box.get_by_role("button", name=text_of("ui.close"))).not_to_be_focused()


@pytest.mark.desktop_only
def test_the_german_page_writes_each_games_card_letters_and_offers_one_set(page: Page, base_url: str) -> None:
    jacks = build(["* JS", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C JD")
    open_kpos(page, base_url, jacks)
    expect(card(page, 1, "JS").locator(".ix b")).to_have_text("B")  # spec 004: Bube
    open_game(page, base_url, "?deal=S4-1")
    expect(page.locator('#board [data-card^="J"] .ix b').first).to_have_text("J")  # spec 000
    open_kpos(page, base_url, jacks, "&lang=en")
    expect(card(page, 1, "JS").locator(".ix b")).to_have_text("J")


@pytest.mark.desktop_only
def test_a_deal_id_in_another_spelling_is_refused_naming_its_one_spelling(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K01-5")
    expect(message(page)).to_have_attribute("data-key", "ui.link.bad_deal")
    expect(message(page)).to_contain_text("K1-5")
