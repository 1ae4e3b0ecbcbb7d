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
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

from ..texts.keys import family
from .cards import shorten
from .deal_ids import misspelled, split_deal_id
from .messages import Hint, MessageError, Msg
from .saves import load_json


@dataclass(frozen=True)
class Daily:
    """How a game's daily deal is chosen from the day's number (:mod:`spider.daily`):
    ``"seed"``: the deal number is the day's number modulo ``limit`` (every deal of the
    deck's range); ``"list"``: the entry ``number mod min(pool, n)`` of the game's level
    list ``level`` (``module.level_deals(variant, level)``, in a fixed order)."""

    kind: Literal["seed", "list"]
    limit: int = 0
    level: str = ""
    pool: int = 0


@dataclass(frozen=True)
class GameInfo:
    """A game of the house, its facts in one place (python-chess keeps a variant's facts on
    the variant): everything else (links, saves, storage, statistics, the daily deal, the
    page's rooms, the start-up picture) asks this descriptor and never types them again.

    ``name`` is also the header word of its position text and the ``"game"`` of its saves;
    ``package`` holds its ``Game`` (imported when first needed); ``deal_letter`` and
    ``variants`` make its deal IDs (``S4-7``); ``variant_setting`` names the settings field
    that remembers the variant; ``levels`` the levels a new deal is chosen from (none:
    any deal); ``save_key`` the page's storage key of its running game; ``settings`` the
    dataclass of its own settings (field names unique in the house: the settings document
    is flat) and ``allowed`` the values each of them takes (a bool field takes both);
    ``daily`` how its daily deal is chosen; ``deal_numbers`` the numbers its deal IDs may
    carry; ``dealt`` the face-down cards per column of a
    fresh deal and ``dealt_piles`` the piles it shows beside them, in the page's order
    (``"stock"``, ``"waste"``, ``"foundation"``: one place per suit) (both for the start-up
    picture, ``assets/prepaint.js``); ``timed``: the player's time limit applies;
    ``duel``: it has a duel; ``german_letters``: its German corner letters are B, D, K.
    """

    name: str
    package: str
    deal_letter: str
    variants: tuple[int, ...]
    default_variant: int
    variant_setting: str
    save_key: str
    settings: type[Any]
    allowed: dict[str, Collection[object]] = field(hash=False, default_factory=dict)
    levels: tuple[str, ...] = ()
    default_level: str | None = None
    daily: Daily = Daily("seed", limit=1)
    deal_numbers: range = range(1)
    dealt: tuple[int, ...] = ()
    dealt_piles: tuple[Literal["stock", "waste", "foundation"], ...] = ()
    timed: bool = False
    duel: bool = False
    german_letters: bool = False  # its spec names the ranks A, 2 … 10, B, D, K on a German page

    def module(self) -> Any:
        return importlib.import_module(self.package)

    @property
    def game_class(self) -> GameClass:
        game: GameClass = self.module().Game
        return game

    def known_solver(self) -> Any | None:
        """The game's solver with every card known, for the analysis of a finished game
        (:mod:`spider.core.analysis`): ``solve_known(game, max_nodes, *, should_stop=None)``
        in its package (optionally also taking ``lost=``, a set of positions proved lost),
        or ``None`` for a game without one."""
        return getattr(self.module(), "solve_known", None)

    def level_of(self, deal_id: str | None) -> str | None:
        """The level list a deal is on (``module.level_of_deal``), ``None`` for a game
        without levels, a position (no deal ID) or a deal on no list."""
        if not self.levels or not deal_id:
            return None
        found: str | None = self.module().level_of_deal(deal_id)
        return found

    # ------------------------------------------------------------------ statistics
    @property
    def stats_levels(self) -> tuple[str, ...]:
        """The levels the statistics keep apart: the game's levels and ``"any"`` for a deal
        on no level list or a position (empty for a game without levels)."""
        return (*self.levels, ANY_LEVEL) if self.levels else ()

    def stats_key(self, variant: int, level: str | None = None) -> str:
        """``"spider-4"``, ``"klondike-1-normal"``; a level the game does not know counts as
        ``"any"``.

        >>> find_game("klondike").stats_key(3, "hard"), find_game("klondike").stats_key(1, None)
        ('klondike-3-hard', 'klondike-1-any')
        """
        if variant not in self.variants:
            raise ValueError(f"{self.name} has no variant {variant!r}")
        if not self.levels:
            return f"{self.name}-{variant}"
        return f"{self.name}-{variant}-{level if level in self.levels else ANY_LEVEL}"

    def stats_keys(self) -> tuple[str, ...]:
        """Every statistics key of the game, in the order the dialog lists them."""
        if not self.levels:
            return tuple(self.stats_key(v) for v in self.variants)
        return tuple(self.stats_key(v, lv) for v in self.variants for lv in self.stats_levels)

    def stats_label(self, key: str) -> Msg:
        """The dialog's name of one of :meth:`stats_keys`: ``stats.key.<game>`` with the
        variant ``n`` and, for a game with levels, the level's name."""
        variant, level = self.split_stats_key(key)
        if level is None:
            return Msg(STATS_KEY_NAME(game=self.name), n=variant)
        return Msg(STATS_KEY_NAME(game=self.name), n=variant, level=Msg(STATS_LEVEL(level=level)))

    def split_stats_key(self, key: str) -> tuple[int, str | None]:
        """``(variant, level)`` of one of this game's statistics keys; ``ValueError`` else."""
        for variant in self.variants:
            for level in self.stats_levels or (None,):
                if self.stats_key(variant, level) == key:
                    return variant, level
        raise ValueError(f"not a statistics key of {self.name}: {key!r}")


