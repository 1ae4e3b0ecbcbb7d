"""The daily deal: one deal per game variant per local date, the same on every device.

There is no server: every device computes the day's deal from the date alone.

1. The text ``"<game>/<variant>/<date>"`` (``"spider/4/2026-12-01"``,
   ``"klondike/3/2026-12-01"``; the date in ISO form, the player's local date) is hashed
   with SHA-256, and the first 8 bytes of the digest, read big-endian, are the day's number.
2. Spider: the deal ID is ``S<variant>-<number mod 2^32>`` (any seed of the deck's range).
3. Klondike: the day's deal is the entry ``number mod n`` of the draw count's
   proved-winnable "normal" deal list, which the Klondike package provides in number order
   (see :func:`klondike_normal_deals`), with ``n`` the smaller of :data:`KLONDIKE_POOL`
   and the list's length. Only the first ``n`` entries take part, so lists that grow by
   proving later deal numbers leave every day's deal as it was; a list whose first 500
   entries change (another proof budget, say) changes the days' deals, and devices with
   different versions of the game would then disagree.

``share_text`` is the line the "share result" button copies: no cards, no moves, nothing
that spoils the deal for someone who has not played it yet.

>>> import datetime
>>> day = datetime.date(2026, 12, 1)
>>> daily_deal_id("spider", 4, day) == daily_deal_id("spider", 4, day)
True
>>> share_text("de", "spider", 4, day, True, 252_000, 187)
'Spider · 4 Farben · Tagesspiel 2026-12-01: gewonnen, 4:12, 187 Züge'
>>> share_text("en", "spider", 1, day, False, 61_000, 1)
'Spider · 1 suit · Daily deal 2026-12-01: not won, 1:01, 1 move'
"""

from __future__ import annotations

import datetime
import hashlib
import importlib
from collections.abc import Callable, Sequence
from typing import Final

from .core.deal_ids import split_deal_id
from .core.messages import MessageError, Msg
from .core.timefmt import format_time
from .texts.keys import family

SPIDER_VARIANTS: Final = (1, 2, 4)
KLONDIKE_DRAWS: Final = (1, 3)
SPIDER_SEEDS: Final = 2**32
KLONDIKE_LEVEL: Final = "normal"
KLONDIKE_POOL: Final = 500  # the first entries of the list the day's deal is taken from
DAILY_GAME: Final = family("daily.game.{game}", game=("spider", "klondike"))
DAILY_VARIANT: Final = family("daily.variant.{game}", game=("spider", "klondike"))

# Where the Klondike package keeps its deal lists: ``spider.klondike.level_deals(draw,
# level) -> Sequence[str]``, the deal IDs of that draw count's level, in a fixed order.
KLONDIKE_HOOK: Final = ("spider.klondike", "level_deals")


def day_number(game: str, variant: int, date: datetime.date) -> int:
    """The day's number: the first 8 bytes of SHA-256 of ``"game/variant/date"``.

    >>> day_number("spider", 4, datetime.date(2026, 12, 1))
    9752592774887871614
    """
    text = f"{game}/{variant}/{date.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def klondike_normal_deals(draw: int) -> Sequence[str]:
    """The proved-winnable "normal" deal IDs of a draw count, from the Klondike package
    (:data:`KLONDIKE_HOOK`); ``MessageError`` ``daily.no_deals`` while it has none."""
    module, name = KLONDIKE_HOOK
    try:
        hook: Callable[[int, str], Sequence[str]] = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise MessageError(Msg("daily.no_deals")) from None
    deals = hook(draw, KLONDIKE_LEVEL)
    if not deals:
        raise MessageError(Msg("daily.no_deals"))
    return deals


def daily_deal_id(game: str, variant: int, date: datetime.date, *,
                  deals: Sequence[str] | None = None) -> str:
    """The deal ID of the day for a game (``"spider"``: variant = suits 1, 2, 4;
    ``"klondike"``: variant = draw 1 or 3). ``deals`` replaces the Klondike list (tests,
    or a page that has it at hand); it is ignored for Spider."""
    number = day_number(game, variant, date)
    if game == "spider" and variant in SPIDER_VARIANTS:
        return f"S{variant}-{number % SPIDER_SEEDS}"
    if game == "klondike" and variant in KLONDIKE_DRAWS:
        listed = deals if deals is not None else klondike_normal_deals(variant)
        if not listed:
            raise MessageError(Msg("daily.no_deals"))
        deal_id = listed[number % min(len(listed), KLONDIKE_POOL)]
        parts = split_deal_id(deal_id)
        if parts is None or parts[:2] != ("K", variant):
            raise ValueError(f"not a draw-{variant} Klondike deal in the list: {deal_id!r}")
        return f"K{variant}-{parts[2]}"
    raise MessageError(Msg("daily.no_variant", game=str(game)[:20], variant=str(variant)[:4]))


def share_text(lang: str, game: str, variant: int, date: datetime.date, won: bool, time_ms: int,
               moves: int) -> str:
    """The spoiler-free line to share a daily result, in ``lang`` (``"de"``, ``"en"``)."""
    if game not in ("spider", "klondike"):
        raise MessageError(Msg("daily.no_variant", game=str(game)[:20], variant=str(variant)[:4]))
    return Msg(
        "daily.share",
        game=Msg(DAILY_GAME(game=game)),
        variant=Msg(DAILY_VARIANT(game=game), n=variant),
        date=date.isoformat(),
        outcome=Msg("daily.won" if won else "daily.lost"),
        time=format_time(time_ms),
        moves=Msg("daily.moves", n=max(0, int(moves))),
    ).render(lang)


__all__ = ["KLONDIKE_HOOK", "KLONDIKE_POOL", "daily_deal_id", "day_number", "klondike_normal_deals",
           "share_text"]
