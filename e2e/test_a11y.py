"""Accessibility: axe-core (npm, pinned in package.json) finds no WCAG 2.1 A/AA or
best-practice violation in any state of the page (start, play, picker, every dialog, the
update offer, the verdict bar), desktop and phone; every card and column
has an accessible name; a whole (short) game can be played with the keyboard alone.

axe runs inside the page: its source is evaluated through the DevTools protocol, which the
page's CSP does not govern, so the tests run against the page exactly as served (no
`bypass_csp`). Animations are switched off (`reduced_motion`) so colour contrast is
measured on settled pixels.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import ROOT, open_game
from e2e.spider_page import BEFORE_STUCK, LOST, WON, Game, build, card, column, dialog, open_pos, press

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)
# Two moves from the end: 2S onto 3S, then AS onto 2S completes the last run.
TWO_TO_WIN = build(
    ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "2S", "AS", "", "", "", "", "", "", ""],
    done="S H H D D C C",
)


def axe(page: Page, state: str) -> list[str]:
    """axe's violations in the page as it is now, one readable line per node."""
    # let a dialog or a move settle
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
                                       resultTypes: ['violations']})""",
        AXE_TAGS,
    )
    lines = []
    for v in result["violations"]:
        for node in v["nodes"]:
            lines.append(f"[{state}] {v['id']} ({v['impact']}): {v['help']} at "
                         f"{json.dumps(node['target'])}: {node.get('failureSummary', '')}")
    return lines


def reduced(warm_page: Callable[..., Page], device: str) -> Page:
    """A page with reduced motion, so that nothing is caught mid-flight."""
    return warm_page(device, reduced_motion="reduce")


def test_axe_start_play_picker_new_game_and_update_offer(
    device: str, warm_page: Callable[..., Page], base_url: str
) -> None:
    page = reduced(warm_page, device)
    open_game(page, base_url, "?deal=S4-1")
    found = axe(page, "start")

    open_pos(page, base_url, MOVES)
    press(page, device, card(page, 2, "7C"))  # a move: the moved cards are marked
    page.locator("#tools").get_by_role("button", name="Tipp").click()  # hint marks
    # The "new version" offer, as sw-register.js announces it.
    page.evaluate("document.documentElement.dataset.update = 'waiting';"
                  "window.dispatchEvent(new CustomEvent('spider:update'))")
    expect(page.get_by_role("button", name="Neue Version – neu laden")).to_be_visible()
    found += axe(page, "play")

    column(page, 9).focus()
    page.keyboard.press("Enter")
    expect(dialog(page)).to_be_visible()
    found += axe(page, "picker")
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)

    page.keyboard.press("n")
    expect(dialog(page).get_by_role("heading", name="Neues Spiel")).to_be_visible()
    found += axe(page, "new game")
    assert found == [], "\n".join(found)


def test_axe_won_and_stuck_dialogs_and_the_verdict_bar(
    device: str, warm_page: Callable[..., Page], base_url: str
) -> None:
    page = reduced(warm_page, device)
    open_pos(page, base_url, WON)
    press(page, device, card(page, 2, "AS"))
    expect(dialog(page).get_by_role("heading", name="Gewonnen!")).to_be_visible()
    found = axe(page, "won")

    open_pos(page, base_url, BEFORE_STUCK)
    press(page, device, card(page, 9, "9C"))
    expect(dialog(page).get_by_role("heading", name="Keine Züge mehr")).to_be_visible()
    found += axe(page, "stuck")

    open_pos(page, base_url, LOST)  # every card known: Tipp asks the solver's worker
    page.locator("#tools").get_by_role("button", name="Tipp").click()
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "lost", timeout=90_000)
    found += axe(page, "verdict: lost")
    assert found == [], "\n".join(found)


def test_every_card_and_column_has_an_accessible_name(page: Page, base_url: str) -> None:
    open_pos(page, base_url, MOVES)
    names = page.locator("#board [data-card]").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.getAttribute('role'), e.getAttribute('aria-label')])"
    )
    from spider.cards import card_name, parse_card

    assert len(names) == sum(c.down + len(c.up) for c in Game.from_text(MOVES).columns)
    for code, role, label in names:
        assert role == "img"
        assert label == ("verdeckte Karte" if code == "down" else card_name(parse_card(code)))
    expect(card(page, 2, "7C")).to_have_accessible_name("Kreuz 7")
    expect(column(page, 2).locator('[data-card="down"]').first).to_have_accessible_name(
        "verdeckte Karte")
    for n in range(1, 11):
        expect(column(page, n)).to_have_accessible_name(f"Spalte {n}")


def test_a_whole_game_with_the_keyboard_alone(desktop: BrowserContext, base_url: str) -> None:
    page = desktop.new_page()
    open_pos(page, base_url, TWO_TO_WIN)
    game = Game.from_text(TWO_TO_WIN)
    page.keyboard.press("ArrowRight")  # into the table: column 1
    page.keyboard.press("ArrowRight")  # column 2
    assert page.evaluate("document.activeElement.getAttribute('data-col')") == "2"
    page.keyboard.press("Enter")  # the picker for column 2
    expect(dialog(page)).to_be_visible()
    page.keyboard.press("Enter")  # Confirm: the best target, 3S in column 1
    expect(dialog(page)).to_have_count(0)
    game.play(game.tap(1, 0))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert column(page, 1).locator("[data-card]").last.get_attribute("data-card") == "2S"
    page.keyboard.press("ArrowRight")  # column 3
    page.keyboard.press("Enter")
    expect(dialog(page)).to_be_visible()
    page.keyboard.press("Enter")  # AS onto 2S: the last run is complete
    won = dialog(page)
    expect(won.get_by_role("heading", name="Gewonnen!")).to_be_visible()
    expect(page.locator('[data-stat="runs"]')).to_have_text("8/8")
    expect(page.locator("#msg")).to_contain_text("Gewonnen!")  # said in the live region
    # The dialog has the focus; Tab stays inside, Escape closes it.
    assert page.evaluate("document.activeElement.closest('dialog[open]') !== null")
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)
    open_game(page, base_url)  # a reload resumes the won game
    expect(page.locator('[data-stat="runs"]')).to_have_text("8/8")
