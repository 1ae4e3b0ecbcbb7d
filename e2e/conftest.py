"""Browser test harness: Playwright (sync API) driving real Chromium against `build/site/`.

`make test-e2e` builds the site first; these fixtures build nothing.

Fixtures
- `base_url`: URL of `build/site/` served by `scripts/sitesrv.py` on a free port
  (`http://127.0.0.1:PORT/`), shared by the session.
- `page`: a new page in the session's warm context of its kind (storage emptied; see
  `WarmContexts`: the page starts as a return visit does, from the service worker's cache
  and Python's memory snapshot), or in a fresh context with `@pytest.mark.fresh_context`
  (or E2E_FRESH=1 for every test). Every test that uses it runs twice, `[desktop]`
  (1280x800, mouse) and `[phone]` (Playwright's "Pixel 7": touch, `pointer: coarse`),
  unless marked `@pytest.mark.desktop_only` or `@pytest.mark.phone_only`.
  `device` holds "desktop" or "phone". A test whose subject does not depend on the device
  (reading saved data and links, storage, clocks, the worker's verdicts) is `desktop_only`:
  the phone half costs a page start or two (about 9 s) and adds nothing; layout, touch,
  dialogs that must fit a phone and the phone's first-visit worker keep both halves.
- `warm_page(kind, locale="de-DE", **media)`: the same warm start for a page with a browser
  language (`WARM_LOCALES`) or `reduced_motion` / `color_scheme`.
- `desktop`, `phone`: a fresh context of that kind, a first visit; `new_context(kind,
  **options)` opens more (for reload and storage tests: a new context starts with empty
  storage; for routes: a page in it is not controlled by the service worker until the
  worker activates, and a worker answering from its cache bypasses `route`).
- `serve(root, base="/")`: serve another folder, or the site under a sub-path like a GitHub
  Pages project site: `serve(SITE, base="/spider-solitaire/").url`.
- `guard`: the checks every test gets. At teardown the test FAILS if any request left the
  origins of the servers it used (`base_url`, `serve`; data: and blob: are fine), if the
  console logged an error, if a page threw an uncaught error, or if the Content Security
  Policy was violated. Expected errors: `guard.allow_console(regex)` or
  `@pytest.mark.allow_console(regex, ...)`, `guard.allow_page_error(regex)` for an uncaught
  error the test causes; `guard.problems()` lists what was seen.

Helper: `open_game(page, base_url, query="", clear_storage=False)` navigates and waits
until `<html>` has the class `ready` (the page's test contract).

A test that ends in a renderer crash ("Target crashed") runs once more; see `CRASHED`.

Browser: `$CHROMIUM`, else /usr/bin/chromium when it exists, else Playwright's own download.
Artifacts: a failing test leaves a screenshot per page in `e2e/artifacts/`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Request,
    WebError,
    sync_playwright,
)

ROOT = Path(__file__).resolve().parents[1]
# The site under test: build/site/, or a copy named by E2E_SITE (a long run can then go on
# while the working tree is built again).
SITE = Path(os.environ.get("E2E_SITE", str(ROOT / "build" / "site"))).resolve()
ARTIFACTS = ROOT / "e2e" / "artifacts"
DEVICES = ("desktop", "phone")
READY_TIMEOUT_S = 60.0

sys.path.insert(0, str(ROOT / "scripts"))
# The engine tests' position builders (tests/positions.py, tests/klondike_positions.py) set
# up the page's positions too; they import their shared helpers (tests/checks.py) by name.
sys.path.insert(0, str(ROOT / "tests"))
import sitesrv  # noqa: E402

# Reports securitypolicyviolation events as console errors the guard can see; the init script
# is injected by the browser, so the page's own CSP does not block it.
CSP_PREFIX = "[csp-violation]"
CSP_LISTENER = f"""
document.addEventListener("securitypolicyviolation", (e) => {{
  console.error({CSP_PREFIX!r} + " " + e.effectiveDirective + " blocked " +
    (e.blockedURI || "(inline)") + " at " + e.sourceFile + ":" + e.lineNumber +
    " (" + e.disposition + ")");
}});
"""

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pytest_configure(config: pytest.Config) -> None:
    for line in (
        "desktop_only: run the page fixture only with the desktop context",
        "phone_only: run the page fixture only with the phone (touch) context",
        "allow_console(*regex): console errors matching one of these do not fail the test",
        "fresh_context: the page fixture opens a fresh context (a first visit) instead of "
        "a new page in the session's warm one (see `page`)",
    ):
        config.addinivalue_line("markers", line)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "device" not in metafunc.fixturenames:
        return
    desktop_only = metafunc.definition.get_closest_marker("desktop_only")
    phone_only = metafunc.definition.get_closest_marker("phone_only")
    if desktop_only and phone_only:
        raise pytest.UsageError(f"{metafunc.definition.nodeid}: desktop_only and phone_only")
    devices = ["desktop"] if desktop_only else ["phone"] if phone_only else list(DEVICES)
    metafunc.parametrize("device", devices)


# Chromium's renderer process very rarely dies on these shared 2-core machines: once in a
# full CI run (about 1 500 page loads), while a desktop page loaded, before the test had done
# anything ("Page.evaluate: Target crashed"). A test that ends that way runs once more
# (pytest-rerunfailures), and pytest's summary lists it as rerun ("R"). Only a crash is
# retried: a failed assertion, a timeout or a second crash still fails the test.
CRASHED = [r"Target crashed", r"Page crashed"]
E2E_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in item.path.resolve().parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHED))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# ---- the guard ------------------------------------------------------------------------------


def origin_of(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Guard:
    """Collects what a test's browser contexts did that no test may do."""

    origins: set[str] = field(default_factory=set)
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    allowed_console: list[re.Pattern[str]] = field(default_factory=list)
    allowed_page_errors: list[re.Pattern[str]] = field(default_factory=list)

    def allow_origin(self, origin: str) -> None:
        self.origins.add(origin_of(origin))

    def allow_console(self, pattern: str) -> None:
        self.allowed_console.append(re.compile(pattern))

    def allow_page_error(self, pattern: str) -> None:
        """An uncaught error the test causes on purpose (a download it breaks)."""
        self.allowed_page_errors.append(re.compile(pattern))

    def watch(self, context: BrowserContext) -> None:
        context.add_init_script(CSP_LISTENER)
        self.listen(context)

    def listen(self, context: BrowserContext) -> None:
        """The events only (a warm context has its CSP listener since it was made)."""
        context.on("request", self._on_request)
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)

    def unlisten(self, context: BrowserContext) -> None:
        context.remove_listener("request", self._on_request)
        context.remove_listener("console", self._on_console)
        context.remove_listener("weberror", self._on_weberror)

    def _on_weberror(self, error: WebError) -> None:
        self.page_errors.append(error.error.stack or str(error.error))

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(message.text + (f"  [{where}]" if where else ""))

    def foreign_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if urllib.parse.urlsplit(url).scheme not in ("data", "blob")
            and origin_of(url) not in self.origins
        ]

    def problems(self) -> list[str]:
        found = [f"request to another origin: {url}" for url in self.foreign_requests()]
        for text in self.console_errors:
            if any(p.search(text) for p in self.allowed_console):
                continue
            kind = "CSP violation" if text.startswith(CSP_PREFIX) else "console error"
            found.append(f"{kind}: {text}")
        found += [f"uncaught page error: {text}" for text in self.page_errors
                  if not any(p.search(text) for p in self.allowed_page_errors)]
        return found

    def clear(self) -> None:
        self.requests.clear()
        self.console_errors.clear()
        self.page_errors.clear()


