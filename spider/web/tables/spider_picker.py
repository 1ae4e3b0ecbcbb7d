"""The segment picker: one column enlarged, how many cards to take (▲ ▼ stop only at
block sizes the engine says can move), and every legal destination the engine lists, in the
order a tap would choose them (the first, preselected one is where a tap would go), paged,
none hidden. Confirm moves; Cancel, Esc or a tap outside change nothing.

The controls come first and stay in view: the enlarged cards scroll on their own, the
dialog opens scrolled to its top, and the focus never falls out of the dialog when a
button it was on becomes disabled.
"""

from __future__ import annotations

from typing import Protocol

from pyscript import document

from ...core.cards import card_label, parse_card
from ...spider_game.game import Game
from ...spider_game.moves import Move, Target
from ...spider_game.tap import ranked_targets
from ..dom import Bindings, absent, byid, el, obj
from ..i18n import Texts
from ..jsdom import Element, Event
from .base import Faces

PAGE_SIZE = 4


class _Metrics(Protocol):
    card_w: float


class _Table(Protocol):
    @property
    def game(self) -> Game: ...

    tx: Texts
    faces: Faces

    @property
    def metrics(self) -> _Metrics: ...

    def play(self, move: Move, t0: float | None = None, *, dropped: bool = False) -> None: ...

    def focus_column(self, index: int, *, visible: bool = True) -> None: ...


