"""What players set up first (issue 22), the parts without a browser: the settings dialog's
rows for the theme, the card size, the animations and the left-handed table; their exact
typing in the stored settings; the markers they put on ``<html>`` and the pace of the
animations (spider/web/looks.py); the corner index of Large cards; and the arrow keys over
Klondike's mirrored top row (the browser half: e2e/test_comfort.py)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from spider.core.messages import MessageError
from spider.klondike.moves import FOUNDATION_OF, STOCK, WASTE
from spider.texts import LANGUAGES, catalog
from spider.web import looks, options
from spider.web.control.klondike import ABOVE, ABOVE_LEFT, TOP_ROW, TOP_ROW_LEFT, next_place
from spider.web.storage import SETTINGS_KEY, SHARED, Settings, Storage, Unreadable, check_settings
from spider.web.tables.layout import index_font

LOOKS = {"theme": looks.THEMES, "card_size": looks.CARD_SIZES, "animations": looks.ANIMATIONS,
         "left_handed": (False, True)}
SPADES, HEARTS, DIAMONDS, CLUBS = FOUNDATION_OF
LEFT, RIGHT, UP, DOWN = "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"


class Backend:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def doc(**fields: object) -> dict[str, Any]:
    return {"format": "spider-settings", "version": 2, "game": "spider", **fields}


# ------------------------------------------------------------------ the settings dialog's rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dialog_offers_the_four_settings_after_the_language(lang: str) -> None:
    rows = options.options(lang)
    assert [(o.name, o.kind, o.choices) for o in rows[:6]] == [
        ("lang", "choice", LANGUAGES),
        ("theme", "choice", ("system", "light", "dark")),
        ("card_size", "choice", ("normal", "large")),
        ("animations", "choice", ("normal", "fast", "off")),
        ("left_handed", "check", ()),
        ("four_color", "check", ()),
    ]


@pytest.mark.parametrize(("lang", "words"), [
    ("de", {"theme": ("Farbschema", "System", "Hell", "Dunkel"),
            "card_size": ("Kartengröße", "Normal", "Groß"),
            "animations": ("Animationen", "Normal", "Schnell", "Aus"),
            "left_handed": ("Tisch für Linkshänder",)}),
    ("en", {"theme": ("Theme", "System", "Light", "Dark"),
            "card_size": ("Card size", "Normal", "Large"),
            "animations": ("Animations", "Normal", "Fast", "Off"),
            "left_handed": ("Left-handed table",)}),
])
def test_the_rows_have_their_words_in_both_languages(lang: str, words: dict[str, tuple[str, ...]]) -> None:
    """The names the README's test contract gives."""
    texts = catalog(lang)
    for option in options.options(lang):
        if option.name not in words:
            continue
        label, *choices = words[option.name]
        assert texts[f"ui.settings.{option.name}"] == label
        assert texts[f"ui.settings.{option.name}.note"]
        assert [texts[f"ui.settings.{option.name}.{v}"] for v in option.choices] == choices


def test_the_dialog_starts_with_the_settings_and_takes_what_is_chosen() -> None:
    s = Settings()
    shown = options.values(s, "en")
    assert {k: shown[k] for k in LOOKS} == {"theme": "system", "card_size": "normal", "animations": "normal",
                                            "left_handed": False}
    chosen = {**shown, "theme": "dark", "card_size": "large", "animations": "off", "left_handed": True}
    assert options.take(s, chosen) == {"theme", "card_size", "animations", "left_handed", "lang"}
    assert (s.theme, s.card_size, s.animations, s.left_handed) == ("dark", "large", "off", True)
    assert options.values(s, "de")["theme"] == "dark"
    # A choice the row does not offer leaves the setting as it was; nothing changed: nothing said.
    assert options.take(s, {**chosen, "theme": "sepia", "card_size": "huge"}) == set()
    assert (s.theme, s.card_size) == ("dark", "large")


# ------------------------------------------------------------------ stored, typed exactly


def test_the_settings_are_remembered_exactly() -> None:
    backend = Backend()
    store = Storage(lambda: backend, lambda: 1.0)
    for values in itertools.product(*LOOKS.values()):
        chosen = dict(zip(LOOKS, values, strict=True))
        store.save_settings(Settings(**chosen))
        read = store.load_settings()
        assert {k: getattr(read, k) for k in LOOKS} == chosen
        stored = json.loads(backend.data[SETTINGS_KEY])
        assert stored["version"] == 2 and {k: stored[k] for k in LOOKS} == chosen


