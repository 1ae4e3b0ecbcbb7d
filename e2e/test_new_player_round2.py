"""What a new player met in Klondike and the duel, round two (issue 18, "Also found (new player;
Klondike and the duel)", items 4, 8, 10, 11, 12 and 14): each fix held on the device where the
player met the fault. Every sentence is the catalog's (``text_of``), every position is the
engine's (``?pos=`` links built by the engine tests' builders)."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.duel_page import (
    allow_clipboard,
    clipboard,
    comparison,
    finish,
    menu,
    mirror_of_link,
    names,
    play,
    start_duel,
)
from e2e.klondike_page import DRAW3, MOVES, open_kpos, said, stock, waste, waste_cards
from e2e.klondike_page import Game as KGame
from e2e.klondike_page import Move as KMove
from e2e.klondike_page import build as kbuild
from e2e.klondike_page import card as kcard
from e2e.spider_page import (
    Game,
    before_load,
    build,
    button,
    column,
    dialog,
    generated_texts,
    message,
    notice,
    open_pos,
    open_settings,
    press,
    settle,
    text_of,
)

# ---------------------------------------------------------------- item 4: long columns


def _long_column(downs: int, ups: list[str]) -> str:
    """Column 1 with ``downs`` face-down cards under the face-up ``ups``; the rest dealt."""
    spare = [f"#{r}{s}" for s in "CDH" for r in "23456789"][:downs]
    text = build([" ".join(spare + ups), "*", "*", "*", "*", "*", "*", "*", "*", "*"])
    return Game.from_text(text).to_text()


RUN = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"]
# 18 cards: 6 face down, 12 face up (a phone held sideways cannot show them unsqueezed).
EIGHTEEN = _long_column(6, RUN)
# 10 face down under 20 face-up cards: too long for the desktop's board too.
LONG_RUN = _long_column(10, [*RUN, "AS", "KH", "QS", "JH", "TS", "9H", "8S", "7H"])


def _box(target: Locator) -> dict[str, float]:
    box = target.bounding_box()
    assert box is not None, target
    return dict(box)


def _down_count(page: Page, col: int) -> tuple[list[float], str | None]:
    """The tops of column ``col``'s face-down cards (px) and the number the CSS writes on
    the stack (``None`` when none is drawn)."""
    tops = [_box(c)["y"] for c in column(page, col).locator('[data-card="down"]').all()]
    drawn = [t["text"] for t in generated_texts(page) if t["col"] == str(col) and t["card"] == "down"]
    assert len(drawn) <= 1, drawn
    return tops, drawn[0] if drawn else None


@pytest.mark.phone_only
def test_phone_landscape_an_eighteen_card_column_fits_above_the_message(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 844, "height": 390})
    open_pos(page, base_url, EIGHTEEN)
    settle(page)
    col = column(page, 1)
    last = col.locator("[data-card]").last
    assert col.locator("[data-card]").count() == 18
    card, msg = _box(last), _box(message(page))
    assert msg["x"] <= card["x"] and card["x"] + card["width"] <= msg["x"] + msg["width"]  # right under it
    assert card["y"] + card["height"] <= msg["y"] + 0.5, (card, msg)
    fonts = page.locator("#board .card .ix").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert fonts and min(fonts) >= 10, sorted(fonts)[:5]
    # the face-down cards closed up to slivers: their number stands on them
    expect(col).to_have_attribute("data-tight", "true")
    tops, drawn = _down_count(page, 1)
    assert max(b - a for a, b in pairwise(tops)) < 5, tops
    assert drawn == "6"
    # the toolbar's last row is on the screen
    for key in ("ui.btn.help", "ui.btn.restart"):
        tool = button(page, text_of(key))
        expect(tool).to_be_visible()
        box = _box(tool)
        assert box["x"] >= 0 and box["y"] >= 0, (key, box)
        assert box["x"] + box["width"] <= 844.5 and box["y"] + box["height"] <= 390.5, (key, box)


@pytest.mark.desktop_only
def test_desktop_face_down_cards_under_a_long_run_show_their_number(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    open_pos(page, base_url, LONG_RUN)
    settle(page)
    tops, drawn = _down_count(page, 1)
    assert len(tops) == 10
    # closed up so far that the backs cannot be counted by eye ...
    assert min(b - a for a, b in pairwise(tops)) < 5, tops
    # ... so the stack says how many there are
    expect(column(page, 1)).to_have_attribute("data-tight", "true")
    assert drawn == "10"
    # a column whose backs can be told apart shows no number
    assert _down_count(page, 2)[1] is None


# ---------------------------------------------------------------- item 8: notices said once

ECHO = re.compile(r"\becho\b")


def _bar_text(page: Page, kind: str) -> str:
    bar = notice(page, kind)
    expect(bar).to_be_visible()
    return bar.locator(".bar-text").inner_text()


def _said_once(page: Page, kind: str) -> None:
    """The bar ``kind`` shows the sentence ``#msg`` holds: the line keeps it for screen
    readers only (``echo``), it does not stand twice on the screen."""
    text = _bar_text(page, kind)
    expect(message(page)).to_have_text(text)
    expect(message(page)).to_have_class(ECHO)
    box = _box(message(page))
    assert box["width"] <= 1 and box["height"] <= 1, box


def _one_klondike_move(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    stock(page).click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")


@pytest.mark.phone_only  # (desktop: test_klondike_new_player.py, paused)
def test_the_paused_notice_is_not_said_twice(page: Page, base_url: str) -> None:
    _one_klondike_move(page, base_url)
    button(page, text_of("ui.btn.pause")).click()
    _said_once(page, "paused")
    assert _bar_text(page, "paused") == text_of("ui.paused")


@pytest.mark.phone_only
def test_the_previous_game_notice_is_not_said_twice(page: Page, base_url: str) -> None:
    """Same cards again replaces a started game: the bar offers it back and says so; the
    message line does not show again what the bar says (hidden as an echo, or saying
    something else)."""
    _one_klondike_move(page, base_url)
    button(page, text_of("ui.btn.restart")).click()
    text = _bar_text(page, "previous")
    assert text == text_of("ui.previous.restart")
    shown = message(page).inner_text()
    repeated = bool(shown.strip()) and shown.strip() in text
    assert not repeated or ECHO.search(message(page).get_attribute("class") or ""), (shown, text)


# ---------------------------------------------------------------- items 8 and 12: a minute is up


@pytest.mark.phone_only  # where the notices stood twice; the words are the same on desktop
def test_one_minute_is_up_in_the_singular_and_said_once(page: Page, base_url: str) -> None:
    _one_klondike_move(page, base_url)
    box = open_settings(page)
    box.get_by_label(text_of("ui.settings.time_limit")).fill("1")
    box.get_by_role("button", name=text_of("ui.settings.save")).click()
    expect(dialog(page)).to_have_count(0)
    # 59 s played: the next second of play runs past the minute
    before_load(page, """
        const g = JSON.parse(localStorage.getItem('spider.game.klondike'));
        g.clock_ms = 59000; localStorage.setItem('spider.game.klondike', JSON.stringify(g));""")
    page.reload()
    wait_ready(page)
    assert _bar_text(page, "time") == text_of("ui.time.up", n=1)
    assert "(1 Minute)" in text_of("ui.time.up", n=1)
    _said_once(page, "time")


# ---------------------------------------------------------------- item 12: words for a mouse user

TAP_WORDS = re.compile(r"\b(tippe|antippen|tap)\b", re.IGNORECASE)
# Two moves from the win: Q♠ up, then K♠ up (all else is on the foundations).
TWO_TO_WIN = kbuild(["QS", "KS", "", "", "", "", ""])


@pytest.mark.desktop_only
def test_desktop_select_then_target_is_said_for_a_mouse(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, MOVES)
    press(page, "desktop", waste(page).locator('[data-card="7H"]'))  # two targets: selected
    expect(message(page)).to_have_attribute("data-key", "ui.k.selected")
    expect(message(page)).to_have_text(said("ui.k.selected", card="7H"))
    assert not TAP_WORDS.search(message(page).inner_text())


@pytest.mark.desktop_only
def test_desktop_the_hint_to_draw_is_said_for_a_mouse(page: Page, base_url: str) -> None:
    hint = KGame.new(deal_id="K1-8").hint()
    assert hint.move == KMove.stock()
    open_game(page, base_url, "?deal=K1-8")
    button(page, text_of("ui.btn.hint")).click()
    expect(message(page)).to_have_text(hint.text)
    assert not TAP_WORDS.search(message(page).inner_text()), message(page).inner_text()


def _open_stats(page: Page) -> Locator:
    menu(page, "ui.menu.stats").click()
    box = page.locator("dialog#stats[open]")
    expect(box.get_by_role("heading", name=text_of("stats.title"))).to_be_visible()
    return box


@pytest.mark.desktop_only
def test_klondike_statistics_have_no_duel_rows_a_chart_key_and_confirm_the_export(
        page: Page, base_url: str) -> None:
    open_kpos(page, base_url, TWO_TO_WIN)
    press(page, "desktop", kcard(page, 1, "QS"))
    press(page, "desktop", kcard(page, 2, "KS"))
    won = page.locator("dialog#won[open]")
    expect(won).to_be_visible()
    won.get_by_role("button", name=text_of("ui.close")).click()
    box = _open_stats(page)
    expect(box.locator('[data-stats="played"]')).to_have_text("1")
    expect(box.locator('[data-stats^="duel-"]')).to_have_count(0)
    expect(box.locator("svg[role=img] rect")).to_have_count(1)
    expect(box.locator(".chart-axis")).to_have_text(text_of("stats.chart.axis"))
    legend = box.locator(".chart-legend")
    expect(legend).to_be_visible()
    expect(legend.locator("li")).to_have_text([text_of(f"stats.result.{r}") for r in
                                               ("won", "lost", "abandoned")])
    with page.expect_download() as download:
        box.get_by_role("button", name=text_of("stats.btn.export")).click()
    expect(message(page)).to_have_attribute("data-key", "stats.exported")
    expect(message(page)).to_have_text(text_of("stats.exported", name=download.value.suggested_filename))


# ---------------------------------------------------------------- item 11: the draw-3 fan


def test_the_draw_three_fan_shows_every_cards_suit(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, DRAW3)
    press(page, device, stock(page))
    expect(waste(page).locator("[data-card]")).to_have_count(3)
    settle(page)
    drawn = KGame.from_text(DRAW3)
    drawn.play(KMove.stock())
    assert waste_cards(page) == list(drawn.waste)
    hidden = waste(page).locator("[data-card]").evaluate_all("""cards => cards.map(c => {
        const sign = c.querySelector('.ix i');
        const r = sign.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {card: c.dataset.card, size: [r.width, r.height], shown: !!hit && c.contains(hit),
                text: sign.textContent};
    }).filter(x => !x.shown || x.size[0] < 1 || x.size[1] < 1 || !x.text.trim())""")
    assert hidden == [], hidden
    # a fan: each card lies over part of the one under it
    boxes = [_box(c) for c in waste(page).locator("[data-card]").all()]
    assert all(a["x"] < b["x"] < a["x"] + a["width"] for a, b in pairwise(boxes)), boxes


# ---------------------------------------------------------------- item 14: first steps

MENU_KEYS = ("ui.menu.duel", "ui.menu.daily", "ui.menu.stats", "ui.settings.title")  # ⚔ ☼ ▦ ⚙


def _menu_words(page: Page) -> None:
    """Each of ⚔ ☼ ▦ ⚙ shows its word, whole, inside its button and on the screen."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    for key in MENU_KEYS:
        word = page.locator("#menu").get_by_role("button", name=text_of(key), exact=True).locator(".mlbl")
        expect(word).to_be_visible()
        expect(word).to_have_text(text_of(key))
        cut = word.evaluate("""w => { const r = w.getBoundingClientRect(),
                                          b = w.closest('button').getBoundingClientRect();
            return w.scrollWidth > w.clientWidth + 1
                || r.left < b.left - 0.5 || r.right > b.right + 0.5; }""")
        box = _box(word)
        assert not cut and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (key, box)