class Picker:
    def __init__(self, table: _Table) -> None:
        self.table = table
        tx = table.tx
        self.col = 0
        self.counts: list[int] = []
        self.count = 0
        self.targets: list[Target] = []
        self.page = 0
        self.dst: int | None = None
        self._down_outside = False
        self._card_nodes: list[Element] = []
        self.bind = Bindings()
        d = el("dialog", "picker", aria_labelledby="picker-title")
        self.title = el("h2", "", "", id="picker-title")
        self.down_note = el("p", "note")
        self.cards = el("div", "picker-cards")
        self.more = el("button", "step", "▲", type="button", data_pick="more",
                       aria_label=tx("ui.picker.more"))
        self.fewer = el("button", "step", "▼", type="button", data_pick="fewer",
                        aria_label=tx("ui.picker.fewer"))
        self.count_out = el("output", "count", aria_live="polite")
        counter = el("div", "counter")
        counter.append(self.more, self.count_out, self.fewer)
        self.legend = el("h3", "", tx("ui.picker.targets"), id="picker-targets")
        self.list = el("div", "targets", role="group", aria_labelledby="picker-targets")
        self.prev = el("button", "pg", "‹", type="button", data_pick="prev", aria_label=tx("ui.picker.prev"))
        self.next = el("button", "pg", "›", type="button", data_pick="next", aria_label=tx("ui.picker.next"))
        self.page_out = el("span", "page")
        self.pager = el("div", "pager")
        self.pager.append(self.prev, self.page_out, self.next)
        self.note = el("p", "note")
        self.confirm = el("button", "primary", tx("ui.picker.confirm"), type="button", data_pick="confirm")
        cancel = el("button", "", tx("ui.picker.cancel"), type="button", data_pick="cancel")
        actions = el("div", "actions")
        actions.append(cancel, self.confirm)
        body = el("div", "picker-body")
        side = el("div", "picker-side")
        side.append(counter, self.legend, self.list, self.pager, self.note, actions)
        body.append(side, self.cards)
        d.append(self.title, self.down_note, body)
        byid("table").append(d)
        self.dialog = d
        self.bind.listen(d, "click", self._click)
        self.bind.listen(d, "pointerdown", self._pointerdown)
        self.bind.listen(d, "keydown", self._key)
        self.bind.listen(d, "close", self._closed)

    def remove(self) -> None:
        self.bind.unbind()
        self.dialog.remove()

    # ------------------------------------------------------------------ open / close
    def open(self, col: int) -> None:
        game, tx = self.table.game, self.table.tx
        self.col = col
        self.counts = list(game.movable_counts(col))
        self.count = self.counts[-1] if self.counts else 0
        self.page = 0
        view = game.columns[col]
        self.title.textContent = tx("ui.picker.title", n=col + 1)
        self.down_note.textContent = tx("ui.picker.down", n=view.down) if view.down else ""
        self.down_note.hidden = not view.down
        width = max(84.0, float(self.table.metrics.card_w))
        self.cards.style.setProperty("--pw", f"{width:.0f}px")
        nodes = [self.table.faces.node(code) for code in view.up]
        for node in nodes:
            node.classList.add("big")
        self.cards.replaceChildren(*nodes)
        self._card_nodes = nodes
        self._update(reset_dst=True)
        self.dialog.showModal()
        self.dialog.scrollTop = 0
        first = self.confirm if self.dst is not None else self.more if not self.more.disabled else self.fewer
        first.focus(obj({"preventScroll": True}))
        if nodes:  # the cards that will move, in view in their own scrolling list
            nodes[len(nodes) - self.count if self.count else -1].scrollIntoView(obj({"block": "nearest"}))

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    def _closed(self, _event: Event) -> None:
        self.table.focus_column(self.col)

    # ------------------------------------------------------------------ state
    def _update(self, reset_dst: bool = False) -> None:
        game, tx = self.table.game, self.table.tx
        self.targets = ranked_targets(game, self.col, self.count) if self.count else []
        if reset_dst or self.dst not in [t.dst for t in self.targets]:
            self.dst = self.targets[0].dst if self.targets else None
            self.page = 0
        n_up = len(self._card_nodes)
        for i, node in enumerate(self._card_nodes):
            node.classList.toggle("sel", i >= n_up - self.count)
        self.count_out.textContent = tx("ui.picker.take", n=self.count) if self.count else ""
        i = self.counts.index(self.count) if self.count in self.counts else -1
        self.more.disabled = i < 0 or i == len(self.counts) - 1
        self.fewer.disabled = i <= 0
        pages = max(1, -(-len(self.targets) // PAGE_SIZE))
        self.page = min(self.page, pages - 1)
        self.pager.hidden = pages <= 1
        self.page_out.textContent = tx("ui.picker.page", n=self.page + 1, m=pages)
        self.prev.disabled = self.page == 0
        self.next.disabled = self.page >= pages - 1
        columns = game.columns
        buttons = []
        for tg in self.targets[self.page * PAGE_SIZE:(self.page + 1) * PAGE_SIZE]:
            b = el("button", "target", type="button", data_pick="target", data_dst=str(tg.dst))
            b.setAttribute("aria-pressed", "true" if tg.dst == self.dst else "false")
            b.append(el("span", "tname", tx("ui.picker.target", n=tg.dst + 1)))
            up = columns[tg.dst].up
            detail = tx("ui.picker.empty") if tg.empty or not up else tx(
                "ui.picker.onto", card=card_label(parse_card(up[-1]))
            )
            b.append(el("span", "tdetail", detail))
            if tg.completes:
                b.append(el("span", "badge done", tx("ui.picker.completes")))
            elif tg.same_suit:
                b.append(el("span", "badge", tx("ui.picker.same_suit")))
            if tg.empty:
                b.classList.add("empty")
            buttons.append(b)
        self.list.replaceChildren(*buttons)
        if not self.counts:
            note = tx("ui.picker.none", n=self.col + 1)
        elif not self.targets:
            note = tx("ui.picker.no_target")
        else:
            note = ""
        self.note.textContent = note
        self.note.hidden = not note
        self.legend.hidden = not self.targets
        self.confirm.disabled = self.dst is None

    def _step(self, delta: int) -> None:
        if self.count not in self.counts:
            return
        i = self.counts.index(self.count) + delta
        if 0 <= i < len(self.counts):
            self.count = self.counts[i]
            self._update()
        # A button that just became disabled drops the focus to <body>: keep it in here.
        active = document.activeElement
        for pressed, other in ((self.more, self.fewer), (self.fewer, self.more)):
            lost = absent(active) or active.isSameNode(pressed) or active.isSameNode(document.body)
            if pressed.disabled and not other.disabled and lost:
                other.focus(obj({"preventScroll": True}))
                break

    # ------------------------------------------------------------------ events
    def _click(self, event: Event) -> None:
        target = event.target
        node = target.closest("[data-pick]")
        if absent(node):
            if target.isSameNode(self.dialog) and self._down_outside and self._outside(event):
                self.close()
            return
        what = node.getAttribute("data-pick")
        if what == "more":
            self._step(1)
        elif what == "fewer":
            self._step(-1)
        elif what in ("prev", "next"):
            self.page += -1 if what == "prev" else 1
            self._update()
            first = self.list.querySelector("button")
            if not absent(first):
                first.focus()
        elif what == "target":
            self.dst = int(node.getAttribute("data-dst"))
            self._update()
            chosen = self.list.querySelector('[aria-pressed="true"]')
            if not absent(chosen):
                chosen.focus()
        elif what == "cancel":
            self.close()
        elif what == "confirm" and self.dst is not None:
            move = Move(self.col, self.dst, self.count)
            self.close()
            self.table.play(move)

    def _outside(self, event: Event) -> bool:
        r = self.dialog.getBoundingClientRect()
        return not (r.left <= event.clientX <= r.right and r.top <= event.clientY <= r.bottom)

    def _pointerdown(self, event: Event) -> None:
        self._down_outside = event.target.isSameNode(self.dialog) and self._outside(event)

    def _key(self, event: Event) -> None:
        if event.key == "ArrowUp":
            event.preventDefault()
            self._step(1)
        elif event.key == "ArrowDown":
            event.preventDefault()
            self._step(-1)
