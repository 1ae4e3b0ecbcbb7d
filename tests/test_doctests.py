"""The examples in the engine's docstrings are tests too: every module of ``spider/`` whose
source has an example (``>>>``) and that imports without a browser runs its examples."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "spider"
# An import of the browser's modules (``import json`` is not ``import js``).
BROWSER = re.compile(r"^\s*(?:from|import)\s+(?:pyscript|pyodide|js)\b", re.MULTILINE)


def _modules() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if ">>>" not in source or BROWSER.search(source):
            continue
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


MODULES = _modules()


def test_the_examples_are_found() -> None:
    assert {"spider", "spider.core.cards", "spider.spider_game.runs", "spider.web.links",
            "spider.web.storage"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
