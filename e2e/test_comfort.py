"""What players set up first (issue 22): the theme (System / Hell / Dunkel), the card size
(Normal / Groß), the animations (Normal / Schnell / Aus) and the left-handed table, in the
settings dialog, both games, desktop and phone.

- Each setting changes what it says (the markers on ``<html>``: ``data-theme``,
  ``data-cards``, ``data-motion``, ``data-hand``; the table's colours, sizes, pace and
  sides) and is remembered across a reload.
- System follows the device's colour scheme as it changes, without a reload, and
  ``<meta name="theme-color">`` goes with it.
- axe finds nothing in either theme, on both tables and in every dialog (the four-colour
  deck on in the dark one).
- Large: the columns are as wide as the screen allows, the corner indices bigger, every
  index whole, a phone's ten columns still across the screen, a dense column still above
  the message line.
- Animations: Off draws no flight, no run sweep, no celebration and no transition; Fast
  halves them and auto-finish's pauses; reduced motion stops them whatever is chosen.
- Left-handed: the piles mirrored (Klondike's stock and waste on the right, Spider's stock
  on the other side), and tapping, dragging and the keys still work; the arrow keys follow
  what the eye sees.

(The start-up picture in the player's theme and size, with no layout shift: e2e/test_startup.py.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from e2e.conftest import open_game, wait_ready
from e2e.duel_page import comparison, menu
from e2e.klondike_page import MOVES as KMOVES
from e2e.klondike_page import after, engine_shown, foundation, open_kpos, shown, stock, waste
from e2e.spider_page import (
    BEFORE_STUCK,
    build,
    button,
    column,
    dialog,
    drag,
    open_pos,
    open_settings,
    press,
    settle,
    stat,
    table,
    text_of,
)
from e2e.test_a11y import MOVES as SMOVES
from e2e.test_a11y import TWO_TO_WIN, axe
from e2e.test_klondike_page import AUTO
from e2e.test_page_moves import COUNT_ANIMATIONS
from spider.web import looks

MARKERS = ("data-theme", "data-cards", "data-motion", "data-hand")
DEFAULTS = {"data-theme": "light", "data-cards": "normal", "data-motion": "normal", "data-hand": "right"}
SETTINGS_KEY = "spider.settings"
# Every timer the page starts, with its delay (auto-finish's pauses among them).
COUNT_TIMERS = """
window.__timers = [];
const setTimeout_ = window.setTimeout;
window.setTimeout = function (handler, ms, ...rest) {
  window.__timers.push(ms);
  return setTimeout_.call(this, handler, ms, ...rest);
};
"""


def markers(page: Page) -> dict[str, str | None]:
    return dict(page.evaluate("names => Object.fromEntries(names.map("
                              "n => [n, document.documentElement.getAttribute(n)]))", list(MARKERS)))


def theme_color(page: Page) -> str:
    return str(page.locator('meta[name="theme-color"]').get_attribute("content"))


def choose(page: Page, lang: str = "de", **values: str | bool) -> None:
    """Open the settings dialog, set ``values`` (a choice by its value, a check box by a
    bool), and take them ("Übernehmen")."""
    box = open_settings(page, lang)
    for name, value in values.items():
        field = box.locator(f'[name="{name}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.select_option(value)
    box.get_by_role("button", name=text_of("ui.settings.save", lang)).click()
    expect(dialog(page)).to_have_count(0)


def dialog_values(page: Page) -> dict[str, Any]:
    box = open_settings(page)
    shown_values = {name: box.locator(f'select[name="{name}"]').input_value()
                    for name in ("theme", "card_size", "animations")}
    shown_values["left_handed"] = box.locator('input[name="left_handed"]').is_checked()
    box.get_by_role("button", name=text_of("ui.cancel")).click()
    return shown_values


def rect(node: Locator) -> dict[str, float]:
    return dict(node.evaluate("e => { const r = e.getBoundingClientRect();"
                              " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
                              " width: r.width}; }"))


def index_font(page: Page) -> float:
    """The corner index's font size of the first face-up card on the table (px)."""
    size = page.locator("#board .card:not(.down) .ix").first.evaluate("e => getComputedStyle(e).fontSize")
    return float(size.removesuffix("px"))


def background(node: Locator) -> str:
    return str(node.evaluate("e => getComputedStyle(e).backgroundColor"))


def settings_doc(**values: object) -> str:
    return json.dumps({"format": "spider-settings", "version": 2, **values})


