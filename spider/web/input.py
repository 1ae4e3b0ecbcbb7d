"""Turns what the player does into intents: tap, double tap, drag, long press, right click,
keys and button clicks. Knows no game and no table's DOM: it asks the current table what a
gesture landed on (``spot``), and tells it what the player meant (``tap``, ``lift``,
``hover``, ``drop``, ``long_press``, ``double_tap``, ``key``); buttons (``data-action``) and
the shell's keys go to the shell.

Listeners are bound once, on the board and the document, through one :class:`Bindings`
group (unbound with :meth:`Input.unbind`); no card has its own. One press is one action: a
press that turned into a drag or a long press is not a tap.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Protocol, TypeVar

from pyscript import document, window

from ..core.messages import Msg
from .control import Spot
from .dom import Bindings, absent, byid, obj
from .jsdom import Element, Event
from .tables.base import Table

LONG_PRESS_MS = 500
DOUBLE_TAP_MS = 350
DRAG_MOUSE_PX = 5
DRAG_TOUCH_PX = 10
SHELL_KEYS = {"u": "undo", "h": "hint", "n": "new"}


T = TypeVar("T")


class Shell(Protocol):
    """What the input needs of the shell."""

    @property
    def table(self) -> Table | None: ...

    def busy(self) -> bool: ...

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def action(self, name: str) -> None: ...

    def guard(self, call: Callable[[], T]) -> T | None: ...

    def busy_reason(self) -> Msg | None: ...


class Press:
    """A pointer that went down on the table and is not yet up."""

    def __init__(self, event: Event, spot: Spot) -> None:
        self.pointer = event.pointerId
        self.kind = event.pointerType
        self.x0 = event.clientX
        self.y0 = event.clientY
        self.spot = spot
        self.dragging = False
        self.long = False
        self.timer: int | None = None
        self.moved: list[Element] = []


class Input:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.board = byid("board")
        self.press: Press | None = None
        self._last_tap: tuple[Spot, float] | None = None
        self.bind = Bindings()
        listen = self.bind.listen
        listen(self.board, "pointerdown", self._down)
        listen(self.board, "pointermove", self._move)
        listen(self.board, "pointerup", self._up)
        listen(self.board, "pointercancel", self._cancel)
        listen(self.board, "lostpointercapture", self._cancel)
        listen(self.board, "contextmenu", self._context)
        listen(document, "keydown", self._key)
        listen(document, "click", self._click)

    def unbind(self) -> None:
        self.bind.unbind()

    def _table(self) -> Table:
        table = self.shell.table
        if table is None:  # between a failed drawing and the next one
            raise RuntimeError("no table drawn")
        return table

    # ------------------------------------------------------------------ pointer
    def _down(self, event: Event) -> None:
        if self.press is not None:
            return
        if self.shell.busy():
            reason = self.shell.busy_reason()
            if reason is not None:  # paused: the press is answered, not dropped
                self.shell.say(reason, refusal=True)
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        spot = self.shell.guard(lambda: self._table().spot(event.target))
        if spot is None:
            return
        press = Press(event, spot)
        self.press = press
        press.timer = self.bind.later(LONG_PRESS_MS, self._on_long)
        if spot.face_up:
            with contextlib.suppress(Exception):  # a pointer that already ended
                self.board.setPointerCapture(event.pointerId)
        if event.pointerType == "mouse":
            event.preventDefault()  # no text selection; the focus follows without a ring
            place = event.target.closest("[tabindex]")
            if not absent(place):
                place.focus(obj({"preventScroll": True, "focusVisible": False}))

    def _stop_timer(self, press: Press) -> None:
        if press.timer is not None:
            window.clearTimeout(press.timer)
            press.timer = None

    def _move(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer or press.long:
            return
        dx = event.clientX - press.x0
        dy = event.clientY - press.y0
        table = self.shell.table
        if table is None:
            return
        if not press.dragging:
            limit = DRAG_MOUSE_PX if press.kind == "mouse" else DRAG_TOUCH_PX
            if dx * dx + dy * dy < limit * limit:
                return
            self._stop_timer(press)
            lifted = self.shell.guard(lambda: table.lift(press.spot))
            if lifted is None:
                self.press = None
                return
            if isinstance(lifted, Msg):
                self.press = None  # nothing to drag here: say why, once
                self.shell.say(lifted, refusal=True)
                return
            press.dragging = True
            press.moved = lifted
            for node in lifted:
                node.classList.add("drag")
        for node in press.moved:
            node.style.setProperty("--dx", f"{dx:.1f}px")
            node.style.setProperty("--dy", f"{dy:.1f}px")
        self.shell.guard(lambda: table.hover(press.spot, table.spot_at(event.clientX, event.clientY)))

    def _end_drag(self, press: Press) -> None:
        for node in press.moved:
            node.classList.remove("drag")
            node.style.removeProperty("--dx")
            node.style.removeProperty("--dy")

    def _up(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer:
            return
        self.press = None
        self._stop_timer(press)
        if press.long:
            return
        t0 = window.performance.now()
        table = self.shell.table
        if table is None:
            return
        if press.dragging:
            self._end_drag(press)
            self.shell.guard(lambda: table.drop(press.spot, table.spot_at(event.clientX, event.clientY), t0))
            return
        # A double tap is judged by when the player lifted the finger (the event's own time),
        # not by when this handler runs: a slow first tap must not split a quick double tap.
        # It is two taps on one pile: the first may have moved the card it hit, so the
        # second lands on another card of the same pile (the table decides what follows).
        at = float(event.timeStamp)
        last = self._last_tap
        if last is not None and last[0].place == press.spot.place and at - last[1] < DOUBLE_TAP_MS:
            self._last_tap = None
            self.shell.guard(lambda: table.double_tap(press.spot, t0))
            return
        self._last_tap = (press.spot, at)
        self.shell.guard(lambda: table.tap(press.spot, t0))

    def _cancel(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer:
            return
        if event.type == "lostpointercapture" and not press.dragging:
            return
        self.press = None
        self._stop_timer(press)
        if press.dragging:
            self._end_drag(press)
            self.shell.guard(lambda: self._table().drop(press.spot, None, window.performance.now()))

    def _on_long(self, *_: object) -> None:
        press = self.press
        if press is None or press.dragging:
            return
        press.timer = None
        press.long = True
        self.shell.guard(lambda: self._table().long_press(press.spot))

    def _context(self, event: Event) -> None:
        event.preventDefault()
        press = self.press
        if press is not None:
            if press.long or press.dragging:
                return
            self._stop_timer(press)
            press.long = True  # the touch that opened it must not tap as well
        spot = self.shell.guard(lambda: self._table().spot(event.target))
        if spot is not None and not self.shell.busy():
            self.shell.guard(lambda: self._table().long_press(spot))

    # ------------------------------------------------------------------ buttons
    def _click(self, event: Event) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        node = target.closest("[data-action]")
        if absent(node):
            return  # the click that follows every tap on the table (a double tap needs it kept)
        self._last_tap = None  # a button between two taps makes them two single taps
        if node.disabled:
            return
        name = str(node.getAttribute("data-action"))
        self.shell.guard(lambda: self.shell.action(name))

    # ------------------------------------------------------------------ keys
    def _key(self, event: Event) -> None:
        if event.defaultPrevented or self.shell.busy():
            return  # an open dialog handles its own keys (Esc closes it)
        target = event.target
        if hasattr(target, "closest") and not absent(target.closest("input, select, textarea")):
            return
        key = event.key
        letter = key.lower() if len(key) == 1 else ""
        if event.ctrlKey or event.metaKey:
            # Undo and redo as every desktop program has them (⌘ on a Mac): Ctrl+Z,
            # Ctrl+Y and Ctrl+Shift+Z.
            name = {"z": "redo" if event.shiftKey else "undo", "y": "redo"}.get(letter)
            if name is not None and not event.altKey:
                event.preventDefault()
                self.shell.guard(lambda: self.shell.action(name))
            return
        if event.altKey:
            return
        if letter in SHELL_KEYS:
            event.preventDefault()
            self.shell.guard(lambda: self.shell.action(SHELL_KEYS[letter]))
        elif self.shell.guard(lambda: self._table().key(key, target)):
            event.preventDefault()