@pytest.fixture
def guard(request: pytest.FixtureRequest) -> Iterator[Guard]:
    guard = Guard()
    marker = request.node.get_closest_marker("allow_console")
    for pattern in marker.args if marker else ():
        guard.allow_console(pattern)
    yield guard
    # Contexts close before this runs (they depend on the guard), so every event is in.
    problems = guard.problems()
    if problems:
        pytest.fail("the page broke the harness's rules:\n  " + "\n  ".join(problems),
                    pytrace=False)


# ---- servers --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "index.html").is_file():
        pytest.fail(f"{SITE.relative_to(ROOT)}/index.html is missing: run `make build` "
                    "(`make test-e2e` builds before testing)", pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def site_server(site: Path) -> Iterator[sitesrv.Running]:
    with sitesrv.running(site) as running:
        yield running


@pytest.fixture
def base_url(site_server: sitesrv.Running, guard: Guard) -> str:
    guard.allow_origin(site_server.origin)
    return site_server.url


@dataclass(frozen=True)
class Served:
    origin: str
    url: str


@pytest.fixture
def serve(guard: Guard) -> Iterator[Callable[..., Served]]:
    """`serve(root, base="/", allow=True)`: serve a folder for this test only."""
    started: list[sitesrv.Running] = []

    def start(root: Path, base: str = "/", *, allow: bool = True) -> Served:
        running = sitesrv.start(Path(root), base=base)
        started.append(running)
        if allow:
            guard.allow_origin(running.origin)
        return Served(running.origin, running.url)

    yield start
    for running in started:
        sitesrv.stop(running)


# ---- browser, contexts, pages ---------------------------------------------------------------


def chromium_executable() -> str | None:
    """`$CHROMIUM`, else /usr/bin/chromium if present, else None (Playwright's own)."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    return "/usr/bin/chromium" if shutil.which("/usr/bin/chromium") else None


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium_executable(),
                                         args=LAUNCH_ARGS)
    yield browser
    browser.close()


def context_options(playwright: Playwright, kind: str) -> dict[str, Any]:
    if kind == "desktop":
        options: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
    elif kind == "phone":
        options = dict(playwright.devices["Pixel 7"])
        options.pop("default_browser_type", None)
    else:
        raise ValueError(f"unknown context kind {kind!r}; use 'desktop' or 'phone'")
    return {**options, "locale": "de-DE"}


def failed_in(request: pytest.FixtureRequest) -> bool:
    """Whether the test's setup or call failed (read in a fixture's teardown)."""
    return any(getattr(request.node, f"rep_{w}", None) and getattr(request.node, f"rep_{w}")
               .failed for w in ("setup", "call"))


@pytest.fixture
def new_context(
    playwright: Playwright, browser: Browser, guard: Guard, request: pytest.FixtureRequest
) -> Iterator[Callable[..., BrowserContext]]:
    """`new_context("desktop" | "phone", **options)`: a fresh, guarded context."""
    contexts: list[BrowserContext] = []

    def make(kind: str = "desktop", **options: Any) -> BrowserContext:
        context = browser.new_context(**{**context_options(playwright, kind), **options})
        context.set_default_timeout(15_000)
        guard.watch(context)
        contexts.append(context)
        return context

    yield make
    failed = failed_in(request)
    for n, context in enumerate(contexts):
        if failed:
            save_screenshots(context, request.node.nodeid, n)
        context.close()


def save_screenshots(context: BrowserContext, nodeid: str, n: int) -> None:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for m, page in enumerate(context.pages):
        with contextlib.suppress(Error):
            page.screenshot(path=str(ARTIFACTS / f"{name}-{n}-{m}.png"), timeout=5_000)


@pytest.fixture
def desktop(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    return new_context("desktop")


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    return new_context("phone")


# The `page` fixture's contexts: one per kind for the whole session, made once and visited
# once, so that the service worker has precached the site. A page in it starts as a player's
# return visit does (the page from the cache, Python from its memory snapshot: about 1 s
# instead of 4-6 s for a first visit, the page start being most of a browser test's time).
# Each test gets a new page in it, with the origin's stored data emptied first (everything
# the page keeps is in localStorage), its permissions taken back and every page it opened
# closed after it. A test that fails throws its context away, so the next one gets a new.
# Tests of a first visit, or that change the context itself (Playwright's clock), take a
# fresh context (`new_context`, or `@pytest.mark.fresh_context`; E2E_FRESH=1 for all).
WARM_CLEARED = "cookies,local_storage,indexeddb,file_systems,websql"
WARM_READY_S = 120
# The locales that get warm contexts: the page's default (German) and one English browser.
# Any other locale (a test of how the page reads "fr-FR" or "en-GB") takes a fresh context:
# a warm-up visit costs more than the one or two page starts it would save.
WARM_LOCALES = ("de-DE", "en-US")


class WarmContexts:
    def __init__(self, browser: Browser, playwright: Playwright, url: str) -> None:
        self.browser, self.playwright, self.url = browser, playwright, url
        self.contexts: dict[tuple[str, str], BrowserContext] = {}

    def get(self, kind: str, locale: str = "de-DE") -> BrowserContext:
        context = self.contexts.get((kind, locale))
        if context is None:
            context = self.browser.new_context(
                **{**context_options(self.playwright, kind), "locale": locale})
            context.set_default_timeout(15_000)
            context.add_init_script(CSP_LISTENER)
            try:
                visit = context.new_page()
                open_game(visit, self.url)
                activated = visit.evaluate(
                    "(ms) => Promise.race([navigator.serviceWorker.ready.then(() => true),"
                    " new Promise((done) => setTimeout(() => done(false), ms))])",
                    WARM_READY_S * 1000)
                if not activated:
                    raise AssertionError(f"warm {kind} {locale} context: the service worker "
                                         f"was not active within {WARM_READY_S} s")
                visit.close()
            except BaseException:
                context.close()
                raise
            self.contexts[(kind, locale)] = context
        return context

    def drop(self, kind: str, locale: str) -> None:
        context = self.contexts.pop((kind, locale), None)
        if context is not None:
            context.close()

    def close(self) -> None:
        for key in list(self.contexts):
            self.drop(*key)


@pytest.fixture(scope="session")
def warm_contexts(browser: Browser, playwright: Playwright,
                  site_server: sitesrv.Running) -> Iterator[WarmContexts]:
    warm = WarmContexts(browser, playwright, site_server.url)
    yield warm
    warm.close()


@pytest.fixture
def warm_page(request: pytest.FixtureRequest, guard: Guard, base_url: str,
              new_context: Callable[..., BrowserContext],
              warm_contexts: WarmContexts) -> Iterator[Callable[..., Page]]:
    """`warm_page(kind, locale="de-DE", **media)`: a new page in the warm context of
    (kind, locale), for tests that need a browser language or a media feature but not a
    first visit. `media` (`reduced_motion`, `color_scheme`) is emulated on the page before
    it loads anything (`page.emulate_media`), as the context option would. The first page
    of a test in a context starts with the origin's stored data emptied; a second one in
    the same context is a second tab (same storage). A locale not in `WARM_LOCALES`, a test
    marked `fresh_context` and E2E_FRESH=1 get a page in a fresh context instead."""
    fresh = bool(request.node.get_closest_marker("fresh_context") or os.environ.get("E2E_FRESH"))
    used: dict[tuple[str, str], BrowserContext] = {}

    def make(kind: str = "desktop", locale: str = "de-DE", **media: Any) -> Page:
        if fresh or locale not in WARM_LOCALES:
            return new_context(kind, locale=locale, **media).new_page()
        key = (kind, locale)
        first = key not in used
        if first:
            used[key] = warm_contexts.get(kind, locale)
            guard.listen(used[key])
        page = used[key].new_page()
        if media:
            page.emulate_media(**media)
        if first:
            clear_origin(page, base_url, WARM_CLEARED)
        return page

    yield make
    failed = failed_in(request)
    for n, (key, context) in enumerate(used.items()):
        if failed:
            save_screenshots(context, request.node.nodeid, n)
        for opened in list(context.pages):
            opened.close()
        guard.unlisten(context)
        context.clear_permissions()
        if failed:
            warm_contexts.drop(*key)


@pytest.fixture
def page(device: str, warm_page: Callable[..., Page]) -> Page:
    return warm_page(device)


# ---- helpers --------------------------------------------------------------------------------


def clear_origin(page: Page, url: str, storage_types: str) -> None:
    """Empty the stored data of `url`'s origin (`storage_types`: CDP's comma list)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin",
             {"origin": origin_of(url), "storageTypes": storage_types})
    cdp.detach()


def open_game(page: Page, base_url: str, query: str = "", *, clear_storage: bool = False,
              timeout: float = READY_TIMEOUT_S) -> None:
    """Open the game at `base_url` (+ `?query`) and wait for `<html class="ready">`.

    `clear_storage` empties the origin's localStorage first (a fresh context has none).
    Polls with `page.evaluate`, which a CSP without 'unsafe-eval' does not block.
    """
    if clear_storage:
        clear_origin(page, base_url, "local_storage")
    url = base_url + ("" if not query else query if query.startswith("?") else "?" + query)
    page.goto(url)
    wait_ready(page, timeout)


def wait_ready(page: Page, timeout: float = READY_TIMEOUT_S) -> None:
    """Wait until `<html>` has the class `ready`, polling (no `wait_for_function`)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate("document.documentElement.classList.contains('ready')"):
                return
        except Error as exc:  # navigation in progress: the context was replaced
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"{page.url}: <html> did not get the class 'ready' "
                                 f"within {timeout:.0f} s")
        page.wait_for_timeout(100)
