"""The installable, offline game: manifest, service worker, updates, GitHub Pages sub-path.

- The build stamps `build/site/sw.js` with EVERY other file of the site (and its SRI hash)
  and a version computed from them; a changed file changes the version.
- After one visit, with the browser offline AND the server stopped, a reload starts the game
  and a move, a hint from the solver's Web Worker and an undo work. Every file the page and
  its worker requested on the first visit must be in the precache list.
- Chromium's own installability check (CDP `Page.getInstallabilityErrors`) finds nothing.
- A rebuilt site is picked up: the page offers "Neue Version – neu laden"; taking it
  reloads into the new version with the game as it was; old caches of this app are gone,
  another app's cache is untouched.
- Everything runs under `/spider-solitaire/`, as on GitHub Pages (a project site).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from e2e.conftest import (
    LAUNCH_ARGS,
    ROOT,
    SITE,
    Guard,
    chromium_executable,
    context_options,
    open_game,
    wait_ready,
)
from e2e.spider_page import (
    Game,
    build,
    button,
    card,
    engine_table,
    message,
    open_pos,
    press,
    stat,
    table,
)

sys.path.insert(0, str(ROOT / "scripts"))
import build_site
import sitesrv

SUB_PATH = "/spider-solitaire/"
UPDATE_OFFER = "Neue Version – neu laden"
# Every card known (no face-down card, empty stock): Tipp asks the solver's worker.
# Won in three: A♥ onto 2♥, 3♥-A♥ onto 4♥, 6♥-A♥ onto 7♥.
WIN3 = build(["KH QH JH TH 9H 8H 7H", "6H 5H 4H", "3H 2H", "AH", "", "", "", "", "", ""],
             suits=2, done="S S S S H H H")
WINNING_HINT = "führt sicher zum Sieg"
WORKER_MS = 90_000  # the worker boots a second Pyodide; generous on a busy machine
MOVES = build(
    ["* 9H", "* 8S 7C", "* 8C", "* 8S", "* 9S 7S", "* 3H", "* AD", "* KD", "* 6D 5D 4D", "* JS"],
    stock_rows=2,
)


# ---- helpers --------------------------------------------------------------------------------


def precached(site: Path) -> dict[str, str]:
    """The `FILES` table stamped into `site/sw.js`."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const FILES = (\{.*?\});", text, re.DOTALL)
    assert found, "sw.js has no stamped FILES table"
    return dict(json.loads(found.group(1)))


def sw_version(site: Path) -> str:
    found = re.search(r'const VERSION = "([^"]+)"', (site / "sw.js").read_text(encoding="utf-8"))
    assert found
    return found.group(1)


def wait_controlled(page: Page, timeout: float = 30.0) -> None:
    """Wait until a service worker is active and controls the page (precache complete)."""
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(
            "navigator.serviceWorker.getRegistration().then(r => [r && r.active ? r.active.state"
            " : null, !!navigator.serviceWorker.controller])"
        )
        if state == ["activated", True]:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"no active service worker in control after {timeout:.0f} s: {state}")
        page.wait_for_timeout(100)


