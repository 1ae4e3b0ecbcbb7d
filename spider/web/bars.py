"""Bars under the table: a sentence and a few buttons, not a dialog (the table, Zurück and
Tipp stay usable). Two of them: the verdict (``#verdict``: "being checked", or the proved
"cannot be won from here" with its two ways out) and notices (``#notice``: another tab
changed the game, the previous game can be resumed, saving is blocked, …).

Built on first use, so they cost nothing before the first board. Their buttons carry
``data-action`` and are handled by the shell like every other button.
"""

from __future__ import annotations

from typing import Any

from .dom import byid, el


class Bar:
    def __init__(self, ident: str, state_attr: str) -> None:
        self.ident = ident
        self.state_attr = state_attr
        self.node: Any = None
        self.text: Any = None
        self.actions: Any = None

    def _build(self) -> None:
        self.node = el("div", f"bar-note {self.ident}", id=self.ident)
        self.node.setAttribute(self.state_attr, "")
        self.text = el("p", "bar-text")
        self.actions = el("div", "actions")
        self.node.append(self.text, self.actions)
        msg = byid("msg")
        msg.parentNode.insertBefore(self.node, msg)

    @property
    def state(self) -> str:
        return "" if self.node is None or self.node.hidden else str(self.node.getAttribute(self.state_attr))

    def show(self, state: str, text: str, buttons: tuple[tuple[str, str, bool], ...] = ()) -> None:
        """Show ``text`` with ``buttons`` as (action, label, primary)."""
        if self.node is None:
            self._build()
        self.node.setAttribute(self.state_attr, state)
        self.text.textContent = text
        nodes = [el("button", "primary" if primary else "", label, type="button", data_action=action)
                 for action, label, primary in buttons]
        self.actions.replaceChildren(*nodes)
        self.actions.hidden = not nodes
        self.node.hidden = False

    def showing(self, text: str) -> bool:
        """Is the bar shown with exactly this sentence?"""
        return self.node is not None and not self.node.hidden and str(self.text.textContent) == text

    def hide(self, state: str | None = None) -> None:
        """Hide the bar (only if it shows ``state``, when given)."""
        if self.node is None or self.node.hidden:
            return
        if state is not None and self.node.getAttribute(self.state_attr) != state:
            return
        self.node.hidden = True
        self.node.setAttribute(self.state_attr, "")

    def remove(self) -> None:
        if self.node is not None:
            self.node.remove()
            self.node = None
