"""The verdict bar under the table: "being checked" while the worker searches, and the
proved "cannot be won from here" with its two ways out. Not a dialog: the table, Zurück and
Tipp stay usable. Built on first use, so it costs nothing before the first board."""

from __future__ import annotations

from typing import Any

from .dom import byid, el, tr


class VerdictBar:
    def __init__(self) -> None:
        self.node: Any = None
        self.text: Any = None
        self.actions: Any = None

    def _build(self) -> None:
        self.node = el("div", "verdict", id="verdict", data_verdict="")
        self.text = el("p", "verdict-text")
        self.actions = el("div", "actions")
        self.actions.append(
            el("button", "primary", tr("ui.verdict.restart"), type="button", data_action="verdict-restart"),
            el("button", "", tr("ui.verdict.new"), type="button", data_action="verdict-new"),
        )
        self.node.append(self.text, self.actions)
        msg = byid("msg")
        msg.parentNode.insertBefore(self.node, msg)

    def _show(self, state: str, text: str, offers: bool) -> None:
        if self.node is None:
            self._build()
        self.node.setAttribute("data-verdict", state)
        self.text.textContent = text
        self.actions.hidden = not offers
        self.node.hidden = False

    def checking(self) -> None:
        self._show("checking", tr("ui.verdict.checking"), offers=False)

    def lost(self) -> None:
        self._show("lost", tr("ui.verdict.lost"), offers=True)

    def hide(self) -> None:
        if self.node is not None and not self.node.hidden:
            self.node.hidden = True
            self.node.setAttribute("data-verdict", "")
