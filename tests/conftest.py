"""Shared pytest setup: the ``slow`` marker (long solver checks; ``-m "not slow"`` skips them)
and ``cpython_only`` (kept out of the Pyodide run)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long-running checks, skipped with -m 'not slow'")
    config.addinivalue_line("markers", "cpython_only: needs CPython (pysol-cards), not run under Pyodide")
