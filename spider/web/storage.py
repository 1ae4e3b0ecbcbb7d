"""Saving the running games and the settings in ``localStorage``, and reading them back.

Keys, each a small versioned JSON document:

- ``spider.game`` (Spider) and ``spider.game.klondike`` (Klondike): each game keeps its own
  save, ``{"format": "spider-page", "version": 1, "game": <Game.to_json()>, "clock_ms": <int>,
  "origin": <position text or null>, "mode": <duel or daily facts, optional>}``; ``origin``
  is the position a ``?pos=`` game started from (so "same cards again" can start it over).
- ``spider.previous``: the game a link replaced, the same document plus ``"name"``, so the
  player can go back to it.
- ``spider.settings``: ``{"format": "spider-settings", "version": 2, ...}`` (see
  :class:`Settings`; version 1, with only ``suits`` and ``four_color``, is still read).

Promises (issue "Spider, tried as a new player and as an attacker would"):

- Everything read is bounded (size, nesting) and checked with exact types; a failure is a
  message for the player, never an exception that stops the page.
- Data that cannot be read is never lost: it is copied to ``spider.unreadable.<time>``
  first; if even that copy fails (too big for the quota), the key is left as it is and
  this tab does not write it (:attr:`Storage.blocked`) until the player discards it.
- When ``localStorage`` itself cannot be reached (site data blocked), the game runs without
  saving (:attr:`Storage.available` is false) and the page says so once.
- Two tabs: the storage remembers what it last read or wrote under each key. A save finds
  the key changed by someone else (another tab) and refuses with ``"conflict"`` instead of
  overwriting it; the page then offers to take the newer game.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the page passes
``localStorage``), so this module has no browser import and is tested on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypeVar, get_type_hints

from ..core.cards import LETTERS
from ..core.messages import MessageError, Msg
from ..core.registry import Solitaire, find_game, game_from_json, game_from_text, games
from ..core.saves import load_json
from ..texts import LANGUAGES
from .looks import ANIMATIONS, CARD_SIZES, THEMES
from .mode import Meta

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

PREVIOUS_KEY: Final = "spider.previous"
STATS_KEY: Final = "spider.stats"
SETTINGS_KEY: Final = "spider.settings"
ASIDE_PREFIX: Final = "spider.unreadable."
GAME_FORMAT: Final = "spider-page"
SETTINGS_FORMAT: Final = "spider-settings"
GAME_VERSION: Final = 1
SETTINGS_VERSION: Final = 2
LEVELS: Final = find_game("klondike").levels  # kept for callers of the first page API
MAX_TIME_LIMIT: Final = 600  # minutes (the largest time limit the settings dialog takes)
# The settings every game shares (each game's own are its descriptor's ``settings``).
SHARED: Final[dict[str, tuple[type, Callable[[object], bool]]]] = {
    "game": (str, lambda v: any(g.name == v for g in games())),
    "four_color": (bool, lambda v: True),
    "lang": (str, lambda v: v in LANGUAGES),
    "card_letters": (str, lambda v: v in LETTERS),
    # How the table looks and moves (spider/web/looks.py): added in version 2, so a document
    # without them is read with their defaults.
    "theme": (str, lambda v: v in THEMES),
    "card_size": (str, lambda v: v in CARD_SIZES),
    "animations": (str, lambda v: v in ANIMATIONS),
    "left_handed": (bool, lambda v: True),
}

SaveResult = Literal["saved", "failed", "blocked", "conflict", "off"]


class Backend(Protocol):
    """``localStorage``, or anything with its three calls (the tests' stand-in)."""

    def getItem(self, key: str) -> object: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...
T = TypeVar("T")


def game_keys() -> dict[str, str]:
    """The storage key of each game's running game (its descriptor's ``save_key``)."""
    return {g.name: g.save_key for g in games()}


class _GameKeys(Mapping[str, str]):
    """:func:`game_keys` as a mapping read at each use (a game registered later is in it)."""

    def __getitem__(self, name: str) -> str:
        return game_keys()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(game_keys())

    def __len__(self) -> int:
        return len(game_keys())


GAME_KEYS: Final[Mapping[str, str]] = _GameKeys()


class Settings:
    """What the player chose, remembered across visits: the shared choices (``game``, the
    game the new-game dialog offers first; ``four_color``; ``lang``, ``None`` to follow
    the browser; how the table looks and moves: ``theme``, ``card_size``, ``animations``,
    ``left_handed``, :mod:`spider.web.looks`) and each game's own (its descriptor's
    ``settings`` dataclass, :meth:`of`).
    The stored document is flat, so a game's field is also read and set by its name here
    (``settings.suits``), and ``Settings(suits=2)`` sets it."""

    def __init__(self, *, game: str = "spider", four_color: bool = False, lang: str | None = None,
                 card_letters: str = "game", theme: str = "system", card_size: str = "normal",
                 animations: str = "normal", left_handed: bool = False, **fields: object) -> None:
        self.game = game
        self.four_color = four_color
        self.lang = lang
        self.card_letters = card_letters
        self.theme = theme
        self.card_size = card_size
        self.animations = animations
        self.left_handed = left_handed
        own: dict[str, object] = {g.name: g.settings() for g in games()}
        object.__setattr__(self, "_own", own)
        for name, value in fields.items():
            setattr(self, name, value)

    def of(self, kind: type[T]) -> T:
        """A game's own settings by their dataclass (``settings.of(SpiderSettings).suits``)."""
        for value in self._own.values():
            if isinstance(value, kind):
                return value
        raise KeyError(kind.__name__)

    def _holder(self, name: str) -> object | None:
        own: dict[str, DataclassInstance] = self.__dict__["_own"]
        for value in own.values():
            if name in {f.name for f in fields(value)}:
                return value
        return None

    def __getattr__(self, name: str) -> Any:
        holder = self._holder(name) if name != "_own" else None
        if holder is None:
            raise AttributeError(name)
        return getattr(holder, name)

    def __setattr__(self, name: str, value: object) -> None:
        holder = self._holder(name) if name not in SHARED and "_own" in self.__dict__ else None
        if holder is not None:
            setattr(holder, name, value)
        elif name in SHARED:
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"no setting named {name!r}")

    def to_dict(self) -> dict[str, object]:
        """The flat document's fields: the shared ones, then each game's."""
        out: dict[str, object] = {name: getattr(self, name) for name in SHARED}
        for value in self._own.values():
            out.update(asdict(value))
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings({', '.join(f'{k}={v!r}' for k, v in self.to_dict().items())})"


