"""The games this house holds, found by name, by a position's header or a deal ID's letter.

As python-chess keeps its variants (``chess.variant.find_variant``): nobody switches on
strings elsewhere. The header of a position text (``spider 4``, ``klondike 3``), the letter
of a deal ID (``S4-``, ``K3-``) and the ``"game"`` of a saved document all pick the game
here. A game's package is imported only when it is first needed, so a page that plays
Spider never loads Klondike.

Every game package exposes a ``Game`` class with ``new(deal_id=...)``, ``from_text(text)``,
``from_json(doc)`` and the members of :class:`Solitaire`.

>>> find_game("spider").deal_letter, by_deal_id("K3-7").name, by_header("klondike 1\\n...").name
('S', 'klondike', 'klondike')
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Final, Protocol

from .cards import shorten
from .deal_ids import misspelled, split_deal_id
from .messages import MessageError, Msg
from .saves import load_json


@dataclass(frozen=True)
class GameInfo:
    """A game of the house: its name (also the header word of its position text and the
    ``"game"`` of its saves), the package that holds it, its deal-ID letter and variants."""

    name: str
    package: str
    deal_letter: str
    variants: tuple[int, ...]

    def module(self) -> Any:
        return importlib.import_module(self.package)

    @property
    def game_class(self) -> Any:
        return self.module().Game


GAMES: Final = (
    GameInfo("spider", "spider.spider_game", "S", (1, 2, 4)),
    GameInfo("klondike", "spider.klondike", "K", (1, 3)),
)


class Solitaire(Protocol):
    """What the page and the shared tools may use of any game."""

    deal_id: str | None

    @property
    def game_name(self) -> str: ...

    @property
    def variant(self) -> int: ...

    @property
    def is_won(self) -> bool: ...

    @property
    def is_stuck(self) -> bool: ...

    @property
    def all_known(self) -> bool: ...

    @property
    def unseen_count(self) -> int: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    @property
    def moves_count(self) -> int: ...

    def to_text(self) -> str: ...

    def to_json(self) -> str: ...

    def undo(self) -> Any: ...

    def redo(self) -> Any: ...

    def hint(self) -> Any: ...


def find_game(name: str) -> GameInfo:
    for info in GAMES:
        if info.name == name:
            return info
    raise MessageError(Msg("json.other_game"))


def by_deal_id(text: object) -> GameInfo:
    """The game a deal ID names; ``MessageError`` if no game has its letter."""
    parts = split_deal_id(text)
    if parts is not None:
        for info in GAMES:
            if info.deal_letter == parts[0]:
                return info
    wrong = misspelled(text)
    if wrong is not None:
        raise wrong
    raise MessageError(Msg("deal_id.any_format", text=_quote(text)))


def by_header(text: object) -> GameInfo:
    """The game whose header starts a position text; ``MessageError`` if none does."""
    if not isinstance(text, str) or not text.strip():
        raise MessageError(Msg("pos.empty"))
    first = text.strip().splitlines()[0].split()
    word = first[0].lower() if first else ""
    for info in GAMES:
        if info.name == word:
            return info
    head = _quote(text.strip().splitlines()[0])
    raise MessageError(Msg("pos.line", line=1, reason=Msg("pos.any_header", text=head)))


def new_game(deal_id: str) -> Any:
    return by_deal_id(deal_id).game_class.new(deal_id=deal_id)


def game_from_text(text: str) -> Any:
    return by_header(text).game_class.from_text(text)


def game_from_json(doc: str | dict[str, Any]) -> Any:
    """A saved game of any game of the house (the first Spider format included)."""
    data = doc if isinstance(doc, dict) else load_json(doc)
    name = data.get("game") if isinstance(data, dict) else None
    if name is None and isinstance(data, dict) and data.get("format") == "spider-solitaire-game":
        name = "spider"
    if not isinstance(name, str):
        raise MessageError(Msg("json.foreign"))
    return find_game(name).game_class.from_json(data)


def _quote(text: object) -> str:
    return shorten(str(text))
