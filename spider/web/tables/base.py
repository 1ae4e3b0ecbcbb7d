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

from ...core.cards import RANK_LABELS, SUIT_LETTERS, SUIT_SYMBOLS, card_name, parse_card
from ...core.messages import Msg
from ..dom import el
from ..i18n import Texts

DOWN = "down"


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

    def say(self, message: Msg | str, *, refusal: bool = False) -> None: ...

    def act(self, do: Callable[[], Any], kind: str, t0: float | None = None) -> None: ...

    def busy(self) -> bool: ...

    @property
    def reduced_motion(self) -> bool: ...

    def setting(self, name: str) -> Any: ...

    def tool(self, name: str, *, enabled: bool | None = None, pressed: bool | None = None) -> None: ...


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
    """Card nodes cloned from one prototype per code: a move costs a few DOM calls."""

    def __init__(self, tx: Texts) -> None:
        self.tx = tx
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
        corner.append(el("b", "", RANK_LABELS[rank]), el("i", "", SUIT_SYMBOLS[suit]))
        node.append(corner, el("span", "pip", SUIT_SYMBOLS[suit]))
        return node
