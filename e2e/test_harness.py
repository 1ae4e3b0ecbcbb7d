"""The harness tests itself against a tiny page, so it works before the game does.

The second half runs a nested pytest on purpose-built bad pages and checks that the
guard fails each of them: a detector that cannot fail proves nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable
from email.message import Message
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.conftest import ROOT, Served, open_game

APP_JS = """
setTimeout(() => document.documentElement.classList.add("ready"), 150);
"""
CSP = "default-src 'self'; script-src 'self'"
PAGE = """<!doctype html>
<html lang="de"><head><meta charset="utf-8">{csp}
<link rel="icon" href="./icon.svg"><title>Harness</title><script src="./app.js"></script>
</head><body><p>tiny page</p>{inline}</body></html>
"""
CSP_META = f'\n<meta http-equiv="Content-Security-Policy" content="{CSP}">'
INDEX = PAGE.format(csp="", inline="")
STRICT = PAGE.format(csp=CSP_META, inline="")  # no 'unsafe-eval': open_game must still work
CSP_BROKEN = PAGE.format(csp=CSP_META, inline="<script>document.title = 'inline';</script>")


@pytest.fixture(scope="module")
def tiny_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tiny-site")
    (root / "index.html").write_text(INDEX)
    (root / "strict.html").write_text(STRICT)
    (root / "csp.html").write_text(CSP_BROKEN)
    (root / "app.js").write_text(APP_JS)
    (root / "data.json").write_text('{"ok": true}')
    (root / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')
    for name in ("x.wasm", "x.mjs", "app.webmanifest", "pyscript.toml", "m.py"):
        (root / name).write_bytes(b"\0")
    return root


def fetch(url: str) -> tuple[int, Message]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers


# ---- the server -----------------------------------------------------------------------------


def test_server_sends_strict_mime_types(serve: Callable[..., Served], tiny_site: Path) -> None:
    url = serve(tiny_site).url
    expected = {
        "x.wasm": "application/wasm",
        "x.mjs": "text/javascript",
        "app.js": "text/javascript",
        "app.webmanifest": "application/manifest+json",
        "index.html": "text/html",
        "data.json": "application/json",
    }
    for name, mime in expected.items():
        status, headers = fetch(url + name)
        assert status == 200, name
        assert headers["Content-Type"].split(";")[0] == mime, name
        assert headers["Cache-Control"] == "no-cache", name


def test_server_under_a_sub_path(serve: Callable[..., Served], tiny_site: Path) -> None:
    served = serve(tiny_site, base="/spider-solitaire/")
    assert served.url == served.origin + "/spider-solitaire/"
    assert fetch(served.url)[0] == 200
    assert fetch(served.url + "app.js")[0] == 200
    status, headers = fetch(served.origin + "/spider-solitaire?deal=S1-1")
    assert (status, headers["Location"]) == (301, "/spider-solitaire/?deal=S1-1")
    assert fetch(served.origin + "/app.js")[0] == 404  # outside the base: not served
    assert fetch(served.origin + "/")[0] == 404


# ---- the browser fixtures -------------------------------------------------------------------


def test_page_runs_on_desktop_and_phone(
    page: Page, device: str, serve: Callable[..., Served], tiny_site: Path
) -> None:
    open_game(page, serve(tiny_site).url + "strict.html", "deal=S1-1")
    assert page.url.endswith("/strict.html?deal=S1-1")
    coarse = page.evaluate("matchMedia('(pointer: coarse)').matches")
    touch = page.evaluate("navigator.maxTouchPoints > 0")
    assert (coarse, touch) == ((True, True) if device == "phone" else (False, False))
    assert page.evaluate("navigator.language") == "de-DE"


@pytest.mark.desktop_only
def test_open_game_clears_storage_only_when_asked(
    page: Page, serve: Callable[..., Served], tiny_site: Path
) -> None:
    url = serve(tiny_site).url
    open_game(page, url)
    page.evaluate("localStorage.setItem('k', 'v')")
    open_game(page, url)
    assert page.evaluate("localStorage.getItem('k')") == "v"
    open_game(page, url, clear_storage=True)
    assert page.evaluate("localStorage.getItem('k')") is None


# ---- the guard fails what it must -----------------------------------------------------------

INNER_TESTS = '''
import os
from pathlib import Path

import pytest

from e2e.conftest import open_game

SITE = Path(os.environ["HARNESS_SITE"])
pytestmark = pytest.mark.desktop_only


@pytest.fixture
def url(serve):
    return serve(SITE).url


def test_clean(page, url):
    open_game(page, url)


def test_cross_origin(page, url, serve):
    foreign = serve(SITE, allow=False).url  # another port = another origin
    open_game(page, url)
    page.evaluate("u => fetch(u).then(r => r.text(), () => null)", foreign + "data.json")


def test_console_error(page, url):
    open_game(page, url)
    page.evaluate("console.error('boom from the page')")


def test_page_error(page, url):
    open_game(page, url)
    page.evaluate("setTimeout(() => { throw new Error('uncaught boom') }, 0)")
    page.wait_for_timeout(300)


def test_csp_violation(page, url):
    open_game(page, url + "csp.html")


def test_allowed_page_error(page, url, guard):
    guard.allow_page_error("uncaught boom")
    open_game(page, url)
    page.evaluate("setTimeout(() => { throw new Error('uncaught boom') }, 0)")
    page.wait_for_timeout(300)


def test_other_page_error_than_allowed(page, url, guard):
    guard.allow_page_error("another boom")
    open_game(page, url)
    page.evaluate("setTimeout(() => { throw new Error('uncaught boom') }, 0)")
    page.wait_for_timeout(300)


@pytest.mark.allow_console("boom from the page")
def test_allowed_console_error(page, url):
    open_game(page, url)
    page.evaluate("console.error('boom from the page')")
'''

EXPECTED = {
    "test_clean": None,
    "test_allowed_console_error": None,
    "test_allowed_page_error": None,
    "test_other_page_error_than_allowed": "uncaught page error: Error: uncaught boom",
    "test_cross_origin": "request to another origin: http://127.0.0.1:",
    "test_console_error": "console error: boom from the page",
    "test_page_error": "uncaught page error: Error: uncaught boom",
    "test_csp_violation": "CSP violation: [csp-violation] script-src-elem blocked inline",
}


@pytest.mark.desktop_only
def test_guard_fails_tests_that_break_the_rules(tiny_site: Path, tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(textwrap.dedent(INNER_TESTS))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    report = tmp_path / "report.xml"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "e2e.conftest", "-p", "no:cacheprovider",
         "-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path),
         f"--junitxml={report}", "-q", str(tmp_path / "test_inner.py")],
        cwd=ROOT, env={**os.environ, "HARNESS_SITE": str(tiny_site)},
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert report.exists(), result.stdout + result.stderr
    outcomes: dict[str, str | None] = {}
    for case in ET.parse(report).iter("testcase"):
        name = case.get("name", "").split("[")[0]
        bad = case.find("error") if case.find("error") is not None else case.find("failure")
        outcomes[name] = None if bad is None else (bad.get("message", "") + (bad.text or ""))
    assert set(outcomes) == set(EXPECTED), result.stdout
    for name, needle in EXPECTED.items():
        outcome = outcomes[name]
        if needle is None:
            assert outcome is None, f"{name} should pass:\n{outcome}"
        else:
            assert outcome is not None, f"{name} should fail at teardown"
            assert needle in outcome, f"{name}:\n{outcome}"
