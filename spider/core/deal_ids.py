"""Deal IDs: a letter naming the game, the variant, and a number, e.g. ``S4-123``.

The letter picks the game through the registry (``S`` Spider, ``K`` Klondike); the game
checks the variant and the number. A deal has exactly one ID: an upper-case letter, the
variant and the number in ASCII digits without leading zeros, nothing around them. Any
other spelling of an ID (``s4-7``, ``K01-5``, ``" K1-1\n"``, a no-break space) is refused,
and the refusal names the spelling that is meant (:func:`spelled_as`), so a shared link
always shows the ID it carries.

>>> split_deal_id("K3-32000"), split_deal_id("S4-0")
(('K', 3, 32000), ('S', 4, 0))
>>> split_deal_id(" s4-007 ") is None, spelled_as(" s4-007 ")
(True, 'S4-7')
>>> split_deal_id("4-7") is None, spelled_as("K١-5") is None
(True, True)
>>> split_deal_id("S4-" + "9" * 40)
('S', 4, 9999999999999999999999999999999999999999)
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from typing import Final

from .messages import MessageError, Msg

MAX_LENGTH: Final = 64  # characters of an ID's text; longer is refused before it is read
_CANONICAL = re.compile(r"([A-Z])([1-9][0-9]{0,2})-(0|[1-9][0-9]*)")
_LOOSE = re.compile(r"([A-Za-z])0*([0-9]{1,3})-([0-9]+)")


def split_deal_id(text: object) -> tuple[str, int, int] | None:
    """``(letter, variant, number)`` of an ID in its one spelling, else ``None``."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        return None
    m = _CANONICAL.fullmatch(text)
    if m is None:
        return None
    return m.group(1), int(m.group(2)), int(m.group(3))


def spelled_as(text: object) -> str | None:
    """The one spelling of an ID written another way (lower case, leading zeros, spaces
    around it), or ``None`` if it is no ID at all (or already spelled right)."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        return None
    m = _LOOSE.fullmatch(text.strip(" \t\r\n\u00a0"))
    if m is None:
        return None
    canonical = format_deal_id(m.group(1).upper(), int(m.group(2)), int(m.group(3)))
    return canonical if canonical != text else None


def misspelled(text: object) -> MessageError | None:
    """The refusal of an ID spelled another way than its one spelling, naming that one."""
    meant = spelled_as(text)
    if meant is None:
        return None
    return MessageError(Msg("deal_id.spelling", text=shown_id(text), meant=meant))


def shown_id(text: object) -> str:
    """An ID's text as a message quotes it (one line, at most 40 characters)."""
    raw = text if isinstance(text, str) else repr(text)
    return " ".join(raw.split())[:40] if raw.strip() else repr(raw)[:40]


def read_deal_id(text: object, letter: str, variants: Collection[int], numbers: range,
                 keys: tuple[str, str, str]) -> tuple[int, int]:
    """``(variant, number)`` of one game's deal ID; otherwise ``MessageError`` with the
    game's message for a wrong shape or letter, a wrong variant, a number out of range
    (``keys``, in that order; they get ``text``, ``variant`` and ``limit``)."""
    parts = split_deal_id(text)
    shown = shown_id(text)
    if parts is None:
        wrong = misspelled(text)
        if wrong is not None:
            raise wrong
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
