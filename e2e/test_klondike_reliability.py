"""Klondike as a new player broke it (issue "Klondike and the duel, tried as a new player"):
a draw-3 stock that a tap leaves with exactly two cards stopped the page for good, and a
render error could eat a move. Each test drives the page as a person would."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.klondike_page import (
    KEY,
    Game,
    Move,
    build,
    engine_shown,
    open_kpos,
    saved_game,
    shown,
    stock,
)
from e2e.spider_page import button, message, storage
from spider.web.storage import SETTINGS_FORMAT, SETTINGS_VERSION, Settings


def settings_doc(**values: object) -> str:
    """The page's settings document with ``values`` changed."""
    doc = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **Settings().to_dict(), **values}
    return json.dumps(doc)


# Draw 3 with five cards in the stock: one tap turns three and leaves two.
FIVE = build(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C 2H JD TS 7H", draw=3)
# Draw 3 with exactly two cards left in the stock.
TWO = build(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", ""], stock="4C 2H", waste="JD", draw=3)


def test_a_tap_that_leaves_two_cards_in_a_draw_three_stock_is_counted_and_drawn(
        page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, FIVE)
    stock(page).click()
    expect(stock(page)).to_have_attribute("data-count", "2")
    expected = Game.from_text(FIVE)
    expected.play(Move.stock())
    assert shown(page) == engine_shown(expected)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(button(page, "Zurück")).to_be_enabled()
    assert "2 Karten" in (stock(page).get_attribute("aria-label") or "")
    assert saved_game(page).to_text() == expected.to_text()
    # What was saved comes back: the page starts with it, not with the loading line for good.
    page.reload()
    wait_ready(page)
    assert shown(page) == engine_shown(expected)
    expect(page.locator("#notice[data-notice=unreadable]")).to_have_count(0)


@pytest.mark.desktop_only
def test_a_position_link_with_two_cards_in_a_draw_three_stock_opens(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, TWO)
    expect(stock(page)).to_have_attribute("data-count", "2")
    assert shown(page) == engine_shown(Game.from_text(TWO))
    stock(page).click()
    expect(stock(page)).to_have_attribute("data-count", "0")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")


def test_english_says_how_many_cards_the_stock_turns(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, TWO, "&lang=en")
    assert stock(page).get_attribute("aria-label") == "Stock: 2 cards, a tap turns 2 cards"


@pytest.mark.desktop_only
def test_a_saved_two_card_stock_game_is_resumed(page: Page, base_url: str, device: str) -> None:
    """The save the broken page left behind (a draw-3 game with two stock cards) starts."""
    game = Game.from_text(TWO)
    open_game(page, base_url)
    doc = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 5000, "origin": TWO}
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); }", [KEY, json.dumps(doc)])
    page.evaluate("v => localStorage.setItem('spider.settings', v)", settings_doc(game="klondike"))
    page.reload()
    wait_ready(page)
    assert shown(page) == engine_shown(game)
    expect(message(page)).not_to_have_class("refusal")


# ----------------------------------------------------------------------------- the page always starts
# Makes the next setAttribute(name, …) that Python calls (its stack runs through Pyodide) raise
# once: the start-up picture and the skeleton (plain JavaScript) are never hit.
TRAP = """
(() => {
  const original = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    const wanted = window.__trapAttribute;
    if (wanted && name === wanted && /pyodide/.test(new Error().stack || "")) {
      window.__trapAttribute = null;
      window.__trapped = (window.__trapped || 0) + 1;
      throw new Error("trapped " + name);
    }
    return original.call(this, name, value);
  };
})();
"""
ASIDE = "Object.keys(localStorage).filter(k => k.startsWith('spider.unreadable.'))"


@pytest.mark.desktop_only
def test_a_saved_game_whose_first_drawing_raises_is_kept_aside_and_a_fresh_game_starts(
        page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    saved = storage(page, KEY)
    page.add_init_script(TRAP + "window.__trapAttribute = 'data-game';")
    page.reload()
    wait_ready(page)  # the page starts in spite of it
    assert page.evaluate("window.__trapped") == 1
    expect(message(page)).to_have_attribute("data-key", "ui.save.unreadable")
    aside = page.evaluate(ASIDE)
    # Nothing lost: the game as it was (the clock ran on until the page was left, and the
    # save on leaving has the later time).
    kept, before = json.loads(storage(page, aside[0])), json.loads(saved)
    assert len(aside) == 1 and kept["game"] == before["game"] and kept["clock_ms"] >= before["clock_ms"]
    expect(page.locator("#board")).to_have_attribute("data-game", "klondike")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")  # a fresh deal
    assert saved_game(page).moves_count == 0


@pytest.mark.desktop_only
def test_a_drawing_error_after_a_move_is_said_and_the_move_stands(page: Page, base_url: str) -> None:
    page.add_init_script(TRAP)
    open_kpos(page, base_url, FIVE)
    page.evaluate("window.__trapAttribute = 'data-count'")
    stock(page).click()
    expect(message(page)).to_have_attribute("data-key", "ui.render.failed")
    assert page.evaluate("window.__trapped") == 1
    expected = Game.from_text(FIVE)
    expected.play(Move.stock())
    # The engine's game, the save and undo are as the move left them; the table shows it.
    assert saved_game(page).to_text() == expected.to_text()
    assert shown(page) == engine_shown(expected)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(button(page, "Zurück")).to_be_enabled()
    stock(page).click()  # and the next move draws as usual
    expected.play(Move.stock())
    assert shown(page) == engine_shown(expected)
    expect(message(page)).not_to_have_attribute("data-key", "ui.render.failed")
