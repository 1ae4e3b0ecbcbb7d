"""A third game, for the tests only: "Ladder", the smallest solitaire the house can hold.

``n`` cards (the variant: 3 or 5) lie shuffled in one pile; a move either puts the top card
up on the ladder when it is the next rung (``up``) or moves it to the bottom (``skip``). It
is built on the house's core (history, deal IDs, the save envelope, messages) and nothing
else, and registers its descriptor (``INFO``) only while a test asks for it
(:func:`registered`): the storage, the statistics, the daily deal and the architecture
checks then take it as they take Spider and Klondike, without a line of theirs changed.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, Self

from spider.core.deal_ids import format_deal_id, read_deal_id
from spider.core.history import History, Played
from spider.core.messages import Hint, MessageError, Msg
from spider.core.registry import Daily, GameInfo, register, unregister
from spider.core.saves import envelope, open_envelope, read_body, start_fields
from spider.core.shuffle import shuffled

NAME: Final = "ladder"
PACKAGE: Final = "fake_ladder"


@dataclass(frozen=True)
class Move:
    up: bool

    def text(self) -> str:
        return "up" if self.up else "skip"

    __str__ = text

    @classmethod
    def from_text(cls, text: str) -> Move:
        if text not in ("up", "skip"):
            raise MessageError(Msg("json.broken", reason=Msg("json.field", name="move")))
        return cls(text == "up")


@dataclass
class LadderSettings:
    rungs: int = 3  # the variant a new game has


class Game(Played[Move, Move]):
    __slots__ = ("_history", "_start", "deal_id", "down", "pile", "top", "undos", "variant")

    def __init__(self, pile: list[int], top: int = 0, deal_id: str | None = None) -> None:
        self.pile, self.top, self.deal_id = list(pile), top, deal_id
        self.variant = len(pile) + top
        self.down: list[int] = []
        self.undos = 0
        self._history: History[Move, Move] = History()
        self._start = self.to_text()

    # construction and saving ----------------------------------------------------------
    @classmethod
    def new(cls, variant: int = 3, deal_id: str | None = None) -> Self:
        if deal_id is not None:
            variant, number = read_deal_id(deal_id, "L", (3, 5), range(1000), ("json.foreign",) * 3)
        else:
            number = 1
        return cls(shuffled(list(range(variant)), number), 0, format_deal_id("L", variant, number))

    @classmethod
    def from_text(cls, text: str) -> Self:
        head, _, rest = text.partition("\n")
        if head != NAME:
            raise MessageError(Msg("pos.empty"))
        top_text, _, pile_text = rest.partition(":")
        return cls([int(x) for x in pile_text.split()], int(top_text))

    def to_text(self) -> str:
        return f"{NAME}\n{self.top}:" + "".join(f" {x}" for x in self.pile)

    def to_json(self) -> str:
        return envelope(NAME, {"deal_id": self.deal_id, "undos": self.undos, "start": self._start,
                               **self._history.to_doc(Move.text)})

    @classmethod
    def from_json(cls, doc: str | bytes | dict[str, Any]) -> Self:
        data = open_envelope(doc if not isinstance(doc, bytes) else doc.decode(), NAME)

        def build(body: dict[str, Any]) -> Self:
            deal_id, undos, start = start_fields(body, max_undos=1000)
            game = cls.from_text(start)
            game.deal_id = deal_id
            History.replay(body, Move.from_text, game.play, game.undo, game.redo, lambda: game._history)
            game.undos = undos
            return game

        return read_body(build, data)

    # the rules ---------------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        return NAME

    def refusal_message(self, move: Move) -> Msg | None:
        if not isinstance(move, Move) or not self.pile:
            return Msg("json.foreign")
        if move.up and self.pile[0] != self.top:
            return Msg("json.foreign")
        return None

    def legal_moves(self) -> list[Move]:
        return [m for m in (Move(True), Move(False)) if self.refusal_message(m) is None]

    def snapshot(self) -> object:
        return tuple(self.pile), self.top

    def restore(self, snap: Any) -> None:
        pile, self.top = snap
        self.pile = list(pile)

    def apply(self, move: Move) -> Move:
        card = self.pile.pop(0)
        if move.up:
            self.top += 1
        else:
            self.pile.append(card)
        return move

    @property
    def is_won(self) -> bool:
        return not self.pile

    @property
    def is_stuck(self) -> bool:
        return False

    @property
    def all_known(self) -> bool:
        return True

    @property
    def unseen_count(self) -> int:
        return 0

    def hint(self) -> Hint[Move]:
        move = Move(bool(self.pile) and self.pile[0] == self.top)
        return Hint(move if self.pile else None, "move", Msg("verbatim", text=move.text()))

    def announce(self, step: Move, kind: str) -> list[Msg]:
        return [Msg("verbatim", text=step.text())]

    def describe(self, move: Move) -> Msg:
        return Msg("verbatim", text=move.text())

    def won_facts(self) -> list[tuple[str, str]]:
        return [("moves", str(self.moves_count))]

    def deck(self) -> list[int]:
        return list(range(self.variant))

    def all_cards(self) -> list[int]:
        return sorted([*self.pile, *range(self.top)])

    def hidden_shuffled(self, seed: int) -> Self:
        return self.copy()  # every card is known


INFO: Final = GameInfo(
    name=NAME,
    package=PACKAGE,
    deal_letter="L",
    variants=(3, 5),
    default_variant=3,
    variant_setting="rungs",
    save_key="spider.game.ladder",
    settings=LadderSettings,
    allowed={"rungs": (3, 5)},
    levels=("low", "high"),
    default_level="low",
    daily=Daily("seed", limit=1000),
    deal_numbers=range(1000),
    dealt=(0,),
)


def level_of_deal(deal_id: str) -> str | None:
    """Ladder's level lists: the low deals are the numbers below 500."""
    number = int(deal_id.split("-")[1])
    return "low" if number < 500 else "high"


@contextmanager
def registered() -> Iterator[GameInfo]:
    """The fake game in the house (its package importable, its descriptor registered) for
    the length of a ``with`` block."""
    module = types.ModuleType(PACKAGE)
    module.Game = Game  # type: ignore[attr-defined]
    module.Move = Move  # type: ignore[attr-defined]
    module.INFO = INFO  # type: ignore[attr-defined]
    module.level_of_deal = level_of_deal  # type: ignore[attr-defined]
    sys.modules[PACKAGE] = module
    register(INFO)
    try:
        yield INFO
    finally:
        unregister(NAME)
        del sys.modules[PACKAGE]


def saved_page_doc(game: Game, level: str | None = None) -> str:
    mode = {"level": level} if level else None
    doc: dict[str, Any] = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 10,
                           "origin": None}
    if mode:
        doc["mode"] = mode
    return json.dumps(doc)