def _within(allowed: Collection[object] | None) -> Callable[[object], bool]:
    return (lambda _v: True) if allowed is None else allowed.__contains__


def _game_fields() -> dict[str, tuple[type, Callable[[object], bool]]]:
    """Every game's settings fields with their exact type and the values they take."""
    out: dict[str, tuple[type, Callable[[object], bool]]] = {}
    for info in games():
        hints = get_type_hints(info.settings)
        for f in fields(info.settings):
            kind = hints[f.name]
            allowed = info.allowed.get(f.name)
            out[f.name] = (kind, _within(allowed))
    return out


def check_settings(doc: object) -> Settings:
    """Settings from a parsed document; ``MessageError`` unless every value has exactly the
    right type (``True`` is not 1, ``2.0`` is not 2) and is allowed, and every field is one
    the house knows. A field the document lacks (a setting added since it was written, a
    game added since) takes its default."""
    if not isinstance(doc, dict) or doc.get("format") != SETTINGS_FORMAT:
        raise MessageError(Msg("ui.save.format"))
    version = doc.get("version")
    if version not in (1, SETTINGS_VERSION) or type(version) is not int:
        raise MessageError(Msg("json.version", found=str(version)[:12], expected=SETTINGS_VERSION))
    known = {**SHARED, **_game_fields()}
    values: dict[str, object] = {}
    for name, value in doc.items():
        if name in ("format", "version"):
            continue
        if name not in known or (version == 1 and name not in ("suits", "four_color")):
            raise MessageError(Msg("json.field", name=str(name)[:20]))
        kind, allowed = known[name]
        if name == "lang" and value is None:
            values[name] = None
            continue
        if type(value) is not kind or not allowed(value):
            raise MessageError(Msg("json.field", name=name))
        values[name] = value
    settings = Settings()
    for name, value in values.items():
        setattr(settings, name, value)
    return settings


@dataclass
class Saved:
    game: Solitaire
    clock_ms: int
    origin: str | None
    mode: Meta = field(default_factory=Meta)


