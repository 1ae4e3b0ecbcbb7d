"""The page's storage (spider/web/storage.py), on CPython with a stand-in for localStorage:
bounded and exactly typed reading, nothing ever lost, two tabs never overwriting each other
unknowingly, and a page that still starts when storage itself is blocked."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider import Game
from spider.web.mode import Meta
from spider.web.storage import (
    GAME_KEYS,
    PREVIOUS_KEY,
    SETTINGS_KEY,
    Settings,
    Storage,
    Unreadable,
    check_settings,
)


class FakeLocalStorage:
    """``getItem``/``setItem``/``removeItem`` with a quota, like the browser's."""

    def __init__(self, quota: int = 5_000_000) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def storage(backend: Any) -> Storage:
    return Storage(lambda: backend, lambda: 1234.0)


def settings_doc(**changes: object) -> str:
    doc: dict[str, Any] = {"format": "spider-settings", "version": 2, "game": "spider", "suits": 4,
                           "draw": 1, "level": "normal", "four_color": False, "lenient_deal": False,
                           "points": False, "lang": None, "time_limit": 0}
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize("bad", [True, 2.0, "4", 3, None])
def test_settings_are_typed_exactly(bad: object) -> None:
    backend = FakeLocalStorage()
    backend.data[SETTINGS_KEY] = settings_doc(suits=bad)
    with pytest.raises(Unreadable) as e:
        storage(backend).load_settings()
    assert e.value.aside is not None and backend.data[e.value.aside] == settings_doc(suits=bad)
    assert json.loads(backend.data[SETTINGS_KEY])["suits"] == 4  # the defaults, written back


def test_the_first_settings_format_is_still_read() -> None:
    old = {"format": "spider-settings", "version": 1, "suits": 2, "four_color": True}
    assert check_settings(old) == Settings(suits=2, four_color=True)


@pytest.mark.parametrize("key", [SETTINGS_KEY, GAME_KEYS["spider"]])
def test_deeply_nested_data_is_unreadable_not_fatal(key: str) -> None:
    backend = FakeLocalStorage()
    backend.data[key] = "[" * 10_000
    s = storage(backend)
    with pytest.raises(Unreadable) as e:
        s.load_settings() if key == SETTINGS_KEY else s.load_game("spider")
    assert "verschachtelt" in e.value.reason.render()


def test_data_too_big_to_keep_aside_is_left_in_place_and_never_overwritten() -> None:
    backend = FakeLocalStorage(quota=4_000_000)
    junk = "x" * 3_000_000
    backend.data[GAME_KEYS["spider"]] = junk
    s = storage(backend)
    with pytest.raises(Unreadable) as e:
        s.load_game("spider")
    assert e.value.aside is None and GAME_KEYS["spider"] in s.blocked
    assert s.save_game("spider", Game.new(deal_id="S4-1"), 0, None) == "blocked"
    assert backend.data[GAME_KEYS["spider"]] == junk  # untouched
    s.remove(GAME_KEYS["spider"])  # the player chose to discard it
    assert s.save_game("spider", Game.new(deal_id="S4-1"), 0, None) == "saved"


def test_unreadable_data_that_fits_is_copied_aside_first() -> None:
    backend = FakeLocalStorage()
    backend.data[GAME_KEYS["spider"]] = '{"format": "spider-page", "version": 1}'
    s = storage(backend)
    with pytest.raises(Unreadable) as e:
        s.load_game("spider")
    assert e.value.aside == "spider.unreadable.1234"
    assert backend.data["spider.unreadable.1234"] == '{"format": "spider-page", "version": 1}'
    assert s.save_game("spider", Game.new(deal_id="S4-1"), 0, None) == "saved"


def test_blocked_storage_plays_on_without_saving() -> None:
    def blocked() -> Any:
        raise RuntimeError("SecurityError: access denied")

    s = Storage(blocked, lambda: 0.0)
    assert not s.available
    assert s.load_settings() == Settings() and s.load_game("spider") is None
    assert s.save_game("spider", Game.new(deal_id="S4-1"), 0, None) == "off"


def test_a_tab_never_overwrites_what_another_tab_saved_meanwhile() -> None:
    backend = FakeLocalStorage()
    a, b = storage(backend), storage(backend)
    game_a, game_b = Game.new(deal_id="S4-1"), Game.new(deal_id="S4-1")
    assert a.save_game("spider", game_a, 0, None) == "saved"
    assert b.load_game("spider") is not None
    game_b.play(game_b.legal_moves()[0])
    assert b.save_game("spider", game_b, 1000, None) == "saved"
    newer = backend.data[GAME_KEYS["spider"]]
    game_a.play(game_a.legal_moves()[-1])
    assert a.changed_elsewhere(GAME_KEYS["spider"])
    assert a.save_game("spider", game_a, 2000, None) == "conflict"
    assert backend.data[GAME_KEYS["spider"]] == newer
    taken = a.adopt("spider")
    assert taken is not None and taken.game.to_json() == game_b.to_json()
    assert a.save_game("spider", taken.game, 3000, None) == "saved"
    assert b.save_game("spider", game_b, 4000, None) == "conflict"
    assert b.save_game("spider", game_b, 4000, None, force=True) == "saved"