def with_settings(page: Page, **values: object) -> None:
    """The player's saved settings, there before the page's first script on every load
    (a test's page starts with the storage empty)."""
    page.add_init_script(f"localStorage.setItem({SETTINGS_KEY!r}, {settings_doc(**values)!r})")


# ---------------------------------------------------------------- each setting, remembered


@pytest.mark.parametrize("game", ["spider", "klondike"])
def test_each_setting_changes_what_it_says_and_is_remembered(
    page: Page, base_url: str, device: str, game: str
) -> None:
    if game == "spider":
        open_pos(page, base_url, SMOVES)
    else:
        open_kpos(page, base_url, KMOVES)
    assert markers(page) == DEFAULTS  # Playwright's browser is in light mode
    assert theme_color(page) == looks.THEME_COLORS["light"]
    face = page.locator("#board .card:not(.down)").first
    light_face = background(face)
    normal_w, normal_font = rect(column(page, 1))["width"], index_font(page)
    before = table(page) if game == "spider" else shown(page)

    choose(page, theme="dark", card_size="large", animations="fast", left_handed=True)
    assert markers(page) == {"data-theme": "dark", "data-cards": "large", "data-motion": "fast",
                             "data-hand": "left"}
    assert theme_color(page) == looks.THEME_COLORS["dark"]
    dark_face = background(face)
    assert dark_face != light_face and dark_face == "rgb(42, 46, 51)"  # the dark card (page.css)
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--motion').trim()") \
        == "0.5"
    large_w, large_font = rect(column(page, 1))["width"], index_font(page)
    assert large_w >= normal_w + 1 and large_font > normal_font
    if not (device == "phone" and game == "spider"):  # there the index fills the card already
        assert large_font >= normal_font * 1.1
    if device == "desktop" and game == "klondike":
        assert large_w >= normal_w * 1.3  # no 104 px cap: as tall as the window lets it be
    mirrored(page, game)
    assert (table(page) if game == "spider" else shown(page)) == before  # the same game, redrawn

    page.reload()
    wait_ready(page)
    assert markers(page) == {"data-theme": "dark", "data-cards": "large", "data-motion": "fast",
                             "data-hand": "left"}
    assert theme_color(page) == looks.THEME_COLORS["dark"]
    assert rect(column(page, 1))["width"] == pytest.approx(large_w, abs=0.5)
    mirrored(page, game)
    assert dialog_values(page) == {"theme": "dark", "card_size": "large", "animations": "fast",
                                   "left_handed": True}
    stored = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))
    assert {k: stored[k] for k in ("theme", "card_size", "animations", "left_handed")} == {
        "theme": "dark", "card_size": "large", "animations": "fast", "left_handed": True}

    choose(page, theme="light", card_size="normal", animations="off", left_handed=False)
    assert markers(page) == {**DEFAULTS, "data-motion": "off"}
    assert rect(column(page, 1))["width"] == pytest.approx(normal_w, abs=0.5)
    assert background(face) == light_face
    mirrored(page, game, left=False)


def mirrored(page: Page, game: str, *, left: bool = True) -> None:
    """Where the piles stand: left-handed, Klondike's top row reads foundations, waste,
    stock (over the columns 1-4, 5 and 7) and Spider's stock stands before its row of runs,
    at the other end of the header's line; otherwise the other way round."""
    if game == "klondike":
        places = [stock(page), waste(page), *(foundation(page, s) for s in "SHDC")]
        lefts = [round(rect(p)["left"]) for p in places]
        cols = [round(rect(column(page, n))["left"]) for n in range(1, 8)]
        if left:
            assert lefts == [cols[6], cols[4], *cols[:4]], (lefts, cols)
        else:
            assert lefts == [cols[0], cols[1], *cols[3:]], (lefts, cols)
        return
    stock_box, runs = rect(page.locator("#piles .stock")), rect(page.locator("#piles .foundation"))
    header = rect(page.locator("header.bar"))
    if left:
        assert stock_box["right"] <= runs["left"]
        if not landscape(page):  # at the other end of its line
            assert runs["right"] == pytest.approx(header["right"], abs=1.5)
    else:
        assert stock_box["left"] >= runs["right"]


def landscape(page: Page) -> bool:
    return bool(page.evaluate("matchMedia('(orientation: landscape) and (max-height: 520px)').matches"))



# ---------------------------------------------------------------- System follows the device