def check_saved(doc: object, name: str | None = None) -> Saved:
    """A saved page document, checked; the game is replayed by its engine."""
    if not isinstance(doc, dict) or doc.get("format") != GAME_FORMAT:
        raise MessageError(Msg("ui.save.format"))
    if doc.get("version") != GAME_VERSION or type(doc.get("version")) is not int:
        raise MessageError(Msg("json.version", found=str(doc.get("version"))[:12], expected=GAME_VERSION))
    clock, origin, mode = doc.get("clock_ms"), doc.get("origin"), doc.get("mode")
    if type(clock) is not int or not 0 <= clock < 10**12:
        raise MessageError(Msg("json.field", name="clock_ms"))
    if not (origin is None or isinstance(origin, str)):
        raise MessageError(Msg("json.field", name="origin"))
    game_doc = doc.get("game")
    if not isinstance(game_doc, str):
        raise MessageError(Msg("json.field", name="game"))
    game = game_from_json(game_doc)
    if name is not None and game.game_name != name:
        raise MessageError(Msg("json.other_game"))
    if origin is not None:
        game_from_text(origin)
    info = find_game(game.game_name)
    meta = Meta.from_doc(mode, game.deal_id, info.levels)
    if meta.duel is not None and not info.duel:
        raise MessageError(Msg("json.field", name="mode.duel"))
    return Saved(game, clock, origin, meta)


def saved_doc(game: Solitaire, clock_ms: float, origin: str | None, mode: Meta | None) -> dict[str, object]:
    doc: dict[str, object] = {"format": GAME_FORMAT, "version": GAME_VERSION, "game": game.to_json(),
                           "clock_ms": int(clock_ms), "origin": origin}
    kept = mode.to_doc() if mode is not None else None
    if kept:
        doc["mode"] = kept
    return doc


class Unreadable(Exception):
    """Saved data that could not be read. ``reason`` says why (a message); ``aside`` is
    the key it was copied to, or ``None`` when it could not be copied and was left in place
    (its key is then blocked: nothing is written over it)."""

    def __init__(self, reason: Msg, aside: str | None, key: str) -> None:
        super().__init__(reason.render())
        self.reason = reason
        self.aside = aside
        self.key = key


