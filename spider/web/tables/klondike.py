"""Klondike's table: seven columns, the stock, the waste (draw 3 fans its top three cards) and
the four foundations (♠ ♥ ♦ ♣), all inside ``#board``; and what a tap, a double tap, a drag or
a key means in Klondike: select a card, then tap its target; a card with exactly one legal
target goes there with a single tap.

Knows no rule: every decision is the engine's (``targets``, ``foundation_move``,
``pickup_message``, ``refusal_message``, ``hint``, ``auto_move``, ``can_auto_finish``).
Everything that changes per move is diffed (a pile touches only the cards after its first
difference; status values and attributes are written only when they change) and positions
are arithmetic on sizes read once per resize (:mod:`.layout`), so a move never
reads layout. Face-down cards and the stock's cards are never in the DOM: a face-down card
is the one ``data-card="down"`` prototype, the stock is a button that knows its count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_code, card_name, parse_card
from ...core.messages import Msg
from ...klondike.announce import announce
from ...klondike.hints import describe
from ...klondike.moves import FOUNDATION, FOUNDATION_OF, WASTE, Move, Step
from ..dom import Bindings, absent, byid, el, obj
from .base import DOWN, BaseTable, Column, Host, Spot, fly, show_cards
from .layout import CARD_RATIO, FAN, Steps, fan_slot, fit
from .status import Status

COLUMNS = 7
AUTO_MS = 170  # between two cards of auto-finish
AUTO_REDUCED_MS = 60  # the same without motion: no flight, quicker steps
# Places, in the order of the keyboard's rows: the stock, the waste, the four foundations
# (top row), then the seven columns (bottom row). ``SLOTS`` says above which column a place
# of the top row lies (the arrow keys move between the rows by it).
STOCK_PLACE, WASTE_PLACE = 0, 1
FOUND_PLACE = 2  # + suit
COL_PLACE = 6  # + column
PLACES = COL_PLACE + COLUMNS
TOP_ROW = (0, 1, 2, 3, 4, 5)
SLOTS = (0, 1, 3, 4, 5, 6)
NOTE = "stalled"  # the notice bar's state for "moves are left, but none helps"


class Metrics:
    """Sizes read once per resize: the card size, the columns' height, and per place its
    origin (from the board's top left) and rectangle (client coordinates, for drops)."""

    def __init__(self) -> None:
        self.card_w = 80.0
        self.card_h = 112.0
        self.height = 400.0
        self.font = 14.0
        self.origins: list[tuple[float, float]] = [(0.0, 0.0)] * PLACES
        self.rects: list[tuple[float, float, float, float]] = [(0.0, 0.0, 0.0, 0.0)] * PLACES


@dataclass(frozen=True)
class Selection:
    """The cards the player picked: ``count`` cards of ``src`` (a column, the waste or a
    foundation) and the moves they have."""

    src: int
    count: int
    targets: list[Move]


@dataclass(frozen=True)
class Flight:
    """Cards about to fly: the pile that gets them (``"col"``, ``"waste"``, ``"found"``) and
    which one, how many, and where each was (``None``: from the foundation that shrinks)."""

    pile: str
    index: int
    count: int
    starts: list[tuple[float, float]] | None


class KlondikeTable(BaseTable):
    name = "klondike"
    tools = (("pause", "‖"), ("auto", "⚡"))

    def __init__(self, host: Host, game: Any) -> None:
        super().__init__(host, game)
        self.metrics = Metrics()
        self.timers = Bindings()  # auto-finish's next step
        self.places: list[Any] = []
        self.founds: list[Any] = []
        self.waste_keys: list[str] = []
        self.waste_cards: list[Any] = []
        self.waste_slots: list[int] = []
        self.found_keys: list[str | None] = [None] * 4
        self.found_cards: list[Any] = [None] * 4
        self.status: Status | None = None
        self.sel: Selection | None = None
        self.marked: list[Any] = []  # nodes with a mark: last, selected, k-target
        self.focus_place = COL_PLACE
        self.auto = False
        self._up_code: str | None = None  # the card the action being drawn put up
        self._shown: dict[str, str] = {}
        self._drawn: Any = None  # the game object last drawn (another one resets the table)
        self._tapped: tuple[Spot, int, Any] | None = None  # the last tap: where, moves before, game
        self._stall_seen = False  # the "nothing helps" note was shown for this stall

    # ------------------------------------------------------------------ building
    def mount(self) -> None:
        board = self.board
        board.setAttribute("data-game", self.name)
        self.status = Status(self.tx, ("time", "moves", "stock", "passes"))
        byid("piles").replaceChildren()
        board.replaceChildren()
        self.stock = el("button", "kpile kstock", type="button", data_pile="stock", data_action="stock",
                        data_place=str(STOCK_PLACE), tabindex="-1")
        self.stock_n = el("span", "kstock-n", "", aria_hidden="true")
        self.stock.append(self.stock_n)
        self.waste = el("div", "kpile kwaste", role="group", data_pile="waste", data_place=str(WASTE_PLACE),
                        tabindex="-1")
        self.founds = []
        for s, letter in enumerate(SUIT_LETTERS):
            node = el("div", f"kpile kfound s-{letter}", role="group", data_pile="foundation",
                      data_suit=letter, data_place=str(FOUND_PLACE + s), tabindex="-1")
            node.append(el("span", "ksuit", SUIT_SYMBOLS[s], aria_hidden="true"))
            self.founds.append(node)
        self.columns = []
        for i in range(COLUMNS):
            node = el("div", "col", data_col=str(i + 1), role="group", data_place=str(COL_PLACE + i),
                      tabindex="0" if i == 0 else "-1")
            self.columns.append(Column(i, node))
        self.places = [self.stock, self.waste, *self.founds, *(p.node for p in self.columns)]
        board.append(*self.places)
        board.removeAttribute("aria-busy")
        self.bind.listen(board, "focusin", self._focused)
        self.bind.resize(board, self.resized)
        self.measure()

    def unmount(self) -> None:
        self._stop_auto(say=False)
        self.host.notice.hide(NOTE)
        self.bind.unbind()
        self.timers.unbind()
        if self.status is not None:
            self.status.remove()
        self.board.replaceChildren()
        for name in ("data-game", "data-draw"):
            self.board.removeAttribute(name)
        self.board.style.removeProperty("--fs")
        self.columns, self.places = [], []

    # ------------------------------------------------------------------ layout
    def measure(self) -> None:
        """Read the sizes the CSS gave the table (at start and after a resize)."""
        m = self.metrics
        b = self.board.getBoundingClientRect()
        first = self.columns[0].node
        m.card_w = max(20.0, float(first.clientWidth))
        m.card_h = m.card_w * CARD_RATIO
        m.height = max(m.card_h, float(first.clientHeight))
        m.font = min(22.0, max(11.0, m.card_w * 0.34))
        self.board.style.setProperty("--fs", f"{m.font:.1f}px")
        origins, rects = [], []
        for node in self.places:
            r = node.getBoundingClientRect()
            origins.append((float(r.left - b.left), float(r.top - b.top)))
            bottom = b.bottom if node.hasAttribute("data-col") else r.bottom
            rects.append((float(r.left), float(r.top), float(r.right), float(bottom)))
        m.origins, m.rects = origins, rects


    def steps(self, downs: int, n: int) -> Steps:
        """Klondike's columns are short: they spread a little wider than Spider's."""
        m = self.metrics
        return fit(m.height, m.card_h, m.font, downs, n, down_share=0.09, up_share=0.25)

    # ------------------------------------------------------------------ rendering
    def render(self, step: Step | None = None, kind: str = "") -> None:
        """Show the game. After an action the cards that moved fly briefly from where they
        were (not after a drop: they are where the pointer let go), unless motion is reduced."""
        game = self.game
        if game is not self._drawn:
            self._drawn = game
            self._stop_auto(say=False)
            self.board.setAttribute("data-draw", str(game.draw))
        flight = self._flight_from(step, kind) if step is not None else None
        mv = step.move if step is not None else None
        # The card a move put up, read while the table still shows where it came from.
        up = mv is not None and mv.to_foundation and kind != "undo"
        self._up_code = card_code(step.cards[0]) if up and step is not None and step.cards else None
        old_found = list(self.found_keys)
        self._clear_marks()
        for pile, view in zip(self.columns, game.columns, strict=True):
            pile.show(self.faces, self.tx, view.down, view.up, self.steps)
        self._render_waste(game.waste)
        self._render_foundations(game.foundations)
        self._render_stock()
        self._render_status()
        self._mark_last()
        if flight is not None and not self.host.reduced_motion:
            self._fly(flight, old_found)
        if step is not None:
            self._stall_note()

    def _stall_note(self) -> None:
        """Spec 004: once no move is left that helps (the engine's hint has none), a short
        note says so by itself, once per stall: "Verstanden" closes it until the game moves
        on and stalls again."""
        game = self.game
        stalled = not game.is_won and not game.is_stuck and game.hint().move is None
        if not stalled:
            self._stall_seen = False
            self.host.notice.hide(NOTE)
        elif not self._stall_seen:
            self._stall_seen = True
            self.host.notice.show(NOTE, self.tx.msg(game.hint().message),
                                  (("k-note-ok", self.tx("ui.k.note.ok"), True),))

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

    def _attr(self, node: Any, key: str, name: str, value: str) -> bool:
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

    # ------------------------------------------------------------------ what is said
    def announce(self, step: Step, kind: str) -> list[Msg]:
        """What the live region says: the engine's sentences (:mod:`spider.klondike.announce`)."""
        return announce(self.game, step, kind)

    def won_facts(self) -> list[tuple[str, str]]:
        return [("moves", str(self.game.moves_count)), ("passes", str(self.game.passes))]

    def describe(self, move: Move) -> Msg:
        return describe(self.game, move)

    # ------------------------------------------------------------------ marks
    def _clear_marks(self) -> None:
        for node in self.marked:
            node.classList.remove("last", "selected", "k-target")
        self.marked = []
        self.sel = None
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

    def show_hint(self, move: Move | None) -> None:
        """Mark a hint's cards and target. A hint that is no move (only taking moves back or
        starting over helps) while moves are left shows the short note that none of them
        helps (spec 004); with no move at all the stuck dialog says it."""
        self.clear_hint()
        game = self.game
        if move is None:
            if not game.is_won and not game.is_stuck:
                self.host.notice.show(NOTE, self.tx.msg(game.hint().message),
                                      (("k-note-ok", self.tx("ui.k.note.ok"), True),))
            return
        if move.is_stock:
            self._hint(self.stock, "hint-dst")
            return
        self._hint(self.places[self._place_of(move.src)], "hint-src")
        for node in self._nodes_of(move.src, move.count):
            self._hint(node, "hinted")
        if move.to_foundation:
            code = self._code_at(move.src, move.count)
            if code is not None:
                self._hint(self.founds[SUIT_LETTERS.index(code[1])], "hint-dst")
        else:
            self._hint(self.columns[move.dst].node, "hint-dst")

    def _hint(self, node: Any, cls: str) -> None:
        node.classList.add(cls)
        self.hinted.append(node)

    # ------------------------------------------------------------------ sources and places
    def _place_of(self, src: int) -> int:
        if src == WASTE:
            return WASTE_PLACE
        if src in FOUNDATION_OF:
            return FOUND_PLACE + src - FOUNDATION_OF[0]
        return COL_PLACE + src

    def _nodes_of(self, src: int, count: int) -> list[Any]:
        """The drawn nodes of the ``count`` cards a source gives."""
        if src == WASTE:
            return self.waste_cards[-1:]
        if src in FOUNDATION_OF:
            card = self.found_cards[src - FOUNDATION_OF[0]]
            return [card] if card is not None else []
        cards: list[Any] = self.columns[src].cards
        return cards[max(0, len(cards) - count):]

    def _code_at(self, src: int, count: int) -> str | None:
        """The code of the first of the ``count`` cards of a source, as drawn."""
        if src == WASTE:
            return self.waste_keys[-1] if self.waste_keys else None
        if src in FOUNDATION_OF:
            return self.found_keys[src - FOUNDATION_OF[0]]
        if not 0 <= src < COLUMNS:
            return None
        keys = self.columns[src].keys
        code = keys[-count] if 0 < count <= len(keys) else None
        return None if code == DOWN else code

    def _source(self, spot: Spot) -> tuple[int, int] | None:
        """(source, count) of the cards at a spot, or None where no card lies."""
        if spot.card < 0:
            return None
        if spot.pile == "col":
            return spot.index, len(self.columns[spot.index].keys) - spot.card
        if spot.pile == "waste":
            return WASTE, 1
        if spot.pile == "foundation":
            return FOUNDATION_OF[spot.index], 1
        return None

    @staticmethod
    def _target(spot: Spot) -> int | None:
        """The destination a spot stands for (a column or the foundations), else None."""
        if spot.pile == "col":
            return spot.index
        if spot.pile == "foundation":
            return FOUNDATION
        return None

    def _found_node(self, src: int, count: int) -> Any:
        """The foundation the cards of a source would go up to (by their suit)."""
        code = self._code_at(src, count)
        return self.founds[SUIT_LETTERS.index(code[1])] if code else None

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
            origin = self.metrics.origins[STOCK_PLACE]
            return Flight("waste", 0, len(step.turned), [origin] * len(step.turned))
        if kind == "undo":
            if mv.to_foundation:
                return Flight("waste", 0, 1, None) if mv.src == WASTE else Flight("col", mv.src, 1, None)
            src, dst = mv.dst, mv.src
        else:
            src, dst = mv.src, mv.dst
        if dst == FOUNDATION:
            code = self._code_at(src, 1)
            if code is None:
                return None
            to = ("found", SUIT_LETTERS.index(code[1]))
        elif dst == WASTE:
            to = ("waste", 0)
        elif dst in FOUNDATION_OF:
            to = ("found", dst - FOUNDATION_OF[0])
        else:
            to = ("col", dst)
        starts = self._positions(src, mv.count)
        return Flight(to[0], to[1], mv.count, starts) if starts else None

    def _positions(self, src: int, count: int) -> list[tuple[float, float]]:
        """Where the last ``count`` cards of a source lie now (board coordinates)."""
        m = self.metrics
        if src == WASTE:
            n = len(self.waste_keys)
            if not n:
                return []
            x, y = m.origins[WASTE_PLACE]
            return [(x + fan_slot(n - 1, n, self.game.draw) * FAN * m.card_w, y)]
        if src in FOUNDATION_OF:
            return [m.origins[FOUND_PLACE + src - FOUNDATION_OF[0]]]
        if not 0 <= src < COLUMNS:
            return []
        pile = self.columns[src]
        n = len(pile.keys)
        x, y = m.origins[COL_PLACE + src]
        return [(x, y + pile.top(i)) for i in range(max(0, n - count), n)]

    def _fly(self, flight: Flight, old_found: list[str | None]) -> None:
        m = self.metrics
        pile, index, count, starts = flight.pile, flight.index, flight.count, flight.starts
        if pile == "col":
            p = self.columns[index]
            nodes = p.cards[max(0, len(p.cards) - count):]
            x, y = m.origins[COL_PLACE + index]
            ends = [(x, y + p.top(len(p.cards) - len(nodes) + j)) for j in range(len(nodes))]
        elif pile == "waste":
            n = len(self.waste_cards)
            nodes = self.waste_cards[max(0, n - count):]
            x, y = m.origins[WASTE_PLACE]
            ends = [(x + fan_slot(n - len(nodes) + j, n, self.game.draw) * FAN * m.card_w, y)
                    for j in range(len(nodes))]
        else:
            card = self.found_cards[index]
            nodes = [card] if card is not None else []
            ends = [m.origins[FOUND_PLACE + index]]
        if starts is None:  # back down from the foundation that lost its top card
            changed = [s for s in range(4) if old_found[s] != self.found_keys[s]]
            starts = [m.origins[FOUND_PLACE + changed[0]]] if changed else []
        for j, node in enumerate(nodes[:len(starts)]):
            fly(node, starts[j][0] - ends[j][0], starts[j][1] - ends[j][1], j)

    # ------------------------------------------------------------------ hits
    def spot(self, target: Any) -> Spot | None:
        """The spot an event target is on: a place and the card in it; ``"none"`` for the
        bare table (also below a column's cards: a tap there clears a selection). The stock
        is a button (its click is the action), so no spot."""
        if target is None or not hasattr(target, "closest"):
            return None
        place = target.closest("[data-place]")
        if absent(place):
            return Spot("none", 0)
        index = int(place.getAttribute("data-place"))
        if index == STOCK_PLACE:
            return None
        if index == WASTE_PLACE:
            n = len(self.waste_keys)
            return Spot("waste", 0, n - 1, True) if n else Spot("waste", 0)
        if index < COL_PLACE:
            s = index - FOUND_PLACE
            return Spot("foundation", s, 0, True) if self.found_keys[s] else Spot("foundation", s)
        col = index - COL_PLACE
        card = target.closest("[data-card]")
        if absent(card) or not hasattr(card, "getAttribute"):
            # An empty column is a place to tap; below a column's cards is the bare table.
            return Spot("none", 0) if self.columns[col].keys else Spot("col", col)
        i = int(card.style.getPropertyValue("--i"))
        return Spot("col", col, i, card.getAttribute("data-card") != DOWN)

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The place under a point (for a drop): a column by its strip down to the board's
        bottom, a foundation by its rectangle, with a little slack."""
        rects = self.metrics.rects
        for i in range(COLUMNS):
            left, top, right, bottom = rects[COL_PLACE + i]
            if left - 6 <= x <= right + 6 and top - 6 <= y <= bottom:
                return Spot("col", i)
        for s in range(4):
            left, top, right, bottom = rects[FOUND_PLACE + s]
            if left - 6 <= x <= right + 6 and top - 6 <= y <= bottom + 6:
                return Spot("foundation", s)
        for place, pile in ((WASTE_PLACE, "waste"), (STOCK_PLACE, "stock")):
            left, top, right, bottom = rects[place]
            if left <= x <= right and top <= y <= bottom:
                return Spot(pile, 0)  # no target: a drop there is refused with its reason
        return None

    # ------------------------------------------------------------------ intents
    def tap(self, spot: Spot, t0: float) -> None:
        """Select or move. With a selection, a tap on a column or a foundation is the
        target; on the selected cards or the bare table it clears the selection."""
        self._tapped = (spot, self.game.moves_count, self.game)
        self._stop_auto()
        sel = self.sel
        if sel is not None:
            if spot.pile == "none" or self._source(spot) == (sel.src, sel.count):
                self._deselect(say=True)
                return
            dst = self._target(spot)
            if dst is not None and dst != sel.src and not (sel.src in FOUNDATION_OF and dst == FOUNDATION):
                self._play(Move(sel.src, dst, sel.count), "move", t0)
                return
            self._deselect()
        found = self._source(spot)
        if found is not None:
            self._pick(*found, t0=t0)
        elif spot.pile == "none":
            self.clear_hint()

    def _play(self, move: Move, kind: str, t0: float | None = None) -> None:
        """One action through the shell: played, or refused with the engine's reason."""
        self._deselect()
        game = self.game
        self.host.act(lambda: game.play(move), kind, t0)

    def _pick(self, src: int, count: int, *, t0: float | None = None) -> None:
        """A tap on cards: refused with the reason, moved when they have exactly one legal
        target (never straight off a foundation: taking a card back down is chosen), else
        selected with their targets lit."""
        game = self.game
        reason = game.pickup_message(src, count)
        if reason is not None:
            self.host.say(reason, refusal=True)
            return
        targets = game.targets(src, count)
        if not targets:
            code = self._code_at(src, count)
            name = card_name(parse_card(code)) if code else Msg("verbatim", text="?")
            self.host.say(Msg("ui.k.no_target", card=name), refusal=True)
            return
        move = game.tap_move(src, count)  # the engine's rule: its only target, never off a foundation
        if move is not None:
            self._play(move, "move", t0)
            return
        self._select(Selection(src, count, targets))

    def _select(self, sel: Selection) -> None:
        self._deselect()
        self.clear_hint()
        self.sel = sel
        for node in self._nodes_of(sel.src, sel.count):
            node.classList.add("selected")
            self.marked.append(node)
        for mv in sel.targets:
            node = self._found_node(sel.src, sel.count) if mv.to_foundation else self.columns[mv.dst].node
            if node is not None:
                node.classList.add("k-target")
                self.marked.append(node)
        code = self._code_at(sel.src, sel.count)
        name = card_name(parse_card(code)) if code else Msg("verbatim", text="?")
        if sel.count > 1:
            self.host.say(Msg("ui.k.selected_many", card=name, more=sel.count - 1))
        else:
            self.host.say(Msg("ui.k.selected", card=name))

    def _deselect(self, *, say: bool = False) -> None:
        if self.sel is None:
            return
        self.sel = None
        kept = []
        for node in self.marked:
            node.classList.remove("selected", "k-target")
            if node.classList.contains("last"):
                kept.append(node)
        self.marked = kept
        if say:
            self.host.say(Msg("ui.k.deselected"))

    def double_tap(self, spot: Spot, t0: float) -> None:
        """A double tap acts on one card, the one its first tap hit: when that tap already
        moved it, nothing more happens (the second tap never hits the card it uncovered);
        otherwise the card goes to its foundation when it can go there now, else the
        selection is cleared and the reason said."""
        self._stop_auto()
        tapped, self._tapped = self._tapped, None
        if tapped is not None and tapped[0] == spot and tapped[2] is self.game \
                and tapped[1] != self.game.moves_count:
            return
        found = self._source(spot)
        if found is None:
            return
        self._deselect()
        if found[0] in FOUNDATION_OF or found[1] != 1:
            self.host.say(Msg("ui.k.double.one_card"), refusal=True)
            return
        self._to_foundation(found[0], t0)

    def _to_foundation(self, src: int, t0: float | None = None) -> None:
        move = self.game.foundation_move(src) or Move(src, FOUNDATION)
        self._play(move, "move", t0)

    def long_press(self, spot: Spot) -> None:
        """Klondike has no picker: a long press selects (the targets light up) even where a
        tap would move at once."""
        self._stop_auto()
        found = self._source(spot)
        if found is None:
            return
        targets = self.game.targets(*found)
        if targets and self.game.pickup_message(*found) is None:
            self._select(Selection(found[0], found[1], targets))
        else:
            self._deselect()
            self._pick(*found)

    def lift(self, spot: Spot) -> list[Any] | Msg:
        """The cards a drag picks up, or why none (the bare table lifts nothing, silently)."""
        self._stop_auto()
        found = self._source(spot)
        if found is None:
            return Msg("klondike.waste.empty") if spot.pile == "waste" else []
        reason: Msg | None = self.game.pickup_message(*found)
        if reason is not None:
            return reason
        self._deselect()
        self.places[self._place_of(found[0])].classList.add("lift")
        return self._nodes_of(*found)

    def _drag_move(self, spot: Spot, over: Spot | None) -> Move | None:
        found = self._source(spot)
        if found is None or over is None:
            return None
        dst = self._target(over)
        src, count = found
        if dst is None or dst == src or (dst == FOUNDATION and src in FOUNDATION_OF):
            return None
        return Move(src, dst, count)

    def hover(self, spot: Spot, over: Spot | None) -> None:
        """While dragging: mark the place under the pointer and whether it takes the cards."""
        move = self._drag_move(spot, over)
        target = None
        if move is not None and move.to_foundation:
            target = self._found_node(move.src, move.count)
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
        for node in self.places:
            node.classList.remove("lift")
        self.hover(spot, None)
        move = self._drag_move(spot, over)
        if move is not None:
            self._play(move, "drop", t0)
        elif over is None:
            self.host.say(Msg("ui.k.drop.nowhere"), refusal=True)
        elif over.pile in ("waste", "stock"):
            self.host.say(Msg("klondike.drop.waste" if over.pile == "waste" else "klondike.drop.stock"),
                          refusal=True)
        elif over.pile == "foundation" and self._source(spot) is not None and \
                self._source(spot)[0] in FOUNDATION_OF:  # type: ignore[index]
            self.host.say(Msg("klondike.drop.foundation"), refusal=True)

    def action(self, name: str) -> bool:
        """The table's buttons: the stock, auto-finish, the note's OK, the mode line's other
        draw count. Any other button (undo, hint, …) stops auto-finish and clears the
        selection, then goes on to the shell."""
        if name == "auto":
            if self.auto:
                self._stop_auto()
            else:
                self._start_auto()
            return True
        self._stop_auto()
        if name == "stock":
            self._play(Move.stock(), "move")
        elif name == "k-note-ok":
            self.host.notice.hide(NOTE)
        elif name.startswith("k-draw-"):
            from . import Choice

            draw = int(name.removeprefix("k-draw-"))
            level = self.host.level_of(self.game) or str(self.host.setting("level"))
            self.host.switch_variant(Choice(self.name, draw), level)
        else:
            self._deselect()
            return False
        return True

    # ------------------------------------------------------------------ auto-finish
    def _start_auto(self) -> None:
        if not self.game.can_auto_finish:
            return
        self._deselect()
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

    def _auto_step(self, *_: Any) -> None:
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
        self.host.act(lambda: game.play(move), "auto")
        if game.is_won or not self.auto:
            self._stop_auto(say=False)
            return
        self.timers.later(AUTO_REDUCED_MS if self.host.reduced_motion else AUTO_MS, self._auto_step)

    # ------------------------------------------------------------------ keys
    def key(self, key: str, target: Any) -> bool:
        place = self._place_at(target)
        letter = key.lower() if len(key) == 1 else ""
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            self.focus(self._next_place(place, key) if place is not None else self.focus_place)
        elif letter == "d":
            self.action("stock")
        elif letter == "a":
            self.action("auto")
        elif key == "Escape":
            if self.sel is None:
                return False
            self._deselect(say=True)
        elif place is None or place == STOCK_PLACE:
            return False  # the stock is a button: Enter and Space click it
        elif letter == "f":
            self._stop_auto()
            if place == WASTE_PLACE:
                self._to_foundation(WASTE)
            elif place >= COL_PLACE:
                self._to_foundation(place - COL_PLACE)
        elif key in ("Enter", " "):
            self._stop_auto()
            self._enter(place)
        else:
            return False
        return True

    def _enter(self, place: int) -> None:
        """Enter or Space on a place: the keyboard's tap. On a column it takes the longest
        run that can go somewhere; again on the same column one card fewer, then none."""
        sel, game = self.sel, self.game
        col = place - COL_PLACE if place >= COL_PLACE else None
        if sel is not None and col is not None and sel.src == col:
            fewer = [k for k in game.movable_counts(col) if k < sel.count]
            if fewer:
                self._select(Selection(col, max(fewer), game.targets(col, max(fewer))))
            else:
                self._deselect(say=True)
            return
        if sel is not None:
            dst = col if col is not None else FOUNDATION if FOUND_PLACE <= place < COL_PLACE else None
            if dst is not None and not (sel.src in FOUNDATION_OF and dst == FOUNDATION):
                self._play(Move(sel.src, dst, sel.count), "move")
                return
            if self._place_of(sel.src) == place:
                self._deselect(say=True)
                return
            self._deselect()
        if col is not None:
            counts = game.movable_counts(col)
            if not counts:
                if self.columns[col].keys:
                    self.host.say(Msg("klondike.move.face_down"), refusal=True)
                return
            useful = [k for k in counts if game.targets(col, k)]
            self._pick(col, max(useful) if useful else 1)
        elif place == WASTE_PLACE:
            if self.waste_keys:
                self._pick(WASTE, 1)
        elif self.found_keys[place - FOUND_PLACE] is not None:
            self._pick(FOUNDATION_OF[place - FOUND_PLACE], 1)

    def _place_at(self, target: Any) -> int | None:
        if target is None or not hasattr(target, "closest"):
            return None
        node = target.closest("[data-place]")
        if absent(node) or not self.board.contains(node):
            return None
        return int(node.getAttribute("data-place"))

    @staticmethod
    def _next_place(place: int, key: str) -> int:
        """Left and right go along a row (round), up and down to the other row."""
        if key in ("ArrowLeft", "ArrowRight"):
            row = list(TOP_ROW) if place < COL_PLACE else list(range(COL_PLACE, PLACES))
            step = -1 if key == "ArrowLeft" else 1
            return row[(row.index(place) + step) % len(row)]
        if place < COL_PLACE:
            return COL_PLACE + SLOTS[place]
        slot = place - COL_PLACE
        return min(TOP_ROW, key=lambda p: (abs(SLOTS[p] - slot), SLOTS[p]))

    def _focused(self, event: Any) -> None:
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

