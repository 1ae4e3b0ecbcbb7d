"""The verdict (issue 4): with every card known, Tipp asks the solver in a Web Worker. A
proved loss shows a bar with two ways out while Zurück and Tipp keep working; a found win
makes the hint the winning line's first move; the table stays live during a long check.

Positions come through ``?pos=`` links with no face-down card and an empty stock, so every
card is known to the player from the start. The worker boots Pyodide a second time, which
takes a few seconds on a busy machine: the waits below are generous, and no test asserts a
duration."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.spider_page import LOST, Game, build, button, card, message, open_pos, press
from spider import solve

WORKER = 90_000  # ms: worker start (second Pyodide) plus a search of up to five seconds

# Won in three: A♥ onto 2♥, 3♥–A♥ onto 4♥, 6♥–A♥ onto 7♥.
WIN3 = build(["KH QH JH TH 9H 8H 7H", "6H 5H 4H", "3H 2H", "AH", "", "", "", "", "", ""],
             suits=2, done="S S S S H H H")
# Every card known, and far too many positions to decide in a few seconds.
LONG = "\n".join([
    "spider 2", "stock: -", "done: S S H H",
    "1: 7S 4H 4S 9H TS KS", "2: KS 7H 8S 5H QH 4H", "3: 5H AH 3S JH 2H", "4: 3S 2S AS 9S QS",
    "5: QS TS JS 6H 5S", "6: 4S 3H 2S TH 5S", "7: TH 6S 8H 3H AH", "8: 2H KH QH JH JS",
    "9: 8H 8S 7S 9S 9H", "10: 7H 6H AS 6S KH",
])

VERDICT = "#verdict"

# Counts the answers of the page's verdict workers (a marker to wait on instead of a fixed
# sleep). A phone's first visit also starts Python in a worker (first_visit.mjs); its one
# message is not a verdict and is not counted.
COUNT_ANSWERS = """
window.__answers = 0;
window.Worker = new Proxy(window.Worker, {
  construct(target, args, newTarget) {
    const worker = Reflect.construct(target, args, newTarget);
    if (!String(args[0]).endsWith('assets/engine-worker.mjs')) return worker;
    worker.addEventListener('message', () => { window.__answers += 1; });
    return worker;
  },
});
"""


def _answered(page: Page, n: int, timeout_ms: int = WORKER) -> None:
    """Wait (polling the page's count) until its workers have answered ``n`` times."""
    for _ in range(timeout_ms // 100):
        if page.evaluate("window.__answers") >= n:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the worker did not answer {n} time(s)")


def test_the_positions_are_what_the_tests_say() -> None:
    lost = Game.from_text(LOST)
    assert len(lost.legal_moves()) == 3 and lost.all_known
    assert solve(lost, 100_000).status == "unsolvable"
    win = solve(Game.from_text(WIN3), 100_000)
    assert win.status == "solved" and len(win.line) == 3
    assert solve(Game.from_text(LONG), 20_000).status == "unknown"


def test_a_proved_loss_shows_the_bar_with_two_offers_and_zurueck_still_works(
    page: Page, base_url: str, device: str
) -> None:
    open_pos(page, base_url, LOST)
    press(page, device, card(page, 5, "TD"))  # 10♦ onto J♦: legal, and still lost
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    button(page, "Tipp").click()
    bar = page.locator(VERDICT)
    expect(bar).to_have_attribute("data-verdict", "lost", timeout=WORKER)
    expect(bar).to_contain_text("nicht mehr zu gewinnen")
    expect(message(page)).to_contain_text("nicht mehr zu gewinnen")
    # the live region says it briefly; the full sentence stands once, in the bar
    assert bar.inner_text().strip() not in message(page).inner_text()
    assert len(message(page).inner_text()) < len(page.locator(f"{VERDICT} .bar-text").inner_text()) / 2
    expect(bar.get_by_role("button", name="Nochmal mit denselben Karten")).to_be_visible()
    expect(bar.get_by_role("button", name="Neue Verteilung")).to_be_visible()
    # Zurück and Tipp stay available; taking the move back removes the bar.
    expect(button(page, "Zurück")).to_be_enabled()
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(bar).to_be_hidden()
    button(page, "Tipp").click()
    expect(bar).to_have_attribute("data-verdict", "lost", timeout=WORKER)
    # One of the two ways out: the same cards again.
    bar.get_by_role("button", name="Nochmal mit denselben Karten").click()
    expect(bar).to_be_hidden()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(card(page, 5, "TD")).to_be_visible()


def test_new_deal_offer_opens_the_new_game_choice(page: Page, base_url: str) -> None:
    open_pos(page, base_url, LOST)
    button(page, "Tipp").click()
    bar = page.locator(VERDICT)
    expect(bar).to_have_attribute("data-verdict", "lost", timeout=WORKER)
    bar.get_by_role("button", name="Neue Verteilung").click()
    expect(page.locator("dialog[open]")).to_have_count(1)


def test_a_found_win_makes_the_hint_the_winning_move(page: Page, base_url: str, device: str) -> None:
    open_pos(page, base_url, WIN3)
    for moves_done in range(3):
        button(page, "Tipp").click()
        expect(message(page)).to_contain_text("führt sicher zum Sieg", timeout=WORKER)
        src = page.locator("#board .hint-src")
        expect(src).to_have_count(1)
        expect(page.locator("#board .hint-dst")).to_have_count(1)
        expect(page.locator(VERDICT)).to_be_hidden()
        # play the hinted block: tap its first card
        press(page, device, src.locator(".hinted").first)
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(moves_done + 1))
    expect(page.locator('[data-stat="runs"]')).to_have_text("8/8")


def test_during_a_long_check_the_cards_still_respond(page: Page, base_url: str, device: str) -> None:
    page.add_init_script(COUNT_ANSWERS)
    open_pos(page, base_url, LONG)
    button(page, "Tipp").click()
    bar = page.locator(VERDICT)
    expect(bar).to_have_attribute("data-verdict", "checking")
    expect(message(page)).to_contain_text("geprüft")
    # a move while the worker searches: 4♥ (column 2) onto 5♠ (column 5)
    press(page, device, card(page, 2, "4H"))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(card(page, 5, "4H")).to_be_visible()
    expect(bar).to_be_hidden()  # the check of the old position is no longer wanted
    # and the answer for the old position, when it comes, never shows up as a verdict for the new one
    _answered(page, 1)
    assert page.locator(VERDICT).get_attribute("data-verdict") in ("", None)
    expect(bar).to_be_hidden()
    # Tipp again on the new position: checked, and (budget spent) a normal hint, never a verdict
    button(page, "Tipp").click()
    expect(message(page)).not_to_contain_text("geprüft", timeout=WORKER)
    expect(bar).to_be_hidden()
    expect(message(page)).not_to_contain_text("nicht mehr zu gewinnen")
