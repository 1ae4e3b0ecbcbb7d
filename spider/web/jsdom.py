"""The parts of the browser's DOM the page uses, as types: what a JS element, event or
animation offers a Python module through Pyodide's proxies (which have no type stubs).

Only annotations: nothing here runs. A page module says ``node: Element`` instead of
``Any``, so ``mypy --strict`` checks every attribute it reads or calls on the DOM against
this list, and a typo in a DOM call is found before a browser is started.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class ClassList(Protocol):
    def add(self, *names: str) -> None: ...

    def remove(self, *names: str) -> None: ...

    def toggle(self, name: str, force: bool = ...) -> bool: ...

    def contains(self, name: str) -> bool: ...


class Style(Protocol):
    def setProperty(self, name: str, value: str) -> None: ...

    def removeProperty(self, name: str) -> str: ...

    def getPropertyValue(self, name: str) -> str: ...


class Rect(Protocol):
    left: float
    top: float
    right: float
    bottom: float
    width: float
    height: float


class Promise(Protocol):
    def then(self, done: object, failed: object = ...) -> Promise: ...


class Animation(Protocol):
    finished: Promise


class Validity(Protocol):
    badInput: bool


class File(Protocol):
    def text(self) -> Promise: ...


class FileList(Protocol):
    length: int

    def item(self, index: int) -> File: ...


class Message(Protocol):
    """What the engine's worker posts back: the request's number and its answer (JSON), or,
    while a long request runs, its progress (done, total)."""

    id: int
    answer: str
    progress: tuple[int, int] | None


class Element(Protocol):
    """A DOM element (and what the page reads of the special ones: a dialog's ``open``, an
    input's ``value``/``checked``/``files``)."""

    id: str
    className: str
    textContent: str
    hidden: bool
    disabled: bool
    value: str
    checked: bool
    open: bool
    scrollTop: float
    classList: ClassList
    style: Style
    validity: Validity
    files: FileList
    parentNode: Element
    previousElementSibling: Element
    clientWidth: float
    clientHeight: float
    offsetLeft: float

    def setAttribute(self, name: str, value: str) -> None: ...

    def getAttribute(self, name: str) -> str: ...

    def hasAttribute(self, name: str) -> bool: ...

    def removeAttribute(self, name: str) -> None: ...

    def toggleAttribute(self, name: str, force: bool = ...) -> bool: ...

    def append(self, *nodes: Element | str) -> None: ...

    def remove(self) -> None: ...

    def replaceChildren(self, *nodes: Element) -> None: ...

    def insertBefore(self, node: Element, before: Element) -> Element: ...

    def cloneNode(self, deep: bool) -> Element: ...

    def querySelector(self, selector: str) -> Element: ...

    def closest(self, selector: str) -> Element: ...

    def contains(self, node: Element) -> bool: ...

    def isSameNode(self, node: Element) -> bool: ...

    def focus(self, options: object = ...) -> None: ...

    def click(self) -> None: ...

    def scrollIntoView(self, options: object = ...) -> None: ...

    def showModal(self) -> None: ...

    def close(self) -> None: ...

    def animate(self, keyframes: object, options: object) -> Animation: ...

    def getBoundingClientRect(self) -> Rect: ...

    def setPointerCapture(self, pointer: int) -> None: ...

    def setCustomValidity(self, text: str) -> None: ...

    def reportValidity(self) -> bool: ...

    def addEventListener(self, event: str, handler: object, options: object = ...) -> None: ...

    def removeEventListener(self, event: str, handler: object, options: object = ...) -> None: ...


class Event(Protocol):
    """A DOM event as the page's handlers read it (pointer, key, storage, message)."""

    type: str
    target: Element
    key: str
    timeStamp: float
    defaultPrevented: bool
    pointerId: int
    pointerType: str
    button: int
    clientX: float
    clientY: float
    ctrlKey: bool
    metaKey: bool
    shiftKey: bool
    altKey: bool
    detail: int  # a press's click count (2: the second press of a double click)
    data: Message  # a worker's message

    def preventDefault(self) -> None: ...


class Proxy(Protocol):
    """A Python function handed to JS (``create_proxy``): released with ``destroy``."""

    def destroy(self) -> None: ...


class Observer(Protocol):
    def observe(self, node: Element) -> None: ...

    def disconnect(self) -> None: ...


Handler = Callable[[Event], object]

__all__ = ["Animation", "ClassList", "Element", "Event", "Handler", "Observer", "Promise", "Proxy", "Rect",
           "Style"]
