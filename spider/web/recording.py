"""Recording games in the statistics as the page plays them: once per game, in the key the
game's descriptor names, read afresh before every write (two tabs never erase each other's
games), and never raising (a game's end always goes on). No browser import: tested on
CPython with the fake ``localStorage``.

When a game counts (the rules of :mod:`spider.stats`): from its first move. It is recorded
once, when it ends (won, no move left, "Fertig" in a duel) or when the player leaves it for
another game for good (abandoned, which ends a winning streak). A game kept to come back to
("Vorheriges Spiel fortsetzen") is not left: it counts when it ends, or as abandoned when
another game takes its place as the one to come back to. The game's facts carry
``recorded`` (:class:`spider.web.mode.Meta`), so a reload never counts it twice.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import replace

from ..core.messages import MessageError, Msg
from ..core.registry import Solitaire, find_game
from ..spider_game.deck import parse_deal_id
from ..stats import Stats, started, stats_key
from .mode import Meta
from .storage import STATS_KEY, Storage, Unreadable


def key_of(game: Solitaire, mode: Meta | None) -> str:
    """The statistics key of a game: its game and variant, and for a game with levels the
    level it was dealt from (the level chosen, else the level list its deal is on, else
    ``any``: a deal on no list or a position)."""
    info = find_game(game.game_name)
    level = mode.level if mode is not None else None
    if info.levels and level is None:
        level = info.level_of(game.deal_id)
    return info.stats_key(game.variant, level)


class StatsBook:
    """The player's statistics as the page records into them."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.note: Msg | None = None  # what the start should say (unreadable statistics)
        self.failed = False  # a recording went wrong (said once)
        self.stats: Stats
        try:
            self.stats = storage.load_stats(Stats.from_json, Stats.empty)
        except Unreadable as u:
            self.stats = Stats.empty()
            key = "ui.stats.unreadable" if u.aside else "ui.stats.unreadable_kept"
            self.note = Msg(key, reason=u.reason, key=u.aside or u.key)

    def fresh(self) -> Stats:
        """The statistics as stored now: another tab may have recorded a game since this
        one last read or wrote them (re-read, so its game is kept)."""
        if self.storage.changed_elsewhere(STATS_KEY):
            try:
                self.stats = self.storage.load_stats(Stats.from_json, Stats.empty)
            except Unreadable as u:  # kept aside by the storage; this tab goes on with its own
                self.note = Msg("ui.stats.unreadable", reason=u.reason, key=u.aside or u.key)
        return self.stats

    def save(self) -> bool:
        return self.storage.save_stats(self.stats.to_json())

    def _safely(self, record: Callable[[Stats], object]) -> bool:
        """Record on the freshest statistics and save; ``False`` (nothing raised) if it failed."""
        try:
            self.fresh()
            record(self.stats)
        except (ValueError, MessageError):
            self.failed = True
            return False
        self.save()
        return True

    # ------------------------------------------------------------------ recording
    def ended(self, game: Solitaire, mode: Meta, time_ms: float) -> Meta:
        """A game ended (won, stuck, "Fertig"): counted once; returns its facts, marked."""
        if mode.recorded or not started(game):
            return mode
        key = key_of(game, mode)
        self._safely(lambda s: s.record_game(key, won=bool(game.is_won), time_ms=int(time_ms),
                                             moves=game.moves_count, hints=mode.hints, undos=game.undos,
                                             daily=mode.daily_date))
        return replace(mode, recorded=True)

    def left(self, game: Solitaire, mode: Meta, time_ms: float) -> Meta:
        """The player leaves a started, unfinished game for good: it counts as played."""
        if mode.recorded or not started(game) or game.is_won:
            return mode
        key = key_of(game, mode)
        self._safely(lambda s: s.record_abandoned(key, time_ms=int(time_ms), moves=game.moves_count,
                                                  hints=mode.hints, undos=game.undos, daily=mode.daily_date))
        return replace(mode, recorded=True)

    def duel(self, game: Solitaire, mode: Meta, way: str, outcome: str) -> None:
        duel = mode.duel
        if duel is not None and way == "computer" and duel.cpu_level != "easy":
            way = f"computer-{duel.cpu_level}"
        key = key_of(game, mode)
        self._safely(lambda s: s.record_duel(key, way, outcome))

    def answer(self, deal_id: str, outcome: str) -> None:
        """The challenger opens the answer to their challenge: the link duel counts for them
        too, in the deal's variant (the caller counts each challenge's answer once)."""
        key = stats_key("spider", parse_deal_id(deal_id)[0])
        self._safely(lambda s: s.record_duel(key, "link", outcome))

    def replace(self, stats: Stats) -> None:
        """Import or reset: the whole statistics replaced (the caller has checked them)."""
        self.fresh()
        self.stats = stats
        self.save()


def daily_date(mode: Meta | None) -> datetime.date | None:
    return mode.daily_date if mode is not None else None


__all__ = ["StatsBook", "daily_date", "key_of"]
