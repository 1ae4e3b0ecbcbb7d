"""Bars under the table: a sentence and a few buttons, not a dialog (the table, Zurück and
Tipp stay usable). Two of them: the verdict (``#verdict``: "being checked", or the proved
"cannot be won from here" with its two ways out) and notices (``#notice``: another tab
changed the game, the previous game can be resumed, saving is blocked, …).

Built on first use, so they cost nothing before the first board. Their buttons carry
``data-action`` and are handled by the shell like every other button.
"""

from __future__ import annotations

from .dom import byid, el
from .jsdom import Element


class Bar:
    def __init__(self, ident: str, state_attr: str) -> None:
        self.ident = ident
        self.state_attr = state_attr
        self.parts: tuple[Element, Element, Element] | None = None  # the bar, its text, its buttons

    @property
    def node(self) -> Element | None:
        return self.parts[0] if self.parts is not None else None

    def _build(self) -> tuple[Element, Element, Element]:
        node = el("div", f"bar-note {self.ident}", id=self.ident)
        node.setAttribute(self.state_attr, "")
        text = el("p", "bar-text")
        actions = el("div", "actions")
        node.append(text, actions)
        msg = byid("msg")
        msg.parentNode.insertBefore(node, msg)
        self.parts = (node, text, actions)
        return self.parts

    @property
    def state(self) -> str:
        return "" if self.node is None or self.node.hidden else str(self.node.getAttribute(self.state_attr))

    def show(self, state: str, text: str, buttons: tuple[tuple[str, str, bool], ...] = ()) -> None:
        """Show ``text`` with ``buttons`` as (action, label, primary)."""
        node, shown, actions = self.parts if self.parts is not None else self._build()
        node.setAttribute(self.state_attr, state)
        shown.textContent = text
        nodes = [el("button", "primary" if primary else "", label, type="button", data_action=action)
                 for action, label, primary in buttons]
        actions.replaceChildren(*nodes)
        actions.hidden = not nodes
        node.hidden = False

    def showing(self, text: str) -> bool:
        """Is the bar shown with exactly this sentence?"""
        return self.parts is not None and not self.parts[0].hidden and str(self.parts[1].textContent) == text

    def says(self, text: str) -> bool:
        """Is the bar shown with a sentence that already says ``text`` (the same sentence,
        or one it begins or ends with)?"""
        if self.parts is None or self.parts[0].hidden or not text:
            return False
        shown = str(self.parts[1].textContent)
        return shown == text or shown.startswith(text) or shown.endswith(text)

    def hide(self, state: str | None = None) -> None:
        """Hide the bar (only if it shows ``state``, when given)."""
        if self.node is None or self.node.hidden:
            return
        if state is not None and self.node.getAttribute(self.state_attr) != state:
            return
        self.node.hidden = True
        self.node.setAttribute(self.state_attr, "")

    def remove(self) -> None:
        if self.parts is not None:
            self.parts[0].remove()
            self.parts = None
