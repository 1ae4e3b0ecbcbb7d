"""How fast the page is, measured in real Chromium (prints numbers, asserts nothing).

    python3 bench/page_speed.py [--runs 5] [--taps 200] [--profile desktop|phone|all]
                                [--site DIR ...] [--persistent]

1. Boot, desktop (``--profile desktop``, the default; 1280x800, mouse, no throttling): time
   from navigation to the first playable board (``<html class="ready">``), cold (fresh
   browser context, empty cache) and warm (same context, the next visit, once the page has
   settled: for the game that is once its service worker has installed and took control,
   which is what a returning player gets; the hello page has none), beside a bare PyScript
   hello-world page generated into a temporary folder from the pinned npm runtime
   (node_modules, as the build copies it) and served the same way. The moment is taken
   inside the page (``performance.now()`` when the class appears, i.e. since navigation
   start). Also printed: the game reloaded at once, while its worker still copies the 13 MB
   into its cache (both compete for the machine), and the game with service workers blocked.
2. Boot, phone (``--profile phone``): 390x844, touch (``has_touch``, ``is_mobile``, a phone
   user agent), the CPU throttled 4x with the CDP command ``Emulation.setCPUThrottlingRate``
   (rate 4), set before the measured navigation:
   - return visit: a first, unthrottled visit, wait until it has settled (the service worker
     controls the page), then the throttled visit in the same context, measured;
   - first visit: a fresh context, the link throttled with CDP
     ``Network.emulateNetworkConditions`` to Lighthouse's mobile ("slow 4G") figures,
     150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, plus the 4x CPU; nothing cached.
   For each: median of the runs, the ratio to the hello page, and from inside the page the
   first contentful paint, the moment of a ``performance.mark("board-painted")`` if the page
   sets one (the player's table or a fresh deal painted before Python is ready), and how frozen the
   main thread was until the board was ready, from a 20 ms heartbeat timer in the page:
   "blocking", the sum of its late ticks' delay past 50 ms (like Lighthouse's TBT), and
   "longest", the longest time it could not run.
3. Tap (desktop only; ``--taps 0`` skips it): ``?bench=1`` makes the page push, per tap, the
   time from the pointer event to the updated DOM (``window.__spiderTimings``) and the whole
   handler including the save (``window.__spiderHandler``); 200 taps move one card back and
   forth between two columns (on the first ``--site``), in Spider and then in Klondike (where
   the card has one target each time, so each tap is a single-tap move).

Every variant runs once per round, interleaved, so load on the machine hits all alike.
``--site DIR`` (repeatable) measures built sites other than ``build/site`` side by side
(named by their folder); the first one is "spider" when it is ``build/site``.
``--persistent``: each context is a persistent browser profile (a temporary user data dir),
and the return visit relaunches the browser on it: a real restart, with the disk caches
(HTTP, V8 code cache, service worker) and nothing in memory. A default Playwright context is
"incognito", whose caches live in memory only.

Needs ``build/site/`` (``make build``) or ``--site``, the npm packages, and Chromium
(``$CHROMIUM`` or /usr/bin/chromium, else Playwright's own).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
import build_site  # noqa: E402
import sitesrv  # noqa: E402

# In the page before any of its scripts: the moment of <html class="ready">, and a heartbeat
# (a 20 ms timer) whose late ticks show how long the main thread was frozen. (Chromium's
# "longtask" entries missed the runtime's multi-second start in pages that a service
# worker controls, so they are not used.)
READY_AT = """
new MutationObserver((_, obs) => {
  if (document.documentElement?.classList.contains("ready")) {
    window.__readyAt = performance.now();
    obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["class"]});
window.__gaps = [];
(function beat(last) {
  setTimeout(() => {
    const now = performance.now();
    if (now - last > 50) window.__gaps.push([last, now - last]);
    if (window.__readyAt === undefined) beat(now);
  }, 20);
})(performance.now());
"""
# Read once the board is ready: [ready, first contentful paint, board-painted mark, blocking,
# longest freeze].
TIMES = """() => {
  const ready = window.__readyAt;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const painted = performance.getEntriesByName("board-painted")[0];
  let blocking = 0, longest = 0;
  for (const [start, gap] of window.__gaps) {
    if (start < ready) {
      blocking += Math.max(0, gap - 50);
      longest = Math.max(longest, gap);
    }
  }
  return [ready, fcp ? fcp.startTime : null, painted ? painted.startTime : null, blocking, longest];
}"""

HELLO_HTML = """<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>hello</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="./pyscript/core.js"></script></head>
<body><p id="out">…</p>
<script type="py" src="./hello.py" config="./hello.toml"></script></body></html>
"""
HELLO_PY = """from pyscript import document
document.getElementById("out").textContent = "Hallo"
document.documentElement.classList.add("ready")
"""
HELLO_TOML = 'interpreter = "./pyodide/pyodide.mjs"\n'

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "screen": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 "
                  "(KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
}
CPU_SLOWDOWN = 4
# Lighthouse's mobile preset ("slow 4G"): 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8,
           "uploadThroughput": 750e3 / 8}

# Resolves once a registered service worker controls the page (at once when there is none).
SETTLED = """async () => {
  const sw = navigator.serviceWorker;
  if (!sw || !(await sw.getRegistration())) return;
  await sw.ready;
  if (!sw.controller) await new Promise((r) => sw.addEventListener("controllerchange", r));
}"""

Times = list[float | None]  # ready, fcp, board-painted, blocking, longest freeze (ms)


def make_hello(hello: Path) -> None:
    """The bare page, on the runtime exactly as the build copies it from node_modules."""
    (hello / "index.html").write_text(HELLO_HTML)
    (hello / "hello.py").write_text(HELLO_PY)
    (hello / "hello.toml").write_text(HELLO_TOML)
    build_site.copy_tree(build_site.PYSCRIPT_DIST, hello / "pyscript", skip_suffixes=(".map",))
    for name in build_site.PYODIDE_FILES:
        build_site.copy_file(build_site.PYODIDE_DIR / name, hello / "pyodide" / name)


class Launcher:
    """Makes browser contexts: incognito ones from one browser, or persistent profiles."""

    def __init__(self, pw: Playwright, exe: str | None, persistent: bool) -> None:
        self.pw, self.exe, self.persistent = pw, exe, persistent
        self.browser: Browser | None = None
        if not persistent:
            self.browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])

    def context(self, profile: str | None, options: dict[str, Any]) -> BrowserContext:
        if profile is not None:
            ctx = self.pw.chromium.launch_persistent_context(
                profile, executable_path=self.exe, args=["--no-sandbox"], **options)
        else:
            assert self.browser is not None
            ctx = self.browser.new_context(**options)
        ctx.add_init_script(READY_AT)
        return ctx

    @contextlib.contextmanager
    def profile(self) -> Iterator[str | None]:
        if not self.persistent:
            yield None
            return
        with tempfile.TemporaryDirectory(prefix="page-speed-") as tmp:
            yield tmp

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()


def chromium_executable() -> str | None:
    """`$CHROMIUM`, else Debian's /usr/bin/chromium, else None (Playwright's own)."""
    return os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


def page_of(ctx: BrowserContext) -> Page:
    return ctx.pages[0] if ctx.pages else ctx.new_page()


def visit(page: Page, url: str, *, cpu: float = 1, network: dict[str, Any] | None = None) -> Times:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if network is not None:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
    page.goto(url, timeout=300_000)
    page.wait_for_function("window.__readyAt !== undefined", timeout=300_000, polling=100)
    times: Times = page.evaluate(TIMES)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()
    return times


def ready_ms(
    launcher: Launcher, url: str, *, settle: bool = True, workers: bool = True
) -> tuple[float, float]:
    """Desktop: one cold and one warm visit (see the docstring)."""
    with launcher.profile() as profile:
        ctx = launcher.context(profile, {**DESKTOP, "service_workers": "allow" if workers else "block"})
        page = page_of(ctx)
        cold = visit(page, url)[0]
        if settle:
            page.evaluate(SETTLED)
        if profile is not None:
            ctx.close()
            ctx = launcher.context(profile, DESKTOP)
            page = page_of(ctx)
        warm = visit(page, url)[0]
        ctx.close()
    assert cold is not None and warm is not None
    return cold, warm


def phone_return(launcher: Launcher, url: str) -> Times:
    """Phone: an unthrottled first visit, settled, then the measured visit with 4x CPU."""
    with launcher.profile() as profile:
        ctx = launcher.context(profile, PHONE)
        page = page_of(ctx)
        visit(page, url)
        page.evaluate(SETTLED)
        page.wait_for_timeout(500)  # let the last save and the cache writes land
        if profile is not None:
            ctx.close()
            ctx = launcher.context(profile, PHONE)
            page = page_of(ctx)
        times = visit(page, url, cpu=CPU_SLOWDOWN)
        ctx.close()
    return times


def phone_first(launcher: Launcher, url: str) -> Times:
    """Phone: a first visit over slow 4G with 4x CPU, nothing cached."""
    with launcher.profile() as profile:
        ctx = launcher.context(profile, PHONE)
        times = visit(page_of(ctx), url, cpu=CPU_SLOWDOWN, network=SLOW_4G)
        ctx.close()
    return times


def ping_pong(game: str) -> str:
    """A position where 8S sits on 9D in column 2 and a tap sends it to 9H in column 1, the
    next tap back again (in Klondike that is its only target each time, so a single tap
    moves it). The engine's test builders make it; imported here so the boot figures need no
    engine."""
    if game == "klondike":
        from tests.klondike_positions import build as kbuild

        return kbuild(["* 9H", "#AS * 9D 8S", "* 8C", "* KH", "* 5D", "* 6C", "* QD"])
    from tests.positions import build

    return build(["* 9H", "* 9D 8S", "*", "*", "*", "*", "*", "*", "*", "*"])


def tap_ms(launcher: Launcher, url: str, taps: int, game: str = "spider") -> tuple[list[float], list[float]]:
    with launcher.profile() as profile:
        context = launcher.context(profile, DESKTOP)
        page = page_of(context)
        page.goto(url + "?bench=1&pos=" + urllib.parse.quote(ping_pong(game), safe=""))
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


def med(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def desktop(launcher: Launcher, urls: dict[str, str], runs: int) -> None:
    first = next(iter(urls))
    kinds: dict[str, tuple[str, dict[str, bool]]] = {"hello-world": (urls["hello-world"], {})}
    for name, url in list(urls.items())[1:]:
        kinds[name] = (url, {})
    game = list(urls)[1]
    kinds[f"{game}, reloaded at once"] = (urls[game], {"settle": False})
    kinds[f"{game}, no SW"] = (urls[game], {"workers": False})
    samples: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in kinds}
    for _ in range(runs):  # interleaved, so load on the machine hits all alike
        for name, (url, options) in kinds.items():
            cold, warm = ready_ms(launcher, url, **options)
            samples[name][0].append(cold)
            samples[name][1].append(warm)
    print(f"desktop boot, navigation -> first playable board (ms), median of {runs}:")
    results = {}
    width = max(len(k) for k in kinds) + 1
    for name, (cold, warm) in samples.items():
        results[name] = (statistics.median(cold), statistics.median(warm))
        print(f"  {name:{width}s} cold {results[name][0]:7.0f}   warm {results[name][1]:7.0f}"
              f"   (warm runs {', '.join(f'{v:.0f}' for v in warm)})")
    (hc, hw) = results[first]
    for name in list(kinds)[1:]:
        sc, sw = results[name]
        print(f"  {name} / hello-world: cold {sc / hc:.2f}x ({sc - hc:+.0f} ms), "
              f"warm {sw / hw:.2f}x ({sw - hw:+.0f} ms)")


def phone(launcher: Launcher, urls: dict[str, str], runs: int, which: tuple[str, ...]) -> None:
    visits: dict[str, Callable[[Launcher, str], Times]] = {
        "return visit (SW, 4x CPU)": phone_return,
        "first visit (slow 4G, 4x CPU)": phone_first,
    }
    for label, measure in visits.items():
        if label.split()[0] not in which:
            continue
        samples: dict[str, list[Times]] = {name: [] for name in urls}
        for _ in range(runs):
            for name, url in urls.items():
                samples[name].append(measure(launcher, url))
        print(f"phone {label}: ms since navigation, median of {runs} "
              "(ready = playable board; painted = board-painted mark; blocking/longest: main thread frozen)")
        width = max(len(k) for k in urls) + 1
        hello = med([t[0] for t in samples["hello-world"]])
        for name, runs_ in samples.items():
            ready, fcp, painted, blocking, longest = (med([t[i] for t in runs_]) for i in range(5))
            ratio = f"{ready / hello:.2f}x" if ready and hello else "-"
            print(f"  {name:{width}s} ready {fmt(ready):>6} ({ratio:>5} of hello)   fcp {fmt(fcp):>6}   "
                  f"painted {fmt(painted):>6}   blocking {fmt(blocking):>6}   longest {fmt(longest):>6}   "
                  f"(ready runs {', '.join(fmt(t[0]) for t in runs_)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=200, help="desktop taps to time (0: none)")
    parser.add_argument("--profile", choices=("desktop", "phone", "all"), default="desktop")
    parser.add_argument("--phone-visits", default="return,first",
                        help="which phone visits: return, first or both (comma-separated)")
    parser.add_argument("--site", type=Path, action="append",
                        help="a built site to measure (repeatable; default build/site)")
    parser.add_argument("--persistent", action="store_true",
                        help="persistent profiles; the return visit restarts the browser")
    args = parser.parse_args()
    sites: list[Path] = args.site or [SITE]
    for site in sites:
        if not (site / "index.html").is_file():
            print(f"{site}/index.html is missing: run `make build` first", file=sys.stderr)
            return 1
    names = ["spider" if s.resolve() == SITE.resolve() else s.name for s in sites]
    exe = chromium_executable()
    with contextlib.ExitStack() as stack, sync_playwright() as pw:
        hello = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-hello-")))
        make_hello(hello)
        hello_srv = stack.enter_context(sitesrv.running(hello))
        urls = {"hello-world": hello_srv.url}
        for name, site in zip(names, sites, strict=True):
            urls[name] = stack.enter_context(sitesrv.running(site)).url
        launcher = Launcher(pw, exe, args.persistent)
        kind = "persistent profiles, restart between visits" if args.persistent else "incognito contexts"
        version = f"Chromium {launcher.browser.version}" if launcher.browser else "Chromium"
        print(f"{version} ({kind}); "
              f"sites: {', '.join(f'{n}={s}' for n, s in zip(names, sites, strict=True))}")
        if args.profile in ("desktop", "all"):
            desktop(launcher, urls, args.runs)
        if args.profile in ("phone", "all"):
            phone(launcher, urls, args.runs, tuple(args.phone_visits.split(",")))
        for game in ("spider", "klondike") if args.taps and args.profile in ("desktop", "all") else ():
            try:
                dom, whole = tap_ms(launcher, urls[names[0]], args.taps, game)
            except ImportError as exc:  # the engine in the work tree does not import
                print(f"tap ({game}): skipped, the engine does not import here ({exc})")
            else:
                print(f"{game} tap -> updated DOM, {len(dom)} moves (ms): median "
                      f"{statistics.median(dom):.2f}, p95 {p95(dom):.2f}, max {max(dom):.2f}")
                print(f"{game} whole tap handler incl. save (ms): median {statistics.median(whole):.2f}, "
                      f"p95 {p95(whole):.2f}")
        launcher.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
