"""Catalog keys built at run time, each family listed where it is built, with every value
its parts can take, so a test walks them all (``tests/test_texts.py``): no key can be made
that the catalogs lack (a missing ``ui.k.draw.2`` once stopped the page for good).

A family is a template and the values of each of its parts; calling it with a value its
part does not take is a programming error (``ValueError``), never a missing key at run time.

>>> SUIT = family("suit.{letter}", letter=("S", "H", "D", "C"))
>>> SUIT(letter="H")
'suit.H'
>>> sorted(SUIT.keys())[:2]
['suit.C', 'suit.D']

Parts may be given by a function, for values that come from elsewhere (the games of the
registry): it is called when the family is used or walked, never at import.
"""

from __future__ import annotations

import inspect
import string
from collections.abc import Callable, Iterable, Iterator
from typing import Final

Values = Iterable[object] | Callable[[], Iterable[object]]


class Family:
    """A template like ``"ui.choice.{game}.{variant}"`` and the values of each part. The
    values of one part may depend on another's (``variant`` on ``game``): give a function of
    the earlier parts' values (keyword arguments) for it."""

    def __init__(self, template: str, parts: dict[str, Values | Callable[..., Iterable[object]]],
                 optional: bool = False) -> None:
        names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
        if sorted(names) != sorted(parts):
            raise ValueError(f"{template!r}: parts {sorted(parts)} do not match {names}")
        self.template = template
        self.parts = parts
        self.order = names
        self.optional = optional  # a key the code looks up first (``in catalog``): may be missing

    def _values(self, name: str, chosen: dict[str, object]) -> list[object]:
        given = self.parts[name]
        if callable(given):
            wanted = inspect.signature(given).parameters
            return list(given(**{k: chosen[k] for k in wanted}))
        return list(given)

    def __call__(self, **parts: object) -> str:
        for name in self.order:
            if parts.get(name) not in self._values(name, parts):
                raise ValueError(f"{self.template!r}: {name}={parts.get(name)!r} is not one of its values")
        return self.template.format(**parts)

    def keys(self) -> Iterator[str]:
        """Every key the family can make."""

        def walk(i: int, chosen: dict[str, object]) -> Iterator[str]:
            if i == len(self.order):
                yield self.template.format(**chosen)
                return
            name = self.order[i]
            for value in self._values(name, chosen):
                yield from walk(i + 1, {**chosen, name: value})

        return walk(0, {})

    def __repr__(self) -> str:
        return f"family({self.template!r})"


FAMILIES: Final[list[Family]] = []


def family(template: str, *, optional: bool = False,
           **parts: Values | Callable[..., Iterable[object]]) -> Family:
    """A family of keys, registered for the catalog test."""
    found = Family(template, parts, optional)
    FAMILIES.append(found)
    return found


__all__ = ["FAMILIES", "Family", "family"]
