"""Saving the running game in ``localStorage`` and reading it back.

Two keys, each a small versioned JSON document:

- ``spider.game``: ``{"format": "spider-page", "version": 1, "game": <Game.to_json()>,
  "clock_ms": <int>, "origin": <position text or null>}``; ``origin`` is the position a
  ``?pos=`` game started from (so "same cards again" can start it over).
- ``spider.settings``: ``{"format": "spider-settings", "version": 1, "suits": 1|2|4,
  "four_color": bool}``.

Data that cannot be read is never deleted: it is copied to ``spider.unreadable.<time>``
before the key is written again, and the caller tells the player.
The backend is anything with ``getItem``/``setItem`` (the page passes ``localStorage``),
so this module has no browser import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..texts import t

GAME_KEY = "spider.game"
SETTINGS_KEY = "spider.settings"
ASIDE_PREFIX = "spider.unreadable."
GAME_FORMAT = "spider-page"
SETTINGS_FORMAT = "spider-settings"
VERSION = 1


@dataclass
class Settings:
    suits: int = 4
    four_color: bool = False


@dataclass
class Saved:
    game: Game
    clock_ms: int
    origin: str | None


class Unreadable(Exception):
    """Saved data that could not be read; ``aside`` is the key it was kept under."""

    def __init__(self, reason: str, aside: str | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.aside = aside


class Storage:
    def __init__(self, backend: Any, now: Any) -> None:
        self.backend = backend
        self.now = now  # a callable giving milliseconds, for the kept-aside key

    # ------------------------------------------------------------------ raw
    def _get(self, key: str) -> str | None:
        try:
            value = self.backend.getItem(key)
        except Exception:  # storage switched off or blocked
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def _set(self, key: str, value: str) -> bool:
        try:
            self.backend.setItem(key, value)
        except Exception:  # quota or privacy mode
            return False
        return True

    def _aside(self, raw: str) -> str | None:
        key = f"{ASIDE_PREFIX}{int(self.now())}"
        return key if self._set(key, raw) else None

    # ------------------------------------------------------------------ settings
    def load_settings(self) -> Settings:
        """The saved settings, or the defaults; raises :class:`Unreadable` (after keeping
        the data aside and writing the defaults back) when they cannot be read."""
        raw = self._get(SETTINGS_KEY)
        if raw is None:
            return Settings()
        try:
            doc = json.loads(raw)
            if not isinstance(doc, dict) or doc.get("format") != SETTINGS_FORMAT:
                raise ValueError(t("ui.save.format"))
            if doc.get("version") != VERSION:
                raise ValueError(t("json.version", found=doc.get("version"), expected=VERSION))
            suits, four = doc.get("suits"), doc.get("four_color")
            if suits not in (1, 2, 4) or not isinstance(four, bool):
                raise ValueError(t("ui.save.format"))
            return Settings(suits=suits, four_color=four)
        except ValueError as e:
            aside = self._aside(raw)
            self.save_settings(Settings())
            raise Unreadable(str(e), aside) from None

    def save_settings(self, settings: Settings) -> bool:
        doc = {"format": SETTINGS_FORMAT, "version": VERSION, "suits": settings.suits,
               "four_color": settings.four_color}
        return self._set(SETTINGS_KEY, json.dumps(doc))

    # ------------------------------------------------------------------ game
    def load_game(self) -> Saved | None:
        """The saved game, ``None`` if there is none; :class:`Unreadable` (data kept
        aside) when there is one that cannot be read."""
        raw = self._get(GAME_KEY)
        if raw is None:
            return None
        try:
            doc = json.loads(raw)
            if not isinstance(doc, dict) or doc.get("format") != GAME_FORMAT:
                raise ValueError(t("ui.save.format"))
            if doc.get("version") != VERSION:
                raise ValueError(t("json.version", found=doc.get("version"), expected=VERSION))
            clock = doc.get("clock_ms")
            origin = doc.get("origin")
            if type(clock) is not int or clock < 0 or not (origin is None or isinstance(origin, str)):
                raise ValueError(t("ui.save.format"))
            game_doc = doc.get("game")
            if not isinstance(game_doc, str):
                raise ValueError(t("ui.save.format"))
            game = Game.from_json(game_doc)
            if origin is not None:
                Game.from_text(origin)
            return Saved(game, clock, origin)
        except ValueError as e:
            raise Unreadable(str(e), self._aside(raw)) from None

    def save_game(self, game: Game, clock_ms: float, origin: str | None) -> bool:
        doc = {"format": GAME_FORMAT, "version": VERSION, "game": game.to_json(),
               "clock_ms": int(clock_ms), "origin": origin}
        return self._set(GAME_KEY, json.dumps(doc, ensure_ascii=False))
