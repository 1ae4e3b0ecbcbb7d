"""Draws the engine's state into the page. Knows no rule of the game.

Everything that changes per move is diffed: a column compares the cards it shows with the
engine's column and touches only the cards after the first difference; status values and
buttons are written only when their text changes. Cards are cloned from one prototype per
card code, so a move costs a few DOM calls, never a redraw of the table.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from .. import card_name
from ..cards import COLUMNS, RANK_LABELS, SUIT_LETTERS, SUIT_SYMBOLS, parse_card
from .dom import byid, clock_text, el, keep, tr

DOWN = "down"
ANIM_MS = 150


def _obj(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


class Column:
    """One column's DOM and what it currently shows (keys: ``"down"`` or a card code)."""

    def __init__(self, index: int, node: Any) -> None:
        self.index = index
        self.node = node
        self.keys: list[str] = []
        self.cards: list[Any] = []
        self.downs = 0
        self.ds = 0.0  # step between face-down cards, px
        self.us = 0.0  # step between face-up cards, px
        self.dense = False
        self.label = ""

    def top(self, i: int) -> float:
        """Where card ``i`` sits, from the column's top (same formula as the CSS)."""
        return self.ds * min(i, self.downs) + self.us * max(0, i - self.downs)


class Metrics:
    """Sizes read from the layout once per resize; every per-move position is arithmetic."""

    def __init__(self) -> None:
        self.height = 600.0
        self.card_w = 80.0
        self.card_h = 112.0
        self.font = 14.0
        self.lefts: list[float] = [0.0] * COLUMNS
        self.board_left = 0.0
        self.board_top = 0.0
        self.stock_x = 0.0
        self.stock_y = 0.0