def test_system_follows_the_device_live_and_a_chosen_theme_stays(page: Page, base_url: str) -> None:
    page.emulate_media(color_scheme="light")
    open_game(page, base_url, "?deal=S2-5")
    page.evaluate("window.__sameDocument = true")  # gone if anything reloaded the page
    assert markers(page)["data-theme"] == "light"
    face = page.locator("#board .card:not(.down)").first
    light_face = background(face)
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", looks.THEME_COLORS["dark"])
    assert background(face) == "rgb(42, 46, 51)"
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", looks.THEME_COLORS["light"])
    assert background(face) == light_face
    # A chosen theme does not follow the device.
    choose(page, theme="light")
    page.emulate_media(color_scheme="dark")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert markers(page)["data-theme"] == "light"
    choose(page, theme="dark")
    page.emulate_media(color_scheme="light")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert markers(page)["data-theme"] == "dark"
    choose(page, theme="system")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate("window.__sameDocument") is True


# ---------------------------------------------------------------- readable in both themes


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_either_theme_on_spider_and_in_every_dialog(
    device: str, warm_page: Callable[..., Page], base_url: str, scheme: str
) -> None:
    """The theme System, the device light or dark: the table, a move's and a hint's marks,
    the picker, the four-colour deck, and every dialog (new game, settings, how to play,
    statistics, the duel's, the comparison, the challenge, won, the analysis and its replay
    bar, stuck, the confirmation)."""
    page = warm_page(device, reduced_motion="reduce", color_scheme=scheme)
    open_pos(page, base_url, SMOVES)
    assert markers(page)["data-theme"] == scheme
    found = axe(page, f"{scheme}: start")
    press(page, device, page.locator('#board [data-col="2"] [data-card="7C"]'))
    button(page, "Tipp").click()
    found += axe(page, f"{scheme}: play")
    button(page, "Vierfarbiges Blatt").click()
    expect(page.locator("html")).to_have_class(re.compile(r"\bfour\b"))
    found += axe(page, f"{scheme}: four-colour deck")
    column(page, 9).focus()
    page.keyboard.press("Enter")
    expect(dialog(page)).to_be_visible()
    found += axe(page, f"{scheme}: picker")
    page.keyboard.press("Escape")
    for key, ident in (("ui.settings.title", "settings"), ("ui.menu.stats", "stats")):
        menu(page, key).click()
        expect(page.locator(f"dialog#{ident}[open]")).to_be_visible()
        found += axe(page, f"{scheme}: {ident}")
        page.keyboard.press("Escape")
    button(page, "Anleitung").click()
    expect(page.locator("dialog#help[open]")).to_be_visible()
    found += axe(page, f"{scheme}: help")
    page.keyboard.press("Escape")
    page.keyboard.press("n")
    expect(page.locator("dialog#newgame[open]")).to_be_visible()
    found += axe(page, f"{scheme}: new game")
    page.keyboard.press("Escape")
    menu(page, "ui.menu.duel").click()
    expect(page.locator("dialog#duel[open]")).to_be_visible()
    page.locator("dialog#duel details.rules summary").click()
    found += axe(page, f"{scheme}: duel")
    page.locator("dialog#duel").get_by_role("button", name=text_of("duel.btn.start")).click()
    expect(page.locator("#opponent")).to_be_visible()
    found += axe(page, f"{scheme}: duel against the computer")
    button(page, text_of("ui.btn.finish")).click()
    expect(page.locator("dialog#confirm[open]")).to_be_visible()
    found += axe(page, f"{scheme}: confirm")
    page.locator("dialog#confirm").get_by_role("button", name=text_of("ui.btn.finish")).click()
    comparison(page)
    found += axe(page, f"{scheme}: comparison")
    comparison(page).get_by_role("button", name=text_of("duel.btn.challenge")).click()
    expect(page.locator("dialog#challenge[open]")).to_be_visible()
    found += axe(page, f"{scheme}: challenge")

    open_pos(page, base_url, TWO_TO_WIN)
    press(page, device, page.locator('#board [data-col="2"] [data-card="2S"]'))
    press(page, device, page.locator('#board [data-col="3"] [data-card="AS"]'))
    won = page.locator("dialog#won[open]")
    expect(won).to_be_visible()
    found += axe(page, f"{scheme}: won")
    won.get_by_role("button", name=text_of("analysis.btn.replay")).click()
    analysis = page.locator("dialog#analysis[open]")
    expect(analysis).to_be_visible()
    found += axe(page, f"{scheme}: analysis")
    analysis.get_by_role("button", name=text_of("analysis.btn.own")).click()
    expect(page.locator(".replay")).to_be_visible()
    found += axe(page, f"{scheme}: replay")

    open_pos(page, base_url, BEFORE_STUCK)
    press(page, device, page.locator('#board [data-col="9"] [data-card="9C"]'))
    expect(page.locator("dialog#stuck[open]")).to_be_visible()
    found += axe(page, f"{scheme}: stuck")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_either_theme_on_klondike(
    device: str, warm_page: Callable[..., Page], base_url: str, scheme: str
) -> None:
    page = warm_page(device, reduced_motion="reduce", color_scheme=scheme)
    open_kpos(page, base_url, KMOVES)
    found = axe(page, f"{scheme}: start")
    press(page, device, waste(page).locator('[data-card="7H"]'))  # two targets: selected
    found += axe(page, f"{scheme}: selected")
    button(page, text_of("ui.btn.hint")).click()
    found += axe(page, f"{scheme}: hint")
    button(page, text_of("ui.btn.pause")).click()
    found += axe(page, f"{scheme}: paused")
    button(page, text_of("ui.btn.pause")).click()
    open_kpos(page, base_url, AUTO)
    button(page, text_of("ui.btn.auto")).click()
    expect(page.locator("dialog#won[open]")).to_be_visible(timeout=10_000)
    found += axe(page, f"{scheme}: won")
    assert found == [], "\n".join(found)


