"""What every game's table shares: the contract between the shell and a table, and the card
faces both games draw.

The shell (``spider/web/app.py``) knows no game. A table draws its game into the page and
reports where a gesture landed (a :class:`~spider.web.control.Spot`); its game's control
(:mod:`spider.web.control`) says what the gesture means, and the shell carries that out
through the session. The input layer (``spider/web/input.py``) turns pointer and key events
into gestures and never reaches into the table's DOM or the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from pyscript import document

from ...core.cards import RANK_LABELS, SUIT_LETTERS, SUIT_SYMBOLS, card_name, parse_card, rank_labels
from ...core.messages import Msg
from ...core.registry import Solitaire, find_game
from ..control import Answer, Spot
from ..dom import Bindings, byid, el, obj
from ..i18n import Texts
from ..jsdom import Element
from ..session import Outcome
from .layout import NO_STEPS, Steps
from .status import Status

DOWN = "down"
ANIM_MS = 150  # a moved card's flight from where it was


class Host(Protocol):
    """What the shell offers a table: the language, the settings, carrying out a control's
    answer (a move played through the session, or a sentence), and the toolbar."""

    tx: Texts

    def answer(self, answer: Answer, t0: float | None = None) -> None: ...

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def busy(self) -> bool: ...

    @property
    def reduced_motion(self) -> bool: ...

    @property
    def motion(self) -> float:
        """How long animations take, as a share of their normal time (0: none)."""
        ...

    def setting(self, name: str) -> object: ...

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None,
             shown: bool | None = None) -> None: ...


class _View(Protocol):
    @property
    def down(self) -> int: ...

    @property
    def up(self) -> tuple[str, ...]: ...


class _Drawn(Protocol):
    """What the shared drawing reads of a game: its columns as the player sees them, and
    all face up (after the game)."""

    @property
    def columns(self) -> Sequence[_View]: ...

    def open_columns(self) -> Sequence[_View]: ...


G = TypeVar("G", bound=_Drawn)


class Control(Protocol[G]):
    """A game's control (:mod:`spider.web.control`): what a gesture means, for ``game``."""

    game: G

    def clear(self) -> None: ...


class Table(Protocol):
    """A game's table: it draws the game (and an outcome's step, hint and marks) and reports
    where a gesture landed; what the gesture means is its control's answer."""

    name: str
    game: Solitaire
    status: Status | None
    reveal: bool  # every card face up (a replay after the game)
    tools: tuple[tuple[str, str], ...]  # (action, icon) the table adds to the toolbar

    def mount(self) -> None: ...

    def unmount(self) -> None: ...

    def render(self, outcome: Outcome | None = None) -> None: ...

    def relayout(self) -> None: ...

    def spot(self, target: Element | None) -> Spot | None: ...

    def spot_at(self, x: float, y: float) -> Spot | None: ...

    def tap(self, spot: Spot, t0: float) -> None: ...

    def double_tap(self, spot: Spot, t0: float) -> None: ...

    def long_press(self, spot: Spot) -> None: ...

    def lift(self, spot: Spot) -> list[Element] | Msg: ...

    def hover(self, spot: Spot, over: Spot | None) -> None: ...

    def drop(self, spot: Spot, over: Spot | None, t0: float) -> None: ...

    def key(self, key: str, target: Element | None) -> bool: ...

    def action(self, name: str) -> bool: ...

    def show_hint(self, move: object) -> None: ...

    def clear_hint(self) -> None: ...


class Faces:
    """Card nodes cloned from one prototype per code: a move costs a few DOM calls. The
    corner shows ``labels`` (the page's rank letters, :func:`spider.core.cards.rank_labels`)."""

    def __init__(self, tx: Texts, labels: tuple[str, ...] = RANK_LABELS) -> None:
        self.tx = tx
        self.labels = labels
        self.protos: dict[str, Element] = {}

    def node(self, key: str) -> Element:
        proto = self.protos.get(key)
        if proto is None:
            proto = self._proto(key)
            self.protos[key] = proto
        return proto.cloneNode(True)

    def _proto(self, key: str) -> Element:
        if key == DOWN:
            # A face-down card says only that it is face down: no code, no name, no suit.
            return el("div", "card down", data_card=DOWN, role="img", aria_label=self.tx("card.down"))
        c = parse_card(key)
        rank, suit = c % 13, c // 13
        node = el("div", f"card s-{SUIT_LETTERS[suit]}", data_card=key, role="img",
                  aria_label=self.tx.msg(card_name(c)))
        corner = el("span", "ix")
        corner.append(el("b", "", self.labels[rank]), el("i", "", SUIT_SYMBOLS[suit]))
        node.append(corner, el("span", "pip", SUIT_SYMBOLS[suit]))
        return node


def show_cards(faces: Faces, parent: Element, keys: list[str], old: list[str], nodes: list[Element]) -> int:
    """Make ``parent``'s card nodes (``nodes``, drawn for the keys ``old``) show ``keys``:
    the cards both share from the start stay, the rest is replaced (each new card gets its
    place as ``--i``). Returns how many stayed."""
    same = 0
    limit = min(len(keys), len(old))
    while same < limit and keys[same] == old[same]:
        same += 1
    for node in nodes[same:]:
        node.remove()
    del nodes[same:]
    if same < len(keys):
        frag = document.createDocumentFragment()
        for i in range(same, len(keys)):
            node = faces.node(keys[i])
            node.style.setProperty("--i", str(i))
            nodes.append(node)
            frag.append(node)
        parent.append(frag)
    return same


