"""Spider's facts for the house (:class:`spider.core.registry.GameInfo`): read by the
registry, storage, statistics, the daily deal, the page and the build; nothing else types
them again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.registry import Daily, GameInfo

VARIANTS: Final = (1, 2, 4)
OPPONENT_LEVELS: Final = ("easy", "medium", "strong")  # the duel's computer (Leicht, Mittel, Stark)
MAX_MIND: Final = 200_000  # characters of what the computer has in mind (``Opponent.mind``), read at most


@dataclass
class SpiderSettings:
    """What a Spider player chose, remembered across visits."""

    suits: int = 4  # 1, 2 or 4
    lenient_deal: bool = False  # deal with empty columns when fewer than ten cards lie on the table
    points: bool = False  # show the duel points in every Spider game
    opponent_level: str = "easy"  # the computer's level the duel dialog offers first


INFO: Final = GameInfo(
    name="spider",
    package="spider.spider_game",
    deal_letter="S",
    variants=VARIANTS,
    default_variant=4,
    variant_setting="suits",
    save_key="spider.game",
    settings=SpiderSettings,
    allowed={"suits": VARIANTS, "opponent_level": OPPONENT_LEVELS},
    daily=Daily("seed", limit=2**32),
    deal_numbers=range(2**32),  # a seed of SplitMix64, 32 bits
    dealt=(5, 5, 5, 5, 4, 4, 4, 4, 4, 4),
    duel=True,
)
