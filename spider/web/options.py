"""The settings dialog's options, as data: which settings it shows (in which order, of which
kind), the values it starts with, and what taking the player's values changes. No browser
import: tested on CPython. The dialog (:meth:`spider.web.dialogs.Dialogs.open_settings`)
draws them; the shell applies what :func:`take` says changed.

>>> [o.name for o in options("de")][:7]
['lang', 'theme', 'card_size', 'animations', 'left_handed', 'four_color', 'card_letters']
>>> s = Settings()  # the language follows the browser until the dialog is saved once
>>> sorted(take(s, {**values(s, "de"), "card_letters": "german", "time_limit": 5}))
['card_letters', 'lang', 'time_limit']
>>> s.card_letters, s.time_limit
('german', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.cards import LETTERS
from ..texts import LANGUAGES
from .looks import ANIMATIONS, CARD_SIZES, THEMES
from .storage import Settings

Kind = Literal["check", "choice", "minutes"]


@dataclass(frozen=True)
class Option:
    """One row of the settings dialog: the setting's name (also its catalog key
    ``ui.settings.<name>`` and its note ``.note``), its kind and, for a choice, the values
    offered (each named ``ui.settings.<name>.<value>``)."""

    name: str
    kind: Kind
    choices: tuple[str, ...] = ()


def options(lang: str) -> list[Option]:
    """The dialog's rows for a page in ``lang``: the language, how the table looks and moves
    (:mod:`spider.web.looks`), the deck, then each game's own (the card letters only where
    they differ: on the German page)."""
    rows = [Option("lang", "choice", LANGUAGES), Option("theme", "choice", THEMES),
            Option("card_size", "choice", CARD_SIZES), Option("animations", "choice", ANIMATIONS),
            Option("left_handed", "check"), Option("four_color", "check")]
    if lang == "de":
        rows.append(Option("card_letters", "choice", LETTERS))
    rows += [Option("lenient_deal", "check"), Option("points", "check"), Option("time_limit", "minutes")]
    return rows


def values(settings: Settings, lang: str) -> dict[str, object]:
    """What the dialog shows when it opens (the language shown, not only the one chosen)."""
    out: dict[str, object] = {}
    for option in options(lang):
        out[option.name] = lang if option.name == "lang" else getattr(settings, option.name)
    return out


def take(settings: Settings, chosen: dict[str, object]) -> set[str]:
    """Put the dialog's values into ``settings``; the names of those that changed. A value
    the option cannot take (a choice not offered) leaves that setting as it was."""
    changed: set[str] = set()
    lang = chosen.get("lang")
    for option in options(str(lang) if lang in LANGUAGES else "de"):
        if option.name not in chosen:
            continue
        value = chosen[option.name]
        if option.kind == "check":
            value = bool(value)
        elif option.kind == "minutes":
            value = int(value) if isinstance(value, (int, str)) else 0
        elif value not in option.choices:
            continue
        if getattr(settings, option.name) != value:
            setattr(settings, option.name, value)
            changed.add(option.name)
    return changed


__all__ = ["Option", "options", "take", "values"]
