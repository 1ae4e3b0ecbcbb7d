"""Spider's table: ten columns, the stock and the row of finished runs. It draws the game and
reports where a gesture landed; what a tap, a drag or a key means is Spider's control
(:mod:`spider.web.control.spider`, the engine's ``tap``, ``refusal_message`` and
``tap.pointless`` behind it), played through the session by the shell.

Everything that changes per move is diffed: a column compares the cards it shows with the
engine's column and touches only the cards after the first difference; status values and
buttons are written only when their text changes. Cards are cloned from one prototype per
card code, so a move costs a few DOM calls, never a redraw of the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from ...core.cards import SUIT_LETTERS, SUIT_SYMBOLS
from ...core.messages import Msg
from ...spider_game.deck import COLUMNS
from ...spider_game.game import Game as SpiderGame
from ...spider_game.moves import Move, Step
from ..control import Spot
from ..control.spider import SpiderControl
from ..dom import byid, el, keep, obj
from ..jsdom import Element, Event
from ..session import Outcome
from .base import DOWN, BaseTable, Column, Host, fly
from .layout import CARD_RATIO, Steps, fit, index_font
from .status import Status

if TYPE_CHECKING:
    from .spider_picker import Picker

SWEEP_MS = 420


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


class SpiderTable(BaseTable[SpiderGame]):
    name = "spider"
    tools = (("deal", "⇊"), ("four_color", "◑"))

    def __init__(self, host: Host, game: SpiderGame) -> None:
        self.control: SpiderControl = SpiderControl(game)
        super().__init__(host, game, self.control)
        self.metrics = Metrics()
        self.marked: list[Element] = []
        self.focus_col = 0
        self.picker: Picker | None = None
        self.status: Status | None = None
        self._shown_stock: int | None = None
        self._shown_done = ""

    # ------------------------------------------------------------------ building
    def mount(self) -> None:
        tx = self.tx
        self.board.setAttribute("data-game", self.name)
        self.status = Status(tx, ("rounds", "runs", "facedown", "moves", "score", "time"))
        self.status.show("score", bool(self.host.setting("points") or self.game.duel))
        piles = byid("piles")
        piles.replaceChildren()
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
        piles.append(self.foundation, self.stock)
        self.board.replaceChildren()
        self.columns = []
        for i in range(COLUMNS):
            node = el("div", "col", data_col=str(i + 1), role="group", tabindex="0" if i == 0 else "-1")
            self.board.append(node)
            self.columns.append(Column(i, node))
        self.board.removeAttribute("aria-busy")
        self.bind.listen(self.board, "focusin", self._focused)
        # The board changes size on rotation, resize, full screen and when the message line
        # grows: re-fit the columns then (same cards, new steps), never redraw them.
        self.bind.resize(self.board, self.resized)
        self.measure()

    def unmount(self) -> None:
        if self.picker is not None:
            self.picker.remove()
            self.picker = None
        self.bind.unbind()
        if self.status is not None:
            self.status.remove()
        byid("piles").replaceChildren()
        self.board.replaceChildren()
        self.board.removeAttribute("data-game")

    # ------------------------------------------------------------------ layout
    def measure(self) -> None:
        """Read the sizes the CSS gave the table (once at start and after a resize)."""
        m = self.metrics
        board_rect = self.board.getBoundingClientRect()
        first = self.columns[0].node
        m.height = max(60.0, float(first.clientHeight))
        m.card_w = max(20.0, float(first.clientWidth))
        m.card_h = m.card_w * CARD_RATIO
        m.font = index_font(m.card_w, 0.38, large=self.host.setting("card_size") == "large")
        m.board_left = board_rect.left
        m.board_top = board_rect.top
        m.lefts = [float(c.node.offsetLeft) for c in self.columns]
        self.board.style.setProperty("--fs", f"{m.font:.1f}px")
        s = self.stock.getBoundingClientRect()
        m.stock_x = s.left - board_rect.left - first.offsetLeft
        m.stock_y = s.top - board_rect.top

    def steps(self, downs: int, n: int) -> Steps:
        m = self.metrics
        return fit(m.height, m.card_h, m.font, downs, n)


    # ------------------------------------------------------------------ rendering
    def render(self, outcome: Outcome | None = None) -> None:
        """Show the game. After an action (the outcome's ``step`` and ``kind``), the cards
        that moved come briefly from where they were (not for a drop: they are already
        where the pointer let go), a finished run sweeps to the row of runs."""
        game = self.game
        step = outcome.step if outcome is not None and isinstance(outcome.step, Step) else None
        kind = outcome.kind if outcome is not None else ""
        flows = self._flows(step, kind) if step is not None else None
        before = [(c.downs, c.steps, len(c.keys)) for c in self.columns] if flows else None
        sweep = self._sweep_from(step) if step is not None and kind not in ("undo",) else []
        for col, view in zip(self.columns, self.views(), strict=True):
            col.show(self.faces, self.tx, view.down, view.up, self.steps)
        self._render_status()
        self._clear_marks()
        last = game.last_move
        if last is not None and not last.is_deal:
            dst = self.columns[last.dst]
            n = len(dst.cards)
            for node in dst.cards[max(0, n - last.count):]:
                node.classList.add("last")
                self.marked.append(node)
        pace = self.host.motion
        if flows and before is not None and pace:
            self._animate(flows, before, pace)
        if pace:
            for col_index, top, letter in sweep:
                self._sweep(col_index, top, letter, pace)

    def _flows(self, step: Step, kind: str) -> list[tuple[int, int, int]] | None:
        mv = step.move
        if kind == "drop" or step.completed:
            return None
        if mv.is_deal:
            return None if kind == "undo" else [(-1, c, 1) for c in range(COLUMNS)]
        if kind == "undo":
            return [(mv.dst, mv.src, mv.count)]
        return [(mv.src, mv.dst, mv.count)]

    def _sweep_from(self, step: Step) -> list[tuple[int, float, str]]:
        """Where each removed run lay: (column, top of its king in px, suit letter)."""
        out = []
        for col_index, letter in step.completed:
            col = self.columns[col_index]
            king = len(col.keys) - 13 if not step.move.is_deal else len(col.keys) - 12
            out.append((col_index, col.top(max(0, king)), letter))
        return out

    def _render_status(self) -> None:
        game, tx = self.game, self.tx
        assert self.status is not None
        done = game.completed_suits
        rounds = game.rounds_left
        self.status.set("rounds", str(rounds))
        self.status.set("runs", tx("ui.stat.runs_value", n=len(done)))
        self.status.set("facedown", str(game.face_down_count))
        self.status.set("moves", str(game.moves_count))
        self.status.set("score", str(game.score))
        # Shown during a duel and with the duel-points setting: a duel or the setting can
        # begin while this table stays mounted.
        self.status.show("score", bool(self.host.setting("points") or game.duel))
        if self._shown_stock != rounds:
            self._shown_stock = rounds
            self.stock_count.textContent = str(rounds) if rounds else ""
            self.stock.classList.toggle("empty", rounds == 0)
            label = tx("ui.stock", n=rounds) if rounds else tx("ui.stock.empty")
            self.stock.setAttribute("aria-label", label)
        self.host.tool("deal", enabled=rounds != 0)  # also a button built anew (another game resumed)
        key = "".join(done)
        if self._shown_done != key or not self.foundation.hasAttribute("aria-label"):
            self._shown_done = key
            for i, slot in enumerate(self.slots):
                letter = done[i] if i < len(done) else ""
                slot.textContent = SUIT_SYMBOLS[SUIT_LETTERS.index(letter)] if letter else ""
                slot.className = f"slot s-{letter} full" if letter else "slot"
            self.foundation.setAttribute("aria-label", tx("ui.foundation", n=len(done)))

    # ------------------------------------------------------------------ marks
    def _clear_marks(self) -> None:
        for node in self.marked:
            node.classList.remove("last")
        self.marked = []
        self.clear_hint()

    def show_hint(self, move: Move | None) -> None:
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
        for node in src.cards[len(src.cards) - move.count:]:
            node.classList.add("hinted")
            self.hinted.append(node)

    # ------------------------------------------------------------------ motion
    def _animate(
        self, flows: list[tuple[int, int, int]], before: list[tuple[int, Steps, int]], pace: float
    ) -> None:
        m = self.metrics
        for src, dst, count in flows:
            col = self.columns[dst]
            n = len(col.cards)
            if count <= 0 or n < count:
                continue
            for j, node in enumerate(col.cards[n - count:]):
                i = n - count + j
                if src < 0:
                    dx = m.stock_x - m.lefts[dst]
                    dy = m.stock_y - col.top(i)
                else:
                    downs, steps, length = before[src]
                    dx = m.lefts[src] - m.lefts[dst]
                    dy = steps.top(length - count + j, downs) - col.top(i)
                fly(node, dx, dy, j, pace)

    def _sweep(self, col_index: int, top: float, letter: str, pace: float) -> None:
        """A finished run leaves the table: its king sweeps up to the row of runs (a copy
        that is not part of the table: hidden from assistive technology, no ``data-card``),
        in ``pace`` times the normal time."""
        index = len(self.game.done) - 1
        slot = self.slots[min(max(index, 0), 7)]
        ghost = self.faces.node("K" + letter)
        ghost.removeAttribute("data-card")
        ghost.removeAttribute("role")
        ghost.removeAttribute("aria-label")
        ghost.setAttribute("aria-hidden", "true")
        ghost.classList.add("ghost")
        col = self.columns[col_index].node
        b = col.getBoundingClientRect()
        s = slot.getBoundingClientRect()
        ghost.style.setProperty("--gx", f"{b.left:.1f}px")
        ghost.style.setProperty("--gy", f"{b.top + top:.1f}px")
        ghost.style.setProperty("--gw", f"{b.width:.1f}px")
        document.body.append(ghost)
        dx, dy = s.left - b.left, s.top - (b.top + top)
        scale = max(0.2, s.width / max(1.0, b.width))
        anim = ghost.animate(
            obj([{"transform": "none", "opacity": 1},
                 {"transform": f"translate({dx:.1f}px,{dy:.1f}px) scale({scale:.2f})", "opacity": 0.6}]),
            obj({"duration": SWEEP_MS * pace, "easing": "ease-in"}),
        )
        anim.finished.then(keep(lambda *_: ghost.remove()))
        slot.animate(obj([{"transform": "scale(1.6)"}, {"transform": "none"}]),
                     obj({"duration": 300 * pace, "delay": SWEEP_MS * pace}))

    # ------------------------------------------------------------------ hits
    def spot(self, target: Element | None) -> Spot | None:
        """The spot an event target is on: a column and the card in it (by its ``--i``)."""
        if target is None or not hasattr(target, "closest"):
            return None
        node = target.closest("[data-col]")
        if node is None or not hasattr(node, "getAttribute"):
            return None
        col = int(node.getAttribute("data-col")) - 1
        card = target.closest("[data-card]")
        if card is None or not hasattr(card, "getAttribute"):
            return Spot(col)
        index = int(card.style.getPropertyValue("--i"))
        return Spot(col, index, card.getAttribute("data-card") != DOWN)

    def spot_at(self, x: float, y: float) -> Spot | None:
        m = self.metrics
        rel = x - m.board_left
        best = None
        for i, left in enumerate(m.lefts):
            if left - 6 <= rel <= left + m.card_w + 6:
                best = i
        return None if best is None else Spot(best)

    # ------------------------------------------------------------------ gestures
    def tap(self, spot: Spot, t0: float) -> None:
        self.host.answer(self.control.tap(spot), t0)

    def double_tap(self, spot: Spot, t0: float) -> None:
        """Spider has no foundation to send a card to: the second tap of a double tap is
        just another tap."""
        self.tap(spot, t0)

    def long_press(self, spot: Spot) -> None:
        self.open_picker(spot.place)

    def lift(self, spot: Spot) -> list[Element] | Msg:
        """The cards a drag picks up, or why none: only face-up cards move."""
        found = self.control.lift(spot)
        if isinstance(found, Msg):
            return found
        column = self.columns[spot.place]
        column.node.classList.add("lift")
        lifted = column.cards[spot.card:]
        return lifted

    def hover(self, spot: Spot, over: Spot | None) -> None:
        """While dragging: mark the column under the pointer and whether it takes the block."""
        move = self.control.drag_move(spot, over)
        ok = self.control.drop_ok(spot, over)
        for c in self.columns:
            on = move is not None and c.index == move.dst
            c.node.classList.toggle("over", on)
            if on:
                c.node.setAttribute("data-drop", "ok" if ok else "no")
            else:
                c.node.removeAttribute("data-drop")

    def drop(self, spot: Spot, over: Spot | None, t0: float) -> None:
        self.columns[spot.place].node.classList.remove("lift")
        self.hover(spot, None)
        self.host.answer(self.control.drop(spot, over), t0)

    def play(self, move: Move, t0: float | None = None, *, dropped: bool = False) -> None:
        """A block move from the picker: as a drag would play it."""
        self.host.answer(self.control.play(move, dropped=dropped), t0)

    def action(self, name: str) -> bool:
        if name in ("deal", "stock"):
            self.host.answer(self.control.deal())
            return True
        return False

    def key(self, key: str, target: Element | None) -> bool:
        column = target if target is not None and hasattr(target, "hasAttribute") \
            and target.hasAttribute("data-col") else None
        on_column = column is not None
        if key.lower() == "d":
            self.action("deal")
        elif key in ("ArrowLeft", "ArrowRight"):
            step = -1 if key == "ArrowLeft" else 1
            current = self.focus_col if on_column else (-1 if step > 0 else COLUMNS)
            self.focus_column(current + step)
        elif key in ("Enter", " ") and column is not None:
            self.open_picker(int(column.getAttribute("data-col")) - 1)
        else:
            return False
        return True

    def open_picker(self, col: int) -> None:
        if self.picker is None:
            from .spider_picker import Picker

            self.picker = Picker(self)
        self.clear_hint()
        self.picker.open(col)

    # ------------------------------------------------------------------ focus
    def _focused(self, event: Event) -> None:
        node = event.target
        if hasattr(node, "hasAttribute") and node.hasAttribute("data-col"):
            self.focus_col = int(node.getAttribute("data-col")) - 1

    def focus_column(self, index: int, *, visible: bool = True) -> None:
        index %= COLUMNS
        if index != self.focus_col:
            self.columns[self.focus_col].node.setAttribute("tabindex", "-1")
            self.focus_col = index
        node = self.columns[index].node
        node.setAttribute("tabindex", "0")
        node.focus(obj({"preventScroll": True, "focusVisible": visible}))
