"""Content Security Policy and HTML injection.

The page's CSP (a meta tag: GitHub Pages cannot send headers) allows scripts, styles,
images and fetches from the site's own origin only, no inline script and no inline style.
Only two relaxations, both measured as necessary: `'unsafe-eval'` (PyScript 0.7.31 calls
`Function(...)`) and `'wasm-unsafe-eval'` (Pyodide compiles WebAssembly); `worker-src blob:`
for PyScript workers; `img-src data:` for images the page may draw as data URLs.

Text from a link (`?pos=`, `?deal=`) or from storage reaches the page only as text
(`textContent`, `setAttribute` of a non-event attribute) via `spider.web.dom.el`; no page code
uses an HTML sink at all, so no such text can ever be parsed as markup. The grep below
keeps it that way for every file the page runs (its Python, its JavaScript, the worker).

Every e2e test already fails on a CSP violation (`e2e/conftest.py`); the last test proves
the guard sees violations of this meta CSP.
"""

from __future__ import annotations

import html.parser
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.conftest import CSP_PREFIX, ROOT, Guard, open_game

EXPECTED_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'", "blob:"],
    "connect-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
}

# HTML sinks: anything that parses a string as markup or code.
SINKS = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment"
    r"|srcdoc|DOMParser|\beval\s*\(|new\s+Function\b|setTimeout\(\s*['\"]"
    r"|setAttribute\(\s*['\"](?:on\w+|style)['\"]"
)


def page_sources() -> list[Path]:
    """Every file of ours that runs in the page or its workers."""
    files = [ROOT / "main.py", ROOT / "sw.js"]
    files += sorted((ROOT / "spider" / "web").rglob("*.py"))
    files += sorted((ROOT / "assets").rglob("*.js"))
    files += sorted((ROOT / "spider").glob("*worker*.py"))
    return [f for f in files if f.is_file()]


class _Scan(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.csp: str | None = None
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        line = self.getpos()[0]
        if tag == "style":
            self.problems.append(f"line {line}: <style> element")
        if tag == "script":
            if not a.get("src"):
                self.problems.append(f"line {line}: <script> without src")
            self._in_script = True
        for name, _value in attrs:
            if name == "style" or name.startswith("on"):
                self.problems.append(f"line {line}: {name}= attribute on <{tag}>")
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp = a.get("content")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.problems.append(f"line {self.getpos()[0]}: inline script content")


def test_index_html_has_the_csp_and_nothing_inline() -> None:
    scan = _Scan()
    scan.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert scan.problems == []
    assert scan.csp is not None, "index.html has no Content-Security-Policy meta tag"
    directives = {}
    for part in scan.csp.split(";"):
        name, *values = part.split()
        directives[name] = values
    assert directives == EXPECTED_CSP


def test_page_code_has_no_html_sinks() -> None:
    found = []
    for path in page_sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SINKS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == [], "HTML/code sinks in page code (use textContent / el()):\n" + "\n".join(found)
    assert any(p.name == "dom.py" for p in page_sources())  # the scan sees the page's code


def test_the_sink_scan_catches_what_it_should() -> None:
    for bad in ('node.innerHTML = text', "el.insertAdjacentHTML('beforeend', s)",
                "document.write(x)", 'node.setAttribute("style", s)', "b.setAttribute('onclick', s)",
                "new Function(code)", "eval(s)"):
        assert SINKS.search(bad), bad
    for fine in ("node.textContent = text", 'node.setAttribute("aria-label", s)',
                 "style.setProperty('--i', '3')"):
        assert not SINKS.search(fine), fine


@pytest.mark.desktop_only
def test_the_guard_reports_violations_of_the_pages_csp(page: Page, base_url: str, guard: Guard) -> None:
    open_game(page, base_url)
    page.evaluate(
        """() => {
          const s = document.createElement('script'); s.textContent = 'window.pwned = 1';
          document.head.append(s);
          document.body.insertAdjacentHTML('beforeend', '<b style="color:red">x</b>');
        }"""
    )
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        seen = [e for e in guard.console_errors if e.startswith(CSP_PREFIX)]
        if len(seen) >= 2:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("window.pwned") is None  # the inline script did not run
    assert any("script-src-elem blocked inline" in e for e in seen), seen
    assert any("style-src-attr blocked inline" in e for e in seen), seen
    guard.allow_console(re.escape(CSP_PREFIX) + r" (script-src-elem|style-src-attr) blocked inline")
    guard.allow_console(r"^(Executing inline script|Applying inline style) violates the following "
                        r"Content Security Policy")
