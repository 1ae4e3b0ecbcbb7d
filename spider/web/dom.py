"""Small DOM helpers shared by the page modules (the only layer that touches ``js``).

Listeners are bound through a :class:`Bindings` group and can be unbound: a table, a
dialog or the whole chrome unbinds everything it bound when it goes (a game or the
language changes without a reload).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from .jsdom import Element, Observer, Proxy

_kept: list[Proxy] = []


class Target(Protocol):
    """Anything that takes listeners: an element, ``document``, ``window``, a worker."""

    def addEventListener(self, event: str, handler: object, options: object = ...) -> None: ...

    def removeEventListener(self, event: str, handler: object, options: object = ...) -> None: ...


Listener = tuple[Target, str, Proxy, object]


def el(tag: str, cls: str = "", text: str | None = None, **attrs: str) -> Element:
    """A new element; ``attrs`` use ``_`` for ``-`` (``aria_label`` → ``aria-label``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    made: Element = node
    return made


def obj(value: object) -> object:
    """A Python dict/list as a plain JS object/array (for ``animate`` and options)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


class Bindings:
    """Listeners and timers bound by one owner, all released by :meth:`unbind`."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._timers: list[tuple[str, int, Proxy]] = []
        self._observers: list[tuple[Observer, Proxy]] = []

    def listen(
        self, target: Target, event: str, handler: Callable[..., object], **options: bool
    ) -> Callable[[], None]:
        """Bind ``handler``; returns a function that unbinds just this one."""
        proxy: Proxy = create_proxy(handler)
        opts = obj(options) if options else None
        if opts is None:
            target.addEventListener(event, proxy)
        else:
            target.addEventListener(event, proxy, opts)
        entry = (target, event, proxy, opts)
        self._listeners.append(entry)

        def unbind() -> None:
            if entry in self._listeners:
                self._listeners.remove(entry)
                _remove(entry)

        return unbind

    def resize(self, node: Element, handler: Callable[..., object]) -> None:
        """Call ``handler`` whenever ``node`` changes size (a ResizeObserver, disconnected
        on unbind)."""
        proxy: Proxy = create_proxy(handler)
        observer: Observer = window.ResizeObserver.new(proxy)
        observer.observe(node)
        self._observers.append((observer, proxy))

    def every(self, ms: int, handler: Callable[..., object]) -> None:
        proxy: Proxy = create_proxy(handler)
        self._timers.append(("interval", int(window.setInterval(proxy, ms)), proxy))

    def later(self, ms: int, handler: Callable[..., object]) -> int:
        """A one-shot timer owned by this group (released on unbind even if it never fired)."""
        proxy: Proxy = create_proxy(handler)
        handle = int(window.setTimeout(proxy, ms))
        self._timers.append(("timeout", handle, proxy))
        return handle

    def unbind(self) -> None:
        for entry in self._listeners:
            _remove(entry)
        self._listeners.clear()
        for kind, handle, proxy in self._timers:
            (window.clearInterval if kind == "interval" else window.clearTimeout)(handle)
            proxy.destroy()
        self._timers.clear()
        for observer, proxy in self._observers:
            observer.disconnect()
            proxy.destroy()
        self._observers.clear()

    @property
    def count(self) -> int:
        return len(self._listeners) + len(self._timers) + len(self._observers)


def _remove(entry: Listener) -> None:
    target, event, proxy, opts = entry
    if opts is None:
        target.removeEventListener(event, proxy)
    else:
        target.removeEventListener(event, proxy, opts)
    proxy.destroy()


def keep(handler: Callable[..., object]) -> Proxy:
    """A JS-callable proxy kept for the page's lifetime (promise callbacks, one-off hooks)."""
    proxy: Proxy = create_proxy(handler)
    _kept.append(proxy)
    return proxy


def absent(node: object) -> bool:
    """True for what a DOM lookup gives when nothing is found (JS null arrives as ``jsnull``)."""
    return node is None or node is jsnull


def byid(ident: str) -> Element:
    found: Element = document.getElementById(ident)
    return found
