"""Deal IDs: a letter naming the game, the variant, and a number, e.g. ``S4-123``.

The letter picks the game through the registry (``S`` Spider, ``K`` Klondike); the game
checks the variant and the number. IDs are read leniently (spaces, lower case, leading
zeros) and written canonically.

>>> split_deal_id(" s4-007 ")
('S', 4, 7)
>>> split_deal_id("K3-32000")
('K', 3, 32000)
>>> split_deal_id("4-7") is None, split_deal_id("S4-" + "9" * 40) is None
(True, True)
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from typing import Final

from .messages import MessageError, Msg

MAX_DIGITS: Final = 12  # longer numbers are refused before they are converted
_PATTERN = re.compile(rf"([A-Za-z])([0-9]{{1,3}})-([0-9]{{1,{MAX_DIGITS}}})")


def split_deal_id(text: object) -> tuple[str, int, int] | None:
    """``(letter, variant, number)`` of an ID, or ``None`` if it does not have that shape."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    m = _PATTERN.fullmatch(text.strip())
    if m is None:
        return None
    return m.group(1).upper(), int(m.group(2)), int(m.group(3))


def read_deal_id(text: object, letter: str, variants: Collection[int], numbers: range,
                 keys: tuple[str, str, str]) -> tuple[int, int]:
    """``(variant, number)`` of one game's deal ID; otherwise ``MessageError`` with the
    game's message for a wrong shape or letter, a wrong variant, a number out of range
    (``keys``, in that order; they get ``text``, ``variant`` and ``limit``)."""
    parts = split_deal_id(text)
    shown = str(text)[:40] if isinstance(text, str) else repr(text)[:40]
    if parts is None or parts[0] != letter:
        raise MessageError(Msg(keys[0], text=shown))
    _, variant, number = parts
    if variant not in variants:
        raise MessageError(Msg(keys[1], variant=variant))
    if number not in numbers:
        raise MessageError(Msg(keys[2], text=shown, limit=numbers[-1]))
    return variant, number


def format_deal_id(letter: str, variant: int, number: int) -> str:
    """The canonical form, e.g. ``S2-99``."""
    return f"{letter}{variant}-{number}"


def random_number(limit: int, low: int = 0) -> int:
    """A uniform number in ``low..limit-1`` from the system's randomness (``os.urandom``:
    importing ``secrets`` costs the page about 8 ms of its start under Pyodide)."""
    span = limit - low
    size = (span.bit_length() + 7) // 8 + 1
    while True:
        x = int.from_bytes(os.urandom(size), "big")
        bound = (256**size // span) * span
        if x < bound:
            return low + x % span
