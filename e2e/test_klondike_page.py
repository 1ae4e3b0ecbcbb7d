"""Klondike, the page around the play: the board's contract and what it never shows (face-down
and stock cards), the game chooser and the mode line, links, switching games, reload, pause,
the time limit, the no-progress note, the no-moves dialog, auto-finish and the won dialog, and
axe. Words are read from the catalogs (``text_of``) or checked as catalog keys (``data-key``),
in German and English where they matter; positions come from ``tests/klondike_positions.py``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.klondike_page import (
    KEY,
    MOVES,
    SUITS,
    Game,
    build,
    card,
    column,
    dialog,
    double_press,
    engine_shown,
    foundation_tops,
    open_kpos,
    press,
    saved_game,
    shown,
    stock,
    waste,
)
from e2e.spider_page import (
    before_load,
    msg_key,
    notice,
    open_settings,
    seed_storage,
    stat,
    storage,
    table,
    text_of,
)
from e2e.test_a11y import axe

LOCALE = {"de": "de-DE", "en": "en-GB"}
PRESSED = re.compile(r"\bselected\b")

# Every card known, the stock empty: four built columns, the rest on the foundations.
AUTO = build(["KS QH JS TH", "KH QS JH TS", "KD QC JD TC", "KC QD JC TD", "", "", ""])
# One move (the waste's 8H onto 9C, its only target) and then none: the aces lie face down.
STUCK = build(["#AS * 9H", "#AH * 9C", "#AD * 5C", "#AC * 5S", "* QH", "* QD", "* 2H"], waste="8H")
# One legal move, and it helps nothing (a lone king from one column to an empty one).
NO_PROGRESS = build(["#AS * 9H", "#AH * 9C", "#AD * 5C", "#AC * 5S", "* QH", "KD", ""])


def tool(page: Page, key: str, lang: str = "de") -> Locator:
    """A toolbar button by its accessible name from the catalog."""
    return page.locator("#tools").get_by_role("button", name=text_of(key, lang), exact=True)


def radio(box: Locator, key: str, lang: str) -> Locator:
    return box.get_by_role("radio", name=text_of(key, lang), exact=True)


def localised(warm_page: Callable[..., Page], device: str, lang: str) -> Page:
    """A page whose browser asks for `lang` (a warm context; see conftest's `warm_page`)."""
    return warm_page(device, LOCALE[lang])


def wait_for_ten_of_spades_up(page: Page) -> None:
    """Auto-finish has put 10♠ up (♠ shows 10 or more). Checked every frame: at 60 ms a card
    (reduced motion) 10♠ is on top for a quarter of a second, which Playwright's widening
    expect() polls (up to 1 s apart) can miss on a busy machine."""
    page.wait_for_function(
        """() => {
          const top = document.querySelector('#board [data-pile="foundation"][data-suit="S"] [data-card]');
          return top !== null && top.dataset.card !== "9S";
        }""",
        polling="raf", timeout=5000)


def found_count(page: Page) -> int:
    """Cards on the foundations, read from their top cards."""
    ranks = "A23456789TJQK"
    return sum(ranks.index(c[0]) + 1 for c in foundation_tops(page) if c)


# ---------------------------------------------------------------- the board and links


def test_a_deal_link_draws_the_contract_and_never_a_hidden_card(
    page: Page, base_url: str, device: str
) -> None:
    open_game(page, base_url, "?deal=K3-32000")
    game = Game.new(deal_id="K3-32000")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-game", "klondike")
    expect(page.locator("#deal-id")).to_contain_text("K3-32000")
    assert shown(page) == engine_shown(game)
    expect(stock(page)).to_have_attribute("data-count", "24")
    expect(page.locator('[data-stat="stock"]')).to_have_text("24")
    expect(page.locator('[data-stat="passes"]')).to_have_text("0")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(page.locator('[data-stat="time"]')).to_have_text("0:00")
    assert page.locator("#board [data-pile=foundation]").evaluate_all(
        "els => els.map(e => e.dataset.suit)") == list(SUITS)
    # A face-down card says "down" and nothing else; the stock is only a count.
    downs = page.locator('#board [data-card="down"]')
    expect(downs).to_have_count(21)
    what = downs.evaluate_all("els => els.map(e => e.textContent + '|' + [...e.attributes]"
                              ".map(a => a.name).sort().join(','))")
    assert set(what) == {"|aria-label,class,data-card,role,style"}
    hidden = _hidden_codes(game)
    html = page.content()
    assert hidden and not [c for c in hidden if f'data-card="{c}"' in html]
    expect(stock(page).locator("[data-card]")).to_have_count(0)
    # The mode line: the game with its variant (and the level when the deal is on a list).
    expect(page.locator("#mode .mode-label")).to_contain_text(text_of("ui.choice.klondike.3"))


def _hidden_codes(game: Game) -> set[str]:
    """The codes of every card the player has not seen: the stock and the face-down cards
    (those not in the columns' face-up part, the waste or on a foundation)."""
    from spider.core.cards import card_code

    known = {code for c in game.columns for code in c.up} | set(game.waste)
    return {card_code(c) for c in range(52)} - known


@pytest.mark.desktop_only
def test_a_position_link_opens_that_klondike_position(page: Page, base_url: str) -> None:
    open_kpos(page, base_url, MOVES)
    expect(page.locator("#board")).to_have_attribute("data-game", "klondike")
    assert shown(page) == engine_shown(Game.from_text(MOVES))
    expect(page.locator("#deal-id")).to_have_text(text_of("ui.deal_id.none"))


# ---------------------------------------------------------------- choosing a game


@pytest.mark.desktop_only
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_chooser_offers_both_games_and_levels_and_the_mode_line_switches_the_draw(
    warm_page: Callable[..., Page], base_url: str, lang: str
) -> None:
    page = localised(warm_page, "desktop", lang)
    open_game(page, base_url)
    tool(page, "ui.btn.new", lang).click()
    chooser = dialog(page)
    for key in ("spider.1", "spider.2", "spider.4", "klondike.1", "klondike.3"):
        expect(radio(chooser, f"ui.choice.{key}", lang)).to_be_visible()
    radio(chooser, "ui.choice.klondike.1", lang).check()
    for level in ("easy", "normal", "hard"):
        expect(radio(chooser, f"ui.level.{level}", lang)).to_be_visible()
    radio(chooser, "ui.level.hard", lang).check()
    chooser.get_by_role("button", name=text_of("ui.new.start", lang)).click()
    expect(dialog(page)).to_have_count(0)
    board = page.locator("#board")
    expect(board).to_have_attribute("data-game", "klondike")
    expect(board).to_have_attribute("data-draw", "1")
    expect(page.locator("#deal-id")).to_contain_text("K1-")
    mode = text_of("ui.k.mode", lang, choice=text_of("ui.choice.klondike.1", lang),
                   level=text_of("ui.level.hard", lang))
    expect(page.locator("#mode .mode-label")).to_have_text(mode)
    # The other draw count, same level, one tap on the mode line.
    page.locator("#mode .mode-other").click()
    expect(board).to_have_attribute("data-draw", "3")
    expect(page.locator("#deal-id")).to_contain_text("K3-")
    mode = text_of("ui.k.mode", lang, choice=text_of("ui.choice.klondike.3", lang),
                   level=text_of("ui.level.hard", lang))
    expect(page.locator("#mode .mode-label")).to_have_text(mode)
    # The last choice is remembered.
    page.reload()
    wait_ready(page)
    tool(page, "ui.btn.new", lang).click()
    chooser = dialog(page)
    expect(radio(chooser, "ui.choice.klondike.3", lang)).to_be_checked()
    expect(radio(chooser, "ui.level.hard", lang)).to_be_checked()


@pytest.mark.desktop_only
def test_switching_games_keeps_both_saves(page: Page, base_url: str, device: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    tool(page, "ui.btn.deal").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    spider_table = table(page)
    page.locator("#mode .mode-switch").click()  # to Klondike: a new game
    expect(page.locator("#board")).to_have_attribute("data-game", "klondike")
    press(page, device, stock(page))
    press(page, device, stock(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    klondike = shown(page)
    page.locator("#mode .mode-switch").click()  # back to Spider: as it was
    expect(page.locator("#board")).to_have_attribute("data-game", "spider")
    assert table(page) == spider_table
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(page.locator("#deal-id")).to_contain_text("S1-5")
    page.locator("#mode .mode-switch").click()  # and Klondike as it was
    expect(page.locator("#board")).to_have_attribute("data-game", "klondike")
    assert shown(page) == klondike
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    assert engine_shown(saved_game(page)) == klondike
    assert json.loads(storage(page, "spider.game"))["game"]


def test_reload_restores_the_exact_klondike_game(page: Page, base_url: str, device: str) -> None:
    open_kpos(page, base_url, MOVES)
    press(page, device, card(page, 2, "8S"))
    press(page, device, stock(page))
    press(page, device, stock(page))
    tool(page, "ui.btn.undo").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    before = shown(page)
    stats = {k: stat(page, k) for k in ("moves", "stock", "passes")}
    page.reload()
    wait_ready(page)
    assert shown(page) == before
    assert {k: stat(page, k) for k in stats} == stats
    expect(tool(page, "ui.btn.redo")).to_be_enabled()  # the redo history survived
    tool(page, "ui.btn.redo").click()
    expect(stock(page)).to_have_attribute("data-count", "1")
    assert engine_shown(saved_game(page)) == shown(page)


# ---------------------------------------------------------------- pause and the time limit


def controlled_clock(page: Page) -> None:
    """From now on the page's time moves only when the test says so (Playwright's clock,
    installed before the page loaded): what must not happen meanwhile is checked by moving
    time on, never by sleeping."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)


@pytest.mark.fresh_context  # installs Playwright's clock, which belongs to the context
def test_pause_hides_the_table_and_stops_the_clock(page: Page, base_url: str, device: str) -> None:
    page.clock.install()
    open_kpos(page, base_url, MOVES)
    controlled_clock(page)
    press(page, device, stock(page))  # the clock runs from the first action
    page.clock.run_for(2000)
    expect(page.locator('[data-stat="time"]')).to_have_text("0:02")
    tool(page, "ui.btn.pause").click()
    expect(page.locator("html")).to_have_class(re.compile(r"\bpaused\b"))
    expect(page.locator("#board")).to_be_hidden()
    expect(tool(page, "ui.btn.pause")).to_have_attribute("aria-pressed", "true")
    expect(notice(page, "paused")).to_be_visible()
    page.clock.run_for(60_000)  # a minute paused: the clock stands
    expect(page.locator('[data-stat="time"]')).to_have_text("0:02")
    notice(page, "paused").get_by_role("button", name=text_of("ui.resume")).click()
    expect(page.locator("#board")).to_be_visible()
    page.clock.run_for(3000)
    expect(page.locator('[data-stat="time"]')).to_have_text("0:05")


@pytest.mark.desktop_only
def test_the_time_limit_runs_out_and_the_game_goes_on_without_the_clock(
    page: Page, base_url: str, device: str
) -> None:
    open_kpos(page, base_url, MOVES)
    press(page, device, card(page, 2, "8S"))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    # A minute's limit, and 59.5 s played: set in the save before the next load.
    before_load(page, """
        const s = JSON.parse(localStorage.getItem('spider.settings'));
        s.time_limit = 1; localStorage.setItem('spider.settings', JSON.stringify(s));
        const g = JSON.parse(localStorage.getItem('spider.game.klondike'));
        g.clock_ms = 59500; localStorage.setItem('spider.game.klondike', JSON.stringify(g));""")
    page.reload()
    wait_ready(page)
    expect(notice(page, "time")).to_be_visible(timeout=5000)
    assert msg_key(page) == "ui.time.up"
    held = stat(page, "time")
    assert held == "1:00"
    at_limit = json.loads(storage(page, KEY))["clock_ms"]
    assert 60_000 <= at_limit < 62_000
    notice(page, "time").get_by_role("button", name=text_of("ui.time.go_on")).click()
    press(page, device, stock(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    # The clock stays where the limit stopped it: the action saved the same time as the
    # moment the limit ran out (a running clock would have counted the tap's own time).
    expect(page.locator('[data-stat="time"]')).to_have_text(held)
    assert json.loads(storage(page, KEY))["clock_ms"] == at_limit
    assert json.loads(storage(page, "spider.settings"))["time_limit"] == 1


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.desktop_only
def test_the_time_limit_is_set_in_the_settings_and_a_wrong_value_is_refused(
    new_context: Callable[..., BrowserContext], base_url: str, device: str, lang: str
) -> None:
    """The player sets the limit through ⚙: a number the field cannot take is refused with
    the catalog's sentence, the dialog stays and nothing is saved; a minute is kept, and a
    minute of play later the time is up."""
    # a fresh context: Playwright's clock belongs to the context (see conftest)
    page = new_context(device, locale=LOCALE[lang]).new_page()
    page.clock.install()
    open_kpos(page, base_url, MOVES, f"&lang={lang}")
    controlled_clock(page)
    box = open_settings(page, lang)
    field = box.get_by_label(text_of("ui.settings.time_limit", lang))
    expect(field).to_have_value("0")
    for wrong in ("601", "2.5", "-3"):
        field.evaluate("f => f.setCustomValidity('')")  # each value answered on its own
        field.fill(wrong)
        box.get_by_role("button", name=text_of("ui.settings.save", lang)).click()
        # (polled: the browser's own range message stands there until the page answers)
        expect(field).to_have_js_property("validationMessage",
                                          text_of("ui.settings.minutes.bad", lang, limit=600))
        expect(box).to_be_visible()
        assert json.loads(storage(page, "spider.settings") or "{}").get("time_limit", 0) == 0
    field.fill("1")
    box.get_by_role("button", name=text_of("ui.settings.save", lang)).click()
    expect(dialog(page)).to_have_count(0)
    assert json.loads(storage(page, "spider.settings"))["time_limit"] == 1

    press(page, device, stock(page))  # the clock runs from the first action
    page.clock.run_for(59_000)
    expect(notice(page, "time")).to_have_count(0)
    page.clock.run_for(2_000)
    expect(notice(page, "time")).to_be_visible()
    assert msg_key(page) == "ui.time.up"
    # Kept for the next visit: the dialog shows it.
    page.reload()
    wait_ready(page)
    expect(open_settings(page, lang).get_by_label(text_of("ui.settings.time_limit", lang))).to_have_value("1")


# ---------------------------------------------------------------- the hint's note, no moves


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_hint_with_no_helpful_move_shows_a_dismissible_note(
    warm_page: Callable[..., Page], base_url: str, device: str, lang: str
) -> None:
    page = localised(warm_page, device, lang)
    open_kpos(page, base_url, NO_PROGRESS)
    hint = Game.from_text(NO_PROGRESS).hint()
    assert hint.move is None
    tool(page, "ui.btn.hint", lang).click()
    note = notice(page, "stalled")
    expect(note).to_be_visible()
    expect(note).to_contain_text(hint.message.render(lang))
    assert msg_key(page) == hint.message.key
    expect(dialog(page)).to_have_count(0)  # moves are left: no dialog
    note.get_by_role("button", name=text_of("ui.k.note.ok", lang)).click()
    expect(notice(page, "stalled")).to_have_count(0)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_move_left_opens_the_dialog_with_undo_and_new_game(
    warm_page: Callable[..., Page], base_url: str, device: str, lang: str
) -> None:
    page = localised(warm_page, device, lang)
    open_kpos(page, base_url, STUCK)
    start = shown(page)
    press(page, device, waste(page).locator('[data-card="8H"]'))  # its only target: 9C
    expect(card(page, 2, "8H")).to_have_count(1)
    box = dialog(page)
    expect(box.get_by_role("heading", name=text_of("ui.stuck.title", lang))).to_be_visible()
    expect(box).to_contain_text(text_of("ui.stuck.text.klondike", lang))
    box.get_by_role("button", name=text_of("ui.stuck.undo", lang)).click()
    expect(dialog(page)).to_have_count(0)
    assert shown(page) == start
    press(page, device, waste(page).locator('[data-card="8H"]'))
    dialog(page).get_by_role("button", name=text_of("ui.btn.new", lang)).click()
    expect(dialog(page).get_by_role("heading", name=text_of("ui.new.title", lang))).to_be_visible()


# ---------------------------------------------------------------- auto-finish and the win


def test_auto_finish_stops_on_a_second_tap_and_goes_on_to_the_win(
    page: Page, base_url: str, device: str
) -> None:
    open_kpos(page, base_url, AUTO)
    auto = tool(page, "ui.btn.auto")
    expect(auto).to_be_visible()
    auto.click()
    expect(auto).to_have_attribute("aria-pressed", "true")
    wait_for_ten_of_spades_up(page)
    auto.click()
    expect(auto).to_have_attribute("aria-pressed", "false")
    assert msg_key(page) == "ui.k.auto.stopped"
    stopped = shown(page)
    assert 36 < found_count(page) < 52
    # Stopped: the saved game is the one on the table (auto-finish saves after each card).
    assert engine_shown(saved_game(page)) == stopped
    auto.click()
    box = dialog(page)
    expect(box.get_by_role("heading", name=text_of("ui.won.title"))).to_be_visible(timeout=10_000)
    expect(box).to_contain_text(text_of("ui.won.text.klondike"))
    expect(box.locator('[data-won="moves"]')).to_have_text("16")
    expect(box.locator('[data-won="passes"]')).to_have_text("0")
    expect(box.locator('[data-won="deal"]')).to_have_text(text_of("ui.deal_id.none"))
    for key in ("ui.won.again.klondike", "ui.btn.new"):
        expect(box.get_by_role("button", name=text_of(key))).to_be_visible()
    assert foundation_tops(page) == ["KS", "KH", "KD", "KC"]
    expect(auto).to_be_hidden()


@pytest.mark.desktop_only
def test_auto_finish_honours_reduced_motion_and_a_tap_on_the_table_stops_it(
    warm_page: Callable[..., Page], base_url: str
) -> None:
    page = warm_page("desktop", reduced_motion="reduce")
    open_kpos(page, base_url, AUTO)
    tool(page, "ui.btn.auto").click()
    wait_for_ten_of_spades_up(page)
    assert page.evaluate("document.getAnimations().length") == 0
    press(page, "desktop", column(page, 6))  # any tap on the table stops it
    expect(tool(page, "ui.btn.auto")).to_have_attribute("aria-pressed", "false")
    assert found_count(page) < 52


# ---------------------------------------------------------------- accessibility


def test_axe_finds_nothing_on_klondike(
    device: str, warm_page: Callable[..., Page], base_url: str
) -> None:
    page = warm_page(device, reduced_motion="reduce")
    found: list[str] = []
    open_kpos(page, base_url, MOVES)
    found += axe(page, "start")
    press(page, device, waste(page).locator('[data-card="7H"]'))  # two targets: selected
    expect(waste(page).locator('[data-card="7H"]')).to_have_class(PRESSED)
    found += axe(page, "selected")
    tool(page, "ui.btn.hint").click()
    found += axe(page, "hint")
    tool(page, "ui.btn.pause").click()
    found += axe(page, "paused")
    tool(page, "ui.btn.pause").click()
    open_kpos(page, base_url, STUCK)
    press(page, device, waste(page).locator('[data-card="8H"]'))
    expect(dialog(page)).to_have_count(1)
    found += axe(page, "stuck")
    open_kpos(page, base_url, AUTO)
    tool(page, "ui.btn.auto").click()
    expect(dialog(page).get_by_role("heading", name=text_of("ui.won.title"))).to_be_visible(timeout=10_000)
    found += axe(page, "won")
    assert found == []


def test_a_won_deal_shows_its_id_and_copies_it(page: Page, base_url: str, device: str) -> None:
    """A whole deal won: the save is an easy deal one move short of the win (the solver's
    line); the player makes the last move with a double tap (the king could also go to an
    empty column)."""
    from spider.klondike import solve

    deal = "K1-888"
    line = solve(Game.new(deal_id=deal), 200_000, peek=True).line
    assert line
    game = Game.new(deal_id=deal)
    for move in line[:-1]:
        game.play(move)
    last = line[-1]
    assert last.to_foundation and last.src < 7
    open_game(page, base_url, f"?deal={deal}")  # Klondike becomes the game the page opens
    saved = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 61_000,
             "origin": None}
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    seed_storage(page, KEY, json.dumps(saved))
    page.reload()
    wait_ready(page)
    code = game.columns[last.src].up[-1]
    double_press(page, device, card(page, last.src + 1, code))
    box = dialog(page)
    expect(box.get_by_role("heading", name=text_of("ui.won.title"))).to_be_visible()
    expect(box.locator('[data-won="deal"]')).to_have_text(deal)
    expect(box.locator('[data-won="moves"]')).to_have_text(str(len(line)))
    expect(box.locator('[data-won="time"]')).to_contain_text("1:0")
    box.get_by_role("button", name=text_of("ui.won.copy")).click()
    expect(page.locator("#msg")).to_have_text(text_of("ui.copied", id=deal))
    assert page.evaluate("navigator.clipboard.readText()") == deal
    box.get_by_role("button", name=text_of("ui.won.again.klondike")).click()
    expect(dialog(page)).to_have_count(0)
    assert shown(page) == engine_shown(Game.new(deal_id=deal))
