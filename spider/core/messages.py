"""Messages as data: a key of the text catalog with its parameters.

The engine never builds a finished sentence. A refusal, a hint, an announcement or the
reason bad input was rejected is a :class:`Msg`; whoever shows it renders it in the
player's language. Parameters may be messages themselves (a card's spoken name, a move's
description), rendered in the same language.

>>> m = Msg("move.no_fit", card="2♠", target="8♦")
>>> m.render("en")
'2♠ does not fit on 8♦: it needs a card exactly one rank higher.'
>>> str(m) == m.render("de")
True

Errors carry their message: :class:`MessageError` is a ``ValueError`` whose ``str()`` is
the German sentence (the engine's default, for callers of the first version) and whose
``message`` can be rendered in any language; :class:`IllegalMove` is the refused action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar, Union

from ..texts import DEFAULT, text

Param = Union[str, int, "Msg"]


class Msg:
    """A catalog key and its parameters; immutable, comparable, hashable."""

    __slots__ = ("key", "params")

    key: str
    params: tuple[tuple[str, Param], ...]

    def __init__(self, key: str, /, **params: Param) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Msg is immutable")

    @property
    def values(self) -> Mapping[str, Param]:
        return dict(self.params)

    def render(self, lang: str = DEFAULT) -> str:
        """The sentence in ``lang`` (nested messages rendered in the same language)."""
        values = {k: v.render(lang) if isinstance(v, Msg) else v for k, v in self.params}
        return text(self.key, lang, **values)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Msg({self.key!r}{inner})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash((self.key, self.params))


def as_msg(value: Msg | str) -> Msg:
    """A message; a plain string (an old caller's finished sentence) is wrapped verbatim."""
    return value if isinstance(value, Msg) else Msg("verbatim", text=value)


class MessageError(ValueError):
    """Bad input (a deal ID, a position text, a saved game, a link): ``str(e)`` is the
    German sentence, ``e.message`` the message to render in the player's language."""

    def __init__(self, message: Msg | str) -> None:
        self.message = as_msg(message)
        super().__init__(self.message.render())

    def render(self, lang: str = DEFAULT) -> str:
        return self.message.render(lang)


class IllegalMove(MessageError):
    """A refused action. ``reason`` is the German sentence for the player (the first
    engine's API); ``message`` renders it in any language. The position is unchanged."""

    @property
    def reason(self) -> str:
        return str(self)


M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Hint(Generic[M]):
    """A suggestion, the same in every game: the move to make (``None`` when the step is not
    a move, e.g. undo), what kind of step it is (each game lists its ``KINDS``), and why:
    ``message`` (any language) and ``text`` (German, the first engine's API)."""

    move: M | None
    kind: str
    message: Msg

    @property
    def text(self) -> str:
        return self.message.render()
