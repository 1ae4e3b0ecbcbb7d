"""The page's side of each game: how the page makes a new game from the player's choice,
how the mode line names it ("Spider · 4 Farben"), its own buttons there, which sections of
How to play are its own, and which table draws it. Every fact the game's descriptor holds
(variants, levels, the time limit, the settings field of its variant) is read from there
(:class:`spider.core.registry.GameInfo`), never typed here again. No browser import: the
session and the tests use the rooms on CPython; a room's table is imported when first drawn.

A new game plugs in with one :class:`Room` subclass here (see docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.messages import Msg
from ..core.registry import GameInfo, Solitaire, find_game, games
from ..spider_game.game import Game as SpiderGame
from ..texts.keys import family
from .storage import Settings

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
    table_module = ""  # the table's module under spider.web.tables (imported when first drawn)
    table_class = ""
    won_again = "ui.btn.restart"  # the won dialog's button for the same cards again
    help: tuple[str, ...] = ()  # the catalog sections of How to play on this game's table, in order
    stall_note = False  # a note says by itself when no move is left that helps (spec 004)
    analysis_seconds = 30.0  # the longest an analysis of a finished game may run in the worker

    @property
    def info(self) -> GameInfo:
        return find_game(self.name)

    @property
    def variants(self) -> tuple[int, ...]:
        return self.info.variants

    @property
    def has_levels(self) -> bool:
        return bool(self.info.levels)

    @property
    def timed(self) -> bool:
        """Does the player's time limit apply (spec 002: Klondike)?"""
        return self.info.timed

    def choices(self) -> list[Choice]:
        return [Choice(self.name, v) for v in self.variants]

    def choice_label(self, variant: int) -> Msg:
        return Msg(CHOICE(game=self.name, variant=variant))

    def choice_note(self, variant: int) -> Msg:
        return Msg(CHOICE_NOTE(game=self.name, variant=variant))

    def new_game(self, variant: int, settings: Settings, deal_id: str | None = None) -> Solitaire:
        raise NotImplementedError

    def same_cards(self, game: Solitaire, origin: str | None) -> Solitaire | None:
        """"Gleiche Karten neu": a new game of the same deal, or of the position it started
        from (``origin``); ``None`` when it has neither."""
        if game.deal_id:
            return self.info.game_class.new(deal_id=game.deal_id)
        if origin is not None:
            return self.info.game_class.from_text(origin)
        return None

    def take_settings(self, game: Solitaire, settings: Settings, changed: set[str]) -> bool:
        """The game on the table follows the settings that ``changed`` where they are its
        own rules; ``True`` if the game changed (it is saved then)."""
        return False

    def settings_variant(self, settings: Settings) -> int:
        """The variant the player last chose (the descriptor names the settings field)."""
        value = getattr(settings, self.info.variant_setting)
        return int(value) if value in self.variants else self.info.default_variant

    def remember(self, settings: Settings, game: Solitaire) -> None:
        """Store the game's variant as the player's last choice."""
        setattr(settings, self.info.variant_setting, game.variant)

    def level(self, game: Solitaire) -> str | None:
        """The level list the game's deal is on (``None``: a game without levels, a deal on
        no list, a position)."""
        return self.info.level_of(game.deal_id)

    def mode(self, game: Solitaire) -> Msg:
        return self.choice_label(game.variant)

    def mode_buttons(self, game: Solitaire, settings: Settings) -> list[tuple[str, Msg, Msg]]:
        """Buttons the mode line shows after the mode, as (action, text, accessible name);
        the game's table handles them."""
        return []


class SpiderRoom(Room):
    name = "spider"
    table_module = ".spider"
    table_class = "SpiderTable"
    help = ("help.spider", "help.klondike", "help.moving", "help.keys", "help.hint", "help.ids")
    analysis_seconds = 60.0  # four suits need the most (docs/analysis.md)

    def new_game(self, variant: int, settings: Settings, deal_id: str | None = None) -> Solitaire:
        return self.info.game_class.new(variant, deal_id=deal_id, lenient_deal=settings.lenient_deal)

    def same_cards(self, game: Solitaire, origin: str | None) -> Solitaire | None:
        """The same cards with the same deal rule (relaxed or not) as the game they replace."""
        fresh = super().same_cards(game, origin)
        if isinstance(fresh, SpiderGame) and isinstance(game, SpiderGame):
            fresh.lenient_deal = game.lenient_deal
        return fresh

    def take_settings(self, game: Solitaire, settings: Settings, changed: set[str]) -> bool:
        """The relaxed deal rule applies to the running game at once."""
        if "lenient_deal" in changed and isinstance(game, SpiderGame):
            game.lenient_deal = bool(settings.lenient_deal)
            return True
        return False


class KlondikeRoom(Room):
    name = "klondike"
    table_module = ".klondike"
    table_class = "KlondikeTable"
    won_again = "ui.won.again.klondike"  # spec 004: "Nochmal"
    stall_note = True
    analysis_seconds = 10.0
    help = ("help.klondike", "help.klondike.keys", "help.hint", "help.klondike.ids")

    def new_game(self, variant: int, settings: Settings, deal_id: str | None = None) -> Solitaire:
        game_class = self.info.game_class
        if deal_id is not None:
            return game_class.new(variant, deal_id=deal_id)
        return game_class.new(variant, level=settings.level)

    def mode(self, game: Solitaire) -> Msg:
        """``Klondike · 1 Karte · Normal`` (without the level when the deal has none)."""
        choice = self.choice_label(game.variant)
        level = self.level(game)
        return Msg("ui.k.mode", choice=choice, level=Msg(LEVEL(level=level))) if level else choice

    def mode_buttons(self, game: Solitaire, settings: Settings) -> list[tuple[str, Msg, Msg]]:
        """Spec 002's mode line: the other draw count, a new game at the same level."""
        other = next(v for v in self.variants if v != game.variant)
        level = self.level(game) or settings.level
        name = Msg("ui.k.draw.switch", choice=self.choice_label(other), level=Msg(LEVEL(level=level)))
        return [(f"variant-{self.name}-{other}", Msg(DRAW(draw=other)), name)]


ROOMS: Final[dict[str, Room]] = {room.name: room for room in (SpiderRoom(), KlondikeRoom())}


def room(name: str) -> Room:
    return ROOMS[name]


def all_choices() -> list[Choice]:
    return [c for info in games() for c in ROOMS[info.name].choices()]


__all__ = ["CHOICE", "CHOICE_NOTE", "DRAW", "LEVEL", "ROOMS", "Choice", "KlondikeRoom", "Room", "SpiderRoom",
           "all_choices", "room"]