def test_the_dark_cards_keep_every_suit_apart_and_legible(
    warm_page: Callable[..., Page], base_url: str
) -> None:
    """Measured on the page: each suit's colour against the dark card (WCAG AA for text, 4.5:1,
    and more), red apart from black, and with the four-colour deck all four apart."""
    from e2e.spider_page import contrast

    page = warm_page("desktop", color_scheme="dark")
    open_pos(page, base_url, build(["* 9S", "* 9H", "* 9D", "* 9C", "", "", "", "", "", ""], stock_rows=1))
    colours: dict[tuple[bool, str], tuple[float, ...]] = {}
    card_bg: tuple[float, ...] = ()
    for four in (False, True):
        if four:
            button(page, "Vierfarbiges Blatt").click()
        for n, suit in enumerate("SHDC", start=1):
            node = page.locator(f'#board [data-col="{n}"] [data-card="9{suit}"]')
            ink, bg = node.evaluate("e => [getComputedStyle(e.querySelector('.ix')).color,"
                                    " getComputedStyle(e).backgroundColor]")
            colours[four, suit] = rgb(ink)
            card_bg = rgb(bg)
    for (four, suit), ink in colours.items():
        assert contrast(ink, card_bg) >= 4.5, (four, suit, ink)
    assert colours[False, "H"] == colours[False, "D"] != colours[False, "S"] == colours[False, "C"]
    assert distance(colours[False, "H"], colours[False, "S"]) > 160  # as far apart as on light cards
    four_colours = [colours[True, s] for s in "SHDC"]
    assert all(distance(a, b) > 100 for i, a in enumerate(four_colours) for b in four_colours[i + 1:])


def rgb(css: str) -> tuple[float, ...]:
    found = re.match(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)", css)
    assert found, css
    return tuple(float(x) for x in found.groups())


def distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


# ---------------------------------------------------------------- Large


LONG = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS KH QS JH TS 9H 8S 7H"


def test_large_cards_fit_across_and_a_dense_column_above_the_message_line(
    page: Page, base_url: str, device: str
) -> None:
    with_settings(page, card_size="large")
    columns = ["* " + LONG, "* TD", "*", "*", "*", "*", "*", "*", "*", "*"]
    open_pos(page, base_url, build(columns, stock_rows=1))
    assert markers(page)["data-cards"] == "large"
    size = page.viewport_size
    assert size is not None
    turns = [False, True] if device == "phone" else [False]  # a phone then held sideways: least height
    for turned in turns:
        if turned:
            page.set_viewport_size({"width": size["height"], "height": size["width"]})
        settle(page)  # the board's size observer lays the columns out in the next frame
        last = rect(column(page, 10))
        assert last["right"] <= float(page.evaluate("innerWidth")) + 0.5  # ten columns across
        long_col = column(page, 1)
        expect(long_col).to_have_attribute("data-dense", "true")
        exposed = rect(long_col.locator('[data-card="7H"]'))
        assert exposed["bottom"] <= rect(page.locator("#msg"))["top"] + 0.5
        # Every corner index whole: its rank and its suit sign inside the card's border.
        cut = page.evaluate("""() => [...document.querySelectorAll('#board .card:not(.down)')].filter((c) => {
            const card = c.getBoundingClientRect(), rank = c.querySelector('.ix b').getBoundingClientRect();
            const suit = c.querySelector('.ix i').getBoundingClientRect();
            return rank.left < card.left + 1 || suit.right > card.right - 1 + 0.5; })
          .map((c) => c.dataset.card)""")
        assert cut == []