@pytest.mark.parametrize(("name", "bad"), [
    ("theme", "sepia"), ("theme", None), ("theme", 1), ("theme", "Dark"),
    ("card_size", "huge"), ("card_size", True), ("animations", "slow"), ("animations", 0),
    ("left_handed", "true"), ("left_handed", 1), ("left_handed", None),
])
def test_a_value_the_setting_cannot_hold_is_refused_and_kept_aside(name: str, bad: object) -> None:
    with pytest.raises(MessageError) as refused:
        check_settings(doc(**{name: bad}))
    assert refused.value.message.key == "json.field"
    backend = Backend()
    backend.data[SETTINGS_KEY] = json.dumps(doc(**{name: bad}))
    with pytest.raises(Unreadable) as unreadable:
        Storage(lambda: backend, lambda: 7.0).load_settings()
    assert unreadable.value.aside is not None  # nothing lost
    assert backend.data[unreadable.value.aside] == json.dumps(doc(**{name: bad}))


def test_settings_written_before_these_existed_are_read_with_their_defaults() -> None:
    """Version 2 documents without the four fields (all of them until now) keep working;
    version 1 documents took only the Spider suits and the four-colour deck."""
    s = check_settings(doc(four_color=True, suits=2))
    assert (s.theme, s.card_size, s.animations, s.left_handed) == ("system", "normal", "normal", False)
    assert s.four_color is True and s.suits == 2
    with pytest.raises(MessageError):
        check_settings({"format": "spider-settings", "version": 1, "theme": "dark"})


def test_the_shared_fields_take_exactly_the_values_the_markers_know() -> None:
    for m in looks.MARKERS:
        kind, allowed = SHARED[m.setting]
        values = LOOKS[m.setting]
        assert all(type(v) is kind and allowed(v) for v in values)
        assert sorted(m.values) == sorted(json.dumps(v).strip('"') for v in values)
        assert getattr(Settings(), m.setting) == m.default


# ------------------------------------------------------------------ markers and pace


class Chosen:
    def __init__(self, theme: str = "system", card_size: str = "normal", animations: str = "normal",
                 left_handed: bool = False) -> None:
        self.theme, self.card_size = theme, card_size
        self.animations, self.left_handed = animations, left_handed


@pytest.mark.parametrize(("theme", "system_dark", "shown"), [
    ("system", False, "light"), ("system", True, "dark"), ("light", True, "light"), ("light", False, "light"),
    ("dark", False, "dark"), ("dark", True, "dark"),
])
def test_the_theme_in_use_follows_the_system_only_for_system(
    theme: str, system_dark: bool, shown: str
) -> None:
    marked = looks.markers(Chosen(theme=theme), system_dark)
    assert marked["data-theme"] == shown
    assert looks.THEME_COLORS[shown] == {"light": "#1f5134", "dark": "#141b17"}[shown]


def test_every_setting_has_its_marker() -> None:
    assert looks.markers(Chosen(), False) == {"data-theme": "light", "data-cards": "normal",
                                              "data-motion": "normal", "data-hand": "right"}
    assert looks.markers(Chosen("dark", "large", "off", True), False) == {
        "data-theme": "dark", "data-cards": "large", "data-motion": "off", "data-hand": "left"}
    # A value a setting cannot hold (never stored: check_settings refuses it) shows its default.
    assert looks.markers(Chosen("sepia", "huge", "slow"), True) == {
        "data-theme": "dark", "data-cards": "normal", "data-motion": "normal", "data-hand": "right"}


def test_animations_follow_the_setting_and_reduced_motion_stops_them_all() -> None:
    assert [looks.pace(a, reduced=False) for a in looks.ANIMATIONS] == [1.0, 0.5, 0.0]
    assert [looks.pace(a, reduced=True) for a in looks.ANIMATIONS] == [0.0, 0.0, 0.0]


