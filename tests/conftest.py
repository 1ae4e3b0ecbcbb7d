"""Shared pytest setup: the ``slow`` marker (the long solver sweeps: ``make test-slow`` runs them,
``make test`` does not) and ``cpython_only`` (kept out of the Pyodide run)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long-running checks, skipped with -m 'not slow'")
    config.addinivalue_line(
        "markers", "cpython_only: not run under Pyodide: needs CPython (pysol-cards), or a long "
        "sweep against a reference whose answers do not depend on the platform")
