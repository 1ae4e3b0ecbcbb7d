"""Reading untrusted JSON safely, and the versioned save envelope every game uses.

Anything read from storage, a file or a link is bounded before it is parsed: at most
``max_bytes`` characters and ``max_depth`` levels of nesting (``json.loads`` of ten
thousand ``[`` raises ``RecursionError``, which would kill the page at every start), and
numbers of at most 30 digits. Every failure is a :class:`MessageError` with a sentence of
our own; no Python exception text reaches the player.

>>> load_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> try:
...     load_json("[" * 10_000)
... except ValueError as e:
...     print(e.message.render("en"))
The saved game is damaged: The data is nested too deeply.

A game's saved document is an envelope that names its game, so the registry can pick the
game and a document of one game is never read as another:

>>> doc = envelope("klondike", {"draw": 3})
>>> open_envelope(doc, "klondike")
{'game': 'klondike', 'draw': 3}
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final, TypeVar

from .messages import MessageError, Msg

FORMAT: Final = "solitaire-game"
VERSION: Final = 2
MAX_BYTES: Final = 2_000_000
MAX_DEPTH: Final = 32
# A whole string, read once (possessive: never re-read); one that never ends runs to the end
# of the text, so no quote inside it starts another attempt. Without possessive quantifiers an
# unterminated run of escaped quotes made the depth check quadratic ('"' + '\\"' * n: 32 KB
# took 6 s, and the 2 MB limit would have taken hours at every start).
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")


def _broken(reason: str) -> MessageError:
    return MessageError(Msg("json.broken", reason=Msg(reason)))


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > 30:
        raise ValueError("number too long")
    return int(digits)


def nesting_depth(text: str, limit: int | None = None) -> int:
    """How deeply arrays and objects nest in a JSON text (brackets in strings ignored), in
    time linear in its length; counting stops once the depth passes ``limit``. A string that
    never ends ends the count: nothing after it is JSON.

    >>> nesting_depth('[{"a": "]]"}, [[]]]'), nesting_depth('[["' + '\\\\"' * 3 + '[[')
    (3, 2)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for c in brackets:
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


def load_json(text: object, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from an untrusted source, bounded in size, depth and number length."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _broken("json.not_json") from None
    if not isinstance(text, str):
        raise _broken("json.not_json")
    if len(text) > max_bytes:
        raise _broken("json.too_big")
    if nesting_depth(text, max_depth) > max_depth:
        raise _broken("json.too_deep")
    try:
        return json.loads(text, parse_int=_parse_int, object_pairs_hook=_no_duplicates)
    except _Duplicate:
        raise _broken("json.duplicate") from None
    except (ValueError, RecursionError):
        raise _broken("json.not_json") from None


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refused when it names a key twice (``json.loads`` would keep the last:
    ``{"records": {...}, "records": {}}`` would read as empty)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Duplicate("duplicate key")
    return out


def envelope(game: str, body: dict[str, Any]) -> str:
    """The saved document of a game: ``{"format", "version", "game", ...body}``."""
    doc = {"format": FORMAT, "version": VERSION, "game": game, **body}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def open_envelope(doc: object, game: str | None = None) -> dict[str, Any]:
    """The body of a saved document (with ``"game"``), after checking the envelope;
    ``MessageError`` for anything broken, foreign, of another version or another game."""
    data = load_json(doc) if isinstance(doc, (str, bytes)) else doc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MessageError(Msg("json.foreign"))
    if data.get("version") != VERSION:
        raise MessageError(Msg("json.version", found=str(data.get("version"))[:12], expected=VERSION))
    if game is not None and data.get("game") != game:
        raise MessageError(Msg("json.other_game"))
    return {k: v for k, v in data.items() if k not in ("format", "version")}


T = TypeVar("T")


def broken_field(name: str) -> MessageError:
    """The save is damaged in its field ``name``."""
    return MessageError(Msg("json.broken", reason=Msg("json.field", name=name)))


def read_body(build: Callable[[dict[str, Any]], T], data: dict[str, Any]) -> T:
    """``build(data)``, where every failure is a "the saved game is damaged" message: a
    rule the line breaks, a card that is not a card, a field of the wrong type."""
    try:
        return build(data)
    except MessageError as e:
        if e.message.key == "json.broken":
            raise
        raise MessageError(Msg("json.broken", reason=e.message)) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise broken_field(str(e)[:40] if isinstance(e, ValueError) else type(e).__name__) from None


def start_fields(data: dict[str, Any], *, max_undos: int) -> tuple[str | None, int, str]:
    """The fields every game's save starts with, checked: ``deal_id`` (or ``None``),
    ``undos`` and the ``start`` position text."""
    deal_id, undos, start = data.get("deal_id"), data.get("undos"), data.get("start")
    if not (deal_id is None or isinstance(deal_id, str)):
        raise broken_field("deal_id")
    if type(undos) is not int or not 0 <= undos <= max_undos:
        raise broken_field("undos")
    if not isinstance(start, str):
        raise broken_field("start")
    return deal_id, undos, start


def same_deal(start: Any, dealt: Any) -> None:
    """A saved deal ID must deal exactly the saved starting position."""
    if dealt.to_text() != start.to_text():
        raise MessageError(Msg("json.broken", reason=Msg("json.deal_mismatch")))
