"""How fast the page is, measured in real Chromium (prints numbers, asserts nothing).

    python3 bench/page_speed.py [--runs 5] [--taps 200]

1. Boot: time from navigation to the first playable board (``<html class="ready">``), cold
   (fresh browser context, empty cache) and warm (same context, the next visit, once the
   page has settled: for the game that is once its service worker has installed and took
   control, which is what a returning player gets; the hello page has none), beside a bare
   PyScript hello-world page generated into ``build/bench-hello/`` with the same local
   runtime and served the same way. The moment is taken inside the page
   (``performance.now()`` when the class appears, i.e. since navigation start). Also
   printed: the game reloaded at once, while its worker still copies the 13 MB into its
   cache (both compete for the machine), and the game with service workers blocked.
2. Tap: ``?bench=1`` makes the page push, per tap, the time from the pointer event to the
   updated DOM (``window.__spiderTimings``) and the whole handler including the save
   (``window.__spiderHandler``); 200 taps move one card back and forth between two columns.

Needs ``build/site/`` (``make build``) and Chromium (``$CHROMIUM`` or /usr/bin/chromium, else
Playwright's own).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import urllib.parse
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
HELLO = ROOT / "build" / "bench-hello"
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import sitesrv  # noqa: E402

from tests.positions import build  # noqa: E402

READY_AT = """
new MutationObserver((_, obs) => {
  if (document.documentElement?.classList.contains("ready")) {
    window.__readyAt = performance.now();
    obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["class"]});
"""

HELLO_HTML = """<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>hello</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><p id="out">…</p>
<script type="py" src="./hello.py" config="./hello.toml"></script></body></html>
"""
HELLO_PY = """from pyscript import document
document.getElementById("out").textContent = "Hallo"
document.documentElement.classList.add("ready")
"""
HELLO_TOML = 'interpreter = "./pyodide/pyodide.mjs"\n'

# 8S sits on 9D in column 2; a tap sends it to 9H in column 1, the next tap back again.
PING_PONG = build(["* 9H", "* 9D 8S", "*", "*", "*", "*", "*", "*", "*", "*"])


def make_hello() -> None:
    shutil.rmtree(HELLO, ignore_errors=True)
    HELLO.mkdir(parents=True)
    (HELLO / "index.html").write_text(HELLO_HTML)
    (HELLO / "hello.py").write_text(HELLO_PY)
    (HELLO / "hello.toml").write_text(HELLO_TOML)
    for runtime in ("pyscript", "pyodide"):
        shutil.copytree(SITE / runtime, HELLO / runtime)


# Resolves once a registered service worker controls the page (at once when there is none).
SETTLED = """async () => {
  const sw = navigator.serviceWorker;
  if (!sw || !(await sw.getRegistration())) return;
  await sw.ready;
  if (!sw.controller) await new Promise((r) => sw.addEventListener("controllerchange", r));
}"""


def ready_ms(
    browser: Browser, url: str, runs: int, *, settle: bool = True, workers: bool = True
) -> tuple[list[float], list[float]]:
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context(
            viewport={"width": 1280, "height": 800}, service_workers="allow" if workers else "block"
        )
        context.add_init_script(READY_AT)
        page = context.new_page()
        for bucket in (cold, warm):
            page.goto(url)
            page.wait_for_function("window.__readyAt !== undefined", timeout=60_000)
            bucket.append(page.evaluate("window.__readyAt"))
            if settle:
                page.evaluate(SETTLED)
        context.close()
    return cold, warm


def tap_ms(browser: Browser, url: str, taps: int) -> tuple[list[float], list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url + "?bench=1&pos=" + urllib.parse.quote(PING_PONG, safe=""))
    page.wait_for_function("document.documentElement.classList.contains('ready')", timeout=60_000)
    for i in range(taps):
        col = 2 if i % 2 == 0 else 1
        page.wait_for_function("document.getAnimations().length === 0")  # the card has landed
        box = page.locator(f'[data-col="{col}"] [data-card="8S"]').bounding_box()
        assert box is not None, f"tap {i}: 8S is not in column {col}"
        page.mouse.click(box["x"] + 10, box["y"] + 5)
        page.wait_for_function(
            "n => document.querySelector('[data-stat=moves]').textContent === String(n)",
            arg=i + 1, timeout=10_000,
        )
    dom = page.evaluate("Array.from(window.__spiderTimings)")
    whole = page.evaluate("Array.from(window.__spiderHandler)")
    moves = page.locator('[data-stat="moves"]').inner_text()
    context.close()
    assert len(dom) == taps and moves == str(taps), (len(dom), moves)
    return dom, whole


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=200)
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        print("build/site is missing: run `make build` first", file=sys.stderr)
        return 1
    make_hello()
    exe = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    with sitesrv.running(SITE) as game_srv, sitesrv.running(HELLO) as hello_srv, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        print(f"boot, navigation -> first playable board (ms), median of {args.runs}:")
        results = {}
        kinds = {
            "hello-world": (hello_srv.url, {}),
            "spider": (game_srv.url, {}),
            "spider, reloaded at once": (game_srv.url, {"settle": False}),
            "spider, no SW": (game_srv.url, {"workers": False}),
        }
        samples: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in kinds}
        for _ in range(args.runs):  # interleaved, so load on the machine hits all alike
            for name, (url, options) in kinds.items():
                cold, warm = ready_ms(browser, url, 1, **options)
                samples[name][0].extend(cold)
                samples[name][1].extend(warm)
        for name, (cold, warm) in samples.items():
            results[name] = (statistics.median(cold), statistics.median(warm))
            print(f"  {name:26s} cold {results[name][0]:7.0f}   warm {results[name][1]:7.0f}"
                  f"   (warm runs {', '.join(f'{v:.0f}' for v in warm)})")
        (hc, hw) = results["hello-world"]
        for name in list(kinds)[1:]:
            sc, sw = results[name]
            print(f"  {name} / hello-world: cold {sc / hc:.2f}x ({sc - hc:+.0f} ms), "
                  f"warm {sw / hw:.2f}x ({sw - hw:+.0f} ms)")
        dom, whole = tap_ms(browser, game_srv.url, args.taps)
        print(f"tap -> updated DOM, {len(dom)} moves (ms): median {statistics.median(dom):.2f}, "
              f"p95 {p95(dom):.2f}, max {max(dom):.2f}")
        print(f"whole tap handler incl. save (ms): median {statistics.median(whole):.2f}, "
              f"p95 {p95(whole):.2f}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
