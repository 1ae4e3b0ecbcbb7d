"""The examples in the engine's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["spider", "spider.cards", "spider.moves", "spider.game", "spider.texts", "spider.web.links"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
