"""Klondike's table: seven columns, the stock, the waste (draw 3 fans its top three cards) and
the four foundations (♠ ♥ ♦ ♣), all inside ``#board``. It draws the game and the selection
and reports where a gesture landed; what a tap, a double tap, a drag or a key means is
Klondike's control (:mod:`spider.web.control.klondike`: select a card, then tap its target;
a card with exactly one legal target goes there with a single tap), played through the
session by the shell. Auto-finish runs here (a timer), one engine ``auto_move`` at a time.

Every place (``data-place``) is the engine's pile number (:class:`spider.klondike.moves.Pile`,
a column its index). Everything that changes per move is diffed (a pile touches only the cards after its first
difference; status values and attributes are written only when they change) and positions
are arithmetic on sizes read once per resize (:mod:`.layout`), so a move never
reads layout. Face-down cards and the stock's cards are never in the DOM: a face-down card
is the one ``data-card="down"`` prototype, the stock is a button that knows its count.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_code, card_name, parse_card
from ...core.messages import Msg
from ...klondike.deals import COLUMNS
from ...klondike.game import Game as KlondikeGame
from ...klondike.moves import FOUNDATION, FOUNDATION_OF, STOCK, WASTE, Move, Step
from ..control import NONE, Answer, Spot
from ..control.klondike import PLACES, KlondikeControl, Selection, next_place
from ..dom import Bindings, absent, byid, el, obj
from ..jsdom import Element, Event
from ..session import Outcome
from .base import DOWN, BaseTable, Column, Host, fly, show_cards
from .layout import CARD_RATIO, FAN, Steps, fan_slot, fit, index_font
from .status import Status

AUTO_MS = 170  # between two cards of auto-finish (at the normal pace; Fast: half)
AUTO_REDUCED_MS = 60  # the same without motion (Off, or reduced motion): no flight, quicker steps


class Metrics:
    """Sizes read once per resize: the card size, the columns' height, and per place (by its
    pile number) its origin (from the board's top left) and rectangle (client coordinates,
    for drops)."""

    def __init__(self) -> None:
        self.card_w = 80.0
        self.card_h = 112.0
        self.height = 400.0
        self.font = 14.0
        self.origins: dict[int, tuple[float, float]] = dict.fromkeys(PLACES, (0.0, 0.0))
        self.rects: dict[int, tuple[float, float, float, float]] = dict.fromkeys(PLACES, (0.0, 0.0, 0.0, 0.0))


@dataclass(frozen=True)
class Flight:
    """Cards about to fly: the pile that gets them (a column, the waste, or a foundation by
    its pile number), how many, and where each was (``None``: from the foundation that
    shrinks)."""

    pile: int
    count: int
    starts: list[tuple[float, float]] | None


class KlondikeTable(BaseTable[KlondikeGame]):
    name = "klondike"
    tools = (("pause", "‖"), ("auto", "⚡"))

    def __init__(self, host: Host, game: KlondikeGame) -> None:
        self.control: KlondikeControl = KlondikeControl(game)
        super().__init__(host, game, self.control)
        self.metrics = Metrics()
        self.timers = Bindings()  # auto-finish's next step
        self.places: dict[int, Element] = {}
        self.founds: list[Element] = []
        self.waste_keys: list[str] = []
        self.waste_cards: list[Element] = []
        self.waste_slots: list[int] = []
        self.found_keys: list[str | None] = [None] * 4
        self.found_cards: list[Element | None] = [None] * 4
        self.marked: list[Element] = []  # nodes with a mark: last, selected, k-target
        self.drawn_sel: Selection | None = None  # the selection the marks show
        self.focus_place = 0
        self.auto = False
        self._up_code: str | None = None  # the card the action being drawn put up
        self._shown: dict[str, str] = {}
        self._drawn: KlondikeGame | None = None  # the game last drawn (another one resets the table)

    # ------------------------------------------------------------------ building
    def mount(self) -> None:
        board = self.board
        board.setAttribute("data-game", self.name)
        self.status = Status(self.tx, ("time", "moves", "stock", "passes"))
        byid("piles").replaceChildren()
        board.replaceChildren()
        self.stock = el("button", "kpile kstock", type="button", data_pile="stock", data_action="stock",
                        data_place=str(int(STOCK)), tabindex="-1")
        self.stock_n = el("span", "kstock-n", "", aria_hidden="true")
        self.stock.append(self.stock_n)
        self.waste = el("div", "kpile kwaste", role="group", data_pile="waste", data_place=str(int(WASTE)),
                        tabindex="-1")
        self.founds = []
        for s, letter in enumerate(SUIT_LETTERS):
            node = el("div", f"kpile kfound s-{letter}", role="group", data_pile="foundation",
                      data_suit=letter, data_place=str(int(FOUNDATION_OF[s])), tabindex="-1")
            node.append(el("span", "ksuit", SUIT_SYMBOLS[s], aria_hidden="true"))
            self.founds.append(node)
        self.columns = []
        for i in range(COLUMNS):
            node = el("div", "col", data_col=str(i + 1), role="group", data_place=str(i),
                      tabindex="0" if i == 0 else "-1")
            self.columns.append(Column(i, node))
        self.places = {STOCK: self.stock, WASTE: self.waste,
                       **dict(zip(FOUNDATION_OF, self.founds, strict=True)),
                       **{i: c.node for i, c in enumerate(self.columns)}}
        board.append(*(self.places[p] for p in PLACES))
        board.removeAttribute("aria-busy")
        self.bind.listen(board, "focusin", self._focused)
        self.bind.resize(board, self.resized)
        self.measure()

    def unmount(self) -> None:
        self._stop_auto(say=False)
        self.bind.unbind()
        self.timers.unbind()
        if self.status is not None:
            self.status.remove()
        self.board.replaceChildren()
        for name in ("data-game", "data-draw"):
            self.board.removeAttribute(name)
        self.board.style.removeProperty("--fs")
        self.columns, self.places = [], {}

    # ------------------------------------------------------------------ layout
    def measure(self) -> None:
        """Read the sizes the CSS gave the table (at start and after a resize)."""
        m = self.metrics
        b = self.board.getBoundingClientRect()
        first = self.columns[0].node
        m.card_w = max(20.0, float(first.clientWidth))
        m.card_h = m.card_w * CARD_RATIO
        m.height = max(m.card_h, float(first.clientHeight))
        m.font = index_font(m.card_w, 0.34, large=self.host.setting("card_size") == "large")
        self.board.style.setProperty("--fs", f"{m.font:.1f}px")
        for place, node in self.places.items():
            r = node.getBoundingClientRect()
            m.origins[place] = (float(r.left - b.left), float(r.top - b.top))
            bottom = b.bottom if node.hasAttribute("data-col") else r.bottom
            m.rects[place] = (float(r.left), float(r.top), float(r.right), float(bottom))

    def steps(self, downs: int, n: int) -> Steps:
        """Klondike's columns are short: they spread a little wider than Spider's."""
        m = self.metrics
        return fit(m.height, m.card_h, m.font, downs, n, down_share=0.09, up_share=0.25)

    # ------------------------------------------------------------------ rendering
    def render(self, outcome: Outcome | None = None) -> None:
        """Show the game. After an action (the outcome's step) the cards that moved fly
        briefly from where they were (not after a drop: they are where the pointer let go),
        unless motion is reduced."""
        game = self.game
        step = outcome.step if outcome is not None and isinstance(outcome.step, Step) else None
        kind = outcome.kind if outcome is not None else ""
        if game is not self._drawn:
            self._drawn = game
            self._stop_auto(say=False)
            self.board.setAttribute("data-draw", str(game.draw))
        if step is not None:
            self.control.clear()
        flight = self._flight_from(step, kind) if step is not None else None
        mv = step.move if step is not None else None
        # The card a move put up (the engine's step says which).
        up = mv is not None and mv.to_foundation and kind != "undo"
        self._up_code = card_code(step.cards[0]) if up and step is not None and step.cards else None
        old_found = list(self.found_keys)
        self._clear_marks()
        for pile, view in zip(self.columns, self.views(), strict=True):
            pile.show(self.faces, self.tx, view.down, view.up, self.steps)
        self._render_waste(game.waste)
        self._render_foundations(game.foundations)
        self._render_stock()
        self._render_status()
        self._mark_last()
        self._mark_selection()
        pace = self.host.motion
        if flight is not None and pace:
            self._fly(flight, old_found, pace)

    def _render_waste(self, waste: tuple[str, ...]) -> None:
        keys = list(waste)
        old = self.waste_keys
        if keys != old:
            same = show_cards(self.faces, self.waste, keys, old, self.waste_cards)
            self.waste_slots[same:] = [0] * (len(keys) - same)
            self.waste_keys = keys
        n, draw = len(keys), self.game.draw
        for i in range(max(0, n - 6), n):  # only the top three before and after can change places
            slot = fan_slot(i, n, draw)
            if self.waste_slots[i] != slot:
                self.waste_slots[i] = slot
                self.waste_cards[i].style.setProperty("--f", str(slot))
        top = keys[-1] if keys else None
        label = (self.tx("ui.k.waste", card=card_name(parse_card(top))) if top
                 else self.tx("ui.k.waste.empty"))
        self._attr(self.waste, "waste", "aria-label", label)

    def _render_foundations(self, tops: tuple[str | None, ...]) -> None:
        for s, code in enumerate(tops):
            if code == self.found_keys[s] and self.founds[s].hasAttribute("aria-label"):
                continue
            self.found_keys[s] = code
            node = self.founds[s]
            old = self.found_cards[s]
            if old is not None:
                old.remove()
            card = None
            if code is not None:
                card = self.faces.node(code)
                node.append(card)
            self.found_cards[s] = card
            symbol = SUIT_SYMBOLS[s]
            label = (self.tx("ui.k.foundation", symbol=symbol, card=card_name(parse_card(code)))
                     if code else self.tx("ui.k.foundation.empty", symbol=symbol))
            node.setAttribute("aria-label", label)

    def _render_stock(self) -> None:
        game, tx = self.game, self.tx
        n = game.stock_count
        state = "full" if n else "turn" if game.waste else "none"
        if n:
            # A tap turns the draw count, or what is left of the stock when that is fewer.
            label = tx("ui.k.stock", n=n, draw=tx("ui.k.cards", n=min(game.draw, n)))
        else:
            label = tx("ui.k.stock.turn" if state == "turn" else "ui.k.stock.none")
        if self._attr(self.stock, "count", "data-count", str(n)):
            self.stock_n.textContent = str(n) if n else ""
        self._attr(self.stock, "state", "data-state", state)
        self._attr(self.stock, "label", "aria-label", label)

    def _render_status(self) -> None:
        game = self.game
        assert self.status is not None
        self.status.set("moves", str(game.moves_count))
        self.status.set("stock", str(game.stock_count))
        self.status.set("passes", str(game.passes))
        self._auto_button()

    def _attr(self, node: Element, key: str, name: str, value: str) -> bool:
        """Set an attribute only when it changes; True if it did."""
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        node.setAttribute(name, value)
        return True

    def _auto_button(self) -> None:
        """Auto-finish is offered once it is sure to win (every card known); pressed while
        it runs."""
        offered = self.auto or (not self.game.is_won and self.game.can_auto_finish)
        self.host.tool("auto", shown=offered, pressed=self.auto)

    # ------------------------------------------------------------------ marks
    def _clear_marks(self) -> None:
        for node in self.marked:
            node.classList.remove("last", "selected", "k-target")
        self.marked = []
        self.drawn_sel = None
        self.clear_hint()

    def _mark_last(self) -> None:
        """The last action's cards keep a mark where they landed (a card put up: right
        after it went, while it is known which one it was)."""
        last = self.game.last_move
        if last is None:
            return
        if last.is_stock:
            nodes = self.waste_cards[-1:] if self.game.draw == 1 else self.waste_cards[-3:]
        elif last.to_foundation:
            code = self._up_code
            card = self.found_cards[SUIT_LETTERS.index(code[1])] if code else None
            nodes = [card] if card is not None else []
        else:
            cards = self.columns[last.dst].cards
            nodes = cards[max(0, len(cards) - last.count):]
        for node in nodes:
            node.classList.add("last")
            self.marked.append(node)

    def _mark_selection(self) -> None:
        """Draw the control's selection: its cards ``selected``, its targets ``k-target``."""
        sel = self.control.sel
        if sel is self.drawn_sel:
            return
        kept = []
        for node in self.marked:
            node.classList.remove("selected", "k-target")
            if node.classList.contains("last"):
                kept.append(node)
        self.marked = kept
        self.drawn_sel = sel
        if sel is None:
            return
        for node in self._nodes_of(sel.src, sel.count):
            node.classList.add("selected")
            self.marked.append(node)
        for mv in sel.targets:
            found = self.control.foundation_of(sel.src, sel.count) if mv.to_foundation else mv.dst
            target = self.places.get(found) if found is not None else None
            if target is not None:
                target.classList.add("k-target")
                self.marked.append(target)

    def show_hint(self, move: Move | None) -> None:
        """Mark a hint's cards and target (a hint without a move marks nothing: the session
        says what helps)."""
        self.clear_hint()
        if move is None:
            return
        if move.is_stock:
            self._hint(self.stock, "hint-dst")
            return
        self._hint(self.places[move.src], "hint-src")
        for node in self._nodes_of(move.src, move.count):
            self._hint(node, "hinted")
        if move.to_foundation:
            found = self.control.foundation_of(move.src, move.count)
            if found is not None:
                self._hint(self.places[found], "hint-dst")
        else:
            self._hint(self.columns[move.dst].node, "hint-dst")

    def _hint(self, node: Element, cls: str) -> None:
        node.classList.add(cls)
        self.hinted.append(node)

    # ------------------------------------------------------------------ sources
    def _nodes_of(self, src: int, count: int) -> list[Element]:
        """The drawn nodes of the ``count`` cards a source gives."""
        if src == WASTE:
            return self.waste_cards[-1:]
        if src in FOUNDATION_OF:
            card = self.found_cards[FOUNDATION_OF.index(src)]
            return [card] if card is not None else []
        cards = self.columns[src].cards
        return cards[max(0, len(cards) - count):]

    # ------------------------------------------------------------------ motion
    def _flight_from(self, step: Step, kind: str) -> Flight | None:
        """Before drawing an action: which pile gets the moved cards and where each of them
        was (board coordinates), read from the table as it is still drawn."""
        mv = step.move
        if kind == "drop":
            return None
        if mv.is_stock:
            if step.recycled or kind == "undo":
                return None
            origin = self.metrics.origins[STOCK]
            return Flight(WASTE, len(step.turned), [origin] * len(step.turned))
        if kind == "undo":
            if mv.to_foundation:
                return Flight(mv.src, 1, None)
            src, dst = mv.dst, mv.src
        else:
            src, dst = mv.src, mv.dst
        if dst == FOUNDATION:
            code = step.cards[0] if step.cards else None
            if code is None:
                return None
            dst = FOUNDATION_OF[code // 13]
        starts = self._positions(src, mv.count)
        return Flight(dst, mv.count, starts) if starts else None

    def _positions(self, src: int, count: int) -> list[tuple[float, float]]:
        """Where the last ``count`` cards of a source lie now (board coordinates)."""
        m = self.metrics
        if src == WASTE:
            n = len(self.waste_keys)
            if not n:
                return []
            x, y = m.origins[WASTE]
            return [(x + fan_slot(n - 1, n, self.game.draw) * FAN * m.card_w, y)]
        if src in FOUNDATION_OF:
            return [m.origins[src]]
        if not 0 <= src < COLUMNS:
            return []
        pile = self.columns[src]
        n = len(pile.keys)
        x, y = m.origins[src]
        return [(x, y + pile.top(i)) for i in range(max(0, n - count), n)]

    def _fly(self, flight: Flight, old_found: list[str | None], pace: float) -> None:
        m = self.metrics
        pile, count, starts = flight.pile, flight.count, flight.starts
        if 0 <= pile < COLUMNS:
            p = self.columns[pile]
            nodes = p.cards[max(0, len(p.cards) - count):]
            x, y = m.origins[pile]
            ends = [(x, y + p.top(len(p.cards) - len(nodes) + j)) for j in range(len(nodes))]
        elif pile == WASTE:
            n = len(self.waste_cards)
            nodes = self.waste_cards[max(0, n - count):]
            x, y = m.origins[WASTE]
            ends = [(x + fan_slot(n - len(nodes) + j, n, self.game.draw) * FAN * m.card_w, y)
                    for j in range(len(nodes))]
        else:
            card = self.found_cards[FOUNDATION_OF.index(pile)]
            nodes = [card] if card is not None else []
            ends = [m.origins[pile]]
        if starts is None:  # back down from the foundation that lost its top card
            changed = [s for s in range(4) if old_found[s] != self.found_keys[s]]
            starts = [m.origins[FOUNDATION_OF[changed[0]]]] if changed else []
        for j, node in enumerate(nodes[:len(starts)]):
            fly(node, starts[j][0] - ends[j][0], starts[j][1] - ends[j][1], j, pace)

    # ------------------------------------------------------------------ hits
    def spot(self, target: Element | None) -> Spot | None:
        """The spot an event target is on: a place and the card in it; :data:`NONE` for the
        bare table (also below a column's cards: a tap there clears a selection). The stock
        is a button (its click is the action), so no spot."""
        if target is None or not hasattr(target, "closest"):
            return None
        node = target.closest("[data-place]")
        if absent(node):
            return Spot(NONE)
        place = int(node.getAttribute("data-place"))
        if place == STOCK:
            return None
        if place == WASTE:
            n = len(self.waste_keys)
            return Spot(WASTE, n - 1, True) if n else Spot(WASTE)
        if place in FOUNDATION_OF:
            return Spot(place, 0, True) if self.found_keys[FOUNDATION_OF.index(place)] else Spot(place)
        card = target.closest("[data-card]")
        if absent(card) or not hasattr(card, "getAttribute"):
            # An empty column is a place to tap; below a column's cards is the bare table.
            return Spot(NONE) if self.columns[place].keys else Spot(place)
        i = int(card.style.getPropertyValue("--i"))
        return Spot(place, i, card.getAttribute("data-card") != DOWN)

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The place under a point (for a drop): a column by its strip down to the board's
        bottom, a foundation by its rectangle, with a little slack."""
        rects = self.metrics.rects
        for i in range(COLUMNS):
            left, top, right, bottom = rects[i]
            if left - 6 <= x <= right + 6 and top - 6 <= y <= bottom:
                return Spot(i)
        for found in FOUNDATION_OF:
            left, top, right, bottom = rects[found]
            if left - 6 <= x <= right + 6 and top - 6 <= y <= bottom + 6:
                return Spot(found)
        for place in (WASTE, STOCK):
            left, top, right, bottom = rects[place]
            if left <= x <= right and top <= y <= bottom:
                return Spot(place)  # no target: a drop there is refused with its reason
        return None

    # ------------------------------------------------------------------ gestures
    def _answer(self, answer: Answer, t0: float | None = None) -> None:
        """Carry out the control's answer: the marks it changed, the hint it clears, then
        the move (through the session) or the sentence."""
        if answer.clear_hint:
            self.clear_hint()
        self._mark_selection()
        self.host.answer(answer, t0)

    def tap(self, spot: Spot, t0: float) -> None:
        self._stop_auto()
        self._answer(self.control.tap(spot), t0)

    def double_tap(self, spot: Spot, t0: float) -> None:
        self._stop_auto()
        self._answer(self.control.double_tap(spot), t0)

    def long_press(self, spot: Spot) -> None:
        self._stop_auto()
        self._answer(self.control.long_press(spot))

    def lift(self, spot: Spot) -> list[Element] | Msg:
        """The cards a drag picks up, or why none (the bare table lifts nothing, silently)."""
        self._stop_auto()
        found = self.control.lift(spot)
        if found is None:
            return []
        if isinstance(found, Msg):
            return found
        self._mark_selection()
        self.places[found[0]].classList.add("lift")
        return self._nodes_of(*found)

    def hover(self, spot: Spot, over: Spot | None) -> None:
        """While dragging: mark the place under the pointer and whether it takes the cards."""
        move = self.control.drag_move(spot, over)
        target = None
        if move is not None and move.to_foundation:
            found = self.control.foundation_of(move.src, move.count)
            target = self.places[found] if found is not None else None
        elif move is not None:
            target = self.columns[move.dst].node
        ok = target is not None and move is not None and self.game.refusal_message(move) is None
        for node in (*self.founds, *(p.node for p in self.columns)):
            on = target is not None and bool(node.isSameNode(target))
            node.classList.toggle("over", on)
            if on:
                node.setAttribute("data-drop", "ok" if ok else "no")
            elif node.hasAttribute("data-drop"):
                node.removeAttribute("data-drop")

    def drop(self, spot: Spot, over: Spot | None, t0: float) -> None:
        for node in self.places.values():
            node.classList.remove("lift")
        self.hover(spot, None)
        self._answer(self.control.drop(spot, over), t0)

    def action(self, name: str) -> bool:
        """The table's buttons: the stock and auto-finish. Every other button (undo, hint, …)
        stops auto-finish and clears the selection, then goes on to the shell."""
        if name == "auto":
            if self.auto:
                self._stop_auto()
            else:
                self._start_auto()
            return True
        self._stop_auto()
        if name == "stock":
            self.control.clear()
            self._answer(Answer(play=Move.stock()))
            return True
        self.control.clear()
        self._mark_selection()
        return False

    # ------------------------------------------------------------------ auto-finish
    def _start_auto(self) -> None:
        if not self.game.can_auto_finish:
            return
        self.control.clear()
        self._mark_selection()
        self.auto = True
        self._auto_button()
        self._auto_step()

    def _stop_auto(self, *, say: bool = True) -> None:
        if not self.auto:
            return
        self.auto = False
        self.timers.unbind()
        if self.columns:
            self._auto_button()
        if say and not self.game.is_won:
            self.host.say(Msg("ui.k.auto.stopped"))

    def _auto_step(self, *_: object) -> None:
        """One card of auto-finish, then the next after a short pause (the flight), until
        the game is won, the player stops it, or the table is paused or covered."""
        self.timers.unbind()
        if not self.auto:
            return
        if self.host.busy():
            self._stop_auto()
            return
        game = self.game
        move = game.auto_move()
        if move is None:
            self._stop_auto(say=False)
            return
        self.host.answer(Answer(play=move, kind="auto"))
        if game.is_won or not self.auto:
            self._stop_auto(say=False)
            return
        pace = self.host.motion  # the Animations setting: Fast halves the pause, Off the quickest
        self.timers.later(round(AUTO_MS * pace) if pace else AUTO_REDUCED_MS, self._auto_step)

    # ------------------------------------------------------------------ keys
    def key(self, key: str, target: Element | None) -> bool:
        place = self._place_at(target)
        letter = key.lower() if len(key) == 1 else ""
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            left = self.host.setting("left_handed") is True  # the mirrored top row
            self.focus(next_place(place, key, left_handed=left) if place is not None else self.focus_place)
        elif letter == "d":
            self.action("stock")
        elif letter == "a":
            self.action("auto")
        elif key == "Escape":
            answer = self.control.escape()
            if answer is None:
                return False
            self._answer(answer)
        elif place is None or place == STOCK:
            return False  # the stock is a button: Enter and Space click it
        elif letter == "f":
            self._stop_auto()
            if place == WASTE or 0 <= place < COLUMNS:
                self.control.clear()
                self._answer(self.control.to_foundation(place))
        elif key in ("Enter", " "):
            self._stop_auto()
            self._answer(self.control.enter(place))
        else:
            return False
        return True

    def _place_at(self, target: Element | None) -> int | None:
        if target is None or not hasattr(target, "closest"):
            return None
        node = target.closest("[data-place]")
        if absent(node) or not self.board.contains(node):
            return None
        return int(node.getAttribute("data-place"))

    def _focused(self, event: Event) -> None:
        place = self._place_at(event.target)
        if place is not None and place != self.focus_place:
            self.places[self.focus_place].setAttribute("tabindex", "-1")
            self.focus_place = place
            self.places[place].setAttribute("tabindex", "0")

    def focus(self, place: int, *, visible: bool = True) -> None:
        if place != self.focus_place:
            self.places[self.focus_place].setAttribute("tabindex", "-1")
            self.focus_place = place
        node = self.places[place]
        node.setAttribute("tabindex", "0")
        node.focus(obj({"preventScroll": True, "focusVisible": visible}))
