"""Reading ``?deal=<deal id>`` and ``?pos=<position text, URL-encoded>`` from the address.

>>> read_link("?deal=S4-42")
('deal', 'S4-42')
>>> read_link("?pos=spider%201%0Astock%3A%20-")
('pos', 'spider 1\\nstock: -')
>>> read_link("?bench=1") is None
True
>>> read_link("?x=1&pos=10%3A+%E2%99%A0%zz")
('pos', '10: ♠%zz')

The query is decoded here rather than with ``urllib.parse``: importing that module costs
about 65 ms of the page's start under Pyodide (measured in Chromium), for one line of use.
The rules are the form-encoding ones ``parse_qs`` follows: ``&`` separates pairs, ``+`` is
a space, ``%XX`` runs are UTF-8 bytes (invalid ones become U+FFFD), anything else stays.
"""

from __future__ import annotations

import re

from ..game import Game
from ..texts import t

KINDS = ("deal", "pos")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """Form decoding: ``+`` is a space, runs of ``%XX`` are UTF-8 bytes."""
    return _ESCAPES.sub(
        lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"),
        text.replace("+", " "),
    )


def read_link(search: str) -> tuple[str, str] | None:
    """The first of ``deal``/``pos`` in a query string, decoded; ``None`` without one."""
    query: dict[str, str] = {}
    for pair in search.lstrip("?").split("&"):
        if pair:
            name, _, value = pair.partition("=")
            query.setdefault(_unquote(name), _unquote(value))
    for kind in KINDS:
        if kind in query:
            return kind, query[kind]
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
