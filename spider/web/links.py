"""Reading ``?deal=<deal id>`` and ``?pos=<position text, URL-encoded>`` from the address.

>>> read_link("?deal=S4-42")
('deal', 'S4-42')
>>> read_link("?pos=spider%201%0Astock%3A%20-")
('pos', 'spider 1\\nstock: -')
>>> read_link("?bench=1") is None
True
"""

from __future__ import annotations

from urllib.parse import parse_qs

from ..game import Game
from ..texts import t

KINDS = ("deal", "pos")


def read_link(search: str) -> tuple[str, str] | None:
    """The first of ``deal``/``pos`` in a query string, decoded; ``None`` without one."""
    query = parse_qs(search.lstrip("?"), keep_blank_values=True)
    for kind in KINDS:
        if kind in query:
            return kind, query[kind][0]
    return None


def open_link(kind: str, value: str) -> Game:
    """The game a link names; ``ValueError`` with a sentence for the player if it is bad."""
    try:
        if kind == "deal":
            return Game.new(deal_id=value.strip())
        return Game.from_text(value)
    except ValueError as e:
        key = "ui.link.bad_deal" if kind == "deal" else "ui.link.bad_pos"
        raise ValueError(t(key, reason=str(e))) from None


def strip_link(search: str) -> str:
    """The query string without ``deal``/``pos`` (kept: anything else, e.g. ``bench``)."""
    pairs = [p for p in search.lstrip("?").split("&") if p and p.split("=", 1)[0] not in KINDS]
    return "?" + "&".join(pairs) if pairs else ""
