"""Turns what the player does into requests to the app: tap, drag, long-press, right-click
and keys. Listeners are bound once, on the board and the document; no card has its own.

One press is one action: a press that turned into a drag or a long-press is not a tap.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ..cards import COLUMNS
from .dom import absent, keep, listen

if TYPE_CHECKING:
    from .app import App

LONG_PRESS_MS = 500
DRAG_MOUSE_PX = 5
DRAG_TOUCH_PX = 10


class Press:
    """A pointer that went down on a column and is not yet up."""

    def __init__(self, event: Any, col: int, index: int, face_up: bool) -> None:
        self.pointer = event.pointerId
        self.kind = event.pointerType
        self.x0 = event.clientX
        self.y0 = event.clientY
        self.col = col
        self.index = index  # -1: on the column below its cards
        self.face_up = face_up
        self.dragging = False
        self.long = False
        self.timer: Any = None
        self.moved: list[Any] = []
        self.t0 = window.performance.now()


class Input:
    def __init__(self, app: App) -> None:
        self.app = app
        self.view = app.view
        self.board = self.view.board
        self.press: Press | None = None
        self._long_proxy = keep(self._on_long)
        listen(self.board, "pointerdown", self._down)
        listen(self.board, "pointermove", self._move)
        listen(self.board, "pointerup", self._up)
        listen(self.board, "pointercancel", self._cancel)
        listen(self.board, "lostpointercapture", self._cancel)
        listen(self.board, "contextmenu", self._context)
        listen(self.board, "focusin", self._focus)
        listen(document, "keydown", self._key)
        listen(document, "click", self._click)

    # ------------------------------------------------------------------ helpers
    def _hit(self, target: Any) -> tuple[int, int, bool] | None:
        """(column, card index or -1, face up?) for an event target on the board."""
        node = target.closest("[data-col]") if target is not None and hasattr(target, "closest") else None
        if absent(node):
            return None
        col = int(node.getAttribute("data-col")) - 1
        card = target.closest("[data-card]")
        if absent(card):
            return col, -1, False
        index = int(card.style.getPropertyValue("--i"))
        return col, index, card.getAttribute("data-card") != "down"

    def _column_at(self, x: float) -> int | None:
        m = self.view.metrics
        rel = x - m.board_left
        best = None
        for i, left in enumerate(m.lefts):
            if left - 6 <= rel <= left + m.card_w + 6:
                best = i
        return best

    def _stop_timer(self, press: Press) -> None:
        if press.timer is not None:
            window.clearTimeout(press.timer)
            press.timer = None

    # ------------------------------------------------------------------ pointer
    def _down(self, event: Any) -> None:
        if self.press is not None or self.app.busy():
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        hit = self._hit(event.target)
        if hit is None:
            return
        col, index, face_up = hit
        press = Press(event, col, index, face_up)
        self.press = press
        press.timer = window.setTimeout(self._long_proxy, LONG_PRESS_MS)
        if face_up:
            with contextlib.suppress(Exception):  # a pointer that already ended
                self.board.setPointerCapture(event.pointerId)
        if event.pointerType == "mouse":
            event.preventDefault()  # no text selection; focus is set by the click below
            self.view.focus_col = col
            self.view.columns[col].node.focus()

    def _move(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer or press.long:
            return
        dx = event.clientX - press.x0
        dy = event.clientY - press.y0
        if not press.dragging:
            limit = DRAG_MOUSE_PX if press.kind == "mouse" else DRAG_TOUCH_PX
            if dx * dx + dy * dy < limit * limit:
                return
            self._stop_timer(press)
            if not press.face_up:
                self.press = None  # a swipe on face-down cards does nothing
                return
            press.dragging = True
            column = self.view.columns[press.col]
            column.node.classList.add("lift")
            press.moved = column.cards[press.index :]
            for node in press.moved:
                node.classList.add("drag")
            self.view.measure()
        style = self.view.columns[press.col].node.style
        style.setProperty("--dx", f"{dx:.1f}px")
        style.setProperty("--dy", f"{dy:.1f}px")
        over = self._column_at(event.clientX)
        self._mark_over(over if over != press.col else None)

    def _mark_over(self, col: int | None) -> None:
        for c in self.view.columns:
            c.node.classList.toggle("over", c.index == col)

    def _end_drag(self, press: Press) -> None:
        column = self.view.columns[press.col]
        for node in press.moved:
            node.classList.remove("drag")
        column.node.classList.remove("lift")
        column.node.style.removeProperty("--dx")
        column.node.style.removeProperty("--dy")
        self._mark_over(None)

    def _up(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer:
            return
        self.press = None
        self._stop_timer(press)
        if press.long:
            return
        t0 = window.performance.now()
        if press.dragging:
            dst = self._column_at(event.clientX)
            count = len(press.moved)
            self._end_drag(press)
            if dst is None or dst == press.col:
                return
            self.app.move(press.col, dst, count, t0=t0, dropped=True)
            return
        self.app.tap(press.col, press.index, t0=t0)

    def _cancel(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer:
            return
        if event.type == "lostpointercapture" and not press.dragging:
            return
        self.press = None
        self._stop_timer(press)
        if press.dragging:
            self._end_drag(press)

    def _on_long(self, *_: Any) -> None:
        press = self.press
        if press is None or press.dragging:
            return
        press.timer = None
        press.long = True
        self.app.open_picker(press.col)

    def _context(self, event: Any) -> None:
        event.preventDefault()
        press = self.press
        if press is not None:
            if press.long or press.dragging:
                return
            self._stop_timer(press)
            press.long = True  # the touch that opened it must not tap as well
        hit = self._hit(event.target)
        if hit is not None and not self.app.busy():
            self.app.open_picker(hit[0])

    def _focus(self, event: Any) -> None:
        node = event.target
        if node.hasAttribute("data-col"):
            self.view.focus_col = int(node.getAttribute("data-col")) - 1

    # ------------------------------------------------------------------ buttons
    def _click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        node = target.closest("[data-action]")
        if absent(node) or node.disabled:
            return
        self.app.action(node.getAttribute("data-action"), node)

    # ------------------------------------------------------------------ keys
    def _key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.defaultPrevented:
            return
        if self.app.busy():
            return  # an open dialog handles its own keys (Esc closes it)
        key = event.key
        target = event.target
        on_column = hasattr(target, "hasAttribute") and target.hasAttribute("data-col")
        letter = key.lower() if len(key) == 1 else ""
        if letter in ("u", "h", "n", "d"):
            event.preventDefault()
            self.app.action({"u": "undo", "h": "hint", "n": "new", "d": "deal"}[letter], None)
        elif key in ("ArrowLeft", "ArrowRight"):
            event.preventDefault()
            step = -1 if key == "ArrowLeft" else 1
            current = self.view.focus_col if on_column else (-1 if step > 0 else COLUMNS)
            self.view.focus_column(current + step)
        elif key in ("Enter", " ") and on_column:
            event.preventDefault()
            self.app.open_picker(int(target.getAttribute("data-col")) - 1)
