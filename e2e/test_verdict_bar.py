"""The verdict bar and its worker (issue 8): while the check runs the bar offers nothing to
press; the verdict's sentence stands once, in the bar, and the live region says only a short
line; the worker starts in the background once few cards are unseen (never on a fresh
deal, never during the page's own start), so that the verdict, once every card is known,
comes from a worker that is already running; neither it nor any other worker logs a
warning or an error.

No test here measures a duration: what is checked is the order of events (the board
ready, the worker made, its first answer, the player's Tipp), recorded in the page."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Worker, expect

from e2e.conftest import open_game
from e2e.spider_page import LOST, Game, build, button, card, message, open_pos, press, text_of

WORKER = 90_000  # ms: a second Pyodide in the worker on a busy machine, plus the search
ENGINE = "assets/engine-worker.mjs"

# Records, at every change of the verdict bar, what a person would see in it then.
WATCH_BAR = """
window.__bar = [];
new MutationObserver(() => {
  const bar = document.getElementById('verdict');
  if (!bar) return;
  const shown = [...bar.querySelectorAll('button')].filter((b) => b.checkVisibility())
    .map((b) => b.textContent);
  window.__bar.push({state: bar.hidden ? '' : bar.dataset.verdict, buttons: shown,
                     key: document.getElementById('msg').dataset.key || null});
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_checking_offers_no_buttons_and_each_sentence_stands_once(
    page: Page, base_url: str, device: str
) -> None:
    page.add_init_script(WATCH_BAR)
    open_pos(page, base_url, LOST)
    bar = page.locator("#verdict")
    button(page, "Tipp").click()
    expect(bar).to_have_attribute("data-verdict", "lost", timeout=WORKER)
    # the full sentence once, in the bar; the live region a short line of its own
    expect(bar.locator(".bar-text")).to_have_text(text_of("ui.verdict.lost"))
    expect(message(page)).to_have_attribute("data-key", "ui.verdict.lost.short")
    expect(message(page)).to_have_text(text_of("ui.verdict.lost.short"))
    for name in ("Nochmal mit denselben Karten", "Neue Verteilung"):
        expect(bar.get_by_role("button", name=name)).to_be_visible()

    # a move (10♦ onto J♦: still lost) hides the bar; Tipp checks the new position
    press(page, device, card(page, 5, "TD"))
    expect(bar).to_be_hidden()
    page.evaluate("window.__bar = []")
    button(page, "Tipp").click()
    expect(bar).to_have_attribute("data-verdict", "lost", timeout=WORKER)
    seen = page.evaluate("window.__bar")
    checking = [s for s in seen if s["state"] == "checking"]
    assert checking, seen  # the check was shown …
    assert all(s["buttons"] == [] for s in checking), checking  # … with nothing to press
    assert all(s["key"] == "ui.verdict.checking.short" for s in checking), checking
    assert text_of("ui.verdict.checking") != text_of("ui.verdict.checking.short")
    expect(message(page)).to_have_attribute("data-key", "ui.verdict.lost.short")


# Records, in the page, when the board became ready and when each worker was made and first
# answered (performance.now(), and Date.now() to compare two pages).
WATCH_WORKERS = """
window.__w = {ready: null, readyWall: null, workers: []};
new MutationObserver(() => {
  if (window.__w.ready === null && document.documentElement
      && document.documentElement.classList.contains('ready')) {
    window.__w.ready = performance.now();
    window.__w.readyWall = Date.now();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
window.Worker = new Proxy(window.Worker, {
  construct(target, args, newTarget) {
    const worker = Reflect.construct(target, args, newTarget);
    const seen = {url: String(args[0]), made: performance.now(), madeWall: Date.now(), answered: null};
    window.__w.workers.push(seen);
    worker.addEventListener('message', () => {
      if (seen.answered === null) seen.answered = performance.now();
    });
    return worker;
  },
});
"""

# Ten face-down cards, nothing in the stock: few unseen cards, a verdict is near.
NEAR_END = build(["* KC", "* QC", "* JC", "", "", "", "", "", "", ""], done="S S H H D D C")
# One face-down card (2♣ under A♣): a tap on A♣ turns it up, and then every card is known.
ONE_UNSEEN = build(["KC QC JC TC 9C 8C 7C 6C 5C 4C 3C", "#2C AC", "", "", "", "", "", "", "", ""],
                   done="S S H H D D C")


def _watched(context: BrowserContext, noise: list[str]) -> Page:
    """A page whose workers are recorded and whose warnings and errors (its own and its
    workers') land in ``noise``."""
    page = context.new_page()
    page.add_init_script(WATCH_WORKERS)

    def on_worker(worker: Worker) -> None:
        worker.on("console", lambda m: noise.append(f"{m.type} in {worker.url}: {m.text}")
                  if m.type in ("warning", "error") else None)

    def on_console(m: ConsoleMessage) -> None:
        if "Unable to use `window` or `document`" in m.text or (
                m.type in ("warning", "error") and m.worker is not None):
            noise.append(f"{m.type}: {m.text}")

    page.on("worker", on_worker)
    page.on("console", on_console)
    return page


def _engine_workers(page: Page) -> list[dict[str, Any]]:
    """The verdict workers the page made. A phone's first visit also starts Python in a
    worker of its own (``first_visit.mjs``, see e2e/test_startup.py); that one is not counted."""
    return [w for w in page.evaluate("window.__w.workers") if w["url"].endswith(ENGINE)]


def _first_worker(page: Page, timeout_s: float = 60) -> dict[str, Any]:
    """Wait (polling the page's record) until its first verdict worker was made and has
    answered."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        workers = _engine_workers(page)
        if workers and workers[0]["answered"] is not None:
            return dict(workers[0])
        page.wait_for_timeout(100)
    raise AssertionError(f"no worker made and answering within {timeout_s:.0f} s")


@pytest.mark.desktop_only
def test_the_worker_starts_by_itself_near_the_end_only_after_the_start_and_stays_quiet(
    device: str, new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    assert 0 < Game.from_text(NEAR_END).unseen_count <= 12
    noise: list[str] = []
    fresh = _watched(new_context(device), noise)
    near = _watched(new_context(device), noise)
    open_game(fresh, base_url, "?deal=S4-1")
    open_pos(near, base_url, NEAR_END)

    # near the end the worker comes by itself, without a Tipp, well after the board is ready
    worker = _first_worker(near)
    assert worker["url"].endswith(ENGINE), worker
    ready = near.evaluate("window.__w")
    assert worker["made"] - ready["ready"] >= 2000, "the worker competed with the page's start"
    expect(message(near)).to_have_text(text_of("ui.link.pos"))  # no Tipp was pressed

    # the fresh deal was ready before that page, so its wait is over too: it made no worker
    assert fresh.evaluate("window.__w.readyWall") <= ready["readyWall"]
    assert _engine_workers(fresh) == []
    button(fresh, "Tipp").click()  # a hint with cards unseen needs no worker either
    expect(message(fresh)).to_have_attribute("data-key", re.compile(r"^hint\."))
    assert _engine_workers(fresh) == []
    assert noise == []


@pytest.mark.desktop_only
def test_once_every_card_is_known_the_verdict_comes_from_the_warm_worker(
    page: Page, base_url: str, device: str
) -> None:
    page.add_init_script(WATCH_WORKERS)
    open_pos(page, base_url, ONE_UNSEEN)
    warm = _first_worker(page)  # one card unseen: started and answering before any Tipp
    assert warm["url"].endswith(ENGINE)
    press(page, device, card(page, 2, "AC"))  # A♣ into an empty column turns 2♣ up
    expect(card(page, 2, "2C")).to_be_visible()
    button(page, "Tipp").click()
    expect(message(page)).to_have_attribute("data-key", "ui.verdict.win", timeout=WORKER)
    expect(page.locator("#board .hint-src")).to_have_count(1)
    # the answer came from the worker that was already running: no second one was made
    assert _engine_workers(page) == [warm]
