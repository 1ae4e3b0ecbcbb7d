"""How the table looks and moves, as the player set it up: the theme (System follows the
device's light or dark, live), the card size, the animations' pace and the left-handed
table. No browser import: what ``<html>`` carries for them and how fast a card flies is
decided here and tested on CPython. The settings view (:mod:`spider.web.settings_view`) puts
the markers on the page; ``assets/prepaint.js`` puts the same ones there before the first
paint, from the copy of :data:`MARKERS` the build stamps into it (:func:`house`), so the
start-up picture is already in the player's theme and card size.

The markers (the README's test contract) are attributes of ``<html>``:

- ``data-theme``: ``light`` or ``dark``, the theme in use (System resolved);
- ``data-cards``: ``normal`` or ``large``;
- ``data-motion``: ``normal``, ``fast`` or ``off``, the player's choice (the browser's
  "reduce motion" turns the animations off whatever it says: :func:`pace`);
- ``data-hand``: ``right`` or ``left``.

>>> class Chosen:
...     theme, card_size, animations, left_handed = "system", "large", "fast", True
>>> markers(Chosen(), system_dark=True)
{'data-theme': 'dark', 'data-cards': 'large', 'data-motion': 'fast', 'data-hand': 'left'}
>>> pace("fast", reduced=False), pace("fast", reduced=True), pace("off", reduced=False)
(0.5, 0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

THEMES: Final = ("system", "light", "dark")
CARD_SIZES: Final = ("normal", "large")
ANIMATIONS: Final = ("normal", "fast", "off")
# The media query System follows (the settings view listens to its changes).
SYSTEM_DARK: Final = "(prefers-color-scheme: dark)"
# ``<meta name="theme-color">`` per theme in use: the felt at the top of the page, so a
# phone's status bar matches it (``assets/page.css``, ``--felt`` of each theme).
THEME_COLORS: Final = {"light": "#1f5134", "dark": "#141b17"}
# How long a flight, a run's sweep, auto-finish's pause and the win celebration take, as a
# share of their normal time (the CSS's transitions: ``--motion`` in ``assets/page.css``).
PACE: Final = {"normal": 1.0, "fast": 0.5, "off": 0.0}


class Looks(Protocol):
    """The four settings (:class:`spider.web.storage.Settings` has them)."""

    theme: str
    card_size: str
    animations: str
    left_handed: bool


@dataclass(frozen=True)
class Marker:
    """A setting shown as an attribute of ``<html>``: each value's attribute value
    (``None``: the system's, for the theme System) and the setting's default. Bools are
    keyed ``"true"`` / ``"false"`` (as JSON spells them, for ``assets/prepaint.js``).
    ``geometry``: it moves or resizes the table's piles (the table measures itself again;
    a start-up picture taken with another value is not painted)."""

    setting: str
    attribute: str
    values: dict[str, str | None]
    default: str | bool
    geometry: bool = False


MARKERS: Final = (
    Marker("theme", "data-theme", {"system": None, "light": "light", "dark": "dark"}, "system"),
    Marker("card_size", "data-cards", {v: v for v in CARD_SIZES}, "normal", geometry=True),
    Marker("animations", "data-motion", {v: v for v in ANIMATIONS}, "normal"),
    Marker("left_handed", "data-hand", {"false": "right", "true": "left"}, False, geometry=True),
)
# The settings that move or resize the table's piles.
GEOMETRY: Final = frozenset(m.setting for m in MARKERS if m.geometry)


def _key(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def theme(choice: str, system_dark: bool) -> str:
    """The theme in use: the one chosen, or the system's for System (or an unknown choice).

    >>> theme("system", True), theme("light", True), theme("dark", False), theme("?", False)
    ('dark', 'light', 'dark', 'light')
    """
    if choice in ("light", "dark"):
        return choice
    return "dark" if system_dark else "light"


def markers(looks: Looks, system_dark: bool) -> dict[str, str]:
    """The attributes ``<html>`` carries for ``looks`` (a value the setting does not take
    counts as its default)."""
    out: dict[str, str] = {}
    for m in MARKERS:
        key = _key(getattr(looks, m.setting))
        shown = m.values[key] if key in m.values else m.values[_key(m.default)]
        out[m.attribute] = shown if shown is not None else theme("system", system_dark)
    return out


def pace(animations: str, reduced: bool) -> float:
    """How long animations take, as a share of their normal time; 0: none at all (Off, or
    the browser asks for reduced motion, whatever was chosen)."""
    return 0.0 if reduced else PACE.get(animations, 1.0)


def house() -> dict[str, object]:
    """What ``assets/prepaint.js`` needs to set the markers before the first paint (stamped
    into it by ``scripts/build_site.py``): each marker, the system's media query and the
    theme System shows when it matches (``"true"``) or not, and the theme colours."""
    return {
        "markers": [{"setting": m.setting, "attribute": m.attribute, "values": dict(m.values),
                     "default": m.default, "geometry": m.geometry} for m in MARKERS],
        "system_dark": SYSTEM_DARK,
        "system": {"true": theme("system", True), "false": theme("system", False)},
        "theme_colors": dict(THEME_COLORS),
    }


__all__ = ["ANIMATIONS", "CARD_SIZES", "GEOMETRY", "MARKERS", "PACE", "SYSTEM_DARK", "THEMES", "THEME_COLORS",
           "Looks", "Marker", "house", "markers", "pace", "theme"]