# ---------------------------------------------------------------- Animations


def flights_of(page: Page) -> list[float]:
    return [float(d) for d in page.evaluate("window.__durations.splice(0)")]


@pytest.mark.desktop_only
@pytest.mark.parametrize(("animations", "pace"), [("normal", 1.0), ("fast", 0.5), ("off", 0.0)])
def test_every_animation_follows_the_setting(
    warm_page: Callable[..., Page], base_url: str, animations: str, pace: float
) -> None:
    """A move's flight, a deal, a run's sweep and the win celebration take ``pace`` times
    their normal time, the CSS transitions too; Off draws none of them."""
    page = warm_page("desktop", reduced_motion="no-preference")
    page.add_init_script(COUNT_ANIMATIONS)
    with_settings(page, animations=animations)
    open_pos(page, base_url, SMOVES)
    assert markers(page)["data-motion"] == animations
    press(page, "desktop", page.locator('#board [data-col="2"] [data-card="7C"]'))
    expect(page.locator('#board [data-col="3"] [data-card="7C"]')).to_have_count(1)
    flights = flights_of(page)
    assert flights == ([150 * pace] if pace else [])  # ANIM_MS, one card
    transition = page.locator('#board [data-col="3"] [data-card="7C"]').evaluate(
        "e => getComputedStyle(e).transitionDuration")
    assert [float(t.strip().removesuffix("s")) for t in transition.split(",")] == \
        pytest.approx([0.14 * pace, 0.15 * pace])
    button(page, "Austeilen").click()
    expect(page.locator('[data-stat="rounds"]')).to_have_text("1")
    flights = flights_of(page)
    assert len(flights) == (10 if pace else 0) and all(d == 150 * pace for d in flights)

    open_pos(page, base_url, TWO_TO_WIN)  # the last run completes: its sweep, then the win
    flights_of(page)
    press(page, "desktop", page.locator('#board [data-col="2"] [data-card="2S"]'))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    press(page, "desktop", page.locator('#board [data-col="3"] [data-card="AS"]'))
    expect(page.locator("dialog#won[open]")).to_be_visible()
    durations = flights_of(page)
    if not pace:
        assert durations == []
        assert page.locator(".celebrate, .card.ghost").count() == 0
        return
    assert 150 * pace in durations  # 2S's flight
    assert 420 * pace in durations  # the sweep (SWEEP_MS)
    assert 1600 * pace in durations and 2000 * pace in durations  # the celebration's pieces and layer
    assert max(durations) == 2000 * pace


@pytest.mark.desktop_only
@pytest.mark.parametrize(("animations", "pause"), [("normal", 170), ("fast", 85), ("off", 60)])
def test_auto_finish_keeps_the_pace_of_the_setting(
    warm_page: Callable[..., Page], base_url: str, animations: str, pause: int
) -> None:
    """Auto-finish waits between two cards as long as the setting says (AUTO_MS, halved for
    Fast; Off the quickest, as reduced motion), and its cards fly or not."""
    page = warm_page("desktop", reduced_motion="no-preference")
    page.add_init_script(COUNT_ANIMATIONS + COUNT_TIMERS)
    with_settings(page, animations=animations)
    open_kpos(page, base_url, AUTO)
    page.evaluate("window.__timers.splice(0); window.__durations.splice(0)")
    button(page, text_of("ui.btn.auto")).click()
    expect(page.locator("dialog#won[open]")).to_be_visible(timeout=20_000)
    timers = page.evaluate("window.__timers")
    assert timers.count(pause) >= 10, timers  # a pause after each of the 16 cards but the last
    assert not {170, 85, 60} - {pause} & set(timers)
    flights = flights_of(page)
    assert (len(flights) >= 16 if animations != "off" else flights == [])