def test_the_game_a_link_replaces_is_kept_and_can_come_back() -> None:
    backend = FakeLocalStorage()
    s = storage(backend)
    g = Game.new(deal_id="S2-77")
    g.play(g.legal_moves()[0])
    s.save_game("spider", g, 5000, None)
    assert s.keep_previous("spider")
    assert json.loads(backend.data[PREVIOUS_KEY])["name"] == "spider"
    name, saved = s.previous() or ("", None)
    assert name == "spider" and saved is not None and saved.game.to_json() == g.to_json()
    assert saved.clock_ms == 5000


def test_each_game_has_its_own_save() -> None:
    backend = FakeLocalStorage()
    s = storage(backend)
    s.save_game("spider", Game.new(deal_id="S4-5"), 0, None)
    assert s.load_game("klondike") is None
    with pytest.raises(Unreadable):  # a Spider save under Klondike's key is not a Klondike game
        backend.data[GAME_KEYS["klondike"]] = backend.data[GAME_KEYS["spider"]]
        s.load_game("klondike")


def test_a_mark_counts_once_survives_damage_and_keeps_the_latest() -> None:
    backend = FakeLocalStorage()
    s = storage(backend)
    assert s.count_once("a") and not s.count_once("a") and s.count_once("b")
    assert not storage(backend).count_once("a")  # remembered across page loads
    backend.data["spider.duel.counted"] = "[" * 10_000  # damaged: starts afresh, no crash
    assert s.count_once("a") and not s.count_once("a")
    for n in range(5):
        s.count_once(f"m{n}", limit=3)
    assert json.loads(backend.data["spider.duel.counted"]) == ["m2", "m3", "m4"]
    assert Storage(lambda: None, lambda: 0.0).count_once("a")  # no storage: nothing to remember


# ----------------------------------------------------------------------------- whatever is stored
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)
_FIELDS = ["format", "version", "game", "clock_ms", "origin", "mode", "name", "suits", "draw", "level",
           "four_color", "lenient_deal", "points", "lang", "time_limit", "card_letters", "records",
           "duel", "hints", "daily", "recorded", "timeout", "way", "cpu", "pace", "result"]
_SHAPED = st.fixed_dictionaries({}, optional={k: _JSON for k in _FIELDS}) | _JSON


def _doc(draw: Any, base: dict[str, Any] | None) -> str:
    doc = draw(_SHAPED)
    if base is not None and isinstance(doc, dict) and draw(st.booleans()):
        doc = {**base, **doc}  # a real document with some fields replaced
    return json.dumps(doc)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_whatever_json_lies_under_any_key_the_page_model_still_starts(data: Any) -> None:
    """Arbitrary JSON documents of the stored shapes under every key the page reads: the
    settings, both games, the previous game, the statistics and the duel's lists. Reading
    them never raises anything but :class:`Unreadable` (which keeps the data aside), and the
    page can start: settings, a game (or none), the statistics, the game's facts."""
    from spider.web.recording import StatsBook

    game = Game.new(deal_id="S1-5", duel=True)
    real = {"format": "spider-page", "version": 1, "game": game.to_json(), "clock_ms": 5, "origin": None}
    backend = FakeLocalStorage()
    draw = data.draw
    backend.data[SETTINGS_KEY] = _doc(draw, json.loads(settings_doc()))
    backend.data[GAME_KEYS["spider"]] = _doc(draw, real)
    backend.data[GAME_KEYS["klondike"]] = _doc(draw, None)
    backend.data[PREVIOUS_KEY] = _doc(draw, {**real, "name": "spider"})
    backend.data["spider.stats"] = _doc(draw, {"format": "solitaire-stats", "version": 1, "records": {}})
    backend.data["spider.duel.counted"] = _doc(draw, None)
    backend.data["spider.duel.sent"] = _doc(draw, None)
    s = storage(backend)
    try:
        settings_ = s.load_settings()
    except Unreadable:
        settings_ = Settings()
    assert isinstance(settings_, Settings)
    for name in ("spider", "klondike"):
        try:
            saved = s.load_game(name)
        except Unreadable as u:
            assert u.aside is None or u.aside in backend.data
            saved = None
        if saved is not None:
            assert saved.game.game_name == name and saved.mode is not None
    s.previous()  # None or a checked game, never an exception
    book = StatsBook(s)
    book.ended(game, saved.mode if saved is not None else Meta(), 1000)  # recording never raises
    assert s.count_once("x") in (True, False)
