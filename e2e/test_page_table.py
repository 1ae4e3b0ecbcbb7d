"""The table as the test contract describes it, and how it looks on phones and desktops."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.conftest import open_game
from e2e.spider_page import (
    Game,
    build,
    button,
    cards,
    column,
    engine_table,
    open_pos,
    press,
    stat,
    table,
)

CODE = re.compile(r"^[A2-9TJQK][SHDC]$")
BUTTONS = ("Neues Spiel", "Gleiche Karten neu", "Zurück", "Wiederholen", "Tipp", "Austeilen")


def test_first_board_follows_the_contract(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S4-2718")
    game = Game.new(deal_id="S4-2718")
    expect(page.locator("html")).to_have_class(re.compile(r"\bready\b"))
    assert page.locator("#board [data-col]").count() == 10
    assert table(page) == engine_table(game)
    assert [len(cards(page, n)) for n in range(1, 11)] == [6] * 4 + [5] * 6
    for n in range(1, 11):
        exposed = column(page, n).locator("[data-card]").last
        assert CODE.match(exposed.get_attribute("data-card") or "")
    # A face-down card says only that it is face down: no code, no name, no class of its suit.
    downs = page.locator('#board [data-card="down"]')
    assert downs.count() == 44
    down_html = re.compile(
        r'^<div class="card down" data-card="down" role="img" aria-label="verdeckte Karte" '
        r'style="--i: \d+;"></div>$'
    )
    assert all(down_html.match(h) for h in downs.evaluate_all("els => els.map(e => e.outerHTML)"))
    assert {stat(page, k) for k in ("rounds", "runs", "facedown", "moves", "time")} == {
        "5", "0/8", "44", "0", "0:00"
    }
    assert stat(page, "runs") == "0/8" and stat(page, "facedown") == "44"
    for name in BUTTONS:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    expect(button(page, "Zurück")).to_be_disabled()
    expect(button(page, "Austeilen")).to_be_enabled()
    live = page.get_by_role("status")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(page.locator("#deal-id")).to_have_text("Spiel S4-2718")


def test_cards_have_names_and_corner_indices(page: Page, base_url: str) -> None:
    text = build(["* 7C", "* TD", "* QH", "* AS", "*", "*", "*", "*", "*", "*"])
    open_pos(page, base_url, text)
    seven = column(page, 1).locator('[data-card="7C"]')
    expect(seven).to_have_attribute("aria-label", "Kreuz 7")
    expect(seven.locator(".ix")).to_have_text("7♣")
    expect(column(page, 2).locator('[data-card="TD"]')).to_have_attribute("aria-label", "Karo 10")
    expect(column(page, 2).locator('[data-card="TD"] .ix')).to_have_text("10♦")
    expect(column(page, 3).locator('[data-card="QH"]')).to_have_attribute("aria-label", "Herz Dame")
    expect(column(page, 4).locator('[data-card="AS"]')).to_have_attribute("aria-label", "Pik Ass")
    # The exposed card's corner is large enough to read on a phone.
    size = seven.locator(".ix").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12


def test_four_colour_deck_setting_is_remembered(page: Page, base_url: str) -> None:
    text = build(["* 7C", "* TD", "* QH", "* AS", "*", "*", "*", "*", "*", "*"])
    open_pos(page, base_url, text)
    diamond = column(page, 2).locator('[data-card="TD"]')

    def colour(loc: object) -> str:
        return loc.evaluate("e => getComputedStyle(e).color")  # type: ignore[attr-defined]

    red, black = colour(diamond), colour(column(page, 1).locator('[data-card="7C"]'))
    toggle = button(page, "Vierfarbiges Blatt")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert colour(diamond) not in (red, black)
    assert colour(column(page, 1).locator('[data-card="7C"]')) not in (red, black)
    assert colour(column(page, 3).locator('[data-card="QH"]')) == red
    page.reload()
    open_game(page, page.url)
    expect(button(page, "Vierfarbiges Blatt")).to_have_attribute("aria-pressed", "true")


LONG = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KH QS JH TS 9H 8S 7H"


def test_a_long_column_is_dense_and_its_exposed_card_readable(
    page: Page, base_url: str, device: str
) -> None:
    open_pos(page, base_url, build(["* " + LONG, "*", "*", "*", "*", "*", "*", "*", "*", "*"], stock_rows=1))
    if device == "phone":  # the phone held sideways: least height
        size = page.viewport_size
        assert size is not None
        page.set_viewport_size({"width": size["height"], "height": size["width"]})
    long_col = column(page, 1)
    expect(long_col).to_have_attribute("data-dense", "true")
    expect(column(page, 2)).not_to_have_attribute("data-dense", "true")
    exposed = long_col.locator('[data-card="7H"]')
    # The column was dense before the rotation too: wait for the layout after it (a resize
    # observer lays the columns out again), i.e. until the exposed card lies within the
    # board as the layout promises; a loaded machine may take a few frames.
    page.wait_for_function(
        """() => {
            const card = document.querySelector('#board [data-col="1"] [data-card="7H"]');
            const board = document.getElementById('board');
            return !!card && !!board
                && card.getBoundingClientRect().bottom <= board.getBoundingClientRect().bottom + 0.5;
        }"""
    )
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    box = exposed.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5
    # Nothing covers it: the card itself is what is under each corner (inside the rounding).
    w, h = box["width"], box["height"]
    for dx, dy in ((0.2 * w, 0.1 * h), (0.8 * w, 0.1 * h), (0.2 * w, 0.9 * h), (0.8 * w, 0.9 * h)):
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-card]')?.dataset.card",
            [box["x"] + dx, box["y"] + dy],
        )
        assert hit == "7H"


def test_rotation_and_resizing_never_reset_anything(page: Page, base_url: str, device: str) -> None:
    open_game(page, base_url, "?deal=S1-99")
    game = Game.new(deal_id="S1-99")
    col = next(c for c in range(10) if _taps(game, c))
    press(page, device, column(page, col + 1).locator("[data-card]").last)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    before = table(page)
    page.evaluate("window.__sameDocument = true")
    size = page.viewport_size
    assert size is not None
    turned = (size["height"], size["width"])
    for w, h in (turned, (320, 640), (640, 320), (1280, 800), (size["width"], size["height"])):
        page.set_viewport_size({"width": w, "height": h})
        # the resize observed and drawn: two frames, then every animation ended
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
        assert table(page) == before
        assert stat(page, "moves") == "1"
        exposed = column(page, 1).locator("[data-card]").last.bounding_box()
        assert exposed is not None and exposed["y"] + exposed["height"] <= h + 0.5
    assert page.evaluate("window.__sameDocument") is True
    expect(button(page, "Zurück")).to_be_enabled()


def _taps(game: Game, col: int) -> bool:
    from spider import IllegalMove

    try:
        game.tap(col, game.columns[col].down + len(game.columns[col].up) - 1)
    except IllegalMove:
        return False
    return True
