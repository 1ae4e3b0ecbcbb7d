"""Klondike's facts for the house (:class:`spider.core.registry.GameInfo`): read by the
registry, storage, statistics, the daily deal, the page and the build; nothing else types
them again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.registry import Daily, GameInfo

DRAWS: Final = (1, 3)
LEVELS: Final = ("easy", "normal", "hard")
MAX_TIME_LIMIT: Final = 600  # minutes


@dataclass
class KlondikeSettings:
    """What a Klondike player chose, remembered across visits."""

    draw: int = 1  # 1 or 3
    level: str = "normal"  # the level a new deal is chosen from
    time_limit: int = 0  # minutes, 0 = off (spec 002)


INFO: Final = GameInfo(
    name="klondike",
    package="spider.klondike",
    deal_letter="K",
    variants=DRAWS,
    default_variant=1,
    variant_setting="draw",
    save_key="spider.game.klondike",
    settings=KlondikeSettings,
    allowed={"draw": DRAWS, "level": LEVELS, "time_limit": range(MAX_TIME_LIMIT + 1)},
    levels=LEVELS,
    default_level="normal",
    daily=Daily("list", level="normal", pool=500),
    deal_numbers=range(1, 10**12),  # PySolFC's game numbers, at most 12 digits
    dealt=(0, 1, 2, 3, 4, 5, 6),
    dealt_piles=("stock", "waste", "foundation"),
    timed=True,
    german_letters=True,  # spec 004: "A, 2 … 10, B, D, K"
)
