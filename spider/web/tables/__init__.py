"""The page's side of the game registry: for each game of the house, how the page makes a
new game from the player's choice, names its mode ("Spider · 4 Farben"), and which table
draws it. The shell dispatches through :data:`ROOMS` and never names a game itself.

A new game plugs in with one :class:`Room` here and its table module beside
``spider.py`` (see docs/architecture.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Final

from ...core.registry import find_game, games
from ...texts.keys import family
from ..i18n import Texts

CHOICE: Final = family("ui.choice.{game}.{variant}", game=lambda: [g.name for g in games()],
                       variant=lambda game: find_game(str(game)).variants)
CHOICE_NOTE: Final = family("ui.choice.{game}.{variant}.note", game=lambda: [g.name for g in games()],
                            variant=lambda game: find_game(str(game)).variants)
LEVEL: Final = family("ui.level.{level}", level=lambda: sorted({lv for g in games() for lv in g.levels}))
DRAW: Final = family("ui.k.draw.{draw}", draw=lambda: find_game("klondike").variants)


@dataclass(frozen=True)
class Choice:
    """One radio of the new-game dialog: a game and its variant."""

    game: str
    variant: int

    @property
    def value(self) -> str:
        return f"{self.game}-{self.variant}"


class Room:
    name = ""
    table_module = ""
    table_class = ""
    variants: tuple[int, ...] = ()
    has_levels = False
    timed = False  # does the player's time limit apply (spec 002: Klondike)?
    won_again = "ui.btn.restart"  # the won dialog's button for the same cards again
    help: tuple[str, ...] = ()  # the catalog sections of How to play on this game's table, in order

    def choices(self) -> list[Choice]:
        return [Choice(self.name, v) for v in self.variants]

    def choice_label(self, tx: Texts, variant: int) -> str:
        return tx(CHOICE(game=self.name, variant=variant))

    def choice_note(self, tx: Texts, variant: int) -> str:
        return tx(CHOICE_NOTE(game=self.name, variant=variant))

    def make_table(self, host: Any, game: Any) -> Any:
        module = importlib.import_module(self.table_module, __name__)
        return getattr(module, self.table_class)(host, game)

    def new_game(self, variant: int, settings: Any, deal_id: str | None = None) -> Any:
        raise NotImplementedError

    def settings_variant(self, settings: Any) -> int:
        raise NotImplementedError

    def remember(self, settings: Any, game: Any) -> None:
        """Store the game's variant (and level) as the player's last choice."""

    def mode(self, tx: Texts, game: Any) -> str:
        return self.choice_label(tx, game.variant)

    def mode_buttons(self, tx: Texts, game: Any, settings: Any) -> list[tuple[str, str, str]]:
        """Buttons the mode line shows after the mode, as (action, text, accessible name);
        the table's ``action`` handles them."""
        return []


class SpiderRoom(Room):
    name = "spider"
    table_module = ".spider"
    table_class = "SpiderTable"
    variants = (1, 2, 4)
    help = ("help.spider", "help.klondike", "help.moving", "help.keys", "help.hint", "help.ids")

    def new_game(self, variant: int, settings: Any, deal_id: str | None = None) -> Any:
        from ...spider_game import Game

        return Game.new(variant, deal_id, lenient_deal=settings.lenient_deal)

    def settings_variant(self, settings: Any) -> int:
        return int(settings.suits)

    def remember(self, settings: Any, game: Any) -> None:
        settings.suits = game.suits


class KlondikeRoom(Room):
    name = "klondike"
    table_module = ".klondike"
    table_class = "KlondikeTable"
    variants = (1, 3)
    has_levels = True
    timed = True
    won_again = "ui.won.again.klondike"  # spec 004: "Nochmal"
    help = ("help.klondike", "help.klondike.keys", "help.hint", "help.klondike.ids")

    def new_game(self, variant: int, settings: Any, deal_id: str | None = None) -> Any:
        from ...klondike import Game

        if deal_id is not None:
            return Game.new(variant, deal_id)
        return Game.new(variant, level=settings.level)

    def settings_variant(self, settings: Any) -> int:
        return int(settings.draw)

    def remember(self, settings: Any, game: Any) -> None:
        settings.draw = game.draw

    def level(self, game: Any) -> str | None:
        """The level of the game's deal: the level list it is on (every deal a level gives
        comes from these lists), ``None`` for a deal on none or a position."""
        from ...core.deal_ids import split_deal_id
        from ...klondike.levels import level_of

        parts = split_deal_id(game.deal_id) if game.deal_id else None
        return level_of(game.draw, parts[2]) if parts is not None else None

    def mode(self, tx: Texts, game: Any) -> str:
        """``Klondike · 1 Karte · Normal`` (without the level when the deal has none)."""
        choice = self.choice_label(tx, game.variant)
        level = self.level(game)
        return tx("ui.k.mode", choice=choice, level=tx(LEVEL(level=level))) if level else choice

    def mode_buttons(self, tx: Texts, game: Any, settings: Any) -> list[tuple[str, str, str]]:
        """Spec 002's mode line: the other draw count, a new game at the same level."""
        other = 3 if game.draw == 1 else 1
        level = self.level(game) or settings.level
        name = tx("ui.k.draw.switch", choice=self.choice_label(tx, other), level=tx(LEVEL(level=level)))
        return [(f"k-draw-{other}", tx(DRAW(draw=other)), name)]


ROOMS: dict[str, Room] = {"spider": SpiderRoom(), "klondike": KlondikeRoom()}


def room(name: str) -> Room:
    return ROOMS[name]


def all_choices() -> list[Choice]:
    return [c for r in ROOMS.values() for c in r.choices()]