def cache_names(page: Page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def site_paths(urls: list[str], origin: str, base: str) -> set[str]:
    """The site paths (`./x/y`) of the same-origin URLs under `base`."""
    paths = set()
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != origin or not parts.path.startswith(base):
            continue
        path = parts.path[len(base):] or "index.html"
        paths.add("./" + (path + "index.html" if path.endswith("/") else path))
    return paths


# ---- the build ------------------------------------------------------------------------------


def test_sw_precaches_every_file_of_the_site_with_its_hash(site: Path) -> None:
    files = precached(site)
    on_disk = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(files) == on_disk - {"./sw.js"}
    for must in ("./index.html", "./manifest.webmanifest", "./pyodide/pyodide.asm.wasm",
                 "./pyodide/python_stdlib.zip", "./pyscript/core.js", "./main.py",
                 "./spider.zip", "./assets/icons/icon-512.png"):
        assert must in files
    for path, sri in files.items():
        digest = hashlib.sha256((site / path).read_bytes()).digest()
        assert sri == "sha256-" + base64.b64encode(digest).decode(), path


def test_a_changed_file_changes_the_sw_version(tmp_path: Path, site: Path) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    before = sw_version(copy)
    assert build_site.stamp_service_worker(copy) == before  # stamping again changes nothing
    with (copy / "main.py").open("a") as f:
        f.write("# changed\n")
    after = build_site.stamp_service_worker(copy)
    assert after != before and sw_version(copy) == after
    assert precached(copy)["./main.py"] != precached(site)["./main.py"]


def test_the_manifest_is_complete_and_its_icons_exist(site: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from spider.texts import t

    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == t("ui.app.name")
    assert manifest["short_name"] == t("ui.app.short_name")
    assert manifest["description"] == t("ui.app.description")
    assert manifest["start_url"] == manifest["scope"] == "./"  # works under any sub-path
    assert manifest["display"] == "standalone"
    html = (site / "index.html").read_text(encoding="utf-8")
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', html)
    assert theme and manifest["theme_color"] == theme.group(1)
    assert re.search(r'<link rel="manifest" href="./manifest.webmanifest">', html)
    css = (site / "assets" / "page.css").read_text(encoding="utf-8")
    assert manifest["background_color"] in css
    seen = set()
    for icon in manifest["icons"]:
        path = site / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            head = path.read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
            seen.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


# ---- in the browser -------------------------------------------------------------------------


def test_after_one_visit_the_game_runs_offline_under_a_sub_path(
    device: str, new_context: Callable[..., BrowserContext], guard: Guard
) -> None:
    """Every card known, so Tipp asks the solver in its Web Worker: the worker's files (a
    second Pyodide, the engine) must come from the service worker's cache as well."""
    server = sitesrv.start(SITE, base=SUB_PATH)
    guard.allow_origin(server.origin)
    try:
        context = new_context(device)
        requested: list[str] = []
        context.on("request", lambda r: requested.append(r.url))
        page = context.new_page()
        open_pos(page, server.url, WIN3)
        button(page, "Tipp").click()  # starts the solver's worker (online, this time)
        expect(message(page)).to_contain_text(WINNING_HINT, timeout=WORKER_MS)
        wait_controlled(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == server.url
        assert page.locator("[data-update]").count() == 0  # a first install offers nothing
        # Whatever the page and its workers fetched is in the precache.
        fetched = site_paths(requested, server.origin, SUB_PATH) - {"./sw.js"}
        assert {"./assets/engine-worker.mjs", "./spider.zip", "./pyodide/pyodide.asm.wasm"} <= fetched
        missing = fetched - set(precached(SITE))
        assert not missing, f"requested but not precached: {sorted(missing)}"
    finally:
        sitesrv.stop(server)  # really no network: the origin is gone

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"  # from the cache
    game = Game.from_text(WIN3)
    assert table(page) == engine_table(game)  # the saved game, from localStorage
    press(page, device, card(page, 4, "AH"))  # a move: A♥ onto 2♥
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    game.play(game.tap(3, 0))
    assert table(page) == engine_table(game)
    button(page, "Tipp").click()  # the solver's worker starts offline and answers
    expect(message(page)).to_contain_text(WINNING_HINT, timeout=WORKER_MS)
    expect(page.locator("#board .hint-src")).to_have_count(1)
    button(page, "Zurück").click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert table(page) == engine_table(Game.from_text(WIN3))


@pytest.mark.desktop_only
def test_chromium_finds_the_app_installable(
    playwright: Playwright, base_url: str, guard: Guard, tmp_path: Path, device: str
) -> None:
    # A persistent profile: an incognito context always reports "in-incognito".
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_executable(), headless=True,
        args=LAUNCH_ARGS, **context_options(playwright, "desktop"),
    )
    try:
        guard.watch(context)
        page = context.pages[0] if context.pages else context.new_page()
        open_game(page, base_url)
        wait_controlled(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == base_url + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


@pytest.mark.desktop_only
def test_a_new_version_is_offered_and_taking_it_keeps_the_game(
    device: str, new_context: Callable[..., BrowserContext], serve: Callable[..., Any],
    tmp_path: Path,
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    url = serve(copy, base=SUB_PATH).url
    page = new_context(device).new_page()
    open_pos(page, url, MOVES)
    press(page, device, card(page, 2, "7C"))
    press(page, device, card(page, 2, "8S"))
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    wait_controlled(page)
    page.evaluate("caches.open('another-app').then(c => c.put('/x', new Response('mine')))")
    old_caches = cache_names(page)
    assert len([n for n in old_caches if n.startswith("spider-solitaire ")]) == 1
    shown = table(page)

    # A new deploy: one served file changes, the build stamps sw.js again.
    with (copy / "assets" / "spider.css").open("a") as f:
        f.write("\n/* version 2 */\n")
    new_version = build_site.stamp_service_worker(copy)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    offer = page.get_by_role("button", name=UPDATE_OFFER)
    expect(offer).to_be_visible(timeout=30_000)
    assert page.evaluate("document.documentElement.dataset.update") == "waiting"
    assert table(page) == shown  # the offer changes nothing by itself

    with page.expect_navigation():
        offer.click()
    wait_ready(page)
    assert table(page) == shown
    assert stat(page, "moves") == "2"
    expect(page.get_by_role("button", name=UPDATE_OFFER)).to_have_count(0)
    wait_controlled(page)
    css = page.evaluate("fetch('./assets/spider.css').then(r => r.text())")
    assert css.endswith("/* version 2 */\n")  # served by the new version's cache
    names = cache_names(page)
    assert "another-app" in names  # never another app's cache
    ours = [n for n in names if n.startswith("spider-solitaire ")]
    assert ours == [f"spider-solitaire {url} {new_version}"]  # the old version's cache is gone

