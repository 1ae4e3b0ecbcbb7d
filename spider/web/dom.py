"""Small DOM helpers shared by the page modules (the only layer that touches ``js``)."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from ..texts import t as tr  # noqa: F401

_proxies: list[Any] = []


def el(tag: str, cls: str = "", text: str | None = None, **attrs: str) -> Any:
    """A new element; ``attrs`` use ``_`` for ``-`` (``aria_label`` → ``aria-label``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def listen(target: Any, event: str, handler: Any, **options: bool) -> Any:
    """Bind ``handler`` once for the page's lifetime (the proxy is kept alive here)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    if options:
        target.addEventListener(event, proxy, window.Object.fromEntries(list(options.items())))
    else:
        target.addEventListener(event, proxy)
    return proxy


def keep(handler: Any) -> Any:
    """A JS-callable proxy kept alive for the page's lifetime (timers, animation callbacks)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    return proxy


def absent(node: Any) -> bool:
    """True for what a DOM lookup gives when nothing is found (JS null arrives as ``jsnull``)."""
    return node is None or node is jsnull


def byid(ident: str) -> Any:
    return document.getElementById(ident)




def clock_text(ms: float) -> str:
    """``m:ss`` below an hour, ``h:mm:ss`` above."""
    s = int(ms // 1000)
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