def test_reduced_motion_stops_the_animations_whatever_is_chosen(
    warm_page: Callable[..., Page], base_url: str, device: str
) -> None:
    page = warm_page(device, reduced_motion="reduce")
    page.add_init_script(COUNT_ANIMATIONS)
    with_settings(page, animations="fast")
    open_pos(page, base_url, SMOVES)
    press(page, device, page.locator('#board [data-col="2"] [data-card="7C"]'))
    expect(page.locator('#board [data-col="3"] [data-card="7C"]')).to_have_count(1)
    assert flights_of(page) == []
    transition = page.locator('#board [data-col="3"] [data-card="7C"]').evaluate(
        "e => getComputedStyle(e).transitionDuration")
    assert transition.strip("0s,. ") == ""


# ---------------------------------------------------------------- the left-handed table


def test_left_handed_klondike_plays_by_tap_drag_and_keys(page: Page, base_url: str, device: str) -> None:
    with_settings(page, left_handed=True)
    open_kpos(page, base_url, KMOVES)
    mirrored(page, "klondike")
    # (The stock first: a tap within a few ms of a synthetic drag's end gets no click from
    # Chromium; no hand is that quick.)
    press(page, device, stock(page))  # the stock, on the right: one card to the waste
    expect(stock(page)).to_have_attribute("data-count", "2")
    press(page, device, page.locator('#board [data-col="2"] [data-card="8S"]'))  # one target: 9H
    expect(page.locator('#board [data-col="1"] [data-card="8S"]')).to_have_count(1)
    drag(page, device, waste(page).locator('[data-card="4C"]'), column(page, 5))  # from the right: onto 5D
    expect(page.locator('#board [data-col="5"] [data-card="4C"]')).to_have_count(1)
    drag(page, device, page.locator('#board [data-col="5"] [data-card="5D"]'), column(page, 6))  # 5D 4C on 6C
    expect(page.locator('#board [data-col="6"] [data-card="4C"]')).to_have_count(1)
    assert shown(page) == engine_shown(after(KMOVES, "stock", "2>1", "w>5", "5>6x2"))
    if device == "phone":
        return
    # The keys follow what the eye sees: right to the next place drawn to the right (round),
    # down to the column under, up to the place over it.
    keys_follow_the_eye(page)
    page.keyboard.press("d")
    expect(stock(page)).to_have_attribute("data-count", "1")


def keys_follow_the_eye(page: Page) -> None:
    active = "(() => { const e = document.activeElement; return e.dataset.col ? 'col' + e.dataset.col"\
             " : e.dataset.suit ? 'f' + e.dataset.suit : e.dataset.pile; })()"
    page.locator('#board [data-col="1"]').focus()
    page.keyboard.press("ArrowUp")
    order = []
    for _ in range(6):  # along the top row, left to right as drawn
        order.append((page.evaluate(active), rect(page.locator(":focus"))["left"]))
        page.keyboard.press("ArrowRight")
    assert page.evaluate(active) == order[0][0]  # round
    assert [name for name, _ in order] == ["fS", "fH", "fD", "fC", "waste", "stock"]
    assert [x for _, x in order] == sorted(x for _, x in order)
    for name, _x in order:  # down and up again: the column under each place, and back
        while page.evaluate(active) != name:
            page.keyboard.press("ArrowRight")
        over = rect(page.locator(":focus"))
        page.keyboard.press("ArrowDown")
        under = rect(page.locator(":focus"))
        assert page.evaluate(active).startswith("col")
        assert under["left"] == pytest.approx(over["left"], abs=1)
        page.keyboard.press("ArrowUp")
        assert page.evaluate(active) == name


def test_left_handed_spider_deals_from_the_other_side_and_plays(
    page: Page, base_url: str, device: str
) -> None:
    with_settings(page, left_handed=True)
    open_pos(page, base_url, SMOVES)
    mirrored(page, "spider")
    drag(page, device, page.locator('#board [data-col="2"] [data-card="7C"]'), column(page, 3))
    expect(page.locator('#board [data-col="3"] [data-card="7C"]')).to_have_count(1)
    press(page, device, page.locator('#board [data-col="5"] [data-card="7S"]'))  # a tap: onto 8S (column 2)
    expect(page.locator('#board [data-col="2"] [data-card="7S"]')).to_have_count(1)
    rounds = int(stat(page, "rounds"))
    press(page, device, page.locator("#piles .stock"))  # the stock deals
    expect(page.locator('[data-stat="rounds"]')).to_have_text(str(rounds - 1))
    if device == "desktop":
        page.keyboard.press("d")
        expect(page.locator('[data-stat="rounds"]')).to_have_text(str(rounds - 2))
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.col") == "1"

