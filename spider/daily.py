"""The daily deal: one deal per game variant per local date, the same on every device.

There is no server: every device computes the day's deal from the date alone.

1. The text ``"<game>/<variant>/<date>"`` (``"spider/4/2026-12-01"``,
   ``"klondike/3/2026-12-01"``; the date in ISO form, the player's local date) is hashed
   with SHA-256, and the first 8 bytes of the digest, read big-endian, are the day's number.
2. Spider: the deal ID is ``S<variant>-<number mod 2^32>`` (any seed of the deck's range).

Which rule a game follows is its descriptor's ``daily`` (:class:`spider.core.registry.Daily`):
this module knows no game by name.
3. Klondike: the day's deal is the entry ``number mod n`` of the draw count's
   proved-winnable "normal" deal list, which the Klondike package provides in number order
   (see :func:`level_deals`), with ``n`` the smaller of the descriptor's pool (500) and the
   list's length. Only the first ``n`` entries take part, so lists that grow by
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
from collections.abc import Callable, Sequence
from typing import Final

from .core.deal_ids import split_deal_id
from .core.messages import MessageError, Msg
from .core.registry import GameInfo, find_game, games
from .core.timefmt import format_time
from .texts.keys import family

_NAMES = lambda: [g.name for g in games()]  # noqa: E731
DAILY_GAME: Final = family("daily.game.{game}", game=_NAMES)
DAILY_VARIANT: Final = family("daily.variant.{game}", game=_NAMES)
# Kept for callers of the first API: Klondike's pool and level (its descriptor's ``daily``).
KLONDIKE_POOL: Final = find_game("klondike").daily.pool
KLONDIKE_LEVEL: Final = find_game("klondike").daily.level


def day_number(game: str, variant: int, date: datetime.date) -> int:
    """The day's number: the first 8 bytes of SHA-256 of ``"game/variant/date"``.

    >>> day_number("spider", 4, datetime.date(2026, 12, 1))
    9752592774887871614
    """
    text = f"{game}/{variant}/{date.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def level_deals(info: GameInfo, variant: int) -> Sequence[str]:
    """The deal IDs a ``"list"`` game's daily deal is taken from (its package's
    ``level_deals(variant, level)``, in a fixed order); ``MessageError`` ``daily.no_deals``
    while it has none."""
    hook: Callable[[int, str], Sequence[str]] | None = getattr(info.module(), "level_deals", None)
    deals = hook(variant, info.daily.level) if hook is not None else ()
    if not deals:
        raise MessageError(Msg("daily.no_deals"))
    return deals


def klondike_normal_deals(draw: int) -> Sequence[str]:
    """The proved-winnable "normal" deal IDs of a Klondike draw count (the first API's name
    for :func:`level_deals` of Klondike)."""
    return level_deals(find_game("klondike"), draw)


def _info(game: str, variant: int) -> GameInfo:
    for info in games():
        if info.name == game and variant in info.variants:
            return info
    raise MessageError(Msg("daily.no_variant", game=str(game)[:20], variant=str(variant)[:4]))


def daily_deal_id(game: str, variant: int, date: datetime.date, *,
                  deals: Sequence[str] | None = None) -> str:
    """The deal ID of the day for a game and variant, as its descriptor's ``daily`` says
    (``"seed"``: any deal number of the range; ``"list"``: an entry of its level list).
    ``deals`` replaces a ``"list"`` game's list (tests, or a page that has it at hand); it
    is ignored for a ``"seed"`` game."""
    info = _info(game, variant)
    number = day_number(game, variant, date)
    rule = info.daily
    if rule.kind == "seed":
        return f"{info.deal_letter}{variant}-{number % rule.limit}"
    listed = deals if deals is not None else level_deals(info, variant)
    if not listed:
        raise MessageError(Msg("daily.no_deals"))
    deal_id = listed[number % min(len(listed), rule.pool)]
    parts = split_deal_id(deal_id)
    if parts is None or parts[:2] != (info.deal_letter, variant):
        raise ValueError(f"not a {info.deal_letter}{variant} deal in the list: {deal_id!r}")
    return f"{info.deal_letter}{variant}-{parts[2]}"


def share_text(lang: str, game: str, variant: int, date: datetime.date, won: bool, time_ms: int,
               moves: int) -> str:
    """The spoiler-free line to share a daily result, in ``lang`` (``"de"``, ``"en"``)."""
    _info(game, variant)
    return Msg(
        "daily.share",
        game=Msg(DAILY_GAME(game=game)),
        variant=Msg(DAILY_VARIANT(game=game), n=variant),
        date=date.isoformat(),
        outcome=Msg("daily.won" if won else "daily.lost"),
        time=format_time(time_ms),
        moves=Msg("daily.moves", n=max(0, int(moves))),
    ).render(lang)


__all__ = ["KLONDIKE_POOL", "daily_deal_id", "day_number", "klondike_normal_deals", "level_deals",
           "share_text"]