class View:
    def __init__(self) -> None:
        self.root = document.documentElement
        self.board = byid("board")
        self.msg = byid("msg")
        self.protos: dict[str, Any] = {}
        self.metrics = Metrics()
        self.reduced = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.hinted: list[Any] = []
        self.marked: list[Any] = []
        self._stats: dict[str, str] = {}
        self._build_chrome()
        self.columns = self._build_columns()
        self.focus_col = 0
        self._shown: Any = None  # the game last drawn, for re-fitting after a size change
        # The board changes size on rotation, resize, full screen and when the message line
        # grows: re-fit the columns then (same cards, new steps), never redraw them.
        self._size = (0.0, 0.0)
        window.ResizeObserver.new(keep(self._resized)).observe(self.board)

    # ------------------------------------------------------------------ building
    def _build_chrome(self) -> None:
        status = byid("status")
        status.removeAttribute("aria-hidden")
        status.setAttribute("role", "group")
        status.setAttribute("aria-label", tr("ui.status"))
        self.stat_nodes: dict[str, Any] = {}
        for key in ("rounds", "runs", "facedown", "moves", "time"):
            cell = el("div", "stat")
            value = el("span", "v", "", data_stat=key)
            cell.append(el("span", "k", tr(f"ui.stat.{key}")), value)
            status.append(cell)
            self.stat_nodes[key] = value

        piles = byid("piles")
        piles.removeAttribute("aria-hidden")
        self.foundation = el("div", "foundation", role="group")
        self.slots = []
        for _ in range(8):
            slot = el("span", "slot", "", aria_hidden="true")
            self.slots.append(slot)
            self.foundation.append(slot)
        self.stock = el("button", "stock", type="button", data_action="stock")
        self.stock_count = el("span", "stock-n", "", aria_hidden="true")
        self.stock.append(self.stock_count)
        self.deal_label = byid("deal-id")
        piles.append(self.foundation, self.stock)

        tools = byid("tools")
        tools.removeAttribute("aria-hidden")
        tools.setAttribute("aria-label", tr("ui.toolbar"))
        self.buttons: dict[str, Any] = {}
        for action, icon in (
            ("undo", "↶"),
            ("redo", "↷"),
            ("hint", "?"),
            ("deal", "⇊"),
            ("new", "✚"),
            ("restart", "⟲"),
            ("four_color", "◑"),
        ):
            b = el("button", f"tool t-{action}", type="button", data_action=action)
            b.append(el("span", "ico", icon, aria_hidden="true"), el("span", "lbl", tr(f"ui.btn.{action}")))
            if action == "deal":
                self.deal_sub = el("span", "sub", tr("ui.btn.deal_empty"))
                self.deal_sub.hidden = True
                b.append(self.deal_sub)
            if action == "four_color":
                b.setAttribute("aria-pressed", "false")
            tools.append(b)
            self.buttons[action] = b

        self.board.setAttribute("aria-label", tr("ui.board"))
        self.board.setAttribute("role", "group")
        document.title = tr("ui.title")
        byid("title").textContent = tr("ui.title")

    def _build_columns(self) -> list[Column]:
        self.board.replaceChildren()
        cols = []
        for i in range(COLUMNS):
            node = el("div", "col", data_col=str(i + 1), role="group", tabindex="0" if i == 0 else "-1")
            self.board.append(node)
            cols.append(Column(i, node))
        self.board.removeAttribute("aria-busy")
        return cols

    def card_node(self, key: str) -> Any:
        proto = self.protos.get(key)
        if proto is None:
            proto = self._proto(key)
            self.protos[key] = proto
        return proto.cloneNode(True)

    def _proto(self, key: str) -> Any:
        if key == DOWN:
            return el("div", "card down", data_card=DOWN, role="img", aria_label=tr("card.down"))
        c = parse_card(key)
        rank, suit = c % 13, c // 13
        node = el("div", f"card s-{SUIT_LETTERS[suit]}", data_card=key, role="img", aria_label=card_name(c))
        corner = el("span", "ix")
        corner.append(el("b", "", RANK_LABELS[rank]), el("i", "", SUIT_SYMBOLS[suit]))
        node.append(corner, el("span", "pip", SUIT_SYMBOLS[suit]))
        return node

    # ------------------------------------------------------------------ layout
    def measure(self) -> None:
        """Read the sizes the CSS gave the table (once at start and after a resize)."""
        m = self.metrics
        board_rect = self.board.getBoundingClientRect()
        first = self.columns[0].node
        m.height = max(60.0, float(first.clientHeight))
        m.card_w = max(20.0, float(first.clientWidth))
        m.card_h = m.card_w * 1.4
        m.font = min(22.0, max(12.0, m.card_w * 0.42))
        m.board_left = board_rect.left
        m.board_top = board_rect.top
        m.lefts = [float(c.node.offsetLeft) for c in self.columns]
        self.board.style.setProperty("--fs", f"{m.font:.1f}px")
        s = self.stock.getBoundingClientRect()
        m.stock_x = s.left - board_rect.left - first.offsetLeft
        m.stock_y = s.top - board_rect.top

    def _fit(self, col: Column, downs: int, n: int) -> None:
        """Steps so that the column fits the board; a column that has to squeeze is dense."""
        m = self.metrics
        ups = n - downs
        readable = m.font * 1.3 + 4  # the corner index stays readable
        ds = max(4.0, m.card_h * 0.1)
        us = max(readable, m.card_h * 0.24)
        room = m.height - m.card_h
        need = downs * ds + max(0, ups - 1) * us
        dense = need > room + 0.5
        if dense:
            if ups > 1:
                us = max(readable, (room - downs * ds) / (ups - 1))
                if downs * ds + (ups - 1) * us > room and downs:
                    ds = max(2.0, (room - (ups - 1) * us) / downs)
                if downs * ds + (ups - 1) * us > room:
                    us = max(2.0, (room - downs * ds) / (ups - 1))
            elif downs:
                ds = max(2.0, room / downs)
        col.downs = downs
        if ds != col.ds or us != col.us:
            col.ds, col.us = ds, us
            style = col.node.style
            style.setProperty("--ds", f"{ds:.2f}px")
            style.setProperty("--us", f"{us:.2f}px")
        if dense != col.dense:
            col.dense = dense
            if dense:
                col.node.setAttribute("data-dense", "true")
            else:
                col.node.removeAttribute("data-dense")

    def _resized(self, *_: Any) -> None:
        size = (float(self.board.clientWidth), float(self.board.clientHeight))
        if size != self._size and self._shown is not None:
            self._size = size
            self.relayout(self._shown)

    def relayout(self, game: Any) -> None:
        """After a resize or rotation: same cards, new steps."""
        self.measure()
        for col, view in zip(self.columns, game.columns, strict=True):
            self._fit(col, view.down, view.down + len(view.up))

    # ------------------------------------------------------------------ rendering
    def render(self, game: Any, flows: list[tuple[int, int, int]] | None = None) -> None:
        """Show ``game``. ``flows`` are (from column or -1 for the stock, to column, count)
        of cards that moved, for a brief animation from where they were."""
        self._shown = game
        before = [(c.downs, c.ds, c.us, len(c.keys)) for c in self.columns] if flows else None
        for col, view in zip(self.columns, game.columns, strict=True):
            self._render_column(col, view.down, view.up)
        self._render_status(game)
        self._clear_marks()
        last = game.last_move
        if last is not None and not last.is_deal:
            dst = self.columns[last.dst]
            n = len(dst.cards)
            for node in dst.cards[max(0, n - last.count) :]:
                node.classList.add("last")
                self.marked.append(node)
        if flows and before is not None and not self.reduced.matches:
            self._animate(flows, before)

    def _render_column(self, col: Column, downs: int, up: tuple[str, ...]) -> None:
        keys = [DOWN] * downs + list(up)
        old = col.keys
        if keys == old:
            return
        same = 0
        limit = min(len(keys), len(old))
        while same < limit and keys[same] == old[same]:
            same += 1
        for node in col.cards[same:]:
            node.remove()
        del col.cards[same:]
        self._fit(col, downs, len(keys))
        if same < len(keys):
            frag = document.createDocumentFragment()
            for i in range(same, len(keys)):
                node = self.card_node(keys[i])
                node.style.setProperty("--i", str(i))
                col.cards.append(node)
                frag.append(node)
            col.node.append(frag)
        col.keys = keys
        col.node.style.setProperty("--downs", str(downs))
        label = tr("ui.column.empty", n=col.index + 1) if not keys else tr("column", n=col.index + 1)
        if label != col.label:
            col.label = label
            col.node.setAttribute("aria-label", label)

    def _set_stat(self, key: str, text: str) -> None:
        if self._stats.get(key) != text:
            self._stats[key] = text
            self.stat_nodes[key].textContent = text

    def _render_status(self, game: Any) -> None:
        done = game.completed_suits
        rounds = game.rounds_left
        self._set_stat("rounds", str(rounds))
        self._set_stat("runs", tr("ui.stat.runs_value", n=len(done)))
        self._set_stat("facedown", str(game.face_down_count))
        self._set_stat("moves", str(game.moves_count))
        if self._stats.get("stock") != str(rounds):
            self._stats["stock"] = str(rounds)
            self.stock_count.textContent = str(rounds) if rounds else ""
            self.stock.classList.toggle("empty", rounds == 0)
            self.stock.setAttribute(
                "aria-label", tr("ui.stock", n=rounds) if rounds else tr("ui.stock.empty")
            )
            deal = self.buttons["deal"]
            deal.disabled = rounds == 0
            self.deal_sub.hidden = rounds != 0
        key = "".join(done)
        if self._stats.get("done") != key:
            self._stats["done"] = key
            for i, slot in enumerate(self.slots):
                letter = done[i] if i < len(done) else ""
                slot.textContent = SUIT_SYMBOLS[SUIT_LETTERS.index(letter)] if letter else ""
                slot.className = f"slot s-{letter} full" if letter else "slot"
            self.foundation.setAttribute("aria-label", tr("ui.foundation", n=len(done)))
        self._set_button("undo", game.can_undo)
        self._set_button("redo", game.can_redo)
        deal_id = game.deal_id
        text = tr("ui.deal_id", id=deal_id) if deal_id else tr("ui.deal_id.none")
        if self._stats.get("deal_id") != text:
            self._stats["deal_id"] = text
            self.deal_label.textContent = text

    def _set_button(self, name: str, enabled: bool) -> None:
        key = f"b:{name}"
        if self._stats.get(key) != str(enabled):
            self._stats[key] = str(enabled)
            self.buttons[name].disabled = not enabled

    def set_time(self, ms: float) -> None:
        self._set_stat("time", clock_text(ms))

    def set_four_color(self, on: bool) -> None:
        self.root.classList.toggle("four", on)
        self.buttons["four_color"].setAttribute("aria-pressed", "true" if on else "false")

    # ------------------------------------------------------------------ marks
    def _clear_marks(self) -> None:
        for node in self.marked:
            node.classList.remove("last")
        self.marked = []
        self.clear_hint()

    def clear_hint(self) -> None:
        for node in self.hinted:
            node.classList.remove("hint-src", "hint-dst", "hinted")
        self.hinted = []

    def show_hint(self, move: Any) -> None:
        """Highlight a hint's source block and destination (or the stock for a deal)."""
        self.clear_hint()
        if move is None:
            return
        if move.is_deal:
            self.stock.classList.add("hint-dst")
            self.hinted.append(self.stock)
            return
        src, dst = self.columns[move.src], self.columns[move.dst]
        src.node.classList.add("hint-src")
        dst.node.classList.add("hint-dst")
        self.hinted += [src.node, dst.node]
        for node in src.cards[len(src.cards) - move.count :]:
            node.classList.add("hinted")
            self.hinted.append(node)

    def say(self, text: str, refusal: bool = False) -> None:
        self.msg.textContent = text
        self.msg.classList.toggle("refusal", refusal)

    # ------------------------------------------------------------------ motion
    def _animate(
        self, flows: list[tuple[int, int, int]], before: list[tuple[int, float, float, int]]
    ) -> None:
        m = self.metrics
        for src, dst, count in flows:
            col = self.columns[dst]
            n = len(col.cards)
            if count <= 0 or n < count:
                continue
            for j, node in enumerate(col.cards[n - count :]):
                i = n - count + j
                if src < 0:
                    dx = m.stock_x - m.lefts[dst]
                    dy = m.stock_y - col.top(i)
                else:
                    downs, ds, us, length = before[src]
                    k = length - count + j
                    old_top = ds * min(k, downs) + us * max(0, k - downs)
                    dx = m.lefts[src] - m.lefts[dst]
                    dy = old_top - col.top(i)
                if abs(dx) < 1 and abs(dy) < 1:
                    continue
                node.animate(
                    _obj(
                        [
                            {"transform": f"translate({dx:.1f}px,{dy:.1f}px)", "zIndex": 60},
                            {"transform": "none", "zIndex": 60},
                        ]
                    ),
                    _obj({"duration": ANIM_MS + 12 * j, "easing": "ease-out"}),
                )

    def pulse_slot(self, index: int) -> None:
        if 0 <= index < 8 and not self.reduced.matches:
            self.slots[index].animate(
                _obj([{"transform": "scale(1.6)"}, {"transform": "none"}]), _obj({"duration": 300})
            )

    # ------------------------------------------------------------------ focus
    def focus_column(self, index: int) -> None:
        index %= COLUMNS
        if index != self.focus_col:
            self.columns[self.focus_col].node.setAttribute("tabindex", "-1")
            self.focus_col = index
        node = self.columns[index].node
        node.setAttribute("tabindex", "0")
        node.focus()

    def ready(self) -> None:
        self.root.classList.add("ready")
