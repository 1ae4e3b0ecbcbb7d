"""The status cells in the header: a label and a value each (``[data-stat="moves"]``), in
the order a table asks for. Values are written only when their text changes."""

from __future__ import annotations

from typing import Final

from ...texts.keys import family
from ..dom import byid, el
from ..i18n import Texts
from ..jsdom import Element

# Every status cell a table or the duel's panel shows.
STAT: Final = family("ui.stat.{key}", key=("rounds", "runs", "facedown", "moves", "score", "time", "stock",
                                           "passes"))


class Status:
    def __init__(self, tx: Texts, keys: tuple[str, ...]) -> None:
        self.node = byid("status")
        self.node.replaceChildren()
        self.node.removeAttribute("aria-hidden")
        self.node.setAttribute("role", "group")
        self.node.setAttribute("aria-label", tx("ui.status"))
        self.values: dict[str, Element] = {}
        self.cells: dict[str, Element] = {}
        self.shown: dict[str, str] = {}
        for key in keys:
            cell = el("div", f"stat st-{key}")
            value = el("span", "v", "", data_stat=key)
            cell.append(el("span", "k", tx(STAT(key=key))), value)
            self.node.append(cell)
            self.values[key] = value
            self.cells[key] = cell

    def set(self, key: str, text: str) -> None:
        if key in self.values and self.shown.get(key) != text:
            self.shown[key] = text
            self.values[key].textContent = text

    def show(self, key: str, on: bool) -> None:
        if key in self.cells:
            self.cells[key].hidden = not on

    def remove(self) -> None:
        self.node.replaceChildren()
