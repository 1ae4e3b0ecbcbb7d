"""What every game's table shares: the contract between the shell and a table, the spot a
gesture lands on, and the card faces both games draw.

The shell (``spider/web/app.py``) knows no game. A table draws its game into the page and
understands the player's intents; the input layer (``spider/web/input.py``) turns pointer and
key events into those intents and never reaches into the table's DOM or the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pyscript import document

from ...core.cards import RANK_LABELS, SUIT_LETTERS, SUIT_SYMBOLS, card_name, parse_card, rank_labels
from ...core.messages import Msg
from ...core.registry import find_game
from ..dom import Bindings, byid, el, obj
from ..i18n import Texts
from .layout import NO_STEPS, Steps

DOWN = "down"
ANIM_MS = 150  # a moved card's flight from where it was


@dataclass(frozen=True)
class Spot:
    """Where a gesture landed: a pile (``"col"``, ``"stock"``, ``"waste"``,
    ``"foundation"``), which one (a column's 0-based index, a foundation's suit number,
    else 0), the card's position in it (0 = the card furthest from the player; -1 = the
    pile itself, below or without cards) and whether that card lies face up."""

    pile: str
    index: int
    card: int = -1
    face_up: bool = False


class Host(Protocol):
    """What the shell offers a table."""

    tx: Texts
    notice: Any  # the notice bar under the table (``bars.Bar``): a short note with buttons

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def act(self, do: Callable[[], Any], kind: str, t0: float | None = None) -> None: ...

    def busy(self) -> bool: ...

    @property
    def reduced_motion(self) -> bool: ...

    def setting(self, name: str) -> Any: ...

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None,
             shown: bool | None = None) -> None: ...

    def new_game(self, choice: Any, level: str) -> None: ...

    def switch_variant(self, choice: Any, level: str) -> None: ...

    def level_of(self, game: Any) -> str | None: ...


class Table(Protocol):
    """A game's table: drawing, and the intents it understands."""

    game: Any
    tools: tuple[tuple[str, str], ...]  # (action, icon) the table adds to the toolbar

    def mount(self) -> None: ...

    def unmount(self) -> None: ...

    def render(self, step: Any = None, kind: str = "") -> None: ...

    def relayout(self) -> None: ...

    def announce(self, step: Any, kind: str) -> list[Msg]: ...

    def spot(self, target: Any) -> Spot | None: ...

    def spot_at(self, x: float, y: float) -> Spot | None: ...

    def tap(self, spot: Spot, t0: float) -> None: ...

    def double_tap(self, spot: Spot, t0: float) -> None: ...

    def long_press(self, spot: Spot) -> None: ...

    def lift(self, spot: Spot) -> list[Any] | Msg: ...

    def hover(self, spot: Spot, over: Spot | None) -> None: ...

    def drop(self, spot: Spot, over: Spot | None, t0: float) -> None: ...

    def key(self, key: str, target: Any) -> bool: ...

    def action(self, name: str) -> bool: ...

    def show_hint(self, hint: Any) -> None: ...

    def clear_hint(self) -> None: ...

    def won_facts(self) -> list[tuple[str, str]]: ...


class Faces:
    """Card nodes cloned from one prototype per code: a move costs a few DOM calls. The
    corner shows ``labels`` (the page's rank letters, :func:`spider.core.cards.rank_labels`)."""

    def __init__(self, tx: Texts, labels: tuple[str, ...] = RANK_LABELS) -> None:
        self.tx = tx
        self.labels = labels
        self.protos: dict[str, Any] = {}

    def node(self, key: str) -> Any:
        proto = self.protos.get(key)
        if proto is None:
            proto = self._proto(key)
            self.protos[key] = proto
        return proto.cloneNode(True)

    def _proto(self, key: str) -> Any:
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


def show_cards(faces: Faces, parent: Any, keys: list[str], old: list[str], nodes: list[Any]) -> int:
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

    def __init__(self, index: int, node: Any) -> None:
        self.index = index
        self.node = node
        self.keys: list[str] = []
        self.cards: list[Any] = []
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


def fly(node: Any, dx: float, dy: float, j: int = 0) -> None:
    """A card just drawn where it landed comes from ``(dx, dy)`` away (the ``j``-th card of a
    block a little later); no flight for less than a pixel. A card in flight catches no tap:
    a tap on the card it passes over means that card."""
    if abs(dx) < 1 and abs(dy) < 1:
        return
    node.animate(
        obj([{"transform": f"translate({dx:.1f}px,{dy:.1f}px)", "zIndex": 60, "pointerEvents": "none"},
             {"transform": "none", "zIndex": 60, "pointerEvents": "none"}]),
        obj({"duration": ANIM_MS + 12 * j, "easing": "ease-out"}),
    )


class BaseTable:
    name = ""
    """What both tables share: their state at the start, the hint marks, and what they do
    when the board changes size (rotation, resize, full screen, the message line growing):
    measure again and re-fit the columns (same cards, new steps), never redraw them. A table
    gives :meth:`measure` and :meth:`steps`."""

    def __init__(self, host: Host, game: Any) -> None:
        self.host = host
        self.tx = host.tx
        self.game = game
        info = find_game(self.name) if self.name else None
        self.faces = Faces(self.tx, rank_labels(self.tx.lang, bool(info and info.german_letters),
                                                str(host.setting("card_letters"))))
        self.bind = Bindings()
        self.board = byid("board")
        self.columns: list[Column] = []
        self.hinted: list[Any] = []
        self._size = (0.0, 0.0)

    def clear_hint(self) -> None:
        for node in self.hinted:
            node.classList.remove("hint-src", "hint-dst", "hinted")
        self.hinted = []

    def measure(self) -> None:
        raise NotImplementedError

    def steps(self, downs: int, n: int) -> Steps:
        raise NotImplementedError

    def resized(self, *_: Any) -> None:
        size = (float(self.board.clientWidth), float(self.board.clientHeight))
        if size != self._size:
            self._size = size
            self.relayout()

    def relayout(self) -> None:
        """After a resize or rotation: the same cards, new steps."""
        if not self.columns:
            return
        self.measure()
        for col, view in zip(self.columns, self.game.columns, strict=True):
            col.fit(self.steps(view.down, view.down + len(view.up)), view.down)