ANY_LEVEL: Final = "any"
STATS_KEY_NAME: Final = family("stats.key.{game}", game=lambda: [g.name for g in games()])
STATS_LEVEL: Final = family("stats.level.{level}",
                            level=lambda: sorted({lv for g in games() for lv in g.stats_levels}))
# The games of the house, listed once: each package exports its descriptor as ``INFO``
# (``<package>/info.py``), read when first needed.
PACKAGES: Final = ("spider.spider_game", "spider.klondike")
_games: list[GameInfo] = []


def games() -> tuple[GameInfo, ...]:
    """Every game of the house, in the order the page offers them."""
    if not _games:
        _games.extend(importlib.import_module(f"{p}.info").INFO for p in PACKAGES)
    return tuple(_games)


def register(info: GameInfo) -> None:
    """Add a game (a test registers a fake one to show the house takes it as it is)."""
    games()
    if any(g.name == info.name or g.deal_letter == info.deal_letter for g in _games):
        raise ValueError(f"a game named {info.name!r} or with the letter {info.deal_letter!r} exists")
    _games.append(info)


def unregister(name: str) -> None:
    _games[:] = [g for g in games() if g.name != name]


def all_stats_keys() -> tuple[str, ...]:
    """Every statistics key of every game: the statistics take no other."""
    return tuple(k for g in games() for k in g.stats_keys())


def game_of_stats_key(key: str) -> GameInfo | None:
    for info in games():
        if key in info.stats_keys():
            return info
    return None


class Solitaire(Protocol):
    """What the page, the shared tools and the conformance suite (``tests/test_conformance.py``)
    may use of any game. A move and a step are the game's own types (``Any`` here: each game
    checks its own); everything else is common."""

    deal_id: str | None
    undos: int

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

    def legal_moves(self) -> list[Any]: ...

    def play(self, move: Any) -> Any: ...

    def undo(self) -> Any: ...

    def redo(self) -> Any: ...

    def hint(self) -> Hint[Any]: ...

    def announce(self, step: Any, kind: str) -> list[Msg]: ...

    def describe(self, move: Any) -> Msg: ...

    def won_facts(self) -> list[tuple[str, str]]: ...

    def deck(self) -> list[int]: ...

    def all_cards(self) -> list[int]: ...

    def hidden_shuffled(self, seed: int) -> Solitaire: ...

    def open_columns(self) -> Sequence[Any]: ...

    @property
    def line(self) -> list[Any]: ...

    def copy(self) -> Solitaire: ...


class GameClass(Protocol):
    """A game package's ``Game``: how a game of it comes to be."""

    def new(self, *args: Any, deal_id: str | None = ..., **kwargs: Any) -> Solitaire: ...

    def from_text(self, text: str) -> Solitaire: ...

    def from_json(self, doc: str | bytes | dict[str, Any]) -> Solitaire: ...


def find_game(name: str) -> GameInfo:
    for info in games():
        if info.name == name:
            return info
    raise MessageError(Msg("json.other_game"))


def by_deal_id(text: object) -> GameInfo:
    """The game a deal ID names; ``MessageError`` if no game has its letter."""
    parts = split_deal_id(text)
    if parts is not None:
        for info in games():
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
    for info in games():
        if info.name == word:
            return info
    head = _quote(text.strip().splitlines()[0])
    raise MessageError(Msg("pos.line", line=1, reason=Msg("pos.any_header", text=head)))


def new_game(deal_id: str) -> Solitaire:
    return by_deal_id(deal_id).game_class.new(deal_id=deal_id)


def game_from_text(text: str) -> Solitaire:
    return by_header(text).game_class.from_text(text)


def game_from_json(doc: str | dict[str, Any]) -> Solitaire:
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