class Storage:
    def __init__(self, backend: Callable[[], Backend], now: Callable[[], float]) -> None:
        """``backend()`` gives the storage object (the page passes a function that reads
        ``window.localStorage``, which itself throws when site data is blocked)."""
        self.now = now  # milliseconds, for the kept-aside key
        try:
            self.backend: Backend | None = backend()
            self.backend.getItem(SETTINGS_KEY)
        except Exception:  # SecurityError: storage blocked for this site
            self.backend = None
        self.blocked: set[str] = set()
        self.known: dict[str, str | None] = {}  # what this tab last read or wrote, per key

    @property
    def available(self) -> bool:
        return self.backend is not None

    # ------------------------------------------------------------------ raw
    def get(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception:  # storage switched off or blocked meanwhile
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def _set(self, key: str, value: str) -> bool:
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception:  # quota or privacy mode
            return False
        self.known[key] = value
        return True

    def put(self, key: str, value: str) -> bool:
        """Write a small value of the page's own (not a game, the settings or the statistics,
        which have their own checks); ``False`` when it could not be written."""
        return self._set(key, value)

    def count_once(self, mark: str, key: str = "spider.duel.counted", limit: int = 200) -> bool:
        """``True`` the first time ``mark`` comes (remembered under ``key``, the last ``limit``
        marks), ``False`` after: what makes an answer link, opened twice, count once. A
        damaged list starts afresh; without storage every time is the first."""
        raw = self.get(key)
        try:
            marks = load_json(raw) if raw else []
        except MessageError:
            marks = []
        if not isinstance(marks, list) or not all(isinstance(m, str) for m in marks):
            marks = []
        if mark in marks:
            return False
        self._set(key, json.dumps([*marks, mark][-limit:]))
        return True

    def remove(self, key: str) -> None:
        if self.backend is not None:
            try:
                self.backend.removeItem(key)
            except Exception:
                return
        self.known[key] = None
        self.blocked.discard(key)

    def set_aside(self, key: str) -> str | None:
        """Copy what ``key`` holds to ``spider.unreadable.<ms>`` (a save the page could read
        but not draw): the key it went to, or ``None`` when it could not be copied (then the
        key is blocked: nothing is written over it until the player discards it)."""
        raw = self.get(key)
        if raw is None:
            return None
        aside = self._aside(raw)
        if aside is None:
            self.blocked.add(key)
        return aside

    def _aside(self, raw: str) -> str | None:
        key = f"{ASIDE_PREFIX}{int(self.now())}"
        return key if self._set(key, raw) else None

    def _unreadable(self, key: str, raw: str, reason: Msg) -> Unreadable:
        aside = self._aside(raw)
        if aside is None:
            self.blocked.add(key)
        return Unreadable(reason, aside, key)

    def changed_elsewhere(self, key: str) -> bool:
        """Has someone else (another tab) written ``key`` since this tab read or wrote it?"""
        if key not in self.known or self.backend is None:
            return False
        return self.get(key) != self.known[key]

    # ------------------------------------------------------------------ settings
    def load_settings(self) -> Settings:
        """The saved settings, or the defaults; raises :class:`Unreadable` when they cannot
        be read (kept aside first; the defaults are written back only if that worked)."""
        raw = self.get(SETTINGS_KEY)
        self.known[SETTINGS_KEY] = raw
        if raw is None:
            return Settings()
        try:
            return check_settings(load_json(raw, max_bytes=10_000, max_depth=4))
        except MessageError as e:
            unreadable = self._unreadable(SETTINGS_KEY, raw, e.message)
            if unreadable.aside is not None:
                self.save_settings(Settings())
            raise unreadable from None

    def save_settings(self, settings: Settings) -> bool:
        if SETTINGS_KEY in self.blocked:
            return False
        doc = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **settings.to_dict()}
        return self._set(SETTINGS_KEY, json.dumps(doc))

    # ------------------------------------------------------------------ games
    def load_game(self, name: str) -> Saved | None:
        """The saved game of ``name``, ``None`` if there is none; :class:`Unreadable` when
        there is one that cannot be read (kept aside, or left in place and blocked)."""
        key = GAME_KEYS[name]
        raw = self.get(key)
        self.known[key] = raw
        if raw is None:
            return None
        try:
            return check_saved(load_json(raw), name)
        except MessageError as e:
            raise self._unreadable(key, raw, e.message) from None

    def save_game(self, name: str, game: Solitaire, clock_ms: float, origin: str | None,
                  mode: Meta | None = None, *, force: bool = False) -> SaveResult:
        """Save; ``"conflict"`` (nothing written) when another tab changed the key since
        this tab last read or wrote it, unless ``force`` (the player chose to keep this one)."""
        key = GAME_KEYS[name]
        if self.backend is None:
            return "off"
        if key in self.blocked:
            return "blocked"
        if not force and self.changed_elsewhere(key):
            return "conflict"
        raw = json.dumps(saved_doc(game, clock_ms, origin, mode), ensure_ascii=False)
        if self.known.get(key) == raw:
            return "saved"
        return "saved" if self._set(key, raw) else "failed"

    def adopt(self, name: str) -> Saved | None:
        """Take the game another tab saved (after a conflict): read it as this tab's own."""
        return self.load_game(name)

    # ------------------------------------------------------------------ statistics
    def load_stats(self, read: Callable[[str], T], empty: Callable[[], T]) -> T:
        """The statistics (``read`` parses, ``empty`` makes new ones); unreadable ones are kept
        aside like a game (:class:`Unreadable`), and never overwritten unless that worked."""
        raw = self.get(STATS_KEY)
        self.known[STATS_KEY] = raw
        if raw is None:
            return empty()
        try:
            return read(raw)
        except MessageError as e:
            raise self._unreadable(STATS_KEY, raw, e.message) from None

    def save_stats(self, text: str) -> bool:
        if STATS_KEY in self.blocked:
            return False
        return self._set(STATS_KEY, text)

    # ------------------------------------------------------------------ the game a link replaced
    def keep_previous(self, name: str) -> bool:
        """Copy the saved game of ``name`` to ``spider.previous`` before a link replaces it."""
        raw = self.get(GAME_KEYS[name])
        if raw is None:
            return False
        try:
            doc = load_json(raw)
            check_saved(doc, name)
        except MessageError:
            return False
        return self._set(PREVIOUS_KEY, json.dumps({**doc, "name": name}, ensure_ascii=False))

    def previous(self) -> tuple[str, Saved] | None:
        raw = self.get(PREVIOUS_KEY)
        if raw is None:
            return None
        try:
            doc = load_json(raw)
            name = doc.get("name") if isinstance(doc, dict) else None
            if not isinstance(name, str) or name not in GAME_KEYS:
                raise MessageError(Msg("ui.save.format"))
            return name, check_saved(doc, name)
        except MessageError:
            return None


def read_minutes(raw: str, bad: bool) -> int | None:
    """A minutes field's value as typed: a whole number from 0 to 600 (empty: 0), else
    ``None`` (the settings dialog then says what it takes).

    >>> [read_minutes(v, False) for v in ("", " 5 ", "600", "601", "-1", "2.5", "1e3", "²")]
    [0, 5, 600, None, None, None, None, None]
    >>> read_minutes("", True)  # the browser could not read what was typed
    """
    text = raw.strip()
    if bad or not (text == "" or (text.isascii() and text.isdigit() and len(text) <= 3)):
        return None
    value = int(text or "0")
    return value if value <= MAX_TIME_LIMIT else None