class Column:
    """One column's DOM and what it shows (keys: ``"down"`` or a card code), with the steps
    its cards lie apart (:func:`.layout.fit`)."""

    def __init__(self, index: int, node: Element) -> None:
        self.index = index
        self.node = node
        self.keys: list[str] = []
        self.cards: list[Element] = []
        self.downs = 0
        self.steps = NO_STEPS
        self.label = ""

    def top(self, i: int) -> float:
        """Where card ``i`` sits, from the column's top (same formula as the CSS)."""
        return self.steps.top(i, self.downs)

    def fit(self, steps: Steps, downs: int) -> None:
        """Lay the cards out with ``steps``; only what changed is written."""
        old = self.steps
        self.downs = downs
        self.steps = steps
        style = self.node.style
        if (steps.down, steps.up) != (old.down, old.up):
            style.setProperty("--ds", f"{steps.down:.2f}px")
            style.setProperty("--us", f"{steps.up:.2f}px")
        if steps.font != old.font:
            if steps.font:
                style.setProperty("--fs", f"{steps.font:.1f}px")
            else:
                style.removeProperty("--fs")
        if steps.dense != old.dense:
            if steps.dense:
                self.node.setAttribute("data-dense", "true")
            else:
                self.node.removeAttribute("data-dense")
        if steps.tight != old.tight:  # the CSS then writes how many cards lie face down
            if steps.tight:
                self.node.setAttribute("data-tight", "true")
            else:
                self.node.removeAttribute("data-tight")

    def show(self, faces: Faces, tx: Texts, downs: int, up: tuple[str, ...],
             steps: Callable[[int, int], Steps]) -> None:
        """Show ``downs`` face-down cards under the face-up ``up``, spaced by
        ``steps(downs, n)``; a column that already shows them is not touched."""
        keys = [DOWN] * downs + list(up)
        if keys == self.keys:
            return
        show_cards(faces, self.node, keys, self.keys, self.cards)
        self.fit(steps(downs, len(keys)), downs)
        self.keys = keys
        self.node.style.setProperty("--downs", str(downs))
        label = tx("column" if keys else "ui.column.empty", n=self.index + 1)
        if label != self.label:
            self.label = label
            self.node.setAttribute("aria-label", label)


def fly(node: Element, dx: float, dy: float, j: int = 0, pace: float = 1.0) -> None:
    """A card just drawn where it landed comes from ``(dx, dy)`` away (the ``j``-th card of a
    block a little later), in ``pace`` times the normal time (the Animations setting; 0: no
    flight); no flight for less than a pixel. A card in flight catches no tap: a tap on the
    card it passes over means that card."""
    if (abs(dx) < 1 and abs(dy) < 1) or pace <= 0:
        return
    node.animate(
        obj([{"transform": f"translate({dx:.1f}px,{dy:.1f}px)", "zIndex": 60, "pointerEvents": "none"},
             {"transform": "none", "zIndex": 60, "pointerEvents": "none"}]),
        obj({"duration": (ANIM_MS + 12 * j) * pace, "easing": "ease-out"}),
    )


class BaseTable(Generic[G]):
    """What both tables share: their state at the start, the hint marks, and what they do
    when the board changes size (rotation, resize, full screen, the message line growing):
    measure again and re-fit the columns (same cards, new steps), never redraw them. A table
    gives :meth:`measure` and :meth:`steps`."""

    name = ""
    status: Status | None = None
    reveal = False  # every card face up: a replay after the game is over

    def __init__(self, host: Host, game: G, control: Control[G]) -> None:
        self.host = host
        self.tx = host.tx
        self.control = control
        self._game = game
        info = find_game(self.name) if self.name else None
        self.faces = Faces(self.tx, rank_labels(self.tx.lang, bool(info and info.german_letters),
                                                str(host.setting("card_letters"))))
        self.bind = Bindings()
        self.board = byid("board")
        self.columns: list[Column] = []
        self.hinted: list[Element] = []
        self._size = (0.0, 0.0)

    @property
    def game(self) -> G:
        return self._game

    @game.setter
    def game(self, game: G) -> None:
        """Another game on this table (or the same one after a reload of its save): the
        control follows it and forgets what was selected."""
        self._game = game
        if self.control.game is not game:
            self.control.game = game
            self.control.clear()

    def clear_hint(self) -> None:
        for node in self.hinted:
            node.classList.remove("hint-src", "hint-dst", "hinted")
        self.hinted = []

    def measure(self) -> None:
        raise NotImplementedError

    def steps(self, downs: int, n: int) -> Steps:
        raise NotImplementedError

    def resized(self, *_: object) -> None:
        size = (float(self.board.clientWidth), float(self.board.clientHeight))
        if size != self._size:
            self._size = size
            self.relayout()

    def relayout(self) -> None:
        """After a resize or rotation: the same cards, new steps."""
        if not self.columns:
            return
        self.measure()
        for col, view in zip(self.columns, self.views(), strict=True):
            col.fit(self.steps(view.down, view.down + len(view.up)), view.down)

    def views(self) -> Sequence[_View]:
        """The columns as drawn: as the player sees them, or all face up in a replay."""
        game = self.game
        return game.open_columns() if self.reveal else game.columns