def test_the_header_signs_show_their_words(page: Page, base_url: str, device: str) -> None:
    if device == "desktop":
        page.set_viewport_size({"width": 1600, "height": 900})  # a wide screen: room for them
    open_game(page, base_url, "?deal=K1-5")
    _menu_words(page)


@pytest.mark.phone_only
def test_the_header_signs_show_their_words_on_the_phone_held_sideways(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, base_url, "?deal=K1-5")
    _menu_words(page)


def _mode_buttons_on_one_line(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    buttons = page.locator("#mode button")
    assert buttons.count() >= 1
    for b in buttons.all():
        expect(b).to_be_visible()
        lines = b.evaluate("""b => { const s = getComputedStyle(b), r = b.getBoundingClientRect();
            const range = document.createRange(); range.selectNodeContents(b);
            const tops = new Set([...range.getClientRects()].map(q => Math.round(q.top)));
            return {height: range.getBoundingClientRect().height, rows: tops.size,
                    line: parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2,
                    fits: b.scrollWidth <= b.clientWidth + 1, left: r.left, right: r.right,
                    text: b.textContent}; }""")
        # its words on one line (the text's own height, not the button's minimum height)
        assert lines["rows"] == 1 and lines["height"] < 1.6 * lines["line"], lines
        assert lines["fits"] and lines["left"] >= 0 and lines["right"] <= width + 0.5, lines


@pytest.mark.phone_only
def test_on_the_phone_the_mode_lines_buttons_keep_their_words_whole(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")  # Klondike · 1 Karte · Normal, [3 Karten], [Spider]
    for width, height in ((412, 915), (915, 412)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        _mode_buttons_on_one_line(page)
    page.locator("#mode .mode-switch").click()  # Spider · 4 Farben, [Klondike]
    expect(page.locator("#board")).to_have_attribute("data-game", "spider")
    for width, height in ((915, 412), (412, 915)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        _mode_buttons_on_one_line(page)


@pytest.mark.phone_only  # the narrowest mode line
def test_the_daily_deal_says_so_after_its_first_move(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=K1-5")
    menu(page, "ui.menu.daily").click()
    daily = page.locator("#mode .mode-daily")
    expect(daily).to_be_visible()
    said_daily = daily.inner_text()
    press(page, "phone", stock(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(daily).to_be_visible()
    expect(daily).to_have_text(said_daily)
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(daily).to_have_text(said_daily)


# ---------------------------------------------------------------- item 10: the duel

LONG_NAME = "Schwarzwaldkirschtorte24"  # 24 characters, the most a name may have, no break


def _redo(page: Page) -> Locator:
    return button(page, text_of("ui.btn.redo"))


def test_a_duel_against_the_computer_ends_cleanly(page: Page, base_url: str, device: str) -> None:
    """The duel dialog has one heading; after Fertig Wiederholen is off, no "Computer spielt …"
    is left under the comparison, and a name of 24 characters keeps the table in the dialog."""
    assert len(LONG_NAME) == 24
    open_game(page, base_url)
    menu(page, "ui.menu.duel").click()
    box = page.locator("dialog#duel[open]")
    expect(box.get_by_role("heading", name=text_of("duel.title"), exact=True)).to_have_count(1)
    assert box.locator("h1, h2, h3, h4, legend").all_inner_texts().count(text_of("duel.title")) == 1
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)
    game = start_duel(page, "computer", suits=1, me=LONG_NAME)
    play(page, device, game, 2)
    finish(page)
    result = comparison(page)
    playing = text_of("duel.opponent.playing", name=text_of("duel.computer"))
    expect(message(page)).not_to_have_attribute("data-key", "duel.opponent.playing")
    assert playing not in message(page).inner_text()
    expect(result.locator('[data-duel="me"]')).to_have_text(LONG_NAME)
    # the table lies inside the dialog's borders, the dialog inside the screen
    table, inner, screen = result.evaluate("""d => {
        const t = d.querySelector('table').getBoundingClientRect(), r = d.getBoundingClientRect(),
              s = getComputedStyle(d);
        return [[t.left, t.right], [r.left + parseFloat(s.borderLeftWidth),
                                    r.right - parseFloat(s.borderRightWidth)], innerWidth]; }""")
    assert inner[0] - 0.5 <= table[0] and table[1] <= inner[1] + 0.5, (table, inner)
    assert inner[0] >= -0.5 and inner[1] <= screen + 0.5, (inner, screen)
    result.get_by_role("button", name=text_of("ui.close")).click()
    expect(_redo(page)).to_be_disabled()
    assert playing not in message(page).inner_text()


def test_the_answering_player_of_a_link_duel_gives_a_name(
        new_context: Callable[..., BrowserContext], base_url: str) -> None:
    """Anna challenges by link (desktop); Bert answers on his phone and names himself in the
    comparison; Anna opens the answer and sees his name. Wiederholen is off after each Fertig."""
    context_a = new_context("desktop")
    allow_clipboard(context_a, base_url)
    a = context_a.new_page()
    open_game(a, base_url)
    game_a = start_duel(a, "link", suits=1, me="Anna")
    play(a, "desktop", game_a, 2)
    finish(a)
    offer = a.locator("dialog#challenge[open]")
    expect(offer).to_be_visible()
    expect(_redo(a)).to_be_disabled()
    offer.get_by_role("button", name=text_of("duel.btn.copy_link")).click()
    expect(message(a)).to_have_attribute("data-key", "duel.link_copied")
    link = offer.locator("#challenge-link").inner_text()
    assert link.startswith(base_url + "?duel=")

    context_b = new_context("phone")
    allow_clipboard(context_b, base_url)
    b = context_b.new_page()
    open_game(b, base_url, "?duel=" + link.split("?duel=", 1)[1])
    game_b = mirror_of_link(b)
    play(b, "phone", game_b, 2)
    finish(b)
    result = comparison(b)
    expect(_redo(b)).to_be_disabled()
    result.locator("#answer-name").fill("Bert")
    result.get_by_role("button", name=text_of("duel.btn.answer")).click()
    expect(message(b)).to_have_attribute("data-key", "duel.link_copied")
    answer = clipboard(b)
    assert answer.startswith(base_url + "?duel=")

    open_game(a, base_url, "?duel=" + answer.split("?duel=", 1)[1])
    comparison(a)
    assert names(a) == ("Anna", "Bert")
    expect(message(a)).to_have_attribute("data-key", "duel.answer.opened")


@pytest.mark.desktop_only
def test_two_players_on_one_device_find_wiederholen_off_after_fertig(page: Page, base_url: str) -> None:
    open_game(page, base_url)
    first = start_duel(page, "device", suits=1, me="Anna", other="Ben")
    play(page, "desktop", first, 1)
    finish(page)
    handover = page.locator("dialog#confirm[open]")
    expect(handover).to_contain_text(text_of("duel.device.handover", name="Ben"))
    expect(_redo(page)).to_be_disabled()
    handover.get_by_role("button", name=text_of("duel.device.start", name="Ben")).click()
    expect(message(page)).to_have_text(text_of("duel.device.start", name="Ben"))
    second = mirror_of_link(page)
    play(page, "desktop", second, 1)
    finish(page)
    comparison(page).get_by_role("button", name=text_of("ui.close")).click()
    expect(_redo(page)).to_be_disabled()


@pytest.mark.desktop_only
def test_wiederholen_is_off_after_fertig_also_with_a_move_to_redo(page: Page, base_url: str) -> None:
    open_game(page, base_url)
    first = start_duel(page, "device", suits=1, me="Anna", other="Ben")
    play(page, "desktop", first, 2)
    button(page, text_of("ui.btn.undo")).click()  # a move to redo: Wiederholen is on ...
    expect(_redo(page)).to_be_enabled()
    finish(page)  # ... until the game is done
    expect(page.locator("dialog#confirm[open]")).to_contain_text(text_of("duel.device.handover", name="Ben"))
    expect(_redo(page)).to_be_disabled()
