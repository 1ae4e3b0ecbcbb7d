"""Issue 8, what a new player stumbled over, each as the player meets it: a focus ring only
for the keyboard; a drag that shows where the block would land; a drag and a tap that
agree; the picker's order, focus and view; "same cards again" that keeps the game it
replaces; the toolbar on a phone; the pressed four-colour button under the pointer; the won
dialog of a position; the relaxed deal rule; the run that sweeps away and the short
celebration of a win (neither under reduced motion)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_game
from e2e.spider_page import (
    WON,
    Drag,
    Game,
    build,
    button,
    card,
    column,
    contrast,
    dialog,
    drag,
    message,
    notice,
    open_pos,
    open_settings,
    press,
    stat,
    table,
    text_of,
)
from spider import IllegalMove

REFUSAL = re.compile(r"\brefusal\b")

# 7C fits on 8C and 8S, not on 3H; the stock holds two rows.
MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)
# 9H 8H is a whole column: moving it into the empty column 10 changes nothing.
WHOLE = build(["9H 8H", "* 8S", "*", "*", "*", "*", "*", "*", "*", ""])
# Column 8: 6S–AS completes the run on column 5, fits on 7H (column 9), or goes into the empty
# column 2; nine face-up cards make the picker long.
PICK = build(["*", "", "*", "*", "KS QS JS TS 9S 8S 7S", "*", "*", "* 9D 8C 7D 6S 5S 4S 3S 2S AS",
              "* 7H", "*"], done="S H")
# Three cards on the table, seven columns empty, one row in the stock.
LATE = build(["KC", "QC", "JC", "", "", "", "", "", "", ""], done="S S H H D D C", stock_rows=1)


def _refusal_of(game: Game, col: int, index: int) -> str:
    try:
        game.tap(col, index)
    except IllegalMove as e:
        return e.message.key
    raise AssertionError("the engine accepted the tap")


# ---------------------------------------------------------------- focus


@pytest.mark.desktop_only
def test_a_click_leaves_no_focus_ring_the_keyboard_does(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    press(page, "desktop", card(page, 5, "9S"))  # a refused tap (9♠ 7♠ is no run)
    expect(message(page)).to_have_class(REFUSAL)
    assert page.evaluate("document.querySelectorAll('#board :focus-visible').length") == 0
    rings = page.locator("#board [data-col]").evaluate_all(
        "cols => cols.filter(c => getComputedStyle(c).outlineStyle !== 'none').length")
    assert rings == 0
    page.keyboard.press("ArrowRight")
    focused = page.locator("#board [data-col]:focus-visible")
    expect(focused).to_have_count(1)
    assert focused.evaluate("c => getComputedStyle(c).outlineStyle") != "none"


# ---------------------------------------------------------------- dragging


def test_a_drag_shows_where_the_block_would_land_and_whether_it_may(
    page: Page, base_url: str, device: str
) -> None:
    open_pos(page, base_url, MOVES)
    hand = Drag(page, device, card(page, 2, "7C"))
    hand.over(column(page, 6))  # 3H: no
    expect(column(page, 6)).to_have_attribute("data-drop", "no")
    expect(page.locator("#board [data-drop]")).to_have_count(1)
    hand.over(column(page, 4))  # 8S: yes
    expect(column(page, 4)).to_have_attribute("data-drop", "ok")
    expect(page.locator("#board [data-drop]")).to_have_count(1)
    hand.release()
    expect(card(page, 4, "7C")).to_be_visible()
    expect(page.locator("#board [data-drop]")).to_have_count(0)
    assert stat(page, "moves") == "1"


def test_drag_and_tap_agree_on_a_pointless_move_and_a_face_down_card_says_why(
    page: Page, base_url: str, device: str
) -> None:
    game = Game.from_text(WHOLE)
    pointless = _refusal_of(game, 0, 0)
    open_pos(page, base_url, WHOLE)
    start = table(page)
    press(page, device, card(page, 1, "9H"))
    expect(message(page)).to_have_attribute("data-key", pointless)
    tapped = message(page).inner_text()
    button(page, "Tipp").click()  # something else on the line, so the drag's answer is seen anew
    expect(message(page)).not_to_have_attribute("data-key", pointless)
    drag(page, device, card(page, 1, "9H"), column(page, 10))
    expect(message(page)).to_have_attribute("data-key", pointless)
    expect(message(page)).to_have_text(tapped)
    expect(message(page)).to_have_class(REFUSAL)
    assert table(page) == start and stat(page, "moves") == "0"
    # a drag that starts on a face-down card is not silent
    drag(page, device, column(page, 2).locator('[data-card="down"]').first, column(page, 10))
    expect(message(page)).to_have_attribute("data-key", _refusal_of(game, 1, 0))
    expect(message(page)).to_have_class(REFUSAL)
    assert table(page) == start


# ---------------------------------------------------------------- the picker


@pytest.mark.desktop_only
def test_the_picker_orders_targets_as_a_tap_keeps_its_controls_and_focus(
    page: Page, base_url: str
) -> None:
    open_pos(page, base_url, PICK)
    game = Game.from_text(PICK)
    tap_goes = game.tap(7, game.columns[7].down + 3)  # 6S: where a tap would send 6S–AS
    column(page, 8).click(button="right", position={"x": 10, "y": 10})
    box = dialog(page)
    targets = box.locator(".targets button")
    expect(targets.first).to_contain_text(f"{tap_goes.dst + 1}")
    expect(targets.first).to_contain_text(text_of("ui.picker.completes"))
    expect(targets.first).to_have_attribute("aria-pressed", "true")
    names = [t.split("\n")[0].strip() for t in targets.all_inner_texts()]
    assert names == [text_of("ui.picker.target", n=n) for n in (5, 9, 2)], names  # empty last
    # the controls are in view, the focus on Confirm
    confirm = box.get_by_role("button", name=text_of("ui.picker.confirm"))
    for control in (confirm, targets.first, box.get_by_role("button", name=text_of("ui.picker.fewer"))):
        expect(control).to_be_in_viewport()
    expect(confirm).to_be_focused()
    # its cards are not smaller than the board's
    big = box.locator("[data-card]").first.bounding_box()
    small = card(page, 8, "AS").bounding_box()
    assert big is not None and small is not None and big["width"] >= small["width"] - 0.5
    # ▼ until it is disabled: the focus stays in the dialog and the arrows keep working
    fewer = box.get_by_role("button", name=text_of("ui.picker.fewer"))
    for _ in range(6):
        if fewer.is_disabled():
            break
        fewer.click()
    expect(fewer).to_be_disabled()
    assert page.evaluate("document.querySelector('dialog[open]').contains(document.activeElement)")
    before = box.inner_text()
    page.keyboard.press("ArrowUp")
    expect(box).not_to_have_text(before)
    expect(box.get_by_role("button", name=text_of("ui.picker.fewer"))).to_be_enabled()
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)


# ---------------------------------------------------------------- same cards again


@pytest.mark.desktop_only
def test_same_cards_again_keeps_the_game_it_replaces(page: Page, base_url: str, device: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    played = table(page)
    button(page, "Gleiche Karten neu").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(message(page)).to_have_attribute("data-key", "ui.restart")
    offer = notice(page, "previous")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text(text_of("ui.previous.restart"))
    offer.get_by_role("button", name=text_of("ui.previous.button")).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert table(page) == played


# ---------------------------------------------------------------- the phone's toolbar and table


@pytest.mark.phone_only
def test_on_a_phone_the_toolbar_labels_fit_and_the_stock_is_whole(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    for width, height in ((915, 412), (412, 915)):  # landscape, then portrait
        page.set_viewport_size({"width": width, "height": height})
        cut = page.locator("#tools .tool").evaluate_all("""tools => tools.filter(t => !t.hidden)
            .flatMap(t => [...t.querySelectorAll('.lbl, .sub')]).filter(l => l.checkVisibility())
            .filter(l => l.scrollWidth > l.clientWidth + 1
                    || l.getBoundingClientRect().right > l.closest('.tool').getBoundingClientRect().right + 1)
            .map(l => l.textContent)""")
        assert cut == [], (width, height, cut)
        # every control of the header and the toolbar, the stock and its badge on the screen
        off = page.locator("#menu button, #mode button, #tools .tool, .stock, .stock-n, .stat"
                           ).evaluate_all("""(els, [w, h]) => els.filter(e => e.checkVisibility())
            .filter(e => { const r = e.getBoundingClientRect();
                           return r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5; })
            .map(e => (e.getAttribute('aria-label') || e.textContent).trim())""", [width, height])
        assert off == [], (width, height, off)


def test_the_pressed_four_colour_button_stays_readable_under_the_pointer(
    page: Page, base_url: str, device: str
) -> None:
    open_game(page, base_url)
    toggle = button(page, "Vierfarbiges Blatt")
    toggle.click()  # the pointer stays on it (sticky hover after a tap on touch screens)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    colours = toggle.evaluate("""b => {
        const rgb = s => s.match(/[\\d.]+/g).map(Number);
        const st = getComputedStyle(b);
        return {fg: rgb(st.color), bg: rgb(st.backgroundColor)};
    }""")
    assert len(colours["bg"]) == 3 or colours["bg"][3] == 1, colours  # an opaque background
    ratio = contrast(tuple(colours["fg"][:3]), tuple(colours["bg"][:3]))
    assert ratio >= 4.5, (ratio, colours)


TENS = build(["* TH", "* TS", "* TD", "* TC", "* QH", "* JD", "* KC", "* 9S 8S 7S 6S 5S 4S 3S 2S", "*", "*"])


@pytest.mark.phone_only
def test_on_a_phone_every_rank_stands_clear_of_its_suit_sign(page: Page, base_url: str) -> None:
    open_pos(page, base_url, TENS)
    for width, height in ((412, 915), (915, 412)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        touching = page.locator('#board [data-card]:not([data-card="down"])').evaluate_all(
            """cards => cards.map(c => {
                const b = c.querySelector('.ix b').getBoundingClientRect();
                const i = c.querySelector('.ix i').getBoundingClientRect();
                const box = c.getBoundingClientRect();
                return {card: c.dataset.card, gap: i.left - b.right, inside: b.left >= box.left - 0.5
                        && i.right <= box.right + 0.5};
            }).filter(x => x.gap < 1 || !x.inside)""")
        assert touching == [], (width, height, touching)


DENSE = build(["* KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KH QS JH TS 9H 8S 7H", "*", "*", "*", "*",
               "*", "*", "*", "*", "*"], stock_rows=1)


@pytest.mark.desktop_only
def test_in_a_dense_column_every_corner_index_stays_whole(page: Page, base_url: str) -> None:
    """Q must not read as O, nor J as I: no card covers the rank and suit of the one under it."""
    open_pos(page, base_url, DENSE)
    expect(column(page, 1)).to_have_attribute("data-dense", "true")
    covered = column(page, 1).evaluate("""col => {
        const cards = [...col.querySelectorAll('[data-card]:not([data-card="down"])')];
        return cards.slice(0, -1).map((c, k) => {
            const ix = c.querySelector('.ix').getBoundingClientRect();
            const b = c.querySelector('.ix b').getBoundingClientRect();
            const next = cards[k + 1].getBoundingClientRect();
            return {card: c.dataset.card, room: next.top - Math.max(ix.bottom, b.bottom)};
        }).filter(x => x.room < -0.5);
    }""")
    assert covered == [], covered


# ---------------------------------------------------------------- endings and the relaxed rule


def test_the_won_dialog_of_a_position_offers_no_id_to_copy(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, WON)
    press(page, device, card(page, 2, "AS"))
    box = dialog(page)
    expect(box.get_by_role("heading", name=text_of("ui.won.title"))).to_be_visible()
    expect(box.get_by_role("button", name=text_of("ui.won.copy"))).to_have_count(0)
    expect(box.locator('[data-won="deal"]')).to_have_text(text_of("ui.deal_id.none"))
    assert "kopiert" not in box.inner_text()


@pytest.mark.desktop_only
def test_the_relaxed_deal_rule_is_a_setting_off_by_default(page: Page, base_url: str) -> None:
    open_pos(page, base_url, LATE)
    button(page, "Austeilen").click()
    expect(message(page)).to_have_class(REFUSAL)
    assert stat(page, "rounds") == "1"
    box = open_settings(page)
    rule = box.get_by_label(text_of("ui.settings.lenient_deal"))
    expect(rule).not_to_be_checked()
    rule.check()
    box.get_by_role("button", name=text_of("ui.settings.save")).click()
    expect(dialog(page)).to_have_count(0)
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("0")
    expect(message(page)).to_have_attribute("data-key", "ui.dealt")
    assert sum(len(c) for c in table(page)) == 13


# Records every decoration added to the page: the celebration and the sweeping king.
WATCH_EFFECTS = """
window.__effects = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && (n.classList.contains('celebrate') || n.classList.contains('ghost')))
      window.__effects.push({cls: n.className, hidden: n.getAttribute('aria-hidden'),
                             card: n.hasAttribute('data-card')});
  }
}).observe(document, {subtree: true, childList: true});
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_last_run_sweeps_away_and_the_win_is_celebrated_unless_motion_is_reduced(
    motion: str, device: str, warm_page: Callable[..., Page], base_url: str
) -> None:
    page = warm_page(device, reduced_motion=motion)
    page.add_init_script(WATCH_EFFECTS)
    open_pos(page, base_url, WON)
    press(page, device, card(page, 2, "AS"))
    expect(dialog(page).get_by_role("heading", name=text_of("ui.won.title"))).to_be_visible()
    expect(page.locator('[data-stat="runs"]')).to_have_text("8/8")
    seen = page.evaluate("window.__effects")
    if motion == "reduce":
        assert seen == []
        return
    kinds = sorted({"celebrate" if "celebrate" in e["cls"] else "ghost" for e in seen})
    assert kinds == ["celebrate", "ghost"], seen
    assert all(e["hidden"] == "true" and not e["card"] for e in seen), seen  # decoration only
    # and both are gone again
    expect(page.locator(".celebrate, .ghost")).to_have_count(0, timeout=10_000)
