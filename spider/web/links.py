"""Reading links: ``?deal=<deal id>``, ``?pos=<position text>``, ``?duel=<challenge>`` open
a game; ``?lang=de|en`` picks the language.

>>> read_link("?deal=S4-42")
('deal', 'S4-42')
>>> read_link("?pos=spider%201%0Astock%3A%20-")
('pos', 'spider 1\\nstock: -')
>>> read_link("?bench=1") is None
True
>>> read_link("?x=1&pos=10%3A+%E2%99%A0%zz")
('pos', '10: ♠%zz')
>>> game_links("?pos=x&deal=K1-5")
[('deal', 'K1-5'), ('pos', 'x')]
>>> strip_link("?deal=S4-1&bench=1&lang=en")
'?bench=1'
>>> strip_link("?duel=1.S4-1.x&lang=de")
''

The query is decoded here rather than with ``urllib.parse``: importing that module costs
about 65 ms of the page's start under Pyodide (measured in Chromium), for one line of use.
The rules are the form-encoding ones ``parse_qs`` follows: ``&`` separates pairs, ``+`` is
a space, ``%XX`` runs are UTF-8 bytes (invalid ones become U+FFFD), anything else stays.
"""

from __future__ import annotations

import re

from ..core.cards import shorten
from ..core.messages import MessageError, Msg
from ..core.registry import Solitaire, game_from_text, new_game

KINDS = ("deal", "pos", "duel")  # duel: spider.web.duel.PARAM
STRIPPED = (*KINDS, "lang")
MAX_QUERY = 200_000
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """Form decoding: ``+`` is a space, runs of ``%XX`` are UTF-8 bytes."""
    return _ESCAPES.sub(
        lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"),
        text.replace("+", " "),
    )


def query(search: str) -> dict[str, str]:
    """The first value of each name in a query string, decoded (an over-long query is cut)."""
    out: dict[str, str] = {}
    for pair in search[:MAX_QUERY].lstrip("?").split("&"):
        if pair:
            name, _, value = pair.partition("=")
            out.setdefault(_unquote(name), _unquote(value))
    return out


def read_link(search: str) -> tuple[str, str] | None:
    """The first of ``deal``/``pos`` in a query string, decoded; ``None`` without one."""
    q = query(search)
    for kind in ("deal", "pos"):
        if kind in q:
            return kind, q[kind]
    return None


def game_links(search: str) -> list[tuple[str, str]]:
    """Every game-opening parameter of the query, in the order of :data:`KINDS`."""
    q = query(search)
    return [(kind, q[kind]) for kind in KINDS if kind in q]


def open_link(kind: str, value: str) -> Solitaire:
    """The game a ``deal`` or ``pos`` link names (any game of the house, through the
    registry); ``MessageError`` with a sentence for the player if it is bad."""
    try:
        if kind == "deal":
            return new_game(value)
        return game_from_text(value)
    except MessageError as e:
        key = "ui.link.bad_deal" if kind == "deal" else "ui.link.bad_pos"
        raise MessageError(Msg(key, reason=e.message)) from None


def quoted(value: str) -> str:
    """A link's value as a message may quote it: one line, at most 40 characters."""
    return shorten(" ".join(value.split()))


def strip_link(search: str) -> str:
    """The query string without the link's own parameters (kept: anything else, e.g. ``bench``)."""
    pairs = [p for p in search.lstrip("?").split("&") if p and p.split("=", 1)[0] not in STRIPPED]
    return "?" + "&".join(pairs) if pairs else ""
