"""The text catalogs: every word a player reads, in German and English, looked up by key.

Code and docs are in English; what a player reads comes from here. A catalog is one
dictionary per language (``spider/texts/de/``, ``spider/texts/en/``), assembled from one
module per area (the shared core, the page, each game, the duel, the help text), so that
each game keeps its words beside the others' without a shared file to fight over. Both
languages have exactly the same keys (``tests/test_texts.py`` fails on any difference).

Nothing here keeps a "current language": the caller says which one it wants. The engine
speaks in messages (:class:`spider.core.messages.Msg`, a key with parameters) and renders
them in German unless asked otherwise; the page renders them in the player's language.

>>> text("move.on_ace", "en")
'Nothing can go on an ace.'
>>> text("move.on_ace")
'Auf ein Ass kann keine Karte gelegt werden.'

A key ``k`` may have a singular form ``k.one``, used when the parameter ``n`` is 1:

>>> text("ui.picker.take", "en", n=1), text("ui.picker.take", "en", n=3)
('Take 1 card', 'Take 3 cards')
"""

from __future__ import annotations

import importlib
from typing import Final

LANGUAGES: Final = ("de", "en")
DEFAULT: Final = "de"

_catalogs: dict[str, dict[str, str]] = {}


def catalog(lang: str = DEFAULT) -> dict[str, str]:
    """The whole catalog of ``lang`` (imported on first use: the page loads only its own)."""
    found = _catalogs.get(lang)
    if found is None:
        if lang not in LANGUAGES:
            raise ValueError(f"no catalog for language {lang!r}")
        found = importlib.import_module(f"{__name__}.{lang}").TEXTS
        _catalogs[lang] = found
    return found


def merge(*parts: dict[str, str]) -> dict[str, str]:
    """One catalog from the areas' dictionaries; a key defined twice is a mistake."""
    out: dict[str, str] = {}
    for part in parts:
        twice = out.keys() & part.keys()
        if twice:
            raise KeyError(f"text keys defined twice: {sorted(twice)}")
        out.update(part)
    return out


def text(key: str, lang: str = DEFAULT, /, **values: object) -> str:
    """The sentence for ``key`` in ``lang`` with ``{names}`` filled in (values are already
    strings or numbers: :class:`~spider.core.messages.Msg` renders nested messages first)."""
    texts = catalog(lang)
    if values.get("n") == 1:
        template = texts.get(key + ".one")
        if template is not None:
            return template.format(**values)
    return texts[key].format(**values)


def t(key: str, /, **values: object) -> str:
    """German shortcut, kept for the first engine's callers: ``text(key, "de", ...)``."""
    return text(key, DEFAULT, **values)


def pick_language(preferred: list[str] | tuple[str, ...]) -> str:
    """The catalog for a browser's ``navigator.languages``: German for ``de*``, English
    for anything else, the first listed language deciding.

    >>> pick_language(["de-AT", "en"]), pick_language(["fr-FR", "de"]), pick_language([])
    ('de', 'en', 'de')
    """
    for tag in preferred:
        tag = tag.strip().lower()
        if tag:
            return "de" if tag == "de" or tag.startswith("de-") else "en"
    return DEFAULT