def test_the_start_up_script_gets_the_markers_as_python_sets_them() -> None:
    """assets/prepaint.js reads this copy (stamped by the build): a setting's value as JSON
    spells it, its attribute value, null for the system's theme."""
    house = looks.house()
    assert house["system_dark"] == "(prefers-color-scheme: dark)"
    assert house["system"] == {"true": "dark", "false": "light"}
    assert house["theme_colors"] == looks.THEME_COLORS
    markers = house["markers"]
    assert isinstance(markers, list)
    for values in itertools.product(*LOOKS.values()):
        chosen = Chosen(*values)  # type: ignore[arg-type]
        for system_dark in (False, True):
            # What prepaint.js does with the stamped copy, in Python.
            stamped = {}
            for m in markers:
                key = json.dumps(getattr(chosen, m["setting"])).strip('"')
                shown = m["values"].get(key, m["values"][json.dumps(m["default"]).strip('"')])
                system = house["system"][json.dumps(system_dark)]
                stamped[m["attribute"]] = shown if shown is not None else system
            assert stamped == looks.markers(chosen, system_dark)


def test_large_cards_have_bigger_corners_that_stay_inside_the_card() -> None:
    """Large: a bigger corner index for the same card, up to 30 px instead of 22; the widest
    index ("10" and its suit) never wider than the card (e2e/test_comfort.py measures it)."""
    from spider.web.tables.layout import INDEX_EDGE, INDEX_EMS

    for width in (36, 37.7, 39, 45, 55, 56.6, 62.8, 80, 104, 122, 154, 300):
        for share in (0.34, 0.38):
            normal, large = index_font(width, share), index_font(width, share, large=True)
            assert 11 <= normal <= 22 and 11 <= large <= 30
            assert large > normal or normal == 22 == large - 8
            assert large * INDEX_EMS + INDEX_EDGE <= width + 1e-3
    assert index_font(112, 0.38) == 22 and index_font(122, 0.38, large=True) == 30  # desktop Spider
    assert index_font(39, 0.38, large=True) > index_font(37.7, 0.38)  # Spider, a phone in portrait


# ------------------------------------------------------------------ Klondike's keys on the mirrored table


def test_the_arrow_keys_over_the_normal_top_row() -> None:
    assert [next_place(p, RIGHT) for p in TOP_ROW] == [WASTE, SPADES, HEARTS, DIAMONDS, CLUBS, STOCK]
    assert [next_place(p, DOWN) for p in TOP_ROW] == [0, 1, 3, 4, 5, 6]
    assert [next_place(c, UP) for c in range(7)] == [STOCK, WASTE, WASTE, SPADES, HEARTS, DIAMONDS, CLUBS]


def test_the_arrow_keys_follow_the_mirrored_top_row() -> None:
    """Left-handed: foundations over columns 1-4 (the same suit order), the waste over 5-6,
    the stock over 7. Right goes to the place drawn to the right, down to the column under."""
    assert [next_place(p, RIGHT, left_handed=True) for p in TOP_ROW_LEFT] == [
        HEARTS, DIAMONDS, CLUBS, WASTE, STOCK, SPADES]
    assert [next_place(p, LEFT, left_handed=True) for p in TOP_ROW_LEFT] == [
        STOCK, SPADES, HEARTS, DIAMONDS, CLUBS, WASTE]
    assert [next_place(p, DOWN, left_handed=True) for p in TOP_ROW_LEFT] == [0, 1, 2, 3, 4, 6]
    assert [next_place(c, UP, left_handed=True) for c in range(7)] == [
        SPADES, HEARTS, DIAMONDS, CLUBS, WASTE, WASTE, STOCK]
    # The columns are not mirrored: left and right go along them as before.
    for c in range(7):
        for key in (LEFT, RIGHT):
            assert next_place(c, key, left_handed=True) == next_place(c, key)


@pytest.mark.parametrize("left", [False, True])
def test_the_keys_walk_every_place_and_come_back(left: bool) -> None:
    top, above = (TOP_ROW_LEFT, ABOVE_LEFT) if left else (TOP_ROW, ABOVE)
    assert sorted(top) == sorted(TOP_ROW) and sorted(above.values()) == list(above.values())
    for place in (*top, *range(7)):
        assert next_place(next_place(place, RIGHT, left_handed=left), LEFT, left_handed=left) == place
    for place in top:  # down to the column under it, and up again
        assert next_place(next_place(place, DOWN, left_handed=left), UP, left_handed=left) == place
    seen, place = [], top[0]
    for _ in top:
        seen.append(place)
        place = next_place(place, RIGHT, left_handed=left)
    assert seen == list(top) and place == top[0]
    # Each top place lies over the column the eye finds under it, from left to right.
    assert [above[p] for p in top] == sorted(above[p] for p in top)
