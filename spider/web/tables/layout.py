"""The tables' geometry, pure arithmetic (no browser import, doctested on CPython).

The CSS places the piles (``assets/page.css`` and each game's own sheet); a table reads their
sizes once per resize and from then on computes every card's position: how far apart a
column's cards lie so the column fits the board (both games), where a card of Klondike's
waste fan sits, and where a card was before a move (for the short flight of a moved card).
A move therefore never reads layout.
"""

from __future__ import annotations

from typing import NamedTuple

CARD_RATIO = 1.4  # card height / width (the CSS uses aspect-ratio 5 / 7)
FAN = 0.3  # Klondike's draw 3: the waste's top cards lie this many card widths apart (as the CSS)
FAN_CARDS = 3
MIN_FONT = 10.0  # px: a corner index never gets smaller
INDEX_FONT = (11.0, 22.0)  # px: the corner index's font, from .. to (as wide cards allow)
INDEX_FONT_LARGE = (11.0, 30.0)  # the same for the card size Large
LARGE_SHARE = 1.15  # Large: the corner index is this much bigger for a card of the same width
# The widest corner index ("10" and a suit sign, the gap between) is this many times its font
# size wide, and it needs this many px of the card beside it (the left border and padding):
# a larger font would push the suit sign out of the card.
INDEX_EMS = 2.3
INDEX_EDGE = 4.0
TIGHT_PX = 5.0  # face-down cards closer than this show their number


class Steps(NamedTuple):
    """How a column lays out its cards: the step between face-down cards and between
    face-up cards (px), the corner index's font size when it had to shrink (else 0), and
    whether the column had to squeeze at all."""

    down: float
    up: float
    font: float
    dense: bool

    @property
    def tight(self) -> bool:
        """Face-down cards this close cannot be counted by eye."""
        return self.dense and self.down < TIGHT_PX

    def top(self, i: int, downs: int) -> float:
        """Where card ``i`` of the column sits, from the column's top (the CSS formula)."""
        return self.down * min(i, downs) + self.up * max(0, i - downs)


NO_STEPS = Steps(0.0, 0.0, 0.0, False)


def index_font(card_w: float, share: float, *, large: bool = False) -> float:
    """The corner index's font size for a card ``card_w`` wide: ``share`` of its width,
    within :data:`INDEX_FONT`, and never so big that the widest index leaves the card; the
    card size Large (the setting) makes it :data:`LARGE_SHARE` bigger, up to a larger limit.

    >>> index_font(37.7, 0.38), index_font(39, 0.38, large=True)  # Spider, a phone in portrait
    (14.326, 15.2174)
    >>> index_font(112, 0.38), index_font(150, 0.34, large=True)   # wide screens
    (22.0, 30.0)
    """
    low, high = INDEX_FONT_LARGE if large else INDEX_FONT
    wanted = card_w * share * (LARGE_SHARE if large else 1.0)
    return round(max(low, min(high, wanted, (card_w - INDEX_EDGE) / INDEX_EMS)), 4)


def fit(height: float, card_h: float, font: float, downs: int, n: int, *,
        down_share: float = 0.1, up_share: float = 0.24) -> Steps:
    """The steps for a column of ``n`` cards, ``downs`` of them face down, in a column
    ``height`` high; unsqueezed, the steps are ``down_share`` and ``up_share`` of a card's
    height. A face-up step stays wide enough for the corner index to be read (rank and suit):
    rather the face-down cards close up, and only when that is not enough the index gets a
    smaller font (never below :data:`MIN_FONT` px; in a column too long even for that, the
    cards overlap their index but the column still fits: it never reaches below the board,
    over the message line). Face-down cards closed up to a few pixels cannot be told apart:
    the column then shows their number (``Steps.tight``, the CSS counts them).

    >>> fit(500, 140, 16, 6, 7).dense
    False
    >>> s = fit(400, 112, 14, 5, 16)  # squeezed: the face-up step keeps the index readable
    >>> s.dense, s.font, s.up >= 14 * 1.3 + 4, s.top(15, 5) + 112 <= 400.5
    (True, 0.0, True, True)
    >>> s = fit(300, 140, 16, 6, 19)
    >>> s.font, s.top(18, 6) + 140 <= 300.5, s.tight
    (10.0, True, True)
    >>> s = fit(250, 118, 20, 6, 19)  # the phone held sideways: still inside the board
    >>> s.top(18, 6) + 118 <= 250.5
    True
    """
    ups = n - downs
    readable = font * 1.3 + 4
    ds = max(4.0, card_h * down_share)
    us = max(readable, card_h * up_share)
    room = height - card_h
    if downs * ds + max(0, ups - 1) * us <= room + 0.5:
        return Steps(ds, us, 0.0, False)
    fs = 0.0
    if ups > 1:
        us = max(readable, (room - downs * ds) / (ups - 1))
        if downs and downs * ds + (ups - 1) * us > room:
            ds = max(2.0, (room - (ups - 1) * us) / downs)
        if downs * ds + (ups - 1) * us > room:
            us = max(0.0, (room - downs * ds) / (ups - 1))
            fs = max(MIN_FONT, min(font, (us - 2) / 1.2))
    elif downs:
        ds = max(2.0, room / downs)
    return Steps(ds, us, fs, True)


def fan_slot(i: int, n: int, draw: int) -> int:
    """Where card ``i`` of a waste of ``n`` cards lies in the fan: draw 3 spreads the top
    three (slots 0, 1, 2, the top card furthest right), everything under them and every card
    in draw 1 lies in slot 0.

    >>> [fan_slot(i, 5, 3) for i in range(5)], [fan_slot(i, 2, 3) for i in range(2)]
    ([0, 0, 0, 1, 2], [0, 1])
    >>> [fan_slot(i, 4, 1) for i in range(4)]
    [0, 0, 0, 0]
    """
    if draw < FAN_CARDS:
        return 0
    return max(0, i - (n - min(n, FAN_CARDS)))
