"""A small static file server for the built site (stdlib only).

Used by `scripts/serve.py` (the README's `make serve`) and by the e2e fixtures in
`e2e/conftest.py`, so the browser tests see exactly what a player sees.

- Strict MIME types for what PyScript and Pyodide load (`.wasm` must be `application/wasm`,
  `.mjs` a JavaScript type); the table does not depend on the machine's `/etc/mime.types`.
- `Cache-Control: no-cache`: the browser may keep files but revalidates them
  (Last-Modified / If-Modified-Since), so a rebuild is always picked up.
- Optional base path (`/repo/`), like a GitHub Pages project site: only URLs under the base
  are served; everything else is 404, so a page that escapes its base is caught.

    >>> with running(Path("build/site"), base="/spider/") as srv:
    ...     srv.url
    'http://127.0.0.1:40123/spider/'
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import posixpath
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".map": "application/json",
}


def normalize_base(base: str) -> str:
    """`"repo"`, `"/repo"` and `"/repo/"` all become `"/repo/"`; `""` and `"/"` become `"/"`."""
    parts = [p for p in base.split("/") if p]
    return "/" + "".join(p + "/" for p in parts)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves `server.site_root` under `server.base`; quiet unless `server.verbose`."""

    server: SiteServer
    protocol_version = "HTTP/1.1"  # keep-alive, as real static hosts do

    def _strip_base(self) -> str | None:
        """The request path relative to the site root, or None if it is outside the base."""
        base = self.server.base
        raw_path = urllib.parse.urlsplit(self.path).path
        if base == "/":
            return self.path
        if raw_path + "/" == base:
            return ""  # "/repo" -> redirect to "/repo/"
        if not raw_path.startswith(base):
            return None
        return "/" + self.path[len(base) :]

    def send_head(self):  # type: ignore[no-untyped-def]
        stripped = self._strip_base()
        if stripped is None:
            self.send_error(404, f"Outside the site's base path {self.server.base}")
            return None
        if stripped == "":
            self.send_response(301)
            query = urllib.parse.urlsplit(self.path).query
            self.send_header("Location", self.server.base + (f"?{query}" if query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.path = stripped
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        ext = posixpath.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext) or super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        site_root: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        base: str = "/",
        verbose: bool = False,
    ) -> None:
        self.site_root = Path(site_root).resolve()
        self.base = normalize_base(base)
        self.verbose = verbose
        super().__init__((host, port), functools.partial(SiteHandler, directory=str(self.site_root)))

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that closes a kept-alive connection (a test ending, a reload) is normal.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]

    @property
    def port(self) -> int:
        return int(self.server_address[1])


@dataclass(frozen=True)
class Running:
    """A server running in a background thread: `origin` has no path, `url` ends with `/`."""

    server: SiteServer
    origin: str
    url: str


def start(site_root: Path, *, host: str = "127.0.0.1", port: int = 0, base: str = "/",
          verbose: bool = False) -> Running:
    """Start serving in a daemon thread (port 0 = a free port); call `stop()` when done."""
    server = SiteServer(site_root, host=host, port=port, base=base, verbose=verbose)
    threading.Thread(target=server.serve_forever, name=f"sitesrv:{server.port}",
                     daemon=True).start()
    origin = f"http://{host}:{server.port}"
    return Running(server, origin, origin + server.base)


def stop(running: Running) -> None:
    running.server.shutdown()
    running.server.server_close()


@contextlib.contextmanager
def running(site_root: Path, **kwargs: object) -> Iterator[Running]:
    srv = start(site_root, **kwargs)  # type: ignore[arg-type]
    try:
        yield srv
    finally:
        stop(srv)
