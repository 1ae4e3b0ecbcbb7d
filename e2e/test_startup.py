"""Start-up: what `docs/performance.md` measured stays true.

- The static skeleton holds the room the status, piles and toolbar will take, so nothing
  moves when Python fills them (cumulative layout shift ~0), desktop and phone.
- The preload hints (`assets/preload.js`, added after the first paint so Lighthouse's
  simulated load does not charge them to the first paint) are consumed: every runtime file
  is downloaded exactly once, Chromium warns about no unused preload, and the big runtime
  downloads start after the first paint but before PyScript's own code asks for them.
"""

from __future__ import annotations

import collections
import html.parser
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request

from e2e.conftest import ROOT, open_game

LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({type: 'layout-shift', buffered: true});
"""


class _Refs(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value and value.startswith("./"):
                self.refs.append(value)


def test_every_local_reference_of_index_html_is_in_the_site(site: Path) -> None:
    refs = _Refs()
    refs.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert len(refs.refs) >= 8
    missing = [r for r in refs.refs if not (site / r).is_file()]
    assert missing == []


def test_the_table_does_not_move_when_python_arrives(page: Page, base_url: str) -> None:
    page.add_init_script(LAYOUT_SHIFTS)
    open_game(page, base_url, "?deal=S4-1")
    page.wait_for_timeout(300)
    shifts = page.evaluate("window.__shifts")
    assert sum(shifts) < 0.01, shifts


def test_each_file_is_fetched_once_and_every_preload_is_used(
    desktop: BrowserContext, base_url: str
) -> None:
    page = desktop.new_page()
    fetched: collections.Counter[str] = collections.Counter()
    warnings: list[str] = []

    def on_request(request: Request) -> None:
        if request.service_worker is None:  # the worker's precache comes later, on purpose
            fetched[request.url] += 1

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("request", on_request)
    page.on("console", on_console)
    open_game(page, base_url)
    ready = time.monotonic()
    page.wait_for_timeout(3500)  # Chromium warns about an unused preload after ~3 s
    assert time.monotonic() - ready >= 3
    twice = {url: n for url, n in fetched.items() if n > 1}
    assert twice == {}
    assert base_url + "pyodide/pyodide.asm.wasm" in fetched
    assert [w for w in warnings if "preload" in w] == []
    starts = page.evaluate(
        """() => {
          const at = (end) => performance.getEntriesByType('resource')
            .find((r) => r.name.endsWith(end));
          return {fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
                  wasm: at('pyodide.asm.wasm').startTime,
                  preloads: [...document.querySelectorAll('link[rel$=preload]')].length};
        }"""
    )
    assert starts["preloads"] == 5
    assert starts["wasm"] >= starts["fcp"], starts  # the first paint is not made to wait
