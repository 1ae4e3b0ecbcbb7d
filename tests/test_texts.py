"""The text catalogs: German and English have exactly the same keys, every key the code
names exists, placeholders agree, and no German reaches the English catalog."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from spider.texts import LANGUAGES, catalog, text

ROOT = Path(__file__).resolve().parents[1]
KEY_CALL = re.compile(r"""(?:\bMsg|\btx|\btext|\bt)\(\s*["']([a-z_]+(?:\.[a-z0-9_]+)+)["']""")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys() -> None:
    de, en = catalog("de"), catalog("en")
    assert sorted(set(de) - set(en)) == [] and sorted(set(en) - set(de)) == []


def test_placeholders_agree_between_the_languages() -> None:
    de, en = catalog("de"), catalog("en")
    differ = [k for k in de if placeholders(de[k]) != placeholders(en[k])]
    assert differ == []


def test_every_key_the_code_names_exists() -> None:
    named: set[tuple[str, str]] = set()
    for path in (ROOT / "spider").rglob("*.py"):
        if "texts" in path.parts:
            continue
        for key in KEY_CALL.findall(path.read_text(encoding="utf-8")):
            named.add((key, str(path.relative_to(ROOT))))
    assert len(named) > 100
    missing = sorted((k, p) for k, p in named if k not in catalog("de"))
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keys_built_at_run_time_exist(lang: str) -> None:
    texts = catalog(lang)
    for game, variants in (("spider", (1, 2, 4)), ("klondike", (1, 3))):
        for v in variants:
            assert f"ui.choice.{game}.{v}" in texts and f"ui.choice.{game}.{v}.note" in texts
        for key in ("ui.title", "ui.won.text", "ui.stuck.text", "ui.switch"):
            assert f"{key}.{game}" in texts
        assert f"help.{game}.title" in texts and f"help.{game}.text" in texts
    for level in ("easy", "normal", "hard"):
        assert f"ui.level.{level}" in texts
    for rank in range(1, 14):
        assert f"rank.{rank}" in texts
    for suit in "SHDC":
        assert f"suit.{suit}" in texts


GERMAN = re.compile(r"[äöüÄÖÜß„]|\b(?:und|nicht|der|die|das|ist|Karte|Spalte|Spiel|Stapel|Zug)\b")


def test_no_german_in_the_english_catalog() -> None:
    found = {k: v for k, v in catalog("en").items() if GERMAN.search(v) and k not in ("ui.lang.de",)}
    assert found == {}


def test_rendering_fills_in_and_picks_the_singular() -> None:
    assert text("ui.picker.take", "de", n=1) == "Nimm 1 Karte"
    assert text("ui.picker.take", "de", n=2) == "Nimm 2 Karten"
    assert text("ui.picker.take", "en", n=2) == "Take 2 cards"
