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


# ----------------------------------------------------------------------------- keys built at run time
class _Anything:
    """What the browser modules give a module at import time, when there is no browser."""

    def __getattr__(self, name: str) -> _Anything:
        return self

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return self


def _import_everything() -> None:
    """Every module of the package, the page's too (with a stand-in for the browser bridge),
    so that every family of keys is declared."""
    import importlib
    import sys
    import types

    added = []
    for name in ("pyscript", "js", "pyodide", "pyodide.ffi"):
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.__getattr__ = lambda _attr: _Anything()  # type: ignore[method-assign]
            sys.modules[name] = stub
            added.append(name)
    try:
        for path in sorted((ROOT / "spider").rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            importlib.import_module(".".join(parts))
    finally:  # the stand-ins go again: other tools look for "pyodide" to tell where they run
        for name in added:
            del sys.modules[name]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_a_family_can_make_exists(lang: str) -> None:
    """Each catalog key the code builds at run time is declared where it is built, with every
    value its parts take (:mod:`spider.texts.keys`): each one exists in both catalogs."""
    from spider.texts.keys import FAMILIES

    _import_everything()
    texts = catalog(lang)
    made = [(f.template, key) for f in FAMILIES if not f.optional for key in f.keys()]  # noqa: SIM118
    assert len(FAMILIES) > 25 and len(made) > 150
    missing = sorted((t, k) for t, k in made if k not in texts)
    assert missing == []


def test_no_key_is_built_outside_a_family() -> None:
    """No ``tx(f"…")``, ``Msg(f"…")`` or ``text(f"…")``: a key put together in place can reach
    one the catalogs lack; it must come from a declared family."""
    import ast

    found = []
    for path in (ROOT / "spider").rglob("*.py"):
        if "texts" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            built = isinstance(node.args[0], (ast.JoinedStr, ast.BinOp))
            if name in ("tx", "Msg", "text", "t", "msg") and built:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_a_family_refuses_a_value_it_does_not_list() -> None:
    from spider.texts.keys import Family

    draw = Family("ui.k.draw.{n}", {"n": (1, 3)})
    assert draw(n=3) == "ui.k.draw.3"
    with pytest.raises(ValueError):
        draw(n=2)
